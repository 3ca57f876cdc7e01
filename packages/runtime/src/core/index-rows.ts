/**
 * The rows of the query index (core/index-db.ts): how a receipt is projected into columns, and the shapes the
 * index hands back. Pure data, no sql.js: the ledger builds rows on the write path without touching the database.
 */
import type { ReceiptBody } from './receipt.js'

/**
 * One receipt row: [pos, seq, hash, ts, actor, op, pool, key, old, new, tool, call, site_file, site_line,
 * site_column, site_fn, reason, sig, body]. `body` is kept only where the columns cannot give the stored bytes
 * back: format-1 receipts (hashed as they are stored) and bodies that do not parse. A format-2 body is its
 * columns' canonical encoding, so storing it again would only double what the index holds.
 */
export type ReceiptRow = [
  number,
  number | null,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  number | null,
  number | null,
  string | null,
  string | null,
  string | null,
  string | null,
]

/** The fields of a receipt the index projects into columns (a format-1 or format-2 body, or a draft). */
type Projected = Pick<ReceiptBody, 'actor' | 'op' | 'pool' | 'key' | 'old' | 'new' | 'tool' | 'call' | 'site' | 'reason'> & {
  sig?: string | null
}

/**
 * The index row of one receipt: its position, seq, hash as the chain spells it, ISO time, projections, body. Its
 * link is not stored: it is the hash of the row before (STORED_COLUMNS), 43 bytes a receipt less in WASM memory.
 */
export function receiptRow(
  pos: number,
  seq: number,
  hash: string,
  ts: string | null,
  b: Projected,
  body: string | null,
  /** The tool-result signature, when the caller has it apart from `b` (the ledger's draft does). */
  sig: string | null = b.sig ?? null,
): ReceiptRow {
  const site = b.site
  return [
    pos,
    seq,
    hash,
    ts,
    b.actor,
    b.op,
    b.pool,
    b.key,
    b.old,
    b.new,
    b.tool,
    b.call,
    site?.file ?? null,
    site?.line ?? null,
    site?.column ?? null,
    site?.fn ?? null,
    b.reason,
    sig,
    body,
  ]
}

/** The index row of a receipt whose body does not parse: only its position, hash and the text as stored. */
export function undecodableRow(pos: number, hash: string, text: string): ReceiptRow {
  return [pos, null, hash, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, text]
}

/** What a COMPENSATE, and the Bridge's signature check, need of an earlier receipt. */
export interface OriginRow {
  op: string
  ts: string
  reason: string | null
  tool: string | null
  call: string | null
  new: string | null
  sig: string | null
  /** As the chain spells it: 43 base64url characters for a format-2 receipt, 64 hex for format 1. */
  hash: string
}

/** Receipt columns a rollback by cause matches on. */
export type CauseColumn = 'tool' | 'call' | 'site_file'
