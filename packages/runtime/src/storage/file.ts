import { JournalCorruptError, StorageBackendError } from '../errors.js'
import type { AppendOptions, JournalEntry, JournalHead, JournalPosition, OpenReport, OpenSnapshotStorage, StorageBackend } from './types.js'
import { checkExpectedHead, HeadTracker } from './head.js'
import { decodeLine, encodeLine, toJournalEntry } from './codec.js'
import { acquireLock, type HeldLock } from './file/lock.js'
import { ensureDir, errnoOf, FILE_MODE, fsyncDir, nodeModules, removeAbandonedTemps, type NodeModules } from './file/node.js'
import { findTornTail } from './file/tail.js'
import { fileSnapshotStorage } from './file/snapshot.js'

export interface FileBackendOptions {
  /**
   * Take the single-writer lock (default true). `false` opens the store read-only: nothing is truncated
   * (a torn tail is reported and skipped, since another process may be writing it right now), and
   * `append` rejects with READ_ONLY. For inspection tools such as `memory-customs verify`.
   */
  lock?: boolean
  /**
   * How long the core may wait to gather writers into one append (`StorageBackend.groupCommitMs`: a hint the
   * core reads; the backend itself writes every append immediately).
   */
  groupCommitMs?: number
}

/**
 * Node file backend (`{ file: dir }`). Layout of `dir`:
 * - `journal.ndjson`: the source of truth, one JSON line per JournalEntry, appended with one write(2) per
 *   batch followed by fdatasync(2);
 * - `LOCK`: the single-writer lock (pid, host, start time);
 * - `journal.torn-<time>.bin`: the bytes of a torn tail dropped on open, kept for inspection;
 * - `open-snapshot.bin`: the open snapshot the core writes at close (core/open-snapshot.ts), replaced atomically.
 */
export function createFileBackend(dir: string, options: FileBackendOptions = {}): FileStorageBackend {
  return new FileBackend(dir, options)
}

/** The file backend: the StorageBackend contract plus FileBackendInfo. */
export type FileStorageBackend = StorageBackend & FileBackendInfo

/** What the file backend exposes beyond the StorageBackend contract (for health and tools). */
export interface FileBackendInfo {
  readonly groupCommitMs: number | undefined
  readonly readOnly: boolean
  /** Journal bytes that are durable (acknowledged). */
  readonly journalBytes: number
  /** Number of fdatasync calls made by `append` so far. */
  readonly syncs: number
}

const JOURNAL = 'journal.ndjson'
const READ_CHUNK = 1 << 20
const utf8 = new TextDecoder('utf-8', { fatal: true })

class FileBackend implements StorageBackend, FileBackendInfo {
  readonly kind = 'file'
  readonly durability = 'fsync' as const
  readonly location: string
  readonly groupCommitMs: number | undefined
  readonly readOnly: boolean
  syncs = 0

  private node: NodeModules | undefined
  private lock: HeldLock | undefined
  private fd: number | undefined
  private journalPath = ''
  /** End of the valid journal: everything before it is acknowledged (or was there at open). */
  private size = 0
  /** Set when a failed append could not be undone; the journal's end is then unknown until reopened. */
  private broken: Error | undefined
  private state: 'new' | 'open' | 'closed' = 'new'
  /** The journal's head, once known (a scan on the first conditional append, then tracked: storage/head.ts). */
  private head: HeadTracker | undefined
  /** Records (lines) in the valid journal, once it was read to its end; then kept up to date by appends. */
  private records: number | null = null
  readonly openSnapshots: OpenSnapshotStorage

  constructor(
    private readonly dir: string,
    options: FileBackendOptions,
  ) {
    this.location = dir
    this.readOnly = options.lock === false
    this.groupCommitMs = options.groupCommitMs
    this.openSnapshots = fileSnapshotStorage({
      dir,
      node: () => this.ready(),
      fd: () => this.fd!,
      validBytes: () => this.size,
      position: () => (this.records === null ? null : { bytes: this.size, records: this.records }),
      readBatchesFrom: (from, seq) => this.readBatches(from, seq),
    })
  }

  get journalBytes(): number {
    return this.size
  }

  async open(): Promise<OpenReport> {
    if (this.state !== 'new') throw new StorageBackendError('CLOSED', this.dir, `open() called twice (state: ${this.state})`)
    const node = (this.node = nodeModules(this.dir))
    const { fs, path } = node
    this.journalPath = path.join(this.dir, JOURNAL)
    try {
      if (this.readOnly) {
        if (!fs.existsSync(this.journalPath)) {
          throw new StorageBackendError('READ_ONLY', this.dir, `there is no journal at ${this.journalPath} to open read-only`)
        }
      } else {
        ensureDir(node, this.dir)
        this.lock = acquireLock(node, this.dir)
        removeAbandonedTemps(node, this.dir)
        this.createJournalIfMissing(node)
      }
      this.fd = fs.openSync(this.journalPath, this.readOnly ? 'r' : 'r+')
      const fileSize = fs.fstatSync(this.fd).size
      const torn = findTornTail(node, this.fd, fileSize)
      this.size = torn ? torn.start : fileSize
      this.state = 'open'
      if (!torn) return {}
      if (this.readOnly) {
        return { truncatedTail: { bytes: torn.bytes, reason: `${torn.reason} (read-only: skipped, not truncated)` } }
      }
      const kept = this.keepTornBytes(node, torn.start, torn.bytes)
      fs.ftruncateSync(this.fd, torn.start)
      fs.fsyncSync(this.fd)
      return { truncatedTail: { bytes: torn.bytes, reason: `${torn.reason}; dropped, bytes kept in ${kept}` } }
    } catch (err) {
      this.releaseAll()
      this.state = 'closed'
      if (err instanceof StorageBackendError) throw err
      throw new StorageBackendError('IO', this.dir, `cannot open the journal in ${this.dir}: ${(err as Error).message}`, {
        cause: err,
      })
    }
  }

  private createJournalIfMissing(node: NodeModules): void {
    try {
      node.fs.closeSync(node.fs.openSync(this.journalPath, 'wx', FILE_MODE))
    } catch (err) {
      if (errnoOf(err) === 'EEXIST') return
      throw err
    }
    fsyncDir(node, this.dir)
  }

  private keepTornBytes(node: NodeModules, start: number, bytes: number): string {
    const { fs, path } = node
    const buf = Buffer.allocUnsafe(bytes)
    fs.readSync(this.fd!, buf, 0, bytes, start)
    const name = `journal.torn-${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}.bin`
    const fd = fs.openSync(path.join(this.dir, name), 'wx', FILE_MODE)
    try {
      fs.writeSync(fd, buf)
      fs.fsyncSync(fd)
    } finally {
      fs.closeSync(fd)
    }
    fsyncDir(node, this.dir)
    return name
  }

  async *read(): AsyncIterable<JournalEntry> {
    for await (const batch of this.readBatches()) yield* batch
  }

  /** Entries a batch at a time; from a record boundary `from` (open snapshots), counting records and seqs on from it. */
  async *readBatches(from: JournalPosition = { bytes: 0, records: 0 }, seqBefore = 0): AsyncIterable<JournalEntry[]> {
    const { fs } = this.ready()
    const fd = this.fd!
    const limit = this.size
    const chunk = Buffer.allocUnsafe(READ_CHUNK)
    let carry: Buffer = Buffer.alloc(0) // the start of a line that spans chunks
    let lineStart = from.bytes
    let lineNo = from.records
    let lastSeq = seqBefore
    let pos = from.bytes
    while (pos < limit) {
      const n = fs.readSync(fd, chunk, 0, Math.min(READ_CHUNK, limit - pos), pos)
      if (n === 0) break
      pos += n
      const data = carry.length ? Buffer.concat([carry, chunk.subarray(0, n)]) : chunk.subarray(0, n)
      const last = data.lastIndexOf(10)
      if (last < 0) {
        carry = Buffer.from(data)
        continue
      }
      // Whole lines are decoded as one string (one UTF-8 pass, one split) and only fall back to a line at a
      // time to name a line that is not UTF-8; entries are yielded a batch at a time.
      let lines: string[]
      let badUtf8: { record: number; offset: number; why: string } | null = null
      try {
        lines = utf8.decode(data.subarray(0, last)).split('\n')
      } catch {
        lines = []
        let from = 0
        for (let nl = data.indexOf(10); nl >= 0 && nl <= last; nl = data.indexOf(10, from)) {
          try {
            lines.push(utf8.decode(data.subarray(from, nl)))
          } catch (err) {
            badUtf8 = { record: lineNo + lines.length + 1, offset: lineStart + from, why: (err as Error).message }
            break
          }
          from = nl + 1
        }
      }
      const batch: JournalEntry[] = []
      let offset = lineStart
      for (const text of lines) {
        lineNo++
        let entry: JournalEntry
        try {
          entry = this.decode(text, lineNo, offset, lastSeq)
        } catch (err) {
          // Everything before the damaged line is handed out first, then the damage.
          yield batch
          throw err
        }
        if (entry.t === 'receipt') lastSeq = entry.seq
        else if (entry.t === 'r') lastSeq++ // format 2 keeps the seq in the body: receipts are counted
        batch.push(entry)
        offset += Buffer.byteLength(text) + 1
      }
      if (badUtf8) {
        yield batch
        throw new JournalCorruptError(`${this.dir}/${JOURNAL}`, badUtf8.record, badUtf8.offset, lastSeq, badUtf8.why)
      }
      lineStart = offset
      carry = Buffer.from(data.subarray(last + 1))
      yield batch
    }
    // open() guarantees the valid journal ends with a newline, so `carry` is empty here; read to the end
    // of the journal as it stands, the record count is known from now on (appends keep it up to date).
    if (limit === this.size) this.records = lineNo
  }

  private decode(line: string, lineNo: number, offset: number, lastSeq: number): JournalEntry {
    let why: string
    try {
      const entry = decodeLine(line)
      if (typeof entry !== 'string') return entry
      why = entry
    } catch (err) {
      why = (err as Error).message
    }
    throw new JournalCorruptError(`${this.dir}/${JOURNAL}`, lineNo, offset, lastSeq, why)
  }

  /** The core never overlaps appends; chaining them anyway keeps the journal's end well defined if it does. */
  private appendChain: Promise<unknown> = Promise.resolve()

  append(entries: JournalEntry[], options?: AppendOptions): Promise<void> {
    const run = this.appendChain.then(() => this.appendNow(entries, options))
    this.appendChain = run.catch(() => {})
    return run
  }

  private async appendNow(entries: JournalEntry[], options: AppendOptions | undefined): Promise<void> {
    const { fs } = this.ready()
    if (this.readOnly) throw new StorageBackendError('READ_ONLY', this.dir, 'append() on a store opened with { lock: false }')
    if (this.broken) {
      throw new StorageBackendError('IO', this.dir, 'an earlier append failed and could not be undone; reopen the store', {
        cause: this.broken,
      })
    }
    // Appends are chained and this process is the only writer (LOCK), so the check and the write are atomic.
    if (options?.expectedHead) checkExpectedHead(options, await this.currentHead(), this.dir)
    if (entries.length === 0) return
    let text = ''
    const list: JournalEntry[] = []
    for (let i = 0; i < entries.length; i++) {
      const checked = toJournalEntry(entries[i])
      if (typeof checked === 'string') {
        throw new StorageBackendError('BAD_ENTRY', this.dir, `append(): entry ${i} of ${entries.length}: ${checked}`)
      }
      list.push(checked)
      text += encodeLine(checked) + '\n'
    }
    const bytes = Buffer.from(text, 'utf8')
    const start = this.size
    const fd = this.fd!
    try {
      // The batch goes to the page cache with a synchronous write(2) (tens of µs for a group commit's bytes) and
      // only fdatasync(2) waits on the disk in the thread pool: an async write would cost a thread-pool round
      // trip per batch, and any CPU work the core does meanwhile would hold back its callback and so the start
      // of the fsync. With the fsync issued before this call yields, the core can use the wait (index upkeep).
      let done = 0
      while (done < bytes.byteLength) {
        const written = fs.writeSync(fd, bytes, done, bytes.byteLength - done, start + done)
        if (written <= 0) throw Object.assign(new Error('write(2) made no progress'), { code: 'EIO' })
        done += written
      }
      await new Promise<void>((resolve, reject) => fs.fdatasync(fd, (err) => (err ? reject(err) : resolve())))
      this.syncs++
    } catch (err) {
      this.undoPartialAppend(fs, fd, start, err)
      throw new StorageBackendError(
        'IO',
        this.dir,
        `append of ${entries.length} entries to ${this.journalPath} failed (${errnoOf(err) ?? 'error'}): ${(err as Error).message}; nothing of this batch was acknowledged`,
        { cause: err },
      )
    }
    this.size = start + bytes.byteLength
    if (this.records !== null) this.records += list.length
    this.head?.pushAll(list)
  }

  /** The last receipt of the acknowledged journal (scanned once, then tracked by appendNow). */
  private async currentHead(): Promise<JournalHead> {
    if (!this.head) {
      const tracker = new HeadTracker()
      for await (const e of this.read()) tracker.push(e)
      this.head = tracker
    }
    return this.head.head
  }

  /** Cuts the journal back to its last acknowledged end so a half-written batch can never be read later. */
  private undoPartialAppend(fs: NodeModules['fs'], fd: number, start: number, cause: unknown): void {
    try {
      if (fs.fstatSync(fd).size !== start) {
        fs.ftruncateSync(fd, start)
        fs.fsyncSync(fd)
      }
    } catch {
      this.broken = cause instanceof Error ? cause : new Error(String(cause))
    }
  }

  async close(): Promise<void> {
    if (this.state === 'closed') return
    this.state = 'closed'
    this.releaseAll()
  }

  private releaseAll(): void {
    if (this.fd !== undefined) {
      try {
        this.node!.fs.closeSync(this.fd)
      } catch {
        // already closed or the descriptor went bad; nothing left to release
      }
      this.fd = undefined
    }
    this.lock?.release()
    this.lock = undefined
  }

  private ready(): NodeModules {
    if (this.state !== 'open') {
      throw new StorageBackendError('CLOSED', this.dir, this.state === 'new' ? 'call open() first' : 'the store is closed')
    }
    return this.node!
  }
}
