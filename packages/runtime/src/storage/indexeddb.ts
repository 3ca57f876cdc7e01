import { JournalCorruptError, StorageBackendError } from '../errors.js'
import type { AppendOptions, JournalEntry, OpenReport, StorageBackend } from './types.js'
import { checkExpectedHead, HeadTracker } from './head.js'
import { toJournalEntry } from './codec.js'

export interface IndexedDBBackendOptions {
  /** Web Lock name that makes this tab the database's only writer (default `memory-customs:<name>`). */
  lockName?: string
  /**
   * `true` (default): `open()` takes the Web Lock or fails with LOCKED. `false`: open read-only without the
   * lock (a follower tab's view of the journal, inspection tools); `append` rejects with READ_ONLY until
   * `acquireWriter()` resolves.
   */
  lock?: boolean
}

/** The IndexedDB backend: the StorageBackend contract plus IndexedDBBackendInfo. */
export type IndexedDBStorageBackend = StorageBackend & IndexedDBBackendInfo

/** What the IndexedDB backend exposes beyond the StorageBackend contract (for health and tools). */
export interface IndexedDBBackendInfo {
  /** Whether `navigator.storage.persist()` was granted (undefined if the browser lacks it). */
  readonly persisted: boolean | undefined
  /** `web-locks` when the single writer is enforced; `none` when the platform has no Web Locks. */
  readonly writerLock: 'web-locks' | 'none'
  /** Number of strict readwrite transactions committed by `append`. */
  readonly commits: number
  /** True while opened with `{ lock: false }` and `acquireWriter()` has not resolved. */
  readonly readOnly: boolean
  /**
   * Read-only backends: queue for the Web Lock (no `ifAvailable`: it waits until the holder closes or its
   * tab dies) and resolve once this backend holds it and may append. Rejects with CLOSED if `close()` is
   * called first. The caller must catch up (`readNew()`) before appending.
   */
  acquireWriter(): Promise<void>
  /** The entries appended after the last one this backend read (`read`, `readNew`) or appended itself. */
  readNew(): AsyncIterable<JournalEntry>
}

/**
 * Browser backend (`{ indexedDB: name }`). Database `name` holds one object store, `entries` (auto-increment
 * key, value = JournalEntry, in append order). Databases written by earlier releases may also hold an unused
 * `images` store (index images, never read by the core: it rebuilds its index from the journal); it is left as is.
 * Every `append` is ONE readwrite transaction opened with `durability: 'strict'`, acknowledged on
 * `complete`; IndexedDB transactions are atomic, so a crash leaves no torn tail. One writer per database:
 * `open()` takes the Web Lock `memory-customs:<name>` with `ifAvailable` and fails with LOCKED if another
 * tab or worker holds it (it does not wait: a second writer is a bug to surface, not to queue behind).
 */
export function createIndexedDBBackend(name: string, options: IndexedDBBackendOptions = {}): IndexedDBStorageBackend {
  return new IndexedDBBackend(name, options)
}

const DB_VERSION = 1
const ENTRIES = 'entries'
const READ_PAGE = 2000

interface LockManagerLike {
  request(
    name: string,
    options: { mode: 'exclusive'; ifAvailable?: true; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void> | void,
  ): Promise<unknown>
}

function lockManager(): LockManagerLike | undefined {
  return (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })
}

class IndexedDBBackend implements StorageBackend, IndexedDBBackendInfo {
  readonly kind = 'indexeddb'
  readonly durability = 'idb-strict' as const
  readonly location: string
  persisted: boolean | undefined
  writerLock: 'web-locks' | 'none' = 'none'
  commits = 0
  readOnly: boolean

  private db: IDBDatabase | undefined
  private releaseLock: (() => void) | undefined
  private state: 'new' | 'open' | 'closed' = 'new'
  private readonly lockName: string
  /** Key of the last entry read or appended here; `readNew()` continues after it. */
  private lastKey: IDBValidKey | undefined
  private waiting: AbortController | undefined
  /**
   * The head for conditional appends (storage/head.ts), from the first one on, and the key of the last entry
   * it has seen: every conditional append first feeds it what other tabs appended after that key.
   */
  private tracker: HeadTracker | undefined
  private trackedKey: IDBValidKey | undefined

  constructor(
    private readonly name: string,
    options: IndexedDBBackendOptions,
  ) {
    this.location = `indexeddb:${name}`
    this.lockName = options.lockName ?? `memory-customs:${name}`
    this.readOnly = options.lock === false
  }

  async open(): Promise<OpenReport> {
    if (this.state !== 'new') throw new StorageBackendError('CLOSED', this.location, `open() called twice (state: ${this.state})`)
    const idb = (globalThis as { indexedDB?: IDBFactory }).indexedDB
    if (!idb) {
      throw new StorageBackendError('UNSUPPORTED', this.location, 'this platform has no IndexedDB; in Node use { file: dir }')
    }
    if (!this.readOnly) await this.takeWriterLock()
    try {
      this.db = await this.openDatabase(idb)
      this.persisted = await this.askPersistence()
    } catch (err) {
      this.releaseLock?.()
      this.state = 'closed'
      if (err instanceof StorageBackendError) throw err
      throw new StorageBackendError('IO', this.location, `cannot open IndexedDB database "${this.name}": ${String(err)}`, {
        cause: err,
      })
    }
    this.state = 'open'
    return {}
  }

  private async takeWriterLock(): Promise<void> {
    const locks = lockManager()
    if (!locks) return // no Web Locks (very old browser or insecure context): single writer not enforced, see writerLock
    let held!: (got: boolean) => void
    const acquired = new Promise<boolean>((resolve) => (held = resolve))
    locks
      .request(this.lockName, { mode: 'exclusive', ifAvailable: true }, (lock) => {
        if (!lock) {
          held(false)
          return
        }
        held(true)
        // keep the lock until close() resolves this promise
        return new Promise<void>((release) => (this.releaseLock = release))
      })
      .catch(() => held(false))
    if (!(await acquired)) {
      throw new StorageBackendError(
        'LOCKED',
        this.location,
        `IndexedDB database "${this.name}" is already open for writing in another tab or worker (Web Lock "${this.lockName}" is held); close it there first`,
      )
    }
    this.writerLock = 'web-locks'
  }

  async acquireWriter(): Promise<void> {
    this.ready()
    if (!this.readOnly) return
    const locks = lockManager()
    if (locks) {
      const waiting = (this.waiting = new AbortController())
      await new Promise<void>((resolve, reject) => {
        locks
          .request(this.lockName, { mode: 'exclusive', signal: waiting.signal }, () => {
            resolve()
            return new Promise<void>((release) => (this.releaseLock = release))
          })
          .catch(() => reject(new StorageBackendError('CLOSED', this.location, 'closed while waiting for the writer lock')))
      })
      this.waiting = undefined
      if (this.state !== 'open') {
        this.releaseLock?.()
        throw new StorageBackendError('CLOSED', this.location, 'closed while waiting for the writer lock')
      }
      this.writerLock = 'web-locks'
    }
    this.readOnly = false
  }

  private openDatabase(idb: IDBFactory): Promise<IDBDatabase> {
    return new Promise((resolve, reject) => {
      const req = idb.open(this.name, DB_VERSION)
      req.onupgradeneeded = () => {
        const db = req.result
        if (!db.objectStoreNames.contains(ENTRIES)) db.createObjectStore(ENTRIES, { autoIncrement: true })
      }
      req.onsuccess = () => {
        const db = req.result
        // Another context wants to upgrade or delete the database: let it, and refuse further writes here.
        db.onversionchange = () => {
          db.close()
          this.state = 'closed'
          this.releaseLock?.()
        }
        resolve(db)
      }
      req.onerror = () => reject(req.error)
      req.onblocked = () =>
        reject(new StorageBackendError('LOCKED', this.location, `opening "${this.name}" is blocked by an older connection`))
    })
  }

  private async askPersistence(): Promise<boolean | undefined> {
    const storage = (globalThis as { navigator?: { storage?: { persist?: () => Promise<boolean> } } }).navigator?.storage
    if (typeof storage?.persist !== 'function') return undefined
    try {
      return await storage.persist()
    } catch {
      return false
    }
  }

  read(): AsyncIterable<JournalEntry> {
    return this.readAfter(undefined, 0, 0)
  }

  readNew(): AsyncIterable<JournalEntry> {
    return this.readAfter(this.lastKey, -1, -1)
  }

  /** `record`/`lastSeq` locate damage for JournalCorruptError; -1 when reading from the middle (unknown). */
  private async *readAfter(after: IDBValidKey | undefined, record: number, lastSeq: number): AsyncIterable<JournalEntry> {
    this.ready()
    for (;;) {
      // One short transaction per page: a transaction cannot stay open across the consumer's awaits.
      const tx = this.ready().transaction(ENTRIES, 'readonly')
      const store = tx.objectStore(ENTRIES)
      const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true)
      const [keys, values] = await Promise.all([request(store.getAllKeys(range, READ_PAGE)), request(store.getAll(range, READ_PAGE))])
      if (keys.length === 0) return
      for (let i = 0; i < values.length; i++) {
        if (record >= 0) record++
        const entry = toJournalEntry(values[i])
        if (typeof entry === 'string') throw new JournalCorruptError(this.location, record, undefined, lastSeq, entry)
        if (entry.t === 'receipt') lastSeq = entry.seq
        else if (entry.t === 'r') lastSeq++
        this.lastKey = keys[i]
        yield entry
      }
      after = keys[keys.length - 1]
    }
  }

  async append(entries: JournalEntry[], options?: AppendOptions): Promise<void> {
    const db = this.ready()
    if (this.readOnly) throw new StorageBackendError('READ_ONLY', this.location, 'append() on a backend opened with { lock: false }')
    const checked: JournalEntry[] = []
    for (let i = 0; i < entries.length; i++) {
      const e = toJournalEntry(entries[i])
      if (typeof e === 'string') {
        throw new StorageBackendError('BAD_ENTRY', this.location, `append(): entry ${i} of ${entries.length}: ${e}`)
      }
      checked.push(e)
    }
    if (checked.length === 0 && !options?.expectedHead) return
    if (options?.expectedHead && !this.tracker) await this.startTracking()
    let refused: unknown
    let lastAdded: IDBValidKey | undefined
    const add = (store: IDBObjectStore) => {
      for (const e of checked) store.add(e).onsuccess = (ev) => (this.lastKey = lastAdded = (ev.target as IDBRequest<IDBValidKey>).result)
    }
    try {
      await this.commit(
        db,
        ENTRIES,
        (store, tx) => {
          if (!options?.expectedHead) return add(store)
          // The head check runs inside the same readwrite transaction as the adds: IndexedDB runs readwrite
          // transactions on one store one at a time, across tabs, so no other writer can append in between.
          this.catchUpHead(store, () => {
            try {
              checkExpectedHead(options, this.tracker!.head, this.location)
            } catch (e) {
              refused = e
              tx.abort()
              return
            }
            add(store)
          })
        },
        `append of ${checked.length} entries`,
      )
    } catch (e) {
      throw refused ?? e
    }
    // After a conditional append the tracker had caught up in the same transaction; an unconditional one is
    // read back by the next catch-up instead.
    if (options?.expectedHead && lastAdded !== undefined) {
      this.tracker!.pushAll(checked)
      this.trackedKey = lastAdded
    }
  }

  /** The first conditional append: the head of the journal as it is now (read in pages, outside any write). */
  private async startTracking(): Promise<void> {
    const tracker = new HeadTracker()
    let after: IDBValidKey | undefined
    for (;;) {
      const store = this.ready().transaction(ENTRIES, 'readonly').objectStore(ENTRIES)
      const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true)
      const [keys, values] = await Promise.all([request(store.getAllKeys(range, READ_PAGE)), request(store.getAll(range, READ_PAGE))])
      if (keys.length === 0) break
      for (const v of values) {
        const e = toJournalEntry(v)
        if (typeof e !== 'string') tracker.push(e)
      }
      after = keys[keys.length - 1]
    }
    this.tracker = tracker
    this.trackedKey = after
  }

  /** Inside a readwrite transaction: feeds the tracker what was appended after its last key, then `then()`. */
  private catchUpHead(store: IDBObjectStore, then: () => void): void {
    const range = this.trackedKey === undefined ? undefined : IDBKeyRange.lowerBound(this.trackedKey, true)
    const keysReq = store.getAllKeys(range)
    const valuesReq = store.getAll(range)
    valuesReq.onsuccess = () => {
      const keys = keysReq.result
      for (const v of valuesReq.result) {
        const e = toJournalEntry(v)
        if (typeof e !== 'string') this.tracker!.push(e)
      }
      if (keys.length) this.trackedKey = keys[keys.length - 1]
      then()
    }
  }

  /** Runs `fill` in one strict readwrite transaction and resolves on `complete`; any failure aborts it whole. */
  private commit(
    db: IDBDatabase,
    storeName: string,
    fill: (store: IDBObjectStore, tx: IDBTransaction) => void,
    what: string,
  ): Promise<void> {
    return new Promise((resolve, reject) => {
      let tx: IDBTransaction
      try {
        tx = db.transaction(storeName, 'readwrite', { durability: 'strict' })
        fill(tx.objectStore(storeName), tx)
      } catch (err) {
        reject(new StorageBackendError('IO', this.location, `${what} failed: ${String(err)}`, { cause: err }))
        return
      }
      tx.oncomplete = () => {
        this.commits++
        resolve()
      }
      const fail = () =>
        reject(
          new StorageBackendError(
            'IO',
            this.location,
            `${what} failed (${tx.error?.name ?? 'aborted'}: ${tx.error?.message ?? 'transaction aborted'}); nothing of it was acknowledged`,
            { cause: tx.error },
          ),
        )
      tx.onabort = fail
      tx.onerror = (ev) => ev.preventDefault() // the abort that follows reports it once
    })
  }

  async close(): Promise<void> {
    if (this.state === 'closed' && !this.db) return
    this.state = 'closed'
    this.waiting?.abort()
    this.db?.close()
    this.db = undefined
    this.releaseLock?.()
    this.releaseLock = undefined
  }

  private ready(): IDBDatabase {
    if (this.state !== 'open' || !this.db) {
      throw new StorageBackendError(
        'CLOSED',
        this.location,
        this.state === 'new' ? 'call open() first' : 'the database is closed (close() or another context upgraded or deleted it)',
      )
    }
    return this.db
  }
}
