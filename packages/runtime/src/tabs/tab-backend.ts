/**
 * The storage seen by a tab's Customs: the IndexedDB backend (opened by the tab layer, with or without the
 * Web Lock) plus the two things many tabs need from it: the `applied` entries naming the forwarded writes a
 * receipt came from (appended in the same transaction as that receipt), and a callback after every durable
 * append so the leader can announce the new head. It is `shared`: the core makes every append conditional on
 * the head it built the batch on (`expectedHead`; the IndexedDB backend derives format-2 heads, storage/head.ts),
 * so a tab that lost the lock without noticing is refused instead of forking the chain.
 */
import type { IndexedDBStorageBackend } from '../storage/indexeddb.js'
import type { AppendOptions, JournalEntry, OpenReport, StorageBackend } from '../storage/types.js'

/** Most forwarded-write ids a tab remembers (about 60 bytes each). */
export const APPLIED_CAP = 50_000

export class TabBackend implements StorageBackend {
  readonly kind = 'indexeddb'
  readonly durability = 'idb-strict' as const
  readonly shared = true
  readonly location: string
  /**
   * Forwarded write id -> seq of the receipt it became (read from the journal and recorded when applied).
   * Pruned: an id leaves when its follower acknowledges the result (`ack`, seen by every tab; that follower
   * never sends it again), and the map keeps at most APPLIED_CAP ids (the oldest go first; ids read from the
   * journal of earlier sessions are never acknowledged again). A write re-sent after a handover is one the old
   * leader made durable in its last appends, so it is among the newest ids.
   */
  readonly applied = new Map<string, number>()
  /** Receipt seq -> forwarded write id, for receipts not yet appended (becomes an `applied` entry). */
  private readonly toRecord = new Map<number, string>()
  /** Called with the seq of the last durable receipt after each durable append. */
  onDurable: (seq: number) => void = () => {}
  private durableSeq = 0

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
      if (e.t === 'applied') this.remember(e.id, e.seq)
      yield e
    }
  }

  /** Marks receipt `seq` as the outcome of forwarded write `id`; its `applied` entry goes out with it. */
  recordApplied(id: string, seq: number): void {
    this.remember(id, seq)
    this.toRecord.set(seq, id)
  }

  /** Forgets write ids whose results their follower has (an `ack`). */
  forget(ids: readonly string[]): void {
    for (const id of ids) this.applied.delete(id)
  }

  private remember(id: string, seq: number): void {
    this.applied.set(id, seq)
    if (this.applied.size > APPLIED_CAP) this.applied.delete(this.applied.keys().next().value!)
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
    await this.inner.append(out, options)
    for (const e of entries) {
      const seq = receiptSeq(e)
      if (seq === undefined) continue
      this.toRecord.delete(seq)
      this.durableSeq = Math.max(this.durableSeq, seq)
    }
    this.onDurable(this.durableSeq)
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
