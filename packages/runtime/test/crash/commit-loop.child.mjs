// Crash-test child: opens a Customs on a file store (the built `memory-customs`), commits in bursts of
// concurrent writers (so the core's group commit batches them) and, after each `await customs.flush()`,
// prints the seqs that are now durable. The parent kills it with SIGKILL at random moments.
import { createCustoms } from 'memory-customs'
import { z } from 'zod'

const customs = await createCustoms({
  storage: { file: process.argv[2] },
  decision: { schemas: { n: z.number().int(), note: z.string() } },
})
process.stdout.write(`ready ${customs.size}\n`)
let i = customs.size
for (;;) {
  // small bursts keep the store (which every reopen replays and verifies) small over 100+ kills
  const burst = 1 + Math.floor(Math.random() * 8)
  const seqs = []
  for (let k = 0; k < burst; k++) {
    const key = k % 5 === 4 ? 'note' : 'n'
    const receipt = customs.decision.commit(key, key === 'n' ? i++ : `note ${i++} é😀\n`, { source: k % 2 ? 'plan' : 'user' })
    seqs.push(receipt.seq)
  }
  await customs.flush()
  process.stdout.write(`flushed ${seqs.join(' ')}\n`)
}
