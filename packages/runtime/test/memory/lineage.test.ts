/**
 * lineage() and influence() over a MemoryState fed synthetic lifecycle receipts (the same `apply` that runs live,
 * on replay and in time travel), so every edge kind is set up exactly: explicit dependsOn, automatic linking to a
 * rendered context, what a context contained, what a guard check evaluated, rewritten working entries and ended
 * entries. A property test checks both queries against a naive breadth-first search over edges rebuilt from scratch.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MemoryNotFoundError, OptionError } from '../../src/index.js'
import { dependentsOf, influence, lineage, nodeKind, type LineageResult } from '../../src/core/memory/lineage.js'
import { encodeMeta, type LifecycleMeta } from '../../src/core/memory/meta.js'
import { MemoryState } from '../../src/core/memory/state.js'

/** Writes synthetic receipts into a MemoryState, one seq each, and returns the node ids they create. */
class Chain {
  readonly state = new MemoryState()
  private seq = 0

  private apply(op: string, pool: string | null, key: string | null, meta: LifecycleMeta, extra: { new?: string } = {}) {
    this.seq++
    this.state.apply({
      seq: this.seq,
      op,
      pool,
      key,
      new: extra.new ?? null,
      tool: null,
      call: null,
      ts: new Date(Date.UTC(2026, 10, 30) + this.seq * 1000).toISOString(),
      reason: encodeMeta(meta),
    })
    return this.seq
  }

  memory(meta: LifecycleMeta = {}): string {
    const seq = this.seq + 1
    this.apply('PROPOSE', 'memory', `m_${seq}`, { status: 'approved', source: 'user', ...meta }, { new: `c${seq}` })
    return `m_${seq}`
  }

  working(session: string, name: string, meta: LifecycleMeta = {}): string {
    this.apply('PUT', 'working', `${session}/${name}`, { source: 'assistant', session, ...meta }, { new: `w${this.seq + 1}` })
    return `w:${session}/${name}`
  }

  render(entries: string[], session?: string): string {
    return `ctx_${this.apply('READ', null, null, { entries, session })}`
  }

  guard(uses: string[], decision: LifecycleMeta['decision'], ctx?: string): string {
    const meta: LifecycleMeta = { action: 'call_tool:write', decision, risk: [0, 0, 0, 1], reasons: [], entries: uses, ctx }
    return `guard_${this.apply('GUARD', null, null, meta)}`
  }

  end(id: string, op: 'DELETE' | 'EXPIRE' = 'DELETE', why = 'rollback'): void {
    if (id.startsWith('w:')) this.apply(op, 'working', id.slice(2), { why })
    else this.apply(op, 'memory', id, { why })
  }
}

const ids = (r: LineageResult) => r.nodes.map((n) => n.id)

describe('lineage', () => {
  it('follows dependsOn, the linked context and what it contained, with depth, via, parent and state', () => {
    const c = new Chain()
    const price = c.memory({ source: 'tool:prices' })
    const note = c.memory()
    const ctx = c.render([price, note], 's1')
    // Written after the render in the same session: linked to it (meta.ctx), and depends on `note` explicitly.
    const summary = c.memory({ session: 's1', ctx, deps: [note] })
    const report = c.working('s1', 'report', { deps: [summary] })

    const r = lineage(c.state, report)
    expect(r.root).toMatchObject({ id: report, kind: 'working', depth: 0, via: null, parent: null, state: 'live' })
    expect(r.nodes.map((n) => [n.id, n.kind, n.depth, n.via, n.parent])).toEqual([
      [summary, 'memory', 1, 'dependsOn', report],
      [ctx, 'context', 2, 'context', summary],
      [note, 'memory', 2, 'dependsOn', summary],
      [price, 'memory', 3, 'contained', ctx],
    ])
    expect(r.nodes.find((n) => n.id === note)).toMatchObject({ state: 'live', status: 'approved' })
    // Edges in the order of their ends (the root, then the nodes as listed), the dependent end first.
    expect(r.edges).toEqual([
      { from: report, to: summary, kind: 'dependsOn' },
      { from: summary, to: ctx, kind: 'context' },
      { from: summary, to: note, kind: 'dependsOn' },
      { from: ctx, to: note, kind: 'contained' },
      { from: ctx, to: price, kind: 'contained' },
    ])
  })

  it('reports an ended dependency with its end and a never-recorded one as missing', () => {
    const c = new Chain()
    const a = c.memory()
    const b = c.memory({ deps: [a, 'm_999', 'decision:plan'] })
    c.end(a, 'DELETE', 'rollback')
    const r = lineage(c.state, b, { decisions: new Map([['plan', {}]]) })
    // Same depth: ordered by id (the text before a trailing number, then that number).
    expect(r.nodes.map((n) => [n.id, n.kind, n.state])).toEqual([
      ['decision:plan', 'decision', 'live'],
      [a, 'memory', 'ended'],
      ['m_999', 'memory', 'missing'],
    ])
    expect(r.nodes[1].end).toEqual({ op: 'DELETE', why: 'rollback', seq: 3 })
    // Without the key in the Decision pool, the decision is missing.
    expect(lineage(c.state, b, { decisions: new Set() }).nodes.find((n) => n.kind === 'decision')?.state).toBe('missing')
  })

  it("a guard check's lineage is what it evaluated and the context it was made in", () => {
    const c = new Chain()
    const a = c.memory()
    const b = c.memory({ deps: [a] })
    const ctx = c.render([b])
    const g = c.guard([b], 'halt', ctx)
    const r = lineage(c.state, g)
    expect(r.root).toMatchObject({ kind: 'guard', decision: 'halt', state: 'live' })
    expect(r.nodes.map((n) => [n.id, n.depth, n.via])).toEqual([
      [ctx, 1, 'context'],
      [b, 1, 'used'],
      [a, 2, 'dependsOn'],
    ])
  })

  it('maxDepth stops the walk and keeps only edges between the nodes it returns', () => {
    const c = new Chain()
    const chain = [c.memory()]
    for (let i = 0; i < 5; i++) chain.push(c.memory({ deps: [chain[i]] }))
    const r = lineage(c.state, chain[5], { maxDepth: 2 })
    expect(ids(r)).toEqual([chain[4], chain[3]])
    expect(r.edges).toEqual([
      { from: chain[5], to: chain[4], kind: 'dependsOn' },
      { from: chain[4], to: chain[3], kind: 'dependsOn' },
    ])
  })
})

describe('influence', () => {
  it('lists the contexts, derived entries and guard checks that rest on an entry, transitively', () => {
    const c = new Chain()
    const bad = c.memory({ source: 'web.fetch', confidence: 0.3 })
    const other = c.memory()
    const ctx = c.render([bad, other], 's1')
    const summary = c.memory({ session: 's1', ctx })
    const draft = c.working('s1', 'draft', { deps: [summary] })
    const ok = c.guard([other], 'proceed')
    const halted = c.guard([draft], 'halt')
    const unrelated = c.memory({ deps: [other] })

    const r = influence(c.state, bad)
    expect(r.root).toMatchObject({ id: bad, state: 'live' })
    expect(r.nodes.map((n) => [n.id, n.kind, n.depth, n.via, n.parent])).toEqual([
      [ctx, 'context', 1, 'contained', bad],
      [summary, 'memory', 2, 'context', ctx],
      [draft, 'working', 3, 'dependsOn', summary],
      [halted, 'guard', 4, 'used', draft],
    ])
    expect(r.nodes.at(-1)).toMatchObject({ decision: 'halt', state: 'live' })
    expect(ids(r)).not.toContain(ok)
    expect(ids(r)).not.toContain(unrelated)
    expect(r.edges).toEqual([
      { from: ctx, to: bad, kind: 'contained' },
      { from: summary, to: ctx, kind: 'context' },
      { from: draft, to: summary, kind: 'dependsOn' },
      { from: halted, to: draft, kind: 'used' },
    ])
  })

  it('walks through ended entries and reports them as ended', () => {
    const c = new Chain()
    const a = c.memory()
    const b = c.memory({ deps: [a] })
    const d = c.memory({ deps: [b] })
    c.end(b, 'EXPIRE', 'validity')
    const r = influence(c.state, a)
    expect(r.nodes.map((n) => [n.id, n.state, n.end?.why ?? null])).toEqual([
      [b, 'ended', 'validity'],
      [d, 'live', null],
    ])
  })

  it('a working entry written again without the dependency no longer counts as influenced', () => {
    const c = new Chain()
    const a = c.memory()
    const b = c.memory()
    c.working('s1', 'scratch', { deps: [a] })
    expect(ids(influence(c.state, a))).toEqual(['w:s1/scratch'])
    c.working('s1', 'scratch', { deps: [b] })
    expect(ids(influence(c.state, a))).toEqual([])
    expect(ids(influence(c.state, b))).toEqual(['w:s1/scratch'])
  })

  it('terminates on a cycle (impossible through the API, forged here) and lists each node once', () => {
    const c = new Chain()
    // m_1 names m_2 before it exists; m_2 names m_1: a loop only forged receipts can make.
    const a = c.memory({ deps: ['m_2'] })
    const b = c.memory({ deps: [a] })
    expect(ids(influence(c.state, a))).toEqual([b])
    expect(ids(lineage(c.state, a))).toEqual([b])
    expect(influence(c.state, a).edges).toEqual([
      { from: a, to: b, kind: 'dependsOn' },
      { from: b, to: a, kind: 'dependsOn' },
    ])
  })

  it('sorts ids with numeric parts as numbers', () => {
    const c = new Chain()
    const root = c.memory()
    const kids: string[] = []
    for (let i = 0; i < 12; i++) kids.push(c.memory({ deps: [root] }))
    expect(ids(influence(c.state, root))).toEqual(kids)
    expect(ids(influence(c.state, root))).toContain('m_10')
  })
})

describe('bad input', () => {
  it('an unknown id is MemoryNotFoundError; a bad option is an OptionError naming it', () => {
    const c = new Chain()
    const a = c.memory()
    expect(() => lineage(c.state, 'm_42')).toThrow(MemoryNotFoundError)
    expect(() => influence(c.state, 'ctx_7')).toThrow(/no entry, context or guard check "ctx_7"/)
    expect(() => influence(c.state, '')).toThrow(OptionError)
    expect(() => lineage(c.state, a, { maxDepth: 0 })).toThrow(/lineage maxDepth must be a positive integer/)
    expect(() => lineage(c.state, a, { maxDepth: 1.5 })).toThrow(OptionError)
    expect(() => lineage(c.state, a, { decisions: {} as never })).toThrow(/lineage decisions/)
    expect(() => lineage(c.state, a, null as never)).toThrow(/lineage options must be an object/)
  })

  it('node kinds by id form', () => {
    expect(['m_3', 'w:s/x', 'decision:plan', 'ctx_4', 'guard_9', 'other'].map(nodeKind)).toEqual([
      'memory',
      'working',
      'decision',
      'context',
      'guard',
      'unknown',
    ])
  })
})

/** A random history: memories and working entries with dependencies on earlier nodes, renders, guard checks. */
const historyArb = fc.array(
  fc.record({
    kind: fc.constantFrom('memory', 'memory', 'working', 'render', 'guard', 'end'),
    picks: fc.array(fc.nat(), { maxLength: 4 }),
    link: fc.boolean(),
    session: fc.constantFrom('s1', 's2'),
    name: fc.constantFrom('a', 'b', 'c'),
  }),
  { minLength: 1, maxLength: 40 },
)

type Step = { kind: string; picks: number[]; link: boolean; session: string; name: string }

function build(history: Step[]) {
  const c = new Chain()
  const entries: string[] = []
  const nodes: string[] = []
  const renders: string[] = []
  for (const step of history) {
    const pick = () => [...new Set(step.picks.filter(() => entries.length).map((p) => entries[p % entries.length]))]
    const ctx = step.link && renders.length ? renders[renders.length - 1] : undefined
    if (step.kind === 'memory') entries.push(c.memory({ deps: pick(), ctx, session: step.session }))
    else if (step.kind === 'working') {
      const id = c.working(step.session, step.name, { deps: pick(), ctx })
      if (!entries.includes(id)) entries.push(id)
    } else if (step.kind === 'render') renders.push(c.render(pick(), step.session))
    else if (step.kind === 'guard' && entries.length) nodes.push(c.guard(pick(), 'warn', ctx))
    else if (step.kind === 'end' && entries.length) c.end(entries[(step.picks[0] ?? 0) % entries.length])
  }
  return { state: c.state, all: [...entries, ...renders, ...nodes] }
}

/** Upstream edges rebuilt from every live slot and record: the naive model of the graph. */
function naiveUpstream(s: MemoryState): Map<string, string[]> {
  const up = new Map<string, string[]>()
  const add = (from: string, to: string) => up.set(from, [...(up.get(from) ?? []), to])
  for (const m of s.memories.values()) [...m.deps, ...(m.ctx ? [m.ctx] : [])].forEach((d) => add(m.id, d))
  for (const w of s.working.values()) [...w.deps, ...(w.ctx ? [w.ctx] : [])].forEach((d) => add(`w:${w.key}`, d))
  for (const x of s.contexts.values()) x.entries.forEach((e) => add(x.id, e))
  for (const g of s.guards.values()) [...g.uses, ...(g.ctx ? [g.ctx] : [])].forEach((u) => add(g.id, u))
  // An ended entry's end record keeps what it rested on.
  for (const [id, e] of s.ended) [...(e.deps ?? []), ...(e.ctx ? [e.ctx] : [])].forEach((d) => add(id, d))
  return up
}

function naiveBfs(start: string, next: (id: string) => string[]): Map<string, number> {
  const depth = new Map([[start, 0]])
  let frontier = [start]
  for (let d = 1; frontier.length; d++) {
    const n: string[] = []
    for (const x of frontier)
      for (const y of next(x))
        if (!depth.has(y)) {
          depth.set(y, d)
          n.push(y)
        }
    frontier = n
  }
  depth.delete(start)
  return depth
}

describe('property: both queries agree with a naive search over edges rebuilt from every slot', () => {
  it('lineage, influence, dependentsOf and a snapshot round trip', () => {
    fc.assert(
      fc.property(historyArb, fc.nat(), (history, which) => {
        const { state, all } = build(history)
        const live = all.filter((id) => !state.ended.has(id))
        if (!live.length) return
        const id = live[which % live.length]
        const up = naiveUpstream(state)
        const down = new Map<string, string[]>()
        for (const [from, tos] of up) for (const to of tos) down.set(to, [...(down.get(to) ?? []), from])
        // With every entry live, the reverse index must give exactly the reversed upstream edges.
        const hasEnded = state.ended.size > 0
        const lin = lineage(state, id)
        expect(new Map(lin.nodes.map((n) => [n.id, n.depth]))).toEqual(naiveBfs(id, (x) => up.get(x) ?? []))
        const inf = influence(state, id)
        if (!hasEnded) {
          expect(new Map(inf.nodes.map((n) => [n.id, n.depth]))).toEqual(naiveBfs(id, (x) => down.get(x) ?? []))
          expect(dependentsOf(state, [id])).toEqual(new Map(inf.nodes.map((n) => [n.id, n.depth])))
        }
        // Y is influenced by X exactly when X is in Y's lineage.
        for (const n of inf.nodes) expect(ids(lineage(state, n.id))).toContain(id)
        // Every edge joins two listed nodes; nodes are in (depth, id) order; a parent sits one level up.
        const listed = new Map([[id, 0], ...lin.nodes.map((n) => [n.id, n.depth] as const)])
        for (const e of lin.edges) expect(listed.has(e.from) && listed.has(e.to)).toBe(true)
        for (const n of lin.nodes) expect(listed.get(n.parent!)).toBe(n.depth - 1)
        // A state rebuilt from its snapshot (reverse edges recomputed) answers the same.
        const restored = MemoryState.fromJSON(JSON.parse(JSON.stringify(state.toJSON())))
        expect(lineage(restored, id)).toEqual(lin)
        if (!hasEnded) expect(influence(restored, id)).toEqual(inf)
      }),
      { numRuns: 300 },
    )
  })
})

describe('a working entry written again', () => {
  it('drops the edges of its previous version, so influence stays the inverse of lineage after it ends', () => {
    // found by the property below (seed 735754715): the old version's context stayed a reverse edge
    const c = new Chain()
    const ctx = c.render([], 's1')
    c.working('s2', 'c', { ctx })
    const w = c.working('s2', 'c', {})
    expect(ids(influence(c.state, ctx))).toEqual([])
    c.end(w)
    expect(ids(influence(c.state, ctx))).toEqual([])
    expect(ids(lineage(c.state, w))).toEqual([])
  })
})

describe('snapshots', () => {
  it('keep the edges through entries that ended before the snapshot', () => {
    const c = new Chain()
    const a = c.memory()
    const b = c.memory({ deps: [a] })
    const d = c.memory({ deps: [b] })
    const w = c.working('s', 'n', { deps: [b] })
    c.end(b)
    c.end(w, 'EXPIRE', 'ttl')
    expect(ids(influence(c.state, a))).toEqual([b, d, w])
    const reloaded = MemoryState.fromJSON(JSON.parse(JSON.stringify(c.state.toJSON())))
    expect(ids(influence(reloaded, a))).toEqual([b, d, w])
    expect([...dependentsOf(reloaded, [a]).keys()].sort()).toEqual([b, d, w].sort())
  })
})
