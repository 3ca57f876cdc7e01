/**
 * `createCustoms({ storage: { indexedDB: name } })` in a browser where several tabs open the same store.
 *
 * The tab holding the Web Lock `memory-customs:<name>` is the leader: its Customs is the only writer and
 * behaves as a single-writer store (writes return final receipts synchronously). Every other tab is a
 * follower: it reads the journal through a read-only view that catches up after each `head` announcement,
 * checks its writes locally and forwards them (see follower.ts); each returns a pending receipt and
 * `flush()` resolves with the final receipts or rejects with the leader's typed refusal.
 *
 * Handover: every follower waits in the Web Locks queue. When the leader's tab closes or crashes the browser
 * releases its lock; the next follower gets it, re-reads the journal (IndexedDB runs that read after any
 * transaction the old leader had started), applies its own unanswered writes once (leader.ts), announces
 * itself, and the other followers re-send theirs.
 */
import { openCustoms, type Customs } from '../core/customs.js'
import { internalsOf } from '../core/internals.js'
import type { CustomsOptions } from '../core/options.js'
import type { Receipt } from '../core/receipt.js'
import type { CommitOptions, PlanRecord, PromoteRequest } from '../core/types.js'
import type { RollbackOptions, RollbackResult, RollbackTarget } from '../core/rollback.js'
import { createIndexedDBBackend } from '../storage/indexeddb.js'
import { ViewReads } from '../core/view-reads.js'
import type { SharedCustoms } from '../core/surface.js'
import type { ObservedWrite } from '../core/gates/observed.js'
import { ClosedError, NotLeaderError, StorageBackendError } from '../errors.js'
import { applyCall, FollowerWrites, type PendingReceipt } from './follower.js'
import { applyOnce } from './leader.js'
import { channelName, errorToData, newTabId, type ForwardedWrite, type TabMessage, type WriteCall } from './protocol.js'
import { TabBackend } from './tab-backend.js'

export type { PendingReceipt } from './follower.js'
/** A write's receipt in a tab: final in the leader, pending (no seq/hash yet) in a follower. */
export type TabReceipt = Receipt | PendingReceipt

interface ChannelLike {
  postMessage(m: TabMessage): void
  onmessage: ((ev: { data: TabMessage }) => void) | null
  close(): void
}

/** Opens the store in this tab as leader (lock free) or follower (lock held by another tab). */
export async function openTabCustoms(options: CustomsOptions & { storage: { indexedDB: string } }): Promise<TabCustoms> {
  // a single writer would take the Web Lock or fail; here the lock decides the role
  const name = options.storage.indexedDB
  const tab = new TabCustoms(name, options)
  try {
    await tab.start()
  } catch (e) {
    await tab.close().catch(() => {})
    throw e
  }
  return tab
}

export class TabCustoms extends ViewReads implements SharedCustoms {
  /** This tab's id on the channel (forwarded write ids start with it). */
  readonly tabId = newTabId()
  private role: 'starting' | 'follower' | 'promoting' | 'leader' | 'closed' = 'starting'
  private current!: Customs
  private backend!: TabBackend
  private check: Customs | undefined
  private readonly channel: ChannelLike
  private readonly writes: FollowerWrites
  private readonly listeners = new Set<(m: TabMessage) => void>()
  /** The newest head a leader announced; the view catches up to it. */
  private announced = 0
  private catching: Promise<void> | null = null
  private waitingLock: Promise<void> | null = null

  readonly decision = {
    commit: (key: string, value: unknown, options: CommitOptions): TabReceipt => this.write({ op: 'COMMIT', key, value, options }),
    get: (key: string): unknown => this.current.decision.get(key),
    entries: (): Array<[string, unknown]> => this.current.decision.entries(),
  }
  readonly execution = {
    store: (tool: string, callId: string, result: unknown): TabReceipt => this.write({ op: 'STORE', tool, callId, result }),
    get: (tool: string, callId: string): unknown => this.current.execution.get(tool, callId),
    unpromoted: () => this.current.execution.unpromoted(),
    entries: () => this.current.execution.entries(),
  }
  readonly plans = {
    record: (planId: string, plan: PlanRecord, options?: { actor?: string; reason?: string }): TabReceipt =>
      this.write({ op: 'RECORD_PLAN', planId, plan, options }),
    get: (planId: string): PlanRecord | undefined => this.current.plans.get(planId),
  }
  readonly bridge = {
    promote: (req: PromoteRequest): TabReceipt => this.write({ op: 'PROMOTE', req }),
  }

  constructor(
    readonly database: string,
    private readonly options: CustomsOptions & { storage: { indexedDB: string } },
  ) {
    super()
    const BC = (globalThis as { BroadcastChannel?: new (name: string) => ChannelLike }).BroadcastChannel
    if (!BC)
      throw new StorageBackendError(
        'UNSUPPORTED',
        `indexeddb:${database}`,
        'this platform has no BroadcastChannel, so tabs cannot share the store',
      )
    this.channel = new BC(channelName(database))
    this.channel.onmessage = (ev) => this.receive(ev.data)
    this.writes = new FollowerWrites(
      this.tabId,
      options.actor ?? null,
      () => this.check!,
      (write) => this.post({ type: 'write', from: this.tabId, write }),
      (ids) => {
        this.backend?.forget(ids)
        this.post({ type: 'ack', from: this.tabId, ids })
      },
    )
  }

  /** `leader` when this tab holds the lock and writes the journal; `follower` otherwise. */
  get mode(): 'leader' | 'follower' {
    return this.role === 'leader' ? 'leader' : 'follower'
  }

  // ------------------------------------------------------------------ election and handover

  async start(): Promise<void> {
    const locked = createIndexedDBBackend(this.database)
    try {
      const report = await locked.open()
      this.backend = new TabBackend(locked, report)
      this.current = await this.openOn(this.backend)
      this.lead()
      return
    } catch (e) {
      if (!(e instanceof StorageBackendError) || e.storageCode !== 'LOCKED') throw e
    }
    const reader = createIndexedDBBackend(this.database, { lock: false })
    this.backend = new TabBackend(reader, await reader.open())
    this.check = await openCustoms({ ...this.options, storage: 'memory', encryption: undefined, keys: undefined })
    // Wait for a leader that has opened (and created the store), or for the lock if the holder went away.
    const ready = this.waitFor((m) => m.type === 'head' || m.type === 'leader')
    const lock = reader.acquireWriter()
    this.waitingLock = lock
    this.post({ type: 'hello', from: this.tabId })
    const first = await Promise.race([ready.then(() => 'leader' as const), lock.then(() => 'lock' as const)])
    this.current = await this.openOn(this.backend)
    this.role = 'follower'
    if (first === 'lock') return this.promote()
    lock.then(
      () =>
        this.promote().catch((e: unknown) => {
          if (this.role !== 'closed') throw e // closed meanwhile: nothing to lead
        }),
      () => {}, // closed while waiting
    )
  }

  private openOn(backend: TabBackend): Promise<Customs> {
    return openCustoms({ ...this.options, storage: backend })
  }

  /** Serves writes from now on: answers hellos, announces every durable head. */
  private lead(): void {
    this.role = 'leader'
    this.backend.onDurable = (seq) => this.post({ type: 'head', from: this.tabId, seq })
    this.post({ type: 'leader', from: this.tabId, seq: this.current.size })
  }

  /** The lock is ours: read what the old leader left, apply our own unanswered writes once, then lead. */
  private async promote(): Promise<void> {
    if (this.role === 'closed') return
    this.role = 'promoting'
    await this.reopenView()
    this.role = 'leader'
    for (const w of this.writes.unanswered()) {
      const outcome = applyOnce(this.current, this.backend, w)
      void this.current.flush().then(
        () => this.writes.settle(w.id, outcome.receipt, outcome.error),
        (e: unknown) => this.writes.settle(w.id, undefined, errorToData(e)),
      )
    }
    await this.check?.close()
    this.check = undefined
    this.lead()
  }

  // ------------------------------------------------------------------ the channel

  private post(m: TabMessage): void {
    if (this.role === 'closed') return
    try {
      this.channel.postMessage(m)
    } catch (e) {
      // the channel closes with the tab (pagehide, a closing window): nobody is left to tell
      if ((e as { name?: string })?.name !== 'InvalidStateError') throw e
    }
  }

  private waitFor(pred: (m: TabMessage) => boolean): Promise<TabMessage> {
    return new Promise((resolve) => {
      const l = (m: TabMessage) => {
        if (!pred(m)) return
        this.listeners.delete(l)
        resolve(m)
      }
      this.listeners.add(l)
    })
  }

  private receive(m: TabMessage): void {
    for (const l of this.listeners) l(m)
    // every tab forgets acknowledged ids: whichever of them leads next needs only the unacknowledged ones
    if (m.type === 'ack') return this.backend?.forget(m.ids)
    if (this.role === 'leader') {
      if (m.type === 'write') this.serve(m.from, m.write)
      else if (m.type === 'hello') this.post({ type: 'head', from: this.tabId, seq: this.current.size })
      return
    }
    if (m.type === 'result' && m.to === this.tabId) this.writes.settle(m.id, m.receipt, m.error)
    else if (m.type === 'head' || m.type === 'leader') {
      this.announced = Math.max(this.announced, m.seq)
      // a failure here reaches the next flush() (it catches up again); after close() there is nothing to read
      if (this.role === 'follower') this.catchUp().catch(() => {})
      // a new leader: send again everything it may not have seen (it applies each id at most once)
      if (m.type === 'leader') for (const write of this.writes.unanswered()) this.post({ type: 'write', from: this.tabId, write })
    }
  }

  private serve(from: string, write: ForwardedWrite): void {
    const outcome = applyOnce(this.current, this.backend, write)
    this.current.flush().then(
      () =>
        this.post({
          type: 'result',
          to: from,
          id: write.id,
          receipt: outcome.receipt && { ...outcome.receipt },
          error: outcome.error && errorToData(outcome.error),
        }),
      // Not durable: the follower's flush() rejects with the typed StorageError (as a single writer's would).
      // The entries stay queued in this tab and go out with its next successful append, like a single
      // writer's after a failed flush; the follower does not re-send the write.
      (e: unknown) => this.post({ type: 'result', to: from, id: write.id, error: errorToData(e) }),
    )
  }

  // ------------------------------------------------------------------ the follower's view

  /** Brings the read view up to the announced head (one catch-up at a time; repeats while behind). */
  private catchUp(): Promise<void> {
    if (this.catching) return this.catching
    const run = (async () => {
      while (this.role === 'follower' && this.current.size < this.announced) await this.reopenView()
    })()
    const done = (this.catching = run.finally(() => {
      if (this.catching === done) this.catching = null
    }))
    return done
  }

  /** Replaces the view by one opened on the journal as it is now. */
  private async reopenView(): Promise<void> {
    const fresh = await this.openOn(this.backend)
    const old = this.current
    this.current = fresh
    internalsOf(old).dropIndex()
  }

  // ------------------------------------------------------------------ writes and durability

  private write(call: WriteCall): TabReceipt {
    if (this.role === 'closed') throw new ClosedError(call.op.toLowerCase())
    if (this.role !== 'leader') return this.writes.write(call)
    const r = applyCall(this.current, call)!
    this.writes.recordOwn(r)
    return r
  }

  /**
   * Resolves once this tab's writes so far are final and durable, with the final receipts of the writes made
   * since the previous `flush()` (in call order). In a follower it rejects with the leader's typed refusal
   * (`WriteOnceError`, ...) of the first refused one; the view has caught up with every receipt it returns.
   */
  async flush(): Promise<Receipt[]> {
    const { receipts, maxSeq } = await this.writes.flush()
    if (this.role === 'leader') await this.current.flush()
    else {
      this.announced = Math.max(this.announced, maxSeq)
      while (this.role === 'follower' && this.current.size < maxSeq) await this.catchUp()
    }
    return receipts
  }

  async close(): Promise<void> {
    if (this.role === 'closed') return
    try {
      if (this.role === 'leader') await this.current?.flush()
    } finally {
      this.role = 'closed'
      this.channel.close()
      await this.check?.close()
      await this.current?.close()
      await this.backend?.close()
    }
  }

  // ------------------------------------------------------------------ reads: ViewReads (core/view-reads.ts) asks this

  protected get reads(): Customs {
    return this.current
  }
  // ------------------------------------------------------------------ leader-only operations

  async rollback(target: RollbackTarget, options?: RollbackOptions): Promise<RollbackResult> {
    if (!options?.dryRun) this.leaderOnly('rollback')
    return this.current.rollback(target, options)
  }
  rollbackNow(target: RollbackTarget, options?: RollbackOptions): RollbackResult {
    if (!options?.dryRun) this.leaderOnly('rollbackNow')
    return this.current.rollbackNow(target, options)
  }
  async checkpoint(): ReturnType<Customs['checkpoint']> {
    this.leaderOnly('checkpoint')
    return this.current.checkpoint()
  }
  async rotateEncryptionKey(): Promise<string> {
    this.leaderOnly('rotateEncryptionKey')
    return this.current.rotateEncryptionKey()
  }
  /** Probe sink (never throws): the leader records an observed write; a follower forwards it to the leader. */
  observeWrite(write: ObservedWrite): void {
    if (this.role === 'closed') return
    if (this.role === 'leader') this.current.observeWrite(write)
    else {
      try {
        this.writes.observe(write)
      } catch {
        // never into the probed code
      }
    }
  }

  /**
   * Rollback, checkpoint and key rotation are not forwarded: a rollback is computed against the head and its
   * result (and `rollbackNow`'s synchronous one) would arrive after other tabs' writes; a checkpoint is signed
   * by the tab that holds the keys' writer role. A follower refuses them with NotLeaderError (nothing written).
   */
  private leaderOnly(what: string): void {
    if (this.role !== 'leader') throw new NotLeaderError(`indexeddb:${this.database}`, what)
  }
}
