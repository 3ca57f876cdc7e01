// Crash-test child for the file backend alone: appends batches (a value + a receipt per seq) as fast as it
// can, and reports each acknowledgement on stdout only after it resolved.
// The parent kills it with SIGKILL at random moments.
import { createFileBackend } from '../../src/storage/file'

const dir = process.argv[2]!
const backend = createFileBackend(dir)
const report = await backend.open()
let seq = 0
for await (const e of backend.read()) if (e.t === 'receipt') seq = e.seq
process.stdout.write(`ready ${seq} ${JSON.stringify(report)}\n`)
for (;;) {
  const batch = []
  const n = 1 + Math.floor(Math.random() * 30)
  for (let i = 0; i < n; i++) {
    seq++
    batch.push({ t: 'value' as const, commit: `v${seq}`, body: JSON.stringify({ pad: 'x'.repeat(Math.floor(Math.random() * 1000)) }) })
    batch.push({ t: 'receipt' as const, seq, hash: seq.toString(16).padStart(64, '0'), body: `{"seq":${seq}}` })
  }
  await backend.append(batch)
  process.stdout.write(`ack ${seq}\n`)
}
