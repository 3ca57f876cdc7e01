/**
 * Shannon entropy and the per-charset thresholds the context rule uses to tell a random key from a word.
 *
 * A random hex string tops out at 4 bits a character, a base64 one at 6, and a short string cannot reach either
 * (n characters carry at most log2(n) bits each), so the threshold is the lower of a charset constant and a share
 * of log2(length).
 */

/** Shannon entropy of `value` in bits per character (0 for an empty string). */
export function shannonEntropy(value: string): number {
  const n = value.length
  if (n === 0) return 0
  const counts = new Map<string, number>()
  for (let i = 0; i < n; i++) {
    const c = value[i]
    counts.set(c, (counts.get(c) ?? 0) + 1)
  }
  let bits = 0
  for (const count of counts.values()) {
    const p = count / n
    bits -= p * Math.log2(p)
  }
  return bits
}

/** Which alphabet a candidate value is written in; it sets how much entropy a random value of it has. */
export type Charset = 'hex' | 'base64' | 'other'

const HEX = /^[0-9a-fA-F]+$/
const BASE64 = /^[A-Za-z0-9+/_=-]+$/

/** The alphabet of `value`, ignoring dashes so that UUID-like values count as hex. */
export function charsetOf(value: string): Charset {
  const compact = value.replace(/-/g, '')
  if (compact.length > 0 && HEX.test(compact)) return 'hex'
  if (BASE64.test(value)) return 'base64'
  return 'other'
}

/**
 * The entropy (bits per character) a value must reach to count as random: hex 3.0 and 3.5 for other alphabets
 * on long values (detect-secrets uses 3.0 and 4.5 on whole files; candidates here already sit next to a context
 * word, so they need less), scaled down for short values whose maximum is log2(length).
 */
export function entropyThreshold(value: string): number {
  const cap = 0.78 * Math.log2(Math.max(2, value.length))
  switch (charsetOf(value)) {
    case 'hex':
      return Math.min(3.0, cap)
    default:
      return Math.min(3.5, cap)
  }
}

/** True when `value` looks random enough for its alphabet and length. */
export function isHighEntropy(value: string): boolean {
  return shannonEntropy(value) >= entropyThreshold(value)
}

/** How many of lower case, upper case, digits and other characters `value` uses (0-4). */
export function characterClasses(value: string): number {
  let n = 0
  if (/[a-z]/.test(value)) n++
  if (/[A-Z]/.test(value)) n++
  if (/\d/.test(value)) n++
  if (/[^A-Za-z0-9]/.test(value)) n++
  return n
}
