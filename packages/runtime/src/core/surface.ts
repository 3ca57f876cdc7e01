/**
 * What `createCustoms` returns, whatever writes the store: `Customs` (a single-writer store: memory, file,
 * your own backend) and the tab object of an IndexedDB store that several tabs of one browser share (leader
 * or follower, tabs/tab-customs.ts) both implement `SharedCustoms`, so code written against it type-checks
 * either way.
 *
 * The one difference a caller sees: a write in a follower tab returns a `PendingReceipt` (no seq, hash or
 * prev yet: the leader tab appends it), and `await flush()` resolves with the final receipts of the writes
 * made since the previous `flush()` or rejects with the leader's typed refusal (`WriteOnceError`, ...). A
 * single-writer store's writes return final receipts at once and its `flush()` resolves with undefined.
 */
import type { Checkpoint } from '../crypto/checkpoint.js'
import type { PendingReceipt } from '../tabs/follower.js'
import type { ObservedWrite } from './gates/observed.js'
import type { HealthReport } from './health.js'
import type { Pool, Receipt } from './receipt.js'
import type { RollbackOptions, RollbackResult, RollbackTarget } from './rollback.js'
import type { PoolState } from './state.js'
import type { CommitOptions, ExecutionEntry, PlanRecord, PointInTimeView, PromoteRequest, ReceiptFilter } from './types.js'
import type { VerifyOptions, VerifyReport } from './verify.js'

export type { PendingReceipt } from '../tabs/follower.js'

/** A write's receipt: final (`Receipt`), or pending in a follower tab until `flush()` resolves. */
export type WriteReceipt = Receipt | PendingReceipt

/** True for a follower tab's pending receipt (narrows to `PendingReceipt`). */
export function isPending(r: WriteReceipt): r is PendingReceipt {
  return (r as { pending?: unknown }).pending === true
}

export interface SharedCustoms {
  readonly decision: {
    commit(key: string, value: unknown, options: CommitOptions): WriteReceipt
    get(key: string): unknown
    entries(): Array<[string, unknown]>
  }
  readonly execution: {
    store(tool: string, callId: string, result: unknown): WriteReceipt
    get(tool: string, callId: string): unknown
    unpromoted(): ExecutionEntry[]
    entries(): ExecutionEntry[]
  }
  readonly plans: {
    record(planId: string, plan: PlanRecord, options?: { actor?: string; reason?: string }): WriteReceipt
    get(planId: string): PlanRecord | undefined
  }
  readonly bridge: {
    promote(req: PromoteRequest): WriteReceipt
  }
  /** Receipts this tab (or process) can read: a follower's view lags the leader until it catches up. */
  readonly size: number
  readonly head: { seq: number; hash: string }
  readonly chain: string
  readonly origin: string
  receipt(seq: number): Receipt | undefined
  receipts(filter?: ReceiptFilter): Receipt[]
  history(key: string, options?: { pool?: Pool }): Receipt[]
  value(commit: string): unknown
  stateAt(seq: number): PoolState
  at(seq: number): PointInTimeView
  verify(options?: VerifyOptions): Promise<VerifyReport>
  health(): HealthReport
  metrics(): string
  /** Probe sink (never throws); a follower forwards the observed write to the leader. */
  observeWrite(write: ObservedWrite): void
  /** Leader / single writer only: a follower tab rejects with NotLeaderError (a dry run works anywhere). */
  rollback(target: RollbackTarget, options?: RollbackOptions): Promise<RollbackResult>
  /** Leader / single writer only: a follower tab throws NotLeaderError (a dry run works anywhere). */
  rollbackNow(target: RollbackTarget, options?: RollbackOptions): RollbackResult
  /** Leader / single writer only: a follower tab rejects with NotLeaderError. */
  checkpoint(): Promise<Checkpoint>
  /** Leader / single writer only: a follower tab rejects with NotLeaderError. */
  rotateEncryptionKey(): Promise<string>
  /**
   * Resolves once every write made so far is durable. A tab object resolves with the final receipts of the
   * writes made since the previous `flush()` (in call order) and rejects with the first typed refusal; a
   * single-writer Customs resolves with undefined (its receipts were final when returned).
   */
  flush(): Promise<Receipt[] | void>
  close(): Promise<void>
}
