import type { JournalEntry } from './types.js'

/**
 * Shape checks for journal entries, shared by the file and IndexedDB backends. Both store entries verbatim;
 * these checks only make sure that what goes in, and what comes back out, is a JournalEntry at all. Whether
 * the bytes are *right* is the core's verification, never a backend's.
 */

const isString = (v: unknown): v is string => typeof v === 'string'
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0

/** Returns a fresh, exactly-shaped entry, or a sentence saying what is wrong with `raw`. */
export function toJournalEntry(raw: unknown): JournalEntry | string {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'not an object'
  const r = raw as Record<string, unknown>
  const keys = Object.keys(r)
  const exactly = (...want: string[]) => keys.length === want.length && want.every((k) => Object.prototype.hasOwnProperty.call(r, k))
  switch (r.t) {
    case 'meta':
      if (exactly('t', 'body') && isString(r.body)) return { t: 'meta', body: r.body }
      return 'a meta entry needs exactly { t, body: string }'
    case 'value':
      if (exactly('t', 'commit', 'body') && isString(r.commit) && isString(r.body)) return { t: 'value', commit: r.commit, body: r.body }
      return 'a value entry needs exactly { t, commit: string, body: string }'
    case 'receipt':
      if (exactly('t', 'seq', 'hash', 'body') && isCount(r.seq) && isString(r.hash) && isString(r.body))
        return { t: 'receipt', seq: r.seq, hash: r.hash, body: r.body }
      return 'a receipt entry needs exactly { t, seq: safe integer >= 0, hash: string, body: string }'
    case 'r':
      if (exactly('t', 'body') && isString(r.body)) return { t: 'r', body: r.body }
      if (exactly('t', 'body', 'mac') && isString(r.body) && isString(r.mac)) return { t: 'r', body: r.body, mac: r.mac }
      return 'a format-2 receipt entry needs exactly { t, body: string, mac?: string }'
    case 'checkpoint':
      if (exactly('t', 'size', 'note') && isCount(r.size) && isString(r.note)) return { t: 'checkpoint', size: r.size, note: r.note }
      return 'a checkpoint entry needs exactly { t, size: safe integer >= 0, note: string }'
    case 'applied':
      if (exactly('t', 'id', 'seq') && isString(r.id) && isCount(r.seq)) return { t: 'applied', id: r.id, seq: r.seq }
      return 'an applied entry needs exactly { t, id: string, seq: safe integer >= 0 }'
    default:
      return `unknown entry type ${JSON.stringify(r.t) ?? String(r.t)}`
  }
}

/**
 * A format-2 receipt line embeds its canonical body as raw JSON (`{"t":"r","b":<body>,"m":"<mac>"}`) instead
 * of as an escaped string: no quote is escaped twice, and reading it back is two slices, not a parse.
 */
const RAW_RECEIPT = '{"t":"r","b":'
const MAC_OPEN = ',"m":"'
const MAC_RE = /^[A-Za-z0-9_-]{43}$/
/** A value record line likewise embeds its record raw: `{"t":"v","c":"<commit>","b":<record>}`. */
const RAW_VALUE = '{"t":"v","c":"'
const RAW_VALUE_BODY = '","b":'
const COMMIT_RE = /^[A-Za-z0-9_-]{1,128}$/
/** The sealed record the core writes; recognised without a JSON parse on the write path. */
const SEALED_RE = /^\{"ct":"[A-Za-z0-9_-]*","iv":"[A-Za-z0-9_-]*","kid":"[A-Za-z0-9_-]{1,64}"\}$/

/**
 * One journal line without its newline. JSON.stringify escapes every control character and lone surrogate,
 * so the text never contains a raw newline and JSON.parse gives back the exact same strings. A format-2
 * receipt whose body is a JSON object on one line is embedded raw; any other body falls back to the string form.
 */
export function encodeLine(entry: JournalEntry): string {
  if (entry.t === 'r' && isRawEmbeddable(entry.body) && (entry.mac === undefined || MAC_RE.test(entry.mac)))
    return RAW_RECEIPT + entry.body + (entry.mac === undefined ? '}' : `${MAC_OPEN}${entry.mac}"}`)
  if (entry.t === 'value' && COMMIT_RE.test(entry.commit) && (SEALED_RE.test(entry.body) || isRawEmbeddable(entry.body)))
    return RAW_VALUE + entry.commit + RAW_VALUE_BODY + entry.body + '}'
  return JSON.stringify(entry)
}

function isRawEmbeddable(body: string): boolean {
  if (body.charCodeAt(0) !== 123 /* { */ || body.includes('\n') || body.includes('\r')) return false
  try {
    const v: unknown = JSON.parse(body)
    return typeof v === 'object' && v !== null && !Array.isArray(v)
  } catch {
    return false
  }
}

/** Decodes one journal line (without its newline): the entry, or a sentence saying what is wrong. */
export function decodeLine(text: string): JournalEntry | string {
  // The raw form is taken byte for byte, valid or not: whether the body is right is verification's job.
  if (text.startsWith(RAW_RECEIPT)) {
    // `…},"m":"<43 base64url>"}` with a MAC, `…}}` without one.
    const macAt = text.length - 2 - 43 - MAC_OPEN.length
    if (text.endsWith('"}') && text.startsWith(MAC_OPEN, macAt) && macAt > RAW_RECEIPT.length)
      return { t: 'r', body: text.slice(RAW_RECEIPT.length, macAt), mac: text.slice(macAt + MAC_OPEN.length, -2) }
    if (text.endsWith('}')) return { t: 'r', body: text.slice(RAW_RECEIPT.length, -1) }
  }
  if (text.startsWith(RAW_VALUE)) {
    const end = text.indexOf(RAW_VALUE_BODY, RAW_VALUE.length)
    if (end > RAW_VALUE.length && text.endsWith('}'))
      return { t: 'value', commit: text.slice(RAW_VALUE.length, end), body: text.slice(end + RAW_VALUE_BODY.length, -1) }
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (err) {
    return (err as Error).message
  }
  return toJournalEntry(parsed)
}
