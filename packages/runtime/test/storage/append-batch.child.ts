// Run under a file size limit (ulimit -f): appends one large batch that cannot fit and reports what happened.
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { StorageBackendError } from '../../src/errors'
import { createFileBackend } from '../../src/storage/file'
import { sampleEntries } from './helpers'

const dir = process.argv[2]!
const backend = createFileBackend(dir)
await backend.open()
try {
  await backend.append(sampleEntries(40, 4))
  process.stdout.write(JSON.stringify({ code: 'none' }))
} catch (err) {
  const e = err as StorageBackendError
  process.stdout.write(
    JSON.stringify({
      code: e.storageCode,
      first: e.message,
      journalBytes: backend.journalBytes,
      sizeAfter: statSync(join(dir, 'journal.ndjson')).size,
    }),
  )
}
await backend.close()
