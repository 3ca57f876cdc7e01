/**
 * The sql.js query index: receipts with typed projections, the per-key version index, state snapshots and
 * checkpoints. It is derived data, rebuilt from the journal on open and never evidence: `verify` reads the
 * journal itself. The exact stored receipt bytes are kept in `receipts.body`; value records are kept by the
 * ValueStore (core/values.ts), not here.
 *
 * Rows are buffered and inserted in one transaction per batch (before any query and on flush), so the
 * write path never waits for SQLite. One Database is opened per Customs and closed in close() (an unclosed
 * sql.js Database keeps a full copy of its image in WASM memory). `export()` is only ever called outside
 * a transaction (sql.js >= 1.15.2 throws otherwise; older versions silently rolled back).
 */
import type { Database, SqlJsStatic, Statement, SqlValue } from 'sql.js'
import type { CauseColumn, OriginRow, ReceiptRow } from './index-rows.js'

const SCHEMA = `
CREATE TABLE receipts(
  pos INTEGER PRIMARY KEY, seq INTEGER, hash TEXT, ts TEXT, actor TEXT, op TEXT, pool TEXT, key TEXT,
  old TEXT, new TEXT, tool TEXT, call TEXT, site_file TEXT, site_line INTEGER, site_column INTEGER, site_fn TEXT,
  reason TEXT, sig TEXT, body TEXT);
CREATE INDEX receipts_seq ON receipts(seq);
CREATE INDEX receipts_key ON receipts(key, seq);
CREATE INDEX receipts_tool ON receipts(tool, seq) WHERE tool IS NOT NULL;
CREATE INDEX receipts_call ON receipts(call, seq) WHERE call IS NOT NULL;
CREATE INDEX receipts_file ON receipts(site_file, seq) WHERE site_file IS NOT NULL;
CREATE TABLE snapshots(seq INTEGER PRIMARY KEY, state TEXT NOT NULL);
CREATE TABLE checkpoints(size INTEGER NOT NULL, root TEXT NOT NULL, note TEXT NOT NULL);
`

/** Rows the journal writer's index upkeep (`syncSome`) inserts in one transaction before committing it. */
const COMMIT_EVERY = 1024

const STATE_WRITE_OPS = "op IN ('COMMIT','STORE','RECORD_PLAN','PROMOTE','COMPENSATE')"

/** Equality and range conditions on receipt columns; absent fields do not filter. */
export interface ReceiptQuery {
  key?: string
  pool?: string
  tool?: string
  call?: string
  siteFile?: string
  op?: string
  afterSeq?: number
  fromSeq?: number
  toSeq?: number
  /** ISO timestamp: receipts at or after it. */
  sinceTs?: string
  limit?: number
}

/** [seq, op, pool, key, new, tool, call, ts, reason] */
export type ReplayRow = [number, string, string | null, string | null, string | null, string | null, string | null, string, string | null]

/**
 * A receipt row as stored: its hash and link as the chain spells them (hex or base64url), its columns, and its
 * body where the index keeps one (format 1, or a body that does not parse); null for a format-2 receipt.
 */
export interface StoredReceipt {
  body: string | null
  hash: string
  prev: string | null
  seq: number
  ts: string
  actor: string | null
  op: string
  pool: string | null
  key: string | null
  old: string | null
  new: string | null
  tool: string | null
  call: string | null
  site_file: string | null
  site_line: number | null
  site_column: number | null
  site_fn: string | null
  reason: string | null
  sig: string | null
}

/** `prev` is the hash of the receipt before (null for the first): rows are kept at consecutive positions. */
const STORED_COLUMNS =
  'body, hash, (SELECT p.hash FROM receipts p WHERE p.pos = receipts.pos - 1) AS prev, seq, ts, actor, op, pool, key, old, new, tool, call, site_file, site_line, site_column, site_fn, reason, sig'

export class ReceiptIndex {
  readonly db: Database
  /**
   * Rows not yet committed. Those before `pendingFrom` (and snapshots before `snapshotsFrom`) are inserted in
   * the open transaction (`syncSome` inserts a slice at a time); they leave the buffer when it commits.
   */
  private pendingReceipts: ReceiptRow[] = []
  private pendingFrom = 0
  private pendingSnapshots: [number, string][] = []
  private snapshotsFrom = 0
  private inTransaction = false
  private insReceipt: Statement
  private insSnapshot: Statement
  private closed = false

  /**
   * A fresh, empty index; or, with `image`, the index an open snapshot saved (`image()`), which the caller
   * has authenticated. Throws when the image is not a database with this schema.
   */
  constructor(
    SQL: SqlJsStatic,
    image?: Uint8Array,
    /**
     * Rows are inserted when a read needs them only (`StorageBackend.deferIndex`): `syncSome` and `keepUp`
     * leave them buffered; every read still inserts what is buffered first.
     */
    readonly deferred = false,
  ) {
    this.db = image ? new SQL.Database(image) : new SQL.Database()
    try {
      // The index is an in-memory cache rebuilt from the journal: no rollback journal, one transaction for the DDL.
      this.db.exec(`PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;${image ? '' : ` BEGIN; ${SCHEMA} COMMIT;`}`)
      this.insReceipt = this.db.prepare('INSERT INTO receipts VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)')
      this.insSnapshot = this.db.prepare('INSERT OR REPLACE INTO snapshots VALUES (?,?)')
    } catch (e) {
      this.db.close()
      throw e
    }
  }

  /**
   * The database image (SQLite file bytes) with every buffered row in it, for an open snapshot. sql.js's
   * `export()` closes and reopens the connection, which frees prepared statements and resets the pragmas:
   * both are set up again.
   */
  image(): Uint8Array {
    this.sync()
    const bytes = this.db.export()
    this.db.exec('PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;')
    this.insReceipt = this.db.prepare('INSERT INTO receipts VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)')
    this.insSnapshot = this.db.prepare('INSERT OR REPLACE INTO snapshots VALUES (?,?)')
    return bytes
  }

  addReceipt(row: ReceiptRow): void {
    this.pendingReceipts.push(row)
  }
  addSnapshot(seq: number, state: string): void {
    this.pendingSnapshots.push([seq, state])
  }
  get pendingRows(): number {
    return this.pendingReceipts.length - this.pendingFrom
  }

  /** Inserts every buffered row and commits. Called before any read (reads see every row written so far). */
  sync(): void {
    this.insertPending(Infinity)
    this.commit()
  }

  /** Upkeep: inserts the buffered rows once `backlog` of them wait, unless the index is deferred. */
  keepUp(backlog: number): void {
    if (!this.deferred && this.pendingRows >= backlog) this.sync()
  }

  /**
   * Inserts up to `max` buffered receipt rows (and every buffered snapshot), oldest first; true while rows
   * remain. Lets the journal writer do index upkeep in slices that fit an fsync's wait. Slices share one
   * transaction until it holds COMMIT_EVERY rows (or a read syncs): a commit writes every page the rows
   * touched (the receipts table and an index page per key), so committing each slice of 16 rows would write
   * the same pages again and again (about a third more CPU a row, measured).
   */
  syncSome(max: number): boolean {
    if (this.deferred) return false
    this.insertPending(max)
    if (this.pendingFrom >= COMMIT_EVERY) this.commit()
    return !this.closed && this.pendingFrom < this.pendingReceipts.length
  }

  /**
   * Inserts rows from `pendingFrom` on into the open transaction (opened here if needed). On failure the whole
   * transaction is rolled back and every row in it is buffered again, so the next sync retries them in order.
   */
  private insertPending(max: number): void {
    if (this.closed) return
    const rows = this.pendingReceipts
    const snapshots = this.pendingSnapshots
    const from = this.pendingFrom
    if (from === rows.length && this.snapshotsFrom === snapshots.length) return
    const to = Math.min(rows.length, from + max)
    try {
      if (!this.inTransaction) {
        this.db.exec('BEGIN')
        this.inTransaction = true
      }
      for (let i = from; i < to; i++) this.insReceipt.run(rows[i] as SqlValue[])
      for (let i = this.snapshotsFrom; i < snapshots.length; i++) this.insSnapshot.run(snapshots[i]!)
    } catch (e) {
      this.rollback()
      throw e
    }
    this.pendingFrom = to
    this.snapshotsFrom = snapshots.length
  }

  /** Commits the open transaction; the rows in it leave the buffer. */
  private commit(): void {
    if (!this.inTransaction || this.closed) return
    try {
      this.db.exec('COMMIT')
    } catch (e) {
      this.rollback()
      throw e
    }
    this.inTransaction = false
    this.pendingReceipts = this.pendingFrom === this.pendingReceipts.length ? [] : this.pendingReceipts.slice(this.pendingFrom)
    this.pendingFrom = 0
    this.pendingSnapshots = this.pendingSnapshots.slice(this.snapshotsFrom)
    this.snapshotsFrom = 0
  }

  private rollback(): void {
    try {
      if (this.inTransaction) this.db.exec('ROLLBACK')
    } catch {
      // SQLite may already have rolled back on the error; the rows stay buffered either way
    }
    this.inTransaction = false
    this.pendingFrom = 0
    this.snapshotsFrom = 0
  }

  /** The first stored row for `seq` (a duplicate seq keeps its first position). */
  receiptAt(seq: number): StoredReceipt | undefined {
    return this.all<StoredReceipt>(`SELECT ${STORED_COLUMNS} FROM receipts WHERE seq = ? ORDER BY pos LIMIT 1`, [seq])[0]
  }

  /** What a COMPENSATE needs of the receipt whose value it restores (first stored row for `seq`). */
  originRow(seq: number): OriginRow | undefined {
    return this.all<OriginRow>('SELECT op, ts, reason, tool, call, new, sig, hash FROM receipts WHERE seq = ? ORDER BY pos LIMIT 1', [
      seq,
    ])[0]
  }

  /** Receipts matching every given field, in chain order. */
  findReceipts(q: ReceiptQuery): StoredReceipt[] {
    const where: string[] = []
    const params: (string | number)[] = []
    const where1 = (condition: string, v: string | number | undefined) => {
      if (v !== undefined) {
        where.push(condition)
        params.push(v)
      }
    }
    where1('key = ?', q.key)
    where1('pool = ?', q.pool)
    where1('tool = ?', q.tool)
    where1('call = ?', q.call)
    where1('site_file = ?', q.siteFile)
    where1('op = ?', q.op)
    where1('seq > ?', q.afterSeq)
    where1('seq >= ?', q.fromSeq)
    where1('seq <= ?', q.toSeq)
    where1('ts >= ?', q.sinceTs)
    const sql = `SELECT ${STORED_COLUMNS} FROM receipts${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY pos${q.limit ? ` LIMIT ${Math.max(0, Math.floor(q.limit))}` : ''}`
    return this.all<StoredReceipt>(sql, params)
  }

  /** The latest state snapshot at or before `seq`. */
  snapshotAtOrBefore(seq: number): { seq: number; state: string } | undefined {
    return this.all<{ seq: number; state: string }>('SELECT seq, state FROM snapshots WHERE seq <= ? ORDER BY seq DESC LIMIT 1', [seq])[0]
  }

  /**
   * Streams the receipts with `afterSeq < seq <= toSeq` as state-replay rows from the typed columns.
   */
  eachReplayRow(afterSeq: number, toSeq: number, fn: (row: ReplayRow) => void): void {
    this.each(
      'SELECT seq, op, pool, key, new, tool, call, ts, reason FROM receipts WHERE seq > ? AND seq <= ? ORDER BY pos',
      [afterSeq, toSeq],
      (row) => fn(row as ReplayRow),
    )
  }

  /** Receipt hashes in chain order after position `pos`. */
  eachHashAfter(pos: number, fn: (hash: string) => void): void {
    this.each('SELECT hash FROM receipts WHERE pos > ? ORDER BY pos', [pos], (row) => fn(row[0] as string))
  }

  /** Receipt hashes of positions 1..`size` in chain order (a Merkle frontier over a prefix). */
  eachHashUpTo(size: number, fn: (hash: string) => void): void {
    this.each('SELECT hash FROM receipts WHERE pos <= ? ORDER BY pos', [size], (row) => fn(row[0] as string))
  }

  /** The first receipt that committed to `commit` (for naming it in an error), or undefined. */
  firstSeqWriting(commit: string): number | undefined {
    return this.all<{ seq: number }>('SELECT seq FROM receipts WHERE new = ? ORDER BY pos LIMIT 1', [commit])[0]?.seq
  }

  /** Sizes of the checkpoints recorded so far (verify computes Merkle roots at exactly these sizes). */
  checkpointSizes(): number[] {
    return this.all<{ size: number }>('SELECT DISTINCT size FROM checkpoints').map((r) => r.size)
  }

  addCheckpoint(size: number, root: string, note: string): void {
    this.sync()
    this.db.run('INSERT INTO checkpoints VALUES (?,?,?)', [size, root, note])
  }

  /** The highest seq with a timestamp at or before `iso` (null when none). */
  lastSeqAtOrBefore(iso: string): number | null {
    return this.all<{ seq: number | null }>('SELECT MAX(seq) AS seq FROM receipts WHERE ts <= ?', [iso])[0]?.seq ?? null
  }

  /**
   * Pool and key of every state-changing receipt, with the cause column as `c`: those whose cause equals
   * `value`, or, with `value` null, every one with a site (the caller matches a file glob itself).
   */
  stateWritesByCause(column: CauseColumn, value: string | null): Array<{ pool: string; key: string; c: string }> {
    const sql =
      value === null
        ? `SELECT pool, key, ${column} AS c FROM receipts WHERE ${STATE_WRITE_OPS} AND site_file IS NOT NULL`
        : `SELECT pool, key, ${column} AS c FROM receipts WHERE ${STATE_WRITE_OPS} AND ${column} = ?`
    return this.all<{ pool: string; key: string; c: string }>(sql, value === null ? [] : [value])
  }

  /** Every state-changing receipt of one key in chain order, with the cause column as `c`. */
  stateWritesOfKey(
    pool: string,
    key: string,
    column: CauseColumn,
  ): Array<{ seq: number; op: string; new: string | null; c: string | null; tool: string | null; call: string | null }> {
    return this.all<{ seq: number; op: string; new: string | null; c: string | null; tool: string | null; call: string | null }>(
      `SELECT seq, op, new, ${column} AS c, tool, call FROM receipts WHERE pool = ? AND key = ? AND ${STATE_WRITE_OPS} ORDER BY pos`,
      [pool, key],
    )
  }

  /** Runs a query and returns rows as objects. */
  all<T = Record<string, SqlValue>>(sql: string, params: SqlValue[] = []): T[] {
    this.sync()
    const stmt = this.db.prepare(sql)
    try {
      stmt.bind(params)
      const out: T[] = []
      while (stmt.step()) out.push(stmt.getAsObject() as T)
      return out
    } finally {
      stmt.free()
    }
  }

  /** Streams rows to a callback (no array of a million objects for verify). */
  each(sql: string, params: SqlValue[], fn: (row: SqlValue[]) => void | false): void {
    this.sync()
    const stmt = this.db.prepare(sql)
    try {
      stmt.bind(params)
      while (stmt.step()) if (fn(stmt.get()) === false) break
    } finally {
      stmt.free()
    }
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    for (const s of [this.insReceipt, this.insSnapshot]) s.free()
    this.db.close()
  }
}
