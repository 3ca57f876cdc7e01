/** The plans write gate: a plan names the tool calls a promotion may rely on. */
import { ValueError, type CustomsError } from '../../errors.js'
import type { Receipt } from '../receipt.js'
import type { PlanRecord } from '../types.js'
import {
  attemptBase,
  attribute,
  checkTexts,
  draft,
  encodeValue,
  MAX_NAME_LENGTH,
  MAX_REASON_LENGTH,
  refuse,
  safeText,
  type GateContext,
} from './gate.js'

export function recordPlan(
  { ledger, ring, rules, guard }: GateContext,
  planId: string,
  plan: PlanRecord,
  options?: { actor?: string; reason?: string },
): Receipt {
  guard.ensureWritable('plans.record')
  const site = attribute(ledger)
  const current = typeof planId === 'string' ? ledger.state.plans.get(planId) : undefined
  const actor = options?.actor ?? rules.defaultActor
  const base = attemptBase('plans', planId, current, site, actor)
  if (typeof planId !== 'string' || !planId)
    refuse(ledger, new ValueError(null, 'plan', 'planId', 'must be a non-empty string', 'plans.id'), 'RECORD_PLAN', base)
  const bad = checkTexts(safeText(planId), 'plan', [
    ['planId', planId, MAX_NAME_LENGTH],
    ['actor', actor, MAX_NAME_LENGTH, true],
    ['reason', options?.reason, MAX_REASON_LENGTH, true],
  ])
  if (bad) refuse(ledger, bad, 'RECORD_PLAN', base)
  let refs: Array<{ tool: string; callId: string }> | undefined
  try {
    const given = plan?.references
    if (Array.isArray(given) && given.every((r) => r && typeof r.tool === 'string' && typeof r.callId === 'string'))
      refs = given.map((r) => ({ tool: r.tool, callId: r.callId }))
  } catch {
    refs = undefined // a getter or Proxy trap that throws: not a plan
  }
  if (!refs)
    refuse(
      ledger,
      new ValueError(planId, 'plan', 'plan.references', 'must be an array of { tool: string, callId: string }', 'plans.references'),
      'RECORD_PLAN',
      base,
    )
  let text: string
  try {
    text = encodeValue({ references: refs }, planId, 'plan', rules.maxValueBytes)
  } catch (e) {
    return refuse(ledger, e as CustomsError, 'RECORD_PLAN', base)
  }
  const commit = ring.commit(text)
  return ledger.append(draft(base, 'RECORD_PLAN', commit, options?.reason ?? null), { commit, text })
}
