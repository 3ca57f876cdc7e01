// Guard bench, one process: a store (in memory) whose shadow graph holds 1,000 memories with dependencies,
// conflicts, findings, deleted entries and linked contexts; times guard.checkNow on 5 random uses per call, the
// rules alone, and a naive evaluation whose closure scans every slot per id; prints one JSON line.
//   node node-case.mjs <guard bundle .mjs> [--quick] [--dense]
// Sparse (default): a third of the memories are derived, from one or two of the 40 before them (closures of a few
// to a few dozen entries). Dense: every memory depends on up to three of the 40 before it (closures of hundreds).

import { resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { median, percentile } from '../lib/stats.mjs'

const [bundlePath, ...flags] = process.argv.slice(2)
const quick = flags.includes('--quick')
const dense = flags.includes('--dense')
const g = await import(pathToFileURL(resolve(bundlePath)).href)

const N = 1_000
const USES = 5
const SAMPLES = (quick ? 1_000 : 5_000) / (dense ? 5 : 1)
const WARMUP = 500

// A small deterministic PRNG (mulberry32), so every run measures the same graph and the same checks.
let seed = 0x9e3779b9
function random() {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const pick = (list) => list[Math.floor(random() * list.length)]

const now = Date.parse('2026-11-30T10:00:00Z')
const customs = await g.createCustoms({
  keyStore: g.createMemoryKeyProvider(),
  now: () => now,
  scan: { disable: ['injection', 'code', 'secret', 'pii'] },
})
const ctx = g.internalsOf(customs).lifecycle
const ledger = ctx.ledger

const blank = { old: null, site: null, tool: null, call: null, actor: null }
function write(op, key, meta, value) {
  return ledger.append(
    { ...blank, op, pool: key === null ? null : 'memory', key, new: value?.commit ?? null, reason: g.encodeMeta(meta) },
    value,
  )
}

const SOURCES = ['user', 'tool:crm', 'agent', 'web.fetch']
const FINDINGS = ['injection/override@0-9:high', 'code/exec-call@2-8:medium', 'secret/api-key@0-20:critical', 'injection/hint@0-4:low']
const ids = []
let linkTo = null
for (let i = 0; i < N; i++) {
  const id = `m_${ledger.headSeq + 1}`
  const text = g.canonicalize(`memory ${i}`)
  const commit = ctx.ring.commit(text)
  const deps = []
  const fan = dense ? Math.floor(random() * 4) : random() < 1 / 3 ? 1 + Math.floor(random() * 2) : 0
  for (let d = 0; d < fan && ids.length; d++) {
    const dep = ids[Math.max(0, ids.length - 1 - Math.floor(random() * 40))]
    if (!deps.includes(dep)) deps.push(dep)
  }
  const conflicting = i % 7 === 6 && ids.length
  write(
    'PROPOSE',
    id,
    {
      status: 'approved',
      score: 1,
      ruleSet: 'bench@1',
      findings: i % 10 === 9 ? [FINDINGS[((i / 10) % FINDINGS.length) | 0]] : [],
      source: SOURCES[i % SOURCES.length],
      key: conflicting ? `k${i - 1}` : i % 7 === 5 ? `k${i}` : undefined,
      confidence: Math.round((0.2 + 0.8 * random()) * 100) / 100,
      deps: deps.length ? deps : undefined,
      ctx: linkTo ?? undefined,
      conflicts: conflicting ? [ids[ids.length - 1]] : undefined,
    },
    { commit, text },
  )
  linkTo = null
  ids.push(id)
  if (i % 50 === 49) write('DELETE', id, { why: i % 100 === 99 ? 'rollback' : 'user' })
  if (i % 25 === 24) {
    const r = write('READ', null, { entries: [pick(ids), pick(ids), pick(ids), pick(ids), id], session: 'bench' })
    linkTo = `ctx_${r.seq}`
  }
}

const guard = g.guardApi(ctx)
const config = g.guardConfig(ctx.rules.guard)
const real = ctx.ledger.state.lifecycle
// The naive closure: every lookup scans the whole collection, as code without the state's maps would.
const scanning = (map) => ({
  get(key) {
    for (const [k, v] of map) if (k === key) return v
    return undefined
  },
})
const naiveLifecycle = {
  memories: scanning(real.memories),
  working: scanning(real.working),
  ended: scanning(real.ended),
  contexts: scanning(real.contexts),
}

const inputs = Array.from({ length: 512 }, () => Array.from({ length: USES }, () => pick(ids)))
function evaluate(uses, naive) {
  const view = g.shadowView(ctx, config.trust)
  const shadow = g.buildShadow(naive ? { ...view, lifecycle: naiveLifecycle } : view, uses)
  const out = g.evaluateRules(shadow, config.settings)
  return { size: shadow.entries.size, decision: g.decide('call_tool:write', out.risk, config.settings.threshold, config.matrix) }
}

// The naive evaluation must reach the same decisions, or its timing means nothing.
for (const uses of inputs) {
  const a = evaluate(uses, false)
  const b = evaluate(uses, true)
  if (a.decision !== b.decision || a.size !== b.size) throw new Error(`naive evaluation differs on ${uses.join(',')}`)
}

function time(f) {
  const t0 = performance.now()
  f()
  return (performance.now() - t0) * 1000 // µs
}

for (let w = 0; w < WARMUP; w++) {
  if (w % 32 === 0) await customs.flush()
  const uses = inputs[w % inputs.length]
  guard.checkNow({ action: 'call_tool:write', uses })
  evaluate(uses, false)
  evaluate(uses, true)
}
const check = []
const rules = []
const naive = []
const append = []
const decisions = {}
let closure = 0
for (let s = 0; s < SAMPLES; s++) {
  // An agent awaits between actions, so group commit gets to write the receipts; a synchronous loop would pile
  // thousands of them up in memory and time the pile-up. Flushed outside the timed calls.
  if (s % 32 === 0) await customs.flush()
  const uses = inputs[s % inputs.length]
  let result
  check.push(time(() => (result = guard.checkNow({ action: 'call_tool:write', uses }))))
  decisions[result.decision] = (decisions[result.decision] ?? 0) + 1
  closure += result.evaluated.length
  rules.push(time(() => evaluate(uses, false)))
  // The GUARD receipt alone: the same reason appended again (hash, MAC, index row, state apply), no evaluation; as a
  // check does, with its meta handed over decoded (decoded here, outside the timed call).
  const reason = customs.receipt(result.seq).reason
  const meta = JSON.parse(reason)
  append.push(time(() => ledger.append({ ...blank, op: 'GUARD', pool: null, key: null, new: null, reason, meta })))
  naive.push(time(() => evaluate(uses, true)))
}
const whole = []
let wholeEntries = 0
for (let s = 0; s < (quick ? 10 : 30); s++)
  whole.push(time(() => (wholeEntries = guard.checkNow({ action: 'call_tool:write', uses: ids }).evaluated.length)))
await customs.close()
const stats = (xs) => ({ p50: median(xs), p95: percentile(xs, 95) })
console.log(
  JSON.stringify({
    n: N,
    samples: SAMPLES,
    closure: closure / SAMPLES,
    decisions: Object.entries(decisions)
      .map(([d, c]) => `${d} ${c}`)
      .join(', '),
    check: stats(check),
    rules: stats(rules),
    naive: stats(naive),
    append: stats(append),
    whole: { ...stats(whole), entries: wholeEntries },
  }),
)
