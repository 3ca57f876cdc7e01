// Opens a file backend, writes one batch, says so on stdout and then holds the lock until killed.
import { createFileBackend } from '../../src/storage/file'
import { sampleEntries } from './helpers'

const backend = createFileBackend(process.argv[2]!)
await backend.open()
await backend.append(sampleEntries(1))
process.stdout.write('locked\n')
setInterval(() => {}, 1 << 30)
