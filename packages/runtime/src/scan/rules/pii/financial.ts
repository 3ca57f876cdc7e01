/**
 * Payment cards (Luhn-valid, in a known IIN range and length) and IBANs (registered country length, mod-97).
 * Both `medium` and sensitive: a human decides whether the memory may keep them; never a reject on their own.
 */
import type { Rule, RuleHit } from '../../types'
import { redact } from '../../redact'
import { hitAt } from '../secrets/hit'
import { cardBrand, cnIdVerdict, ibanChecksumValid, ibanLength, luhnValid } from './checksums'

/** 12-19 digits: one run, or groups of 4 with one separator, or the 4-6-5 / 4-6-4 Amex / Diners layout. */
const CARD = /(?<![\d.,-])(?:\d{12,19}|\d{4}([ -])\d{4}\1\d{4}\1\d{2,4}(?:\1\d{1,3})?|\d{4}([ -])\d{6}\2\d{4,5})(?![\d])/g

/** Payment card numbers. */
export const cardRule: Rule = {
  id: 'pii/payment-card',
  family: 'pii',
  weight: 1,
  description: 'Payment card numbers with a valid Luhn check digit and a known IIN range and length.',
  check(chunk) {
    const text = chunk.text
    const hits: RuleHit[] = []
    CARD.lastIndex = 0
    let m: RegExpExecArray | null
    while ((m = CARD.exec(text)) !== null) {
      const digits = m[0].replace(/[ -]/g, '')
      if (!luhnValid(digits)) continue
      const brand = cardBrand(digits)
      // An 18-digit run that is a Chinese resident ID belongs to that rule.
      if (!brand || (digits.length === 18 && cnIdVerdict(digits) !== 'invalid')) continue
      hits.push(hitAt(chunk, m.index, m.index + m[0].length, 'medium', `${brand} card number ${redact(m[0], 'card')}`, true))
    }
    return hits
  },
}

const IBAN_CANDIDATE = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]){10,32}/g

/**
 * Cuts a candidate to its country's registered length (spaces allowed between characters) and returns the
 * matched text, or null when it is too short or runs on into a longer word.
 */
function cutToLength(candidate: string, length: number): string | null {
  let count = 0
  let i = 0
  for (; i < candidate.length && count < length; i++) if (candidate[i] !== ' ' && candidate[i] !== '-') count++
  if (count < length) return null
  const next = candidate[i]
  if (next !== undefined && next !== ' ' && next !== '-') return null
  return candidate.slice(0, i)
}

/** IBANs. */
export const ibanRule: Rule = {
  id: 'pii/iban',
  family: 'pii',
  weight: 1,
  description: 'IBANs with the registered length of their country and a valid mod-97 check.',
  check(chunk) {
    const text = chunk.text
    const hits: RuleHit[] = []
    IBAN_CANDIDATE.lastIndex = 0
    let m: RegExpExecArray | null
    while ((m = IBAN_CANDIDATE.exec(text)) !== null) {
      const length = ibanLength(m[0].slice(0, 2))
      if (length === undefined) continue
      const iban = cutToLength(m[0], length)
      if (iban === null) continue
      const end = m.index + iban.length
      if (end < text.length && /[A-Za-z0-9]/.test(text[end])) continue
      if (!ibanChecksumValid(iban.replace(/[ -]/g, ''))) continue
      hits.push(hitAt(chunk, m.index, end, 'medium', `IBAN ${redact(iban, 'iban')}`, true))
      IBAN_CANDIDATE.lastIndex = end
    }
    return hits
  },
}
