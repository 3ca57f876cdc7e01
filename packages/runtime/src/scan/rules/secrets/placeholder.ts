/**
 * Documentation placeholders: values shaped like a secret that are not one (`AKIAIOSFODNN7EXAMPLE`, `xxxx`,
 * `<your-token>`, `${TOKEN}`, `****`, `changeme`). A match with a placeholder value is reported at `low` or not
 * at all, so docs, READMEs and config templates stay approvable.
 */

/** Marker words and runs that only appear in made-up values. */
const MARKERS =
  /example|sample|dummy|placeholder|fake|your[_-]?(?:api|token|key|secret|pass)|insert|replace|changeme|pass(?:word|wd)|redacted|xxxx|\*\*\*|\.\.\.|\u2026/i

/** Values that are a reference to a secret kept elsewhere, not the secret itself. */
const REFERENCE = /^\$\{|^\$[A-Za-z_]|\{\{|%s|%\(|^<.*>$|^\[.*\]$|^\{.*\}$|process\.env|os\.environ|getenv|env\(/

/** Whole values that are words, not secrets. */
const WORDS = new Set([
  'password',
  'passwd',
  'pass',
  'pwd',
  'secret',
  'token',
  'apikey',
  'api_key',
  'key',
  'changeme',
  'admin',
  'root',
  'user',
  'username',
  'null',
  'none',
  'undefined',
  'true',
  'false',
  'empty',
  'todo',
  'tbd',
  'test',
  'default',
  'required',
  'optional',
  'string',
  'value',
])

/** True when most of `value` is one character (`AAAA…`, `0000…`, `xxxx…`) or it uses at most 3 distinct ones. */
function isLowVariety(value: string): boolean {
  if (value.length < 4) return false
  const counts = new Map<string, number>()
  let top = 0
  for (const c of value) {
    const n = (counts.get(c) ?? 0) + 1
    counts.set(c, n)
    if (n > top) top = n
  }
  if (value.length < 8) return counts.size <= 2
  return top / value.length >= 0.5 || counts.size <= 3
}

/** True for one ascending run such as `abcdefgh`, `123456789` or `0123456789abcdef`. */
function isSequence(value: string): boolean {
  if (value.length < 6) return false
  for (let i = 1; i < value.length; i++) {
    const step = value.charCodeAt(i) - value.charCodeAt(i - 1)
    // '9' -> 'a' keeps a hex run going.
    if (step !== 1 && !(value[i - 1] === '9' && (value[i] === 'a' || value[i] === 'A'))) return false
  }
  return true
}

/**
 * True when `value` is a documentation placeholder or a reference rather than a real secret: marker words,
 * templates (`${X}`, `{{x}}`, `<x>`, `%s`), a few known words, one repeated character, a plain sequence.
 */
export function isPlaceholder(value: string): boolean {
  if (value.length < 4) return true
  if (MARKERS.test(value) || REFERENCE.test(value)) return true
  if (WORDS.has(value.toLowerCase())) return true
  if (isSequence(value)) return true
  // Judge the longest separator-delimited part: numeric ids around a random part (xoxa-5111…-e039d0…) are real,
  // filler in every part (AAAA-BBBB) is not.
  const parts = value.split(/[-_.]/)
  const longest = parts.reduce((a, b) => (b.length > a.length ? b : a), '')
  return isLowVariety(parts.length > 1 && longest.length >= 8 ? longest : value)
}
