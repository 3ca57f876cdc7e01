import type { ResolvedOptions } from './options'
import { RUNTIME_APIS } from './options'

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

const cache = new WeakMap<ResolvedOptions, RegExp>()

/**
 * A cheap test a module must pass before it is parsed (unplugin `transform.filter.code`). It is a superset
 * of what `analyze` can match, derived from the options, and deliberately much tighter than `.set(`:
 * - MW-1: the code mentions a memory receiver name (or a `types` name) somewhere AND has `.<verb>` or
 *   `['<verb>` somewhere;
 * - MW-2: an identifier made of a verb and a memory noun (`setState`, `saveMessages`);
 * - the runtime APIs (`decision.commit`, `execution.store`, `bridge.promote`) and the user targets' names.
 * Case-insensitive (a superset again); no `g` flag, so `test` has no state. Type-aware mode drops the
 * receiver condition, because a receiver's type may come from another module.
 */
export function codePrefilter(options: ResolvedOptions): RegExp {
  const hit = cache.get(options)
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
  const re = matchAll ? /[\s\S]?/ : new RegExp(parts.join('|'), 'i')
  cache.set(options, re)
  return re
}
