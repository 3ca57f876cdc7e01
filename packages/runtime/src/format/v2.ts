/**
 * Receipt format v2: what is stored is only what cannot be derived.
 *
 * A v1 receipt carried its chain id, its own hash, the previous hash, a random UUID and an ISO timestamp, all
 * as 64-character hex or long text, in every record (631 journal bytes a receipt). In v2:
 * - the body is canonical JSON (RFC 8785 layout: keys sorted, no white space) of the fields below, with every
 *   null field left out and `ts` as integer epoch milliseconds;
 * - the hash is not stored: `hash = SHA-256(0x00 ‖ prev ‖ body)` (an RFC 6962 leaf hash whose leaf data is
 *   the previous hash, as base64url text, followed by the body text), recomputed by whoever reads it;
 * - the chain id is not stored per receipt: the first receipt's `prev` is `genesis(chain)`, so every hash
 *   depends on the chain id through the link;
 * - the id is derived: a UUIDv7 with the receipt's timestamp and bits of its hash.
 * Hashes and commitments are full 256-bit values in unpadded base64url (43 characters), never truncated.
 * The API `Receipt` object keeps its v1 fields (hex hash/prev, ISO ts, chain, id); see `toReceipt`.
 */
import type { Op, Pool, Receipt, ReceiptBody, ReceiptFrame, ReceiptSite } from '../core/receipt.js'
import { b64urlToHex, sha256Base64url } from '../crypto/hash.js'

export const FORMAT_V2 = 2

/**
 * The stored fields of a v2 receipt: a receipt body without what v2 derives (format, chain, id, link), with
 * `ts` as epoch milliseconds, and with `sig` on STORE receipts (the HMAC binding the result to (tool, call,
 * commitment, seq); see crypto/values.ts).
 */
export type BodyV2 = Omit<ReceiptBody, 'v' | 'chain' | 'id' | 'ts' | 'prev'> & { ts: number; sig: string | null }

export class BodyEncodingError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`receipt field ${field} ${problem}`)
  }
}

/** A string that JSON.stringify would escape, or that may hold a lone surrogate: it takes the checked path. */
const NEEDS_CARE = new RegExp(String.raw`["\\\u0000-\u001f\ud800-\udfff]`)

function text(v: string, field: string): string {
  if (typeof v !== 'string') throw new BodyEncodingError(field, `is ${v === null ? 'null' : typeof v}, expected a string`)
  // Most fields (commitments, keys, ops) need no escape: quoting them is what JSON.stringify would write.
  if (!NEEDS_CARE.test(v)) return '"' + v + '"'
  if (!(v as unknown as { isWellFormed(): boolean }).isWellFormed()) throw new BodyEncodingError(field, 'contains a lone surrogate')
  return JSON.stringify(v)
}

function int(v: number, field: string): string {
  if (!Number.isSafeInteger(v) || v < 0 || Object.is(v, -0)) throw new BodyEncodingError(field, 'is not a non-negative safe integer')
  return String(v)
}

/** `{"column":…,"file":…,"fn":…,"line":…}` (fn left out when null): a site, or its `via` frame. */
function frame(f: ReceiptFrame, field: string): string {
  return (
    `{"column":${int(f.column, `${field}.column`)},"file":${text(f.file, `${field}.file`)}` +
    (f.fn === null ? '' : `,"fn":${text(f.fn, `${field}.fn`)}`) +
    `,"line":${int(f.line, `${field}.line`)}}`
  )
}

/**
 * Canonical text of a v2 body. Keys are written in sorted order by hand (this runs on every write); the
 * tests pin that the output equals the generic canonical encoder's on the same object with nulls removed.
 * `op` is never null, so the fields before it end with a comma and the ones after it start with one.
 */
export function encodeBodyV2(b: BodyV2): string {
  let s = '{'
  if (b.actor !== null) s += '"actor":' + text(b.actor, 'actor') + ','
  if (b.call !== null) s += '"call":' + text(b.call, 'call') + ','
  if (b.key !== null) s += '"key":' + text(b.key, 'key') + ','
  if (b.new !== null) s += '"new":' + text(b.new, 'new') + ','
  if (b.old !== null) s += '"old":' + text(b.old, 'old') + ','
  s += '"op":' + text(b.op, 'op')
  if (b.pool !== null) s += ',"pool":' + text(b.pool, 'pool')
  if (b.reason !== null) s += ',"reason":' + text(b.reason, 'reason')
  s += ',"seq":' + int(b.seq, 'seq')
  if (b.sig !== null) s += ',"sig":' + text(b.sig, 'sig')
  if (b.site !== null) {
    const site = b.site
    s += ',"site":' + frame(site, 'site')
    if (site.via !== undefined) s = s.slice(0, -1) + `,"via":${frame(site.via, 'site.via')}}`
  }
  if (b.tool !== null) s += ',"tool":' + text(b.tool, 'tool')
  return s + ',"ts":' + int(b.ts, 'ts') + '}'
}

// The exact canonical layout encodeBodyV2 writes: optional fields present or absent (never null), strings
// with only the escapes JSON.stringify produces, integers without leading zeros. Runs of plain characters
// are matched in one step (the "unrolled loop" form), which keeps verify cheap.
const PLAIN = String.raw`[^"\\\u0000-\u001f\ud800-\udfff]`
const ESCAPE = String.raw`(?:[\ud800-\udbff][\udc00-\udfff]|\\["\\bfnrt]|\\u000[0-7bef]|\\u001[0-9a-f])`
const S = `("${PLAIN}*(?:${ESCAPE}${PLAIN}*)*")`
const N = String.raw`(0|[1-9]\d{0,15})`
const o = (name: string, first = false) => `(?:${first ? '' : ','}"${name}":${S})?`
const BODY_RE = new RegExp(
  `^\\{(?:"actor":${S},)?(?:"call":${S},)?(?:"key":${S},)?(?:"new":${S},)?(?:"old":${S},)?"op":${S}${o('pool')}${o('reason')},"seq":${N}${o('sig')}` +
    `(?:,"site":\\{"column":${N},"file":${S}${o('fn')},"line":${N}` +
    `(?:,"via":\\{"column":${N},"file":${S}${o('fn')},"line":${N}\\})?\\})?${o('tool')},"ts":${N}\\}$`,
)

function unquote(s: string | undefined): string | null {
  if (s === undefined) return null
  return s.includes('\\') ? (JSON.parse(s) as string) : s.slice(1, -1)
}

/**
 * Parses `text` when it is exactly the canonical encoding of a v2 body (what encodeBodyV2 would write for
 * the parsed value), else returns null. The tamper tests cross-check this against encodeBodyV2.
 */
export function parseBodyV2(text: string): BodyV2 | null {
  const m = BODY_RE.exec(text)
  if (!m) return null
  const seq = Number(m[9])
  const ts = Number(m[20])
  const hasSite = m[11] !== undefined
  const column = hasSite ? Number(m[11]) : 0
  const line = hasSite ? Number(m[14]) : 0
  if (!Number.isSafeInteger(seq) || !Number.isSafeInteger(ts) || !Number.isSafeInteger(column) || !Number.isSafeInteger(line)) return null
  let site: ReceiptSite | null = null
  if (hasSite) {
    site = { column, file: unquote(m[12])!, fn: unquote(m[13]), line }
    if (m[15] !== undefined) {
      const via = { column: Number(m[15]), file: unquote(m[16])!, fn: unquote(m[17]), line: Number(m[18]) }
      if (!Number.isSafeInteger(via.column) || !Number.isSafeInteger(via.line)) return null
      site.via = via
    }
  }
  return {
    actor: unquote(m[1]),
    call: unquote(m[2]),
    key: unquote(m[3]),
    new: unquote(m[4]),
    old: unquote(m[5]),
    op: unquote(m[6]) as Op,
    pool: unquote(m[7]) as Pool | null,
    reason: unquote(m[8]),
    seq,
    sig: unquote(m[10]),
    site,
    tool: unquote(m[19]),
    ts,
  }
}

/** The `prev` of receipt 1 of a v2 chain: binds every hash of the chain to its id. */
export function genesisV2(chain: string): string {
  return sha256Base64url(`memory-customs/2 genesis\n${chain}`)
}

/** The hash of a v2 receipt (base64url): SHA-256(0x00 ‖ prev ‖ body). */
export function receiptHashV2(prev: string, body: string): string {
  return sha256Base64url('\0' + prev + body)
}

/** Deterministic UUIDv7 of a v2 receipt: its timestamp and 74 bits of its hash (so ids are unique per chain). */
export function receiptIdV2(ts: number, hashHex: string): string {
  const r = hashHex
  return `${idTimePart(ts)}${r.slice(0, 3)}-${VARIANT[r.charCodeAt(3)] ?? variantOf(r[3])}${r.slice(4, 7)}-${r.slice(7, 19)}`
}

/** The RFC 9562 variant digit (10xx) that keeps the low two bits of a hex digit, by the digit's char code. */
const VARIANT: Record<number, string> = {}
const variantOf = (hexDigit: string): string => ((parseInt(hexDigit, 16) & 0x3) | 0x8).toString(16)
for (const d of '0123456789abcdef') VARIANT[d.charCodeAt(0)] = variantOf(d)

/** `tttttttt-tttt-7` of a UUIDv7, for the last timestamp asked (a busy writer stamps many receipts per millisecond). */
function idTimePart(ts: number): string {
  if (ts !== idTs) {
    const t = Math.max(0, Math.floor(ts)).toString(16).padStart(12, '0').slice(-12)
    idTs = ts
    idTime = `${t.slice(0, 8)}-${t.slice(8, 12)}-7`
  }
  return idTime
}
let idTs = Number.NaN
let idTime = ''

/**
 * The API object of a v2 receipt: v1's fields (hex hashes, ISO time, chain, id) plus `sig` where present. A writer
 * that already has the ISO time of `b.ts` passes it as `iso` (formatting it costs about a microsecond).
 */
export function toReceiptV2(b: BodyV2, hash: string, prev: string, chain: string, iso?: string): Receipt {
  const hashHex = b64urlToHex(hash)
  const r: Receipt = {
    v: 2,
    chain,
    seq: b.seq,
    id: receiptIdV2(b.ts, hashHex),
    ts: iso ?? new Date(b.ts).toISOString(),
    actor: b.actor,
    op: b.op,
    pool: b.pool,
    key: b.key,
    old: b.old,
    new: b.new,
    site: b.site,
    tool: b.tool,
    call: b.call,
    reason: b.reason,
    prev: prev.length === 64 ? prev : b64urlToHex(prev),
    hash: hashHex,
  }
  if (b.sig !== null) r.sig = b.sig
  return Object.freeze(r)
}
