/** Health report shape, how it is gathered, and its Prometheus text rendering. */
import type { Checkpoint } from '../crypto/checkpoint.js'
import type { OpenReport, StorageBackend } from '../storage/types.js'
import { isExpired } from './gates/execution.js'
import type { StoreGuard } from './guard.js'
import type { JournalWriter } from './journal-writer.js'
import type { Ledger } from './ledger.js'
import type { WriteRules } from './options.js'
import type { VerifyReport } from './verify.js'

export interface HealthReport {
  /** False when storage is failing, the last verification failed, or the Customs is closed. */
  ok: boolean
  chain: string
  origin: string
  receipts: number
  head: string
  lastReceiptAt: string | null
  /** Live entries per pool (expired execution results excluded). */
  pools: { decision: number; execution: number; plans: number }
  unpromoted: number
  refused: number
  refusedByCode: Record<string, number>
  receiptsByOp: Record<string, number>
  rollbacks: number
  /** Pool writes with no probed call on the stack (no source site in their receipt), since this process opened. */
  unattributed: number
  attributed: number
  observedWriteErrors: number
  verification:
    | { state: 'ok' | 'failed'; at: string | null; checked: number; firstFailure?: { seq: number; code: string } }
    | { state: 'unverified'; at: null; checked: number }
  lastCheckpoint: { size: number; root: string } | null
  storage: {
    kind: string
    durability: string
    location: string
    /** Highest seq acknowledged as durable by the backend. */
    durableSeq: number
    /** Receipts written but not yet durable. */
    lag: number
    pendingEntries: number
    flushes: number
    errors: number
    /** The last append failure, cleared by the next successful flush. */
    error: { message: string; at: string } | null
    /** A torn tail the backend dropped when opening. */
    truncatedTail: { bytes?: number; entries?: number; reason: string } | null
    /**
     * The journal does not decode at `record` (after receipt `afterSeq`): the store is open for reading only
     * and every write throws DamagedStoreError.
     */
    damaged: { location: string; record: number; byteOffset?: number; afterSeq: number; message: string } | null
    /** Why the store opened read-only although its journal decodes (a verification failure, an unauthenticated tail). */
    readOnly: string | null
    /** The witness beside the keys: the seq it vouches for, and the last failure to write it (null when fine). */
    witness: { seq: number; error: string | null }
  }
  closed: boolean
}

/** Everything a health report is read from. */
export interface HealthSources {
  ledger: Ledger
  writer: JournalWriter
  guard: StoreGuard
  rules: WriteRules
  backend: StorageBackend
  openReport: OpenReport
  chain: string
  origin: string
  lastVerify: { at: string; report: VerifyReport } | null
  openFailure: { seq: number; code: string } | null
  lastCheckpoint: Checkpoint | null
}

export function healthReport(h: HealthSources): HealthReport {
  const { ledger, writer, guard, backend } = h
  const counters = ledger.counters
  const live = [...ledger.state.execution.values()].filter((s) => !isExpired(s, h.rules))
  const refused = Object.values(counters.refusedByCode).reduce((a, b) => a + b, 0)
  const verification = h.lastVerify
    ? {
        state: h.lastVerify.report.ok ? ('ok' as const) : ('failed' as const),
        at: h.lastVerify.at,
        checked: h.lastVerify.report.checked,
        firstFailure: h.lastVerify.report.firstFailure,
      }
    : h.openFailure
      ? { state: 'failed' as const, at: null, checked: ledger.headSeq, firstFailure: h.openFailure }
      : { state: 'unverified' as const, at: null, checked: 0 }
  return {
    ok:
      !writer.storageError &&
      !writer.witnessError &&
      !guard.damage &&
      !guard.unverified &&
      verification.state !== 'failed' &&
      !guard.closed,
    chain: h.chain,
    origin: h.origin,
    receipts: ledger.headSeq,
    head: ledger.headHash,
    lastReceiptAt: ledger.lastTs,
    pools: { decision: ledger.state.decision.size, execution: live.length, plans: ledger.state.plans.size },
    unpromoted: live.filter((s) => !s.promoted).length,
    refused,
    refusedByCode: { ...counters.refusedByCode },
    receiptsByOp: { ...counters.byOp },
    rollbacks: counters.rollbacks,
    unattributed: counters.unattributed,
    attributed: counters.attributed,
    observedWriteErrors: counters.observeErrors,
    verification,
    lastCheckpoint: h.lastCheckpoint ? { size: h.lastCheckpoint.size, root: h.lastCheckpoint.root } : null,
    storage: {
      kind: backend.kind,
      durability: backend.durability,
      location: backend.location,
      durableSeq: writer.durableSeq,
      lag: ledger.headSeq - writer.durableSeq,
      pendingEntries: ledger.pending.length,
      flushes: writer.flushes,
      errors: writer.storageErrors,
      error: writer.storageError,
      truncatedTail: h.openReport.truncatedTail ?? null,
      damaged: guard.damage ? { ...guard.damage } : null,
      readOnly: guard.unverified?.message ?? null,
      witness: { seq: writer.witnessSeq, error: writer.witnessError },
    },
    closed: guard.closed,
  }
}

const esc = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"')

export function renderMetrics(h: HealthReport): string {
  const out: string[] = []
  const metric = (name: string, type: 'gauge' | 'counter', help: string, samples: Array<[Record<string, string>, number]>) => {
    out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`)
    for (const [labels, v] of samples) {
      const l = Object.entries(labels)
      out.push(`${name}${l.length ? `{${l.map(([k, x]) => `${k}="${esc(x)}"`).join(',')}}` : ''} ${v}`)
    }
  }
  metric('memory_customs_receipts', 'gauge', 'Receipts in the chain.', [[{}, h.receipts]])
  metric(
    'memory_customs_receipts_by_op',
    'gauge',
    'Receipts in the chain by operation.',
    Object.entries(h.receiptsByOp).map(([op, n]) => [{ op }, n]),
  )
  metric(
    'memory_customs_pool_entries',
    'gauge',
    'Live entries per pool.',
    Object.entries(h.pools).map(([pool, n]) => [{ pool }, n]),
  )
  metric('memory_customs_unpromoted_results', 'gauge', 'Live tool results never promoted.', [[{}, h.unpromoted]])
  metric(
    'memory_customs_refused',
    'gauge',
    'Refused attempts by code.',
    Object.entries(h.refusedByCode).map(([code, n]) => [{ code }, n]),
  )
  metric('memory_customs_rollbacks', 'gauge', 'Rollbacks in the chain.', [[{}, h.rollbacks]])
  metric('memory_customs_unattributed_writes_total', 'counter', 'Pool writes without a probed source site, this process.', [
    [{}, h.unattributed],
  ])
  metric('memory_customs_storage_lag_receipts', 'gauge', 'Receipts not yet durable.', [[{}, h.storage.lag]])
  metric('memory_customs_storage_damaged', 'gauge', '1 when the journal is damaged and the store is read-only.', [
    [{}, h.storage.damaged ? 1 : 0],
  ])
  metric('memory_customs_storage_errors_total', 'counter', 'Failed appends to the storage backend.', [[{}, h.storage.errors]])
  metric('memory_customs_verification_ok', 'gauge', '1 when the last verification passed, 0 when it failed, -1 when not run.', [
    [{}, h.verification.state === 'ok' ? 1 : h.verification.state === 'failed' ? 0 : -1],
  ])
  metric('memory_customs_last_receipt_timestamp_seconds', 'gauge', 'Time of the last receipt.', [
    [{}, h.lastReceiptAt ? Date.parse(h.lastReceiptAt) / 1000 : 0],
  ])
  metric('memory_customs_up', 'gauge', '1 when healthy.', [[{}, h.ok ? 1 : 0]])
  return out.join('\n') + '\n'
}
