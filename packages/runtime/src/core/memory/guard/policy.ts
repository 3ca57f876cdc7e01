/**
 * The policy matrix (action kind x risk dimension -> decision), the guard's option checks, and `decide`: the most
 * severe decision over the dimensions at or above the threshold. Monotone by construction: raising a dimension
 * can only add a dimension to the set considered, and the most severe of a larger set is never milder.
 */
import { OptionError } from '../../../errors.js'
import { TRUST_CLASSES } from './trust.js'
import type { GuardDecision, GuardOptions, RiskDimension, RiskVector } from './types.js'

export const DECISIONS: readonly GuardDecision[] = ['proceed', 'warn', 'redirect', 'halt']
export const DIMENSIONS: readonly RiskDimension[] = ['consistency', 'factuality', 'safety', 'dependency']
export const BUILTIN_KINDS = ['internal_reasoning', 'call_tool:read', 'call_tool:write', 'final_output'] as const

export type PolicyRow = Record<RiskDimension, GuardDecision>
export type PolicyMatrix = Record<string, PolicyRow>

const row = (d: GuardDecision, over: Partial<PolicyRow> = {}): PolicyRow => ({
  consistency: d,
  factuality: d,
  safety: d,
  dependency: d,
  ...over,
})

/** The defaults of issue 10: writes and final output stop on safety and dependency, redirect on the others. */
export const DEFAULT_POLICY: Readonly<PolicyMatrix> = Object.freeze({
  'call_tool:write': row('redirect', { safety: 'halt', dependency: 'halt' }),
  final_output: row('redirect', { safety: 'halt', dependency: 'halt' }),
  'call_tool:read': row('warn'),
  internal_reasoning: row('proceed'),
})

/** A user-defined kind without a row in `guard.policy` warns on every dimension. */
export const USER_KIND_DEFAULT: GuardDecision = 'warn'

export const DEFAULTS = { threshold: 0.5, lowConfidence: 0.5, highConfidence: 0.8, uncertainty: 0.15, evaluatorTimeoutMs: 10_000 }

const severity = (d: GuardDecision): number => DECISIONS.indexOf(d)

/** The defaults with `guard.policy` laid over them, row by row and dimension by dimension. */
export function policyMatrix(overrides: GuardOptions['policy'] = {}): PolicyMatrix {
  const m: PolicyMatrix = {}
  for (const [kind, r] of Object.entries(DEFAULT_POLICY)) m[kind] = { ...r }
  for (const [kind, over] of Object.entries(overrides)) m[kind] = { ...(m[kind] ?? row(USER_KIND_DEFAULT)), ...over }
  return m
}

/** The row for an action kind: its own, or warn everywhere for a kind nobody configured. */
export function policyRow(matrix: PolicyMatrix, kind: string): PolicyRow {
  return Object.hasOwn(matrix, kind) ? matrix[kind] : DEFAULT_USER_ROW
}
const DEFAULT_USER_ROW = Object.freeze(row(USER_KIND_DEFAULT))

/**
 * The decision for an action of `kind` with this risk: the most severe decision of the dimensions whose risk is
 * at or above `threshold` (`proceed` when none is). `matrix` defaults to the defaults.
 */
export function decide(kind: string, risk: RiskVector, threshold: number, matrix: PolicyMatrix = DEFAULT_POLICY): GuardDecision {
  const r = policyRow(matrix, kind)
  let worst: GuardDecision = 'proceed'
  for (const dim of DIMENSIONS) if (risk[dim] >= threshold && severity(r[dim]) > severity(worst)) worst = r[dim]
  return worst
}

/** The dimensions that decided: at or above the threshold with the decision's severity. */
export function decidingDimensions(kind: string, risk: RiskVector, threshold: number, matrix: PolicyMatrix): RiskDimension[] {
  const d = decide(kind, risk, threshold, matrix)
  const r = policyRow(matrix, kind)
  return d === 'proceed' ? [] : DIMENSIONS.filter((dim) => risk[dim] >= threshold && r[dim] === d)
}

const isUnit = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && [Object.prototype, null].includes(Object.getPrototypeOf(v))

/**
 * Checks every field of the guard's options; throws an OptionError naming the first bad one (`guard.threshold`,
 * `guard.policy.final_output.safety`, `guard.trust.web.*`…). Called when the store opens.
 */
export function checkGuardOptions(options: unknown): asserts options is GuardOptions | undefined {
  if (options === undefined) return
  if (!isPlainObject(options)) throw new OptionError('guard', 'must be an object')
  const known = new Set([
    'policy',
    'trust',
    'threshold',
    'lowConfidence',
    'highConfidence',
    'evaluator',
    'uncertainty',
    'evaluatorTimeoutMs',
  ])
  for (const k of Object.keys(options))
    if (!known.has(k)) throw new OptionError(`guard.${k}`, `is not a guard option (${[...known].join(', ')})`)
  const o = options as Record<string, unknown>
  for (const f of ['threshold', 'lowConfidence', 'highConfidence', 'uncertainty'] as const)
    if (o[f] !== undefined && !isUnit(o[f])) throw new OptionError(`guard.${f}`, 'must be a number in [0, 1]')
  if (o.threshold === 0) throw new OptionError('guard.threshold', 'must be above 0 (at 0 every action would count as risky)')
  const low = (o.lowConfidence as number | undefined) ?? DEFAULTS.lowConfidence
  const high = (o.highConfidence as number | undefined) ?? DEFAULTS.highConfidence
  if (low > high) throw new OptionError('guard.lowConfidence', `(${low}) must not be above guard.highConfidence (${high})`)
  if (o.evaluator !== undefined && typeof o.evaluator !== 'function')
    throw new OptionError('guard.evaluator', 'must be a function (input) => EvaluatorOutput | Promise<EvaluatorOutput>')
  const t = o.evaluatorTimeoutMs
  if (t !== undefined && !(typeof t === 'number' && Number.isFinite(t) && t > 0))
    throw new OptionError('guard.evaluatorTimeoutMs', 'must be a positive number of milliseconds')
  checkPolicy(o.policy)
  checkTrust(o.trust)
}

function checkPolicy(policy: unknown): void {
  if (policy === undefined) return
  if (!isPlainObject(policy)) throw new OptionError('guard.policy', 'must be an object: action kind -> { dimension: decision }')
  for (const [kind, r] of Object.entries(policy)) {
    if (!kind) throw new OptionError('guard.policy', 'has an empty action kind')
    if (!isPlainObject(r))
      throw new OptionError(`guard.policy.${kind}`, 'must be an object: { consistency?, factuality?, safety?, dependency? }')
    for (const [dim, d] of Object.entries(r)) {
      if (!(DIMENSIONS as readonly string[]).includes(dim))
        throw new OptionError(`guard.policy.${kind}.${dim}`, `is not a risk dimension (${DIMENSIONS.join(', ')})`)
      if (!(DECISIONS as readonly unknown[]).includes(d))
        throw new OptionError(`guard.policy.${kind}.${dim}`, `must be one of ${DECISIONS.join(', ')}, not ${JSON.stringify(d)}`)
    }
  }
}

function checkTrust(trust: unknown): void {
  if (trust === undefined) return
  if (!isPlainObject(trust)) throw new OptionError('guard.trust', 'must be an object: source pattern -> trust class')
  for (const [pattern, cls] of Object.entries(trust)) {
    if (!pattern) throw new OptionError('guard.trust', 'has an empty source pattern')
    if (!(TRUST_CLASSES as readonly unknown[]).includes(cls))
      throw new OptionError(`guard.trust.${pattern}`, `must be one of ${TRUST_CLASSES.join(', ')}, not ${JSON.stringify(cls)}`)
  }
}
