/**
 * The memory lifecycle's public surface on a Customs: `memories`, `review`, `working(session)` and `context`.
 * Built once per store over the write gates' context; every method is a thin call into one module here.
 */
import { MemoryNotFoundError, ValueError } from '../../errors.js'
import { scan } from '../../scan/scan.js'
import type { GateContext } from '../gates/gate.js'
import type { Receipt } from '../receipt.js'
import type { LifecycleContext, MemoryEntry, ProposeResult, ReviewItem } from './context-types.js'
import { renderContext, type RenderedContext, type RenderOptions } from './context.js'
import {
  approvedMemories,
  deleteMemory,
  liveMemory,
  proposeMemory,
  rescanMemories,
  toEntry,
  updateMemory,
  type ProposeOptions,
} from './memories.js'
import type { MemoryStatus } from './meta.js'
import { approveItem, pendingItems, rejectItem, sweepReviews, type ReviewDecision } from './review.js'
import { sweepWorking, workingDelete, workingEntry, workingLive, workingPut, type WorkingEntry, type WorkingPutOptions } from './working.js'

export interface Memories {
  /** Scans the candidate and files it as approved, pending review or rejected (one PROPOSE receipt). */
  propose(content: string, options: ProposeOptions): ProposeResult
  /** An approved, valid memory, or undefined (pending, rejected, expired and deleted ones are not memories yet or any more). */
  get(id: string): MemoryEntry | undefined
  /** Every approved, valid memory, most recent first. */
  list(): MemoryEntry[]
  /** Any memory whatever its status (for review tools and `memory-customs show`), or undefined. */
  inspect(id: string): MemoryEntry | undefined
  /** Replaces the content (scanned again; the new status follows from the scan). */
  update(id: string, content: string, options?: { actor?: string; reason?: string }): ProposeResult
  delete(id: string, options?: { actor?: string; reason?: string }): Receipt
  /** Re-scores approved memories with the current rules; downgrades, with receipts, what no longer passes. */
  rescan(): { checked: number; downgraded: Array<{ id: string; status: MemoryStatus }> }
}

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
  const entry = (id: string) => {
    const m = liveMemory(ctx, id)
    return m ? toEntry(ctx, m) : undefined
  }
  return {
    propose: (content, options) => proposeMemory(ctx, content, options),
    get: (id) => {
      const e = entry(id)
      return e?.status === 'approved' ? e : undefined
    },
    list: () => approvedMemories(ctx).map((m) => toEntry(ctx, m)),
    inspect: entry,
    update: (id, content, options) => updateMemory(ctx, id, content, options),
    delete: (id, options) => deleteMemory(ctx, id, options),
    rescan: () => rescanMemories(ctx),
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
