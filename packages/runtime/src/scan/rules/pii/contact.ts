/**
 * Contact details: e-mail addresses, phone numbers (E.164 and common national formats) and Chinese mobile
 * numbers. All `low`: recorded and redacted, never a reason on their own to hold a memory back.
 */
import type { Chunk, Rule, RuleHit } from '../../types'
import { redact } from '../../redact'
import { hitAt } from '../secrets/hit'

const EMAIL =
  /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,8}(?:[A-Za-z]{2,24}|xn--[A-Za-z0-9-]{2,59})(?![A-Za-z0-9-])/g

/** A sticky copy of `EMAIL`, tried where an address can start. */
const EMAIL_AT = new RegExp(EMAIL.source, 'y')

/** Whether a UTF-16 unit is one of the local part's characters (`[A-Za-z0-9._%+-]`). */
function isLocalChar(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2e ||
    code === 0x5f ||
    code === 0x25 ||
    code === 0x2b ||
    code === 0x2d
  )
}

/**
 * Every match of `EMAIL` in `text`, as its `exec` loop finds them, tried only where one can start: an address starts
 * where the run of local-part characters before an `@` does (the look-behind allows no other start, and the local
 * part holds no `@`), so each `@` names one position. The expression tried at every position of a 2 KB e-mail with a
 * few addresses cost 2 % of its scan.
 */
export function emailMatches(text: string): RegExpExecArray[] {
  const matches: RegExpExecArray[] = []
  let next = 0
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    let start = at
    while (start > 0 && at - start <= 64 && isLocalChar(text.charCodeAt(start - 1))) start--
    if (start === at || start < next) continue
    EMAIL_AT.lastIndex = start
    const match = EMAIL_AT.exec(text)
    if (match === null) continue
    matches.push(match)
    next = start + match[0].length
  }
  return matches
}

/**
 * An address written to pass a harvester: "john.doe[AT]example[DOT]com", "jane (at) example (dot) org",
 * "ops@example[dot]com". The brackets are what make it one ("meet at the office" has none).
 */
const OBFUSCATED_EMAIL =
  /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}\s?(?:@|[[({<]\s?at\s?[\])}>])\s?(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\s?(?:\.|[[({<]\s?dot\s?[\])}>])\s?){1,8}[A-Za-z]{2,24}(?![A-Za-z0-9-])/gi
const OBFUSCATION_MARK = /[[({<]\s?(?:at|dot)\s?[\])}>]/i

/** E-mail addresses, and addresses written with [at] and [dot]. */
export const emailRule: Rule = {
  id: 'pii/email',
  family: 'pii',
  weight: 1,
  description: 'E-mail addresses, also written with [at] and [dot].',
  check(chunk) {
    const text = chunk.text
    const hits: RuleHit[] = []
    for (const m of emailMatches(text)) {
      // `user:pass@host` inside a URL is a credential (the secret family's), not an address.
      if (m.index > 0 && text[m.index - 1] === ':' && !text.slice(Math.max(0, m.index - 7), m.index).endsWith('mailto:')) {
        continue
      }
      const local = m[0].slice(0, m[0].indexOf('@'))
      if (local.startsWith('.') || local.endsWith('.')) continue
      hits.push(hitAt(chunk, m.index, m.index + m[0].length, 'low', `e-mail address ${redact(m[0], 'email')}`))
    }
    if (OBFUSCATION_MARK.test(text)) {
      OBFUSCATED_EMAIL.lastIndex = 0
      for (const m of text.matchAll(OBFUSCATED_EMAIL)) {
        if (
          !OBFUSCATION_MARK.test(m[0]) ||
          hits.some((h) => h.start < chunk.start + m.index + m[0].length && h.end > chunk.start + m.index)
        )
          continue
        const plain = m[0].replace(/\s?[[({<]\s?at\s?[\])}>]\s?/gi, '@').replace(/\s?[[({<]\s?dot\s?[\])}>]\s?/gi, '.')
        hits.push(
          hitAt(chunk, m.index, m.index + m[0].length, 'low', `e-mail address written to pass a harvester ${redact(plain, 'email')}`),
        )
      }
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
const PHONE_CANDIDATE = /(?<![\d+._/-])(?:\+|\()?\d[\d \-.()/]{5,24}\d(?:(?!\w)|(?=\s?(?:[xX]|[eE][xX][tT]\.?)\s?\d))/g

/**
 * Words that say the number after them is a phone number ("My phone number is 622 15 31 23", "Tel: 0176/12345678",
 * "服务电话：7629236"): with one of them just before it, a number in a national format the shapes below do not know
 * (7 to 15 digits, any grouping) is still read as one, as Presidio's recognizers raise a number's score by context.
 */
const PHONE_CONTEXT =
  /(?:\b(?:phone|telephone|tel|mobile|cell|cellphone|fax|whats ?app|call(?:\s+(?:me|us|him|her|them))?(?:\s+(?:at|on))?|reach\s+(?:me|us)\s+(?:at|on))\b|电话|手机|致电|拨打|热线|分机|联系方式)[^\n\d]{0,20}$/i

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
  // a slash separates a number's parts only where the context names it a phone number (isNamedPhone): 01/06/2025
  if (span.includes('/')) return false
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

/**
 * A date in a number's span (05/15/2024, 15.01.24, 2024-01-15): one separator twice, a two- or four-digit year, a
 * month and a day that can be one (12-34-56-78 is a French number, not a date).
 */
const DATE_IN_SPAN = /(?<!\d)(\d{1,2})([./-])(\d{1,2})\2(?:\d{4}|\d{2})(?!\d)|(?<!\d)\d{4}([./-])(\d{1,2})\4(\d{1,2})(?!\d)/g

function holdsDate(span: string): boolean {
  for (const m of span.matchAll(DATE_IN_SPAN)) {
    if (m[1] === undefined) {
      // year first: month, then day
      if (Number(m[5]) <= 12 && Number(m[6]) <= 31) return true
      continue
    }
    // day and month in either order (15.01.24, 05/15/2024)
    const a = Number(m[1])
    const b = Number(m[3])
    if (a <= 31 && b <= 31 && (a <= 12 || b <= 12)) return true
  }
  return false
}

/** An IPv4 address (or a part of one): "Try 192.168.0.1" after "mobile data" names no phone. */
const IPV4_START = /^\d{1,3}(?:\.\d{1,3}){3}(?!\d)/

/**
 * A number the context names a phone number: 7 to 15 digits, holding no date, no IPv4 address, no run of blanks (a
 * table's amounts: "24.95     10.00") and no parenthesis but a leading area code ("4400 (24/7" is a number and a note).
 */
function isNamedPhone(groups: Group[], candidate: string, end: number): boolean {
  const span = candidate.slice(0, end)
  const n = groups.reduce((sum, g) => sum + g.digits.length, 0)
  if (n < 7 || n > 15 || holdsDate(span) || IPV4_START.test(candidate) || /\s{2,}/.test(span)) return false
  return !/[()]/.test(span.replace(/^\(\s*\d{1,5}\s*\)/, ''))
}

function findPhones(chunk: Chunk, hits: RuleHit[]): void {
  const text = chunk.text
  PHONE_CANDIDATE.lastIndex = 0
  let m: RegExpExecArray | null
  while ((m = PHONE_CANDIDATE.exec(text)) !== null) {
    const candidate = m[0]
    const groups = splitGroups(candidate)
    // Longest prefix of whole groups that is a phone number: "+1 415 555 0132 2024" keeps the first four. A number
    // the context names is taken by its length only if no prefix has a phone number's shape (the context is read
    // only then: most digit runs in code and tables have neither).
    const shaped = longestPhone(groups, candidate, isPhone)
    const taken =
      shaped < 0 && PHONE_CONTEXT.test(text.slice(Math.max(0, m.index - 48), m.index))
        ? longestPhone(groups, candidate, isNamedPhone)
        : shaped
    if (taken < 0) continue
    let span = candidate.slice(0, groups[taken - 1].end)
    if (CN_MOBILE_SPAN.test(span)) continue
    // Glued to a word ("is415-555-0132"), only a separated number is still a number.
    if (taken === 1 && m.index > 0 && /[A-Za-z]/.test(text[m.index - 1])) continue
    // A trailing ")" belongs to the text, not the number.
    span = span.replace(/[ .-]+$/, '')
    hits.push(hitAt(chunk, m.index, m.index + span.length, 'low', `phone number ${redact(span, 'phone')}`))
  }
}

/** How many leading groups form the longest prefix of the candidate that `accepts` takes; -1 when none does. */
function longestPhone(groups: Group[], candidate: string, accepts: (groups: Group[], candidate: string, end: number) => boolean): number {
  for (let count = groups.length; count >= 1; count--) {
    const used = groups.slice(0, count)
    const end = used[count - 1].end
    const span = candidate.slice(0, end)
    if (span.startsWith('(') && !span.includes(')')) continue
    if (accepts(used, candidate, end)) return count
  }
  return -1
}

/** Phone numbers in international and national formats. */
export const phoneRule: Rule = {
  id: 'pii/phone',
  family: 'pii',
  weight: 1,
  description:
    'Phone numbers: E.164 (+<country>…) and national formats (US, UK, DE, FR, IN, JP, TR …); any 7 to 15 digits that a word just before names a phone number ("Tel:", "call us on", 电话).',
  check(chunk) {
    const hits: RuleHit[] = []
    findPhones(chunk, hits)
    return hits
  },
}
