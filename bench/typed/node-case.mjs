// Typed-memory read bench, one process: a store (in memory) with 1,000 memories, half of them plain (no key, no
// validity, `internal`, read as `system`: the checks short-circuit) and half typed (explicit reader lists, validity
// windows, keyed conflicts, read as another principal: every check runs). Times `memories.get(id)` on both, in
// alternating batches, and prints one JSON line.
//   node node-case.mjs <runtime dist index.mjs> [--quick]

import { resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { median, percentile } from '../lib/stats.mjs'

const [dist, ...flags] = process.argv.slice(2)
const quick = flags.includes('--quick')
const { createCustoms, createMemoryKeyProvider } = await import(pathToFileURL(resolve(dist)).href)

const N = 1_000
const BATCH = 200
const SAMPLES = quick ? 100 : 400

const now = Date.parse('2026-11-30T10:00:00Z')
const customs = await createCustoms({
  keyStore: createMemoryKeyProvider(),
  now: () => now,
  scan: { disable: ['injection', 'code', 'secret', 'pii'] },
})
const writer = customs.as('agent:writer')
const plain = []
const typed = []
for (let i = 0; i < N / 2; i++) {
  plain.push(customs.memories.propose(`plain memory number ${i}`, { source: 'user' }).id)
  // Pairs on one key: the second of each pair conflicts with the first (newest wins), so half the typed reads
  // resolve a conflict; every one has a reader list and a validity window.
  const r = writer.memories.propose(`typed memory number ${i}`, {
    source: 'tool:crm',
    key: `k.${i >> 1}`,
    access: { readers: ['agent:w1', 'agent:w2', 'agent:reader'], writers: [] },
    validFrom: now - 1_000,
    validUntil: now + 86_400_000,
    confidence: 0.8,
  })
  if (i % 2 === 1) typed.push(r.id)
}
const reader = customs.as('agent:reader')
// Every typed id must be readable and returned (the winners of their conflicts), or the figure means nothing.
for (const id of typed) if (!reader.memories.get(id)) throw new Error(`typed read of ${id} returned nothing`)
for (const id of plain) if (!customs.memories.get(id)) throw new Error(`plain read of ${id} returned nothing`)

function batch(handle, ids, offset) {
  const t0 = performance.now()
  for (let k = 0; k < BATCH; k++) handle.memories.get(ids[(offset + k) % ids.length])
  return ((performance.now() - t0) * 1000) / BATCH // µs per read
}

const checked = []
const unchecked = []
for (let w = 0; w < 20; w++) {
  batch(reader, typed, w * BATCH)
  batch(customs, plain, w * BATCH)
}
for (let s = 0; s < SAMPLES; s++) {
  // Alternate which goes first so drift on a loaded machine falls on both.
  if (s % 2) {
    checked.push(batch(reader, typed, s * BATCH))
    unchecked.push(batch(customs, plain, s * BATCH))
  } else {
    unchecked.push(batch(customs, plain, s * BATCH))
    checked.push(batch(reader, typed, s * BATCH))
  }
}
await customs.close()
console.log(
  JSON.stringify({
    n: N,
    batch: BATCH,
    samples: SAMPLES,
    checked: { p50: median(checked), p95: percentile(checked, 95) },
    unchecked: { p50: median(unchecked), p95: percentile(unchecked, 95) },
  }),
)
