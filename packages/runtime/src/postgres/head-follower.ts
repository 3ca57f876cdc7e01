/**
 * Following what other processes append to a shared PostgreSQL store: the journal rows after this process's view
 * are read page by page, verified and replayed into the view's live ledger (core/follow.ts).
 *
 * Two paths read them. In the background, a NOTIFY announces a committed position and the rows up to it are read
 * outside any transaction (`catchUp`). Under the head lock, a transaction reads what is still left before it
 * applies its own writes (`follow`, with the pages its lock's round trip returned). Both go through this one reader,
 * so a value record read at the end of one page waits for its receipt on the next (its MAC covers it), and a
 * receipt that fails verification stops this process's writes for good (`broken`).
 */
import type { Customs } from '../core/customs.js'
import { internalsOf } from '../core/internals.js'
import { StorageError } from '../errors.js'
import type { PostgresBackend } from '../storage/postgres/backend.js'
import type { HeadNotice } from '../storage/postgres/notify.js'
import type { JournalEntry } from '../storage/types.js'
import type { ViewBackend } from './view.js'

export type JournalRow = { position: number; entry: JournalEntry }

export class HeadFollower {
  /** Value records read at the end of a page, replayed with the receipt that follows them. */
  private carried: JournalRow[] = []
  /** The highest journal position a NOTIFY announced. */
  private noticedPosition = 0
  /** Notices were lost (the listener reconnected): the next background catch-up reads up to the head. */
  private lostNotices = false
  /** A verification failure found while following: this process writes nothing more. */
  private failure: StorageError | null = null

  constructor(
    private readonly backend: PostgresBackend,
    /** The view followed, and the Customs replaying into it (both replaced when the process resyncs). */
    private readonly target: () => { view: ViewBackend; customs: Customs },
    /** The process's figures (health, the load test): receipts followed and catch-ups run are counted here. */
    private readonly stats: { followedEntries: number; catchUps: number },
  ) {}

  /** The last position read: the view's, or that of the value records carried to the next page. */
  get readThrough(): number {
    return this.carried.length ? this.carried[this.carried.length - 1]!.position : this.target().view.position
  }

  /** The verification failure that stopped this process's writes, or null. */
  get broken(): StorageError | null {
    return this.failure
  }

  /** Reads what NOTIFYs announced and is still unread (before a transaction takes the lock, so it holds it for less). */
  async readAnnounced(): Promise<void> {
    if (this.noticedPosition > this.readThrough) await this.catchUp(this.noticedPosition)
  }

  /**
   * Records a notice (null: the listener reconnected and notices may be lost). Returns whether a background
   * catch-up is worth scheduling for it.
   */
  notice(n: HeadNotice | null): boolean {
    if (!n) {
      this.lostNotices = true
      return true
    }
    this.noticedPosition = Math.max(this.noticedPosition, n.position)
    return n.position > this.target().view.position
  }

  /** The background catch-up: up to the last notice, or up to the head when notices were lost. */
  catchUpNoticed(): Promise<void> {
    const toHead = this.lostNotices
    this.lostNotices = false
    return this.catchUp(toHead ? undefined : this.noticedPosition)
  }

  /**
   * Reads what was appended after the view, page by page, outside any transaction: up to `upTo` (a position a
   * NOTIFY announced, so committed: no round trip to read the head), else up to the head.
   */
  async catchUp(upTo?: number): Promise<void> {
    this.stats.catchUps++
    upTo ??= await this.backend.headPosition()
    for await (const page of this.backend.pagesAfter(this.readThrough, upTo)) await this.follow(page)
  }

  /**
   * Verifies and replays rows read after the view's position. A value record is never split from the receipt
   * after it (its MAC covers it): rows ending in value records keep them for the next page.
   */
  async follow(rows: JournalRow[]): Promise<void> {
    const all = this.carried.length ? this.carried.concat(rows) : rows
    let end = all.length
    while (end > 0 && all[end - 1]!.entry.t === 'value') end--
    this.carried = all.slice(end)
    if (end === 0) return
    const { view, customs } = this.target()
    const report = await internalsOf(customs).follow(all.slice(0, end).map((r) => r.entry))
    view.position = all[end - 1]!.position
    this.stats.followedEntries += end
    if (!report.ok) {
      const f = report.firstFailure!
      this.failure = new StorageError(
        `receipt ${f.seq} appended to ${this.backend.location} by another writer fails verification (${f.code}${f.detail ? `: ${f.detail}` : ''}); this process writes nothing more`,
      )
      throw this.failure
    }
  }

  /**
   * The view was replaced by one read from the database: value records carried from the old one (a page ended
   * in them, then the next page's read failed) are in the new one, and prepended to what it reads next they
   * would replay seqs it holds (SEQ_DUP, writer broken).
   */
  viewReplaced(): void {
    this.carried = []
  }
}
