/**
 * Redaction of sensitive evidence: what a finding may say about a secret or a piece of PII without repeating it.
 *
 * Evidence ends up in receipts, reports and the CLI, so it keeps only a shape hint (a provider prefix, a length,
 * the last digits of a card, an e-mail's domain) that lets a reviewer recognise the kind of value, never enough
 * of it to use it. Every function here is pure and never throws.
 */

/** What kind of value is redacted; each kind keeps a different, safe hint. */
export type RedactKind = 'secret' | 'email' | 'phone' | 'card' | 'iban' | 'ssn' | 'ip' | 'cn-id' | 'generic'

const ELLIPSIS = '\u2026'

/** Longest prefix a secret keeps: enough for `github_pat_` or `sk-ant-api03-`, never a useful part of the key. */
const MAX_SECRET_PREFIX = 14

/**
 * The non-secret prefix of a token: the leading run up to and including the last separator (`_`, `-`, `.`) of
 * the first few characters (`ghp_`, `xoxb-`, `sk-proj-`), or the 4 leading characters of a separator-free id
 * such as `AKIA…`. Short values keep nothing: their first characters would be a large share of the secret.
 */
function secretPrefix(value: string): string {
  if (value.length < 16) return ''
  let end = 0
  const limit = Math.min(MAX_SECRET_PREFIX, value.length - 12)
  for (let i = 0; i < limit; i++) {
    const c = value[i]
    if (c === '_' || c === '-' || c === '.') end = i + 1
  }
  if (end > 0) return value.slice(0, end)
  return value.slice(0, 4)
}

function maskDigits(value: string, keepLast: number): string {
  let digitsSeen = 0
  let total = 0
  for (const c of value) if (c >= '0' && c <= '9') total++
  let out = ''
  for (const c of value) {
    if (c >= '0' && c <= '9') {
      digitsSeen++
      out += digitsSeen > total - keepLast ? c : '*'
    } else out += c
  }
  return out
}

function redactEmail(value: string): string {
  const at = value.lastIndexOf('@')
  if (at <= 0) return `${ELLIPSIS}(${value.length} chars)`
  return `${value[0]}***@${value.slice(at + 1)}`
}

function redactIban(value: string): string {
  const compact = value.replace(/\s+/g, '')
  if (compact.length < 8) return `${ELLIPSIS}(${compact.length} chars)`
  return `${compact.slice(0, 2)}** ${'*'.repeat(4)} ${ELLIPSIS} ${compact.slice(-4)} (${compact.length} chars)`
}

function redactIp(value: string): string {
  if (value.includes(':')) {
    const first = value.split(':')[0]
    return first ? `${first}:${ELLIPSIS} (IPv6)` : `::${ELLIPSIS} (IPv6)`
  }
  const first = value.split('.')[0]
  return `${first}.x.x.x`
}

/**
 * Redacts one sensitive value for use as evidence.
 *
 * - `secret`: provider prefix and length, e.g. `AKIA…(20 chars)`, `ghp_…(40 chars)`.
 * - `email`: first letter of the local part and the domain, e.g. `j***@example.com`.
 * - `phone`: separators kept, every digit but the last two masked.
 * - `card`: every digit but the last four masked. `iban`: country and last four.
 * - `ssn`, `cn-id`: every digit masked (a CN ID keeps its 2-digit province code).
 * - `ip`: the first octet (IPv4) or group (IPv6).
 * - `generic`: the length only.
 */
export function redact(value: string, kind: RedactKind): string {
  const text = typeof value === 'string' ? value : String(value)
  switch (kind) {
    case 'secret':
      return `${secretPrefix(text)}${ELLIPSIS}(${text.length} chars)`
    case 'email':
      return redactEmail(text)
    case 'phone':
      return maskDigits(text, 2)
    case 'card':
      return maskDigits(text, 4)
    case 'iban':
      return redactIban(text)
    case 'ssn':
      return maskDigits(text, 0)
    case 'cn-id':
      return text.length > 2 ? text.slice(0, 2) + '*'.repeat(text.length - 2) : '*'.repeat(text.length)
    case 'ip':
      return redactIp(text)
    default:
      return `${ELLIPSIS}(${text.length} chars)`
  }
}

/** A span of text to blank out, e.g. a finding of family `secret` or `pii`. */
export interface RedactionSpan {
  start: number
  end: number
  /** Shown in place of the span, e.g. `secret/provider-token`; `REDACTED` when absent. */
  label?: string
}

/**
 * Replaces the given spans of `text` with `[label]` markers, for storing or showing a candidate without the
 * values its findings point at. Overlapping spans are merged; spans outside the text are clipped.
 */
export function redactSpans(text: string, spans: readonly RedactionSpan[]): string {
  const clipped = spans
    .map((s) => ({
      start: Math.max(0, Math.min(text.length, s.start)),
      end: Math.max(0, Math.min(text.length, s.end)),
      label: s.label ?? 'REDACTED',
    }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start || b.end - a.end)
  let out = ''
  let cursor = 0
  for (const span of clipped) {
    if (span.end <= cursor) continue
    const from = Math.max(cursor, span.start)
    out += text.slice(cursor, from)
    if (from === span.start) out += `[${span.label}]`
    cursor = span.end
  }
  return out + text.slice(cursor)
}
