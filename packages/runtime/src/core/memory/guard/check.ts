/**
 * `customs.guard`: checks an action against the shadow of the memories it rests on, records every check as one
 * GUARD receipt (decision, risk vector, reasons, entries), applies repairs as lifecycle receipts, and lists the
 * recorded checks. The rules run synchronously (`checkNow`); `check` may also consult the evaluator.
 */
import { MemoryNotFoundError, OptionError } from '../../../errors.js'
import { attribute, safeText } from '../../gates/gate.js'
import type { Receipt, ReceiptSite } from '../../receipt.js'
import type { LifecycleContext } from '../context-types.js'
import { encodeMeta, type LifecycleMeta } from '../meta.js'
import type { GuardRecord } from '../state.js'
import { consult, evaluate, checkInput, guardConfig, type Evaluation, type GuardConfig } from './evaluate.js'
import { checkGuardOptions, decidingDimensions, DECISIONS, DIMENSIONS } from './policy.js'
import { applyRepairs, type RepairReport } from './repair.js'
import type {
  GuardCheckInput,
  GuardLogEntry,
  GuardLogFilter,
  GuardOptions,
  GuardReason,
  GuardResult,
  RepairKind,
  RepairSuggestion,
  RiskVector,
} from './types.js'

export type { RepairReport } from './repair.js'

export interface Guard {
  /** Rules, then the evaluator if the rules are uncertain; one GUARD receipt. */
  check(input: GuardCheckInput): Promise<GuardResult>
  /** The rules only, synchronously; one GUARD receipt. */
  checkNow(input: GuardCheckInput): GuardResult
  /** Applies a result's suggestions as receipts (downgrade, mark conflicted, send to review); verify stays open. */
  repair(result: GuardResult, options?: { actor?: string; only?: RepairKind[] }): RepairReport
  /** The recorded checks, most recent first. */
  log(filter?: GuardLogFilter): GuardLogEntry[]
}

/** The guard over a lifecycle context; `ctx.rules.guard` is checked here (OptionError naming the field). */
export function guardApi(ctx: LifecycleContext): Guard {
  const config = configOf(ctx.rules.guard)
  return {
    check: async (input) => {
      ctx.guard.ensureWritable('guard.check')
      const site = attribute(ctx.ledger)
      const ev = await consult(config, evaluate(ctx, config, checkInput(ctx, input)))
      // The store may have been closed while the evaluator thought.
      ctx.guard.ensureWritable('guard.check')
      return record(ctx, config, ev, site)
    },
    checkNow: (input) => {
      ctx.guard.ensureWritable('guard.check')
      const site = attribute(ctx.ledger)
      return record(ctx, config, evaluate(ctx, config, checkInput(ctx, input)), site)
    },
    repair: (result, options = {}) => {
      ctx.guard.ensureWritable('guard.repair')
      const site = attribute(ctx.ledger)
      if (typeof result !== 'object' || result === null || typeof result.id !== 'string' || !Array.isArray(result.repairs))
        throw new OptionError('guard.repair result', 'must be a GuardResult returned by guard.check')
      if (!ctx.ledger.state.lifecycle.guards.has(result.id)) throw new MemoryNotFoundError(result.id, 'guard check')
      const only = options.only
      if (only !== undefined && (!Array.isArray(only) || only.some((k) => !REPAIR_KINDS.includes(k))))
        throw new OptionError('guard.repair options.only', `must be an array of ${REPAIR_KINDS.join(', ')}`)
      const actor = options.actor ?? ctx.principal
      const suggestions = only ? result.repairs.filter((r) => only.includes(r.kind)) : result.repairs
      return applyRepairs(ctx, suggestions, actor, site)
    },
    log: (filter = {}) => guardLog(ctx, filter),
  }
}

/**
 * The check in two steps, for a store that reads in one place and decides at another (a PostgreSQL store,
 * postgres/lifecycle.ts): the rules' evaluation of a context's memories, and the GUARD receipt of an evaluation,
 * so that the evaluator can be consulted between them without holding the head's lock.
 */
export function guardSteps(ctx: LifecycleContext): {
  config: GuardConfig
  evaluate(input: GuardCheckInput): Evaluation
  record(ev: Evaluation): GuardResult
} {
  const config = configOf(ctx.rules.guard)
  return {
    config,
    evaluate: (input) => evaluate(ctx, config, checkInput(ctx, input)),
    record: (ev) => {
      ctx.guard.ensureWritable('guard.check')
      return record(ctx, config, ev, attribute(ctx.ledger))
    },
  }
}

/**
 * A store's guard options checked and compiled once: every `as()`/`scope()` handle builds a guard, and a handle per
 * request must not re-check the options and recompile the trust patterns each time.
 */
const configs = new WeakMap<GuardOptions, GuardConfig>()

function configOf(options: GuardOptions): GuardConfig {
  let config = configs.get(options)
  if (!config) {
    checkGuardOptions(options)
    config = guardConfig(options)
    configs.set(options, config)
  }
  return config
}

const REPAIR_KINDS: readonly RepairKind[] = ['verify', 'downgrade', 'mark_conflicted', 'quarantine']

/** Appends the GUARD receipt for an evaluation and builds the result. */
function record(ctx: LifecycleContext, config: GuardConfig, ev: Evaluation, site: ReceiptSite | null): GuardResult {
  const { input, decision, risk } = ev
  const evaluated = [...ev.shadow.entries.keys()]
  const meta: LifecycleMeta = {
    action: input.action,
    tool: input.tool,
    decision,
    risk: DIMENSIONS.map((d) => risk[d]) as [number, number, number, number],
    reasons: ev.reasons.map((r) => `${r.rule}:${r.entries.join(',')}`),
    entries: evaluated,
    ctx: input.contextId,
  }
  const receipt: Receipt = ctx.ledger.append({
    op: 'GUARD',
    pool: null,
    key: null,
    old: null,
    new: null,
    site,
    // The receipt's own tool and call columns are indexed: `receipts({ tool })` / `receipts({ callId })` find checks.
    tool: safeText(input.tool),
    call: safeText(input.callId),
    actor: safeText(input.actor ?? ctx.principal),
    reason: encodeMeta(meta),
    // the state keeps this object's arrays as the check's record: the result below gets copies
    meta,
  })
  const result: GuardResult = {
    id: `guard_${receipt.seq}`,
    seq: receipt.seq,
    action: input.action,
    decision,
    risk: { ...risk },
    reasons: ev.reasons,
    repairs: decision === 'redirect' || decision === 'halt' ? unique(ev.repairs) : [],
    evaluated: [...evaluated],
    evaluatorConsulted: ev.evaluatorConsulted,
  }
  if (decision === 'warn') result.message = warning(input.action, input.tool, relevant(ev, config))
  return result
}

/** The reasons behind the decision: those of the dimensions that decided it. */
function relevant(ev: Evaluation, config: GuardConfig): GuardReason[] {
  const dims = decidingDimensions(ev.input.action, ev.risk, config.settings.threshold, config.matrix)
  return ev.reasons.filter((r) => dims.includes(r.dimension))
}

/** Reasons named in a warning; the rest are counted. */
const MAX_WARNING_REASONS = 5

/** The text to put in the prompt before a warned action: which entries, by which rule, and what to do. */
function warning(action: string, tool: string | undefined, reasons: GuardReason[]): string {
  const named = reasons.slice(0, MAX_WARNING_REASONS).map((r) => `${r.rule} (${r.entries.join(', ') || 'no entry named'})`)
  const more = reasons.length > named.length ? `; and ${reasons.length - named.length} more` : ''
  return (
    `Memory guard warning before ${action}${tool ? ` ${tool}` : ''}: ${named.join('; ')}${more}. ` +
    'Treat these entries as unverified: check them before relying on them, and say so if you use them.'
  )
}

function unique(repairs: RepairSuggestion[]): RepairSuggestion[] {
  const seen = new Set<string>()
  return repairs.filter((r) => {
    const k = `${r.kind}\u001f${'entry' in r ? r.entry : [...r.entries].sort().join(',')}`
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
}

function guardLog(ctx: LifecycleContext, filter: GuardLogFilter): GuardLogEntry[] {
  if (typeof filter !== 'object' || filter === null) throw new OptionError('guard.log filter', 'must be an object')
  const decisions = filter.decision === undefined ? null : [filter.decision].flat()
  if (decisions?.some((d) => !DECISIONS.includes(d)))
    throw new OptionError('guard.log filter.decision', `must be one of ${DECISIONS.join(', ')} (or an array of them)`)
  const limit = filter.limit ?? Infinity
  if (limit !== Infinity && !(Number.isInteger(limit) && limit >= 0))
    throw new OptionError('guard.log filter.limit', 'must be a non-negative integer')
  const out: GuardLogEntry[] = []
  const records = [...ctx.ledger.state.lifecycle.guards.values()].sort((a, b) => b.seq - a.seq)
  for (const g of records) {
    if (out.length >= limit) break
    if (decisions && !decisions.includes(g.decision)) continue
    if (filter.action !== undefined && g.action !== filter.action) continue
    if (filter.entry !== undefined && !g.uses.includes(filter.entry)) continue
    out.push(logEntry(g))
  }
  return out
}

function logEntry(g: GuardRecord): GuardLogEntry {
  const [consistency, factuality, safety, dependency] = g.risk
  const risk: RiskVector = { consistency, factuality, safety, dependency }
  return {
    id: g.id,
    seq: g.seq,
    at: new Date(g.ms).toISOString(),
    action: g.action,
    tool: g.tool,
    decision: g.decision,
    risk,
    reasons: [...g.reasons],
    entries: [...g.uses],
    contextId: g.ctx,
  }
}
