/**
 * What a store knows of its own integrity: the check made while it opened (and what that makes of it: read-only when
 * the journal is damaged, fails verification or ends in an unauthenticated tail), `verify()`, signed checkpoints,
 * the open snapshot written at close and at each checkpoint, the MIGRATE receipt of a first-release store, and the
 * health report that sums these up. The Customs facade delegates here; nothing else keeps this state.
 */
import type { Checkpoint } from '../crypto/checkpoint.js'
import { verifierKeys, type Ring } from '../crypto/ring.js'
import type { KeyProvider } from '../keys/provider.js'
import type { OpenReport, StorageBackend } from '../storage/types.js'
import { Checkpointer } from './checkpoints.js'
import type { StoreGuard } from './guard.js'
import { healthReport, type HealthReport } from './health.js'
import type { ReceiptIndex } from './index-db.js'
import type { JournalWriter } from './journal-writer.js'
import type { Ledger } from './ledger.js'
import { journalOf, replayJournal, type OpenedStore } from './open.js'
import { saveOpenSnapshot } from './open-snapshot.js'
import type { WriteRules } from './options.js'
import { verifyJournal, type VerifyOptions, type VerifyReport } from './verify.js'

/** The parts of an open store the integrity checks read. */
export interface IntegrityParts {
  ledger: Ledger
  writer: JournalWriter
  guard: StoreGuard
  rules: WriteRules
  backend: StorageBackend
  idx: ReceiptIndex
  ring: Ring
  keyStore: KeyProvider
  openReport: OpenReport
  chain: string
  origin: string
  /** Created by the first release: its start is format 1, read with the legacy keys. */
  createdInV1: boolean
}

export class StoreIntegrity {
  private readonly checkpoints: Checkpointer
  private lastVerify: { at: string; report: VerifyReport } | null = null
  /** What the open-time verification found (the same check as verify, without `values: true`). */
  private openCheck: VerifyReport | null = null

  constructor(private readonly parts: IntegrityParts) {
    this.checkpoints = new Checkpointer(parts.ledger, parts.ring, parts.origin)
  }

  /**
   * Rebuilds index and state from the journal, verifying it in the same pass. A store that fails that check, ends
   * before its witness, or ends in an unauthenticated tail opens read-only.
   */
  async load(store: OpenedStore): Promise<void> {
    const { ledger, writer, guard, backend } = this.parts
    guard.damage = store.damage
    const report = await replayJournal(ledger, store)
    this.checkpoints.resumeFrom(store.snapshot?.resume.frontier)
    this.openCheck = report
    writer.durableSeq = ledger.headSeq
    writer.durableHead = { seq: ledger.headSeq, hash: ledger.headHash }
    writer.witnessSeq = store.witness?.seq ?? 0
    if (guard.damage) return
    const f = report.firstFailure
    const tail = report.ok && report.authenticatedThrough < report.checked && report.checked > report.legacy
    if (f || tail)
      guard.unverified = {
        location: backend.location,
        record: 0,
        afterSeq: f ? Math.max(0, f.seq - 1) : report.authenticatedThrough,
        message: f
          ? `verification fails at receipt ${f.seq} (${f.code}${f.detail ? `: ${f.detail}` : ''})`
          : `receipts ${report.authenticatedThrough + 1}..${report.checked} were not written with this store's key (an unauthenticated tail)`,
      }
  }

  /** First-release stores: the MIGRATE receipt that starts format 2, written once on a writable open. */
  async migrate(): Promise<void> {
    const { guard, backend, ledger, rules, writer } = this.parts
    if (guard.damage || guard.unverified || backend.readOnly) return
    ledger.append({
      op: 'MIGRATE',
      pool: null,
      key: null,
      old: null,
      new: null,
      site: null,
      tool: null,
      call: null,
      actor: rules.defaultActor,
      reason: 'from memory-customs/1',
    })
    await writer.flush()
  }

  /** The open snapshot of a file store (a no-op elsewhere, and where it would not be exact). */
  saveSnapshot(): Promise<boolean> {
    const { ledger, backend, guard } = this.parts
    return saveOpenSnapshot(ledger, backend, guard, this.openCheck, this.checkpoints.saved())
  }

  /** See `Customs.checkpoint`. */
  async checkpoint(): Promise<Checkpoint> {
    this.parts.guard.ensureWritable('checkpoint')
    const cp = await this.checkpoints.sign()
    await this.parts.writer.flush()
    await this.parts.writer.updateWitness(true)
    this.checkpoints.last = cp
    // A checkpoint is also where a crash's full replay stops: the next open resumes from here plus the tail.
    await this.saveSnapshot()
    return cp
  }

  /** See `Customs.verify`. */
  async verify(options: VerifyOptions): Promise<VerifyReport> {
    const { guard, writer, idx, backend, chain, ring, createdInV1, keyStore, rules } = this.parts
    guard.ensureOpen('verify')
    if (!guard.damage && !guard.unverified) await writer.flush().catch(() => {})
    const checkpointSizes = new Set<number>(idx.checkpointSizes())
    let report = await verifyJournal({
      chain,
      ...journalOf(backend),
      ...verifierKeys(ring, createdInV1),
      checkpointSizes,
      witness: await keyStore.loadWitness(chain),
      options,
    }).catch((e: unknown) => {
      // The journal stops decoding part-way: what was read before it is judged, the rest fails as BAD_ENCODING.
      const damaged = guard.damageFailure()
      if (damaged)
        return { ok: false, checked: damaged.seq - 1, firstFailure: damaged, authenticatedThrough: 0, legacy: 0 } satisfies VerifyReport
      throw e
    })
    const damaged = guard.damageFailure()
    if (damaged && (report.ok || report.firstFailure!.seq >= damaged.seq)) report = { ...report, ok: false, firstFailure: damaged }
    this.lastVerify = { at: new Date(rules.now()).toISOString(), report }
    return report
  }

  health(): HealthReport {
    const { ledger, writer, guard, rules, backend, openReport, chain, origin } = this.parts
    return healthReport({
      ledger,
      writer,
      guard,
      rules,
      backend,
      openReport,
      chain,
      origin,
      lastVerify: this.lastVerify,
      openFailure: this.openCheck?.firstFailure ?? null,
      lastCheckpoint: this.checkpoints.last,
    })
  }
}
