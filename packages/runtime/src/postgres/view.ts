/**
 * The storage a PostgreSQL process's Customs sees: the shared backend, opened and closed by the shared writer
 * (postgres-customs.ts), plus where this view stands in the journal. `position` is the last journal position
 * the view holds: set by the full read at open, moved by every append through it and by every catch-up. A view
 * retired after a failed transaction refuses to append, so its Customs can never write what it still queues.
 */
import { StorageBackendError } from '../errors.js'
import type { PostgresBackend } from '../storage/postgres/backend.js'
import type { AppendOptions, JournalEntry, OpenReport, StorageBackend } from '../storage/types.js'

export class ViewBackend implements StorageBackend {
  readonly kind = 'postgres'
  readonly durability = 'db-commit' as const
  readonly shared = true
  /** Every process replays every receipt of the store: its index is filled when a read first needs it. */
  readonly deferIndex = true
  readonly location: string
  readonly readOnly: boolean
  position = 0
  retired = false
  /** Set while the Customs over this view opens: its first read of the journal is the one it replays. */
  opening = false

  constructor(readonly backend: PostgresBackend) {
    this.location = backend.location
    this.readOnly = backend.readOnly
  }

  async open(): Promise<OpenReport> {
    return {}
  }

  /** The journal up to its head when the read starts, an entry at a time (see readBatches). */
  async *read(): AsyncIterable<JournalEntry> {
    for await (const batch of this.readBatches()) yield* batch
  }

  /**
   * The journal up to its head when the read starts. The first read while the Customs opens (`opening`, set by the
   * shared writer) is the open's, which replays it: the view then stands at that head. Any other read (verify reads
   * the whole journal, also what the view has not caught up with) leaves the view where it is.
   */
  async *readBatches(): AsyncIterable<JournalEntry[]> {
    const replayed = this.opening
    this.opening = false
    const upTo = await this.backend.headPosition()
    for await (const page of this.backend.pagesAfter(0, upTo)) yield page.map((row) => row.entry)
    if (replayed) this.position = Math.max(0, upTo)
  }

  async append(entries: JournalEntry[], options?: AppendOptions): Promise<void> {
    if (this.retired)
      throw new StorageBackendError('CLOSED', this.location, 'this view was replaced after a failed transaction; nothing was written')
    const before = this.backend.commits
    await this.backend.append(entries, options)
    if (this.backend.commits > before && this.backend.lastCommit) this.position = this.backend.lastCommit.position
  }

  /** The shared writer closes the backend itself. */
  async close(): Promise<void> {}
}
