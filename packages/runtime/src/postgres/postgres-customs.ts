/**
 * `createCustoms({ storage: { postgres: { connectionString } | { pool } }, keyStore })`: one chain that any number
 * of processes append to (the shared-writer mode of docs/runtime.md).
 *
 * A write is checked locally (the gates that do not depend on the journal: unknown key, schema, source, value
 * size; local-check.ts) and returns a pending receipt. `await flush()` then runs ONE transaction for every write
 * queued in this process (group commit): lock the store's head row, catch the local Customs up with what other
 * processes appended since its view (verified and replayed into the live ledger: head-follower.ts), apply the
 * queued writes through it (so write-once, plan references, promotions and every other gate are decided against
 * the head, inside the transaction), append the sealed entries, move the head, NOTIFY, COMMIT; then each pending
 * receipt settles with its final receipt or typed refusal. If the transaction fails, the local view is replaced
 * by one read from the database, so it never keeps receipts the database does not have.
 *
 * Between writes, other processes' NOTIFY makes this one catch up in the background, so reads stay current.
 * Rollback and checkpoint run under the head lock like a write.
 */
import { openCustoms, type Customs } from '../core/customs.js'
import { internalsOf } from '../core/internals.js'
import type { CustomsOptions } from '../core/options.js'
import type { Receipt } from '../core/receipt.js'
import type { RollbackOptions, RollbackResult, RollbackTarget } from '../core/rollback.js'
import { ViewReads } from '../core/view-reads.js'
import type { SharedCustoms, WriteReceipt } from '../core/surface.js'
import type { CommitOptions, PlanRecord, PromoteRequest } from '../core/types.js'
import type { ObservedWrite } from '../core/gates/observed.js'
import { ClosedError, CustomsError, OptionError, StorageBackendError, StorageError } from '../errors.js'
import { resolveKeyProvider, type KeyProvider } from '../keys/provider.js'
import { forgetRequest, forgetSubject, type ForgetOptions, type ForgetResult } from '../core/memory/erasure.js'
import { runAtSite } from '../probe.js'
import {
  createPostgresBackend,
  type PostgresBackend,
  type PostgresBackendOptions,
  type PostgresConnection,
} from '../storage/postgres/backend.js'
import { isConnectionError, type PgPoolLike } from '../storage/postgres/driver.js'
import { HeadListener, type HeadNotice } from '../storage/postgres/notify.js'
import { applyCall, FollowerWrites, type PendingReceipt } from '../tabs/follower.js'
import { errorFromData, errorToData, newTabId, type ForwardedWrite, type WriteCall } from '../tabs/protocol.js'
import {
  sharedHandle,
  sharedReview,
  type LifecycleHost,
  type SharedMemories,
  type SharedContextRenderer,
  type SharedGuard,
  type SharedMemoryHandle,
  type SharedReview,
  type SharedWorkingMemory,
} from './lifecycle.js'
import { HeadFollower } from './head-follower.js'
import { localCheck } from './local-check.js'
import { SharedKeyStore } from './subject-keys.js'
import { ViewBackend } from './view.js'
import type { ScopeSpec } from '../core/memory/api.js'
import type { ReviewItem } from '../core/memory/context-types.js'

/** The `storage: { postgres }` option: how to connect, and which schema and store. */
export type PostgresStorageOption = ({ connectionString: string; pool?: never } | { pool: PgPoolLike; connectionString?: never }) &
  PostgresBackendOptions

export type PostgresCustomsOptions = CustomsOptions & { storage: { postgres: PostgresStorageOption } }

/**
 * Receipts the view's deferred index (view.ts) may hold buffered before they are inserted, after a transaction
 * or a catch-up (outside the head lock): the buffer takes about what the rows take in sql.js, but every major GC
 * walks it. A read inserts them all at once anyway.
 */
const INDEX_BACKLOG = 50_000
/** Whole-transaction attempts after a lost connection (each attempt's statements are retried by the backend). */
const TURN_ATTEMPTS = 3

export async function openPostgresCustoms(options: PostgresCustomsOptions): Promise<PostgresCustoms> {
  const pg = options.storage.postgres
  if (typeof pg !== 'object' || pg === null) throw new OptionError('storage.postgres', 'must be { connectionString } or { pool }')
  if (options.keyStore === undefined)
    throw new OptionError(
      'keyStore',
      'is required for a PostgreSQL store: every process of the store must load the same keys (a { dir } they share, { env }, or your KMS-backed KeyProvider); keys are never generated implicitly for a shared store',
      'MISSING_KEY',
    )
  const keyStore = await resolveKeyProvider(options.keyStore, () => {
    throw new OptionError('keyStore', 'is required for a PostgreSQL store')
  })
  const { schema, store, readOnly, retry, pageSize, poolSize } = pg
  const connection: PostgresConnection = 'pool' in pg && pg.pool ? { pool: pg.pool } : { connectionString: pg.connectionString! }
  const backend = createPostgresBackend(connection, { schema, store, readOnly, retry, pageSize, poolSize })
  await backend.open()
  const customs = new PostgresCustoms(backend, options, keyStore)
  try {
    await customs.start()
  } catch (e) {
    await customs.close().catch(() => {})
    throw e
  }
  return customs
}

interface Outcome {
  receipt?: Receipt
  error?: CustomsError
}

/** A queued item's outcome: a write's receipt or refusal, or what a lifecycle call returned or threw. */
type HeadOutcome = Outcome & { value?: unknown; thrown?: unknown }

/** A memory lifecycle call (lifecycle.ts) queued for the next transaction beside the pools' writes. */
interface HeadCall {
  readonly headCall: true
  /** Its result is a promise the transaction awaits before the next call (forget saves the key set first). */
  readonly awaited?: boolean
  run(c: Customs): unknown
  resolve(value: unknown): void
  reject(error: unknown): void
}
type Queued = ForwardedWrite | HeadCall
const isHeadCall = (q: Queued): q is HeadCall => (q as HeadCall).headCall === true

export class PostgresCustoms extends ViewReads implements SharedCustoms {
  private current!: Customs
  private view!: ViewBackend
  private readonly check: Customs
  private readonly writes: FollowerWrites
  /** Writes checked locally and lifecycle calls, waiting for the next transaction, in call order. */
  private queue: Queued[] = []
  /** Transactions and catch-ups run one at a time, in order. */
  private tail: Promise<unknown> = Promise.resolve()
  private listener: HeadListener | undefined
  private followScheduled = false
  private state: 'starting' | 'open' | 'closed' = 'starting'
  /** The user's key store, with the subject keys kept in the database (subject-keys.ts). */
  private readonly keys: SharedKeyStore
  /** Figures for health and the load test: transactions, receipts caught up, background catch-ups. */
  readonly stats = { transactions: 0, followedEntries: 0, catchUps: 0, resyncs: 0 }
  /** Reads, verifies and replays what other processes append. */
  private readonly follower: HeadFollower

  readonly decision = {
    commit: (key: string, value: unknown, options: CommitOptions): WriteReceipt => this.write({ op: 'COMMIT', key, value, options }),
    get: (key: string): unknown => this.current.decision.get(key),
    entries: (): Array<[string, unknown]> => this.current.decision.entries(),
  }
  readonly execution = {
    store: (tool: string, callId: string, result: unknown): WriteReceipt => this.write({ op: 'STORE', tool, callId, result }),
    get: (tool: string, callId: string): unknown => this.current.execution.get(tool, callId),
    unpromoted: () => this.current.execution.unpromoted(),
    entries: () => this.current.execution.entries(),
  }
  readonly plans = {
    record: (planId: string, plan: PlanRecord, options?: { actor?: string; reason?: string }): WriteReceipt =>
      this.write({ op: 'RECORD_PLAN', planId, plan, options }),
    get: (planId: string): PlanRecord | undefined => this.current.plans.get(planId),
  }
  readonly bridge = {
    promote: (req: PromoteRequest): WriteReceipt => this.write({ op: 'PROMOTE', req }),
  }

  /** Reads the view, runs lifecycle calls at the head (lifecycle.ts). */
  private readonly host: LifecycleHost = { view: () => this.current, atHead: (run) => this.atHead(run) }
  /** Listeners of `review.onPending`, called once the transaction that filed an item committed. */
  private readonly pendingListeners = new Set<(item: ReviewItem) => void>()
  /** Items filed for review by the running transaction (announced once it commits). */
  private filed: ReviewItem[] = []
  private rootHandle: SharedMemoryHandle | undefined
  /** The `system` handle the root members come from (built once: it reads the view's context when first asked). */
  private get root(): SharedMemoryHandle {
    this.rootHandle ??= sharedHandle(this.host)
    return this.rootHandle
  }
  private reviewApi: SharedReview | undefined

  /** Long-term memory, decided at the head: writes resolve once their transaction committed (lifecycle.ts). */
  get memories(): SharedMemories {
    return this.root.memories
  }

  /** The review queue: decisions are taken at the head, so two reviewers in two processes cannot both decide an item. */
  get review(): SharedReview {
    this.reviewApi ??= sharedReview(this.host, this.pendingListeners)
    return this.reviewApi
  }

  /** Working memory of one session: entries written at the head, read from the view. */
  working(session: string): SharedWorkingMemory {
    this.ensureOpen('working')
    return this.root.working(session)
  }

  /** The context to give the model, rendered at the head (its READ receipt is written there). */
  get context(): SharedContextRenderer {
    return this.root.context
  }

  /** The shadow guardrail: GUARD receipts written at the head; the evaluator consulted outside the head lock. */
  get guard(): SharedGuard {
    return this.root.guard
  }

  /** The memory APIs acting as `principal` (its proposals owned by it, its access checked at the head). */
  as(principal: string, options?: { external?: boolean }): SharedMemoryHandle {
    this.ensureOpen('as')
    return this.root.as(principal, options)
  }

  /** The memory APIs in a namespace below the root's (`{ user, agent, thread, namespace }`). */
  scope(spec: ScopeSpec): SharedMemoryHandle {
    this.ensureOpen('scope')
    return this.root.scope(spec)
  }

  private atHead<T>(run: (c: Customs) => T, awaited = false): Promise<Awaited<T>> {
    if (this.state === 'closed') return Promise.reject(new ClosedError('memory lifecycle call'))
    return new Promise<Awaited<T>>((resolve, reject) => {
      this.queue.push({ headCall: true, awaited, run, resolve: resolve as (v: unknown) => void, reject })
      this.schedule()
    })
  }

  /**
   * Honours an erasure request (docs/erasure.md) for every process of the store: at the head, the subject's keys
   * are destroyed in the database and the FORGET receipt appended, in one transaction; resolves once it committed.
   * Every other process drops the keys when it follows that receipt (at once for its next write: each transaction
   * reads the keys that changed first). Values the subject's keys sealed can then be read by no process.
   */
  async forget(request: { subject: string } & ForgetOptions): Promise<ForgetResult> {
    const { subject, options } = forgetRequest(request)
    return this.atHead((c) => forgetSubject(internalsOf(c).lifecycle, subject, options), true)
  }

  constructor(
    readonly backend: PostgresBackend,
    private readonly options: PostgresCustomsOptions,
    keyStore: KeyProvider,
  ) {
    super()
    this.follower = new HeadFollower(backend, () => ({ view: this.view, customs: this.current }), this.stats)
    this.keys = new SharedKeyStore(keyStore, backend)
    backend.subjectKeys = this.keys
    this.check = localCheck(
      options,
      () => internalsOf(this.current).liveState,
      (text) => {
        try {
          internalsOf(this.current).lifecycle.ledger.values.sealAhead(text)
        } catch {
          // only an early start on work the head does anyway: it seals the record itself
        }
      },
    )
    this.writes = new FollowerWrites(
      `pg-${newTabId()}`,
      options.actor ?? null,
      () => this.check,
      (w) => this.queue.push(w),
      () => {},
    )
  }

  async start(): Promise<void> {
    this.current = await this.openView()
    this.listener = new HeadListener(
      this.backend.db,
      this.backend.channel,
      this.backend.store,
      (n) => this.noticed(n),
      () => this.noticed(null),
    )
    await this.listener.start()
    this.state = 'open'
  }

  private async openView(): Promise<Customs> {
    const view = new ViewBackend(this.backend)
    this.keys.opening = true
    view.opening = true
    try {
      const c = await openCustoms({ ...this.options, storage: view, keyStore: this.keys })
      this.view = view
      // filed inside a transaction: announced once it committed (transaction())
      c.review.onPending((item) => this.filed.push(item))
      return c
    } finally {
      this.keys.opening = false
      view.opening = false
    }
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn, fn)
    this.tail = run.catch(() => {})
    return run
  }

  // ------------------------------------------------------------------ writes

  private write(call: WriteCall): WriteReceipt {
    if (this.state === 'closed') throw new ClosedError(call.op.toLowerCase())
    try {
      const pending = this.writes.write(call)
      let settle!: (o: Outcome) => void
      const outcome = new Promise<Outcome>((resolve) => (settle = resolve))
      this.outcomes.set(pending.writeId, { pending, outcome, settle })
      this.sinceFlush.push(pending.writeId)
      return pending
    } finally {
      this.schedule()
    }
  }

  /** Each write's outcome until the flush that covers it has returned (`flushSettled`). */
  private readonly outcomes = new Map<string, { pending: PendingReceipt; outcome: Promise<Outcome>; settle(o: Outcome): void }>()
  /** Ids of the writes made since the previous flush, in call order. */
  private sinceFlush: string[] = []

  private settle(id: string, receipt: Receipt | undefined, error: CustomsError | undefined): void {
    this.writes.settle(id, receipt, error)
    this.outcomes.get(id)?.settle(error ? { error } : { receipt })
  }

  /**
   * Group commit: one transaction at a time takes every write queued so far. The next one starts after the I/O
   * callbacks and microtasks pending when the previous one ends (setImmediate), so that writers its settlement
   * released (`commit(); await flush()` in a loop) have queued their next write and join it.
   */
  private pumping = false
  private schedule(): void {
    if (this.pumping || !this.queue.length) return
    this.pumping = true
    afterIo(() => {
      void this.serial(() => this.transaction())
        .catch(() => {
          // each write of the batch was settled with the error; its flush() reports it
        })
        .finally(() => {
          this.pumping = false
          this.schedule()
        })
    })
  }

  /** Probe sink (never throws): the observed write is recorded by the next transaction. */
  observeWrite(write: ObservedWrite): void {
    if (this.state === 'closed') return
    try {
      this.writes.observe(write)
      this.schedule()
    } catch {
      // never into the probed code
    }
  }

  /**
   * Commits every write queued in this process in one transaction and resolves with the final receipts of the
   * writes made since the previous `flush()` (in call order), or rejects with the first typed refusal
   * (`WriteOnceError`, ...) decided against the head; the other writes were still applied or refused on their own.
   */
  async flush(): Promise<Receipt[]> {
    const ids = this.takeSinceFlush()
    const settled = this.writes.flush()
    this.schedule()
    try {
      return (await settled).receipts
    } finally {
      for (const id of ids) this.outcomes.delete(id)
    }
  }

  /**
   * Like `flush()`, but never rejects for a refusal: resolves with the outcome of each write made since the
   * previous flush, in call order: its final receipt, or the typed error it was refused with (`WriteOnceError`,
   * a StorageError when its transaction failed). With several concurrent writers in a process, each learns the
   * fate of every write, where `flush()` rejects for the first refusal among them.
   */
  async flushSettled(): Promise<Array<{ pending: PendingReceipt; receipt?: Receipt; error?: CustomsError }>> {
    const ids = this.takeSinceFlush()
    // the same boundary for flush(): these writes are not returned again by the next one
    void this.writes.flush().catch(() => {})
    this.schedule()
    const out: Array<{ pending: PendingReceipt; receipt?: Receipt; error?: CustomsError }> = []
    for (const id of ids) {
      const o = this.outcomes.get(id)!
      out.push({ pending: o.pending, ...(await o.outcome) })
      this.outcomes.delete(id)
    }
    return out
  }

  private takeSinceFlush(): string[] {
    const ids = this.sinceFlush
    this.sinceFlush = []
    return ids
  }

  /**
   * One transaction: lock the head, catch up, apply the queued writes, run `extra` (rollback, checkpoint), append
   * and commit. Settles the writes it took; returns what `extra` returned.
   */
  private async transaction<T>(extra?: (c: Customs) => T | Promise<T>, takeQueue = true): Promise<T | undefined> {
    const batch = takeQueue ? this.queue.splice(0) : []
    if (!batch.length && !extra) return undefined
    if (this.state === 'closed' && !batch.length) throw new ClosedError('transaction')
    for (let attempt = 1; ; attempt++) {
      let lock: Awaited<ReturnType<PostgresBackend['lockHead']>> | undefined
      let committed: { result: T | undefined; extraError: unknown }
      try {
        const follower = this.follower
        if (follower.broken) throw follower.broken
        // What others announced is read before taking the lock, so that the lock is held for what is left only.
        await follower.readAnnounced()
        // the lock's round trip also reads the first page of what is left
        lock = await this.backend.lockHead(follower.readThrough)
        if (lock.head.position > follower.readThrough)
          for await (const page of lock.pagesAfter(follower.readThrough)) await follower.follow(page)
        // Subject keys made or destroyed by others: known before a write here needs its subject's key.
        if (lock.head.keysVersion > this.keys.version) await this.adoptSubjectKeys()
        this.filed = []
        const outcomes: HeadOutcome[] = []
        for (const w of batch) {
          const outcome = isHeadCall(w) ? this.runAtHead(w) : this.apply(w)
          outcomes.push(outcome instanceof Promise ? await outcome : outcome)
        }
        let result: T | undefined
        let extraError: unknown
        try {
          result = await extra?.(this.current)
        } catch (e) {
          extraError = e
        }
        // The first append commits the locked transaction (a checkpoint's has already); nothing to append: end it.
        await this.current.flush()
        await lock.release()
        lock = undefined
        this.stats.transactions++
        for (let i = 0; i < batch.length; i++) this.settleQueued(batch[i]!, outcomes[i]!)
        this.announceFiled()
        this.boundIndex()
        committed = { result, extraError }
      } catch (e) {
        // Whatever failed, the head is unlocked and every write taken settles: a lock left held would stop every
        // writer of the store, and an unsettled write would leave its flush() waiting forever.
        if (lock) {
          await lock.release(e)
          // the view may hold receipts (and subject keys) of this batch that the database does not: replace it
          this.keys.discardStaged()
          await this.resync().catch(() => {})
        }
        if (attempt < TURN_ATTEMPTS && lostConnection(e)) continue
        const err = e instanceof CustomsError ? e : new StorageError(`PostgreSQL transaction failed: ${String(e)}`, e)
        this.filed = []
        for (const w of batch) this.settleQueued(w, { error: err })
        throw err
      }
      if (committed.extraError !== undefined) throw committed.extraError
      return committed.result
    }
  }

  /** Reads the subject key rows that changed since this process last did, into the view's value keys. */
  private async adoptSubjectKeys(): Promise<void> {
    await this.keys.refresh()
    internalsOf(this.current).lifecycle.ledger.values.adoptSubjectKeys(this.keys.section())
  }

  /**
   * Runs one lifecycle call at the head (inside the transaction); a typed error is its outcome, not a failure. An
   * `awaited` call's outcome is a promise, settled before the next call runs.
   */
  private runAtHead(call: HeadCall): HeadOutcome | Promise<HeadOutcome> {
    try {
      const value = call.run(this.current)
      if (!call.awaited) return { value }
      return Promise.resolve(value).then(
        (settled) => ({ value: settled }),
        (thrown: unknown) => ({ thrown }),
      )
    } catch (e) {
      return { thrown: e }
    }
  }

  private settleQueued(q: Queued, o: HeadOutcome): void {
    if (!isHeadCall(q)) return this.settle(q.id, o.receipt, o.error)
    if (o.error) q.reject(o.error)
    else if ('thrown' in o) q.reject(o.thrown)
    else q.resolve(o.value)
  }

  private announceFiled(): void {
    const items = this.filed
    this.filed = []
    for (const item of items)
      for (const listener of this.pendingListeners) {
        try {
          listener(item)
        } catch {
          // a listener's failure is its own; the item is filed
        }
      }
  }

  /** Applies one queued write to the view (inside the transaction); a refusal is its outcome, not a failure. */
  private apply(w: ForwardedWrite): Outcome {
    try {
      return { receipt: runAtSite(w.site, () => applyCall(this.current, w.call, w.actor)) }
    } catch (e) {
      return { error: e instanceof CustomsError ? e : errorFromData(errorToData(e)) }
    }
  }

  /** The view's size when its index last had every row (a read may have inserted them since: then this is low). */
  private indexedThrough = 0

  /** Inserts the deferred index rows once INDEX_BACKLOG wait (between transactions: never under the lock). */
  private boundIndex(): void {
    if (this.current.size - this.indexedThrough < INDEX_BACKLOG) return
    internalsOf(this.current).index()
    this.indexedThrough = this.current.size
  }

  /** Replaces the view by one read from the database (after a failed transaction). */
  private async resync(): Promise<void> {
    this.stats.resyncs++
    const old = this.current
    this.view.retired = true
    this.current = await this.openView()
    this.follower.viewReplaced()
    this.indexedThrough = 0
    internalsOf(old).dropIndex()
  }

  // ------------------------------------------------------------------ following other processes (head-follower.ts)

  /** Another process committed (or the listener reconnected): catch up in the background, between transactions. */
  private noticed(n: HeadNotice | null): void {
    const worthCatchingUp = this.follower.notice(n)
    if (this.state !== 'open' || this.followScheduled || !worthCatchingUp) return
    this.followScheduled = true
    // one catch-up for the notices that arrive together (behind any transaction: it catches up itself)
    void this.serial(async () => {
      this.followScheduled = false
      if (this.state === 'open') await this.follower.catchUpNoticed()
      this.boundIndex()
    }).catch(() => {
      // the next transaction catches up again and reports a failure to its caller
    })
  }

  /** Catches up with everything committed so far (tests and tools; background catch-up does this on its own). */
  sync(): Promise<void> {
    return this.serial(() => this.follower.catchUp())
  }

  // ------------------------------------------------------------------ operations under the head lock

  async rollback(target: RollbackTarget, options?: RollbackOptions): Promise<RollbackResult> {
    if (options?.dryRun) return this.current.rollback(target, options)
    this.ensureOpen('rollback')
    // Under the lock, after catching up: the rollback is computed against the head.
    return (await this.serial(() => this.transaction((c) => c.rollbackNow(target, options))))!
  }

  /** Only a dry run: a real rollback must wait for the head lock (use `await rollback()`). */
  rollbackNow(target: RollbackTarget, options?: RollbackOptions): RollbackResult {
    if (options?.dryRun) return this.current.rollbackNow(target, options)
    throw new StorageBackendError(
      'NOT_LEADER',
      this.backend.location,
      'rollbackNow() cannot run on a PostgreSQL store shared by several writers: a rollback waits for the head lock; use await rollback()',
    )
  }

  async checkpoint(): ReturnType<Customs['checkpoint']> {
    this.ensureOpen('checkpoint')
    // Its own transaction (queued writes wait for the next one): the note's append is the one that commits.
    return (await this.serial(() => this.transaction((c) => c.checkpoint(), false)))!
  }

  async rotateEncryptionKey(): Promise<string> {
    this.ensureOpen('rotateEncryptionKey')
    return this.serial(() => this.current.rotateEncryptionKey())
  }

  private ensureOpen(what: string): void {
    if (this.state === 'closed') throw new ClosedError(what)
  }

  async close(): Promise<void> {
    if (this.state === 'closed') return
    try {
      // every queued write goes out (or settles with its error) before the connections close
      while (this.state === 'open' && (this.queue.length || this.pumping)) {
        this.schedule()
        await new Promise<void>((resolve) => afterIo(resolve))
        await this.tail
      }
      await this.tail
    } finally {
      this.state = 'closed'
      await this.listener?.stop().catch(() => {})
      await this.current?.close().catch(() => {})
      await this.backend.close()
    }
  }

  // ------------------------------------------------------------------ reads: ViewReads (core/view-reads.ts) asks this

  protected get reads(): Customs {
    return this.current
  }
}

/** Runs `fn` once pending I/O callbacks and microtasks have run. */
function afterIo(fn: () => void): void {
  const si = (globalThis as { setImmediate?: (f: () => void) => unknown }).setImmediate
  if (si) si(fn)
  else setTimeout(fn, 0)
}

function lostConnection(e: unknown): boolean {
  for (let x: unknown = e, i = 0; x && i < 4; x = (x as { cause?: unknown }).cause, i++) {
    if (isConnectionError(x)) return true
    if (x instanceof StorageBackendError && x.storageCode === 'IO' && /connection/i.test(x.message)) return true
  }
  return false
}
