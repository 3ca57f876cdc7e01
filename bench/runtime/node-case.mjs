// One runtime benchmark case in a fresh Node process (so heaps and JIT state do not leak between cases).
//   node --expose-gc bench/runtime/node-case.mjs <commit|timetravel|durable> [--quick]
// Prints one JSON line with the raw figures; bench/runtime/index.mjs turns them into verdict rows.

import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { performance } from 'node:perf_hooks'
import initSqlJs from 'sql.js'
import { z } from 'zod'
import { createCustoms, encodeBody } from 'memory-customs'
import { __mc$d, __mc$p } from 'memory-customs/probe'
import { median, percentile, rng } from '../lib/stats.mjs'
import { baselineRows, decisionKeys, decisionSchemas, decisionValue, timeBaselineInserts, timeCommits } from './scenarios.mjs'

const [which, flag] = process.argv.slice(2)
const quick = flag === '--quick'
const cases = { commit: commitCase, timetravel: timeTravelCase, durable: durableCase }
if (!cases[which]) throw new Error(`unknown case ${which}; known: ${Object.keys(cases).join(', ')}`)
const result = await cases[which]()
console.log(JSON.stringify(result))

/** decision.commit latency over 100k receipts vs plain sql.js inserts; then verify and rollback on that chain. */
async function commitCase() {
  const n = quick ? 20_000 : 100_000
  const keys = decisionKeys(50)
  const customs = await createCustoms({ decision: { schemas: decisionSchemas(z, keys) } })
  // Warm-up on a separate store, so the JIT has seen the hot path before the timed run.
  const warm = await createCustoms({ decision: { schemas: decisionSchemas(z, keys) } })
  await timeCommits(warm, { n: 5000, keys })
  await warm.close()

  const t0 = performance.now()
  const { latencies: lat, last: lastReceipt } = await timeCommits(customs, { n, keys })
  const buildMs = performance.now() - t0
  const last = lat.subarray(Math.max(0, n - 10_000))

  const SQL = await initSqlJs()
  const rows = baselineRows(customs.receipts(), encodeBody)
  // Warm the baseline the same way, then time it.
  timeBaselineInserts(SQL, rows.slice(0, 5000))
  const base = timeBaselineInserts(SQL, rows)

  const verifyRuns = []
  for (let r = 0; r < (quick ? 1 : 3); r++) {
    const v0 = performance.now()
    const report = await customs.verify()
    const ms = performance.now() - v0
    if (!report.ok) throw new Error(`verify failed on a clean chain: ${JSON.stringify(report.firstFailure)}`)
    verifyRuns.push({ ms, checked: report.checked })
  }

  // Rollback of the 50-key pool, at ~100k receipts, to random earlier versions (each rollback changes every key).
  const random = rng(42)
  const rollbackMs = []
  const rollbackChanged = []
  let size = lastReceipt.seq
  for (let r = 0; r < (quick ? 3 : 7); r++) {
    const toSeq = Math.floor(size / 2 + random() * (size / 2 - 100))
    const r0 = performance.now()
    const out = await customs.rollback({ toSeq })
    rollbackMs.push(performance.now() - r0)
    rollbackChanged.push(out.diff.length)
    // Some fresh writes between rollbacks, so the next one has work to do on a moving head.
    size = (await timeCommits(customs, { n: 200, keys, offset: r * 7919 })).last.seq
  }
  const bodyBytes = receiptBodyBytes(customs.receipts({ toSeq: n }))
  await customs.close()
  return {
    n,
    buildMs,
    p50: median(lat),
    p99: percentile(lat, 99),
    max: percentile(lat, 100),
    lastP50: median(last),
    lastP99: percentile(last, 99),
    baseP50: median(base.latencies),
    baseP99: percentile(base.latencies, 99),
    baseTotalMs: base.totalMs,
    verifyMs: median(verifyRuns.map((v) => v.ms)),
    verifyChecked: verifyRuns[0].checked,
    verifyPerSec: median(verifyRuns.map((v) => v.checked / (v.ms / 1000))),
    rollbackMs: median(rollbackMs),
    rollbackMaxMs: Math.max(...rollbackMs),
    rollbackAll: rollbackMs,
    rollbackChanged,
    memoryBodyBytes: bodyBytes,
  }
}

/** at(seq) on a chain of 1M receipts, plus the same lookup on plain sql.js for scale. */
async function timeTravelCase() {
  const n = quick ? 200_000 : 1_000_000
  const keys = decisionKeys(50)
  const customs = await createCustoms({ decision: { schemas: decisionSchemas(z, keys) } })
  const b0 = performance.now()
  const { last } = await timeCommits(customs, { n, keys, flushEvery: 10_000 })
  const buildMs = performance.now() - b0
  const size = last.seq

  const random = rng(7)
  const samples = quick ? 2000 : 10_000
  const pick = () => ({ seq: 1 + Math.floor(random() * size), key: keys[Math.floor(random() * keys.length)] })
  for (let i = 0; i < 500; i++) {
    const { seq, key } = pick()
    customs.at(seq).decision.get(key)
  }
  const lat = new Float64Array(samples)
  const seen = []
  for (let i = 0; i < samples; i++) {
    const { seq, key } = pick()
    const t0 = performance.now()
    const value = customs.at(seq).decision.get(key)
    lat[i] = (performance.now() - t0) * 1000
    seen.push([seq, key, value])
  }
  // Every sampled read must be the value committed last for that key at or before that seq (commit i is seq i + 1).
  let wrong = 0
  for (const [seq, key, value] of seen) {
    const k = keys.indexOf(key)
    const i = seq - 1 - ((((seq - 1 - k) % keys.length) + keys.length) % keys.length)
    const expected = i >= 0 ? decisionValue(i) : undefined
    if (!isDeepStrictEqual(value, expected)) wrong++
  }
  const heapUsed = process.memoryUsage().heapUsed
  const rss = process.memoryUsage().rss

  // Baseline at the same size: the same receipts' rows inserted into plain sql.js, then the same seek on an index.
  const SQL = await initSqlJs()
  const rows = baselineRows(customs.receipts(), encodeBody)
  await customs.close()
  const db = new SQL.Database()
  db.run('CREATE TABLE versions (pool TEXT, key TEXT, seq INTEGER, new TEXT, PRIMARY KEY (pool, key, seq))')
  const ins = db.prepare('INSERT INTO versions VALUES (?,?,?,?)')
  // Inserted in index order, so the B-tree grows at its right edge: the cheapest way to load plain sql.js.
  const ordered = rows
    .filter((r) => r[6] !== null && r[7] !== null)
    .sort((a, b) => (a[6] < b[6] ? -1 : a[6] > b[6] ? 1 : a[7] < b[7] ? -1 : a[7] > b[7] ? 1 : a[0] - b[0]))
  const i0 = performance.now()
  db.run('BEGIN')
  for (const r of ordered) ins.run([r[6], r[7], r[0], r[9]])
  db.run('COMMIT')
  const baseInsertMs = performance.now() - i0
  ins.free()
  const sel = db.prepare('SELECT new FROM versions WHERE pool = ? AND key = ? AND seq <= ? ORDER BY seq DESC LIMIT 1')
  const pool = rows[rows.length - 1][6]
  const baseLat = new Float64Array(samples)
  for (let i = 0; i < samples; i++) {
    const { seq, key } = pick()
    const t0 = performance.now()
    sel.bind([pool, key, seq])
    sel.step()
    sel.get()
    sel.reset()
    baseLat[i] = (performance.now() - t0) * 1000
  }
  sel.free()
  db.close()
  return {
    n: size,
    buildMs,
    p50: median(lat),
    p99: percentile(lat, 99),
    samples,
    wrong,
    heapUsed,
    rss,
    baseInsertMs,
    baseP50: median(baseLat),
  }
}

/** Durable appends per second with flush() on the file backend, and bytes per receipt in its journal. */
async function durableCase() {
  const keys = decisionKeys(50)
  const dir = mkdtempSync(join(tmpdir(), 'mc-bench-durable-'))
  try {
    const storage = { file: join(dir, 'store') }
    const customs = await createCustoms({ storage, decision: { schemas: decisionSchemas(z, keys) } })
    let i = 0
    const appends = () => customs.health().storage?.flushes ?? Number.NaN

    // (a) 64 concurrent writers, each waiting for durability after every commit (group commit batches them).
    const writers = 64
    const total = quick ? 5000 : 20_000
    const appendsBefore = appends()
    const a0 = performance.now()
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let k = w; k < total; k += writers) {
          customs.decision.commit(keys[k % keys.length], decisionValue(i++), { source: 'user' })
          await customs.flush()
        }
      }),
    )
    const concurrentMs = performance.now() - a0
    const concurrentAppends = appends() - appendsBefore

    // (b) one writer, commit then flush, one at a time (each append is its own fdatasync).
    const serial = quick ? 300 : 1000
    const s0 = performance.now()
    for (let k = 0; k < serial; k++) {
      customs.decision.commit(keys[k % keys.length], decisionValue(i++), { source: 'user' })
      await customs.flush()
    }
    const serialMs = performance.now() - s0

    // (c) batches of 1,000 commits, one flush each.
    const batches = quick ? 5 : 20
    const c0 = performance.now()
    for (let b = 0; b < batches; b++) {
      for (let k = 0; k < 1000; k++) customs.decision.commit(keys[k % keys.length], decisionValue(i++), { source: 'user' })
      await customs.flush()
    }
    const batchMs = performance.now() - c0
    await customs.close()

    const mixed = await mixedWorkloadBytes(join(dir, 'mixed'))
    const journal = journalReceiptBytes(storage.file)
    return {
      writers,
      concurrent: total,
      concurrentPerSec: total / (concurrentMs / 1000),
      concurrentAppends,
      serial,
      serialPerSec: serial / (serialMs / 1000),
      serialMsEach: serialMs / serial,
      batchPerSec: (batches * 1000) / (batchMs / 1000),
      commitJournal: journal,
      mixed,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * A representative mix written through the real probe protocol (so receipts carry their site): plans,
 * tool results, promotions and probed decision commits. Returns journal bytes per receipt by op.
 */
async function mixedWorkloadBytes(dir) {
  const keys = decisionKeys(10)
  const customs = await createCustoms({
    storage: { file: dir },
    decision: { schemas: decisionSchemas(z, keys) },
    bridge: { tools: ['search', 'calendar'] },
  })
  const table = () => ({
    file: 'src/agent/planner.ts',
    sites: [
      { file: 'src/agent/planner.ts', line: 128, column: 7, fn: 'Planner.applyUserIntent', callee: 'this.customs.decision.commit', rule: 'runtime', key: null, keyKind: 'dynamic', keyIndex: 0, valueIndex: 1 },
    ],
  })
  for (let i = 0; i < 250; i++) {
    const key = keys[i % keys.length]
    const value = decisionValue(i)
    __mc$d(table, 0, customs.decision.commit(...__mc$p(table, 0, [key, value, { source: 'user' }])))
    const tool = i % 2 ? 'search' : 'calendar'
    const callId = `call_${i}`
    customs.execution.store(tool, callId, { ...decisionValue(i + 1), source: `https://example.com/r/${i}` })
    customs.plans.record(`plan_${i}`, { references: [{ tool, callId }] })
    try {
      customs.bridge.promote({ tool, callId, to: keys[(i + 3) % keys.length], planRef: `plan_${i}` })
    } catch {
      // The extra `source` field fails the strict-by-default schema? Then the refusal receipt is what we measure.
    }
  }
  await customs.flush()
  await customs.close()
  return journalReceiptBytes(dir)
}

/** Mean journal line bytes (with newline) and mean body bytes of receipt entries, per op and overall. */
function journalReceiptBytes(dir) {
  const files = readdirSync(dir).filter((f) => f.endsWith('.ndjson'))
  const byOp = {}
  let lines = 0
  let lineBytes = 0
  let bodyBytes = 0
  let valueBytes = 0
  let totalBytes = 0
  for (const f of files) {
    totalBytes += statSync(join(dir, f)).size
    for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
      if (!line) continue
      const entry = JSON.parse(line)
      const size = Buffer.byteLength(line) + 1
      if (entry.t === 'value') valueBytes += size
      if (entry.t !== 'receipt') continue
      const body = Buffer.byteLength(entry.body)
      const op = JSON.parse(entry.body).op ?? '?'
      const slot = (byOp[op] ??= { n: 0, line: 0, body: 0 })
      slot.n++
      slot.line += size
      slot.body += body
      lines++
      lineBytes += size
      bodyBytes += body
    }
  }
  for (const slot of Object.values(byOp)) {
    slot.line /= slot.n
    slot.body /= slot.n
  }
  return { receipts: lines, lineMean: lineBytes / lines, bodyMean: bodyBytes / lines, byOp, valueBytes, totalBytes }
}

function receiptBodyBytes(receipts) {
  if (!receipts.length) return Number.NaN
  let total = 0
  for (const r of receipts) total += Buffer.byteLength(baselineRows([r], encodeBody)[0][10])
  return total / receipts.length
}
