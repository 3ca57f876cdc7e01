/**
 * Contact details: e-mail addresses, phone numbers (E.164 and common national formats) and Chinese mobile
 * numbers. All `low`: recorded and redacted, never a reason on their own to hold a memory back.
 */
import type { Chunk, Rule, RuleHit } from '../../types'
import { redact } from '../../redact'
import { hitAt } from '../secrets/hit'

const EMAIL =
  /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,8}(?:[A-Za-z]{2,24}|xn--[A-Za-z0-9-]{2,59})(?![A-Za-z0-9-])/g

/** E-mail addresses. */
export const emailRule: Rule = {
  id: 'pii/email',
  family: 'pii',
  weight: 1,
  description: 'E-mail addresses.',
  check(chunk) {
    const text = chunk.text
    const hits: RuleHit[] = []
    // Cheap guard: the local-part class would otherwise be tried at every word character.
    EMAIL.lastIndex = text.includes('@') ? 0 : text.length
    let m: RegExpExecArray | null
    while ((m = EMAIL.exec(text)) !== null) {
      // `user:pass@host` inside a URL is a credential (the secret family's), not an address.
      if (m.index > 0 && text[m.index - 1] === ':' && !text.slice(Math.max(0, m.index - 7), m.index).endsWith('mailto:')) {
        continue
      }
      const local = m[0].slice(0, m[0].indexOf('@'))
      if (local.startsWith('.') || local.endsWith('.')) continue
      hits.push(hitAt(chunk, m.index, m.index + m[0].length, 'low', `e-mail address ${redact(m[0], 'email')}`))
    }
    return hits
  },
}

/** Chinese mobile: optional +86 / 0086, then 1[3-9]x and 8 digits, grouped 3-4-4 or not at all. */
const CN_MOBILE = /(?<![\d+])(?:(?:\+|00)86[ -]?)?1[3-9]\d(?:([ -]?)\d{4}\1\d{4})(?!\d)/g

/** Chinese mobile numbers. */
export const cnMobileRule: Rule = {
  id: 'pii/cn-mobile',
  family: 'pii',
  weight: 1,
  description: 'Chinese mobile numbers (1[3-9]x xxxx xxxx, with +86 / 0086).',
  check(chunk) {
    const text = chunk.text
    const hits: RuleHit[] = []
    CN_MOBILE.lastIndex = 0
    let m: RegExpExecArray | null
    while ((m = CN_MOBILE.exec(text)) !== null) {
      if (m.index > 0 && /[A-Za-z]/.test(text[m.index - 1])) continue
      hits.push(hitAt(chunk, m.index, m.index + m[0].length, 'low', `Chinese mobile number ${redact(m[0], 'phone')}`))
    }
    return hits
  },
}

/**
 * Phone candidates: an optional `+`, `00` or `(`, then digits with spaces, dashes, dots and parentheses. The
 * class is one bounded run (no nested quantifiers); which prefix of it is a phone number is decided in code.
 */
const PHONE_CANDIDATE = /(?<![\d+._-])(?:\+|\()?\d[\d \-.()]{5,24}\d(?:(?!\w)|(?=\s?(?:x|ext\.?)\s?\d))/g

interface Group {
  digits: string
  /** Offset of the group's end in the candidate. */
  end: number
}

function splitGroups(candidate: string): Group[] {
  const groups: Group[] = []
  const re = /\d+/g
  let m: RegExpExecArray | null
  while ((m = re.exec(candidate)) !== null) groups.push({ digits: m[0], end: m.index + m[0].length })
  return groups
}

/** The whole span as the CN mobile rule matches it (that rule reports it, with its own grouping rules). */
const CN_MOBILE_SPAN = /^(?:(?:\+|00)86[ -]?)?1[3-9]\d(?:([ -]?)\d{4}\1\d{4})$/

/** Whether the groups (separated in the text) form a phone number; `plus` is a leading + or 00. */
function isPhone(groups: Group[], candidate: string, end: number): boolean {
  const span = candidate.slice(0, end)
  const digits = groups.map((g) => g.digits).join('')
  const n = digits.length
  const separated = groups.length > 1
  if (span.startsWith('+')) return n >= 8 && n <= 15 && digits[0] !== '0'
  if (digits.startsWith('00') && separated) return n >= 10 && n <= 15 && digits[2] !== '0'
  if (span.includes('.') && !/^(?:1\.)?\d{3}\.\d{3}\.\d{4}$/.test(span)) return false
  // (area) number: US (415) 555-0132, PH 0 (917) 123 4567, TR (532) 123 45 67.
  if (/\(\d{2,5}\)/.test(span)) return n >= 9 && n <= 12
  if (!separated) {
    // Bare runs: a trunk-prefixed national number (0…, 10-11 digits) or a 10-digit one not starting 0/1
    // (Unix timestamps start with 1, so they stay out).
    if (n === 10 || n === 11) return digits[0] === '0' ? digits[1] !== '0' : n === 10 && digits[0] !== '1'
    return false
  }
  const sizes = groups.map((g) => g.digits.length).join('-')
  // National formats with a trunk 0 (UK, DE, FR, IN, JP, TR, PH …): 9-12 digits, any grouping.
  if (digits[0] === '0') return n >= 9 && n <= 12 && digits[1] !== '0'
  // North American 3-3-4, optionally after a leading 1 (one separator throughout, so 2024-01-15 stays out).
  if (sizes === '3-3-4' || sizes === '1-3-3-4') return new Set(span.replace(/[\d()]/g, '')).size === 1
  // 10-digit numbers grouped 3-3-2-2 (TR, IT mobiles) or 5-5 (IN mobiles).
  if (n === 10 && (sizes === '3-3-2-2' || (sizes === '5-5' && /^[6-9]/.test(digits)))) return true
  return false
}

function findPhones(chunk: Chunk, hits: RuleHit[]): void {
  const text = chunk.text
  PHONE_CANDIDATE.lastIndex = 0
  let m: RegExpExecArray | null
  while ((m = PHONE_CANDIDATE.exec(text)) !== null) {
    const candidate = m[0]
    const groups = splitGroups(candidate)
    // Longest prefix of whole groups that is a phone number: "+1 415 555 0132 2024" keeps the first four.
    for (let count = groups.length; count >= 1; count--) {
      const used = groups.slice(0, count)
      const end = used[count - 1].end
      let span = candidate.slice(0, end)
      if (span.startsWith('(') && !span.includes(')')) continue
      if (!isPhone(used, candidate, end)) continue
      if (CN_MOBILE_SPAN.test(span)) break
      // Glued to a word ("is415-555-0132"), only a separated number is still a number.
      if (count === 1 && m.index > 0 && /[A-Za-z]/.test(text[m.index - 1])) break
      // A trailing ")" belongs to the text, not the number.
      span = span.replace(/[ .-]+$/, '')
      hits.push(hitAt(chunk, m.index, m.index + span.length, 'low', `phone number ${redact(span, 'phone')}`))
      break
    }
  }
}

/** Phone numbers in international and national formats. */
export const phoneRule: Rule = {
  id: 'pii/phone',
  family: 'pii',
  weight: 1,
  description: 'Phone numbers: E.164 (+<country>…) and national formats (US, UK, DE, FR, IN, JP, TR …).',
  check(chunk) {
    const hits: RuleHit[] = []
    findPhones(chunk, hits)
    return hits
  },
}
