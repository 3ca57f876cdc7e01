/** The Bridge: promotes a stored tool result into the Decision pool only after every customs check, in order. */
import { PlanReferenceError, ResultExpiredError, ResultMissingError, SchemaError, SignatureError, ToolNotAllowedError, UnknownKeyError, WriteOnceError, type CustomsError } from '../../errors.js'
import { hexEqual } from '../../crypto/hash.js'
import { UNREADABLE } from '../ledger.js'
import { executionKey, type Receipt } from '../receipt.js'
import type { PlanRecord, PromoteRequest } from '../types.js'
import { expiresAt, isExpired } from './execution.js'
import { attribute, encodeValue, refuse, safeText, type GateContext } from './gate.js'

export function promoteResult({ ledger, ring, rules, guard }: GateContext, req: PromoteRequest): Receipt {
  guard.ensureWritable('bridge.promote')
  const site = attribute(ledger)
  const { tool, callId, to, planRef } = req ?? ({} as PromoteRequest)
  const actor = req?.actor ?? rules.defaultActor
  const current = typeof to === 'string' ? ledger.state.decision.get(to) : undefined
  const base = { pool: 'decision' as const, key: String(to), old: current?.commit ?? null, new: null, site, tool: String(tool), call: String(callId), actor }
  if (typeof tool !== 'string' || !rules.tools.has(tool)) refuse(ledger, new ToolNotAllowedError(String(tool), String(to)), 'PROMOTE', base)
  if (typeof to !== 'string' || !Object.hasOwn(rules.schemas, to)) refuse(ledger, new UnknownKeyError(String(to), `tool:${tool}`, 'bridge.target-registered'), 'PROMOTE', base)
  const slot = typeof callId === 'string' ? ledger.state.execution.get(executionKey(tool, callId)) : undefined
  if (!slot) refuse(ledger, new ResultMissingError(tool, String(callId), to), 'PROMOTE', base)
  if (isExpired(slot, rules)) refuse(ledger, new ResultExpiredError(tool, callId, to, expiresAt(slot, rules)), 'PROMOTE', base)
  const planSlot = typeof planRef === 'string' ? ledger.state.plans.get(planRef) : undefined
  const plan = planSlot ? (ledger.readValue(planSlot.commit) as PlanRecord | undefined) : undefined
  if (!plan) refuse(ledger, new PlanReferenceError(String(planRef), tool, callId, to, true), 'PROMOTE', base)
  if (!plan.references.some((r) => r.tool === tool && r.callId === callId)) refuse(ledger, new PlanReferenceError(planRef, tool, callId, to, false), 'PROMOTE', base)
  // The signature is checked over the bytes stored now, not over anything cached at store time.
  const record = ledger.readRecord(slot.commit)
  if (record === undefined || record === UNREADABLE || !record.sig || !hexEqual(record.sig, ring.sign(record.data))) refuse(ledger, new SignatureError(tool, callId, to), 'PROMOTE', base)
  const result = JSON.parse(record.data) as unknown
  const parsed = rules.schemas[to].safeParse(result)
  if (!parsed.success) refuse(ledger, new SchemaError(to, `tool:${tool}`, parsed.error.issues, 'bridge.schema'), 'PROMOTE', { ...base, new: slot.commit })
  if (current && rules.writeOnce.has(to)) refuse(ledger, new WriteOnceError(to, `tool:${tool}`, current.seq), 'PROMOTE', base)
  let text: string
  try {
    text = encodeValue(parsed.data, to, `tool:${tool}`, rules.maxValueBytes)
  } catch (e) {
    return refuse(ledger, e as CustomsError, 'PROMOTE', base)
  }
  const commit = ring.commit(text)
  return ledger.append({ ...base, op: 'PROMOTE', new: commit, reason: `plan:${planRef}`, actor: safeText(actor) }, { commit, record: { data: text } })
}
