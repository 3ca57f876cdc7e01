/**
 * The listing order lineage() and influence() promise (nodes by depth, then id with numeric parts compared as
 * numbers; edges by the order of their ends, then kind), checked against a plain comparator on random graphs that
 * mix every node kind with ids the fast paths do not take (a leading zero, a 16-digit seq, ids that are no seq),
 * and a cloned state (its own memory slots) answering like the original until one of them changes.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { influence, lineage, type LineageEdgeKind, type LineageResult } from '../../src/core/memory/lineage.js'
import { encodeMeta, type LifecycleMeta } from '../../src/core/memory/meta.js'
import { MemoryState } from '../../src/core/memory/state.js'

/** Ids that are named by edges but never written: odd forms next to the runtime's own. */
const NAMED = ['m_012', 'm_7', 'm_1234567890123456', 'decision:p7', 'decision:p10', 'other9', 'other10', 'w:s/x', 'ctx_03']

const stepArb = fc.record({
  kind: fc.constantFrom('memory', 'memory', 'memory', 'working', 'render', 'guard', 'end'),
  picks: fc.array(fc.nat(), { maxLength: 4 }),
  named: fc.array(fc.nat({ max: NAMED.length - 1 }), { maxLength: 2 }),
  link: fc.boolean(),
  name: fc.constantFrom('a', 'b'),
})

type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never

function build(history: Step[]) {
  const state = new MemoryState()
  let seq = 0
  const apply = (op: string, pool: string | null, key: string | null, meta: LifecycleMeta) => {
    seq++
    const ts = new Date(Date.UTC(2026, 10, 30) + seq * 1000).toISOString()
    state.apply({ seq, op, pool, key, new: `c${seq}`, tool: null, call: null, ts, reason: encodeMeta(meta) })
    return seq
  }
  const entries: string[] = []
  const all: string[] = []
  let lastRender: string | undefined
  for (const step of history) {
    const deps = [
      ...new Set([
        ...step.picks.filter(() => entries.length).map((p) => entries[p % entries.length]!),
        ...step.named.map((i) => NAMED[i]!),
      ]),
    ]
    const ctx = step.link ? lastRender : undefined
    if (step.kind === 'memory') {
      const id = `m_${seq + 1}`
      apply('PROPOSE', 'memory', id, { status: 'approved', source: 'user', deps, ctx })
      entries.push(id)
    } else if (step.kind === 'working') {
      apply('PUT', 'working', `s/${step.name}`, { source: 'assistant', session: 's', deps, ctx })
      if (!entries.includes(`w:s/${step.name}`)) entries.push(`w:s/${step.name}`)
    } else if (step.kind === 'render') {
      lastRender = `ctx_${apply('READ', null, null, { entries: deps, session: 's' })}`
      all.push(lastRender)
    } else if (step.kind === 'guard') {
      const meta: LifecycleMeta = { action: 'final_output', decision: 'warn', risk: [0, 0, 0, 1], reasons: [], entries: deps, ctx }
      all.push(`guard_${apply('GUARD', null, null, meta)}`)
    } else if (step.kind === 'end' && entries.length) {
      const id = entries[(step.picks[0] ?? 0) % entries.length]!
      if (id.startsWith('w:')) apply('DELETE', 'working', id.slice(2), { why: 'test' })
      else apply('DELETE', 'memory', id, { why: 'test' })
    }
  }
  return { state, ids: [...entries, ...all, ...NAMED] }
}

/** The documented id order: the text before a trailing number, then that number, then the whole id. */
function compareIds(a: string, b: string): number {
  const split = (id: string) => {
    const m = /^(.*?)(\d*)$/.exec(id)!
    return [m[1]!, m[2] ? Number(m[2]) : -1] as const
  }
  const [pa, na] = split(a)
  const [pb, nb] = split(b)
  if (pa !== pb) return pa < pb ? -1 : 1
  return na - nb || (a < b ? -1 : a > b ? 1 : 0)
}

const KIND_ORDER: LineageEdgeKind[] = ['contained', 'context', 'dependsOn', 'used']

function expectListingOrder(r: LineageResult): void {
  const sorted = [...r.nodes].sort((x, y) => x.depth - y.depth || compareIds(x.id, y.id))
  expect(r.nodes.map((n) => n.id)).toEqual(sorted.map((n) => n.id))
  const rank = new Map([[r.root.id, -1], ...r.nodes.map((n, i) => [n.id, i] as const)])
  const key = (e: (typeof r.edges)[number]) => [rank.get(e.from)!, rank.get(e.to)!, KIND_ORDER.indexOf(e.kind)]
  for (let i = 1; i < r.edges.length; i++) {
    const [a, b] = [key(r.edges[i - 1]!), key(r.edges[i]!)]
    const cmp = a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!
    // Strictly increasing: in order, and an edge named twice is listed once.
    expect(cmp, `${JSON.stringify(r.edges[i - 1])} before ${JSON.stringify(r.edges[i])}`).toBeLessThan(0)
  }
}

describe('listing order', () => {
  it('nodes by depth then id, edges by their ends then kind, on random graphs with odd ids', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 50 }), fc.nat(), (history, which) => {
        const { state, ids } = build(history)
        const id = ids[which % ids.length]!
        const known = state.dependents.has(id) || state.memories.has(id) || state.contexts.has(id) || state.guards.has(id)
        if (!known && !state.ended.has(id) && !(id.startsWith('w:') && state.working.has(id.slice(2)))) return
        expectListingOrder(influence(state, id))
        expectListingOrder(lineage(state, id))
      }),
      { numRuns: 300 },
    )
  })

  it('a blast radius of hundreds of edges (sorted in linear time, not as packed numbers) keeps the order', () => {
    const steps: Step[] = Array.from({ length: 400 }, (_, i) => ({
      kind: i % 9 === 8 ? 'render' : i % 13 === 12 ? 'guard' : i % 17 === 16 ? 'working' : 'memory',
      picks: [i >> 1, i >> 2, i * 7],
      named: i % 11 === 0 ? [i % NAMED.length] : [],
      link: i % 3 === 0,
      name: i % 2 ? 'a' : 'b',
    }))
    const { state } = build(steps)
    const r = influence(state, 'm_1')
    expect(r.edges.length).toBeGreaterThan(500)
    expectListingOrder(r)
    for (const id of ['m_7', 'decision:p7', 'ctx_9']) expectListingOrder(influence(state, id))
  })

  it('a 16-digit seq and a leading zero sort by the same rule as the rest', () => {
    const { state } = build([{ kind: 'memory', picks: [], named: [0, 1, 2], link: false, name: 'a' }])
    expect(lineage(state, 'm_1').nodes.map((n) => n.id)).toEqual(['m_7', 'm_012', 'm_1234567890123456'])
  })
})

describe('a cloned state', () => {
  it('answers like the original, and an entry ended in the clone stays live in the original', () => {
    const steps: Step[] = Array.from({ length: 30 }, (_, i) => ({
      kind: i % 5 === 4 ? 'render' : i % 7 === 6 ? 'guard' : 'memory',
      picks: [i, i >> 1],
      named: [],
      link: i % 3 === 0,
      name: 'a',
    }))
    const { state } = build(steps)
    const clone = state.clone()
    expect(influence(clone, 'm_1')).toEqual(influence(state, 'm_1'))
    const last = [...state.memories.keys()].at(-1)!
    expect(lineage(clone, last).nodes.length).toBeGreaterThan(2)
    expect(lineage(clone, last)).toEqual(lineage(state, last))
    const seq = 100
    clone.apply({
      seq,
      op: 'DELETE',
      pool: 'memory',
      key: 'm_2',
      new: null,
      tool: null,
      call: null,
      ts: new Date(0).toISOString(),
      reason: encodeMeta({ why: 'clone only' }),
    })
    const inClone = influence(clone, 'm_1').nodes.find((n) => n.id === 'm_2')
    const inOriginal = influence(state, 'm_1').nodes.find((n) => n.id === 'm_2')
    expect(inClone).toMatchObject({ state: 'ended', end: { why: 'clone only' } })
    expect(inOriginal).toMatchObject({ state: 'live', status: 'approved' })
  })
})
