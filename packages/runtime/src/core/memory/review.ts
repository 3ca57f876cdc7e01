/**
 * The review queue: memories filed as pending review and Bridge promotions the scanner held back. A reviewer
 * approves or rejects each with a receipt naming them; an item nobody decides within `review.timeoutMs` is
 * rejected (`why: timeout`), checked against the `now` clock whenever the queue or the item is read, and by
 * `sweep()`: never by timers alone, so a process that slept through the deadline still rejects on wake-up.
 */
import { MemoryNotFoundError, NotPendingError, ValueError } from '../../errors.js'
import type { Receipt } from '../receipt.js'
import { promoteResult } from '../gates/bridge.js'
import { attribute, checkTexts, MAX_NAME_LENGTH, MAX_REASON_LENGTH, safeText } from '../gates/gate.js'
import type { LifecycleContext, ReviewItem } from './context-types.js'
import { sameNamespace } from './access.js'
import { encodeMeta } from './meta.js'
import { memoryReviewItem, promotionReviewItemById, reviewTimedOut, settle, transition } from './memories.js'
import type { PendingPromotion } from './state.js'

export interface ReviewDecision {
  /** Who decides (required: a review without a reviewer is not a review). */
  by: string
  reason?: string
}

/** Every pending item, oldest first, after rejecting those past the timeout. */
export function pendingItems(ctx: LifecycleContext): ReviewItem[] {
  sweepReviews(ctx)
  // On a store that cannot write the REJECT receipts (read-only), an item past its timeout is not pending either.
  const items: ReviewItem[] = []
  for (const m of ctx.ledger.state.lifecycle.memories.values())
    if (m.status === 'pending_review' && !reviewTimedOut(ctx, m.updatedMs)) items.push(memoryReviewItem(ctx, m))
  for (const p of ctx.ledger.state.lifecycle.promotions.values()) {
    const item = reviewTimedOut(ctx, p.ms) ? undefined : promotionReviewItemById(ctx, p.id)
    if (item) items.push(item)
  }
  return items.sort((a, b) => (a.filedAt < b.filedAt ? -1 : a.filedAt > b.filedAt ? 1 : a.id < b.id ? -1 : 1))
}

/** Rejects every item past the review timeout (one REJECT receipt each); returns their ids. */
export function sweepReviews(ctx: LifecycleContext): string[] {
  if (!ctx.guard.writable) return []
  const rejected: string[] = []
  for (const m of ctx.ledger.state.lifecycle.memories.values()) {
    if (m.status !== 'pending_review' && m.expires === null) continue
    const before = m.status
    const live = settle(ctx, m)
    if (before === 'pending_review' && live?.status !== 'pending_review') rejected.push(m.id)
  }
  for (const p of ctx.ledger.state.lifecycle.promotions.values())
    if (reviewTimedOut(ctx, p.ms)) {
      endPromotion(ctx, p, 'REJECT', { by: 'memory-customs', reason: 'timeout' })
      rejected.push(p.id)
    }
  return rejected
}

export function approveItem(ctx: LifecycleContext, id: string, decision: ReviewDecision): Receipt {
  return decide(ctx, id, decision, 'APPROVE')
}

export function rejectItem(ctx: LifecycleContext, id: string, decision: ReviewDecision): Receipt {
  return decide(ctx, id, decision, 'REJECT')
}

function decide(ctx: LifecycleContext, id: string, decision: ReviewDecision, op: 'APPROVE' | 'REJECT'): Receipt {
  ctx.guard.ensureWritable(op === 'APPROVE' ? 'review.approve' : 'review.reject')
  const bad = checkTexts(safeText(id), null, [
    ['id', id, MAX_NAME_LENGTH],
    ['by', decision?.by, MAX_NAME_LENGTH],
    ['reason', decision?.reason, MAX_REASON_LENGTH, true],
  ])
  if (bad) throw bad.rule === 'receipt.by' ? new ValueError(id, null, 'by', 'must name the reviewer', 'review.by') : bad
  const site = attribute(ctx.ledger)
  const m = ctx.ledger.state.lifecycle.memories.get(id)
  if (m) {
    const live = settle(ctx, m)
    if (!live) throw new MemoryNotFoundError(id, 'memory')
    if (live.status !== 'pending_review') throw new NotPendingError(id, live.status)
    // Approving the newer side of a conflict under `newest` supersedes the older ones, as a direct approval would have.
    const ends =
      op === 'APPROVE' && ctx.rules.conflictPolicy === 'newest'
        ? live.conflictsWith.filter((c) => {
            const other = ctx.ledger.state.lifecycle.memories.get(c)
            return (
              other !== undefined &&
              sameNamespace(other.ns, live.ns) &&
              other.createdMs <= live.createdMs &&
              Number(c.slice(2)) < Number(live.id.slice(2))
            )
          })
        : []
    return transition(
      ctx,
      live,
      op,
      { status: op === 'APPROVE' ? 'approved' : 'rejected', why: decision.reason, ends: ends.length ? ends : undefined },
      decision.by,
      site,
    )
  }
  const p = ctx.ledger.state.lifecycle.promotions.get(id)
  if (!p) throw new MemoryNotFoundError(id, 'pending review item')
  if (reviewTimedOut(ctx, p.ms)) {
    endPromotion(ctx, p, 'REJECT', { by: 'memory-customs', reason: 'timeout' })
    throw new NotPendingError(id, 'rejected (review timed out)')
  }
  const ended = endPromotion(ctx, p, op, decision)
  if (op === 'REJECT') return ended
  // The reviewer's approval stands in for the scan; every other Bridge check runs again now (the result may
  // have expired, the key may have been written meanwhile): a refusal is a REFUSED receipt and an error.
  return promoteResult(
    { ledger: ctx.ledger, ring: ctx.ring, rules: { ...ctx.rules, defaultActor: decision.by }, guard: ctx.guard },
    { tool: p.tool, callId: p.call, to: p.to, planRef: p.planRef, actor: decision.by },
    'approved',
  )
}

function endPromotion(ctx: LifecycleContext, p: PendingPromotion, op: 'APPROVE' | 'REJECT', decision: ReviewDecision): Receipt {
  return ctx.ledger.append({
    op,
    pool: 'decision',
    key: p.to,
    old: null,
    new: null,
    site: attribute(ctx.ledger),
    tool: p.tool,
    call: p.call,
    actor: safeText(decision.by),
    reason: encodeMeta({ review: p.id, status: op === 'APPROVE' ? 'approved' : 'rejected', why: decision.reason }),
  })
}
