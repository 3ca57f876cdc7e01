/**
 * The built-in rule registry: the four families' rules in one list, in a fixed order (injection, code, secret,
 * pii) so findings and reports are deterministic.
 */
import type { Rule } from '../types'
import { codeRules } from './code/index'
import { injectionRules } from './injection/index'
import { piiRules } from './pii/index'
import { secretRules } from './secrets/index'

/**
 * Names the built-in rule set. Bump it whenever a built-in rule is added, removed or changes what it reports:
 * stored memories record it, and `memories.rescan()` re-scores entries scanned under an older version.
 */
export const RULESET_VERSION = 'builtin@141'

/** Every built-in rule, family by family. A fresh array each call, so a caller cannot mutate the registry. */
export function builtinRules(): readonly Rule[] {
  return BUILTIN_RULES.slice()
}

/** The same list, made once, for `scan()`, which only reads it (every scan starts from it). */
export const BUILTIN_RULES: readonly Rule[] = Object.freeze([...injectionRules, ...codeRules, ...secretRules, ...piiRules])
