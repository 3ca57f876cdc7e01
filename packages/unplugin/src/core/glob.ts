import type { CalleePattern } from '../types'

// Key globs are matched at build time (static keys) and by the probe at run time (dynamic keys): one
// implementation, the runtime's, serves both so the two can never disagree.
export { escapeRegExp, keyGlobToRegExp, PROBE_NAMES, PROBE_PREFIX } from 'memory-customs/probe'
import { escapeRegExp } from 'memory-customs/probe'

/**
 * Callee pattern as a RegExp over the dotted callee path: `*` matches any run (dots included), and the
 * pattern must match the whole path or a suffix starting after a `.` (so `mem0.add` matches `this.mem0.add`).
 */
export function calleePatternToRegExp(pattern: CalleePattern): RegExp {
  if (pattern instanceof RegExp) return pattern
  let src = ''
  for (const ch of pattern) {
    if (ch === '*') src += '.*'
    else src += escapeRegExp(ch)
  }
  return new RegExp(`(?:^|\\.)${src}$`, 's')
}

/** Whether a key passes include/exclude globs (exclude wins; an empty include admits all). */
export function keyAdmitted(key: string, include: RegExp[], exclude: RegExp[]): boolean {
  if (exclude.some((r) => r.test(key))) return false
  return include.length === 0 || include.some((r) => r.test(key))
}

/** The last segment of a callee glob when it is a plain identifier (used by the code prefilter). */
export function lastLiteralSegment(pattern: string): string | null {
  const last = pattern.split('.').pop() ?? ''
  return /^[A-Za-z_$][\w$]*$/.test(last) ? last : null
}
