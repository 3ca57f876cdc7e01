import type { ResolvedOptions } from './options'
import { RUNTIME_APIS } from './options'

/**
 * The text tests that decide which modules are candidates (parsed at all), from the options and the names of
 * the project's wrappers. No parser here: the plugin's entry builds them before TypeScript is loaded, and a
 * build whose modules all fail them never loads it.
 */

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

function alternatives(words: Iterable<string>): string {
  return [...new Set(words)].map(escape).join('|')
}

/** The longest plain identifier inside a callee glob (`'*.memoryClient.*'` → `memoryClient`), or `null`. */
function literalPart(pattern: string): string | null {
  let best: string | null = null
  for (const part of pattern.split(/[.*]/)) {
    if (/^[A-Za-z_$#][\w$]*$/.test(part) && (!best || part.length > best.length)) best = part.replace(/^#/, '')
  }
  return best
}

const cache = new WeakMap<ResolvedOptions, Map<string, RegExp>>()

/**
 * A cheap test a module must pass before it is parsed (unplugin `transform.filter.code`). It is a superset
 * of what `analyze` can match, derived from the options, and deliberately much tighter than `.set(`:
 * - MW-1: the code mentions a memory receiver name (or a `types` name) somewhere AND has `.<verb>` or
 *   `['<verb>` somewhere;
 * - MW-2: an identifier made of a verb and a memory noun (`setState`, `saveMessages`);
 * - the runtime APIs (`decision.commit`, `execution.store`, `bridge.promote`), the user targets' names and
 *   the wrappers' names.
 * Case-insensitive (a superset again); no `g` flag, so `test` has no state. Type-aware mode drops the
 * receiver condition, because a receiver's type may come from another module.
 */
export function candidateTest(options: ResolvedOptions, wrapperNames: readonly string[]): RegExp {
  const byNames = cache.get(options) ?? new Map<string, RegExp>()
  cache.set(options, byNames)
  const hit = byNames.get(wrapperNames.join(','))
  if (hit) return hit
  const m = options.matcher
  const verbs = alternatives(m.verbs)
  const verbAccess = `[.'"\`]\\s*#?(?:${verbs})`
  // Anchors of a user receiver RegExp refer to the receiver name, not to the module text.
  const receiverWords = [...m.receivers.map((r) => r.source.replace(/^\^|\$$/g, '')), ...m.types.map(escape)].join('|')
  const parts: string[] = []
  parts.push(options.typeAware ? verbAccess : `^(?=[\\s\\S]*?(?:${receiverWords}))[\\s\\S]*?${verbAccess}`)
  parts.push(`(?:${verbs})[\\w$]*?(?:${alternatives(m.nouns)})(?![\\w$])`)
  const apis = RUNTIME_APIS.map((a) => `${a.receiver}[\\s)!?]*\\.\\s*${a.method}`).join('|')
  parts.push(`\\b(?:${apis})\\b`)
  let matchAll = false
  const targetWords: string[] = []
  for (const t of m.targets) {
    const lit = t.method ?? (typeof t.source === 'string' ? literalPart(t.source) : null)
    if (lit) targetWords.push(lit)
    else matchAll = true
  }
  if (targetWords.length) parts.push(`\\b(?:${alternatives(targetWords)})\\b`)
  // Calls to wrappers (found under `root` or named in the options) go by their names alone.
  if (wrapperNames.length) parts.push(`\\b(?:${alternatives(wrapperNames)})\\b`)
  const re = matchAll ? /[\s\S]?/ : new RegExp(parts.join('|'), 'i')
  byNames.set(wrapperNames.join(','), re)
  return re
}

const nativeCache = new WeakMap<ResolvedOptions, Map<string, RegExp | null>>()

/**
 * A looser superset of `candidateTest` made only of literal words, for the bundler's native
 * `transform.filter.code`. Rolldown evaluates native filters with a backtracking engine in which the exact
 * prefilter (a lookahead over the whole module) cost about 1.2 s per 1,000 modules, more than calling into
 * JS for every module and testing there with V8's engine; a plain word alternation costs almost nothing.
 * Every way a call can match needs one of these words in the module text: a memory receiver word, a memory
 * noun (MW-2), a runtime API receiver, a target's or type's name. `null` when no such word list can be
 * derived (type-aware mode, a receiver RegExp or target that is not made of plain words): then only the id
 * filter is native and the handler applies the exact prefilter.
 */
export function candidateWords(options: ResolvedOptions, wrapperNames: readonly string[]): RegExp | null {
  const byNames = nativeCache.get(options) ?? new Map<string, RegExp | null>()
  nativeCache.set(options, byNames)
  const key = wrapperNames.join(',')
  if (byNames.has(key)) return byNames.get(key) ?? null
  const m = options.matcher
  const words: string[] = [...m.nouns, ...m.types, ...RUNTIME_APIS.map((a) => a.receiver), ...wrapperNames]
  let derivable = !options.typeAware
  for (const r of m.receivers) {
    const src = r.source.replace(/^\^|\$$/g, '')
    if (/^[\w$]+(?:\|[\w$]+)*$/.test(src)) words.push(...src.split('|'))
    else derivable = false
  }
  for (const t of m.targets) {
    const lit = t.method ?? (typeof t.source === 'string' ? literalPart(t.source) : null)
    if (lit) words.push(lit)
    else derivable = false
  }
  const re = derivable ? new RegExp(alternatives(words.map((w) => w.toLowerCase())), 'i') : null
  byNames.set(key, re)
  return re
}
