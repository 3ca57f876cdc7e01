/**
 * The Customs: Decision pool, Execution pool, plans, the Bridge between them, and the receipt chain.
 *
 * A thin facade: the chain and its synchronous `append` live in `ledger.ts`, each write gate in `gates/`,
 * group commit in `journal-writer.ts`, opening and replay in `open.ts`, reads and time travel in `queries.ts`.
 */
import type { ObservedWriteSink } from '../probe.js'
import type { Checkpoint } from '../crypto/checkpoint.js'
import type { EncryptionOptions } from '../crypto/encryption.js'
import type { KeyRing } from '../crypto/keys.js'
import type { JournalEntry, OpenReport, StorageBackend } from '../storage/types.js'
import { Checkpointer } from './checkpoints.js'
import type { JournalDamage } from './damage.js'
import { commitDecision } from './gates/decision.js'
import { isExpired, liveEntries, storeResult } from './gates/execution.js'
import type { GateContext } from './gates/gate.js'
import { observeWrite, type ObservedWrite } from './gates/observed.js'
import { promoteResult } from './gates/bridge.js'
import { recordPlan } from './gates/plans.js'
import { rollbackNow } from './gates/rollback.js'
import { StoreGuard } from './guard.js'
import { healthReport, renderMetrics, type HealthReport } from './health.js'
import type { ReceiptIndex } from './index-db.js'
import { JournalWriter } from './journal-writer.js'
import { Ledger, UNREADABLE } from './ledger.js'
import { openStore, replayJournal, type OpenFailure } from './open.js'
import { writeRulesOf, type CustomsOptions, type WriteRules } from './options.js'
import { decisionEntries, findReceipts, receiptAt, stateAt, viewAt } from './queries.js'
import { executionKey, type Pool, type Receipt } from './receipt.js'
import type { RollbackOptions, RollbackResult, RollbackTarget } from './rollback.js'
import type { PoolState } from './state.js'
import type { CommitOptions, ExecutionEntry, PlanRecord, PointInTimeView, PromoteRequest, ReceiptFilter } from './types.js'
import type { VersionIndex } from './versions.js'
import { verifyChain, type VerifyOptions, type VerifyReport } from './verify.js'

export type { CommitOptions, ExecutionEntry, PlanRecord, PointInTimeView, PromoteRequest, ReceiptFilter, Source } from './types.js'
export { META_FORMAT } from './open.js'

export class Customs implements ObservedWriteSink {
  /** The sql.js index (one Database). Exposed for inspection and tamper tests; reads sync pending rows first. */
  get index(): ReceiptIndex['db'] {
    this.idx.sync()
    return this.idx.db
  }

  readonly decision = {
    /** Commits a value for a registered key. Returns the COMMIT receipt; refusals throw after a REFUSED receipt. */
    commit: (key: string, value: unknown, options: CommitOptions): Receipt => commitDecision(this.gates, key, value, options),
    /** The current value (a fresh copy), or undefined. */
    get: (key: string): unknown => this.ledger.readValue(this.ledger.state.decision.get(key)?.commit),
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
      return this.ledger.readValue(slot.commit)
    },
    /** Live results that were never promoted, oldest first. */
    unpromoted: (): ExecutionEntry[] => liveEntries(this.ledger, this.rules, true),
    /** Every live (unexpired) result. */
    entries: (): ExecutionEntry[] => liveEntries(this.ledger, this.rules, false),
  }

  readonly plans = {
    /** Records a plan: the tool calls it relies on. A promotion must name a plan that references its call. */
    record: (planId: string, plan: PlanRecord, options?: { actor?: string; reason?: string }): Receipt => recordPlan(this.gates, planId, plan, options),
    get: (planId: string): PlanRecord | undefined => this.ledger.readValue(this.ledger.state.plans.get(planId)?.commit) as PlanRecord | undefined,
  }

  readonly bridge = {
    /** Promotes a stored tool result into the Decision pool after every customs check. Returns the PROMOTE receipt. */
    promote: (req: PromoteRequest): Receipt => promoteResult(this.gates, req),
  }

  private readonly rules: WriteRules
  private readonly ledger: Ledger
  private readonly guard = new StoreGuard()
  private readonly writer: JournalWriter
  private readonly gates: GateContext
  private readonly checkpoints: Checkpointer
  private lastVerify: { at: string; report: VerifyReport } | null = null
  private openFailure: OpenFailure | null = null

  /** @internal use createCustoms */
  constructor(
    private readonly backend: StorageBackend,
    private readonly idx: ReceiptIndex,
    private readonly ring: KeyRing,
    readonly chain: string,
    readonly origin: string,
    private readonly encryption: EncryptionOptions | undefined,
    private readonly openReport: OpenReport,
    options: CustomsOptions,
  ) {
    this.rules = writeRulesOf(options)
    this.ledger = new Ledger(idx, chain, this.rules.now, this.rules.snapshotEvery)
    this.writer = new JournalWriter(backend, this.ledger, encryption, this.rules.now, () => this.guard.closed)
    this.ledger.onAppend = () => this.writer.scheduleFlush()
    this.gates = { ledger: this.ledger, ring, rules: this.rules, guard: this.guard }
    this.checkpoints = new Checkpointer(this.ledger, ring, origin)
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

  /** Hash of the last receipt (64 zeros when empty). */
  get head(): { seq: number; hash: string } {
    return { seq: this.ledger.headSeq, hash: this.ledger.headHash }
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

  /** @internal live state (tests compare it with replays). */
  get liveState(): PoolState {
    return this.ledger.state
  }

  /** @internal the JS version index (tests compare it with replays). */
  get versionIndex(): VersionIndex {
    return this.ledger.versions
  }

  /**
   * Rolls back (see `rollbackNow` in gates/rollback.ts for why it cannot interleave with other writes). The
   * returned promise resolves once the receipts are durable.
   */
  async rollback(target: RollbackTarget, options: RollbackOptions = {}): Promise<RollbackResult> {
    if (options.dryRun) this.guard.ensureOpen('rollback')
    else this.guard.ensureWritable('rollback')
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
    if (this.guard.closed) return
    try {
      await this.flush()
    } finally {
      this.guard.closed = true
      await this.backend.close()
      this.idx.close()
    }
  }

  /** Signs a checkpoint (size, RFC 6962 root over receipt hashes) and records it in the journal. */
  async checkpoint(): Promise<Checkpoint> {
    this.guard.ensureWritable('checkpoint')
    const cp = await this.checkpoints.sign()
    await this.flush()
    this.checkpoints.last = cp
    return cp
  }

  /**
   * Recomputes every hash from the stored bytes, checks links, seq continuity, projections, value commitments
   * (`values: true`) and stored checkpoints; with `checkpoint` (a note kept elsewhere) also detects truncation
   * and forks.
   */
  async verify(options: VerifyOptions = {}): Promise<VerifyReport> {
    this.guard.ensureOpen('verify')
    let report = await verifyChain({
      idx: this.idx,
      chain: this.chain,
      ring: this.ring,
      options,
      readRecord: (commit) => this.ledger.readRecord(commit),
      unreadable: UNREADABLE,
    })
    // The receipts read before the damage verify on their own; the first one that could not be read fails.
    const damaged = this.guard.damageFailure()
    if (damaged && (report.ok || report.firstFailure!.seq >= damaged.seq)) report = { ok: false, checked: report.checked, firstFailure: damaged }
    this.lastVerify = { at: new Date(this.rules.now()).toISOString(), report }
    return report
  }

  health(): HealthReport {
    return healthReport({
      ledger: this.ledger,
      writer: this.writer,
      guard: this.guard,
      rules: this.rules,
      backend: this.backend,
      openReport: this.openReport,
      chain: this.chain,
      origin: this.origin,
      lastVerify: this.lastVerify,
      openFailure: this.openFailure,
      lastCheckpoint: this.checkpoints.last,
    })
  }

  /** Prometheus text exposition of the health counters. */
  metrics(): string {
    return renderMetrics(this.health())
  }

  /**
   * @internal Rebuilds index and state from the journal; verifies hash and link cheaply as it goes. `damage`:
   * the journal could not be read past `damage.afterSeq` (the store opens read-only).
   */
  async load(entries: JournalEntry[], damage: JournalDamage | null = null): Promise<void> {
    this.guard.damage = damage
    this.openFailure = await replayJournal(this.ledger, entries, this.encryption)
    this.writer.durableSeq = this.ledger.headSeq
    if (!this.openFailure && damage) this.openFailure = this.guard.damageFailure()
  }
}

/**
 * Opens (or creates) a Customs over the configured storage: reads the journal, rebuilds the sql.js index and
 * the pool state, and checks hashes and links on the way (see `health().verification`).
 */
export async function createCustoms(options: CustomsOptions = {}): Promise<Customs> {
  const s = await openStore(options)
  try {
    const customs = new Customs(s.backend, s.idx, s.ring, s.chain, s.origin, options.encryption, s.openReport, options)
    await customs.load(s.entries, s.damage)
    return customs
  } catch (e) {
    await s.backend.close().catch(() => {})
    throw e
  }
}
