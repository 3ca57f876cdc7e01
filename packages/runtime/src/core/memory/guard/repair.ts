/**
 * Repairs as receipts through the memory lifecycle: a downgrade and a conflict flag are RESCORE receipts whose
 * meta carries `confidence` or `conflicts` (state.ts applies both), a quarantine a RESCORE back to pending review
 * (`why: guard`), which files the memory in the review queue. Verifying is for someone to do: it stays open.
 */
import type { Receipt, ReceiptSite } from '../../receipt.js'
import type { LifecycleContext } from '../context-types.js'
import { canWrite } from '../access.js'
import { notifyPending, transition } from '../memories.js'
import type { MemorySlot } from '../state.js'
import type { RepairOutcome, RepairSuggestion } from './types.js'

export interface RepairReport {
  /** Every receipt written, in order. */
  receipts: Receipt[]
  /** One per suggestion: applied, still open (verify), or skipped with the reason. */
  outcomes: RepairOutcome[]
}

export function applyRepairs(
  ctx: LifecycleContext,
  suggestions: readonly RepairSuggestion[],
  actor: string,
  site: ReceiptSite | null,
): RepairReport {
  const report: RepairReport = { receipts: [], outcomes: [] }
  for (const s of suggestions) {
    const written: Receipt[] = []
    const write = (m: MemorySlot, meta: Parameters<typeof transition>[3]) => {
      written.push(transition(ctx, m, 'RESCORE', meta, actor, site))
    }
    const skipped = applyOne(ctx, s, write)
    report.receipts.push(...written)
    report.outcomes.push(
      skipped === null
        ? { suggestion: s, status: s.kind === 'verify' ? 'open' : 'applied', receipts: written.map((r) => r.seq) }
        : { suggestion: s, status: 'skipped', receipts: written.map((r) => r.seq), reason: skipped },
    )
  }
  return report
}

/** Applies one suggestion through `write`; returns why it was skipped, or null. */
function applyOne(
  ctx: LifecycleContext,
  s: RepairSuggestion,
  write: (m: MemorySlot, meta: Parameters<typeof transition>[3]) => void,
): string | null {
  const memories = ctx.ledger.state.lifecycle.memories
  const slotOf = (id: unknown): MemorySlot | string => {
    if (typeof id !== 'string' || !/^m_\d+$/.test(id)) return `${String(id)} is not a memory (only memories can be repaired)`
    const m = memories.get(id)
    if (!m) return `${id} is no longer in the store`
    if (m.erased !== null) return `${id} was erased`
    // A repair is a write: the handle's principal needs the right to write the entry (see access.ts).
    if (!canWrite(ctx, m)) return `"${ctx.principal}" may not write ${id} (owner "${m.owner}")`
    return m
  }
  switch (s.kind) {
    case 'verify':
      return null
    case 'downgrade': {
      const m = slotOf(s.entry)
      if (typeof m === 'string') return m
      if (!(typeof s.confidence === 'number' && s.confidence >= 0 && s.confidence <= 1))
        return `confidence ${String(s.confidence)} is not a number in [0, 1]`
      if (m.confidence <= s.confidence) return `${m.id} is already at confidence ${m.confidence}`
      write(m, { confidence: s.confidence, why: 'guard' })
      return null
    }
    case 'mark_conflicted': {
      const ids = Array.isArray(s.entries) ? [...new Set(s.entries)] : []
      if (ids.length < 2) return 'marking a conflict needs two entries or more'
      const slots = ids.map(slotOf)
      const bad = slots.find((m): m is string => typeof m === 'string')
      if (bad !== undefined) return bad
      let flagged = 0
      for (const m of slots as MemorySlot[]) {
        const add = ids.filter((id) => id !== m.id && !m.conflictsWith.includes(id))
        if (!add.length) continue
        write(m, { conflicts: add, why: 'guard' })
        flagged++
      }
      return flagged ? null : `${ids.join(', ')} are already marked as conflicting`
    }
    case 'quarantine': {
      const m = slotOf(s.entry)
      if (typeof m === 'string') return m
      if (m.status !== 'approved') return `${m.id} is ${m.status.replace('_', ' ')}, not approved`
      write(m, { status: 'pending_review', why: 'guard' })
      notifyPending(ctx, m.id)
      return null
    }
    default:
      return `unknown repair kind ${JSON.stringify((s as { kind: unknown }).kind)}`
  }
}
