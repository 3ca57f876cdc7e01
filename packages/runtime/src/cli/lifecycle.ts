/**
 * The memory lifecycle as the CLI reads it: folded from the receipts alone (the same `MemoryState.apply` the
 * runtime replays on open), never through `memories.inspect()` or `review.pending()`, which apply the clock and
 * would append timeout receipts: a read-only command must not write, and must not pretend it did.
 */
import type { Customs } from '../index'
import { decodeMeta, type LifecycleMeta, type MemoryStatus } from '../core/memory/meta'
import { MemoryState, type MemorySlot, type PendingPromotion } from '../core/memory/state'
import { viewReceipt, type ReceiptView } from './receipts'

/** The pools whose receipts carry lifecycle meta in their reason (PROPOSE/APPROVE/REJECT of a promotion: `decision`). */
const LIFECYCLE_OPS = new Set(['PROPOSE', 'APPROVE', 'REJECT', 'UPDATE', 'RESCORE', 'DELETE', 'EXPIRE', 'PUT', 'READ'])

/** Where a memory is now: the three statuses, or gone (deleted or expired: the receipts still tell its story). */
export type MemoryFate = MemoryStatus | 'deleted' | 'expired'

export interface MemoryView {
  id: string
  fate: MemoryFate
  /** The live slot (null once deleted or expired). */
  slot: MemorySlot | null
  /** The PROPOSE receipt that filed it first. */
  filed: ReceiptView
  /** Every receipt about it, oldest first. */
  history: ReceiptView[]
  /** The receipt that put it in its present status (its REJECT, RESCORE, DELETE, EXPIRE, or the first PROPOSE). */
  decidedBy: ReceiptView
  /** For a pending memory: whether `review.timeoutMs` has passed (rejected at the next write or `review --sweep`). */
  timedOut: boolean
}

export interface LifecycleView {
  memories: MemoryView[]
  promotions: PendingPromotion[]
}

/** A lifecycle receipt's meta, or null for a receipt that carries none (every other op, and a non-JSON reason). */
export function lifecycleMeta(r: ReceiptView): LifecycleMeta | null {
  if (!LIFECYCLE_OPS.has(r.op) || typeof r.reason !== 'string') return null
  const meta = decodeMeta(r.reason)
  return Object.keys(meta).length ? meta : null
}

/**
 * Every memory ever filed and the pending promotions, from the receipts (up to `toSeq` when given: the lifecycle
 * as of that receipt); `now` and `timeoutMs` mark the overdue.
 */
export function readLifecycle(customs: Customs, now: number, timeoutMs: number, toSeq?: number): LifecycleView {
  const state = new MemoryState()
  const history = new Map<string, ReceiptView[]>()
  for (const receipt of customs.receipts(toSeq === undefined ? {} : { toSeq })) {
    const r = viewReceipt(receipt)
    if (r.pool !== 'memory' && r.pool !== 'decision' && r.pool !== 'working') continue
    state.apply({ ...r, reason: typeof r.reason === 'string' ? r.reason : null })
    if (r.pool === 'memory' && r.key !== null) {
      const list = history.get(r.key)
      if (list) list.push(r)
      else if (r.op === 'PROPOSE' && r.new) history.set(r.key, [r])
    }
  }
  const memories: MemoryView[] = []
  for (const [id, list] of history) {
    const slot = state.memories.get(id) ?? null
    const last = list[list.length - 1]
    const fate: MemoryFate = slot ? slot.status : last.op === 'EXPIRE' ? 'expired' : 'deleted'
    const decidedBy = [...list].reverse().find((r) => r.op !== 'PROPOSE') ?? list[0]
    const timedOut = slot?.status === 'pending_review' && now >= slot.updatedMs + timeoutMs
    memories.push({ id, fate, slot, filed: list[0], history: list, decidedBy, timedOut })
  }
  return { memories, promotions: [...state.promotions.values()] }
}

/** What a receipt's `why` means, for the reader. */
export function whyMeaning(why: string): string {
  switch (why) {
    case 'timeout':
      return 'timeout (nobody reviewed it within review.timeoutMs)'
    case 'rescan':
      return 'rescan (the rule set changed and it no longer passes)'
    case 'validity':
      return 'validity (its ttl ran out)'
    case 'auto:sessions':
      return 'auto:sessions (the same content was seen in enough sessions)'
    default:
      return why
  }
}

/** `rule@start-end:severity` as the receipts keep a finding, split (null for anything else). */
export function parseFindingSummary(s: string): { rule: string; start: number; end: number; severity: string } | null {
  const m = /^(.+)@(\d+)-(\d+):(\w+)$/.exec(s)
  return m ? { rule: m[1], start: Number(m[2]), end: Number(m[3]), severity: m[4] } : null
}

/** Findings for a table cell: `injection/addressed-block (medium)`, several joined with commas. */
export function findingsText(findings: readonly string[]): string {
  if (!findings.length) return 'none'
  return findings
    .map((f) => {
      const p = parseFindingSummary(f)
      return p ? `${p.rule} (${p.severity})` : f
    })
    .join(', ')
}

/** Why a memory is where it is, in one line: the findings that held it, and the receipt that decided. */
export function whyText(m: MemoryView): string {
  const r = m.decidedBy
  const meta = lifecycleMeta(r) ?? {}
  const findings = m.slot ? findingsText(m.slot.findings) : null
  switch (m.fate) {
    case 'approved':
      return r.op === 'APPROVE' ? `approved by ${r.actor ?? '-'} at #${r.seq}${meta.why ? `: ${meta.why}` : ''}` : 'passed the scan'
    case 'pending_review':
      return `held for review (${findings})${m.timedOut ? '; review timed out: rejected at the next write or "review --sweep"' : ''}`
    case 'rejected': {
      const who = meta.why === 'timeout' ? 'nobody reviewed it: rejected on timeout' : `rejected by ${r.actor ?? '-'}`
      if (r.op === 'PROPOSE') return `rejected by the scan (${findings}) at #${r.seq}`
      return `${who} at #${r.seq} (${r.op}${meta.why ? `, why: ${meta.why}` : ''}); findings: ${findings}`
    }
    case 'deleted':
      return `deleted at #${r.seq} by ${r.actor ?? '-'}${meta.why ? `: ${meta.why}` : ''}`
    case 'expired':
      return `expired at #${r.seq}`
  }
}

/** A one-line preview of a content: white space collapsed, cut at `max` characters. */
export function preview(content: unknown, max = 60): string {
  const text = (typeof content === 'string' ? content : (JSON.stringify(content) ?? '')).replace(/\s+/g, ' ').trim()
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
