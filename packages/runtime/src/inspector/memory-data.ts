/**
 * The inspector's memory views as data (InspectorMemory, ReviewQueue, LineageGraph of ./model), read from an open
 * store's lifecycle state: the report builder and the dev page's app bridge both call these, so the two pages show
 * the same thing. Read-only: the review queue is read from the state, not from `customs.review.pending()`, which
 * rejects timed-out items with receipts (looking must not write).
 *
 * Content and evidence are values: present only with `reveal`; the findings' rules, severities and spans always.
 */
import type { Customs } from '../core/customs.js'
import { scannableText } from '../core/gates/bridge.js'
import type { LineageNode, LineageResult } from '../core/memory/lineage.js'
import type { Access } from '../core/memory/meta.js'
import type { MemorySlot, PendingPromotion } from '../core/memory/state.js'
import { executionKey } from '../core/receipt.js'
import type { PoolState } from '../core/state.js'
import type { InspectorFinding, InspectorMemory, LineageGraph, LineageGraphNode, MemoryGraph, ReviewQueue } from './model.js'

/** The runtime's default `review.timeoutMs` (core/options.ts): when a pending item's deadline is not told. */
export const DEFAULT_REVIEW_TIMEOUT_MS = 24 * 60 * 60 * 1000
/** How deep the report's graph and the dev page's walks go by default (a picture of more is unreadable anyway). */
export const DEFAULT_GRAPH_DEPTH = 8

export interface MemoryViewOptions {
  /** Include content and evidence (decrypted). */
  reveal?: boolean
  /** The newest memories to list; default all. */
  max?: number
  /** The store's `review.timeoutMs`, for pending items' deadlines (default 24 h, the runtime's default). */
  reviewTimeoutMs?: number
}

/** `rule@start-end:severity` (the form receipts and memories keep) to a finding; evidence from the content. */
export function parseFinding(text: string, content: string | null): InspectorFinding | null {
  const m = /^(.+)@(\d+)-(\d+):(\w+)$/.exec(text)
  if (!m) return null
  const start = Number(m[2])
  const end = Number(m[3])
  const rule = m[1]!
  return {
    rule,
    family: rule.split('/')[0]!,
    severity: m[4]!,
    start,
    end,
    evidence: content === null ? null : content.slice(start, end),
  }
}

function accessText(access: Access): string {
  if (typeof access === 'string') return access
  const parts: string[] = []
  if (access.readers?.length) parts.push(`readers: ${access.readers.join(', ')}`)
  if (access.writers?.length) parts.push(`writers: ${access.writers.join(', ')}`)
  return parts.join('; ') || 'owner only'
}

/** A value as text, or null when it may not be shown or cannot be read (erased, failing its integrity check). */
function readText(customs: Customs, commit: string, reveal: boolean, asText: (v: unknown) => string): string | null {
  if (!reveal) return null
  try {
    const v = customs.value(commit)
    return v === undefined ? null : asText(v)
  } catch {
    return null
  }
}

const findingsOf = (list: string[], content: string | null): InspectorFinding[] =>
  list.map((f) => parseFinding(f, content)).filter((f): f is InspectorFinding => f !== null)

function memoryOf(customs: Customs, m: MemorySlot, options: MemoryViewOptions): InspectorMemory {
  const content =
    m.erased === null ? readText(customs, m.commit, options.reveal === true, (v) => (typeof v === 'string' ? v : JSON.stringify(v))) : null
  const filedSeq = Number(m.id.slice(2))
  return {
    id: m.id,
    kind: 'memory',
    status: m.status,
    content,
    trust: m.score,
    ruleSet: m.ruleSet,
    findings: findingsOf(m.findings, content),
    source: m.source,
    session: m.session,
    type: m.type,
    key: m.key,
    owner: m.owner,
    access: accessText(m.access),
    namespace: [...m.ns],
    filedSeq: Number.isSafeInteger(filedSeq) ? filedSeq : m.seq,
    seq: m.seq,
    filedAt: new Date(m.createdMs).toISOString(),
    ...(m.status === 'pending_review'
      ? { timesOutAt: new Date(m.createdMs + (options.reviewTimeoutMs ?? DEFAULT_REVIEW_TIMEOUT_MS)).toISOString() }
      : {}),
    conflictsWith: [...m.conflictsWith],
    dependsOn: [...m.deps],
    context: m.ctx,
  }
}

function promotionOf(customs: Customs, state: PoolState, p: PendingPromotion, options: MemoryViewOptions): InspectorMemory {
  const slot = state.execution.get(executionKey(p.tool, p.call))
  // The text the scanner read (every string of the result, one per line), so the findings' spans point into it.
  const content = slot ? readText(customs, slot.commit, options.reveal === true, scannableText) : null
  return {
    id: p.id,
    kind: 'promotion',
    status: 'pending_review',
    content,
    trust: p.score,
    ruleSet: p.ruleSet,
    findings: findingsOf(p.findings, content),
    source: `tool:${p.tool}`,
    session: null,
    type: 'promotion',
    key: p.to,
    owner: 'system',
    access: 'internal',
    namespace: [],
    filedSeq: p.seq,
    seq: p.seq,
    filedAt: new Date(p.ms).toISOString(),
    timesOutAt: new Date(p.ms + (options.reviewTimeoutMs ?? DEFAULT_REVIEW_TIMEOUT_MS)).toISOString(),
    conflictsWith: [],
    dependsOn: [],
    context: null,
    promotion: { tool: p.tool, callId: p.call, to: p.to, planRef: p.planRef },
  }
}

const headState = (customs: Customs): PoolState => customs.stateAt(customs.size)

/** Every memory the store holds (deleted and expired ones have left the state), newest first, capped at `max`. */
export function inspectorMemories(customs: Customs, options: MemoryViewOptions = {}): { memories: InspectorMemory[]; truncated: number } {
  const all = [...headState(customs).lifecycle.memories.values()].sort((a, b) => b.createdMs - a.createdMs || b.seq - a.seq)
  const max = options.max ?? all.length
  return { memories: all.slice(0, max).map((m) => memoryOf(customs, m, options)), truncated: Math.max(0, all.length - max) }
}

/** Memories pending review and held promotions, oldest first (what `customs.review.pending()` lists, without its sweep). */
export function reviewQueue(customs: Customs, options: MemoryViewOptions = {}): ReviewQueue {
  const state = headState(customs)
  const items = [
    ...[...state.lifecycle.memories.values()].filter((m) => m.status === 'pending_review').map((m) => memoryOf(customs, m, options)),
    ...[...state.lifecycle.promotions.values()].map((p) => promotionOf(customs, state, p, options)),
  ].sort((a, b) => a.filedSeq - b.filedSeq)
  const max = options.max ?? items.length
  return { pending: items.length, items: items.slice(0, max) }
}

const seqOf = (id: string): number | null => {
  const m = /^(?:m_|ctx_|guard_)(\d+)$/.exec(id)
  return m ? Number(m[1]) : null
}

function nodeLabel(n: LineageNode): string {
  if (n.state === 'missing') return 'missing'
  if (n.state === 'ended') return `ended: ${n.end?.op ?? 'DELETE'}${n.end?.why ? ` (${n.end.why})` : ''}`
  if (n.kind === 'memory') return n.status ?? 'memory'
  if (n.kind === 'guard') return `check: ${n.decision ?? '?'}`
  return n.kind
}

function graphNode(n: LineageNode): LineageGraphNode {
  return { id: n.id, kind: n.kind, label: nodeLabel(n), seq: seqOf(n.id), depth: n.depth, state: n.state }
}

/** The runtime's walk (`customs.lineage` / `customs.influence`) as the inspector draws it. */
export function toLineageGraph(result: LineageResult, direction: LineageGraph['direction']): LineageGraph {
  return {
    root: result.root.id,
    direction,
    nodes: [graphNode(result.root), ...result.nodes.map(graphNode)],
    edges: result.edges.map((e) => ({ from: e.from, to: e.to, kind: e.kind })),
  }
}

/** `customs.lineage(id)` or `customs.influence(id)` as a LineageGraph. Throws the runtime's NOT_FOUND for an unknown id. */
export function lineageGraph(
  customs: Customs,
  id: string,
  direction: LineageGraph['direction'],
  maxDepth = DEFAULT_GRAPH_DEPTH,
): LineageGraph {
  const result = direction === 'lineage' ? customs.lineage(id, { maxDepth }) : customs.influence(id, { maxDepth })
  return toLineageGraph(result, direction)
}

/**
 * The union of the listed memories' lineage and influence walks: nodes and edges once each. Bounded by the graph
 * the store holds around those memories, not by their number times its size.
 */
export function memoryGraph(customs: Customs, ids: string[], maxDepth = DEFAULT_GRAPH_DEPTH): MemoryGraph {
  const nodes = new Map<string, MemoryGraph['nodes'][number]>()
  const edges = new Map<string, MemoryGraph['edges'][number]>()
  for (const id of ids)
    for (const direction of ['lineage', 'influence'] as const) {
      let g: LineageGraph
      try {
        g = lineageGraph(customs, id, direction, maxDepth)
      } catch {
        continue // a held promotion is not a graph node
      }
      for (const { depth: _depth, ...n } of g.nodes) if (!nodes.has(n.id)) nodes.set(n.id, n)
      for (const e of g.edges) edges.set(`${e.from}\u0000${e.to}\u0000${e.kind}`, e)
    }
  return { nodes: [...nodes.values()], edges: [...edges.values()] }
}
