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

  constructor(readonly backend: PostgresBackend) {
    this.location = backend.location
    this.readOnly = backend.readOnly
  }

  async open(): Promise<OpenReport> {
    return {}
  }

  /** The journal up to its head when the read starts (the Customs' open replays it); the view then stands there. */
  async *read(): AsyncIterable<JournalEntry> {
    const upTo = await this.backend.headPosition()
    for await (const page of this.backend.pagesAfter(0, upTo)) for (const row of page) yield row.entry
    this.position = Math.max(0, upTo)
  }

  /** Everything stored (verify reads the whole journal, also what this view has not caught up with). */
  readBatches(): AsyncIterable<JournalEntry[]> {
    return this.backend.readBatches()
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
