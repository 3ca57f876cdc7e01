/**
 * The memory lifecycle's public surface on a Customs: `memories`, `review`, `working(session)` and `context`.
 * Built once per store over the write gates' context; every method is a thin call into one module here.
 */
import { ErasedError, MemoryNotFoundError, ValueError } from '../../errors.js'
import { scan } from '../../scan/scan.js'
import type { GateContext } from '../gates/gate.js'
import type { Receipt } from '../receipt.js'
import type { LifecycleContext, MemoryEntry, ProposeResult, ReviewItem } from './context-types.js'
import { renderContext, type RenderedContext, type RenderOptions } from './context.js'
import {
  approvedMemories,
  deleteMemory,
  readableMemory,
  rescanMemories,
  toEntry,
  updateMemory,
  visible,
  type UpdateOptions,
} from './memories.js'
import { proposeMemory, type ProposeOptions } from './propose.js'
import { retrieveMemories, searchMemories, sweepMemories } from './search.js'
import type { MemoryStatus } from './meta.js'
import { workingNodeId } from './state.js'
import { approveItem, pendingItems, rejectItem, sweepReviews, type ReviewDecision } from './review.js'
import { sweepWorking, workingDelete, workingEntry, workingLive, workingPut, type WorkingEntry, type WorkingPutOptions } from './working.js'

export interface Memories {
  /**
   * Scans the candidate and files it as approved, pending review or rejected (one PROPOSE receipt), owned by the
   * handle's principal in the handle's namespace.
   */
  propose(content: string, options: ProposeOptions): ProposeResult
  /**
   * An approved memory valid now (and, if it is in conflict, the one the resolution policy picks), or undefined.
   * Throws AccessDeniedError (after a REFUSED receipt) for an entry the principal may not read, ErasedError for an
   * erased one.
   */
  get(id: string): MemoryEntry | undefined
  /** Every memory `get` would return in the handle's namespace, most recent first. */
  list(): MemoryEntry[]
  /** Memories `get` would return that match every given criterion, most recent first. */
  search(query?: SearchQuery): MemoryEntry[]
  /**
   * Ranks the memories `search(query)` returns with a retriever you supply (vector search, BM25…): it sees only
   * approved, readable, valid entries, and its answer is kept to those. No embedding model ships.
   */
  retrieve(text: string, retriever: Retriever, query?: SearchQuery): Promise<Array<MemoryEntry & { relevance: number }>>
  /** Any memory whatever its status (for review tools and `memory-customs show`), or undefined. Access is checked. */
  inspect(id: string): MemoryEntry | undefined
  /** Replaces the content (scanned again; the new status follows from the scan). Needs write access. */
  update(id: string, content: string, options?: UpdateOptions): ProposeResult
  /** A DELETE receipt (a tombstone: history keeps every version; see `forget` for erasure). Needs write access. */
  delete(id: string, options?: { actor?: string; reason?: string }): Receipt
  /** Re-scores approved memories with the current rules; downgrades, with receipts, what no longer passes. */
  rescan(): { checked: number; downgraded: Array<{ id: string; status: MemoryStatus }> }
  /** EXPIRE receipts for every memory past its validity and every expired working-memory entry. */
  sweep(): { memories: string[]; working: number }
}

export interface SearchQuery {
  /** Namespace prefix below the handle's own namespace (default: the handle's namespace, all of it). */
  namespacePrefix?: string[]
  type?: string | string[]
  /** Every one of these tags. */
  tags?: string[]
  key?: string
  owner?: string
  /** Every word of it occurs in the content (case- and width-insensitive). */
  text?: string
  /** Valid at this time (epoch ms or ISO 8601); default now. */
  validAt?: number | string
  limit?: number
}

/** Ranks candidates for a query: return ids with a relevance (higher first); ids not among the candidates are ignored. */
export type Retriever = (
  text: string,
  candidates: ReadonlyArray<{ id: string; content: string; type: string; tags: readonly string[] }>,
) => Array<{ id: string; relevance: number }> | Promise<Array<{ id: string; relevance: number }>>

export interface Review {
  /** Items waiting for a decision, oldest first (those past `review.timeoutMs` are rejected first). */
  pending(): ReviewItem[]
  /** Approves a pending memory, or performs a pending promotion (every Bridge check but the scan runs again). */
  approve(id: string, decision: ReviewDecision): Receipt
  reject(id: string, decision: ReviewDecision): Receipt
  /** Rejects every item past the timeout now; returns their ids. */
  sweep(): string[]
  /** Called with each item filed for review from now on; returns the unsubscribe function. */
  onPending(listener: (item: ReviewItem) => void): () => void
}

export interface WorkingMemory {
  readonly session: string
  /**
   * Writes an entry (a PUT receipt). With the same content written in `working.autoProposeSessions` distinct
   * sessions, it is proposed as a long-term memory: `proposed` tells the outcome.
   */
  put(name: string, value: unknown, options?: WorkingPutOptions): { receipt: Receipt; proposed?: ProposeResult }
  /** The live value, or undefined (absent or expired). */
  get(name: string): unknown
  entries(): WorkingEntry[]
  delete(name: string): Receipt | undefined
  /** The user confirmed this entry: propose it as a long-term memory (scan and lifecycle as usual). */
  confirm(name: string, options?: { actor?: string; tags?: string[] }): ProposeResult
  /** EXPIRE receipts for every expired entry (all sessions); returns how many. */
  sweep(): number
}

export interface ContextRenderer {
  /** The context to give the model, labelled with provenance, and the READ receipt's id. */
  render(options?: RenderOptions): RenderedContext
}

/**
 * The lifecycle's context over a store's write gates: the scanner with the store's `scan` options (checked here,
 * so a wrong option fails createCustoms with a ScanOptionError naming it) and the review listeners.
 */
export function lifecycleContext(gates: GateContext): LifecycleContext {
  const options = gates.rules.scan
  scan('', options)
  return { ...gates, scan: (text) => scan(text, options), pendingListeners: new Set(), principal: 'system', external: false, ns: [] }
}

export function memoriesApi(ctx: LifecycleContext): Memories {
  const readable = (id: string) => {
    const m = readableMemory(ctx, id)
    if (m && m.erased !== null) throw new ErasedError(m.id, m.erased)
    return m
  }
  return {
    propose: (content, options) => proposeMemory(ctx, content, options),
    get: (id) => {
      const m = readable(id)
      return m && visible(ctx, m) ? toEntry(ctx, m) : undefined
    },
    list: () => approvedMemories(ctx).map((m) => toEntry(ctx, m)),
    search: (query) => searchMemories(ctx, query).map((m) => toEntry(ctx, m)),
    retrieve: (text, retriever, query) => retrieveMemories(ctx, text, retriever, query),
    inspect: (id) => {
      const m = readable(id)
      return m ? toEntry(ctx, m) : undefined
    },
    update: (id, content, options) => updateMemory(ctx, id, content, options),
    delete: (id, options) => deleteMemory(ctx, id, options),
    rescan: () => rescanMemories(ctx),
    sweep: () => ({ memories: sweepMemories(ctx), working: sweepWorking(ctx) }),
  }
}

export function reviewApi(ctx: LifecycleContext): Review {
  return {
    pending: () => pendingItems(ctx),
    approve: (id, decision) => approveItem(ctx, id, decision),
    reject: (id, decision) => rejectItem(ctx, id, decision),
    sweep: () => sweepReviews(ctx),
    onPending: (listener) => {
      ctx.pendingListeners.add(listener)
      return () => ctx.pendingListeners.delete(listener)
    },
  }
}

export function workingApi(ctx: LifecycleContext, session: string): WorkingMemory {
  if (typeof session !== 'string' || !session || session.includes('/') || session.length > 256)
    throw new ValueError(null, null, 'session', 'must be a non-empty string of at most 256 characters without "/"', 'working.session')
  const live = (name: string) => workingLive(ctx, session).find((w) => w.name === name)
  return {
    session,
    put: (name, value, options) => workingPut(ctx, session, name, value, options),
    get: (name) => {
      const w = live(name)
      return w ? ctx.ledger.readValue(w.commit, w.seq) : undefined
    },
    entries: () => workingLive(ctx, session).map((w) => workingEntry(ctx, w)),
    delete: (name) => workingDelete(ctx, session, name),
    confirm: (name, options = {}) => {
      const w = live(name)
      if (!w) throw new MemoryNotFoundError(`${session}/${name}`, 'working-memory entry')
      const v = ctx.ledger.readValue(w.commit, w.seq)
      return proposeMemory(
        ctx,
        typeof v === 'string' ? v : JSON.stringify(v),
        {
          source: 'user',
          session,
          actor: options.actor,
          tags: options.tags,
          dependsOn: [workingNodeId(`${session}/${name}`)],
          link: false,
        },
        'confirmed',
      )
    },
    sweep: () => sweepWorking(ctx),
  }
}

export function contextApi(ctx: LifecycleContext): ContextRenderer {
  return { render: (options) => renderContext(ctx, options) }
}

/** A namespace below the current one, like mem0's user/agent/run ids or LangGraph's namespace tuples. */
export interface ScopeSpec {
  user?: string
  agent?: string
  /** A conversation or run. */
  thread?: string
  /** Further parts, appended as given. */
  namespace?: string[]
}

/**
 * What `customs.as(principal)` and `customs.scope({...})` return: the memory APIs acting as one principal in one
 * namespace. Reads and writes are checked against each entry's owner and access level; proposals are owned by the
 * principal and filed in the namespace. Handles compose: `customs.as('agent:analysis').scope({ user: 'u1' })`.
 */
export interface MemoryHandle {
  readonly principal: string
  readonly namespace: readonly string[]
  readonly memories: Memories
  readonly context: ContextRenderer
  working(session: string): WorkingMemory
  scope(spec: ScopeSpec): MemoryHandle
  as(principal: string, options?: { external?: boolean }): MemoryHandle
}

/** A namespace part or principal: 1 to 256 characters, no control characters (they separate parts in tags). */
function isNamePart(v: unknown): v is string {
  if (typeof v !== 'string' || v.length < 1 || v.length > 256) return false
  for (let i = 0; i < v.length; i++) if (v.charCodeAt(i) < 0x20) return false
  return true
}

/** The namespace parts a scope adds: `user:<id>`, `agent:<id>`, `thread:<id>`, then `namespace` as given. */
export function scopeParts(spec: ScopeSpec): string[] {
  if (!spec || typeof spec !== 'object') throw new ValueError(null, null, 'scope', 'must be an object', 'memory.scope')
  const parts: string[] = []
  for (const field of ['user', 'agent', 'thread'] as const) {
    const v = spec[field]
    if (v === undefined) continue
    if (!isNamePart(v))
      throw new ValueError(null, null, `scope.${field}`, 'must be a non-empty string of at most 256 characters', 'memory.scope')
    parts.push(`${field}:${v}`)
  }
  const extra = spec.namespace ?? []
  if (!Array.isArray(extra) || extra.some((p) => !isNamePart(p)))
    throw new ValueError(null, null, 'scope.namespace', 'must be an array of non-empty strings of at most 256 characters', 'memory.scope')
  parts.push(...extra)
  if (!parts.length) throw new ValueError(null, null, 'scope', 'names no user, agent, thread or namespace', 'memory.scope')
  return parts
}

/** The lifecycle context acting as another principal (checked: a non-empty name without control characters). */
export function asPrincipal(ctx: LifecycleContext, principal: string, options: { external?: boolean } = {}): LifecycleContext {
  if (!isNamePart(principal))
    throw new ValueError(null, null, 'principal', 'must be a non-empty string of at most 256 characters', 'memory.principal')
  if (options.external !== undefined && typeof options.external !== 'boolean')
    throw new ValueError(null, null, 'external', 'must be true or false', 'memory.principal')
  return { ...ctx, principal, external: options.external ?? false }
}

/** Builds a handle; `extend` adds what other modules contribute (the guard). */
export function memoryHandle<H extends MemoryHandle>(ctx: LifecycleContext, extend: (ctx: LifecycleContext, base: MemoryHandle) => H): H {
  const base: MemoryHandle = {
    principal: ctx.principal,
    namespace: [...ctx.ns],
    memories: memoriesApi(ctx),
    context: contextApi(ctx),
    working: (session) => workingApi(ctx, session),
    scope: (spec) => memoryHandle({ ...ctx, ns: [...ctx.ns, ...scopeParts(spec)] }, extend),
    as: (principal, options) => memoryHandle(asPrincipal(ctx, principal, options), extend),
  }
  return extend(ctx, base)
}
