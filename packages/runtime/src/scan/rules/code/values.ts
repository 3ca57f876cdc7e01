/**
 * Where a value comes from, as far as a single snippet can tell: a literal, a reference to a module or global
 * (a dotted path), or something dynamic with the best guess of its source.
 */

export type DynamicSource = 'decode' | 'network' | 'input' | 'env' | 'param' | 'call' | 'unknown'

export type Value = { t: 'lit'; text: string | null } | { t: 'path'; path: string; obfuscated: boolean } | { t: 'dyn'; src: DynamicSource }

const SOURCE_RANK: Record<DynamicSource, number> = { decode: 6, network: 5, input: 4, env: 3, param: 2, call: 1, unknown: 0 }

export const UNKNOWN: Value = { t: 'dyn', src: 'unknown' }

/** A literal value (with its text when it is a string). */
export function literal(text: string | null = null): Value {
  return { t: 'lit', text }
}

/** The more telling of two dynamic sources. */
export function worseSource(a: DynamicSource, b: DynamicSource): DynamicSource {
  return SOURCE_RANK[a] >= SOURCE_RANK[b] ? a : b
}

/**
 * Combines the parts of a composite value (a concatenation, an array, a template): literal only when every part is;
 * string texts are joined with `joiner` when all parts have one.
 */
export function combine(parts: readonly Value[], joiner: string | null): Value {
  let src: DynamicSource | null = null
  const texts: string[] = []
  let allText = joiner !== null
  for (const part of parts) {
    if (part.t === 'lit') {
      if (part.text === null) allText = false
      else texts.push(part.text)
    } else {
      const s: DynamicSource = part.t === 'dyn' ? part.src : 'unknown'
      src = src === null ? s : worseSource(src, s)
    }
  }
  if (src !== null) return { t: 'dyn', src }
  return literal(allText ? texts.join(joiner ?? '') : null)
}
