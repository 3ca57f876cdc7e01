/**
 * One evaluation of a check, without writing anything: the input checked, the shadow built, the rules applied,
 * and (for `check`) the optional evaluator consulted when the rules are uncertain. `check.ts` records it.
 */
import { MemoryNotFoundError, OptionError } from '../../../errors.js'
import { MAX_NAME_LENGTH, textProblem } from '../../gates/gate.js'
import type { LifecycleContext } from '../context-types.js'
import { DEFAULTS, DIMENSIONS, decide, policyMatrix, type PolicyMatrix } from './policy.js'
import { evaluateRules, type RuleOutcome, type RuleSettings } from './rules.js'
import { buildShadow, entryKind, shadowView, type Shadow } from './shadow.js'
import { trustResolver } from './trust.js'
import type { EvaluatorOutput, GuardCheckInput, GuardDecision, GuardOptions, GuardReason, RiskVector, TrustClass } from './types.js'
import { canRead, deny } from '../access.js'

/** Most reasons of the evaluator's kept (each cut to a rule of 120 characters, 64 entries, 500 characters of detail). */
const MAX_EVALUATOR_REASONS = 20

/** Most ids one check takes in `uses`. */
export const MAX_USES = 10_000

/** What a store's guard keeps between checks: the options resolved once, when it is built. */
export interface GuardConfig {
  settings: RuleSettings
  matrix: PolicyMatrix
  trust: (source: string | null) => TrustClass
  uncertainty: number
  evaluator: GuardOptions['evaluator']
  evaluatorTimeoutMs: number
}

export function guardConfig(options: GuardOptions = {}): GuardConfig {
  return {
    settings: {
      threshold: options.threshold ?? DEFAULTS.threshold,
      lowConfidence: options.lowConfidence ?? DEFAULTS.lowConfidence,
      highConfidence: options.highConfidence ?? DEFAULTS.highConfidence,
    },
    matrix: policyMatrix(options.policy),
    trust: trustResolver(options.trust),
    uncertainty: options.uncertainty ?? DEFAULTS.uncertainty,
    evaluator: options.evaluator,
    evaluatorTimeoutMs: options.evaluatorTimeoutMs ?? DEFAULTS.evaluatorTimeoutMs,
  }
}

export interface Evaluation extends RuleOutcome {
  input: CheckedInput
  shadow: Shadow
  decision: GuardDecision
  evaluatorConsulted: boolean
}

export interface CheckedInput {
  action: string
  tool?: string
  contextId?: string
  callId?: string
  uses: string[]
  actor?: string
}

const bad = (field: string, problem: string) => new OptionError(`guard.check ${field}`, problem)

/** The input as the guard reads it, or an OptionError naming the field; an unknown context is MemoryNotFoundError. */
export function checkInput(ctx: LifecycleContext, input: GuardCheckInput): CheckedInput {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw bad('input', 'must be an object { action, tool?, contextId?, uses? }')
  const texts: Array<[string, unknown, boolean]> = [
    ['action', input.action, false],
    ['tool', input.tool, true],
    ['callId', input.callId, true],
    ['contextId', input.contextId, true],
    ['actor', input.actor, true],
  ]
  for (const [field, value, optional] of texts) {
    const problem = textProblem(value, MAX_NAME_LENGTH, optional)
    if (problem) throw bad(field, problem)
  }
  const uses = input.uses ?? []
  if (!Array.isArray(uses)) throw bad('uses', 'must be an array of entry ids')
  if (uses.length > MAX_USES) throw bad('uses', `has ${uses.length} ids (at most ${MAX_USES})`)
  uses.forEach((id: unknown, i) => {
    if (typeof id !== 'string' || id.length > MAX_NAME_LENGTH || entryKind(id) === null)
      throw bad(`uses[${i}]`, 'is not an entry id: a memory (m_12), a working entry (w:<session>/<name>) or decision:<key>')
  })
  if (input.contextId !== undefined && !ctx.ledger.state.lifecycle.contexts.has(input.contextId))
    throw new MemoryNotFoundError(input.contextId, 'rendered context')
  // An action cannot rest on what its principal may not read: naming such an entry is refused, with a receipt, as a
  // read would be (what the check then finds through dependencies is metadata only, never content).
  for (const id of uses) {
    const m = ctx.ledger.state.lifecycle.memories.get(id)
    if (m && !canRead(ctx, m)) deny(ctx, m, 'read', 'GUARD')
  }
  return {
    action: input.action,
    tool: input.tool,
    callId: input.callId,
    contextId: input.contextId,
    uses: [...uses],
    actor: input.actor,
  }
}

/** The rules over the shadow of what the input names (synchronous; the evaluator is `consult`'s). */
export function evaluate(ctx: LifecycleContext, config: GuardConfig, input: CheckedInput): Evaluation {
  const contextEntries = input.contextId === undefined ? [] : ctx.ledger.state.lifecycle.contexts.get(input.contextId)!.entries
  const shadow = buildShadow(shadowView(ctx, config.trust), input.uses, contextEntries)
  const outcome = evaluateRules(shadow, config.settings)
  if (shadow.truncated)
    outcome.reasons.push({
      rule: 'dependency/closure-truncated',
      dimension: 'dependency',
      entries: [],
      detail: `the dependency closure was cut at ${shadow.entries.size} entries; deeper dependencies were not evaluated`,
    })
  return {
    ...outcome,
    input,
    shadow,
    decision: decide(input.action, outcome.risk, config.settings.threshold, config.matrix),
    evaluatorConsulted: false,
  }
}

/** Whether some dimension lies within `uncertainty` of the threshold: the rules alone do not settle it. */
export function uncertain(risk: RiskVector, config: GuardConfig): boolean {
  const { threshold } = config.settings
  return DIMENSIONS.some((d) => Math.abs(risk[d] - threshold) <= config.uncertainty)
}

/**
 * Consults the evaluator when one is set and the rules are uncertain; its risk replaces the rules' on the
 * dimensions it gives. A failure (throw, rejection, timeout, malformed answer) leaves the rules' result and is
 * named in the reasons (`evaluator/failed`).
 */
export async function consult(config: GuardConfig, ev: Evaluation): Promise<Evaluation> {
  if (!config.evaluator || !uncertain(ev.risk, config)) return ev
  const entries = [...ev.shadow.entries.values()].map((e) => structuredClone(e))
  const input = { action: ev.input.action, tool: ev.input.tool, risk: { ...ev.risk }, reasons: structuredClone(ev.reasons), entries }
  let answer: EvaluatorOutput
  try {
    answer = checkAnswer(
      await withTimeout(
        Promise.resolve().then(() => config.evaluator!(input)),
        config.evaluatorTimeoutMs,
      ),
    )
  } catch (e) {
    const failed: GuardReason = {
      rule: 'evaluator/failed',
      dimension: DIMENSIONS.find((d) => Math.abs(ev.risk[d] - config.settings.threshold) <= config.uncertainty)!,
      entries: [],
      detail: `the evaluator failed (${messageOf(e)}); the rules' result stands`,
    }
    return { ...ev, reasons: [...ev.reasons, failed], evaluatorConsulted: true }
  }
  const risk = { ...ev.risk, ...answer.risk }
  const reasons = [...ev.reasons, ...(answer.reasons ?? []).map((r) => ({ ...r, rule: `evaluator/${r.rule.replace(/^evaluator\//, '')}` }))]
  return {
    ...ev,
    risk,
    reasons,
    decision: decide(ev.input.action, risk, config.settings.threshold, config.matrix),
    evaluatorConsulted: true,
  }
}

function checkAnswer(a: unknown): EvaluatorOutput {
  if (typeof a !== 'object' || a === null) throw new TypeError('its answer is not an object')
  const { risk, reasons } = a as EvaluatorOutput
  const out: EvaluatorOutput = {}
  if (risk !== undefined) {
    if (typeof risk !== 'object' || risk === null) throw new TypeError('its risk is not an object')
    out.risk = {}
    for (const [d, v] of Object.entries(risk)) {
      if (!(DIMENSIONS as readonly string[]).includes(d)) throw new TypeError(`its risk has an unknown dimension "${d}"`)
      if (typeof v !== 'number' || !(v >= 0 && v <= 1)) throw new TypeError(`its risk.${d} is not a number in [0, 1]`)
      out.risk[d as keyof RiskVector] = v
    }
  }
  if (reasons !== undefined) {
    const ok =
      Array.isArray(reasons) &&
      reasons.every(
        (r) =>
          typeof r?.rule === 'string' &&
          (DIMENSIONS as readonly unknown[]).includes(r.dimension) &&
          Array.isArray(r.entries) &&
          r.entries.every((x: unknown) => typeof x === 'string') &&
          typeof r.detail === 'string',
      )
    if (!ok) throw new TypeError('its reasons are not GuardReason[]')
    // Kept small: the reasons go into the GUARD receipt.
    out.reasons = reasons.slice(0, MAX_EVALUATOR_REASONS).map((r) => ({
      rule: r.rule.slice(0, 120),
      dimension: r.dimension,
      entries: r.entries.slice(0, 64),
      detail: r.detail.slice(0, 500),
    }))
  }
  return out
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer))
}

function messageOf(e: unknown): string {
  try {
    return (e instanceof Error ? e.message : String(e)).slice(0, 200)
  } catch {
    return 'an unprintable error'
  }
}
