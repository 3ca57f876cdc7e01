/** The Execution pool's write gate (signed tool results) and the TTL every reader of a result applies. */
import { ValueError, type CustomsError } from '../../errors.js'
import { executionKey, type Receipt } from '../receipt.js'
import type { ExecSlot } from '../state.js'
import type { Ledger } from '../ledger.js'
import type { WriteRules } from '../options.js'
import type { ExecutionEntry } from '../types.js'
import { attribute, checkTexts, draft, encodeValue, MAX_NAME_LENGTH, refuse, safeText, type GateContext } from './gate.js'

export function storeResult({ ledger, ring, rules, guard }: GateContext, tool: string, callId: string, result: unknown): Receipt {
  guard.ensureWritable('execution.store')
  const site = attribute(ledger)
  const toolText = safeText(tool) ?? ''
  const callText = safeText(callId) ?? ''
  const key = executionKey(toolText, callText)
  const current = ledger.state.execution.get(key)
  const base = {
    pool: 'execution' as const,
    key,
    old: current?.commit ?? null,
    new: null,
    site,
    tool: toolText,
    call: callText,
    actor: rules.defaultActor,
  }
  if (typeof tool !== 'string' || !tool)
    refuse(ledger, new ValueError(null, null, 'tool', 'must be a non-empty string', 'execution.tool'), 'STORE', base)
  if (typeof callId !== 'string' || !callId)
    refuse(ledger, new ValueError(null, `tool:${toolText}`, 'callId', 'must be a non-empty string', 'execution.call'), 'STORE', base)
  const bad = checkTexts(null, `tool:${toolText}`, [
    ['tool', tool, MAX_NAME_LENGTH],
    ['callId', callId, MAX_NAME_LENGTH],
  ])
  if (bad) refuse(ledger, bad, 'STORE', base)
  let text: string
  try {
    text = encodeValue(result, key, `tool:${tool}`, rules.maxValueBytes)
  } catch (e) {
    return refuse(ledger, e as CustomsError, 'STORE', base)
  }
  const commit = ring.commit(text)
  return ledger.append(draft(base, 'STORE', commit, null, true), { commit, text })
}

/** Expiry is evaluated when read: no receipt is written when a result expires. */
export function isExpired(slot: ExecSlot, rules: WriteRules): boolean {
  return rules.now() > slot.originTs + rules.ttlMs
}

export function expiresAt(slot: ExecSlot, rules: WriteRules): string {
  return new Date(slot.originTs + rules.ttlMs).toISOString()
}

export function executionEntry(s: ExecSlot, ledger: Ledger, rules: WriteRules): ExecutionEntry {
  return {
    tool: s.tool,
    callId: s.call,
    result: ledger.readValue(s.commit, s.seq),
    seq: s.origin,
    storedAt: new Date(s.originTs).toISOString(),
    expiresAt: expiresAt(s, rules),
  }
}

/** Live (unexpired) results, oldest first; with `unpromotedOnly`, those never promoted. */
export function liveEntries(ledger: Ledger, rules: WriteRules, unpromotedOnly: boolean): ExecutionEntry[] {
  return [...ledger.state.execution.values()]
    .filter((s) => !(unpromotedOnly && s.promoted) && !isExpired(s, rules))
    .sort((a, b) => a.origin - b.origin)
    .map((s) => executionEntry(s, ledger, rules))
}
