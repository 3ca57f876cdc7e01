/**
 * The shadow of the entries an action rests on: for each id, what the lifecycle state knows about it (kind,
 * state, type, owner, key, source and trust, confidence, findings, conflicts, dependencies) and never its
 * content, which is not read here at all. The closure starts from `uses` and a rendered context's entries and
 * follows dependencies (a memory's `deps` and the entries of the context it was linked to), each node once.
 */
import type { LifecycleContext } from '../context-types.js'
import type { MemorySlot, MemoryState } from '../state.js'
import type { ShadowEntry, ShadowState, TrustClass } from './types.js'

/** Dependencies further than this from what the action uses are not followed (a cycle ends at the visited set). */
export const MAX_DEPTH = 32
/** Most entries one check evaluates; the rest of a larger closure is left out and `truncated` says so. */
export const MAX_ENTRIES = 10_000

export interface Shadow {
  /** The closure, in breadth-first order from the roots. */
  entries: Map<string, ShadowEntry>
  /** What the action uses directly: `uses`, then the context's entries, each once. */
  roots: string[]
  /** Distance from the nearest root (0 for a root). */
  depth: Map<string, number>
  /** Entries outside the closure that an entry in it conflicts with (their shadow only, not their dependencies). */
  peers: Map<string, ShadowEntry>
  /** The depth or size cap cut the closure short. */
  truncated: boolean
}

/** What the shadow is read from: the store's lifecycle and pool state at one instant. */
export interface ShadowView {
  lifecycle: MemoryState
  /** Decision keys that hold a value now. */
  hasDecision(key: string): boolean
  /** Whether the Decision key ever held a value (one that no longer does was rolled back). */
  everDecision(key: string): boolean
  now: number
  reviewTimeoutMs: number
  trust: (source: string | null) => TrustClass
}

export function shadowView(ctx: LifecycleContext, trust: (source: string | null) => TrustClass): ShadowView {
  const { state, versions } = ctx.ledger
  return {
    lifecycle: state.lifecycle,
    hasDecision: (key) => state.decision.has(key),
    everDecision: (key) => versions.at('decision', key, ctx.ledger.headSeq) !== undefined,
    now: ctx.rules.now(),
    reviewTimeoutMs: ctx.rules.reviewTimeoutMs,
    trust,
  }
}

/** The shape of an id `guard.check` accepts in `uses`: a memory, a working-memory entry or a Decision key. */
export function entryKind(id: string): ShadowEntry['kind'] | null {
  if (/^m_[1-9]\d*$/.test(id)) return 'memory'
  if (id.startsWith('w:') && id.indexOf('/') > 2 && !id.endsWith('/')) return 'working'
  if (id.startsWith('decision:') && id.length > 9) return 'decision'
  return null
}

export function buildShadow(view: ShadowView, uses: readonly string[], contextEntries: readonly string[] = []): Shadow {
  const entries = new Map<string, ShadowEntry>()
  const depth = new Map<string, number>()
  const roots: string[] = []
  let truncated = false
  const queue: string[] = []
  for (const id of [...uses, ...contextEntries]) {
    if (depth.has(id)) continue
    depth.set(id, 0)
    roots.push(id)
    queue.push(id)
  }
  // Breadth first, so the depth recorded is the shortest path and the cap cuts the farthest entries.
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i]
    const e = shadowEntry(view, id)
    entries.set(id, e)
    const d = depth.get(id)!
    if (!e.deps.length) continue
    if (d >= MAX_DEPTH) {
      truncated = true
      continue
    }
    for (const dep of e.deps) {
      if (depth.has(dep)) continue
      if (depth.size >= MAX_ENTRIES) {
        truncated = true
        break
      }
      depth.set(dep, d + 1)
      queue.push(dep)
    }
  }
  const peers = new Map<string, ShadowEntry>()
  for (const e of entries.values())
    for (const c of e.conflictsWith) if (!entries.has(c) && !peers.has(c)) peers.set(c, shadowEntry(view, c))
  return { entries, roots, depth, peers, truncated }
}

/** One entry's shadow (state `missing` for an id nothing was ever written under). */
export function shadowEntry(view: ShadowView, id: string): ShadowEntry {
  const kind = entryKind(id)
  if (kind === 'memory') {
    const m = view.lifecycle.memories.get(id)
    return m ? memoryShadow(view, m) : endedShadow(view, id, 'memory')
  }
  if (kind === 'working') {
    const w = view.lifecycle.working.get(id.slice(2))
    if (!w) return endedShadow(view, id, 'working')
    return {
      ...blank(id, 'working', view.now >= w.expires ? 'expired' : 'live'),
      key: w.name,
      source: w.source,
      trust: view.trust(w.source),
      confidence: 1,
      deps: depsOf(view.lifecycle, w.deps, w.ctx),
    }
  }
  if (kind === 'decision') {
    const key = id.slice('decision:'.length)
    const state: ShadowState = view.hasDecision(key) ? 'live' : view.everDecision(key) ? 'rolled_back' : 'missing'
    if (state !== 'live') return blank(id, 'decision', state)
    return { ...blank(id, 'decision', state), type: 'decision', key, source: 'decision', trust: view.trust('decision'), confidence: 1 }
  }
  return blank(id, 'memory', 'missing')
}

function memoryShadow(view: ShadowView, m: MemorySlot): ShadowEntry {
  return {
    id: m.id,
    kind: 'memory',
    state: memoryState(view, m),
    type: m.type,
    owner: m.owner,
    key: m.key,
    ns: m.ns,
    source: m.source || null,
    trust: view.trust(m.source || null),
    confidence: m.confidence,
    findings: m.findings,
    conflictsWith: m.conflictsWith,
    deps: depsOf(view.lifecycle, m.deps, m.ctx),
  }
}

/** What reads would say about the memory now, by the store's clock (no receipt is written for what it finds). */
function memoryState(view: ShadowView, m: MemorySlot): ShadowState {
  if (m.erased !== null) return 'erased'
  if (m.expires !== null && view.now >= m.expires) return 'expired'
  if (view.now < m.validFrom) return 'not_yet_valid'
  if (m.status === 'rejected') return 'rejected'
  // A review past its timeout is a rejection the next read writes down.
  if (m.status === 'pending_review') return view.now >= m.updatedMs + view.reviewTimeoutMs ? 'rejected' : 'pending_review'
  return 'live'
}

/** An entry that left the live set (its record says how) or was never there. */
function endedShadow(view: ShadowView, id: string, kind: ShadowEntry['kind']): ShadowEntry {
  const end = view.lifecycle.ended.get(id)
  const state: ShadowState = !end ? 'missing' : end.op === 'EXPIRE' ? 'expired' : end.why === 'rollback' ? 'rolled_back' : 'deleted'
  return blank(id, kind, state)
}

function blank(id: string, kind: ShadowEntry['kind'], state: ShadowState): ShadowEntry {
  return {
    id,
    kind,
    state,
    type: null,
    owner: null,
    key: null,
    ns: [],
    source: null,
    trust: 'untrusted',
    confidence: 0,
    findings: [],
    conflictsWith: [],
    deps: [],
  }
}

/** Explicit dependencies, with any context among them (and the linked context) replaced by its entries. */
function depsOf(state: MemoryState, deps: readonly string[], ctx: string | null): string[] {
  if (ctx === null && !deps.some(isContextId)) return deps as string[]
  const out: string[] = []
  const add = (id: string) => {
    if (!out.includes(id)) out.push(id)
  }
  for (const d of deps) {
    if (isContextId(d)) for (const e of state.contexts.get(d)?.entries ?? []) add(e)
    else add(d)
  }
  if (ctx !== null) for (const e of state.contexts.get(ctx)?.entries ?? []) add(e)
  return out
}

const isContextId = (id: string): boolean => id.startsWith('ctx_')
