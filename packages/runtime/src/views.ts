import { executionKey } from './core/receipt.js'

/** Anything with both pools' `entries()`: the live Customs or a point-in-time view from `customs.at(seq)`. */
export interface PoolsView {
  decision: { entries(): Array<[string, unknown]> }
  execution: { entries(): Array<{ tool: string; callId: string; result: unknown }> }
}

/** One key whose value differs between two states. */
export interface StateChange {
  /** `decision:<key>` or `execution:<tool>/<callId>` (the receipt key of the Execution pool). */
  key: string
  before: unknown
  after: unknown
}

/**
 * Both pools as one flat object keyed `decision:<key>` and `execution:<tool>/<callId>`, the shape in which
 * two states are compared (the CLI's `at` and `diff`, the demo's before/after of a rollback).
 */
export function flattenPools(view: PoolsView): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of view.decision.entries()) out[`decision:${key}`] = value
  for (const e of view.execution.entries()) out[`execution:${executionKey(e.tool, e.callId)}`] = e.result
  return out
}

/** Keys whose JSON differs between two flat states, in key order; a missing key reads as `null`. */
export function diffStates(before: Record<string, unknown>, after: Record<string, unknown>): StateChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()
  const out: StateChange[] = []
  for (const key of keys) {
    const b = before[key] ?? null
    const a = after[key] ?? null
    if (JSON.stringify(b) !== JSON.stringify(a)) out.push({ key, before: b, after: a })
  }
  return out
}
