// Lineage bench, one process: builds a MemoryState of N memories through `apply` (synthetic receipts, the path a
// replay takes) and times lineage() / influence() against a naive influence that rebuilds the reverse edges by
// scanning every slot and record per query. Prints one JSON line.
//   node node-case.mjs <bundle.mjs> [--quick]

import { performance } from 'node:perf_hooks'
import { median, percentile, rng } from '../lib/stats.mjs'

const [bundle, ...flags] = process.argv.slice(2)
const quick = flags.includes('--quick')
const { MemoryState, encodeMeta, lineage, influence, dependentsOf } = await import(bundle)

const N = quick ? 20_000 : 100_000
const FANOUT = 4
// Every query id the same number of times (64 ids), so the indexed and naive figures cover the same blast radii.
const RUNS = quick ? 128 : 384
const NAIVE_RUNS = 64

/**
 * The graph: memory i (seq-numbered) depends on memory floor((i - 1) / FANOUT), a tree of depth ~log4(N). Every 20th
 * memory is followed by a render of it and its three predecessors in session `s<k>`, and the next memory of that
 * session is written right after it (linked to the render: a cross edge); every 100th memory gets a guard check
 * evaluating it and its parent. Ids are `m_<seq>` like the runtime's.
 */
function build() {
  const s = new MemoryState()
  let seq = 0
  const idOf = [] // tree index -> memory id
  const depthOf = []
  const ts = (q) => new Date(Date.UTC(2026, 10, 30) + q).toISOString()
  let pendingCtx = null
  for (let i = 0; i < N; i++) {
    seq++
    const id = `m_${seq}`
    const parent = i === 0 ? null : idOf[Math.floor((i - 1) / FANOUT)]
    const meta = { status: 'approved', source: i % 7 ? 'agent' : 'tool:prices', session: 's', confidence: 0.9 }
    if (parent) meta.deps = [parent]
    if (pendingCtx) {
      meta.ctx = pendingCtx
      pendingCtx = null
    }
    s.apply({ seq, op: 'PROPOSE', pool: 'memory', key: id, new: `c${seq}`, tool: null, call: null, ts: ts(seq), reason: encodeMeta(meta) })
    idOf.push(id)
    depthOf.push(i === 0 ? 0 : depthOf[Math.floor((i - 1) / FANOUT)] + 1)
    if (i % 20 === 19) {
      seq++
      const entries = idOf.slice(-4)
      s.apply({
        seq,
        op: 'READ',
        pool: null,
        key: null,
        new: null,
        tool: null,
        call: null,
        ts: ts(seq),
        reason: encodeMeta({ entries, session: 's' }),
      })
      pendingCtx = `ctx_${seq}`
    }
    if (i % 100 === 99 && parent) {
      seq++
      const reason = encodeMeta({ action: 'call_tool:write', decision: 'warn', risk: [0, 0.2, 0, 0], reasons: [], entries: [id, parent] })
      s.apply({ seq, op: 'GUARD', pool: null, key: null, new: null, tool: null, call: null, ts: ts(seq), reason })
    }
  }
  return { s, idOf, depthOf, receipts: seq }
}

/** The baseline: reverse edges rebuilt from every slot and record, then a breadth-first walk. */
function naiveInfluence(s, id) {
  const down = new Map()
  const add = (to, from) => {
    const l = down.get(to)
    if (l) l.push(from)
    else down.set(to, [from])
  }
  for (const m of s.memories.values()) {
    for (const d of m.deps) add(d, m.id)
    if (m.ctx) add(m.ctx, m.id)
  }
  for (const w of s.working.values()) {
    for (const d of w.deps) add(d, `w:${w.key}`)
    if (w.ctx) add(w.ctx, `w:${w.key}`)
  }
  for (const c of s.contexts.values()) for (const e of c.entries) add(e, c.id)
  for (const g of s.guards.values()) {
    for (const u of g.uses) add(u, g.id)
    if (g.ctx) add(g.ctx, g.id)
  }
  const seen = new Set([id])
  let frontier = [id]
  while (frontier.length) {
    const next = []
    for (const x of frontier)
      for (const y of down.get(x) ?? [])
        if (!seen.has(y)) {
          seen.add(y)
          next.push(y)
        }
    frontier = next
  }
  return seen.size - 1
}

function time(fn, ids, runs) {
  const samples = []
  const sizes = []
  // Time per node returned: a query costs what it returns, so this says whether a slow sample was a large one.
  const perNode = []
  for (let r = 0; r < runs; r++) {
    const id = ids[r % ids.length]
    const t = performance.now()
    const n = fn(id)
    const dt = performance.now() - t
    samples.push(dt)
    sizes.push(n)
    perNode.push(dt / Math.max(1, n))
  }
  return {
    p50: median(samples),
    p95: percentile(samples, 95),
    meanSize: sizes.reduce((a, b) => a + b, 0) / runs,
    medianSize: median(sizes),
    maxSize: Math.max(...sizes),
    perNodeP50: median(perNode),
    perNodeP95: percentile(perNode, 95),
  }
}

const t0 = performance.now()
const { s, idOf, depthOf, receipts } = build()
const buildMs = performance.now() - t0
const random = rng(42)
const pick = (pred, n) => {
  const candidates = idOf.filter((_, i) => pred(depthOf[i]))
  return Array.from({ length: n }, () => candidates[Math.floor(random() * candidates.length)])
}
const maxDepth = Math.max(...depthOf)
const leaves = pick((d) => d === maxDepth, 64)
const mid = pick((d) => d === 3, 64)
const low = pick((d) => d === 5, 64)

// Warm-up, so the figures are of optimised code.
for (let i = 0; i < 50; i++) {
  lineage(s, leaves[i % 64])
  influence(s, mid[i % 64])
}
naiveInfluence(s, mid[0])

const lin = time((id) => lineage(s, id).nodes.length, leaves, RUNS)
const inf = time((id) => influence(s, id).nodes.length, mid, RUNS)
const small = time((id) => influence(s, id).nodes.length, low, RUNS)
const cascade = time((id) => dependentsOf(s, [id]).size, mid, RUNS)
const naive = time((id) => naiveInfluence(s, id), mid, NAIVE_RUNS)
const root = time((id) => influence(s, id).nodes.length, [idOf[0]], quick ? 3 : 5)
// The baseline must find what the indexed walk finds, or the comparison is void.
for (const id of mid.slice(0, 8))
  if (naiveInfluence(s, id) !== influence(s, id).nodes.length) throw new Error(`naive and indexed influence disagree on ${id}`)

console.log(
  JSON.stringify({
    n: N,
    receipts,
    contexts: s.contexts.size,
    guards: s.guards.size,
    treeDepth: maxDepth,
    buildMs,
    runs: RUNS,
    lineage: lin,
    influence: inf,
    small,
    cascade,
    naive,
    root,
  }),
)
