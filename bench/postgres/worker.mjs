// One process of the PostgreSQL bench (index.mjs starts them). It prints `ready` once set up, waits for a line
// on stdin so that every process of a run starts at once, then prints one JSON result line.
//   customs  <runtime> <url> <keyDir> <receipts> <writers>   16 writers: commit + flush in a loop (durable)
//   baseline <url> <batchesFile>                              advisory lock + batched INSERT + COMMIT of given rows
//   latency  <runtime> <url> <keyDir> <samples>               one writer: commit + flush, each timed
//   join     <runtime> <url> <keyDir> [warm]                  open the store: read, verify and index every receipt
//                                                             (warm: after opening another, empty store first)
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { z } from 'zod'

const [mode, ...args] = process.argv.slice(2)
const out = (o) => process.stdout.write(`${typeof o === 'string' ? o : JSON.stringify(o)}\n`)
const go = () =>
  new Promise((resolve) =>
    process.stdin.once('data', () => {
      process.stdin.destroy()
      resolve()
    }),
  )

/** Options shared by every process of a store: one key directory, a small realistic schema. */
function options(keyDir, url) {
  return {
    keyStore: { dir: keyDir },
    decision: { schemas: { note: z.string(), budget: z.number() } },
    storage: { postgres: { connectionString: url } },
  }
}

async function open(runtime, url, keyDir) {
  const { createCustoms } = await import(pathToFileURL(runtime).href)
  return createCustoms(options(keyDir, url))
}

/** A note of about the size an agent writes (a sentence or two). */
const note = (i) => `step ${i}: checked the supplier quote against the budget, within limits, proceeding with the order`

if (mode === 'customs') {
  const [runtime, url, keyDir, receipts, writers] = args
  const customs = await open(runtime, url, keyDir)
  out('ready')
  await go()
  const t0 = performance.now()
  let issued = 0
  await Promise.all(
    Array.from({ length: Number(writers) }, async () => {
      while (issued < Number(receipts)) {
        customs.decision.commit('note', note(issued++), { source: 'user' })
        await customs.flush()
      }
    }),
  )
  const ms = performance.now() - t0
  const transactions = customs.stats.transactions
  await customs.close()
  out({ ms, receipts: Number(receipts), transactions })
} else if (mode === 'baseline') {
  const [url, batchesFile] = args
  const { default: pg } = await import('pg')
  /** @type {Array<{ kinds: string[], seqs: Array<number|null>, entries: string[] }>} */
  const batches = JSON.parse(readFileSync(batchesFile, 'utf8'))
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  out('ready')
  await go()
  const t0 = performance.now()
  let receipts = 0
  for (const b of batches) {
    // the same work a writer's turn does at its core: serialize on a lock, insert the rows, commit (fsync)
    await client.query('begin')
    await client.query("select pg_advisory_xact_lock(hashtext('bench-baseline'))")
    await client.query(
      `insert into bench.baseline (store, position, kind, seq, entry)
       select 'default', m.p + u.o, u.kind, case when u.seq is null then null else m.s + u.seq end, u.entry
         from (select coalesce(max(position), 0) as p, coalesce(max(seq), 0) as s from bench.baseline where store = 'default') m,
              unnest($1::text[], $2::bigint[], $3::text[]) with ordinality as u(kind, seq, entry, o)`,
      [b.kinds, b.seqs, b.entries],
    )
    await client.query('commit')
    receipts += b.seqs.filter((s) => s !== null).length
  }
  const ms = performance.now() - t0
  await client.end()
  out({ ms, receipts, transactions: batches.length })
} else if (mode === 'latency') {
  const [runtime, url, keyDir, samples] = args
  const customs = await open(runtime, url, keyDir)
  out('ready')
  await go()
  const times = []
  for (let i = 0; i < Number(samples); i++) {
    const t0 = performance.now()
    customs.decision.commit('budget', i, { source: 'user' })
    await customs.flush()
    times.push(performance.now() - t0)
  }
  await customs.close()
  out({ times })
} else if (mode === 'join') {
  const [runtime, url, keyDir, warm] = args
  const { createCustoms } = await import(pathToFileURL(runtime).href)
  if (warm === 'warm') {
    // what any process pays once, whatever the store's size: loading pg, connecting, compiling the index's wasm
    const other = await createCustoms({ ...options(keyDir, url), storage: { postgres: { connectionString: url, store: 'warm-up' } } })
    await other.close()
  }
  out('ready')
  await go()
  const t0 = performance.now()
  const customs = await createCustoms(options(keyDir, url))
  const ms = performance.now() - t0
  const receipts = customs.size
  await customs.close()
  out({ ms, receipts })
} else throw new Error(`unknown mode ${mode}`)
