/**
 * Erasure by crypto-shredding (docs/erasure.md): `forget({ subject })` destroys the subject's value key, so every
 * value written for the subject becomes unreadable for good, while the receipt chain, which holds commitments
 * only, stays whole and verifies. The FORGET receipt names the subject by its keyed tag and lists the memories
 * whose values were shredded.
 */
import { ValueError } from '../../errors.js'
import type { Receipt } from '../receipt.js'
import { attribute, checkTexts, MAX_NAME_LENGTH, MAX_REASON_LENGTH, refuse, safeText } from '../gates/gate.js'
import type { LifecycleContext } from './context-types.js'
import { encodeMeta } from './meta.js'

export interface ForgetOptions {
  /** Who asked (default: the handle's principal, or the store's default actor at the root). */
  actor?: string
  /** Why, e.g. `GDPR art. 17 request #1234`: kept in the FORGET receipt (do not put the subject in it). */
  reason?: string
}

export interface ForgetResult {
  /** The FORGET receipt (durable once the store is flushed). */
  receipt: Receipt
  /** Ids of the live memories whose values were shredded, in the order they were written. */
  shredded: string[]
}

/** `forget(request)`'s argument split into the subject and the options; ValueError when it is not an object. */
export function forgetRequest(request: { subject: string } & ForgetOptions): { subject: string; options: ForgetOptions } {
  if (!request || typeof request !== 'object')
    throw new ValueError(null, null, 'request', 'must be { subject, actor?, reason? }', 'forget.subject')
  const { subject, ...options } = request
  return { subject, options }
}

/**
 * Destroys the value key of `subject` and records it:
 * 1. the key set without the subject's key (and with its tombstone) is saved in the key store, durably, first:
 *    a store that crashes after that reads the values as erased; one whose key store refuses (an environment
 *    variable is read-only) throws KeyStoreError and writes nothing;
 * 2. the key and every decrypted copy of the subject's values are dropped from memory;
 * 3. the FORGET receipt is appended: `subjectTag` (a keyed tag, never the subject) and `shredded`.
 * A subject nothing was written for (or one forgotten already) still gets its FORGET receipt, with nothing
 * shredded: the request is on the record. Values written for the subject afterwards get a new key.
 * Bad arguments are a REFUSED receipt and a ValueError naming the argument (the subject is not written in it).
 */
export async function forgetSubject(ctx: LifecycleContext, subject: string, options: ForgetOptions = {}): Promise<ForgetResult> {
  const { ledger, rules, guard } = ctx
  guard.ensureWritable('forget')
  const site = attribute(ledger)
  const actor = options?.actor ?? (ctx.principal === 'system' ? rules.defaultActor : ctx.principal)
  const base = { pool: null, key: null, old: null, new: null, site, tool: null, call: null, actor: safeText(actor) }
  const bad = checkTexts(null, null, [
    ['subject', subject, MAX_NAME_LENGTH],
    ['actor', actor, MAX_NAME_LENGTH, true],
    ['reason', options?.reason, MAX_REASON_LENGTH, true],
  ])
  if (bad) refuse(ledger, bad, 'FORGET', base)

  const { tag, kid } = await ledger.values.shredSubject(subject)
  // From here to the receipt nothing awaits: no write can slip between the key's end and its record.
  const shredded: string[] = []
  if (kid !== null)
    for (const m of ledger.state.lifecycle.memories.values())
      if (m.erased === null && ledger.values.keyIdOf(m.commit) === kid) shredded.push(m.id)
  const receipt = ledger.append({
    ...base,
    op: 'FORGET',
    reason: encodeMeta({ subjectTag: tag, shredded, why: options?.reason }),
  })
  return { receipt, shredded }
}
