/**
 * A journal damaged before its tail (a record that no longer decodes). The store still opens: every entry
 * before the damage is loaded and readable, `verify()` reports `BAD_ENCODING` at the first receipt that could
 * not be read, and every write is refused, because appending after an unreadable record would chain new
 * receipts onto a head that may not be the real one (receipts after the damage were never read).
 */
import { StorageError } from '../errors.js'

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
 * Recognises the backend's "record before the tail does not decode" error (`JournalCorruptError` of the file
 * and IndexedDB backends, or any backend error with the same shape) without importing backend code.
 */
export function journalDamageOf(err: unknown, fallbackLocation: string): JournalDamage | null {
  const e = err as { storageCode?: unknown; afterSeq?: unknown; record?: unknown; byteOffset?: unknown; location?: unknown; message?: unknown } | null
  if (!e || typeof e !== 'object' || e.storageCode !== 'BAD_ENCODING' || typeof e.afterSeq !== 'number' || !Number.isSafeInteger(e.afterSeq) || e.afterSeq < 0) return null
  return {
    location: typeof e.location === 'string' ? e.location : fallbackLocation,
    record: typeof e.record === 'number' ? e.record : 0,
    ...(typeof e.byteOffset === 'number' ? { byteOffset: e.byteOffset } : {}),
    afterSeq: e.afterSeq,
    message: typeof e.message === 'string' ? e.message : String(err),
  }
}

/** A write refused because the store's journal is damaged (code `STORAGE`, rule `storage.damaged`). */
export class DamagedStoreError extends StorageError {
  readonly location: string
  readonly record: number
  readonly afterSeq: number
  constructor(
    readonly operation: string,
    damage: JournalDamage,
  ) {
    super(
      `${operation} refused: the store at ${damage.location} is damaged at journal record ${damage.record}` +
        `${damage.byteOffset === undefined ? '' : ` (byte ${damage.byteOffset})`}, after receipt seq ${damage.afterSeq}; ` +
        `it is open for reading only (receipts 1..${damage.afterSeq} are readable and verifiable). Restore the journal from a copy to write again.`,
    )
    Object.defineProperty(this, 'rule', { value: 'storage.damaged' })
    this.location = damage.location
    this.record = damage.record
    this.afterSeq = damage.afterSeq
  }
}
