import type { JournalEntry } from '../types.js'

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
  const exactly = (...want: string[]) =>
    keys.length === want.length && want.every((k) => Object.prototype.hasOwnProperty.call(r, k))
  switch (r.t) {
    case 'meta':
      if (exactly('t', 'body') && isString(r.body)) return { t: 'meta', body: r.body }
      return 'a meta entry needs exactly { t, body: string }'
    case 'value':
      if (exactly('t', 'commit', 'body') && isString(r.commit) && isString(r.body))
        return { t: 'value', commit: r.commit, body: r.body }
      return 'a value entry needs exactly { t, commit: string, body: string }'
    case 'receipt':
      if (exactly('t', 'seq', 'hash', 'body') && isCount(r.seq) && isString(r.hash) && isString(r.body))
        return { t: 'receipt', seq: r.seq, hash: r.hash, body: r.body }
      return 'a receipt entry needs exactly { t, seq: safe integer >= 0, hash: string, body: string }'
    case 'checkpoint':
      if (exactly('t', 'size', 'note') && isCount(r.size) && isString(r.note))
        return { t: 'checkpoint', size: r.size, note: r.note }
      return 'a checkpoint entry needs exactly { t, size: safe integer >= 0, note: string }'
    default:
      return `unknown entry type ${JSON.stringify(r.t) ?? String(r.t)}`
  }
}

/**
 * One journal line without its newline. JSON.stringify escapes every control character and lone surrogate,
 * so the text never contains a raw newline and JSON.parse gives back the exact same strings.
 */
export function encodeLine(entry: JournalEntry): string {
  return JSON.stringify(entry)
}
