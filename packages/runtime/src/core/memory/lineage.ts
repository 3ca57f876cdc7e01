/**
 * Lineage and influence (blast radius) over the graph the lifecycle state records: an entry's explicit
 * `dependsOn` (slot.deps), the rendered context it was automatically linked to (slot.ctx), what each rendered
 * context contained (READ receipts) and what each guard check evaluated (GUARD receipts). Upstream edges are read
 * from the nodes themselves; downstream edges from `dependents`, the reverse index the state keeps (node ids interned
 * to integers, lineage-graph.ts), so a query costs what it returns and never a scan of every entry: it walks
 * integers and builds objects only for the nodes and edges it returns.
 *
 * Both queries are pure functions of a MemoryState (a root the graph had not interned gets an index, nothing more):
 * live, after a replay, and on a time-travel view alike.
 */
import { MemoryNotFoundError, OptionError } from '../../errors.js'
import { CONTEXT, DECISION, GUARD, KIND_CODES, MEMORY, WORKING, kindCode, type LineageGraph } from './lineage-graph.js'
import { edgeOrder, nodeOrder } from './lineage-order.js'
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
  return KIND_CODES[kindCode(id)]!
}

/**
 * What an entry was derived from, transitively: its `dependsOn` entries, the context it was linked to, that
 * context's entries, their own dependencies, and so on. Throws MemoryNotFoundError for an id the state has never
 * recorded nor seen referenced. An ended entry is listed with its end, and the walk goes on through what it rested
 * on (its end record keeps that).
 */
export function lineage(state: MemoryState, id: string, options: LineageOptions = {}): LineageResult {
  return walk(state, id, options, false)
}

/**
 * Everything that depended on an entry, transitively (its blast radius): entries derived from it (memories and
 * working entries, by `dependsOn` or by auto-linking), rendered contexts that contained it, entries derived from
 * those contexts, and guard checks that evaluated any of them (with their decision).
 */
export function influence(state: MemoryState, id: string, options: LineageOptions = {}): LineageResult {
  return walk(state, id, options, true)
}

/**
 * The ids of every node that depends, transitively, on any of `roots` (the roots themselves left out unless one
 * depends on another), with their depth: what a cascading rollback removes is the memory and working entries
 * among them. One visited stamp for all roots, so overlapping blast radii are walked once.
 */
export function dependentsOf(state: MemoryState, roots: Iterable<string>): Map<string, number> {
  const g = state.dependents
  const depth = new Map<string, number>()
  const stamp = g.beginWalk()
  let frontier: number[] = []
  for (const r of roots) {
    // A node the graph has never interned has no dependents (and depends on nothing that is a root).
    const i = g.indexOf(r)
    if (i !== undefined && g.visit(i, stamp, 0) < 0) frontier.push(i)
  }
  let next: number[] = []
  let d = 1
  const emit: Emit = (from) => {
    if (g.visit(from, stamp, 0) >= 0) return
    depth.set(g.ids[from]!, d)
    next.push(from)
  }
  for (; frontier.length; d++) {
    next = []
    for (const x of frontier) downstream(state, g, x, emit)
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

/** Edge kinds by code, in the order edges of the same two ends are listed. */
const EDGE_KINDS: readonly LineageEdgeKind[] = ['contained', 'context', 'dependsOn', 'used']
const CONTAINED = 0
const IN_CONTEXT = 1
const DEPENDS_ON = 2
const USED = 3

/** Calls `emit(other, kind)` for each edge of the node at graph index `x` in one direction. */
type Step = (state: MemoryState, g: LineageGraph, x: number, emit: Emit) => void
type Emit = (other: number, kind: number) => void

/**
 * Breadth first over graph indexes (so a node's depth is that of a shortest path; the visited stamp ends any
 * cycle), then sorted, and only then are the nodes returned described and the edges made objects. Each node has a
 * position in the walk (the root 0); edges are kept as positions in parallel arrays.
 */
function walk(state: MemoryState, id: string, options: LineageOptions, down: boolean): LineageResult {
  if (typeof id !== 'string' || !id) throw new OptionError('lineage id', 'must be a non-empty string')
  const maxDepth = checkOptions(options)
  if (!isKnownNode(state, id, options.decisions)) throw new MemoryNotFoundError(id, 'entry, context or guard check')
  const g = state.dependents
  const step: Step = down ? downstream : upstream
  // A known root the graph has not interned yet (a decision, an entry nothing links) has no edges down; interning
  // it only gives it an index.
  const root = g.intern(id)
  const stamp = g.beginWalk()
  g.visit(root, stamp, 0)
  const at = [root]
  const depthAt = [0]
  const edgeFrom: number[] = []
  const edgeTo: number[] = []
  const edgeKind: number[] = []
  let frontier = [0]
  let next: number[] = []
  let current = 0
  let depth = 0
  // One closure for the whole walk (this runs once per edge of a blast radius that can hold the whole graph).
  const emit: Emit = (other, kind) => {
    let p = g.visit(other, stamp, at.length)
    if (p < 0) {
      p = at.length
      at.push(other)
      depthAt.push(depth)
      next.push(p)
    }
    edgeFrom.push(down ? p : current)
    edgeTo.push(down ? current : p)
    edgeKind.push(kind)
  }
  for (depth = 1; frontier.length && depth <= maxDepth; depth++) {
    next = []
    for (current of frontier) step(state, g, at[current]!, emit)
    frontier = next
  }
  const n = at.length
  const ids = g.ids
  const order = nodeOrder(g, at, depthAt)
  const rank = new Int32Array(n)
  rank[0] = -1
  const nodeAt: LineageNode[] = [describe(state, root, 0, options)]
  const nodes: LineageNode[] = []
  for (let i = 0; i < n - 1; i++) {
    const p = order[i]!
    rank[p] = i
    nodes.push((nodeAt[p] = describe(state, at[p]!, depthAt[p]!, options)))
  }
  const edges: LineageEdge[] = []
  let lastFrom = -1
  let lastTo = -1
  let lastKind = -1
  for (const i of edgeOrder(edgeFrom, edgeTo, edgeKind, rank, n)) {
    const f = edgeFrom[i]!
    const t = edgeTo[i]!
    const k = edgeKind[i]!
    // An edge recorded twice (an id named twice) is listed once.
    if (f === lastFrom && t === lastTo && k === lastKind) continue
    lastFrom = f
    lastTo = t
    lastKind = k
    edges.push({ from: ids[at[f]!]!, to: ids[at[t]!]!, kind: EDGE_KINDS[k]! })
    // Parent: of the edges from the level above, the one from the first node in order (then the first edge
    // kind), so the tree does not depend on the order the reverse index was built in (live, or from a snapshot).
    const near = down ? t : f
    const far = down ? f : t
    const farNode = nodeAt[far]!
    if (far !== 0 && farNode.parent === null && depthAt[near] === depthAt[far]! - 1) {
      farNode.parent = nodeAt[near]!.id
      farNode.via = EDGE_KINDS[k]!
    }
  }
  return { root: nodeAt[0], nodes, edges }
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

/** What the node at `x` rests on: read from the node itself (every id an edge names is interned when linked). */
function upstream(state: MemoryState, g: LineageGraph, x: number, emit: Emit): void {
  const id = g.ids[x]!
  // An ended entry keeps what it rested on in its end record: lineage walks past it.
  const entry = entryOf(state, id) ?? state.ended.get(id)
  if (entry) {
    for (const d of entry.deps ?? []) emit(g.intern(d), DEPENDS_ON)
    if (entry.ctx) emit(g.intern(entry.ctx), IN_CONTEXT)
    return
  }
  const context = state.contexts.get(id)
  if (context) {
    for (const e of context.entries) emit(g.intern(e), CONTAINED)
    return
  }
  const guard = state.guards.get(id)
  if (guard) {
    for (const u of guard.uses) emit(g.intern(u), USED)
    if (guard.ctx) emit(g.intern(guard.ctx), IN_CONTEXT)
  }
}

/** What rests on the node at `x`: the reverse index, less the edges a rewritten entry no longer has. */
function downstream(state: MemoryState, g: LineageGraph, x: number, emit: Emit): void {
  const list = g.down[x]
  if (!list) return
  const isContext = g.kinds[x] === CONTEXT
  for (const from of list) {
    const kind = g.kinds[from]
    if (kind === CONTEXT) emit(from, CONTAINED)
    else if (kind === GUARD) emit(from, isContext ? IN_CONTEXT : USED)
    // A memory's dependencies only grow (UPDATE adds to them): its dependsOn edge needs no look-up, which is
    // most edges of a large blast radius.
    else if (!isContext && kind === MEMORY) emit(from, DEPENDS_ON)
    else {
      // The reverse index only grows; a working entry written again names its new dependencies only, and a
      // memory updated in another context names that one: an edge the live entry no longer has is history.
      const entry = kind === MEMORY ? g.memoryAt[from] : entryOf(state, g.ids[from]!)
      if (!entry) {
        // An ended entry keeps its reverse edges but not its slot: a context is only ever linked as its `ctx`.
        emit(from, isContext ? IN_CONTEXT : DEPENDS_ON)
        continue
      }
      const id = g.ids[x]!
      if (entry.deps.includes(id)) emit(from, DEPENDS_ON)
      if (entry.ctx === id) emit(from, IN_CONTEXT)
    }
  }
}

/** The live memory or working entry behind a node id, if any. */
function entryOf(state: MemoryState, id: string): { deps: string[]; ctx: string | null } | undefined {
  return id.startsWith('w:') ? state.working.get(id.slice(2)) : state.memories.get(id)
}

/** A node as listed, for the node at graph index `i`. */
function describe(state: MemoryState, i: number, depth: number, options: LineageOptions): LineageNode {
  const g = state.dependents
  const id = g.ids[i]!
  const kind = g.kinds[i]!
  const node: LineageNode = { id, kind: KIND_CODES[kind]!, depth, via: null, parent: null, state: 'missing' }
  const memory = g.memoryAt[i]
  const guard = kind === GUARD ? state.guards.get(id) : undefined
  if (memory) {
    node.state = 'live'
    node.status = memory.status
  } else if (guard) {
    node.state = 'live'
    node.decision = guard.decision
  } else if (
    (kind === WORKING && state.working.has(id.slice(2))) ||
    (kind === CONTEXT && state.contexts.has(id)) ||
    (kind === DECISION && (options.decisions ? options.decisions.has(id.slice('decision:'.length)) : true))
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
