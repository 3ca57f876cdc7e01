// Erasure bench, one process (bundle of packages/runtime/src, see index.mjs). Two measurements, each against its
// baseline in the same process:
// 1. Writing a memory value for a subject (its own key, a commitment in the subject's domain) against the same
//    write without a subject: batches of 200 PROPOSE receipts with their values (`ledger.append`), flushed untimed.
// 2. The first write of a new subject (its key saved with the whole key set at flush) against a write without a
//    subject, each flushed alone, in the store below before its forgets.
// 3. forget({ subject }) of one subject's 10 memories in a store of 10,000 memories of 1,000 subjects (the key set
//    saved without the key, then the FORGET receipt, flushed) against tombstoning the same 10 memories (DELETE
//    receipts, flushed), with the memory key store and with key files (fsync'd, atomic rename).
// Prints one JSON line.
//   node node-case.mjs <bundle.mjs> [--quick]

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { median, percentile } from '../lib/stats.mjs'

const [bundle, ...flags] = process.argv.slice(2)
const quick = flags.includes('--quick')
const { createCustoms, createMemoryKeyProvider, createNodeFileKeyProvider, internalsOf, forgetSubject, encodeMeta } = await import(bundle)

const BATCH = 200
const WRITE_SAMPLES = quick ? 30 : 120
const SUBJECTS = quick ? 200 : 1_000
const PER_SUBJECT = 10
const FORGETS = quick ? 20 : 60

const scanOff = { disable: ['injection', 'code', 'secret', 'pii'] }
const reason = encodeMeta({ status: 'approved', score: 1, source: 'user' })

/** One memory written as the lifecycle writes it: its PROPOSE receipt and its value (for `subject` when given). */
function write(ctx, content, subject) {
  const text = JSON.stringify(content)
  const commit = ctx.ring.commit(text)
  const id = `m_${ctx.ledger.headSeq + 1}`
  const draft = { op: 'PROPOSE', pool: 'memory', key: id, old: null, new: commit, site: null, tool: null, call: null, actor: null }
  ctx.ledger.append({ ...draft, reason }, { commit, text, subject })
  return id
}

// --- 1. write overhead ---
const store = await createCustoms({ keyStore: createMemoryKeyProvider(), scan: scanOff })
const ctx = internalsOf(store).lifecycle
// Every subject's key exists before timing: the figure is the steady state, not the first write of a subject.
for (let s = 0; s < 100; s++) write(ctx, `warm ${s}`, `user:${s}`)
await store.flush()
let n = 0
async function writeBatch(withSubject) {
  // The appends only: sealing at flush costs the same with either key, and the flush's index upkeep and state
  // snapshots land on whichever batch they fall in, which on a loaded machine swamps the difference measured.
  const t0 = performance.now()
  for (let k = 0; k < BATCH; k++, n++) write(ctx, `memory number ${n} about something`, withSubject ? `user:${n % 100}` : undefined)
  const us = ((performance.now() - t0) * 1000) / BATCH
  await store.flush()
  return us
}
for (let w = 0; w < 10; w++) {
  await writeBatch(true)
  await writeBatch(false)
}
const subjectWrites = []
const plainWrites = []
for (let s = 0; s < WRITE_SAMPLES; s++) {
  // Alternate which goes first so drift on a loaded machine falls on both.
  if (s % 2) {
    subjectWrites.push(await writeBatch(true))
    plainWrites.push(await writeBatch(false))
  } else {
    plainWrites.push(await writeBatch(false))
    subjectWrites.push(await writeBatch(true))
  }
}
await store.close()

// --- 2. forget vs tombstone ---
async function forgetCase(keyStore, storage) {
  const c = await createCustoms({ keyStore, scan: scanOff, ...(storage ? { storage } : {}) })
  const lc = internalsOf(c).lifecycle
  const bySubject = []
  for (let s = 0; s < SUBJECTS; s++) {
    const ids = []
    for (let k = 0; k < PER_SUBJECT; k++) ids.push(write(lc, `fact ${k} about subject ${s}`, `user:${s}`))
    bySubject.push(ids)
  }
  await c.flush()
  // The first value of a new subject makes its key, which the flush saves (the whole key set) before the record.
  const newSubject = []
  const plain = []
  for (let i = 0; i < FORGETS; i++) {
    let t = performance.now()
    write(lc, `first fact about new subject ${i}`, `new:${i}`)
    await c.flush()
    newSubject.push(performance.now() - t)
    t = performance.now()
    write(lc, `fact ${i} about nobody`)
    await c.flush()
    plain.push(performance.now() - t)
  }
  const forget = []
  const tombstone = []
  let checked = 0
  for (let i = 0; i < FORGETS; i++) {
    // Even subjects are forgotten, odd ones tombstoned, interleaved.
    const subject = 2 * i
    const t0 = performance.now()
    const { shredded } = await forgetSubject(lc, `user:${subject}`)
    await c.flush()
    forget.push(performance.now() - t0)
    if (shredded.length !== PER_SUBJECT) throw new Error(`forget shredded ${shredded.length} memories, not ${PER_SUBJECT}`)
    checked++
    const t1 = performance.now()
    for (const id of bySubject[2 * i + 1])
      lc.ledger.append({
        op: 'DELETE',
        pool: 'memory',
        key: id,
        old: null,
        new: null,
        site: null,
        tool: null,
        call: null,
        actor: null,
        reason: encodeMeta({ why: 'bench' }),
      })
    await c.flush()
    tombstone.push(performance.now() - t1)
  }
  await c.close()
  return {
    forget: { p50: median(forget), p95: percentile(forget, 95) },
    tombstone: { p50: median(tombstone), p95: percentile(tombstone, 95) },
    newSubject: { p50: median(newSubject), p95: percentile(newSubject, 95) },
    plain: { p50: median(plain), p95: percentile(plain, 95) },
    checked,
  }
}

const memoryKeys = await forgetCase(createMemoryKeyProvider(), null)
const dir = mkdtempSync(join(tmpdir(), 'mc-bench-erasure-'))
let fileKeys
try {
  fileKeys = await forgetCase(createNodeFileKeyProvider({ dir: join(dir, 'keys') }), { file: join(dir, 'store') })
} finally {
  rmSync(dir, { recursive: true, force: true })
}

console.log(
  JSON.stringify({
    batch: BATCH,
    writeSamples: WRITE_SAMPLES,
    subjectWrite: { p50: median(subjectWrites), p95: percentile(subjectWrites, 95) },
    plainWrite: { p50: median(plainWrites), p95: percentile(plainWrites, 95) },
    subjects: SUBJECTS,
    perSubject: PER_SUBJECT,
    forgets: FORGETS,
    memoryKeys,
    fileKeys,
  }),
)
