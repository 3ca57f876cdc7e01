/**
 * The receipt: one hash-chained record per attempt to change memory. Bodies are RFC 8785 canonical JSON;
 * the exact bytes are hashed (RFC 6962 leaf hash) and stored. Values never appear: `old`/`new` are keyed
 * commitments (HMAC-SHA256 with the commitment key), so a low-entropy value cannot be guessed from a receipt.
 */
import { CanonicalError } from './canonical.js'
import { randomBytes, toHex } from '../crypto/hash.js'

export type Pool = 'decision' | 'execution' | 'plans' | 'observed'

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

export const OPS: readonly Op[] = ['COMMIT', 'STORE', 'RECORD_PLAN', 'PROMOTE', 'REFUSED', 'EXPIRE', 'OBSERVED_WRITE', 'COMPENSATE', 'ROLLBACK']

/** Ops that change a pool's state (and so get a row in the version index). */
export const STATE_OPS: ReadonlySet<string> = new Set(['COMMIT', 'STORE', 'RECORD_PLAN', 'PROMOTE', 'COMPENSATE'])

/** Where the write came from in the source, as the build-time probe recorded it. */
export interface ReceiptSite {
  file: string
  line: number
  column: number
  fn: string | null
}

/** The hashed record. Field order here is irrelevant: the encoding sorts keys. */
export interface ReceiptBody {
  /** Hash-scheme version. */
  v: 1
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

/** A receipt as the API returns it: the body plus its hash. Frozen. */
export interface Receipt extends ReceiptBody {
  hash: string
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

function int(v: number, path: string): string {
  if (!Number.isSafeInteger(v) || Object.is(v, -0)) throw new CanonicalError(path, 'is not a safe integer')
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
      : `{"column":${int(b.site.column, 'site.column')},"file":${str(b.site.file, 'site.file')},"fn":${str(b.site.fn, 'site.fn')},"line":${int(b.site.line, 'site.line')}}`
  return (
    `{"actor":${str(b.actor, 'actor')},"call":${str(b.call, 'call')},"chain":${str(b.chain, 'chain')},"id":${str(b.id, 'id')}` +
    `,"key":${str(b.key, 'key')},"new":${str(b.new, 'new')},"old":${str(b.old, 'old')},"op":${str(b.op, 'op')}` +
    `,"pool":${str(b.pool, 'pool')},"prev":${str(b.prev, 'prev')},"reason":${str(b.reason, 'reason')},"seq":${int(b.seq, 'seq')}` +
    `,"site":${site},"tool":${str(b.tool, 'tool')},"ts":${str(b.ts, 'ts')},"v":${int(b.v, 'v')}}`
  )
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

export function siteOf(s: { file: string; line: number; column: number; fn: string | null } | null): ReceiptSite | null {
  return s ? { file: s.file, line: s.line, column: s.column, fn: s.fn } : null
}
