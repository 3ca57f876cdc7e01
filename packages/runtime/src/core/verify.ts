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

/** Typed columns, in the order projectionOf lists the body fields. */
const PROJECTED = ['seq', 'prev', 'ts', 'actor', 'op', 'pool', 'key', 'old', 'new', 'tool', 'call', 'site_file', 'site_line'].map((c) => [c])
// Each column as \x1d + value, NULL as \x1e, separated by \x1f: unambiguous, and cheap on both sides.
const PROJECTION_SQL = PROJECTED.map(([col]) => `ifnull(char(29) || ${col}, char(30))`).join(' || char(31) || ')

function projectionOf(b: ReceiptBody): string {
  const f = (v: string | number | null | undefined) => (v === null || v === undefined ? '\x1e' : `\x1d${v}`)
  return (
    f(b.seq) + '\x1f' + f(b.prev) + '\x1f' + f(b.ts) + '\x1f' + f(b.actor) + '\x1f' + f(b.op) + '\x1f' + f(b.pool) + '\x1f' + f(b.key) +
    '\x1f' + f(b.old) + '\x1f' + f(b.new) + '\x1f' + f(b.tool) + '\x1f' + f(b.call) + '\x1f' + f(b.site?.file) + '\x1f' + f(b.site?.line)
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
  // The typed columns come back as one delimited string per row (one value to marshal instead of thirteen)
  // and are compared with the same string built from the body.
  idx.each(`SELECT hash, body, ${PROJECTION_SQL} FROM receipts ORDER BY pos`, [], (row) => {
    checked++
    const hash = row[0] as string | null
    const text = row[1] as string
    const projection = row[2] as string
    const at = expected
    const stop = (code: VerifyCode, detail?: string) => {
      fail(at, code, detail)
      return false as const
    }
    const body = wellFormedBody(text)
    if (!body) return stop('BAD_ENCODING')
    if (typeof hash !== 'string' || leafHashHex(text) !== hash) return stop('BAD_HASH')
    if (body.seq < at) return stop('SEQ_DUP', `seq ${body.seq} again`)
    if (body.seq > at) return stop('SEQ_GAP', `found seq ${body.seq}`)
    if (body.prev !== prev) return stop('BROKEN_LINK', 'prev does not match the previous hash')
    if (body.chain !== ctx.chain) return stop('BROKEN_LINK', 'receipt belongs to another chain')
    if (projection !== projectionOf(body)) return stop('PROJECTION_MISMATCH', 'a typed column differs from the body')
    if (ctx.options.values && STATE_OPS.has(body.op) && body.new && !checkedCommits.has(body.new)) {
      checkedCommits.add(body.new)
      const rec = ctx.readRecord(body.new)
      if (rec === undefined) return stop('BAD_VALUE', 'value record missing')
      if (rec === ctx.unreadable) {
        const raw = idx.valueBody(body.new)
        return stop(raw !== undefined && isEncryptedBody(raw) ? 'DECRYPT_FAILED' : 'BAD_VALUE', 'value record unreadable')
      }
      const { data, sig } = rec as { data: string; sig?: string }
      if (ctx.ring.commit(data) !== body.new) return stop('BAD_VALUE', 'value does not match its commitment')
      // A tool result's signature is part of what was stored: a record without it, or with a wrong one, is damaged.
      if (body.op === 'STORE' && (typeof sig !== 'string' || sig !== ctx.ring.sign(data))) return stop('BAD_VALUE', 'result signature does not match')
    }
    if (needRoots) {
      frontier.push(hash)
      const root = storedRoots.get(at)
      if (root !== undefined && frontier.rootHex() !== root) return stop('ROOT_MISMATCH', 'stored checkpoint root')
      if (external && external.size === at && frontier.rootHex() !== external.root) return stop('FORK', 'external checkpoint root differs')
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
