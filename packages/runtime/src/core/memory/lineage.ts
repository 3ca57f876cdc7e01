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
  end?: EndRecord
  /** A live memory's review status. */
  status?: MemoryStatus
  /** A guard check's decision. */
  decision?: GuardDecision
}

export interface LineageResult {
  root: LineageNode
  /** Every node reached (the root excepted), by depth, then id (numeric parts compared as numbers). */
  nodes: LineageNode[]
  /** Every edge between the root and the nodes reached, sorted by from, to, kind. */
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
  if (/^m_\d+$/.test(id)) return 'memory'
  if (id.startsWith('w:')) return 'working'
  if (id.startsWith('decision:')) return 'decision'
  if (/^ctx_\d+$/.test(id)) return 'context'
  if (/^guard_\d+$/.test(id)) return 'guard'
  return 'unknown'
}

/**
 * What an entry was derived from, transitively: its `dependsOn` entries, the context it was linked to, that
 * context's entries, their own dependencies, and so on. Throws MemoryNotFoundError for an id the state has never
 * recorded nor seen referenced. An ended entry's own dependencies are no longer kept by the state, so lineage
 * stops at it (it is listed, with its end).
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
  for (let d = 1; frontier.length; d++) {
    const next: string[] = []
    for (const x of frontier)
      for (const e of downstream(state, x)) {
        if (seen.has(e.from)) continue
        seen.add(e.from)
        depth.set(e.from, d)
        next.push(e.from)
      }
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

type Step = (state: MemoryState, id: string) => LineageEdge[]

function walk(state: MemoryState, id: string, options: LineageOptions, step: Step): LineageResult {
  if (typeof id !== 'string' || !id) throw new OptionError('lineage id', 'must be a non-empty string')
  const maxDepth = checkOptions(options)
  if (!isKnownNode(state, id, options.decisions)) throw new MemoryNotFoundError(id, 'entry, context or guard check')
  const root = describe(state, id, 0, null, null, options)
  const reached = new Map<string, LineageNode>([[id, root]])
  const edges: LineageEdge[] = []
  let frontier = [id]
  // Breadth first: a node's depth and parent are those of a shortest path; the visited map ends any cycle. Each
  // level and each node's edges are taken in id order, so the parent chosen does not depend on the order the
  // reverse index was built in (live, or rebuilt from a snapshot).
  for (let d = 1; frontier.length && d <= maxDepth; d++) {
    const next: string[] = []
    for (const x of frontier.sort(compareIds))
      for (const e of step(state, x).sort((a, b) => compareIds(a.from === x ? a.to : a.from, b.from === x ? b.to : b.from))) {
        const other = e.from === x ? e.to : e.from
        const known = reached.get(other)
        edges.push(e)
        if (known) continue
        reached.set(other, describe(state, other, d, e.kind, x, options))
        next.push(other)
      }
    frontier = next
  }
  reached.delete(id)
  return { root, nodes: sortNodes([...reached.values()]), edges: sortEdges(dedupe(edges)) }
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
function upstream(state: MemoryState, id: string): LineageEdge[] {
  const out: LineageEdge[] = []
  const entry = entryOf(state, id)
  if (entry) {
    for (const d of entry.deps) out.push({ from: id, to: d, kind: 'dependsOn' })
    if (entry.ctx) out.push({ from: id, to: entry.ctx, kind: 'context' })
    return out
  }
  const context = state.contexts.get(id)
  if (context) {
    for (const e of context.entries) out.push({ from: id, to: e, kind: 'contained' })
    return out
  }
  const guard = state.guards.get(id)
  if (guard) {
    for (const u of guard.uses) out.push({ from: id, to: u, kind: 'used' })
    if (guard.ctx) out.push({ from: id, to: guard.ctx, kind: 'context' })
  }
  return out
}

/** What rests on `id`: the reverse index, less the edges a rewritten working entry no longer has. */
function downstream(state: MemoryState, id: string): LineageEdge[] {
  const list = state.dependents.get(id)
  if (!list) return []
  const isContext = nodeKind(id) === 'context'
  const out: LineageEdge[] = []
  for (const from of list) {
    const kind = nodeKind(from)
    if (kind === 'context') {
      out.push({ from, to: id, kind: 'contained' })
      continue
    }
    if (kind === 'guard') {
      out.push({ from, to: id, kind: isContext ? 'context' : 'used' })
      continue
    }
    // The reverse index only grows; a working entry written again names its new dependencies only, and a memory
    // updated in another context names that one: an edge the live entry no longer has is history, not influence.
    const entry = entryOf(state, from)
    if (!entry) {
      // An ended entry keeps its reverse edges but not its slot: a context is only ever linked as its `ctx`.
      out.push({ from, to: id, kind: isContext ? 'context' : 'dependsOn' })
      continue
    }
    if (entry.deps.includes(id)) out.push({ from, to: id, kind: 'dependsOn' })
    if (entry.ctx === id) out.push({ from, to: id, kind: 'context' })
  }
  return out
}

/** The live memory or working entry behind a node id, if any. */
function entryOf(state: MemoryState, id: string): { deps: string[]; ctx: string | null } | undefined {
  return id.startsWith('w:') ? state.working.get(id.slice(2)) : state.memories.get(id)
}

function describe(
  state: MemoryState,
  id: string,
  depth: number,
  via: LineageEdgeKind | null,
  parent: string | null,
  options: LineageOptions,
): LineageNode {
  const kind = nodeKind(id)
  const node: LineageNode = { id, kind, depth, via, parent, state: 'missing' }
  const memory = kind === 'memory' ? state.memories.get(id) : undefined
  const guard = kind === 'guard' ? state.guards.get(id) : undefined
  const end = state.ended.get(id)
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
  else if (end) {
    node.state = 'ended'
    node.end = end
  }
  return node
}

/** Sort key of an id: its text before a trailing number, and that number (so m_9 comes before m_10). */
function splitId(id: string): [string, number] {
  const m = /^(.*?)(\d+)$/.exec(id)
  return m ? [m[1], Number(m[2])] : [id, -1]
}

export function compareIds(a: string, b: string): number {
  const [pa, na] = splitId(a)
  const [pb, nb] = splitId(b)
  if (pa !== pb) return pa < pb ? -1 : 1
  if (na !== nb) return na - nb
  return a < b ? -1 : a > b ? 1 : 0
}

function sortNodes(nodes: LineageNode[]): LineageNode[] {
  // Keys computed once: a blast radius can hold the whole graph.
  const keyed = nodes.map((n) => ({ n, k: splitId(n.id) }))
  keyed.sort(
    (x, y) =>
      x.n.depth - y.n.depth ||
      (x.k[0] !== y.k[0] ? (x.k[0] < y.k[0] ? -1 : 1) : x.k[1] - y.k[1] || (x.n.id < y.n.id ? -1 : x.n.id > y.n.id ? 1 : 0)),
  )
  return keyed.map((x) => x.n)
}

function dedupe(edges: LineageEdge[]): LineageEdge[] {
  const seen = new Set<string>()
  return edges.filter((e) => {
    const k = `${e.from}\u0000${e.to}\u0000${e.kind}`
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
}

function sortEdges(edges: LineageEdge[]): LineageEdge[] {
  return edges.sort((a, b) => compareIds(a.from, b.from) || compareIds(a.to, b.to) || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0))
}
