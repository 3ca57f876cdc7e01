/**
 * Verification of the receipt chain from its stored bytes. Per receipt, in this order: canonical encoding,
 * hash, seq continuity, link (prev and chain id), projections (typed columns vs body), and optionally the
 * value commitment. Stored checkpoints are checked for their signature and their root at their size; a
 * checkpoint kept elsewhere additionally detects truncation (`TRUNCATED`) and replacement (`FORK`).
 *
 * `firstFailure.seq` is the chain position where verification first fails (1-based): for a deleted receipt it
 * is the missing seq, for a duplicate the position of the copy.
 */
import { leafHashHex, type Hmac } from '../crypto/hash.js'
import { MerkleFrontier } from '../crypto/merkle.js'
import { checkNote, type CheckpointSigner } from '../crypto/checkpoint.js'
import type { SqlValue } from 'sql.js'
import type { ReceiptIndex } from './index-db.js'
import { parseCanonicalBody, STATE_OPS, ZERO_HASH, type ReceiptBody } from './receipt.js'
import { isEncryptedBody } from '../crypto/encryption.js'

export type VerifyCode =
  | 'BAD_ENCODING'
  | 'BAD_HASH'
  | 'BROKEN_LINK'
  | 'SEQ_GAP'
  | 'SEQ_DUP'
  | 'PROJECTION_MISMATCH'
  | 'ROOT_MISMATCH'
  | 'BAD_SIGNATURE'
  | 'UNKNOWN_KEY'
  | 'TRUNCATED'
  | 'FORK'
  | 'BAD_VALUE'
  | 'DECRYPT_FAILED'

export interface VerifyOptions {
  /** A checkpoint note kept outside the store (the trust anchor against truncation and replacement). */
  checkpoint?: string
  /** Also check that every referenced value record exists, decrypts and matches its commitment. */
  values?: boolean
}

export interface VerifyReport {
  ok: boolean
  /** Receipts checked (positions read). */
  checked: number
  firstFailure?: { seq: number; code: VerifyCode; detail?: string }
}

interface Ctx {
  idx: ReceiptIndex
  chain: string
  ring: { commit: Hmac; sign: Hmac; checkpoint: CheckpointSigner }
  options: VerifyOptions
  readRecord(commit: string): { data: string; sig?: string } | symbol | undefined
  unreadable: symbol
}

/**
 * The rows verify reads: hash, body, then the typed columns. The columns come back as sql.js values and are
 * compared with the body's fields in JS (strictly: a TEXT column holding a number differs from the body's
 * string); building one comparison string inside SQLite cost more than the rest of the check together.
 */
const VERIFY_SQL = 'SELECT hash, body, seq, prev, ts, actor, op, pool, key, old, new, tool, call, site_file, site_line FROM receipts ORDER BY pos'

/** True when every typed column of `row` (from index 2 on) equals the body field it projects. */
function projectionMatches(row: SqlValue[], b: ReceiptBody): boolean {
  const site = b.site
  return (
    row[2] === b.seq &&
    row[3] === b.prev &&
    row[4] === b.ts &&
    row[5] === b.actor &&
    row[6] === b.op &&
    row[7] === b.pool &&
    row[8] === b.key &&
    row[9] === b.old &&
    row[10] === b.new &&
    row[11] === b.tool &&
    row[12] === b.call &&
    row[13] === (site ? site.file : null) &&
    row[14] === (site ? site.line : null)
  )
}

/** The parsed body when `text` is exactly the canonical encoding of a version-1 receipt body, else null. */
function wellFormedBody(text: unknown): ReceiptBody | null {
  return typeof text === 'string' ? parseCanonicalBody(text) : null
}

export async function verifyChain(ctx: Ctx): Promise<VerifyReport> {
  const { idx } = ctx
  const checkpoints = idx.all<{ size: number; root: string; note: string }>('SELECT size, root, note FROM checkpoints ORDER BY rowid')
  const stored = new Map<number, string[]>()
  for (const c of checkpoints) stored.set(c.size, [...(stored.get(c.size) ?? []), c.note])

  let external: { size: number; root: string } | null = null
  let failure: VerifyReport['firstFailure'] | undefined
  const fail = (seq: number, code: VerifyCode, detail?: string) => {
    if (!failure) failure = { seq, code, ...(detail ? { detail } : {}) }
  }
  if (ctx.options.checkpoint !== undefined) {
    const check = await checkNote(ctx.options.checkpoint, ctx.ring.checkpoint)
    if (!check.ok) return { ok: false, checked: 0, firstFailure: { seq: 0, code: check.code === 'BAD_ENCODING' ? 'BAD_SIGNATURE' : check.code, detail: 'external checkpoint' } }
    external = { size: check.note.size, root: check.note.root }
  }
  // Signatures of stored checkpoints are checked up front (async); their roots during the pass.
  const storedRoots = new Map<number, string>()
  for (const [size, notes] of stored) {
    for (const note of notes) {
      const check = await checkNote(note, ctx.ring.checkpoint)
      if (!check.ok) {
        fail(size, check.code === 'BAD_ENCODING' ? 'BAD_SIGNATURE' : check.code, 'stored checkpoint')
        continue
      }
      storedRoots.set(size, check.note.root)
    }
  }
  const preFailure = failure
  failure = undefined

  const frontier = new MerkleFrontier()
  const lastRootSize = Math.max(0, external?.size ?? 0, ...storedRoots.keys())
  let needRoots = lastRootSize > 0
  const checkedCommits = new Set<string>()
  let expected = 1
  let prev = ZERO_HASH
  let checked = 0
  // One pass over the rows; a failure is recorded and ends the scan (the callback returns false).
  const stop = (at: number, code: VerifyCode, detail?: string): false => {
    fail(at, code, detail)
    return false
  }
  idx.each(VERIFY_SQL, [], (row) => {
    checked++
    const hash = row[0]
    const text = row[1] as string
    const at = expected
    const body = wellFormedBody(text)
    if (!body) return stop(at, 'BAD_ENCODING')
    if (typeof hash !== 'string' || leafHashHex(text) !== hash) return stop(at, 'BAD_HASH')
    if (body.seq < at) return stop(at, 'SEQ_DUP', `seq ${body.seq} again`)
    if (body.seq > at) return stop(at, 'SEQ_GAP', `found seq ${body.seq}`)
    if (body.prev !== prev) return stop(at, 'BROKEN_LINK', 'prev does not match the previous hash')
    if (body.chain !== ctx.chain) return stop(at, 'BROKEN_LINK', 'receipt belongs to another chain')
    if (!projectionMatches(row, body)) return stop(at, 'PROJECTION_MISMATCH', 'a typed column differs from the body')
    if (ctx.options.values && STATE_OPS.has(body.op) && body.new && !checkedCommits.has(body.new)) {
      checkedCommits.add(body.new)
      const rec = ctx.readRecord(body.new)
      if (rec === undefined) return stop(at, 'BAD_VALUE', 'value record missing')
      if (rec === ctx.unreadable) {
        const raw = idx.valueBody(body.new)
        return stop(at, raw !== undefined && isEncryptedBody(raw) ? 'DECRYPT_FAILED' : 'BAD_VALUE', 'value record unreadable')
      }
      const { data, sig } = rec as { data: string; sig?: string }
      if (ctx.ring.commit(data) !== body.new) return stop(at, 'BAD_VALUE', 'value does not match its commitment')
      // A tool result's signature is part of what was stored: a record without it, or with a wrong one, is damaged.
      if (body.op === 'STORE' && (typeof sig !== 'string' || sig !== ctx.ring.sign(data))) return stop(at, 'BAD_VALUE', 'result signature does not match')
    }
    if (needRoots) {
      frontier.push(hash)
      const root = storedRoots.get(at)
      if (root !== undefined && frontier.rootHex() !== root) return stop(at, 'ROOT_MISMATCH', 'stored checkpoint root')
      if (external && external.size === at && frontier.rootHex() !== external.root) return stop(at, 'FORK', 'external checkpoint root differs')
      if (at >= lastRootSize) needRoots = false
    }
    prev = hash
    expected++
  })
  const size = expected - 1
  if (!failure) {
    for (const s of storedRoots.keys()) if (s > size) fail(size + 1, 'TRUNCATED', 'stored checkpoint covers more receipts')
    if (external && external.size > size) fail(size + 1, 'TRUNCATED', `external checkpoint covers ${external.size} receipts, the store has ${size}`)
    if (external && external.size === 0 && size >= 0 && external.root !== new MerkleFrontier().rootHex()) fail(0, 'FORK')
  }
  // A bad stored-checkpoint signature is reported unless the chain itself fails earlier.
  const first = [failure, preFailure].filter(Boolean).sort((a, b) => a!.seq - b!.seq)[0]
  return first ? { ok: false, checked, firstFailure: first } : { ok: true, checked }
}
