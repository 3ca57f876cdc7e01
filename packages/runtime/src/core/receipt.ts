/**
 * The receipt: one hash-chained record per attempt to change memory. Bodies are RFC 8785 canonical JSON;
 * the exact bytes are hashed (RFC 6962 leaf hash) and stored. Values never appear: `old`/`new` are keyed
 * commitments (HMAC-SHA256 with the commitment key), so a low-entropy value cannot be guessed from a receipt.
 */
import { CanonicalError } from './canonical.js'
import { randomBytes, toHex } from '../crypto/hash.js'

/**
 * `memory`: long-term memories (scanned, reviewed; see core/memory/). `working`: session-scoped working memory
 * with a TTL, never visible as long-term memory.
 */
export type Pool = 'decision' | 'execution' | 'plans' | 'observed' | 'memory' | 'working'

export type Op =
  | 'COMMIT'
  | 'STORE'
  | 'RECORD_PLAN'
  | 'PROMOTE'
  | 'REFUSED'
  | 'EXPIRE'
  | 'OBSERVED_WRITE'
  | 'COMPENSATE'
  | 'ROLLBACK'
  /** Format 2's first receipt in a store written by the first release: the receipts before it are legacy. */
  | 'MIGRATE'
  /**
   * The memory lifecycle (pool `memory`; a pending promotion is a PROPOSE/APPROVE/REJECT in pool `decision`).
   * Their `reason` is canonical JSON with the trust score, rule set, findings summary, source and session:
   * see core/memory/meta.ts. EXPIRE also ends working-memory entries and memories with a validity.
   */
  | 'PROPOSE'
  | 'APPROVE'
  | 'REJECT'
  | 'UPDATE'
  | 'RESCORE'
  | 'DELETE'
  /** A working-memory write (pool `working`, key `session/name`). */
  | 'PUT'
  /** A rendered context: which entries the model was shown (`reason` names them). */
  | 'READ'
  /** A guardrail check before an action: decision, risk vector and reasons in `reason` (core/memory/meta.ts). */
  | 'GUARD'
  /** An erasure: a subject's value keys were destroyed; `reason` names the subject tag and what was shredded. */
  | 'FORGET'

export const OPS: readonly Op[] = [
  'COMMIT',
  'STORE',
  'RECORD_PLAN',
  'PROMOTE',
  'REFUSED',
  'EXPIRE',
  'OBSERVED_WRITE',
  'COMPENSATE',
  'ROLLBACK',
  'MIGRATE',
  'PROPOSE',
  'APPROVE',
  'REJECT',
  'UPDATE',
  'RESCORE',
  'DELETE',
  'PUT',
  'READ',
  'GUARD',
  'FORGET',
]

/**
 * Ops that write a value (so the journal holds its value record). The first five change the Decision,
 * Execution or plans pool and get a row in the version index; PROPOSE, UPDATE and PUT carry memory content.
 */
export const STATE_OPS: ReadonlySet<string> = new Set([
  'COMMIT',
  'STORE',
  'RECORD_PLAN',
  'PROMOTE',
  'COMPENSATE',
  'PROPOSE',
  'UPDATE',
  'PUT',
])

/** One source position of a probed call: file, 1-based line and column, enclosing function. */
export interface ReceiptFrame {
  file: string
  line: number
  column: number
  fn: string | null
}

/**
 * Where the write came from in the source, as the build-time probe recorded it. For a write made through a
 * wrapper (the plugin's `wrappers` option or a `@memoryWrite` function), the site is the outermost caller's line
 * and `via` the write's own call inside the wrapper (the second frame); absent otherwise. Format 2 only.
 */
export interface ReceiptSite extends ReceiptFrame {
  via?: ReceiptFrame
}

/** The hashed record. Field order here is irrelevant: the encoding sorts keys. */
export interface ReceiptBody {
  /** Receipt format: 1 (first release; stored as is) or 2 (compact, authenticated; see format/v2.ts). */
  v: 1 | 2
  /** Chain id: stops a receipt from being replayed into another store. */
  chain: string
  /** Position in the chain, from 1, contiguous. Defines the order (`ts` is informative only). */
  seq: number
  /** UUIDv7 for external reference. */
  id: string
  /** RFC 3339 UTC with milliseconds. */
  ts: string
  actor: string | null
  op: Op
  /** Pool affected, `null` for ROLLBACK. */
  pool: Pool | null
  /** Decision key, `tool/callId` for the Execution pool, plan id for plans. */
  key: string | null
  /** Commitment of the value before, or null. */
  old: string | null
  /** Commitment of the value after (attempted value for REFUSED), or null. */
  new: string | null
  site: ReceiptSite | null
  tool: string | null
  call: string | null
  /**
   * Machine-readable: REFUSED -> `<attempted op>:<CODE>`; PROMOTE -> `plan:<planRef>`; COMPENSATE ->
   * `restore@<seq>` (the receipt whose value is restored, 0 = absent); ROLLBACK -> canonical JSON of the
   * target; otherwise the caller's reason or null.
   */
  reason: string | null
  /** Hash of receipt seq-1; 64 zeros for seq 1. */
  prev: string
}

/**
 * A receipt as the API returns it, whatever its stored format: the body fields plus its hash (hex). Format-2
 * STORE receipts also carry `sig`, the HMAC binding the result to (tool, call, commitment, seq). Frozen.
 */
export interface Receipt extends ReceiptBody {
  hash: string
  sig?: string
}

export const ZERO_HASH = '0'.repeat(64)
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

function str(v: string | null, path: string): string {
  if (v === null) return 'null'
  if (typeof v !== 'string') throw new CanonicalError(path, `is ${typeof v}, expected a string`)
  const wf = (v as { isWellFormed?: () => boolean }).isWellFormed
  if (wf ? !wf.call(v) : LONE_SURROGATE.test(v)) throw new CanonicalError(path, 'contains a lone surrogate')
  return JSON.stringify(v)
}

/** Fields every receipt has: never null. */
function req(v: string, path: string): string {
  if (typeof v !== 'string') throw new CanonicalError(path, `is ${v === null ? 'null' : typeof v}, expected a string`)
  return str(v, path)
}

function int(v: number, path: string): string {
  if (!Number.isSafeInteger(v) || v < 0 || Object.is(v, -0)) throw new CanonicalError(path, 'is not a non-negative safe integer')
  return String(v)
}

/**
 * Encodes a receipt body canonically. Equivalent to `canonicalize(body, { integersOnly: true })` (the tests
 * pin that), but with the key order written out because this runs on every write.
 */
export function encodeBody(b: ReceiptBody): string {
  const site =
    b.site === null
      ? 'null'
      : `{"column":${int(b.site.column, 'site.column')},"file":${req(b.site.file, 'site.file')},"fn":${str(b.site.fn, 'site.fn')},"line":${int(b.site.line, 'site.line')}}`
  return (
    `{"actor":${str(b.actor, 'actor')},"call":${str(b.call, 'call')},"chain":${req(b.chain, 'chain')},"id":${req(b.id, 'id')}` +
    `,"key":${str(b.key, 'key')},"new":${str(b.new, 'new')},"old":${str(b.old, 'old')},"op":${req(b.op, 'op')}` +
    `,"pool":${str(b.pool, 'pool')},"prev":${req(b.prev, 'prev')},"reason":${str(b.reason, 'reason')},"seq":${int(b.seq, 'seq')}` +
    `,"site":${site},"tool":${str(b.tool, 'tool')},"ts":${req(b.ts, 'ts')},"v":${int(b.v, 'v')}}`
  )
}

// The exact canonical layout of a v1 body, as encodeBody writes it: fixed key order, strings with only the
// escapes JSON.stringify produces (no lone surrogates), non-negative integers without leading zeros.
// A string is written as the "unrolled loop" runs-of-plain-characters form, (C*(E C*)*), which matches the
// same language as (C|E)* but lets the regex engine take a run of plain characters in one step (~25% faster).
const PLAIN = String.raw`[^"\\\u0000-\u001f\ud800-\udfff]`
const ESCAPE = String.raw`(?:[\ud800-\udbff][\udc00-\udfff]|\\["\\bfnrt]|\\u000[0-7bef]|\\u001[0-9a-f])`
const S = `"${PLAIN}*(?:${ESCAPE}${PLAIN}*)*"`
const N = String.raw`(0|[1-9]\d{0,15})`
const OS = `(null|${S})`
const BODY_RE = new RegExp(
  `^\\{"actor":${OS},"call":${OS},"chain":(${S}),"id":(${S}),"key":${OS},"new":${OS},"old":${OS},"op":(${S}),"pool":${OS},"prev":(${S})` +
    `,"reason":${OS},"seq":${N},"site":(?:null|\\{"column":${N},"file":(${S}),"fn":${OS},"line":${N}\\}),"tool":${OS},"ts":(${S}),"v":1\\}$`,
)

function unquote(s: string | undefined): string | null {
  if (s === undefined || s === 'null') return null
  return s.includes('\\') ? (JSON.parse(s) as string) : s.slice(1, -1)
}

/**
 * Parses `text` when it is exactly the canonical encoding of a v1 receipt body (what encodeBody would write
 * for the parsed value), else returns null. A single anchored regex, several times cheaper than
 * JSON.parse + re-encode, which matters for verify throughput; the tamper tests cross-check it against
 * encodeBody on thousands of altered bodies.
 */
export function parseCanonicalBody(text: string): ReceiptBody | null {
  const m = BODY_RE.exec(text)
  if (!m) return null
  const seq = Number(m[12])
  const hasSite = m[14] !== undefined
  const column = hasSite ? Number(m[13]) : 0
  const line = hasSite ? Number(m[16]) : 0
  if (!Number.isSafeInteger(seq) || !Number.isSafeInteger(column) || !Number.isSafeInteger(line)) return null
  return {
    v: 1 as const,
    actor: unquote(m[1]),
    call: unquote(m[2]),
    chain: unquote(m[3])!,
    id: unquote(m[4])!,
    key: unquote(m[5]),
    new: unquote(m[6]),
    old: unquote(m[7]),
    op: unquote(m[8]) as Op,
    pool: unquote(m[9]) as Pool | null,
    prev: unquote(m[10])!,
    reason: unquote(m[11]),
    seq,
    site: hasSite ? { column, file: unquote(m[14])!, fn: unquote(m[15]), line } : null,
    tool: unquote(m[17]),
    ts: unquote(m[18])!,
  }
}

/** Random bytes drawn in blocks: getRandomValues per receipt would dominate the write path. */
let pool: Uint8Array = new Uint8Array(0)
let poolAt = 0
function random10(): Uint8Array {
  if (poolAt + 10 > pool.length) {
    pool = randomBytes(4096)
    poolAt = 0
  }
  const out = pool.subarray(poolAt, poolAt + 10)
  poolAt += 10
  return out
}

/** RFC 9562 UUIDv7 (48-bit ms timestamp, version 7, variant 10, 74 random bits). */
export function uuidv7(ms: number): string {
  const r = toHex(random10())
  const t = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0').slice(-12)
  const variant = ((parseInt(r[3], 16) & 0x3) | 0x8).toString(16)
  return `${t.slice(0, 8)}-${t.slice(8, 12)}-7${r.slice(0, 3)}-${variant}${r.slice(4, 7)}-${r.slice(7, 19)}`
}

/** Execution-pool key of a tool call: `tool/callId`, with `%` and `/` in the tool name percent-escaped. */
export function executionKey(tool: string, callId: string): string {
  return `${tool.replace(/%/g, '%25').replace(/\//g, '%2F')}/${callId}`
}

export function siteOf(s: (ReceiptFrame & { via?: ReceiptFrame }) | null): ReceiptSite | null {
  if (!s) return null
  const site: ReceiptSite = { file: s.file, line: s.line, column: s.column, fn: s.fn }
  if (s.via) site.via = { file: s.via.file, line: s.via.line, column: s.via.column, fn: s.via.fn }
  return site
}
