/**
 * The storage seen by a tab's Customs: the IndexedDB backend (opened by the tab layer, with or without the
 * Web Lock) plus the two things many tabs need from it: the `applied` entries naming the forwarded writes a
 * receipt came from (appended in the same transaction as that receipt), and a callback after every durable
 * append so the leader can announce the new head. Every append is conditional on the head this tab last read
 * or wrote (`expectedHead`).
 */
import type { IndexedDBStorageBackend } from '../storage/indexeddb.js'
import { EMPTY_HEAD } from '../storage/head.js'
import type { AppendOptions, JournalEntry, JournalHead, OpenReport, StorageBackend } from '../storage/types.js'

export class TabBackend implements StorageBackend {
  readonly kind = 'indexeddb'
  readonly durability = 'idb-strict' as const
  readonly location: string
  /** Forwarded write id -> seq of the receipt it became (read from the journal and recorded when applied). */
  readonly applied = new Map<string, number>()
  /** Receipt seq -> forwarded write id, for receipts not yet appended (becomes an `applied` entry). */
  private readonly toRecord = new Map<number, string>()
  /** Called with the new head after each durable append. */
  onDurable: (head: JournalHead) => void = () => {}
  private head: JournalHead = EMPTY_HEAD

  constructor(
    readonly inner: IndexedDBStorageBackend,
    private readonly report: OpenReport,
  ) {
    this.location = inner.location
  }

  /** The inner backend was opened by the tab layer already. */
  async open(): Promise<OpenReport> {
    return this.report
  }

  read(): AsyncIterable<JournalEntry> {
    return this.capture(this.inner.read())
  }

  /** Entries appended by others since the last read (a follower's catch-up, a new leader's first step). */
  readNew(): AsyncIterable<JournalEntry> {
    return this.capture(this.inner.readNew())
  }

  private async *capture(source: AsyncIterable<JournalEntry>): AsyncIterable<JournalEntry> {
    for await (const e of source) {
      if (e.t === 'applied') this.applied.set(e.id, e.seq)
      const seq = receiptSeq(e)
      if (seq !== undefined) this.head = { seq, hash: e.t === 'receipt' ? e.hash : '' }
      yield e
    }
  }

  /** Marks receipt `seq` as the outcome of forwarded write `id`; its `applied` entry goes out with it. */
  recordApplied(id: string, seq: number): void {
    this.applied.set(id, seq)
    this.toRecord.set(seq, id)
  }

  async append(entries: JournalEntry[], options?: AppendOptions): Promise<void> {
    let out = entries
    if (this.toRecord.size) {
      out = []
      for (const e of entries) {
        out.push(e)
        const seq = receiptSeq(e)
        const id = seq === undefined ? undefined : this.toRecord.get(seq)
        if (seq !== undefined && id !== undefined) out.push({ t: 'applied', id, seq })
      }
    }
    // Conditional on the head this tab last read or wrote: a stale writer (a leader that lost the lock) is
    // refused. Format-2 receipts store no hash, and the backends' head check reads format-1 ones only (TODO).
    const expected = options ?? (this.head.hash ? { expectedHead: this.head } : undefined)
    await this.inner.append(out, expected)
    for (const e of entries) {
      const seq = receiptSeq(e)
      if (seq === undefined) continue
      this.toRecord.delete(seq)
      this.head = { seq, hash: e.t === 'receipt' ? e.hash : '' }
    }
    this.onDurable(this.head)
  }

  close(): Promise<void> {
    return this.inner.close()
  }
}

/**
 * The seq of a receipt entry, whichever journal format wrote it (format 1 stores it in the entry, format 2
 * only in the body); undefined for other entries.
 */
function receiptSeq(e: JournalEntry): number | undefined {
  if (e.t === 'receipt') return e.seq
  const raw = e as { t: string; body?: unknown }
  if (raw.t !== 'r' || typeof raw.body !== 'string') return undefined
  try {
    const seq = (JSON.parse(raw.body) as { seq?: unknown }).seq
    return typeof seq === 'number' ? seq : undefined
  } catch {
    return undefined
  }
}
