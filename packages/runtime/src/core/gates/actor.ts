/**
 * The write gates on behalf of another actor: what a leader tab uses to apply a follower's forwarded writes, each
 * receipt naming the follower's actor. The same gates as the Customs facade's, with the default actor replaced.
 */
import type { ActorWrites } from '../internals.js'
import { promoteResult, type BridgeInspection } from './bridge.js'
import { commitDecision } from './decision.js'
import { storeResult } from './execution.js'
import type { GateContext } from './gate.js'
import { observeWrite } from './observed.js'
import { recordPlan } from './plans.js'

/** `inspection`: how the Bridge inspects a promoted result (the store's scanner, or `none` for a local check). */
export function actorWrites(gates: GateContext, actor: string | null, inspection: BridgeInspection): ActorWrites {
  const g: GateContext = { ...gates, rules: { ...gates.rules, defaultActor: actor } }
  return {
    commit: (key, value, options) => commitDecision(g, key, value, options),
    store: (tool, callId, result) => storeResult(g, tool, callId, result),
    record: (planId, plan, options) => recordPlan(g, planId, plan, options),
    promote: (req) => promoteResult(g, req, inspection),
    observe: (write) => observeWrite(g, write),
  }
}
