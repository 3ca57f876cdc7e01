/**
 * A journal damaged before its tail (a record that no longer decodes). The store still opens: every entry
 * before the damage is loaded and readable, `verify()` reports `BAD_ENCODING` at the first receipt that could
 * not be read, and every write is refused with a DamagedStoreError (errors.ts), because appending after an
 * unreadable record would chain new receipts onto a head that may not be the real one (receipts after the
 * damage were never read).
 */
import { JournalCorruptError } from '../errors.js'

export interface JournalDamage {
  /** Store location as the backend names it. */
  location: string
  /** 1-based record (line) number of the damaged record. */
  record: number
  /** Byte offset of the damaged line (file backend). */
  byteOffset?: number
  /** Seq of the last receipt read before the damage (0 if none). */
  afterSeq: number
  /** The backend's message. */
  message: string
}

/**
 * The damage a backend reported while reading, or null when `err` is anything else. Every backend reports a
 * record before the tail that does not decode with the one shared JournalCorruptError class.
 */
export function journalDamageOf(err: unknown): JournalDamage | null {
  if (!(err instanceof JournalCorruptError)) return null
  return {
    location: err.location,
    record: err.record,
    ...(err.byteOffset === undefined ? {} : { byteOffset: err.byteOffset }),
    afterSeq: err.afterSeq,
    message: err.message,
  }
}
