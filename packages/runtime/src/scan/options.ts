/**
 * Validation of rules and scan options. Mistakes in options are programming errors, reported as a typed
 * `ScanOptionError` naming the option at fault, before anything is scanned.
 */
import { DEFAULT_THRESHOLDS } from './score'
import type { ChunkKind, Family, Rule, ScanOptions, ScanThresholds } from './types'

/** A scan option (or a rule given to `defineRule`) is invalid. `option` names it, e.g. `thresholds.review`. */
export class ScanOptionError extends TypeError {
  override readonly name = 'ScanOptionError'
  readonly option: string

  constructor(option: string, message: string) {
    super(`${option}: ${message}`)
    this.option = option
  }
}

export const FAMILIES: readonly Family[] = ['injection', 'code', 'secret', 'pii']
const CHUNK_KINDS: readonly ChunkKind[] = ['prose', 'code', 'json', 'shell']

// `namespace/name`: built-in rules use their family as namespace (`pii/email`); user rules may use their own
// (`acme/no-urls`). Lowercase words, digits, `-`, `_` and `.`; more `/` segments are allowed.
const RULE_ID = /^[a-z0-9][a-z0-9_.-]*(?:\/[a-z0-9][a-z0-9_.-]*)+$/

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'string' ? JSON.stringify(value) : typeof value
}

/** Checks one rule's shape; `where` names it in errors (`rules[2]`, `rule`). */
export function validateRule(rule: unknown, where: string): asserts rule is Rule {
  if (typeof rule !== 'object' || rule === null) throw new ScanOptionError(where, `must be a rule object, got ${describe(rule)}`)
  const candidate = rule as Partial<Rule>
  if (typeof candidate.id !== 'string' || !RULE_ID.test(candidate.id)) {
    throw new ScanOptionError(`${where}.id`, `must look like "family/name" (lowercase), got ${describe(candidate.id)}`)
  }
  if (!FAMILIES.includes(candidate.family as Family)) {
    throw new ScanOptionError(`${where}.family`, `must be one of ${FAMILIES.join(', ')}, got ${describe(candidate.family)}`)
  }
  const weight = candidate.weight
  if (typeof weight !== 'number' || !(weight > 0 && weight <= 1)) {
    throw new ScanOptionError(`${where}.weight`, `must be a number in (0, 1], got ${describe(weight)}`)
  }
  if (typeof candidate.description !== 'string' || candidate.description.trim() === '') {
    throw new ScanOptionError(`${where}.description`, 'must be a non-empty sentence')
  }
  if (typeof candidate.check !== 'function') throw new ScanOptionError(`${where}.check`, 'must be a function')
  if (candidate.appliesTo !== undefined) {
    const kinds = candidate.appliesTo
    if (!Array.isArray(kinds) || kinds.some((kind) => !CHUNK_KINDS.includes(kind))) {
      throw new ScanOptionError(`${where}.appliesTo`, `must list chunk kinds among ${CHUNK_KINDS.join(', ')}`)
    }
  }
}

/**
 * Checks a rule and returns it unchanged (typed), so user rules fail at definition rather than at the first scan.
 *
 * @throws ScanOptionError when the id is not `namespace/name`, the family unknown, the weight outside (0, 1], the
 *   description empty, `check` not a function or `appliesTo` not a list of chunk kinds.
 */
export function defineRule<R extends Rule>(rule: R): R {
  validateRule(rule, 'rule')
  return rule
}

function threshold(value: unknown, name: keyof ScanThresholds): number {
  if (value === undefined) return DEFAULT_THRESHOLDS[name]
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
    throw new ScanOptionError(`thresholds.${name}`, `must be a number in [0, 1], got ${describe(value)}`)
  }
  return value
}

/** The thresholds of a scan, defaults filled in; `review` must not exceed `approve`. */
export function resolveThresholds(thresholds: ScanOptions['thresholds']): ScanThresholds {
  if (thresholds === undefined) return DEFAULT_THRESHOLDS
  if (typeof thresholds !== 'object' || thresholds === null) {
    throw new ScanOptionError('thresholds', `must be an object, got ${describe(thresholds)}`)
  }
  const resolved = { approve: threshold(thresholds.approve, 'approve'), review: threshold(thresholds.review, 'review') }
  if (resolved.review > resolved.approve) {
    throw new ScanOptionError('thresholds.review', `must not exceed thresholds.approve (${resolved.review} > ${resolved.approve})`)
  }
  return resolved
}

/** The rules of a scan: built-ins minus `disable`, plus the user rules (validated, ids unique). */
export function resolveRules(builtins: readonly Rule[], options: ScanOptions): { rules: Rule[]; userIds: string[]; disabled: string[] } {
  // the common case, checked before building the id set it does not need
  if (options.disable === undefined && options.rules === undefined) return { rules: builtins.slice(), userIds: [], disabled: [] }
  const disable = options.disable ?? []
  if (!Array.isArray(disable)) throw new ScanOptionError('disable', `must be an array of rule ids or families, got ${describe(disable)}`)
  const builtinIds = new Set(builtins.map((rule) => rule.id))
  disable.forEach((entry: unknown, index) => {
    if (typeof entry !== 'string' || !(FAMILIES.includes(entry as Family) || builtinIds.has(entry))) {
      throw new ScanOptionError(`disable[${index}]`, `names no built-in rule or family: ${describe(entry)}`)
    }
  })
  const off = new Set(disable)
  const rules = builtins.filter((rule) => !off.has(rule.id) && !off.has(rule.family))
  const extra = options.rules ?? []
  if (!Array.isArray(extra)) throw new ScanOptionError('rules', `must be an array of rules, got ${describe(extra)}`)
  const seen = new Set(builtinIds)
  const userIds: string[] = []
  extra.forEach((rule: unknown, index) => {
    validateRule(rule, `rules[${index}]`)
    if (seen.has(rule.id)) throw new ScanOptionError(`rules[${index}].id`, `duplicate rule id ${JSON.stringify(rule.id)}`)
    seen.add(rule.id)
    userIds.push(rule.id)
    rules.push(rule)
  })
  return { rules, userIds, disabled: [...off].sort() }
}
