/**
 * Lineage and influence (blast radius) over the graph the lifecycle state records: an entry's explicit
 * `dependsOn` (slot.deps), the rendered context it was automatically linked to (slot.ctx), what each rendered
 * context contained (READ receipts) and what each guard check evaluated (GUARD receipts). Upstream edges are read
 * from the nodes themselves; downstream edges from `dependents`, the reverse index the state keeps, so a query
 * costs what it returns and never a scan of every entry.
 *
 * Both queries are pure functions of a MemoryState: live, after a replay, and on a time-travel view alike.
 */
import { MemoryNotFoundError, OptionError } from '../../errors.js'
import type { GuardDecision, MemoryStatus } from './meta.js'
import type { EndRecord, MemoryState } from './state.js'

/** What a node of the lineage graph is, from its id's form. */
export type LineageNodeKind = 'memory' | 'working' | 'decision' | 'context' | 'guard' | 'unknown'

/**
 * How the dependent node rests on the other:
 * - `dependsOn`: an entry names it in its `dependsOn` (explicit, or what an auto-linked context contained);
 * - `context`: an entry (or guard check) was derived from / made in that rendered context;
 * - `contained`: a rendered context contained that entry;
 * - `used`: a guard check evaluated that entry.
 */
export type LineageEdgeKind = 'dependsOn' | 'context' | 'contained' | 'used'

/** One edge, always oriented from the dependent node (`from`) to what it rests on (`to`). */
export interface LineageEdge {
  from: string
  to: string
  kind: LineageEdgeKind
}

export interface LineageNode {
  id: string
  kind: LineageNodeKind
  /** Edges from the root on a shortest path (0 for the root). */
  depth: number
  /** The kind of edge it was first reached by on a shortest path (null for the root). */
  via: LineageEdgeKind | null
  /** The node it was first reached from (null for the root). */
  parent: string | null
  /**
   * `live`: the entry exists (contexts and guard checks are records and always live); `ended`: deleted or expired
   * (`end` says by which receipt and why, e.g. why `rollback`); `missing`: named by an edge but never recorded.
   */
  state: 'live' | 'ended' | 'missing'
  end?: Pick<EndRecord, 'op' | 'why' | 'seq'>
  /** A live memory's review status. */
  status?: MemoryStatus
  /** A guard check's decision. */
  decision?: GuardDecision
}

export interface LineageResult {
  root: LineageNode
  /** Every node reached (the root excepted), by depth, then id (numeric parts compared as numbers). */
  nodes: LineageNode[]
  /**
   * Every edge between the root and the nodes reached, in the order of their ends (the root first, then the nodes
   * as listed): by the `from` end, then the `to` end, then kind.
   */
  edges: LineageEdge[]
}

export interface LineageOptions {
  /** Stop after this many edges from the root (a positive integer; default: no limit). */
  maxDepth?: number
  /**
   * The Decision pool's keys (e.g. `ledger.state.decision`): tells a live `decision:<key>` from a missing one.
   * Without it, decision nodes that are referenced count as live.
   */
  decisions?: { has(key: string): boolean }
}

/** The kind of a node id: `m_<seq>`, `w:<session>/<name>`, `decision:<key>`, `ctx_<seq>`, `guard_<seq>`. */
export function nodeKind(id: string): LineageNodeKind {
  if (id.startsWith('m_')) return isSeq(id, 2) ? 'memory' : 'unknown'
  if (id.startsWith('w:')) return 'working'
  if (id.startsWith('decision:')) return 'decision'
  if (id.startsWith('ctx_')) return isSeq(id, 4) ? 'context' : 'unknown'
  if (id.startsWith('guard_')) return isSeq(id, 6) ? 'guard' : 'unknown'
  return 'unknown'
}

/** Whether `id` from `start` on is a non-empty run of digits (no regular expression: this runs per edge). */
function isSeq(id: string, start: number): boolean {
  if (id.length <= start) return false
  for (let i = start; i < id.length; i++) {
    const c = id.charCodeAt(i)
    if (c < 48 || c > 57) return false
  }
  return true
}

/**
 * What an entry was derived from, transitively: its `dependsOn` entries, the context it was linked to, that
 * context's entries, their own dependencies, and so on. Throws MemoryNotFoundError for an id the state has never
 * recorded nor seen referenced. An ended entry is listed with its end, and the walk goes on through what it rested
 * on (its end record keeps that).
 */
export function lineage(state: MemoryState, id: string, options: LineageOptions = {}): LineageResult {
  return walk(state, id, options, upstream)
}

/**
 * Everything that depended on an entry, transitively (its blast radius): entries derived from it (memories and
 * working entries, by `dependsOn` or by auto-linking), rendered contexts that contained it, entries derived from
 * those contexts, and guard checks that evaluated any of them (with their decision).
 */
export function influence(state: MemoryState, id: string, options: LineageOptions = {}): LineageResult {
  return walk(state, id, options, downstream)
}

/**
 * The ids of every node that depends, transitively, on any of `roots` (the roots themselves left out unless one
 * depends on another), with their depth: what a cascading rollback removes is the memory and working entries
 * among them. One visited set for all roots, so overlapping blast radii are walked once.
 */
export function dependentsOf(state: MemoryState, roots: Iterable<string>): Map<string, number> {
  const depth = new Map<string, number>()
  const seen = new Set<string>()
  let frontier: string[] = []
  for (const r of roots)
    if (!seen.has(r)) {
      seen.add(r)
      frontier.push(r)
    }
  let next: string[] = []
  let d = 1
  const emit: Emit = (from) => {
    if (seen.has(from)) return
    seen.add(from)
    depth.set(from, d)
    next.push(from)
  }
  for (; frontier.length; d++) {
    next = []
    for (const x of frontier) downstream(state, x, emit)
    frontier = next
  }
  return depth
}

/** Whether the state knows this node: recorded (live or ended), or named by some edge. */
export function isKnownNode(state: MemoryState, id: string, decisions?: { has(key: string): boolean }): boolean {
  return (
    state.memories.has(id) ||
    state.ended.has(id) ||
    state.contexts.has(id) ||
    state.guards.has(id) ||
    state.dependents.has(id) ||
    (id.startsWith('w:') && state.working.has(id.slice(2))) ||
    (id.startsWith('decision:') && decisions !== undefined && decisions.has(id.slice('decision:'.length)))
  )
}

/** Calls `emit(from, to, kind)` for each edge of `id` in one direction. */
type Step = (state: MemoryState, id: string, emit: Emit) => void
type Emit = (from: string, to: string, kind: LineageEdgeKind) => void

/** A node during a walk, with its sort key and (once sorted) its rank. */
interface Rec {
  node: LineageNode
  prefix: string
  num: number
  rank: number
}

function walk(state: MemoryState, id: string, options: LineageOptions, step: Step): LineageResult {
  if (typeof id !== 'string' || !id) throw new OptionError('lineage id', 'must be a non-empty string')
  const maxDepth = checkOptions(options)
  if (!isKnownNode(state, id, options.decisions)) throw new MemoryNotFoundError(id, 'entry, context or guard check')
  const down = step === downstream
  const rootRec = record(describe(state, id, 0, options))
  rootRec.rank = -1
  const recs = new Map<string, Rec>([[id, rootRec]])
  // The edges found and, at the same index, the records of their two ends (parallel arrays: no object per edge
  // beyond the edge itself; a blast radius can hold the whole graph).
  const found: LineageEdge[] = []
  const fromRecs: Rec[] = []
  const toRecs: Rec[] = []
  let frontier = [rootRec]
  let next: Rec[] = []
  let current = rootRec
  let depth = 0
  // One closure for the whole walk (this runs once per edge of a blast radius that can hold the whole graph).
  const emit: Emit = (from, to, kind) => {
    const otherId = down ? from : to
    let other = recs.get(otherId)
    if (!other) {
      other = record(describe(state, otherId, depth, options))
      recs.set(otherId, other)
      next.push(other)
    }
    found.push({ from, to, kind })
    fromRecs.push(down ? other : current)
    toRecs.push(down ? current : other)
  }
  // Breadth first, so a node's depth is that of a shortest path; the visited map ends any cycle.
  for (depth = 1; frontier.length && depth <= maxDepth; depth++) {
    next = []
    for (current of frontier) step(state, current.node.id, emit)
    frontier = next
  }
  recs.delete(id)
  const sorted = [...recs.values()].sort(
    (x, y) =>
      x.node.depth - y.node.depth ||
      (x.prefix !== y.prefix ? (x.prefix < y.prefix ? -1 : 1) : x.num - y.num) ||
      (x.node.id < y.node.id ? -1 : x.node.id > y.node.id ? 1 : 0),
  )
  sorted.forEach((r, i) => (r.rank = i))
  const edges: LineageEdge[] = []
  let last: LineageEdge | undefined
  for (const i of edgeOrder(found, fromRecs, toRecs, sorted.length)) {
    const edge = found[i]!
    // An edge recorded twice (an id named twice) is listed once.
    if (last && last.from === edge.from && last.to === edge.to && last.kind === edge.kind) continue
    edges.push((last = edge))
    // Parent: of the edges from the level above, the one from the first node in order (then the first edge
    // kind), so the tree does not depend on the order the reverse index was built in (live, or from a snapshot).
    const near = down ? toRecs[i]! : fromRecs[i]!
    const far = down ? fromRecs[i]! : toRecs[i]!
    if (far.node.parent === null && far !== rootRec && near.node.depth === far.node.depth - 1) {
      far.node.parent = near.node.id
      far.node.via = edge.kind
    }
  }
  return { root: rootRec.node, nodes: sorted.map((r) => r.node), edges }
}

/** Edge kinds in the order edges of the same two ends are listed. */
const KIND_ORDER: Record<LineageEdgeKind, number> = { contained: 0, context: 1, dependsOn: 2, used: 3 }

/**
 * The indexes of `found` in listing order: by the rank of the `from` end (the root, rank -1, first), then of the
 * `to` end, then kind. Each edge's order is one integer (ranks and kind packed, with the index in the low part),
 * so a plain numeric sort of a Float64Array does it, without a comparator call per comparison; a graph too
 * large to pack that exactly falls back to comparing the parts.
 */
function edgeOrder(found: LineageEdge[], fromRecs: Rec[], toRecs: Rec[], ranks: number): Float64Array | number[] {
  const n = found.length
  const r = ranks + 1
  const key = (i: number) => ((fromRecs[i]!.rank + 1) * r + toRecs[i]!.rank + 1) * 4 + KIND_ORDER[found[i]!.kind]
  if (r * r * 4 * n < Number.MAX_SAFE_INTEGER) {
    const packed = new Float64Array(n)
    for (let i = 0; i < n; i++) packed[i] = key(i) * n + i
    packed.sort()
    for (let i = 0; i < n; i++) packed[i] = packed[i]! % n
    return packed
  }
  const keys = Array.from({ length: n }, (_, i) => key(i))
  return Array.from({ length: n }, (_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b)
}

/** Sort-key prefixes of the node kinds whose ids are a fixed prefix and a seq (shared: no text cut per node). */
const SEQ_PREFIX: Partial<Record<LineageNodeKind, string>> = { memory: 'm_', context: 'ctx_', guard: 'guard_' }

/** A walk record: the node and its sort key (the text before a trailing number, and that number: m_9 < m_10). */
function record(node: LineageNode): Rec {
  const id = node.id
  const prefix = SEQ_PREFIX[node.kind]
  // Seqs are safe integers: read the digits without cutting the id (this runs once per node of a blast radius).
  if (prefix !== undefined && id.length - prefix.length <= 15) {
    let num = 0
    for (let i = prefix.length; i < id.length; i++) num = num * 10 + id.charCodeAt(i) - 48
    return { node, prefix, num, rank: 0 }
  }
  let i = id.length
  while (i > 0 && id.charCodeAt(i - 1) >= 48 && id.charCodeAt(i - 1) <= 57) i--
  return i === id.length ? { node, prefix: id, num: -1, rank: 0 } : { node, prefix: id.slice(0, i), num: Number(id.slice(i)), rank: 0 }
}

function checkOptions(options: LineageOptions): number {
  if (!options || typeof options !== 'object') throw new OptionError('lineage options', 'must be an object')
  const { maxDepth, decisions } = options
  if (maxDepth !== undefined && !(Number.isInteger(maxDepth) && maxDepth > 0))
    throw new OptionError('lineage maxDepth', 'must be a positive integer')
  if (decisions !== undefined && typeof (decisions as { has?: unknown })?.has !== 'function')
    throw new OptionError('lineage decisions', 'must have a has(key) method (a Map or Set of decision keys)')
  return maxDepth ?? Infinity
}

/** What `id` rests on: read from the node itself. */
function upstream(state: MemoryState, id: string, emit: Emit): void {
  // An ended entry keeps what it rested on in its end record: lineage walks past it.
  const entry = entryOf(state, id) ?? state.ended.get(id)
  if (entry) {
    for (const d of entry.deps ?? []) emit(id, d, 'dependsOn')
    if (entry.ctx) emit(id, entry.ctx, 'context')
    return
  }
  const context = state.contexts.get(id)
  if (context) {
    for (const e of context.entries) emit(id, e, 'contained')
    return
  }
  const guard = state.guards.get(id)
  if (guard) {
    for (const u of guard.uses) emit(id, u, 'used')
    if (guard.ctx) emit(id, guard.ctx, 'context')
  }
}

/** What rests on `id`: the reverse index, less the edges a rewritten entry no longer has. */
function downstream(state: MemoryState, id: string, emit: Emit): void {
  const list = state.dependents.get(id)
  if (!list) return
  const isContext = nodeKind(id) === 'context'
  for (const from of list) {
    const kind = nodeKind(from)
    if (kind === 'context') emit(from, id, 'contained')
    else if (kind === 'guard') emit(from, id, isContext ? 'context' : 'used')
    // A memory's dependencies only grow (UPDATE adds to them): its dependsOn edge needs no look-up, which is
    // most edges of a large blast radius.
    else if (!isContext && kind === 'memory') emit(from, id, 'dependsOn')
    else {
      // The reverse index only grows; a working entry written again names its new dependencies only, and a
      // memory updated in another context names that one: an edge the live entry no longer has is history.
      const entry = entryOf(state, from)
      if (!entry) {
        // An ended entry keeps its reverse edges but not its slot: a context is only ever linked as its `ctx`.
        emit(from, id, isContext ? 'context' : 'dependsOn')
        continue
      }
      if (entry.deps.includes(id)) emit(from, id, 'dependsOn')
      if (entry.ctx === id) emit(from, id, 'context')
    }
  }
}

/** The live memory or working entry behind a node id, if any. */
function entryOf(state: MemoryState, id: string): { deps: string[]; ctx: string | null } | undefined {
  return id.startsWith('w:') ? state.working.get(id.slice(2)) : state.memories.get(id)
}

function describe(state: MemoryState, id: string, depth: number, options: LineageOptions): LineageNode {
  const kind = nodeKind(id)
  const node: LineageNode = { id, kind, depth, via: null, parent: null, state: 'missing' }
  const memory = kind === 'memory' ? state.memories.get(id) : undefined
  const guard = kind === 'guard' ? state.guards.get(id) : undefined
  if (memory) {
    node.state = 'live'
    node.status = memory.status
  } else if (guard) {
    node.state = 'live'
    node.decision = guard.decision
  } else if (
    (kind === 'working' && state.working.has(id.slice(2))) ||
    (kind === 'context' && state.contexts.has(id)) ||
    (kind === 'decision' && (options.decisions ? options.decisions.has(id.slice('decision:'.length)) : true))
  )
    node.state = 'live'
  else {
    const end = state.ended.get(id)
    if (end) {
      node.state = 'ended'
      node.end = { op: end.op, why: end.why, seq: end.seq }
    }
  }
  return node
}
