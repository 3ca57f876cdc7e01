/**
 * The PostgreSQL backend (`kind: 'postgres'`): a store is the rows of one `store` id in the schema's `journal`
 * table plus its `head` row (schema.ts). Every append is ONE transaction: lock the head row `FOR UPDATE`, check
 * `expectedHead` against it, INSERT the entries at the next positions, move the head, NOTIFY, COMMIT (in two round
 * trips). Durable means committed (`db-commit`). It is `shared`: any number of processes append to one store,
 * and the core's conditional appends keep one chain (a writer whose head moved gets HEAD_MOVED and writes nothing).
 *
 * The shared writer (postgres/postgres-customs.ts) needs more than one append per transaction: it locks the head
 * first (`lockHead`), catches up and applies its writes against the head, and the append it then makes
 * completes that same transaction. A plain `createCustoms({ storage: createPostgresBackend(...) })` is a
 * single-writer Customs whose appends each take the lock on their own.
 *
 * Faults: a lost connection is retried with backoff (driver.ts) and surfaces as a StorageBackendError (IO) after
 * the bound; a COMMIT whose outcome is unknown (the connection dropped during it) is settled by reading back the
 * row at the batch's last position on a new connection, never by appending again.
 */
import { JournalCorruptError, OptionError, StorageBackendError } from '../../errors.js'
import { decodeLine, encodeLine, toJournalEntry } from '../codec.js'
import { checkExpectedHead, HeadTracker, type TrackedHead } from '../head.js'
import type { AppendOptions, JournalEntry, OpenReport, StorageBackend } from '../types.js'
import {
  connectQuietly,
  DEFAULT_RETRY,
  isConnectionError,
  loadPg,
  withRetry,
  type PgPoolClientLike,
  type PgPoolLike,
  type PgQueryResult,
  type RetryPolicy,
} from './driver.js'
import { channelOf, encodeNotice } from './notify.js'
import { IDENTIFIER, lockKey, migrate } from './schema.js'

/** How to reach the server: a connection string (the backend creates and ends its pool) or your `pg.Pool`. */
export type PostgresConnection = { connectionString: string } | { pool: PgPoolLike }

export interface PostgresBackendOptions {
  /** Schema holding the tables (default `memory_customs`): lowercase letters, digits, underscores. */
  schema?: string
  /** Which store of the schema (default `default`); one schema holds any number of stores (tenants). */
  store?: string
  /** Open without writing anything (no migration, no head row); `append` rejects with READ_ONLY (auditors). */
  readOnly?: boolean
  /** Retries after a lost connection (default: 8 attempts, 50 ms doubling to 2 s, about 5 s in all). */
  retry?: Partial<RetryPolicy>
  /**
   * Rows per page when reading (default 20000): a million-row store is read in pages, never in one result. A
   * page is one round trip, during which the process waits for the server; 20,000 rows of a few hundred bytes
   * are a few MB in memory while a page is decoded.
   */
  pageSize?: number
  /** Connections of the pool created from `connectionString` (default 4). */
  poolSize?: number
}

/** A head row as locked by `lockHead`: the journal's last position and the chain's head after it. */
export interface LockedHead extends TrackedHead {
  position: number
  /** Receipts in the journal (the `seq` column of the next one is this plus one). */
  receipts: number
  /** The store's subject keys version: rows of `subject_keys` up to it are committed (0: none, or a version-1 schema). */
  keysVersion: number
}

/** A row of `subject_keys` as written: a new key (wrapped), or a destroyed one (`wrapped` null). */
export interface SubjectKeyRow {
  kid: string
  /** The keyed tag of the subject the key serves. */
  tag: string
  wrapped: string | null
}

/**
 * Where the next commit takes the subject key rows it writes in its transaction (postgres/subject-keys.ts), and
 * whom it tells the keys version they were committed at. Rows stay staged until a commit carries them.
 */
export interface SubjectKeyRowSource {
  staged(): readonly SubjectKeyRow[]
  committed(rows: readonly SubjectKeyRow[], version: number): void
}

/** A transaction holding the head row lock, opened by `lockHead` and completed by the next `append` (or `release`). */
export interface HeadLock {
  readonly head: LockedHead
  /** The entries after `position` up to the locked head, in this transaction, a page at a time. */
  pagesAfter(position: number): AsyncIterable<Array<{ position: number; entry: JournalEntry }>>
  /** Ends the transaction without appending (ROLLBACK) and returns its connection. */
  release(err?: unknown): Promise<void>
}

interface HeadRow {
  position: string
  seq: string
  hash: string
  link: string | null
  receipts: string
  keys_version: string
}

interface JournalRow {
  position: string
  seq: string | null
  entry: string
}

/**
 * A string as an SQL literal for a simple (multi-statement) query, which takes no parameters: quotes doubled, and
 * with a backslash an E'' literal with backslashes doubled, read the same whatever standard_conforming_strings says.
 */
function sqlLiteral(s: string): string {
  const quoted = s.replaceAll("'", "''")
  return s.includes('\\') ? `E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`
}

function sqlInt(n: number): string {
  if (!Number.isSafeInteger(n)) throw new TypeError(`not an integer: ${n}`)
  return String(n)
}

const headOf = (r: HeadRow): LockedHead => ({
  position: Number(r.position),
  seq: Number(r.seq),
  hash: r.hash,
  link: r.link,
  receipts: Number(r.receipts),
  keysVersion: Number(r.keys_version),
})

export function createPostgresBackend(connection: PostgresConnection, options: PostgresBackendOptions = {}): PostgresBackend {
  return new PostgresBackend(connection, options)
}

export class PostgresBackend implements StorageBackend {
  readonly kind = 'postgres'
  readonly durability = 'db-commit' as const
  readonly shared = true
  readonly location: string
  readonly readOnly: boolean
  readonly schema: string
  readonly store: string
  readonly channel: string
  readonly retry: RetryPolicy
  private readonly pageSize: number
  private pool: PgPoolLike | undefined
  private state: 'new' | 'open' | 'closed' = 'new'
  /** The session holding the store's creation lock while the store has no entry yet (released by the first append). */
  private creating: PgPoolClientLike | null = null
  /** The transaction `lockHead` opened; the next append writes in it and commits it. */
  private held: { client: PgPoolClientLike; head: LockedHead } | null = null
  /** Where the last append committed (its last position and the head seq after it). */
  lastCommit: { position: number; seq: number } | null = null
  /** Transactions committed by `append`, and COMMITs whose outcome had to be read back. */
  commits = 0
  unknownCommits = 0
  /** Subject key rows to write with the next commit (set by the shared writer's key store). */
  subjectKeys: SubjectKeyRowSource | null = null

  constructor(
    private readonly connection: PostgresConnection,
    options: PostgresBackendOptions,
  ) {
    if (typeof connection !== 'object' || connection === null || !('connectionString' in connection || 'pool' in connection))
      throw new OptionError('storage.postgres', 'must be { connectionString } or { pool } (a pg.Pool)')
    if ('connectionString' in connection && (typeof connection.connectionString !== 'string' || !connection.connectionString))
      throw new OptionError('storage.postgres.connectionString', 'must be a PostgreSQL connection string')
    if ('pool' in connection && (typeof connection.pool?.connect !== 'function' || typeof connection.pool.query !== 'function'))
      throw new OptionError('storage.postgres.pool', 'must be a pg.Pool')
    this.schema = options.schema ?? 'memory_customs'
    if (typeof this.schema !== 'string' || !IDENTIFIER.test(this.schema))
      throw new OptionError('storage.postgres.schema', 'must be a lowercase SQL identifier (letters, digits, underscores)')
    this.store = options.store ?? 'default'
    if (typeof this.store !== 'string' || !this.store || this.store.length > 200)
      throw new OptionError('storage.postgres.store', 'must be a non-empty string of at most 200 characters')
    this.pageSize = options.pageSize ?? 20_000
    if (!Number.isSafeInteger(this.pageSize) || this.pageSize < 1)
      throw new OptionError('storage.postgres.pageSize', 'must be a positive integer')
    this.retry = { ...DEFAULT_RETRY, ...options.retry }
    this.readOnly = options.readOnly === true
    this.channel = channelOf(this.schema)
    this.location = `postgres:${this.schema}/${this.store}`
    this.poolSize = options.poolSize ?? 4
  }
  private readonly poolSize: number

  /** The pool (after `open()`): the shared writer reads and listens through it too. */
  get db(): PgPoolLike {
    if (this.state !== 'open' || !this.pool)
      throw new StorageBackendError('CLOSED', this.location, this.state === 'new' ? 'call open() first' : 'the backend is closed')
    return this.pool
  }

  private get t(): string {
    return this.schema
  }

  private attempt<T>(what: string, op: () => Promise<T>): Promise<T> {
    return withRetry(this.location, what, this.retry, op)
  }

  /**
   * Runs the migrations (under an advisory lock), makes the store's head row, and while the store has no entry
   * yet holds its creation lock, so that of several processes opening a new store at once exactly one creates
   * its chain (the meta entry); the others wait and find it.
   */
  async open(): Promise<OpenReport> {
    if (this.state !== 'new') throw new StorageBackendError('CLOSED', this.location, `open() called twice (state: ${this.state})`)
    if ('pool' in this.connection) this.pool = this.connection.pool
    else {
      const pg = await loadPg()
      this.pool = new pg.Pool({ connectionString: this.connection.connectionString, max: this.poolSize })
      // an idle client's socket error must not crash the process: the next query fails and is retried
      ;(this.pool as unknown as { on?: (e: string, f: () => void) => void }).on?.('error', () => {})
    }
    this.state = 'open'
    try {
      if (!this.readOnly) {
        await this.attempt('migrating the schema', () => migrate(this.db, this.schema))
        // Checked first: a role without INSERT on `head` (docs/postgres.md, "Roles") opens a provisioned store.
        if ((await this.headPosition()) < 0)
          await this.attempt('creating the head row', () =>
            this.db.query(`insert into ${this.t}.head (store) values ($1) on conflict do nothing`, [this.store]),
          )
        if ((await this.headPosition()) === 0) await this.takeCreationLock()
      }
    } catch (e) {
      await this.close()
      if (e instanceof StorageBackendError || e instanceof OptionError) throw e
      throw new StorageBackendError(
        'IO',
        this.location,
        `cannot open the PostgreSQL store: ${e instanceof Error ? e.message : String(e)}`,
        {
          cause: e,
        },
      )
    }
    return {}
  }

  private async takeCreationLock(): Promise<void> {
    const client = await this.attempt('connecting', () => connectQuietly(this.db))
    try {
      await client.query('select pg_advisory_lock(hashtext($1))', [lockKey(this.schema, this.store)])
    } catch (e) {
      client.release(e as Error)
      throw e
    }
    this.creating = client
    // Another process may have created the store while this one waited for the lock.
    if ((await this.headPosition()) !== 0) await this.releaseCreationLock()
  }

  private async releaseCreationLock(): Promise<void> {
    const c = this.creating
    this.creating = null
    if (!c) return
    await c.query('select pg_advisory_unlock(hashtext($1))', [lockKey(this.schema, this.store)]).then(
      () => c.release(),
      (e: Error) => c.release(e),
    )
  }

  /** The journal's last position: 0 for an empty store, -1 when the store has no head row (yet, or to this role). */
  async headPosition(): Promise<number> {
    const r = await this.attempt('reading the head', () =>
      this.db.query<{ position: string }>(`select position from ${this.t}.head where store = $1`, [this.store]),
    )
    return r.rows.length ? Number(r.rows[0]!.position) : -1
  }

  read(): AsyncIterable<JournalEntry> {
    const batches = this.readBatches()
    return (async function* () {
      for await (const b of batches) yield* b
    })()
  }

  /** Every entry up to the head as it was when reading started, a page at a time (keyset pagination). */
  async *readBatches(): AsyncIterable<JournalEntry[]> {
    for await (const page of this.pagesAfter(0)) yield page.map((p) => p.entry)
  }

  /** Pages of the entries after `position`, up to the head when the read starts (or `upTo`). */
  async *pagesAfter(position: number, upTo?: number): AsyncIterable<Array<{ position: number; entry: JournalEntry }>> {
    const bound = upTo ?? (await this.headPosition())
    let lastSeq = -1
    while (position < bound) {
      const after = position
      const r = await this.attempt('reading the journal', () =>
        this.db.query<JournalRow>(this.pageQuery('$1', '$2::bigint', '$3::bigint'), [this.store, after, bound]),
      )
      if (r.rows.length === 0) {
        position = this.pastGap(after, bound)
        continue
      }
      const page = this.decodeRows(r.rows, lastSeq)
      lastSeq = page.lastSeq
      position = page.rows[page.rows.length - 1]!.position
      yield page.rows
    }
  }

  /**
   * The rows of one page: after position `after`, up to `bound`, at most a page's worth of positions, in no
   * particular order (decodeRows puts them in order). Positions are dense (a transaction takes the next ones under
   * the head's lock), so the range alone bounds the page. Neither a LIMIT nor an ORDER BY: on a table whose
   * statistics are missing or stale (a new store, until autovacuum analyzes it) the planner expects a few rows and
   * picks a bitmap scan; with `order by position limit n` it then read every row after `after` and sorted them on
   * disk, for each page (quadratic in the journal's length; a 20,000-receipt join 7–30 % slower in our runs). The arguments
   * are SQL: parameters or literals.
   */
  private pageQuery(store: string, after: string, bound: string): string {
    return `select position, seq, entry from ${this.t}.journal where store = ${store} and position > ${after}
      and position <= least(${bound}, ${after} + ${this.pageSize})`
  }

  /**
   * Where to read on after a page that holds no row although `bound` is further on: only where rows were removed
   * behind the append-only trigger's back. The read steps over them; verification reports what is missing.
   */
  private pastGap(after: number, bound: number): number {
    return Math.min(bound, after + this.pageSize)
  }

  private decodeRows(rows: JournalRow[], lastSeq: number) {
    // Rows come in the order the server read them (pageQuery): a heap scan of an append-only table nearly always
    // gives position order already, which one pass confirms.
    for (let i = 1; i < rows.length; i++)
      if (Number(rows[i]!.position) < Number(rows[i - 1]!.position)) {
        rows = [...rows].sort((a, b) => Number(a.position) - Number(b.position))
        break
      }
    const out: Array<{ position: number; entry: JournalEntry }> = []
    for (const row of rows) {
      const position = Number(row.position)
      const entry = decodeLine(row.entry)
      if (typeof entry === 'string') throw new JournalCorruptError(this.location, position, undefined, lastSeq, entry)
      if (row.seq !== null) lastSeq = Number(row.seq)
      out.push({ position, entry })
    }
    return { rows: out, lastSeq }
  }

  /**
   * Opens a transaction and locks the head row: until the next `append` (which writes in this transaction and
   * commits it) or `release`, no other process appends to this store. With `after` (the caller's position), the
   * first page of what others appended after it is read in the same round trip as the lock.
   */
  async lockHead(after?: number): Promise<HeadLock> {
    if (this.readOnly) throw new StorageBackendError('READ_ONLY', this.location, 'the store was opened read-only')
    if (this.held) throw new StorageBackendError('IO', this.location, 'lockHead() while a locked transaction is open')
    const { client, head, firstPage } = await this.attempt('locking the head', () => this.begin(after))
    const held = { client, head }
    this.held = held
    return {
      head,
      pagesAfter: (position) => this.lockedPages(client, position, head.position, position === after ? firstPage : undefined),
      release: async (err) => {
        if (this.held !== held) return
        this.held = null
        await client.query('rollback').then(
          () => client.release(err instanceof Error ? err : undefined),
          (e: Error) => client.release(e),
        )
      },
    }
  }

  private async *lockedPages(client: PgPoolClientLike, position: number, bound: number, first?: JournalRow[]) {
    let lastSeq = -1
    while (position < bound) {
      const r = first
        ? { rows: first }
        : await client.query<JournalRow>(this.pageQuery('$1', '$2::bigint', '$3::bigint'), [this.store, position, bound])
      first = undefined
      if (r.rows.length === 0) {
        position = this.pastGap(position, bound)
        continue
      }
      const page = this.decodeRows(r.rows, lastSeq)
      lastSeq = page.lastSeq
      position = page.rows[page.rows.length - 1]!.position
      yield page.rows
    }
  }

  /**
   * BEGIN and the head row's lock in one round trip (a simple query of several statements; the values are
   * inlined as literals). With `after`, also the first page of the rows after it up to the locked head: its own
   * statement, so its snapshot is taken once the lock is held and sees what the previous holder committed.
   */
  private async begin(after?: number): Promise<{ client: PgPoolClientLike; head: LockedHead; firstPage?: JournalRow[] }> {
    const client = await connectQuietly(this.db)
    try {
      const store = sqlLiteral(this.store)
      const page =
        after === undefined
          ? ''
          : `; ${this.pageQuery(store, sqlInt(after), `(select position from ${this.t}.head where store = ${store})`)}`
      const results = (await client.query(
        `begin; select position, seq, hash, link, receipts, keys_version from ${this.t}.head where store = ${store} for update${page}`,
      )) as unknown as Array<PgQueryResult<HeadRow | JournalRow>>
      const r = results[1] as PgQueryResult<HeadRow>
      if (!r.rows.length) throw new StorageBackendError('IO', this.location, 'the store has no head row (open() creates it)')
      return { client, head: headOf(r.rows[0]!), firstPage: (results[2] as PgQueryResult<JournalRow> | undefined)?.rows }
    } catch (e) {
      await client.query('rollback').catch(() => {})
      client.release(e as Error)
      throw e
    }
  }

  async append(entries: JournalEntry[], options?: AppendOptions): Promise<void> {
    void this.db // CLOSED before open() and after close()
    if (this.readOnly) throw new StorageBackendError('READ_ONLY', this.location, 'append() on a store opened read-only')
    const checked = entries.map((raw, i) => {
      const e = toJournalEntry(raw)
      if (typeof e === 'string')
        throw new StorageBackendError('BAD_ENTRY', this.location, `append(): entry ${i} of ${entries.length}: ${e}`)
      return e
    })
    const held = this.held
    this.held = null
    if (held) return this.writeAndCommit(held.client, held.head, checked, options)
    // Nothing is committed before COMMIT: a connection lost earlier is retried as a whole new transaction.
    await this.attempt('appending', async () => {
      const { client, head } = await this.begin()
      await this.writeAndCommit(client, head, checked, options)
    })
  }

  /** Checks the head, inserts, moves the head, notifies and commits on `client` (which it releases). */
  private async writeAndCommit(
    client: PgPoolClientLike,
    head: LockedHead,
    entries: JournalEntry[],
    options?: AppendOptions,
  ): Promise<void> {
    let released = false
    const release = (err?: Error) => {
      if (!released) client.release(err)
      released = true
    }
    try {
      checkExpectedHead(options, head, this.location)
      if (entries.length === 0) {
        await client.query('rollback')
        return release()
      }
      const tracker = HeadTracker.resume(head)
      const kinds: string[] = []
      const seqs: Array<number | null> = []
      const texts: string[] = []
      let position = head.position
      let receipts = head.receipts
      for (const e of entries) {
        tracker.push(e)
        position++
        kinds.push(e.t)
        // the receipt's place in the chain, whatever its body says (a stale writer's copy is stored, then verify reports it)
        seqs.push(e.t === 'r' || e.t === 'receipt' ? ++receipts : null)
        texts.push(encodeLine(e))
      }
      const next = tracker.position
      const store = sqlLiteral(this.store)
      const text = (v: string | null) => (v === null ? 'null' : sqlLiteral(v))
      const notice = encodeNotice({ store: this.store, position, seq: next.seq })
      const keyRows = this.subjectKeys?.staged() ?? []
      const keysVersion = keyRows.length ? head.keysVersion + 1 : head.keysVersion
      // One round trip: the rows, the head, the notice (delivered by PostgreSQL at COMMIT only) and the COMMIT, as
      // one simple query (which takes no parameters: the values are inlined as literals). Should a statement fail,
      // the ones after it do not run and the transaction is rolled back below.
      const arrays = `array[${kinds.map(text).join(',')}]::text[], array[${seqs.map((q) => (q === null ? 'null' : sqlInt(q))).join(',')}]::bigint[], array[${texts.map(text).join(',')}]::text[]`
      try {
        // a commit with subject key rows (erasure, rare) writes them, and the keys version, in the same transaction
        const keys = keyRows.length
          ? `with ${this.keyRowsSql(store, keyRows, keysVersion, text)},
               versioned as (update ${this.t}.head set keys_version = ${sqlInt(keysVersion)} where store = ${store})
             select 1;`
          : ''
        await client.query(
          `select ${this.t}.append_entries(${store}, ${sqlInt(head.position)}, ${arrays}, ${sqlInt(position)}, ${sqlInt(next.seq)},
             ${text(next.hash)}, ${text(next.link)}, ${sqlInt(receipts)}, ${text(this.channel)}, ${text(notice)});
           ${keys}
           commit`,
        )
      } catch (e) {
        if (!isConnectionError(e)) throw e
        release(e as Error)
        // The COMMIT may or may not have happened: the row at our last position says which.
        if (!(await this.committed(position, texts[texts.length - 1]!))) throw e
        this.unknownCommits++
      }
      release()
      this.commits++
      this.lastCommit = { position, seq: next.seq }
      if (keyRows.length) this.subjectKeys!.committed(keyRows, keysVersion)
      if (this.creating) await this.releaseCreationLock()
    } catch (e) {
      if (!released) {
        await client.query('rollback').catch(() => {})
        release(isConnectionError(e) ? (e as Error) : undefined)
      }
      throw e
    }
  }

  /**
   * The statements of a commit that write subject key rows: new keys inserted; destroyed keys set to NULL (a
   * tombstone inserted for a key this database never held), and with them every other key of the same subject's
   * tag, so that no key of a forgotten subject survives, whichever process made it.
   */
  private keyRowsSql(store: string, rows: readonly SubjectKeyRow[], version: number, text: (v: string | null) => string): string {
    const v = sqlInt(version)
    const erasedTags = [...new Set(rows.filter((r) => r.wrapped === null).map((r) => r.tag))]
    const kids = rows.map((r) => text(r.kid)).join(',')
    const keyed = `keyed as (
             insert into ${this.t}.subject_keys (store, kid, tag, wrapped, version, erased_at)
             select ${store}, u.kid, u.tag, u.wrapped, ${v}, case when u.wrapped is null then now() end
               from unnest(array[${kids}]::text[], array[${rows.map((r) => text(r.tag)).join(',')}]::text[],
                           array[${rows.map((r) => text(r.wrapped)).join(',')}]::text[]) as u(kid, tag, wrapped)
             on conflict (store, kid) do update set wrapped = null, version = excluded.version, erased_at = now()
               where excluded.wrapped is null and ${this.t}.subject_keys.wrapped is not null)`
    if (!erasedTags.length) return keyed
    return `${keyed},
           shredded as (
             update ${this.t}.subject_keys set wrapped = null, version = ${v}, erased_at = now()
               where store = ${store} and wrapped is not null and tag = any(array[${erasedTags.map(text).join(',')}]::text[])
                 and kid <> all(array[${kids}]::text[]))`
  }

  /**
   * The subject key rows that changed after keys version `after`, in version order; [] on a schema older than
   * version 2 (an auditor's read-only open does not migrate).
   */
  async subjectKeyRowsAfter(after: number): Promise<Array<SubjectKeyRow & { version: number }>> {
    const r = await this.attempt('reading subject keys', () =>
      this.db.query<{ kid: string; tag: string; wrapped: string | null; version: string }>(
        `select kid, tag, wrapped, version from ${this.t}.subject_keys where store = $1 and version > $2 order by version, kid`,
        [this.store, after],
      ),
    ).catch((e: unknown) => {
      // undefined_table (withRetry passes every error but a lost connection through as it is)
      if ((e as { code?: unknown })?.code === '42P01') return null
      throw e
    })
    return r ? r.rows.map((x) => ({ kid: x.kid, tag: x.tag, wrapped: x.wrapped, version: Number(x.version) })) : []
  }

  /** Whether the row at `position` holds exactly `text` (a COMMIT whose outcome was unknown went through). */
  private async committed(position: number, text: string): Promise<boolean> {
    // Locking the head row first waits for the old transaction to end either way (the server may still be
    // committing it when the new connection is up), so what is read next is final.
    const r = await this.attempt('reading back an unacknowledged commit', async () => {
      const { client } = await this.begin()
      try {
        return await client.query<{ entry: string }>(`select entry from ${this.t}.journal where store = $1 and position = $2`, [
          this.store,
          position,
        ])
      } finally {
        await client.query('rollback').then(
          () => client.release(),
          (e: Error) => client.release(e),
        )
      }
    })
    return r.rows.length === 1 && r.rows[0]!.entry === text
  }

  async close(): Promise<void> {
    if (this.state === 'closed') return
    const wasOpen = this.state === 'open'
    this.state = 'closed'
    if (this.held) {
      const { client } = this.held
      this.held = null
      await client.query('rollback').catch(() => {})
      client.release()
    }
    if (this.creating) await this.releaseCreationLock().catch(() => {})
    if (wasOpen && this.pool && !('pool' in this.connection)) await this.pool.end().catch(() => {})
    this.pool = undefined
  }
}
