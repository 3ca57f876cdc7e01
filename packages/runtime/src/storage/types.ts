/**
 * The durability contract between the Customs core and a storage backend.
 *
 * The journal is the source of truth: an append-only sequence of entries. The core keeps its query index
 * (sql.js) in memory and rebuilds it from the journal on every open; a backend stores the journal only, never
 * an index or any other derived state. Verification never lives in a backend: the core verifies whatever the
 * backend hands back, so a backend only has to store and return bytes faithfully.
 *
 * Failures are reported with the shared error classes of `errors.ts` (StorageBackendError and its
 * subclasses); the core tells them apart by class, never by the shape of an error. In particular a record
 * before the tail that does not decode must be a JournalCorruptError, or the store will not open.
 *
 * Implemented by the in-memory backend, the Node file backend (`{ file: dir }`), the browser IndexedDB
 * backend (`{ indexedDB: name }`), and later a PostgreSQL backend.
 */

/** One durable record. `body` strings are stored and returned byte for byte (no re-serialisation). */
export type JournalEntry =
  /** Store metadata, written once when the store is created (format version, origin, generated keys). */
  | { t: 'meta'; body: string }
  /** A value record referenced by receipts through its commitment (possibly encrypted; JSON text). */
  | { t: 'value'; commit: string; body: string }
  /** A format-1 receipt: `body` is the exact RFC 8785 text that was hashed, `hash` its lowercase hex leaf hash. */
  | { t: 'receipt'; seq: number; hash: string; body: string }
  /**
   * A format-2 receipt: the canonical body (it holds its seq) and the MAC that authenticates it. The hash is
   * not stored: it is derived from the previous hash and the body (see format/v2.ts). `mac` is absent only
   * on receipts nobody with the auth key wrote (an unauthenticated tail).
   */
  | { t: 'r'; body: string; mac?: string }
  /** A signed checkpoint note covering receipts 1..size. */
  | { t: 'checkpoint'; size: number; note: string }
  /**
   * A write forwarded by another tab (`id`) was applied as receipt `seq`. Appended in the same batch as that
   * receipt, so after a handover the new leader knows the write is in the journal and does not apply it again.
   * Not part of the hash chain (the core skips it on replay).
   */
  | { t: 'applied'; id: string; seq: number }

/** The last receipt of a journal (`{ seq: 0, hash: 64 zeros }` when it holds none). */
export interface JournalHead {
  seq: number
  hash: string
}

export interface AppendOptions {
  /**
   * Conditional append: the head the writer built these entries on. If the journal's last receipt is not this
   * one (another writer appended meanwhile), nothing is written and `append` rejects with a
   * `HeadMovedError` (errors.ts, storageCode `HEAD_MOVED`). The check and the write are one atomic step.
   */
  expectedHead?: JournalHead
}

export interface OpenReport {
  /** Bytes (file) or entries (IndexedDB) dropped because the last append was torn by a crash. */
  truncatedTail?: { bytes?: number; entries?: number; reason: string }
}

export interface StorageBackend {
  /** `memory`, `file`, `indexeddb`, `postgres`, ... */
  readonly kind: string
  /** What "durable" means once `append` resolved. */
  readonly durability: 'none' | 'fsync' | 'idb-strict' | 'db-commit'
  /** Human-readable location for messages (`/path/to/dir`, `indexeddb:name`, `memory`). */
  readonly location: string
  /**
   * Optional hint: how many milliseconds the core may wait to gather concurrent writers into one `append`
   * (group commit). Absent: the core appends as soon as the current append has resolved. The backend itself
   * still writes every append it is handed immediately.
   */
  readonly groupCommitMs?: number
  /**
   * Optional: true while the backend was opened without the writer lock and `append` would reject with
   * READ_ONLY (`{ lock: false }` of the file and IndexedDB backends). The core then writes nothing on its
   * own initiative (no MIGRATE receipt for a first-release store). Absent means false.
   */
  readonly readOnly?: boolean
  /**
   * Optional: true when other writers may append to the same journal (a follower-capable IndexedDB store
   * shared by tabs; later PostgreSQL). The core then makes every append conditional on the head it built the
   * batch on (`expectedHead`), so a writer that is no longer the only one is refused instead of forking the
   * chain. Absent means false: a single-writer store appends unconditionally (no head tracking cost).
   */
  readonly shared?: boolean
  /**
   * Optional: true when the core may leave the receipts index (sql.js) unfilled until a read needs it (a query,
   * `history`, `at`, a rollback), instead of inserting rows as entries are appended and replayed. For a journal
   * many processes write (PostgreSQL): each process replays every receipt, and one that mostly writes would pay
   * for rows nobody queries. Absent means false.
   */
  readonly deferIndex?: boolean
  /**
   * Optional: where the core keeps an open snapshot beside the journal (core/open-snapshot.ts), so that
   * reopening resumes from it instead of replaying every entry. Absent: every open replays the whole journal.
   * The backend stores the snapshot's bytes and hashes journal bytes; it never judges a snapshot (the core
   * authenticates it and compares the digests).
   */
  readonly openSnapshots?: OpenSnapshotStorage
  /**
   * Opens the store, creating it if needed, and takes the single-writer lock (a lock file in Node, a Web
   * Lock in browsers). Drops a torn tail (an incomplete or unparseable last record) and reports it. Any
   * damage before the tail is not repaired here: entries are returned as they are and the core's
   * verification reports it (a record that does not decode at all: `read()` throws JournalCorruptError).
   */
  open(): Promise<OpenReport>
  /** Every entry in append order. */
  read(): AsyncIterable<JournalEntry>
  /** Optional: the same entries, a batch at a time (verification walks each batch synchronously). */
  readBatches?(): AsyncIterable<JournalEntry[]>
  /**
   * Appends entries in order; resolves only when they are durable (`fdatasync` / strict IDB commit).
   * The core never has two appends in flight at once, and batches concurrent writers (group commit).
   * On failure nothing of the batch may count as acknowledged; the error reaches the caller.
   * With `expectedHead` the append is conditional (see AppendOptions); a backend that is the only writer by
   * construction still checks it, so a stale writer is refused the same way everywhere.
   */
  append(entries: JournalEntry[], options?: AppendOptions): Promise<void>
  /** Releases the lock and handles. Idempotent. */
  close(): Promise<void>
}

/** Where a journal stands: its durable length in bytes and the number of records (lines) in it. */
export interface JournalPosition {
  bytes: number
  records: number
}

/**
 * The storage side of open snapshots (`StorageBackend.openSnapshots`). Only what needs the storage medium
 * lives here: the snapshot's bytes, bulk digests of the journal's bytes and reading the journal from a
 * record boundary. Nothing here is trusted by itself: a snapshot is used only when its MAC and the journal
 * digests it carries check out.
 */
export interface OpenSnapshotStorage {
  /** The saved snapshot's bytes, or null when there is none (or it cannot be read). */
  load(): Promise<Uint8Array | null>
  /** Replaces the saved snapshot atomically (temp file, fsync, rename, fsync of the directory). */
  save(bytes: Uint8Array): Promise<void>
  /** The durable journal's position, or null when it is not known (e.g. it was not read to its end). */
  position(): JournalPosition | null
  /**
   * SHA-256 of the journal's first `length` bytes in segments of `segment` bytes (the last one shorter), in
   * one read pass; null when the journal is shorter than `length`.
   */
  digests(length: number, segment: number): Promise<Uint8Array[] | null>
  /**
   * The entries after `from` (a record boundary a snapshot covered) to the end, a batch at a time. Damage is
   * reported as a full read would report it (record numbers and seq count on from `from.records` and `seq`).
   */
  readBatchesFrom(from: JournalPosition, seq: number): AsyncIterable<JournalEntry[]>
}
