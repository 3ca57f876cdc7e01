/**
 * The Customs: Decision pool, Execution pool, plans, the Bridge between them, and the receipt chain.
 *
 * A thin facade: the chain and its synchronous `append` live in `ledger.ts`, each write gate in `gates/`,
 * group commit in `journal-writer.ts`, opening and replay in `open.ts`, reads and time travel in `queries.ts`, the
 * open-time check, verify, checkpoints and health in `integrity.ts`; `createCustoms` (which kind of store the options
 * ask for) is in `create.ts`.
 */
import type { ObservedWriteSink } from '../probe.js'
import type { Checkpoint } from '../crypto/checkpoint.js'
import { b64urlToHex } from '../crypto/hash.js'
import { adoptValueKeys, type Ring } from '../crypto/ring.js'
import { KeyStoreError } from '../errors.js'
import { rotateEncryptionKey } from '../keys/keyset.js'
import type { KeyProvider } from '../keys/provider.js'
import type { StorageBackend } from '../storage/types.js'
import { StoreIntegrity } from './integrity.js'
import { actorWrites } from './gates/actor.js'
import { commitDecision } from './gates/decision.js'
import { isExpired, liveEntries, storeResult } from './gates/execution.js'
import type { GateContext } from './gates/gate.js'
import { observeWrite, type ObservedWrite } from './gates/observed.js'
import { promoteResult } from './gates/bridge.js'
import { recordPlan } from './gates/plans.js'
import { rollbackNow } from './gates/rollback.js'
import { StoreGuard } from './guard.js'
import { renderMetrics, type HealthReport } from './health.js'
import type { ReceiptIndex } from './index-db.js'
import { JournalWriter } from './journal-writer.js'
import { followJournal } from './follow.js'
import { registerInternals } from './internals.js'
import { Ledger } from './ledger.js'
import { announceCustoms, bindFeed } from './receipt-feed.js'
import { openStore, type OpenedStore } from './open.js'
import { writeRulesOf, type CustomsOptions, type WriteRules } from './options.js'
import { decisionEntries, findReceipts, receiptAt, stateAt, viewAt } from './queries.js'
import { executionKey, ZERO_HASH, type Pool, type Receipt } from './receipt.js'
import type { RollbackOptions, RollbackResult, RollbackTarget } from './rollback.js'
import type { PoolState } from './state.js'
import type { CommitOptions, ExecutionEntry, PlanRecord, PointInTimeView, PromoteRequest, ReceiptFilter } from './types.js'
import type { SharedCustoms } from './surface.js'
import { ValueStore } from './values.js'
import {
  asPrincipal,
  contextApi,
  lifecycleContext,
  memoryHandle,
  scopeParts,
  type MemoryHandle,
  type ScopeSpec,
  memoriesApi,
  reviewApi,
  workingApi,
  type ContextRenderer,
  type Memories,
  type Review,
  type WorkingMemory,
} from './memory/api.js'
import type { LifecycleContext } from './memory/context-types.js'
import { influence, lineage, type LineageResult } from './memory/lineage.js'
import { forgetRequest, forgetSubject, type ForgetOptions, type ForgetResult } from './memory/erasure.js'
import { guardApi, type Guard } from './memory/guard/check.js'

/** A memory handle with the guard acting as its principal (its GUARD receipts name it). */
export interface GuardedHandle extends MemoryHandle {
  readonly guard: Guard
  scope(spec: ScopeSpec): GuardedHandle
  as(principal: string, options?: { external?: boolean }): GuardedHandle
}

function withGuard(ctx: LifecycleContext, base: MemoryHandle): GuardedHandle {
  return { ...base, guard: guardApi(ctx) } as GuardedHandle
}
import type { VerifyOptions, VerifyReport } from './verify.js'

export type { CommitOptions, ExecutionEntry, PlanRecord, PointInTimeView, PromoteRequest, ReceiptFilter, Source } from './types.js'
export { isPending, type PendingReceipt, type SharedCustoms, type WriteReceipt } from './surface.js'
export { META_FORMAT } from './open.js'

export class Customs implements ObservedWriteSink, SharedCustoms {
  readonly decision = {
    /** Commits a value for a registered key. Returns the COMMIT receipt; refusals throw after a REFUSED receipt. */
    commit: (key: string, value: unknown, options: CommitOptions): Receipt => commitDecision(this.gates, key, value, options),
    /** The current value (a fresh copy), or undefined. */
    get: (key: string): unknown => {
      const slot = this.ledger.state.decision.get(key)
      return this.ledger.readValue(slot?.commit, slot?.seq)
    },
    /** Every key with its current value, sorted by key. */
    entries: (): Array<[string, unknown]> => decisionEntries(this.ledger, this.ledger.state),
  }

  readonly execution = {
    /** Stores a tool result (signed with HMAC-SHA256 over its canonical bytes). Returns the STORE receipt. */
    store: (tool: string, callId: string, result: unknown): Receipt => storeResult(this.gates, tool, callId, result),
    /** The stored result (a fresh copy), or undefined when absent or expired. */
    get: (tool: string, callId: string): unknown => {
      const slot = this.ledger.state.execution.get(executionKey(tool, callId))
      if (!slot || isExpired(slot, this.rules)) return undefined
      return this.ledger.readValue(slot.commit, slot.origin)
    },
    /** Live results that were never promoted, oldest first. */
    unpromoted: (): ExecutionEntry[] => liveEntries(this.ledger, this.rules, true),
    /** Every live (unexpired) result. */
    entries: (): ExecutionEntry[] => liveEntries(this.ledger, this.rules, false),
  }

  readonly plans = {
    /** Records a plan: the tool calls it relies on. A promotion must name a plan that references its call. */
    record: (planId: string, plan: PlanRecord, options?: { actor?: string; reason?: string }): Receipt =>
      recordPlan(this.gates, planId, plan, options),
    get: (planId: string): PlanRecord | undefined => {
      const slot = this.ledger.state.plans.get(planId)
      return this.ledger.readValue(slot?.commit, slot?.seq) as PlanRecord | undefined
    },
  }

  readonly bridge = {
    /** Promotes a stored tool result into the Decision pool after every customs check. Returns the PROMOTE receipt. */
    promote: (req: PromoteRequest): Receipt => promoteResult(this.gates, req, this.lifecycle),
  }

  /** Long-term memory: scanned, filed as approved / pending review / rejected, every transition a receipt. */
  readonly memories: Memories
  /** The review queue (pending memories and held-back promotions), with a timeout that rejects. */
  readonly review: Review
  /** Context for the model with provenance labels; each render is a READ receipt. */
  readonly context: ContextRenderer
  /**
   * The shadow guardrail: `check({ action, tool?, contextId?, uses? })` before a risky action, from the metadata of
   * the memories it rests on (never their contents); every check is a GUARD receipt. See docs/guardrail.md.
   */
  readonly guard: Guard
  private readonly lifecycle: LifecycleContext

  private readonly rules: WriteRules
  private readonly ledger: Ledger
  private readonly storeGuard = new StoreGuard()
  private readonly writer: JournalWriter
  private readonly gates: GateContext
  private readonly integrity: StoreIntegrity
  private readonly backend: StorageBackend
  private readonly idx: ReceiptIndex
  private readonly ring: Ring
  private readonly keyStore: KeyProvider
  readonly chain: string
  readonly origin: string

  /** @internal use createCustoms */
  constructor(store: OpenedStore, options: CustomsOptions) {
    this.backend = store.backend
    this.idx = store.idx
    this.ring = store.ring
    this.keyStore = store.keyStore
    this.chain = store.chain
    this.origin = store.origin
    this.rules = writeRulesOf(options)
    const values = new ValueStore(store.ring, options.encryption !== false)
    this.ledger = new Ledger(store.idx, store.chain, store.ring, values, this.rules.now, this.rules.snapshotEvery)
    this.writer = new JournalWriter(store.backend, this.ledger, store.keyStore, this.rules.now, () => this.storeGuard.closed)
    this.storeGuard.backend = store.backend
    this.ledger.onAppend = () => this.writer.scheduleFlush()
    bindFeed(this, this.ledger)
    this.gates = { ledger: this.ledger, ring: store.ring, rules: this.rules, guard: this.storeGuard }
    this.integrity = new StoreIntegrity({
      ledger: this.ledger,
      writer: this.writer,
      guard: this.storeGuard,
      rules: this.rules,
      backend: store.backend,
      idx: store.idx,
      ring: store.ring,
      keyStore: store.keyStore,
      openReport: store.openReport,
      chain: store.chain,
      origin: store.origin,
      createdInV1: store.createdInV1,
    })
    this.lifecycle = lifecycleContext(this.gates)
    this.memories = memoriesApi(this.lifecycle)
    this.review = reviewApi(this.lifecycle)
    this.context = contextApi(this.lifecycle)
    this.guard = guardApi(this.lifecycle)
    const ledger = this.ledger
    // Only the index is captured: `store` also holds every journal entry read at open, which must not outlive it.
    const idx = store.idx
    const followed = {
      ledger,
      writer: this.writer,
      ring: store.ring,
      keyStore: store.keyStore,
      chain: store.chain,
      createdInV1: store.createdInV1,
    }
    registerInternals(this, {
      index: () => {
        idx.sync()
        return idx.db
      },
      liveState: ledger.state,
      versionIndex: ledger.versions,
      lifecycle: this.lifecycle,
      dropIndex: () => idx.close(),
      asActor: (actor) => actorWrites(this.gates, actor, { scan: this.lifecycle.scan }),
      follow: (entries) => followJournal(followed, entries),
    })
  }

  /** Working memory of one session (entries with a TTL, never visible as long-term memory). */
  working(session: string): WorkingMemory {
    return workingApi(this.lifecycle, session)
  }

  /**
   * The memory APIs acting as `principal` (an agent, sub-agent or module id): its proposals are owned by it, and
   * its reads are checked against each entry's access level (a refused read throws AccessDeniedError and leaves a
   * receipt). `{ external: true }` for a principal outside the system (it reads `public` entries only). The root
   * handle (this object) acts as `system`.
   */
  as(principal: string, options?: { external?: boolean }): GuardedHandle {
    return memoryHandle(asPrincipal(this.lifecycle, principal, options), withGuard)
  }

  /**
   * What an entry (memory `m_<seq>`, `w:<session>/<name>`, `decision:<key>`, `ctx_<seq>`) was derived from,
   * transitively: its `dependsOn`, the context it was linked to and that context's entries. See docs/lineage.md.
   */
  lineage(id: string, options?: { maxDepth?: number }): LineageResult {
    this.storeGuard.ensureOpen('lineage')
    return lineage(this.ledger.state.lifecycle, id, { ...options, decisions: this.ledger.state.decision })
  }

  /** Everything that depended on an entry (its blast radius): derived entries, contexts, guard checks. */
  influence(id: string, options?: { maxDepth?: number }): LineageResult {
    this.storeGuard.ensureOpen('influence')
    return influence(this.ledger.state.lifecycle, id, { ...options, decisions: this.ledger.state.decision })
  }

  /**
   * Honours an erasure request: destroys the value key of `subject` (crypto-shredding), so every value written for
   * it with `memories.propose(…, { subject })` can never be read again (reads throw ErasedError); the chain keeps
   * its receipts and still verifies. The FORGET receipt names a keyed tag of the subject and the memories shredded.
   * See docs/erasure.md.
   */
  async forget(request: { subject: string } & ForgetOptions): Promise<ForgetResult> {
    const { subject, options } = forgetRequest(request)
    const erasure = forgetSubject(this.lifecycle, subject, options)
    // close() waits for erasures under way: a key destroyed must never be left without its FORGET receipt.
    this.erasures.add(erasure)
    try {
      const result = await erasure
      // An erasure is a promise to the person who asked: resolve once its receipt is durable.
      await this.flush()
      return result
    } finally {
      this.erasures.delete(erasure)
    }
  }

  /** Erasures whose key is being destroyed (see forget). */
  private readonly erasures = new Set<Promise<ForgetResult>>()

  /** The memory APIs within a namespace (`{ user, agent, thread, namespace }`), as `system`; compose with `as`. */
  scope(spec: ScopeSpec): GuardedHandle {
    return memoryHandle({ ...this.lifecycle, ns: scopeParts(spec) }, withGuard)
  }

  /** Probe sink: a probed write on an object the runtime does not own becomes an OBSERVED_WRITE receipt. Never throws. */
  observeWrite(write: ObservedWrite): void {
    observeWrite(this.gates, write)
  }

  /** Reads back a committed value by its commitment (decrypted when encryption is configured); undefined if unknown. */
  value(commit: string): unknown {
    return this.ledger.readValue(commit)
  }

  /** Number of receipts in the chain (the head seq). */
  get size(): number {
    return this.ledger.headSeq
  }

  /** Hash of the last receipt, hex (64 zeros when empty). */
  get head(): { seq: number; hash: string } {
    const h = this.ledger.headHash
    if (this.ledger.headSeq === 0) return { seq: 0, hash: ZERO_HASH }
    return { seq: this.ledger.headSeq, hash: h.length === 64 ? h : b64urlToHex(h) }
  }

  receipt(seq: number): Receipt | undefined {
    return receiptAt(this.ledger, seq)
  }

  receipts(filter: ReceiptFilter = {}): Receipt[] {
    return findReceipts(this.ledger, filter)
  }

  /** Every receipt for a key, oldest first (all pools unless `pool` is given; refused attempts included). */
  history(key: string, options: { pool?: Pool } = {}): Receipt[] {
    return this.receipts({ key, pool: options.pool })
  }

  /** Full state at `seq`: the latest snapshot at or before it, then at most K receipts replayed. */
  stateAt(seq: number): PoolState {
    return stateAt(this.ledger, seq)
  }

  /** A read-only view of the pools as of receipt `seq` (0 = before the first receipt). */
  at(seq: number): PointInTimeView {
    return viewAt(this.ledger, seq)
  }

  /**
   * Rolls back (see `rollbackNow` in gates/rollback.ts for why it cannot interleave with other writes). The
   * returned promise resolves once the receipts are durable.
   */
  async rollback(target: RollbackTarget, options: RollbackOptions = {}): Promise<RollbackResult> {
    if (options.dryRun) this.storeGuard.ensureOpen('rollback')
    else this.storeGuard.ensureWritable('rollback')
    const result = this.rollbackNow(target, options)
    if (!result.dryRun) await this.flush()
    return result
  }

  /** The synchronous core of rollback (exposed for callers that need it inside one tick). */
  rollbackNow(target: RollbackTarget, options: RollbackOptions = {}): RollbackResult {
    return rollbackNow(this.gates, target, options)
  }

  /** Resolves once every receipt written so far is durable; rejects with StorageError otherwise (see JournalWriter). */
  flush(): Promise<void> {
    return this.writer.flush()
  }

  /** Flushes, releases the backend and closes the sql.js Database. Idempotent. */
  async close(): Promise<void> {
    if (this.storeGuard.closed) return
    try {
      // A forget under way finishes first (its key save, then its FORGET receipt); its failure is its caller's.
      await Promise.allSettled(this.erasures)
      await this.flush()
      await this.writer.updateWitness(true)
      await this.integrity.saveSnapshot()
    } finally {
      this.storeGuard.closed = true
      await this.backend.close()
      this.idx.close()
    }
  }

  /**
   * Signs a checkpoint (size, RFC 6962 root over receipt hashes) and records it in the journal. A file store also
   * refreshes its open snapshot here (as at close), so opening after a crash replays only what came after the
   * last checkpoint; on a large store that costs writing the snapshot (≈1.2 s at 1,000,000 receipts).
   */
  checkpoint(): Promise<Checkpoint> {
    return this.integrity.checkpoint()
  }

  /**
   * Verifies the journal as stored (after flushing what is pending): every receipt's encoding, seq, link and
   * MAC, the value records (authenticated through the receipts' MACs; `values: true` also decrypts each and
   * checks its commitment), stored checkpoints, and the witness kept beside the keys. With `checkpoint` (a
   * note kept elsewhere) it also detects truncation and forks. `authenticatedThrough` < `checked` is an
   * unauthenticated tail: receipts nobody with this store's key wrote.
   */
  verify(options: VerifyOptions = {}): Promise<VerifyReport> {
    return this.integrity.verify(options)
  }

  health(): HealthReport {
    return this.integrity.health()
  }

  /**
   * Starts a new value encryption key: it is saved in the key store first, then used for every value written
   * from now on; values written under older keys stay readable (their key ids stay in the key set). Returns
   * the new key id. Back the key set up again afterwards (`exportKeys`, docs/keys.md).
   */
  async rotateEncryptionKey(): Promise<string> {
    this.storeGuard.ensureWritable('rotateEncryptionKey')
    // In the key set's queue: a new subject's key or a forget saved meanwhile must not be overwritten by this save.
    return this.ledger.values.keySetTurn(async () => {
      const current = await this.keyStore.load(this.chain)
      if (!current)
        throw new KeyStoreError('KEYS_MISSING', this.keyStore.location, `the keys of chain ${this.chain} are no longer in the key store`)
      const next = rotateEncryptionKey(current)
      await this.keyStore.save(this.chain, next)
      adoptValueKeys(this.ring.values, next)
      return next.encryption.current
    })
  }

  /** Prometheus text exposition of the health counters. */
  metrics(): string {
    return renderMetrics(this.health())
  }

  /** @internal Rebuilds index and state from the journal, verifying it (see StoreIntegrity.load). */
  load(store: OpenedStore): Promise<void> {
    return this.integrity.load(store)
  }

  /** @internal first-release stores: the MIGRATE receipt that starts format 2, written once on a writable open. */
  migrate(): Promise<void> {
    return this.integrity.migrate()
  }
}

/** @internal A single-writer Customs on any storage (the tab layer opens its views with it). */
export async function openCustoms(options: CustomsOptions = {}): Promise<Customs> {
  const s = await openStore(options)
  try {
    const customs = new Customs(s, options)
    await customs.load(s)
    if (s.format === 1) await customs.migrate()
    announceCustoms(customs)
    return customs
  } catch (e) {
    await s.backend.close().catch(() => {})
    throw e
  }
}
