/**
 * Group commit: journal entries queued by `Ledger.append` reach the backend in batches, one append in flight.
 * Each batch is sealed on its way out (values encrypted, receipts given their MACs; new subject keys saved in the
 * key store first), and once it is durable
 * the witness beside the keys is moved up, at most about once a second (and on checkpoint and close).
 */
import { StorageError } from '../errors.js'
import type { KeyProvider } from '../keys/provider.js'
import { normalHead } from '../storage/head.js'
import type { JournalHead, StorageBackend } from '../storage/types.js'
import type { Ledger } from './ledger.js'

/** Lets queued microtasks and I/O callbacks run (setImmediate where there is one). */
function yieldToWriters(): Promise<void> {
  const si = (globalThis as { setImmediate?: (f: () => void) => unknown }).setImmediate
  return new Promise((resolve) => (si ? si(resolve) : setTimeout(resolve, 0)))
}

/** How often, at most, the witness is rewritten while writes keep coming. */
const WITNESS_EVERY_MS = 1000

/**
 * Index rows inserted per slice while an append is in flight (~15 µs a row in sql.js): small enough that the
 * end of the backend's fsync is noticed within a fraction of a millisecond.
 */
const INDEX_SLICE = 16
/** Rows left over by short waits are inserted before the next batch once this many are buffered. */
const INDEX_BACKLOG = 2048

export class JournalWriter {
  /** Journal entries acknowledged by the backend in this session, and the size of the batch in flight. */
  private appended = 0
  private inFlight = 0
  private draining: Promise<void> | null = null
  private waiters: Array<{ target: number; resolve: () => void; reject: (e: unknown) => void }> = []
  private flushScheduled = false
  /** Highest seq acknowledged as durable by the backend. */
  durableSeq = 0
  /**
   * The last durable receipt (seq and hash as the ledger spells it). A shared backend's appends are
   * conditional on it (`expectedHead`): a batch is written only if nobody else appended since.
   */
  durableHead: JournalHead = { seq: 0, hash: '' }
  /** The last append failure, cleared by the next successful flush. */
  storageError: { message: string; at: string } | null = null
  storageErrors = 0
  flushes = 0
  flushedEntries = 0

  /** Seq the witness beside the keys vouches for, when it was last written, and the write in flight. */
  witnessSeq = 0
  private witnessAt = 0
  private witnessWrite: Promise<void> | null = null
  /** The last failure to write the witness (reported by health; the journal itself is unaffected). */
  witnessError: string | null = null

  constructor(
    private readonly backend: StorageBackend,
    private readonly ledger: Ledger,
    private readonly keys: KeyProvider,
    private readonly now: () => number,
    private readonly isClosed: () => boolean,
  ) {
    // Subject keys (docs/erasure.md) go to the same key store as the witness: the writer saves a new one before
    // the first record sealed with it, and forget saves the key set without one, through the value store.
    ledger.values.useKeyStore(keys, ledger.chain)
  }

  /**
   * Writes the witness for the last durable, authenticated receipt unless it was written less than a second
   * ago (`force`: now). Never ahead of the journal: only receipts acknowledged by the backend count.
   */
  updateWitness(force = false): Promise<void> {
    const sealed = this.ledger.lastSealed
    if (!sealed || sealed.seq > this.durableSeq || sealed.seq <= this.witnessSeq) return this.witnessWrite ?? Promise.resolve()
    const t = Date.now()
    if (!force && t - this.witnessAt < WITNESS_EVERY_MS) return this.witnessWrite ?? Promise.resolve()
    if (this.witnessWrite) return this.witnessWrite.then(() => this.updateWitness(force))
    this.witnessAt = t
    const w = { seq: sealed.seq, hash: sealed.hash, mac: this.ledger.ring.auth.witness(this.ledger.chain, sealed.seq, sealed.hash) }
    this.witnessWrite = this.keys
      .saveWitness(this.ledger.chain, w)
      .then(
        () => {
          this.witnessSeq = Math.max(this.witnessSeq, w.seq)
          this.witnessError = null
        },
        (e: unknown) => {
          this.witnessError = e instanceof Error ? e.message : String(e)
        },
      )
      .finally(() => {
        this.witnessWrite = null
      })
    return this.witnessWrite
  }

  scheduleFlush(): void {
    if (this.flushScheduled) return
    this.flushScheduled = true
    const run = () => {
      this.flushScheduled = false
      // No waiter: a failure is recorded in health, and the next flush() retries and reports it.
      if (!this.isClosed()) this.kick()
    }
    // A backend may ask the core to gather writers for a while before appending (group commit window);
    // otherwise everything written in the current synchronous stretch goes out in one append.
    const wait = this.backend.groupCommitMs
    if (typeof wait === 'number' && wait > 0) setTimeout(run, wait)
    else queueMicrotask(run)
  }

  /**
   * Resolves once every receipt written so far is durable in the backend; rejects with StorageError
   * otherwise (the entries stay queued and the next flush retries them). Concurrent callers share appends:
   * while one batch is being written, everything written meanwhile goes out together in the next one.
   */
  flush(): Promise<void> {
    const target = this.appended + this.inFlight + this.ledger.pending.length
    if (target <= this.appended) return Promise.resolve()
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ target, resolve, reject })
      this.kick()
    })
  }

  private kick(): void {
    if (this.draining) return
    this.draining = this.drain().then((ok) => {
      this.draining = null
      // Entries or waiters that arrived after the loop's last check but before it settled: go again. After
      // a failure, only a caller that is waiting makes it retry (no retry storm on a full disk).
      if (this.ledger.pending.length && (this.waiters.length || ok)) this.kick()
    })
  }

  /**
   * Index upkeep in the time an append spends waiting on the disk: a slice of rows per macrotask, so the
   * append's completion waits for one slice at most. The first slice runs after the pending microtasks, that is
   * once the backend has issued its I/O (the file backend writes synchronously and then awaits fdatasync).
   * A failed insert is left for the next read, whose sync() retries it and reports the error.
   */
  private indexWhile(busy: { appending: boolean }): void {
    const idx = this.ledger.idx
    const step = (): void => {
      if (!busy.appending || this.isClosed()) return
      let more: boolean
      try {
        more = idx.syncSome(INDEX_SLICE)
      } catch {
        return
      }
      if (more) void yieldToWriters().then(step)
    }
    void yieldToWriters().then(step)
  }

  /** Appends queued entries batch after batch until none are left; never throws (failures go to the waiters). */
  private async drain(): Promise<boolean> {
    const ledger = this.ledger
    while (ledger.pending.length) {
      const batch = ledger.pending
      ledger.pending = []
      this.inFlight = batch.length
      // Index rows are inserted while the backend waits on the disk (below), not between one fsync and the
      // next; only a backlog that those waits did not absorb (a fast backend, huge batches) is inserted here.
      const busy = { appending: true }
      try {
        ledger.idx.keepUp(INDEX_BACKLOG)
        // A record sealed with a new subject key must never be durable before the key is: a crash would leave a
        // value nobody can read that no FORGET receipt explains.
        if (ledger.values.keysPending) await ledger.values.saveKeys()
        const sealed = ledger.seal(batch)
        const appending = this.backend.shared
          ? this.backend.append(sealed, { expectedHead: normalHead(this.durableHead) })
          : this.backend.append(sealed)
        this.indexWhile(busy)
        await appending
        busy.appending = false
        if (ledger.carriedValues.length && batch.some((e) => e.t === 'r')) ledger.carriedValues = []
      } catch (e) {
        busy.appending = false
        // Nothing of a failed batch counts as acknowledged: put it back in front, in order, for the next flush.
        this.inFlight = 0
        ledger.pending = batch.concat(ledger.pending)
        this.storageErrors++
        this.storageError = { message: e instanceof Error ? e.message : String(e), at: new Date(this.now()).toISOString() }
        const err = e instanceof StorageError ? e : new StorageError(`${this.backend.kind} append failed: ${this.storageError.message}`, e)
        const waiters = this.waiters
        this.waiters = []
        for (const w of waiters) w.reject(err)
        return false
      }
      this.inFlight = 0
      this.appended += batch.length
      this.storageError = null
      this.flushes++
      this.flushedEntries += batch.length
      for (let i = batch.length - 1; i >= 0; i--) {
        const e = batch[i]
        if (e.t === 'r') {
          this.durableSeq = Math.max(this.durableSeq, e.seq)
          this.durableHead = { seq: e.seq, hash: e.hash }
          break
        }
      }
      const still: typeof this.waiters = []
      let released = 0
      for (const w of this.waiters) {
        if (w.target <= this.appended) {
          w.resolve()
          released++
        } else still.push(w)
      }
      this.waiters = still
      void this.updateWitness()
      // Writers just released usually write again at once (commit, then await flush): let them run before the
      // next batch is taken, so they join it instead of waiting a whole extra append. Without this, 64 writers
      // split into two half-full batches and every receipt costs twice the fsyncs.
      if (released > 0) await yieldToWriters()
    }
    return true
  }
}
