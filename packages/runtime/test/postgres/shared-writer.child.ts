// Child process of shared-writer.test.ts and store.test.ts: opens the PostgreSQL store named on the command line
// in the shared-writer mode. `open` mode: commits one note. `write` mode: waits for "go" on stdin, races for the
// write-once key `winner`, then runs 8 concurrent writers that commit and flush. Prints one JSON line per event.
import { createCustoms } from '../../src/index.js'
import { WriteOnceError } from '../../src/errors.js'
import { sharedOptions } from './options.js'

const [mode, url, keyDir, store, id, rounds] = process.argv.slice(2) as [string, string, string, string, string, string]
const out = (o: unknown) => process.stdout.write(`${JSON.stringify(o)}\n`)

const customs = await createCustoms({ ...sharedOptions(keyDir), actor: id, storage: { postgres: { connectionString: url, store } } })
out({ ready: true, chain: customs.chain, size: customs.size })
if (mode === 'open') {
  customs.decision.commit('note', `opened by ${id}`, { source: 'user' })
  await customs.flush()
}
if (mode === 'write') {
  await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()))
  process.stdin.destroy() // an open stdin would keep the process alive after close()
  const acked: number[] = []
  let winner: 'won' | 'WRITE_ONCE' | string = 'none'
  const writer = async (w: number) => {
    for (let i = 0; i < Number(rounds); i++) {
      customs.decision.commit('note', `${id}:${w}:${i}`, { source: 'user' })
      for (const r of await customs.flush()) acked.push(r.seq)
    }
  }
  const race = async () => {
    customs.decision.commit('winner', id, { source: 'user' })
    try {
      for (const r of await customs.flush()) acked.push(r.seq)
      winner = 'won'
    } catch (e) {
      winner = e instanceof WriteOnceError ? 'WRITE_ONCE' : String(e)
    }
  }
  // The race first: flush() answers for every write of the process since the previous flush, so a refusal
  // would reach whichever writer's flush took it. Both children race at "go", so the race is across processes.
  await race()
  await Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)))
  out({ done: true, acked, winner })
}
await customs.close()
