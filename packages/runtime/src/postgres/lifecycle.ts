/**
 * The memory lifecycle on a PostgreSQL store (`customs.memories`, `customs.review`, `customs.working(session)`,
 * `customs.context`, `customs.as(p)`, `.scope({...})`): the same modules as a single-writer store (core/memory/), with every decision made at the
 * head. A write (propose, update, delete, review approve / reject, rescan, sweep, a working-memory put, delete or
 * confirm, a context render with its READ receipt) is queued for this process's
 * next transaction and decided there, after catching up with every other process: review state, ownership,
 * access lists and conflicts are those at the head, never a stale view's. Its promise resolves with the same
 * result a single-writer store returns at once (a ProposeResult, a Receipt), or rejects with the same typed
 * error (AccessDeniedError, MemoryNotFoundError, ValueError…), once that transaction committed.
 *
 * Reads (get, list, search, inspect, retrieve, review.pending, working get and entries) are answered from the view, as the pools' reads
 * are, and append nothing there: an expired entry or a review past its timeout is hidden (its EXPIRE or REJECT
 * receipt is written by a `sweep()` or by a write that meets it at the head), and a read the principal may not
 * make throws AccessDeniedError at once, while its REFUSED receipt goes to the head with the next transaction,
 * so the audit line is in the chain as on a single-writer store.
 */
import { AccessDeniedError } from '../errors.js'
import type { Customs } from '../core/customs.js'
import type { StoreGuard } from '../core/guard.js'
import { internalsOf } from '../core/internals.js'
import {
  asPrincipal,
  contextApi,
  memoriesApi,
  reviewApi,
  scopeParts,
  workingApi,
  type Memories,
  type WorkingMemory,
  type Retriever,
  type ScopeSpec,
  type SearchQuery,
} from '../core/memory/api.js'
import type { RenderedContext, RenderOptions } from '../core/memory/context.js'
import type { LifecycleContext, MemoryEntry, ProposeResult, ReviewItem } from '../core/memory/context-types.js'
import type { MemoryStatus } from '../core/memory/meta.js'
import type { UpdateOptions } from '../core/memory/memories.js'
import type { ProposeOptions } from '../core/memory/propose.js'
import type { ReviewDecision } from '../core/memory/review.js'
import type { WorkingEntry, WorkingPutOptions } from '../core/memory/working.js'
import { guardApi, guardSteps, type RepairReport } from '../core/memory/guard/check.js'
import { checkInput, consult, type Evaluation } from '../core/memory/guard/evaluate.js'
import { DIMENSIONS } from '../core/memory/guard/policy.js'
import type { GuardCheckInput, GuardLogEntry, GuardLogFilter, GuardResult, RepairKind } from '../core/memory/guard/types.js'
import type { Receipt } from '../core/receipt.js'

/** `customs.memories` of a PostgreSQL store: writes are decided at the head and resolve once committed. */
export interface SharedMemories {
  /** Scans the candidate and files it (approved, pending review or rejected) in the next transaction. */
  propose(content: string, options: ProposeOptions): Promise<ProposeResult>
  /** Replaces the content (scanned again) if the principal may write the entry at the head. */
  update(id: string, content: string, options?: UpdateOptions): Promise<ProposeResult>
  /** A DELETE receipt (a tombstone), if the principal may write the entry at the head. */
  delete(id: string, options?: { actor?: string; reason?: string }): Promise<Receipt>
  /** Re-scores approved memories with the current rules at the head; downgrades, with receipts, what no longer passes. */
  rescan(): Promise<{ checked: number; downgraded: Array<{ id: string; status: MemoryStatus }> }>
  /** EXPIRE receipts for every memory past its validity and every expired working-memory entry, at the head. */
  sweep(): Promise<{ memories: string[]; working: number }>
  /** From the view: an approved memory valid now, or undefined; AccessDeniedError for one the principal may not read. */
  get(id: string): MemoryEntry | undefined
  list(): MemoryEntry[]
  search(query?: SearchQuery): MemoryEntry[]
  retrieve(text: string, retriever: Retriever, query?: SearchQuery): Promise<Array<MemoryEntry & { relevance: number }>>
  inspect(id: string): MemoryEntry | undefined
}

/** `customs.review` of a PostgreSQL store: decisions are taken at the head, so two reviewers cannot both decide. */
export interface SharedReview {
  /** From the view: items waiting for a decision, oldest first (those past the timeout are left out). */
  pending(): ReviewItem[]
  /** Approves a pending item in the next transaction; rejects with the typed error if it is no longer pending there. */
  approve(id: string, decision: ReviewDecision): Promise<Receipt>
  reject(id: string, decision: ReviewDecision): Promise<Receipt>
  /** Rejects every item past the timeout, at the head; resolves with their ids. */
  sweep(): Promise<string[]>
  /** Called with each item this process files for review, once the transaction that filed it committed. */
  onPending(listener: (item: ReviewItem) => void): () => void
}

/** `working(session)` of a PostgreSQL store: entries written at the head, read from the view. */
export interface SharedWorkingMemory {
  readonly session: string
  /** Writes an entry (a PUT receipt) in the next transaction; `proposed` when it was auto-proposed there. */
  put(name: string, value: unknown, options?: WorkingPutOptions): Promise<{ receipt: Receipt; proposed?: ProposeResult }>
  /** From the view: the live value, or undefined (absent or expired). */
  get(name: string): unknown
  entries(): WorkingEntry[]
  delete(name: string): Promise<Receipt | undefined>
  /** The user confirmed this entry: proposed as a long-term memory at the head. */
  confirm(name: string, options?: { actor?: string; tags?: string[] }): Promise<ProposeResult>
  sweep(): Promise<number>
}

/** `context` of a PostgreSQL store: rendered at the head, where its READ receipt is written. */
export interface SharedContextRenderer {
  render(options?: RenderOptions): Promise<RenderedContext>
}

/**
 * `guard` of a PostgreSQL store. A check's GUARD receipt is written at the head, from the memories there. The
 * evaluator, when the rules are uncertain, is consulted before the transaction (never under the head lock) on the
 * view's memories; its answer is used if the rules find the same at the head, and otherwise the rules' result at
 * the head stands, with an `evaluator/stale` reason.
 */
export interface SharedGuard {
  check(input: GuardCheckInput): Promise<GuardResult>
  /** The rules only, at the head. */
  checkNow(input: GuardCheckInput): Promise<GuardResult>
  /** Applies a result's suggestions as receipts at the head. */
  repair(result: GuardResult, options?: { actor?: string; only?: RepairKind[] }): Promise<RepairReport>
  /** From the view: the recorded checks, most recent first. */
  log(filter?: GuardLogFilter): GuardLogEntry[]
}

/** What `as(principal)` and `scope(spec)` return on a PostgreSQL store. */
export interface SharedMemoryHandle {
  readonly principal: string
  readonly namespace: readonly string[]
  readonly memories: SharedMemories
  readonly context: SharedContextRenderer
  readonly guard: SharedGuard
  working(session: string): SharedWorkingMemory
  scope(spec: ScopeSpec): SharedMemoryHandle
  as(principal: string, options?: { external?: boolean }): SharedMemoryHandle
}

/** What the lifecycle needs from the shared writer (postgres-customs.ts). */
export interface LifecycleHost {
  /** The process's current view (replaced after a failed transaction): read, never appended to outside a transaction. */
  view(): Customs
  /** Runs `run` against the head in the next transaction; resolves with its result once that transaction committed. */
  atHead<T>(run: (c: Customs) => T): Promise<T>
}

/**
 * One `as` or `scope` call of a handle, replayed on the view's lifecycle context for reads and on the head's for
 * writes (pathContext): the same context the single-writer store's handle would hold, so its APIs are the core's.
 */
type Step = { as: string; external?: boolean } | { scope: ScopeSpec }

/**
 * The store's guard as a view's reads see it: open or closed with the store (it delegates to the real guard),
 * never writable, so the lifecycle's reads hide what they would otherwise settle with a receipt.
 */
function readOnlyGuard(guard: StoreGuard): StoreGuard {
  return Object.create(guard, { writable: { get: () => false } }) as StoreGuard
}

function readContext(view: Customs, path: readonly Step[]): LifecycleContext {
  const life = internalsOf(view).lifecycle
  return pathContext({ ...life, guard: readOnlyGuard(life.guard) }, path)
}

/** The lifecycle context of a handle at the head (inside the transaction: it writes). */
function headContext(c: Customs, path: readonly Step[]): LifecycleContext {
  return pathContext(internalsOf(c).lifecycle, path)
}

function pathContext(root: LifecycleContext, path: readonly Step[]): LifecycleContext {
  let ctx = root
  for (const s of path)
    ctx =
      'as' in s
        ? asPrincipal(ctx, s.as, s.external === undefined ? {} : { external: s.external })
        : { ...ctx, ns: [...ctx.ns, ...scopeParts(s.scope)] }
  return ctx
}

export function sharedHandle(host: LifecycleHost, path: readonly Step[] = []): SharedMemoryHandle {
  // Checked now, as on a single-writer store: a bad principal or scope throws ValueError here, not at the head.
  const ctx = readContext(host.view(), path)
  const reads = () => memoriesApi(readContext(host.view(), path))
  const write = <T>(op: (m: Memories) => T) => host.atHead((c) => op(memoriesApi(headContext(c, path))))
  /** A read refused by the view is refused at the head too, where its REFUSED receipt is written. */
  const audited = <T>(read: (m: Memories) => T): T => {
    try {
      return read(reads())
    } catch (e) {
      if (e instanceof AccessDeniedError)
        void host
          .atHead((c) => {
            try {
              read(memoriesApi(headContext(c, path)))
            } catch {
              // the refusal is the receipt; the caller already has its error
            }
          })
          .catch(() => {})
      throw e
    }
  }
  return {
    principal: ctx.principal,
    namespace: [...ctx.ns],
    memories: {
      propose: (content, options) => write((m) => m.propose(content, options)),
      update: (id, content, options) => write((m) => m.update(id, content, options)),
      delete: (id, options) => write((m) => m.delete(id, options)),
      rescan: () => write((m) => m.rescan()),
      sweep: () => write((m) => m.sweep()),
      get: (id) => audited((m) => m.get(id)),
      inspect: (id) => audited((m) => m.inspect(id)),
      list: () => reads().list(),
      search: (query) => reads().search(query),
      retrieve: (text, retriever, query) => reads().retrieve(text, retriever, query),
    },
    context: { render: (options) => host.atHead((c) => contextApi(headContext(c, path)).render(options)) },
    guard: sharedGuard(host, path),
    working: (session) => sharedWorking(host, path, session),
    scope: (spec) => sharedHandle(host, [...path, { scope: spec }]),
    as: (principal, options) =>
      sharedHandle(host, [...path, { as: principal, ...(options?.external === undefined ? {} : { external: options.external }) }]),
  }
}

/**
 * A value as it is when `put` is called: the write runs at the next transaction, and a caller that changes its
 * object meanwhile must not change what is recorded. A value that cannot be cloned goes as it is (the head
 * refuses what cannot be stored, with its typed error).
 */
function snapshot(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value
  try {
    return structuredClone(value)
  } catch {
    return value
  }
}

function sharedWorking(host: LifecycleHost, path: readonly Step[], session: string): SharedWorkingMemory {
  const reads = () => workingApi(readContext(host.view(), path), session)
  // the session name is checked now (ValueError), as on a single-writer store
  reads()
  const write = <T>(op: (w: WorkingMemory) => T) => host.atHead((c) => op(workingApi(headContext(c, path), session)))
  return {
    session,
    put: (name, value, options) => {
      const v = snapshot(value)
      return write((w) => w.put(name, v, options))
    },
    get: (name) => reads().get(name),
    entries: () => reads().entries(),
    delete: (name) => write((w) => w.delete(name)),
    confirm: (name, options) => write((w) => w.confirm(name, options)),
    sweep: () => write((w) => w.sweep()),
  }
}

/** What the rules found, in a form two evaluations can be compared by. */
const facts = (ev: Evaluation) => JSON.stringify([ev.decision, ev.risk, ev.reasons, [...ev.shadow.entries.keys()]])

function sharedGuard(host: LifecycleHost, path: readonly Step[]): SharedGuard {
  return {
    check: async (input) => {
      const view = guardSteps(readContext(host.view(), path))
      const rules = view.evaluate(input)
      const asked = await consult(view.config, rules)
      return host.atHead((c) => {
        const head = guardSteps(headContext(c, path))
        const now = head.evaluate(input)
        if (!asked.evaluatorConsulted) return head.record(now)
        if (facts(now) === facts(rules)) return head.record(asked)
        // named like the evaluator's own failure: the dimension that was uncertain
        const { threshold } = view.config.settings
        const dimension = DIMENSIONS.find((d) => Math.abs(rules.risk[d] - threshold) <= view.config.uncertainty)!
        return head.record({
          ...now,
          reasons: [
            ...now.reasons,
            {
              rule: 'evaluator/stale',
              dimension,
              entries: [],
              detail: "the memories changed at the head while the evaluator answered; the rules' result at the head stands",
            },
          ],
        })
      })
    },
    checkNow: (input) => {
      try {
        // a bad input is refused before it is queued (the same typed error as at the head)
        checkInput(readContext(host.view(), path), input)
      } catch (e) {
        return Promise.reject(e)
      }
      return host.atHead((c) => {
        const head = guardSteps(headContext(c, path))
        return head.record(head.evaluate(input))
      })
    },
    repair: (result, options) => host.atHead((c) => guardApi(headContext(c, path)).repair(result, options)),
    log: (filter) => guardApi(readContext(host.view(), path)).log(filter),
  }
}

export function sharedReview(host: LifecycleHost, listeners: Set<(item: ReviewItem) => void>): SharedReview {
  return {
    // over a read-only context: items past the timeout are hidden, not rejected here
    pending: () => reviewApi(readContext(host.view(), [])).pending(),
    approve: (id, decision) => host.atHead((c) => c.review.approve(id, decision)),
    reject: (id, decision) => host.atHead((c) => c.review.reject(id, decision)),
    sweep: () => host.atHead((c) => c.review.sweep()),
    onPending: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
