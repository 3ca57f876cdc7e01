/**
 * The sql.js query index: receipts with typed projections, the per-key version index, value records,
 * state snapshots and checkpoints. It is derived data, rebuilt from the journal on open; the exact hashed
 * receipt bytes are kept in `receipts.body`, and the typed columns are projections that `verify` compares
 * against the body.
 *
 * Rows are buffered and inserted in one transaction per batch (before any query and on flush), so the
 * write path never waits for SQLite. One Database is opened per Customs and closed in close() (an unclosed
 * sql.js Database keeps a full copy of its image in WASM memory). `export()` is only ever called outside
 * a transaction (sql.js >= 1.15.2 throws otherwise; older versions silently rolled back).
 */
import type { Database, SqlJsStatic, Statement, SqlValue } from 'sql.js'
import initSqlJs from 'sql.js'

export interface SqlJsOptions {
  /** Where to find `sql-wasm.wasm` (browsers: e.g. a bundler `?url` import). */
  locateFile?: (file: string) => string
  /** The wasm bytes themselves. */
  wasmBinary?: ArrayBuffer | Uint8Array
}

/** Initialised modules by where their wasm comes from (default, a located URL) or by the wasm bytes object. */
const byLocation = new Map<string, Promise<SqlJsStatic>>()
const byBinary = new WeakMap<object, Promise<SqlJsStatic>>()

/**
 * Loads sql.js once per distinct wasm source, so a page that opens several stores instantiates the wasm
 * once. The cache key is the `wasmBinary` object (by identity) when given, else the URL `locateFile` returns
 * for `sql-wasm.wasm` (so a fresh closure returning the same URL still hits), else the default. A failed
 * load is dropped from this cache. Note: sql.js 1.17's own `initSqlJs` also keeps the first module of the
 * realm (and ignores the options of later calls, a failed first load included); this cache does not rely on
 * that, so a build of sql.js without it still instantiates once per source.
 */
export function loadSqlJs(options: SqlJsOptions = {}): Promise<SqlJsStatic> {
  const binary = options.wasmBinary
  let location: string | null = 'default'
  if (!binary && options.locateFile) {
    try {
      location = `url:${String(options.locateFile('sql-wasm.wasm'))}`
    } catch {
      location = null // cannot tell where it points: do not share
    }
  }
  const cached = binary ? byBinary.get(binary) : location !== null ? byLocation.get(location) : undefined
  if (cached) return cached
  const p = (initSqlJs as unknown as (cfg?: object) => Promise<SqlJsStatic>)({
    ...(options.locateFile ? { locateFile: options.locateFile } : {}),
    ...(binary ? { wasmBinary: binary } : {}),
  })
  const forget = () => {
    if (binary) byBinary.delete(binary)
    else if (location !== null) byLocation.delete(location)
  }
  if (binary) byBinary.set(binary, p)
  else if (location !== null) byLocation.set(location, p)
  p.catch(forget)
  return p
}

const SCHEMA = `
CREATE TABLE receipts(
  pos INTEGER PRIMARY KEY, seq INTEGER, hash TEXT, prev TEXT, ts TEXT, actor TEXT, op TEXT, pool TEXT, key TEXT,
  old TEXT, new TEXT, tool TEXT, call TEXT, site_file TEXT, site_line INTEGER, body TEXT NOT NULL);
CREATE INDEX receipts_seq ON receipts(seq);
CREATE INDEX receipts_key ON receipts(key, seq);
CREATE INDEX receipts_tool ON receipts(tool, seq) WHERE tool IS NOT NULL;
CREATE INDEX receipts_call ON receipts(call, seq) WHERE call IS NOT NULL;
CREATE INDEX receipts_file ON receipts(site_file, seq) WHERE site_file IS NOT NULL;
CREATE TABLE versions(pool TEXT NOT NULL, key TEXT NOT NULL, seq INTEGER NOT NULL, new_commit TEXT, PRIMARY KEY(pool, key, seq)) WITHOUT ROWID;
CREATE TABLE "values"("commit" TEXT PRIMARY KEY, body TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE snapshots(seq INTEGER PRIMARY KEY, state TEXT NOT NULL);
CREATE TABLE checkpoints(size INTEGER NOT NULL, root TEXT NOT NULL, note TEXT NOT NULL);
`

/** One receipt row: [pos, seq, hash, prev, ts, actor, op, pool, key, old, new, tool, call, site_file, site_line, body]. */
export type ReceiptRow = [number, number | null, string, string | null, string | null, string | null, string | null, string | null, string | null, string | null, string | null, string | null, string | null, string | null, number | null, string]

export interface StoredReceiptRow {
  pos: number
  seq: number | null
  hash: string
  prev: string | null
  ts: string | null
  actor: string | null
  op: string | null
  pool: string | null
  key: string | null
  old: string | null
  new: string | null
  tool: string | null
  call: string | null
  site_file: string | null
  site_line: number | null
  body: string
}

export class ReceiptIndex {
  readonly db: Database
  private pendingReceipts: ReceiptRow[] = []
  private pendingVersions: [string, string, number, string | null][] = []
  private pendingValues = new Map<string, string>()
  private pendingSnapshots: [number, string][] = []
  private insReceipt: Statement
  private insVersion: Statement
  private insValue: Statement
  private insSnapshot: Statement
  private getValueStmt: Statement
  private closed = false

  constructor(SQL: SqlJsStatic) {
    this.db = new SQL.Database()
    // The index is an in-memory cache rebuilt from the journal: no rollback journal, one transaction for the DDL.
    this.db.exec(`PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; BEGIN; ${SCHEMA} COMMIT;`)
    this.insReceipt = this.db.prepare('INSERT INTO receipts VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)')
    this.insVersion = this.db.prepare('INSERT OR REPLACE INTO versions VALUES (?,?,?,?)')
    this.insValue = this.db.prepare('INSERT OR REPLACE INTO "values" VALUES (?,?)')
    this.insSnapshot = this.db.prepare('INSERT OR REPLACE INTO snapshots VALUES (?,?)')
    this.getValueStmt = this.db.prepare('SELECT body FROM "values" WHERE "commit" = ?')
  }

  addReceipt(row: ReceiptRow): void {
    this.pendingReceipts.push(row)
  }
  addVersion(pool: string, key: string, seq: number, commit: string | null): void {
    this.pendingVersions.push([pool, key, seq, commit])
  }
  addValue(commit: string, body: string): void {
    this.pendingValues.set(commit, body)
  }
  addSnapshot(seq: number, state: string): void {
    this.pendingSnapshots.push([seq, state])
  }
  get pendingRows(): number {
    return this.pendingReceipts.length
  }

  /** Inserts every buffered row in one transaction. Called before any read and on flush. */
  sync(): void {
    if (this.closed) return
    if (!this.pendingReceipts.length && !this.pendingVersions.length && !this.pendingValues.size && !this.pendingSnapshots.length) return
    this.db.exec('BEGIN')
    try {
      for (const r of this.pendingReceipts) this.insReceipt.run(r as SqlValue[])
      for (const v of this.pendingVersions) this.insVersion.run(v)
      for (const [c, b] of this.pendingValues) this.insValue.run([c, b])
      for (const s of this.pendingSnapshots) this.insSnapshot.run(s)
      this.db.exec('COMMIT')
    } catch (e) {
      this.db.exec('ROLLBACK')
      throw e
    }
    this.pendingReceipts = []
    this.pendingVersions = []
    this.pendingValues.clear()
    this.pendingSnapshots = []
  }

  /** Value record body by commitment (buffered rows first). */
  valueBody(commit: string): string | undefined {
    const p = this.pendingValues.get(commit)
    if (p !== undefined) return p
    this.sync()
    this.getValueStmt.bind([commit])
    const body = this.getValueStmt.step() ? (this.getValueStmt.get()[0] as string) : undefined
    this.getValueStmt.reset()
    return body
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
    for (const s of [this.insReceipt, this.insVersion, this.insValue, this.insSnapshot, this.getValueStmt]) s.free()
    this.db.close()
  }
}
