/**
 * Aggregate reads over a store's query index (the sql.js receipts table, derived from the verified journal) for
 * the report and `sites`: counts grouped in SQLite and rows streamed one at a time, so a store of a million
 * receipts is read without an array of a million receipt objects. Reached through the Customs' tooling hooks
 * (core/internals.ts): no public method groups receipts.
 */
import type { Database, SqlValue } from 'sql.js'
import type { Customs } from '../core/customs.js'
import { internalsOf } from '../core/internals.js'

function db(customs: Customs): Database {
  return internalsOf(customs).index()
}

function all(customs: Customs, sql: string, params: SqlValue[] = []): SqlValue[][] {
  const stmt = db(customs).prepare(sql)
  try {
    stmt.bind(params)
    const out: SqlValue[][] = []
    while (stmt.step()) out.push(stmt.get())
    return out
  } finally {
    stmt.free()
  }
}

/** How often a site was written through, and its function as the receipts name it. */
export interface SiteCount {
  fired: number
  lastSeq: number
  fn: string | null
}

/** Receipts written through each source site: `file:line:column` -> count, last seq and function. */
export function siteCounts(customs: Customs): Map<string, SiteCount> {
  const out = new Map<string, SiteCount>()
  const rows = all(
    customs,
    'SELECT site_file, site_line, site_column, COUNT(*), MAX(seq), MAX(site_fn) FROM receipts WHERE site_file IS NOT NULL GROUP BY 1, 2, 3',
  )
  for (const [file, line, column, fired, lastSeq, fn] of rows)
    out.set(`${file}:${line ?? 0}:${column ?? 0}`, { fired: Number(fired), lastSeq: Number(lastSeq), fn: fn === null ? null : String(fn) })
  return out
}

/** The SQL expression of a receipt's source: its site's `file:line`, else `tool:<name>`, else `unattributed`. */
const SOURCE_SQL =
  "CASE WHEN site_file IS NOT NULL THEN site_file || ':' || site_line WHEN tool IS NOT NULL THEN 'tool:' || tool ELSE 'unattributed' END"

/** The `n` keys (non-null) with the most receipts, most first (ties by key). */
export function topKeys(customs: Customs, n: number): string[] {
  return all(customs, 'SELECT key, COUNT(*) AS c FROM receipts WHERE key IS NOT NULL GROUP BY key ORDER BY c DESC, key LIMIT ?', [n]).map(
    ([key]) => String(key),
  )
}

/**
 * The first and the last receipt's time (ISO), null for an empty store: the span the charts cover. `ts` is
 * informative (seq orders the chain), so a receipt stamped outside it (a clock set back) lands in an edge bucket.
 */
export function timeRange(customs: Customs): { from: string; to: string } | null {
  const first = all(customs, 'SELECT ts FROM receipts ORDER BY pos LIMIT 1')[0]
  const last = all(customs, 'SELECT ts FROM receipts ORDER BY pos DESC LIMIT 1')[0]
  if (!first || !last) return null
  const [a, b] = [String(first[0]), String(last[0])]
  return a <= b ? { from: a, to: b } : { from: b, to: a }
}

/** Receipts with this op. */
export function countOp(customs: Customs, op: string): number {
  return Number(all(customs, 'SELECT COUNT(*) FROM receipts WHERE op = ?', [op])[0]?.[0] ?? 0)
}

/** The seq of the `n`th newest receipt with this op (so the newest `n` are those from it on), or null if fewer. */
export function nthNewestSeq(customs: Customs, op: string, n: number): number | null {
  const [row] = all(customs, 'SELECT seq FROM receipts WHERE op = ? ORDER BY pos DESC LIMIT 1 OFFSET ?', [op, Math.max(0, n - 1)])
  return row ? Number(row[0]) : null
}

/** Stored checkpoints (size, Merkle root), oldest first. */
export function checkpointList(customs: Customs): Array<{ size: number; root: string }> {
  return all(customs, 'SELECT size, MIN(root) FROM checkpoints GROUP BY size ORDER BY size').map(([size, root]) => ({
    size: Number(size),
    root: String(root),
  }))
}

/** What the series pass reads of each receipt. */
export interface SeriesRow {
  ts: string
  key: string | null
  source: string
}

/**
 * Calls `visit` for every receipt in chain order with its time, key and source, streaming rows from SQLite;
 * `onRow` (if given) is told the number of rows read so far every `every` rows.
 */
export function eachSeriesRow(customs: Customs, visit: (row: SeriesRow) => void, onRow?: (done: number) => void, every = 8192): void {
  const stmt = db(customs).prepare(`SELECT ts, key, ${SOURCE_SQL} FROM receipts ORDER BY pos`)
  try {
    let done = 0
    while (stmt.step()) {
      const [ts, key, source] = stmt.get()
      visit({ ts: String(ts), key: key === null ? null : String(key), source: String(source) })
      if (++done % every === 0) onRow?.(done)
    }
    onRow?.(done)
  } finally {
    stmt.free()
  }
}
