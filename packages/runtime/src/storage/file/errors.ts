import { StorageError } from '../../errors.js'
import type { JournalHead } from '../types.js'

/**
 * Typed failures of the durable backends (file and IndexedDB). They are CustomsErrors with code `STORAGE`
 * (subclasses of the core's StorageError); `storageCode` says which failure it is. How the core treats
 * them: `LOCKED` and `UNSUPPORTED` make `createCustoms` reject; `BAD_ENCODING` (thrown by `read()`) becomes
 * a verification failure with that code at `afterSeq + 1`; `IO` rejects the write (and `flush`) that needed it.
 */
export type StorageErrorCode =
  /** Another writer holds the store (lock file or Web Lock). */
  | 'LOCKED'
  /** A stored record before the tail is not a valid journal entry (damage or tampering, never repaired). */
  | 'BAD_ENCODING'
  /** The caller handed `append` something that is not a JournalEntry. Nothing of the batch was written. */
  | 'BAD_ENTRY'
  /** The operating system or browser refused a read or write (ENOSPC, EIO, EFBIG, QuotaExceededError...). */
  | 'IO'
  /** The backend was opened without the writer lock and refuses to modify the store. */
  | 'READ_ONLY'
  /** Used before `open()` or after `close()`. */
  | 'CLOSED'
  /** The platform lacks something the backend needs (Node < 20.16, no IndexedDB). */
  | 'UNSUPPORTED'
  /** A conditional append (`expectedHead`) found another head: another writer appended first. Nothing written. */
  | 'HEAD_MOVED'

export class StorageBackendError extends StorageError {
  constructor(
    readonly storageCode: StorageErrorCode,
    /** The store the error is about (`/path/to/dir`, `indexeddb:name`). */
    readonly location: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${message} [${storageCode}, ${location}]`, options?.cause)
  }
}

/** A conditional append was refused: the journal's head is not the one the writer built on. */
export class HeadMovedError extends StorageBackendError {
  constructor(
    location: string,
    readonly expected: JournalHead,
    readonly actual: JournalHead,
  ) {
    super(
      'HEAD_MOVED',
      location,
      `conditional append refused: expected head #${expected.seq} ${expected.hash.slice(0, 12)}, but the journal's head is #${actual.seq} ${actual.hash.slice(0, 12)} (another writer appended first); nothing was written`,
    )
  }
}

/**
 * A record before the journal's tail that cannot be decoded. `read()` throws it after yielding every entry
 * before the damaged one, so the core knows exactly where the valid prefix ends (`afterSeq`).
 */
export class JournalCorruptError extends StorageBackendError {
  constructor(
    location: string,
    /** 1-based line number (file) or record number (IndexedDB) of the damaged record. */
    readonly record: number,
    /** Byte offset of the damaged line in the journal file; undefined for IndexedDB. */
    readonly byteOffset: number | undefined,
    /** The seq of the last receipt read before the damage (0 if none). */
    readonly afterSeq: number,
    why: string,
  ) {
    super(
      'BAD_ENCODING',
      location,
      `journal record ${record}${byteOffset === undefined ? '' : ` (byte ${byteOffset})`} is not a valid journal entry: ${why}; every entry before it was read (last receipt seq ${afterSeq})`,
    )
  }
}
