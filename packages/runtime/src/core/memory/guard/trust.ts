/**
 * Source trust: how far the guard believes an entry because of where it came from. Patterns are matched against
 * the entry's source (`*` matches any run of characters); the user's patterns (`guard.trust`) come first, in
 * their order, then the defaults; a source nothing matches is an inference.
 */
import type { TrustClass } from './types.js'

/** Default trust, in match order. `decision` is the source the guard gives Decision-pool entries (user or plan). */
export const DEFAULT_TRUST: ReadonlyArray<readonly [pattern: string, trust: TrustClass]> = [
  ['user', 'trusted'],
  ['plan', 'trusted'],
  ['decision', 'trusted'],
  ['tool:*', 'data'],
  ['agent', 'inference'],
  ['agent:*', 'inference'],
  ['assistant', 'inference'],
  ['working:*', 'inference'],
  ['web', 'untrusted'],
  ['web.*', 'untrusted'],
]

export const TRUST_CLASSES: readonly TrustClass[] = ['trusted', 'data', 'inference', 'untrusted']

/** The trust of a source never matched by any pattern. */
export const UNKNOWN_SOURCE_TRUST: TrustClass = 'inference'

/** A pattern as an anchored regular expression: `*` is any run of characters, everything else literal. */
export function patternRegExp(pattern: string): RegExp {
  const literal = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(`^${literal.join('.*')}$`, 's')
}

/**
 * A resolver from source to trust class over the user's patterns then the defaults; results are cached per
 * source (a store has few distinct sources, and a check resolves one per entry).
 */
export function trustResolver(user: Record<string, TrustClass> = {}): (source: string | null) => TrustClass {
  const rules = [...Object.entries(user), ...DEFAULT_TRUST].map(([p, t]) => [patternRegExp(p), t] as const)
  const cache = new Map<string, TrustClass>()
  return (source) => {
    if (source === null || source === '') return UNKNOWN_SOURCE_TRUST
    let t = cache.get(source)
    if (t === undefined) {
      t = rules.find(([re]) => re.test(source))?.[1] ?? UNKNOWN_SOURCE_TRUST
      if (cache.size < 4096) cache.set(source, t)
    }
    return t
  }
}
