import type { Chunk, Rule, RuleHit } from '../../src/scan/types'

/** A hit with the id of the rule that made it. */
export type Found = RuleHit & { rule: string }

/** Runs `rules` over `text` as one prose chunk (optionally placed at `offset` in a longer text). */
export function runRules(rules: readonly Rule[], text: string, offset = 0): Found[] {
  const full = ' '.repeat(offset) + text
  const chunk: Chunk = { kind: 'prose', start: offset, end: full.length, text }
  const out: Found[] = []
  for (const rule of rules) for (const hit of rule.check(chunk, { text: full, chunks: [chunk] })) out.push({ ...hit, rule: rule.id })
  return out
}

/** The strongest severity among `hits` (`none` when empty). */
export function strongest(hits: readonly RuleHit[]): string {
  const order = ['low', 'medium', 'high', 'critical']
  let best = -1
  for (const h of hits) best = Math.max(best, order.indexOf(h.severity))
  return best < 0 ? 'none' : order[best]
}

/**
 * Deterministic random text from an alphabet (a linear congruential generator), so that secret-shaped test
 * values are built at run time: no real or real-looking key is committed to the repository.
 */
export function randomText(alphabet: string, length: number, seed: number): string {
  let state = seed >>> 0 || 1
  let out = ''
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0
    out += alphabet[(state >>> 8) % alphabet.length]
  }
  return out
}

export const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
export const UPPER_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
export const HEX = '0123456789abcdef'
export const B64URL = `${ALNUM}-_`
export const B64 = `${ALNUM}+/`

/** base64url of a UTF-8 string, without padding. */
export function base64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url')
}
