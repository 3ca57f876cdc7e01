/**
 * Long-term memory after filing (propose.ts files it): reads (what a handle may see: approved, valid, readable, its
 * conflict's winner), the clock's effects (validity ends, review timeouts), updates, tombstones and rescans. Reads
 * return approved entries only; every transition is a receipt.
 */
import { ErasedError, MemoryNotFoundError, ValueError, type CustomsError } from '../../errors.js'
import { executionKey, type Receipt } from '../receipt.js'
import { attribute, checkTexts, encodeValue, MAX_NAME_LENGTH, MAX_REASON_LENGTH, refuse, safeText } from '../gates/gate.js'
import type { LifecycleContext, MemoryEntry, ProposeResult, ReviewItem } from './context-types.js'
import { encodeMeta, findingsSummary, type MemoryStatus } from './meta.js'
import { normCommit } from './normalize.js'
import type { Ledger } from '../ledger.js'
import type { MemorySlot } from './state.js'
import { canRead, canWrite, conflictWinner, deny, inNamespace, SYSTEM, validAt } from './access.js'
import { checkType, checkTyped } from './typed.js'

/** The norm of new content for an existing memory, in the namespace and owner it was written with. */
function memoryNormFor(ctx: LifecycleContext, m: MemorySlot, content: string, subjectKey: string | undefined): string {
  return memoryNorm({ ...ctx, principal: m.owner, ns: m.ns }, subjectKey === undefined ? content : `${subjectKey}\u001d${content}`)
}

/**
 * The keyed commitment that finds "the same memory again": the normalized content, within the writer's namespace
 * and, for a principal other than `system`, its own entries (so one agent's private note is never reported as a
 * sighting of another's, and scopes do not merge).
 */
export function memoryNorm(ctx: LifecycleContext, content: string): string {
  if (ctx.principal === SYSTEM && !ctx.ns.length) return normCommit(ctx.ring, content)
  return normCommit(ctx.ring, `${ctx.principal}\u001f${ctx.ns.join('\u001e')}\u001f${content}`)
}

/** The actor a receipt names when the call gives none: the handle's principal, or the store's default at the root. */
export function actorOf(ctx: LifecycleContext): string | null {
  return ctx.principal === SYSTEM ? ctx.rules.defaultActor : ctx.principal
}

export function statusOf(decision: 'approve' | 'review' | 'reject'): MemoryStatus {
  return decision === 'approve' ? 'approved' : decision === 'review' ? 'pending_review' : 'rejected'
}

export function notifyPending(ctx: LifecycleContext, id: string): void {
  if (!ctx.pendingListeners.size) return
  const slot = ctx.ledger.state.lifecycle.memories.get(id)
  const item = slot ? memoryReviewItem(ctx, slot) : promotionReviewItemById(ctx, id)
  if (!item) return
  for (const cb of ctx.pendingListeners) {
    try {
      cb(item)
    } catch {
      // A listener's failure must not undo or interrupt the filing it is told about.
    }
  }
}

export function memoryReviewItem(ctx: LifecycleContext, m: MemorySlot): ReviewItem {
  return {
    id: m.id,
    kind: 'memory',
    content: contentOf(ctx.ledger, m),
    score: m.score,
    ruleSet: m.ruleSet,
    findings: [...m.findings],
    source: m.source,
    session: m.session,
    filedAt: new Date(m.updatedMs).toISOString(),
    timesOutAt: new Date(m.updatedMs + ctx.rules.reviewTimeoutMs).toISOString(),
  }
}

export function promotionReviewItemById(ctx: LifecycleContext, id: string): ReviewItem | undefined {
  const p = ctx.ledger.state.lifecycle.promotions.get(id)
  if (!p) return undefined
  const slot = ctx.ledger.state.execution.get(executionKey(p.tool, p.call))
  const result = slot ? ctx.ledger.readValue(slot.commit, slot.origin) : undefined
  return {
    id: p.id,
    kind: 'promotion',
    content: result === undefined ? '' : JSON.stringify(result),
    score: p.score,
    ruleSet: p.ruleSet,
    findings: [...p.findings],
    source: `tool:${p.tool}`,
    session: null,
    promotion: { tool: p.tool, callId: p.call, to: p.to, planRef: p.planRef },
    filedAt: new Date(p.ms).toISOString(),
    timesOutAt: new Date(p.ms + ctx.rules.reviewTimeoutMs).toISOString(),
  }
}

/** A memory's content as stored (the text its commitment stands for); '' when its value cannot be read. */
export function contentOf(ledger: Pick<Ledger, 'readValue'>, m: MemorySlot): string {
  const v = ledger.readValue(m.commit, m.seq)
  return typeof v === 'string' ? v : ''
}

export function toEntry(ctx: LifecycleContext, m: MemorySlot): MemoryEntry {
  return {
    id: m.id,
    content: m.erased === null ? contentOf(ctx.ledger, m) : '',
    status: m.status,
    score: m.score,
    ruleSet: m.ruleSet,
    findings: [...m.findings],
    source: m.source,
    session: m.session,
    sessions: [...m.sessions],
    tags: [...m.tags],
    from: m.tool !== null && m.call !== null ? { tool: m.tool, callId: m.call } : null,
    writtenAt: new Date(m.createdMs).toISOString(),
    updatedAt: new Date(m.updatedMs).toISOString(),
    expiresAt: m.expires === null ? null : new Date(m.expires).toISOString(),
    seq: m.seq,
    key: m.key,
    type: m.type,
    owner: m.owner,
    access: typeof m.access === 'string' ? m.access : { readers: [...(m.access.readers ?? [])], writers: [...(m.access.writers ?? [])] },
    namespace: [...m.ns],
    subject: m.subject,
    validFrom: new Date(m.validFrom).toISOString(),
    confidence: m.confidence,
    dependsOn: [...m.deps],
    context: m.ctx,
    version: m.version,
    conflicted: m.conflictsWith.length > 0,
    conflictsWith: [...m.conflictsWith],
  }
}

/** Whether an item filed for review at `filedMs` is past `review.timeoutMs` by the store's clock. */
export function reviewTimedOut(ctx: LifecycleContext, filedMs: number): boolean {
  return ctx.rules.now() >= filedMs + ctx.rules.reviewTimeoutMs
}

/**
 * Applies the clock to one entry: a memory past its validity gets an EXPIRE receipt, one pending review past
 * the timeout a REJECT receipt (`why: timeout`). Read-only stores only hide them. Returns the live slot or undefined.
 */
export function settle(ctx: LifecycleContext, m: MemorySlot): MemorySlot | undefined {
  const writable = ctx.guard.writable
  if (m.expires !== null && ctx.rules.now() >= m.expires) {
    if (writable) transition(ctx, m, 'EXPIRE', { why: 'validity' }, null)
    return undefined
  }
  if (m.status === 'pending_review' && reviewTimedOut(ctx, m.updatedMs)) {
    if (writable) transition(ctx, m, 'REJECT', { status: 'rejected', why: 'timeout' }, 'memory-customs')
    else return { ...m, status: 'rejected' }
  }
  return m
}

/** Appends one lifecycle receipt for an existing memory. */
export function transition(
  ctx: LifecycleContext,
  m: MemorySlot,
  op: 'APPROVE' | 'REJECT' | 'RESCORE' | 'DELETE' | 'EXPIRE',
  meta: Parameters<typeof encodeMeta>[0],
  actor: string | null,
  site = attribute(ctx.ledger),
): Receipt {
  return ctx.ledger.append({
    op,
    pool: 'memory',
    key: m.id,
    old: m.commit,
    new: op === 'DELETE' || op === 'EXPIRE' ? null : m.commit,
    site,
    tool: m.tool,
    call: m.call,
    actor: safeText(actor ?? ctx.rules.defaultActor),
    reason: encodeMeta(meta),
  })
}

export function liveMemory(ctx: LifecycleContext, id: string): MemorySlot | undefined {
  const m = typeof id === 'string' ? ctx.ledger.state.lifecycle.memories.get(id) : undefined
  return m ? settle(ctx, m) : undefined
}

/**
 * Whether reads through this handle show a live memory now: approved, inside its validity window, readable by the
 * principal, and the entry its conflict's resolution policy picks (see access.ts conflictWinner).
 */
export function visible(ctx: LifecycleContext, m: MemorySlot, now = ctx.rules.now()): boolean {
  if (m.status !== 'approved' || m.erased !== null || !validAt(m, now) || !canRead(ctx, m)) return false
  if (!m.conflictsWith.length) return true
  const life = ctx.ledger.state.lifecycle
  const group = [m]
  for (const id of m.conflictsWith) {
    const other = life.memories.get(id)
    // Rivals the handle cannot see (another namespace, no read access) do not hide what it can: the flag stays.
    if (
      other &&
      other.status === 'approved' &&
      other.erased === null &&
      validAt(other, now) &&
      inNamespace(other, ctx.ns) &&
      canRead(ctx, other)
    )
      group.push(other)
  }
  return conflictWinner(group, ctx.rules.conflictPolicy) === m
}

/** Memories reads show through this handle (see `visible`) within its namespace, most recently written first. */
export function approvedMemories(ctx: LifecycleContext): MemorySlot[] {
  const out: MemorySlot[] = []
  const now = ctx.rules.now()
  for (const m of ctx.ledger.state.lifecycle.memories.values()) {
    if (!inNamespace(m, ctx.ns)) continue
    const live = settle(ctx, m)
    if (live && visible(ctx, live, now)) out.push(live)
  }
  return out.sort((a, b) => b.createdMs - a.createdMs || b.seq - a.seq)
}

/** A live memory the principal may read; a refused read leaves a receipt and throws AccessDeniedError. */
export function readableMemory(ctx: LifecycleContext, id: string): MemorySlot | undefined {
  const m = liveMemory(ctx, id)
  if (m && !canRead(ctx, m)) deny(ctx, m, 'read', 'READ')
  return m
}

export interface UpdateOptions {
  actor?: string
  reason?: string
  /** A new confidence in [0, 1]. */
  confidence?: number
  /** A new validity end (epoch ms or ISO 8601). */
  validUntil?: number | string
  /** More entries it now depends on (added to the existing ones). */
  dependsOn?: string[]
  /** The session the update is made in: links it to that session's last render, like a proposal. */
  session?: string
}

export function updateMemory(ctx: LifecycleContext, id: string, raw: string, options: UpdateOptions = {}): ProposeResult {
  const { ledger, ring, rules, guard } = ctx
  guard.ensureWritable('memories.update')
  const site = attribute(ledger)
  const m = liveMemory(ctx, id)
  if (!m) throw new MemoryNotFoundError(safeText(id) ?? '', 'memory')
  if (!canWrite(ctx, m)) deny(ctx, m, 'write', 'UPDATE')
  if (m.erased !== null) throw new ErasedError(m.id, m.erased)
  // A subject's memory keeps its subject's value key: forgetting the subject shreds every version.
  const subjectKey = ctx.ledger.values.keyIdOf(m.commit) ?? undefined
  const actor = options.actor ?? actorOf(ctx)
  const base = { pool: 'memory' as const, key: m.id, old: m.commit, new: null, site, tool: m.tool, call: m.call, actor: safeText(actor) }
  const bad = checkTexts(m.id, m.source, [
    ['content', raw, rules.maxValueBytes],
    ['actor', actor, MAX_NAME_LENGTH, true],
    ['reason', options.reason, MAX_REASON_LENGTH, true],
  ])
  if (bad) refuse(ledger, bad, 'UPDATE', base)
  const typed = checkTyped(
    ctx,
    {
      key: m.key ?? undefined,
      type: m.type,
      access: m.access,
      confidence: options.confidence ?? m.confidence,
      validUntil: options.validUntil,
      validFrom: options.validUntil === undefined ? undefined : m.validFrom,
      dependsOn: options.dependsOn,
    },
    m.source,
  )
  if (typed instanceof ValueError) refuse(ledger, typed, 'UPDATE', base)
  const checked = checkType(ctx, m.type, raw, m.key ?? m.id, m.source)
  if (!('content' in checked)) refuse(ledger, checked, 'UPDATE', base)
  // What the type's schema returned (a transform's output), else the content as written.
  const content = checked.content
  let text: string
  try {
    text = encodeValue(content, m.id, m.source, rules.maxValueBytes)
  } catch (e) {
    return refuse(ledger, e as CustomsError, 'UPDATE', base)
  }
  const linked = options.session !== undefined ? ledger.state.lifecycle.lastRender.get(options.session) : undefined
  const result = ctx.scan(content)
  const status = statusOf(result.decision)
  const commit = ring.commit(text)
  ledger.append(
    {
      ...base,
      op: 'UPDATE',
      new: commit,
      reason: encodeMeta({
        status,
        score: result.score,
        ruleSet: result.ruleSet,
        findings: findingsSummary(result.findings),
        norm: memoryNormFor(ctx, m, content, subjectKey),
        why: options.reason,
        confidence: options.confidence,
        expires: typed.validUntil,
        deps: typed.deps.length ? typed.deps : undefined,
        ctx: linked,
        session: options.session,
      }),
    },
    { commit, text, subjectKey },
  )
  if (status === 'pending_review') notifyPending(ctx, m.id)
  return { id: m.id, status, score: result.score, findings: result.findings }
}

export function deleteMemory(ctx: LifecycleContext, id: string, options: { actor?: string; reason?: string } = {}): Receipt {
  ctx.guard.ensureWritable('memories.delete')
  const m = typeof id === 'string' ? ctx.ledger.state.lifecycle.memories.get(id) : undefined
  if (!m) throw new MemoryNotFoundError(safeText(id) ?? '', 'memory')
  if (!canWrite(ctx, m)) deny(ctx, m, 'write', 'DELETE')
  const bad = checkTexts(m.id, m.source, [
    ['actor', options.actor, MAX_NAME_LENGTH, true],
    ['reason', options.reason, MAX_REASON_LENGTH, true],
  ])
  if (bad) throw bad
  return transition(ctx, m, 'DELETE', { why: options.reason }, options.actor ?? actorOf(ctx))
}

/**
 * Re-scores approved and pending memories with the current rule set; an approved memory that no longer passes
 * is downgraded (RESCORE receipt: pending review, or rejected). Unchanged ones get no receipt.
 */
export function rescanMemories(ctx: LifecycleContext): { checked: number; downgraded: Array<{ id: string; status: MemoryStatus }> } {
  ctx.guard.ensureWritable('memories.rescan')
  const site = attribute(ctx.ledger)
  let checked = 0
  const downgraded: Array<{ id: string; status: MemoryStatus }> = []
  for (const m of ctx.ledger.state.lifecycle.memories.values()) {
    const live = settle(ctx, m)
    if (!live || live.status !== 'approved') continue
    checked++
    const result = ctx.scan(contentOf(ctx.ledger, live))
    const status = statusOf(result.decision)
    if (status === 'approved') continue
    transition(
      ctx,
      live,
      'RESCORE',
      { status, score: result.score, ruleSet: result.ruleSet, findings: findingsSummary(result.findings), why: 'rescan' },
      'memory-customs',
      site,
    )
    downgraded.push({ id: live.id, status })
    if (status === 'pending_review') notifyPending(ctx, live.id)
  }
  return { checked, downgraded }
}
