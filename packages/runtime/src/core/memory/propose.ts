/**
 * Filing a long-term memory: the typed options checked (and the type's schema), the provenance of a tool result
 * verified, the content scanned, the same content found again (a sighting, not a second entry), conflicts with the
 * namespace's (or subject's) other values flagged and, under `newest`, superseded; then one PROPOSE receipt that
 * records all of it, linked to the session's last rendered context.
 */
import { ResultExpiredError, ResultMissingError, SignatureError, ValueError, type CustomsError } from '../../errors.js'
import { executionKey } from '../receipt.js'
import { isExpired, expiresAt as resultExpiresAt } from '../gates/execution.js'
import { resultIfAuthentic } from '../gates/bridge.js'
import { attribute, checkTexts, encodeValue, MAX_NAME_LENGTH, refuse, safeText } from '../gates/gate.js'
import { sameNamespace, SYSTEM } from './access.js'
import type { LifecycleContext, ProposeResult } from './context-types.js'
import { actorOf, memoryNorm, notifyPending, settle, statusOf } from './memories.js'
import { encodeMeta, findingsSummary } from './meta.js'
import { checkType, checkTyped, type TypedOptions } from './typed.js'

export interface ProposeOptions extends TypedOptions {
  /** Where the content comes from: `user`, `assistant`, `web.fetch`, a tool name… (rollback by `{ source }` uses it). */
  source: string
  /** The conversation or run it was seen in (rollback by `{ session }` uses it). */
  session?: string
  tags?: string[]
  /** The stored tool result this memory is made from: its signature is checked and the call kept as provenance. */
  from?: { tool: string; callId: string }
  actor?: string
  /** Validity: the memory expires this long after it is written (an EXPIRE receipt then ends it). */
  ttlMs?: number
}

const MAX_TAGS = 32

export function proposeMemory(ctx: LifecycleContext, raw: string, options: ProposeOptions, why?: string): ProposeResult {
  const { ledger, ring, rules, guard } = ctx
  guard.ensureWritable('memories.propose')
  const site = attribute(ledger)
  const source = typeof options?.source === 'string' ? options.source : null
  const actor = options?.actor ?? actorOf(ctx)
  const from = options?.from
  const base = {
    pool: 'memory' as const,
    key: null,
    old: null,
    new: null,
    site,
    tool: safeText(from?.tool),
    call: safeText(from?.callId),
    actor: safeText(actor),
  }
  const bad = checkTexts(null, source, [
    ['content', raw, rules.maxValueBytes],
    ['source', options?.source, MAX_NAME_LENGTH],
    ['session', options?.session, MAX_NAME_LENGTH, true],
    ['actor', actor, MAX_NAME_LENGTH, true],
  ])
  if (bad) refuse(ledger, bad, 'PROPOSE', base)
  const tags = options.tags ?? []
  if (!Array.isArray(tags) || tags.length > MAX_TAGS || tags.some((t) => typeof t !== 'string' || !t || t.length > 64))
    refuse(
      ledger,
      new ValueError(null, source, 'tags', `must be at most ${MAX_TAGS} non-empty strings of at most 64 characters`, 'memory.tags'),
      'PROPOSE',
      base,
    )
  if (options.ttlMs !== undefined && !(Number.isFinite(options.ttlMs) && options.ttlMs > 0))
    refuse(ledger, new ValueError(null, source, 'ttlMs', 'must be a positive number of milliseconds', 'memory.ttl'), 'PROPOSE', base)
  const typed = checkTyped(ctx, options, source)
  if (typed instanceof ValueError) refuse(ledger, typed, 'PROPOSE', base)
  const checked = checkType(ctx, typed.type, raw, typed.key ?? null, source)
  if (!('content' in checked)) refuse(ledger, checked, 'PROPOSE', base)
  // What the type's schema returned (a transform's output), else the content as written.
  const content = checked.content
  if (from !== undefined) checkProvenance(ctx, from, base)

  const result = ctx.scan(content)
  // A subject is personal data: receipts and state name it by its keyed tag only. Its content is deduplicated under
  // its current value key, so after `forget` the same words for the same subject are a new, readable memory.
  const subjectTag = typed.subject === undefined ? undefined : ledger.values.subjectTag(typed.subject)
  const subjectKey = typed.subject === undefined ? undefined : ledger.values.subjectKeyId(typed.subject)
  const norm = memoryNorm(ctx, subjectKey === undefined ? content : `${subjectKey}\u001d${content}`)
  const life = ledger.state.lifecycle
  const existing = life.findByNorm(norm)
  const linked = options.session !== undefined && options.link !== false ? life.lastRender.get(options.session) : undefined
  const meta = {
    score: result.score,
    ruleSet: result.ruleSet,
    findings: findingsSummary(result.findings),
    source: source!,
    session: options.session,
  }
  if (existing) {
    // The same content again: one more sighting on the existing entry, whatever its status (a rejected memory is
    // not filed anew because a second page repeats it).
    ledger.append({
      ...base,
      key: existing.id,
      old: existing.commit,
      new: existing.commit,
      reason: encodeMeta({ ...meta, status: existing.status, why }),
      op: 'PROPOSE',
    })
    return { id: existing.id, status: existing.status, score: result.score, findings: result.findings }
  }
  let text: string
  try {
    text = encodeValue(content, null, source, rules.maxValueBytes)
  } catch (e) {
    return refuse(ledger, e as CustomsError, 'PROPOSE', base)
  }
  const commit = ring.commit(text)
  const id = `m_${ledger.headSeq + 1}`
  let status = statusOf(result.decision)
  const now = rules.now()
  // A keyed memory whose namespace (or subject) already holds another value for the key: both are flagged.
  const rivals =
    typed.key === undefined
      ? []
      : life
          .withIdentity({ key: typed.key, ns: [...ctx.ns], subject: subjectTag ?? null })
          .filter((m) => m.norm !== norm && settle(ctx, m) !== undefined)
  const policy = rules.conflictPolicy
  if (rivals.length && policy === 'review' && status === 'approved') {
    status = 'pending_review'
    why ??= 'conflict'
  }
  // Under `newest`, a newer approved value supersedes the older ones of its own namespace (an update of the key).
  // Entries of other namespaces that disagree about the same subject are a contradiction, not an update: both are
  // flagged and stay valid, and reads pick by policy.
  const superseded = policy === 'newest' && status === 'approved' ? rivals.filter((m) => sameNamespace(m.ns, ctx.ns)) : []
  const ttlEnd = options.ttlMs === undefined ? undefined : now + options.ttlMs
  const expires = ttlEnd === undefined ? typed.validUntil : typed.validUntil === undefined ? ttlEnd : Math.min(ttlEnd, typed.validUntil)
  ledger.append(
    {
      ...base,
      op: 'PROPOSE',
      key: id,
      new: commit,
      reason: encodeMeta({
        ...meta,
        status,
        tags: tags.length ? [...tags] : undefined,
        norm,
        expires,
        why,
        key: typed.key,
        type: typed.type === 'fact' ? undefined : typed.type,
        owner: ctx.principal === SYSTEM ? undefined : ctx.principal,
        access: typed.access === 'internal' ? undefined : typed.access,
        ns: ctx.ns.length ? [...ctx.ns] : undefined,
        subject: subjectTag,
        validFrom: typed.validFrom,
        confidence: typed.confidence === 1 ? undefined : typed.confidence,
        deps: typed.deps.length ? typed.deps : undefined,
        ctx: linked,
        conflicts: rivals.length ? rivals.map((m) => m.id) : undefined,
        ends: superseded.length ? superseded.map((m) => m.id) : undefined,
        policy: rivals.length ? policy : undefined,
      }),
    },
    { commit, text, subject: typed.subject },
  )
  if (status === 'pending_review') notifyPending(ctx, id)
  return { id, status, score: result.score, findings: result.findings }
}

/** The tool result named by `from` must be stored, live and authentic (its STORE receipt's signature holds). */
function checkProvenance(ctx: LifecycleContext, from: { tool: string; callId: string }, base: Parameters<typeof refuse>[3]): void {
  const { ledger, rules } = ctx
  const tool = from?.tool
  const callId = from?.callId
  const bad = checkTexts(null, null, [
    ['from.tool', tool, MAX_NAME_LENGTH],
    ['from.callId', callId, MAX_NAME_LENGTH],
  ])
  if (bad) refuse(ledger, bad, 'PROPOSE', base)
  const slot = ledger.state.execution.get(executionKey(tool, callId))
  if (!slot) refuse(ledger, new ResultMissingError(tool, callId, null), 'PROPOSE', base)
  if (isExpired(slot, rules)) refuse(ledger, new ResultExpiredError(tool, callId, null, resultExpiresAt(slot, rules)), 'PROPOSE', base)
  if (resultIfAuthentic(ledger, slot) === undefined) refuse(ledger, new SignatureError(tool, callId, null), 'PROPOSE', base)
}
