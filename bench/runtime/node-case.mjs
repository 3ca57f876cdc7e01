// One runtime benchmark case in a fresh Node process (so heaps and JIT state do not leak between cases).
//   node --expose-gc bench/runtime/node-case.mjs <case> [--quick] [--dir <store dir>]
//   cases: commit | timetravel | verify | durable | build-store --dir D | open --dir D
// Prints one JSON line with the raw figures; bench/runtime/index.mjs turns them into verdict rows.
// Only the runtime's public API is used (createCustoms, the pools' writes, flush, verify, checkpoint, close, at,
// rollback, health), so the cases keep working while the runtime's internals and journal format change.

import { createHash } from 'node:crypto'
import { closeSync, fdatasync, mkdtempSync, openSync, readFileSync, rmSync, write } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isDeepStrictEqual, promisify } from 'node:util'
import { performance } from 'node:perf_hooks'
import initSqlJs from 'sql.js'
import { z } from 'zod'
import * as mc from 'memory-customs'
import { __mc$d, __mc$p } from 'memory-customs/probe'
import { median, percentile, rng } from '../lib/stats.mjs'
import { classifyJournal, describeTags, journalBytes, journalFiles } from './journal.mjs'
import { baselineRows, decisionKeys, decisionSchemas, decisionValue, timeBaselineInserts, timeCommits } from './scenarios.mjs'

const { createCustoms } = mc
// The sql.js baselines insert the exact hashed body text; if the encoder leaves the root export (issue 7 moves
// verification internals to a subpath), fall back to JSON of the receipt fields, which has the same shape.
const encodeBody = mc.encodeBody ?? ((body) => JSON.stringify(body))

const argv = process.argv.slice(2)
const which = argv[0]
const quick = argv.includes('--quick')
const dirArg = argv.includes('--dir') ? argv[argv.indexOf('--dir') + 1] : undefined
const cases = {
  commit: commitCase,
  timetravel: timeTravelCase,
  verify: verifyCase,
  durable: durableCase,
  'build-store': buildStoreCase,
  open: openCase,
}
if (!cases[which]) throw new Error(`unknown case ${which}; known: ${Object.keys(cases).join(', ')}`)

/** Receipts in a store, from its health report (the API's count, whatever the journal's line layout). */
function receiptCount(customs) {
  return customs.health().receipts
}

/** Size of a store's `n`-commit build in the open case: 1M, or 100k with --quick. */
const OPEN_STORE_RECEIPTS = quick ? 100_000 : 1_000_000

/**
 * decision.commit latency over 100k receipts vs an unaudited in-memory put (LangGraph's InMemoryStore.put) and
 * plain sql.js inserts of the same rows; then rollback on that chain.
 */
async function commitCase() {
  const n = quick ? 20_000 : 100_000
  const keys = decisionKeys(50)
  const customs = await createCustoms({ decision: { schemas: decisionSchemas(z, keys) } })
  // Warm-up on a separate store, so the JIT has seen the hot path before the timed run.
  const warm = await createCustoms({ decision: { schemas: decisionSchemas(z, keys) } })
  await timeCommits(warm, { n: 5000, keys })
  await warm.close()

  const receipts = []
  const t0 = performance.now()
  const { latencies: lat, last: lastReceipt } = await timeCommits(customs, { n, keys, collect: receipts })
  const buildMs = performance.now() - t0
  const last = lat.subarray(Math.max(0, n - 10_000))

  const put = await timeInMemoryStorePuts({ n, keys })

  const SQL = await initSqlJs()
  const rows = baselineRows(receipts, encodeBody)
  receipts.length = 0
  // Warm the baseline the same way, then time it.
  timeBaselineInserts(SQL, rows.slice(0, 5000))
  const base = timeBaselineInserts(SQL, rows)

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
  await customs.close()
  return {
    n,
    buildMs,
    p50: median(lat),
    p99: percentile(lat, 99),
    max: percentile(lat, 100),
    lastP50: median(last),
    lastP99: percentile(last, 99),
    putP50: median(put.latencies),
    putP99: percentile(put.latencies, 99),
    putTotalMs: put.totalMs,
    putVersion: put.version,
    baseP50: median(base.latencies),
    baseP99: percentile(base.latencies, 99),
    baseTotalMs: base.totalMs,
    rollbackMs: median(rollbackMs),
    rollbackMaxMs: Math.max(...rollbackMs),
    rollbackAll: rollbackMs,
    rollbackChanged,
  }
}

/**
 * The unaudited in-memory put: LangGraph's `InMemoryStore.put(namespace, key, value)` with the same keys and
 * values, each call awaited (it is async) and timed on its own, after 5,000 warm-up puts on another store.
 */
async function timeInMemoryStorePuts({ n, keys }) {
  const { InMemoryStore } = await import('@langchain/langgraph-checkpoint')
  const { version } = JSON.parse(
    readFileSync(new URL('../../node_modules/@langchain/langgraph-checkpoint/package.json', import.meta.url), 'utf8'),
  )
  const run = async (store, count) => {
    const namespace = ['decision']
    const latencies = new Float64Array(count)
    const started = performance.now()
    for (let i = 0; i < count; i++) {
      const key = keys[i % keys.length]
      const value = decisionValue(i)
      const t0 = performance.now()
      await store.put(namespace, key, value)
      latencies[i] = (performance.now() - t0) * 1000
    }
    return { latencies, totalMs: performance.now() - started }
  }
  await run(new InMemoryStore(), 5000)
  const store = new InMemoryStore()
  const out = await run(store, n)
  const check = await store.get(['decision'], keys[(n - 1) % keys.length])
  if (!isDeepStrictEqual(check?.value, decisionValue(n - 1))) throw new Error('InMemoryStore.put baseline: the last put is not readable')
  return { ...out, version }
}

/** at(seq) on a chain of 1M receipts, plus the same lookup on plain sql.js for scale. */
async function timeTravelCase() {
  const n = quick ? 200_000 : 1_000_000
  const keys = decisionKeys(50)
  const customs = await createCustoms({ decision: { schemas: decisionSchemas(z, keys) } })
  const receipts = []
  const b0 = performance.now()
  const { last } = await timeCommits(customs, { n, keys, flushEvery: 10_000, collect: receipts })
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

  // Baseline at the same size: the same receipts' rows inserted into plain sql.js, then the same seek on an index.
  const SQL = await initSqlJs()
  const rows = baselineRows(receipts, encodeBody)
  receipts.length = 0
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
    baseInsertMs,
    baseP50: median(baseLat),
  }
}

/**
 * verify() on a file store that holds receipts and their value records: the store is built, closed and opened
 * again (as a user verifies an existing store), then verified with value records; compared with raw SHA-256 of
 * the same journal bytes in the same process.
 */
async function verifyCase() {
  const n = quick ? 20_000 : 100_000
  const keys = decisionKeys(50)
  const dir = mkdtempSync(join(tmpdir(), 'mc-bench-verify-'))
  try {
    const options = { storage: { file: join(dir, 'store') }, decision: { schemas: decisionSchemas(z, keys) } }
    let customs = await createCustoms(options)
    const b0 = performance.now()
    await timeCommits(customs, { n, keys, flushEvery: 1000 })
    const buildMs = performance.now() - b0
    await customs.close()

    customs = await createCustoms(options)
    // The default verify() checks every receipt and value record (value records through the receipts' MACs);
    // verify({ values: true }) also decrypts each value and checks its commitment: both are timed.
    const timeVerify = async (opts) => {
      const out = []
      for (let r = 0; r < 3; r++) {
        const v0 = performance.now()
        const report = await customs.verify(opts)
        const ms = performance.now() - v0
        if (!report.ok) throw new Error(`verify failed on a clean store: ${JSON.stringify(report.firstFailure)}`)
        out.push({ ms, checked: report.checked })
      }
      return out
    }
    const runs = await timeVerify({})
    const deepRuns = await timeVerify({ values: true })
    const receipts = receiptCount(customs)
    await customs.close()

    const journal = classifyJournal(options.storage.file)
    const r0 = performance.now()
    const bytes = journalBytes(options.storage.file)
    const readMs = performance.now() - r0
    const hashRuns = []
    let digest = ''
    for (let r = 0; r < 5; r++) {
      const h0 = performance.now()
      digest = createHash('sha256').update(bytes).digest('hex')
      hashRuns.push(performance.now() - h0)
    }
    const verifyMs = median(runs.map((v) => v.ms))
    const hashMs = median(hashRuns)
    return {
      n,
      buildMs,
      receipts,
      checked: runs[0].checked,
      valueRecords: journal.value.lines,
      verifyMs,
      verifyAll: runs.map((v) => v.ms),
      deepMs: median(deepRuns.map((v) => v.ms)),
      deepAll: deepRuns.map((v) => v.ms),
      verifyPerSec: receipts / (verifyMs / 1000),
      recordsPerSec: (receipts + journal.value.lines) / (verifyMs / 1000),
      journalBytes: bytes.byteLength,
      journalFiles: journalFiles(options.storage.file).length,
      verifyMBps: bytes.byteLength / 1e6 / (verifyMs / 1000),
      hashMs,
      hashMBps: bytes.byteLength / 1e6 / (hashMs / 1000),
      readMs,
      digestPrefix: digest.slice(0, 8),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Durable appends with flush() on the file backend, against a raw group commit of the same bytes with the same
 * fsync policy; then journal bytes per receipt, values excluded.
 */
async function durableCase() {
  const keys = decisionKeys(50)
  const dir = mkdtempSync(join(tmpdir(), 'mc-bench-durable-'))
  try {
    const storage = { file: join(dir, 'store') }
    const customs = await createCustoms({ storage, decision: { schemas: decisionSchemas(z, keys) } })
    let i = 0
    const appends = () => customs.health().storage?.flushes ?? Number.NaN
    const writers = 64
    const total = quick ? 5000 : 20_000
    // Warm-up: a few hundred durable commits, so the journal file exists and the JIT has seen the path.
    for (let k = 0; k < 300; k++) {
      customs.decision.commit(keys[k % keys.length], decisionValue(i++), { source: 'user' })
      await customs.flush()
    }

    // (a) 64 concurrent writers, each waiting for durability after every commit (group commit batches them).
    const bytesBefore = journalBytes(storage.file).byteLength
    const receiptsBefore = receiptCount(customs)
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
    const concurrentReceipts = receiptCount(customs) - receiptsBefore
    // Bytes the runtime made durable per commit in that phase (receipt line, value line, any per-batch line).
    const bytesPerCommit = (journalBytes(storage.file).byteLength - bytesBefore) / concurrentReceipts

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

    // The raw baseline right after, on the same disk: two runs, the median is reported.
    const lineBytes = Math.max(2, Math.round(bytesPerCommit))
    const raw = []
    for (let r = 0; r < 2; r++) raw.push(await rawGroupCommit(join(dir, `raw-${r}.log`), { writers, total, lineBytes }))

    const commits = await commitRunBytes(join(dir, 'commits'), quick ? 2000 : 10_000)
    const mixed = await mixedWorkloadBytes(join(dir, 'mixed'))
    return {
      writers,
      concurrent: concurrentReceipts,
      concurrentPerSec: concurrentReceipts / (concurrentMs / 1000),
      concurrentAppends,
      bytesPerCommit,
      raw: raw.map((r) => ({ perSec: r.perSec, syncs: r.syncs })),
      rawPerSec: median(raw.map((r) => r.perSec)),
      rawSyncs: median(raw.map((r) => r.syncs)),
      rawLineBytes: lineBytes,
      serial,
      serialPerSec: serial / (serialMs / 1000),
      serialMsEach: serialMs / serial,
      batchPerSec: (batches * 1000) / (batchMs / 1000),
      commits,
      mixed,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const writeAsync = promisify(write)
const fdatasyncAsync = promisify(fdatasync)

/**
 * The raw group-commit baseline: `writers` async writers append `total` lines of `lineBytes` bytes to one file,
 * each awaiting durability of its line before writing the next. One drain loop takes whatever is queued, writes
 * it with one positioned write(2) (looping on short writes) and one fdatasync(2), the runtime file backend's
 * policy, then resolves those writers. No encoding, hashing or index: what the disk and Node allow.
 */
async function rawGroupCommit(path, { writers, total, lineBytes }) {
  const fd = openSync(path, 'a')
  let position = 0
  let queue = []
  let draining = false
  let syncs = 0
  const drain = async () => {
    draining = true
    while (queue.length) {
      const batch = queue
      queue = []
      const buf = batch.length === 1 ? batch[0].line : Buffer.concat(batch.map((b) => b.line))
      let done = 0
      while (done < buf.byteLength) done += await writeAsync(fd, buf, done, buf.byteLength - done, position + done)
      position += buf.byteLength
      await fdatasyncAsync(fd)
      syncs++
      for (const b of batch) b.resolve()
    }
    draining = false
  }
  const append = (line) =>
    new Promise((resolve) => {
      queue.push({ line, resolve })
      if (!draining) drain()
    })
  const makeLine = (k) => {
    const line = Buffer.alloc(lineBytes, 0x61)
    line.write(`{"n":${k},"pad":"`, 0)
    line.write('"}\n', lineBytes - 3)
    return line
  }
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let k = w; k < total; k += writers) await append(makeLine(k))
    }),
  )
  const ms = performance.now() - t0
  closeSync(fd)
  return { perSec: total / (ms / 1000), syncs }
}

/** Journal bytes per receipt, values excluded, after `n` plain decision.commit calls on a fresh file store. */
async function commitRunBytes(dir, n) {
  const keys = decisionKeys(50)
  const customs = await createCustoms({ storage: { file: dir }, decision: { schemas: decisionSchemas(z, keys) } })
  await timeCommits(customs, { n, keys, flushEvery: 1000 })
  const receipts = receiptCount(customs)
  await customs.close()
  return journalSummary(dir, receipts)
}

/**
 * A representative mix written through the real probe protocol (so receipts carry their site): plans,
 * tool results, promotions and probed decision commits. Returns journal bytes per receipt, values excluded.
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
      {
        file: 'src/agent/planner.ts',
        line: 128,
        column: 7,
        fn: 'Planner.applyUserIntent',
        callee: 'this.customs.decision.commit',
        rule: 'runtime',
        key: null,
        keyKind: 'dynamic',
        keyIndex: 0,
        valueIndex: 1,
      },
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
  const receipts = receiptCount(customs)
  await customs.close()
  return journalSummary(dir, receipts)
}

/** Non-value journal bytes ÷ receipts (the API's count), with the line counts by kind and by tag. */
function journalSummary(dir, receipts) {
  const j = classifyJournal(dir)
  return {
    receipts,
    receiptLines: j.receipt.lines,
    perReceipt: j.nonValueBytes / receipts,
    receiptLinesPerReceipt: j.receipt.bytes / receipts,
    otherBytes: j.other.bytes,
    valueBytes: j.value.bytes,
    valueLines: j.value.lines,
    totalBytes: j.totalBytes,
    tags: describeTags(j.byTag),
  }
}

/** Writes the store the open case reads: OPEN_STORE_RECEIPTS decision commits, flush() every 10,000. */
async function buildStoreCase() {
  if (!dirArg) throw new Error('build-store needs --dir <store dir>')
  const keys = decisionKeys(50)
  const customs = await createCustoms({ storage: { file: dirArg }, decision: { schemas: decisionSchemas(z, keys) } })
  const b0 = performance.now()
  await timeCommits(customs, { n: OPEN_STORE_RECEIPTS, keys, flushEvery: 10_000 })
  const buildMs = performance.now() - b0
  const receipts = receiptCount(customs)
  await customs.close()
  return { n: OPEN_STORE_RECEIPTS, receipts, buildMs, journalBytes: journalBytes(dirArg).byteLength }
}

/**
 * Opens the store written by build-store until the first read (createCustoms + one decision.get), checks the
 * value read, then measures resident memory after a forced GC with the store still open.
 */
async function openCase() {
  if (!dirArg) throw new Error('open needs --dir <store dir>')
  const keys = decisionKeys(50)
  const options = { storage: { file: dirArg }, decision: { schemas: decisionSchemas(z, keys) } }
  const k = 17
  const t0 = performance.now()
  const customs = await createCustoms(options)
  const t1 = performance.now()
  const value = customs.decision.get(keys[k])
  const t2 = performance.now()
  // Commit i wrote keys[i % 50]; the last write of keys[k] was commit n - 50 + k.
  const expected = decisionValue(OPEN_STORE_RECEIPTS - keys.length + k)
  if (!isDeepStrictEqual(value, expected))
    throw new Error(`first read returned ${JSON.stringify(value)}, expected ${JSON.stringify(expected)}`)
  const receipts = receiptCount(customs)
  if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc')
  globalThis.gc()
  globalThis.gc()
  const mem = process.memoryUsage()
  await customs.close()
  return {
    receipts,
    openMs: t1 - t0,
    readMs: t2 - t1,
    firstReadMs: t2 - t0,
    rss: mem.rss,
    heapUsed: mem.heapUsed,
    heapTotal: mem.heapTotal,
    external: mem.external,
    arrayBuffers: mem.arrayBuffers,
    uptimeMs: performance.now(),
  }
}

// Last, so every module-level constant above is initialised before the case runs.
const result = await cases[which]()
console.log(JSON.stringify(result))
