/**
 * Verification straight from the journal's entries, in one streaming pass (no index, no copy of the store in
 * memory). Per receipt, in this order: canonical encoding, seq continuity, hash and link, and
 * - format 1 (legacy) receipts: the stored hash, `prev` and chain id, and each value record against its
 *   commitment and signature (v1 values are plaintext);
 * - format 2 receipts: the MAC, which authenticates the receipt and the value records written just before it
 *   (so value records are checked without decrypting them; `values: true` also decrypts each and checks its
 *   commitment, and counts the records of forgotten subjects as `erased`: their key is gone by design).
 * Stored checkpoints are checked for their signature and their root; a checkpoint kept elsewhere detects
 * truncation (`TRUNCATED`) and replacement (`FORK`), and so does the witness kept beside the keys.
 *
 * `firstFailure.seq` is the chain position where verification first fails (1-based): for a deleted receipt
 * it is the missing seq, for a duplicate the position of the copy.
 */
import { fromBase64url, fromHex, hexEqual as safeEqual, hexToB64url as hexToB64, leafHashHex, type Hmac } from '../crypto/hash.js'
import { MerkleFrontier } from '../crypto/merkle.js'
import { checkNote } from '../crypto/checkpoint.js'
import { valuesDigest } from '../crypto/auth.js'
import {
  isSealedBody,
  isSubjectKeyId,
  openValue,
  recordKeyId,
  resultSigInput,
  subjectValueInput,
  ValueRecordError,
} from '../crypto/values.js'
import { genesisV2, parseBodyV2, receiptHashV2, type BodyV2 } from '../format/v2.js'
import { parseCanonicalBody, STATE_OPS, ZERO_HASH, type ReceiptBody } from './receipt.js'
import type { JournalEntry } from '../storage/types.js'

import type { VerifyCode, VerifyInput, VerifyReport } from './verify-types.js'
export type { ReplaySink, ScannedReceipt, VerifyCode, VerifyInput, VerifyOptions, VerifyReport, VerifyResume } from './verify-types.js'

type Failure = NonNullable<VerifyReport['firstFailure']>

/**
 * The first receipt after the last authenticated one that did not authenticate. Judged by what follows: an
 * authentic receipt after it means it was intact (its MAC or values were altered); another failure means its
 * hash changed; nothing but MAC-less receipts after a MAC-less one is the unauthenticated tail.
 */
interface Suspect {
  seq: number
  /** Value records were written just before it, or its value's record was never seen (removed): a value problem. */
  hadValues: boolean
  macMissing: boolean
}

export async function verifyJournal(input: VerifyInput): Promise<VerifyReport> {
  const { options } = input
  let failure: Failure | undefined
  const fail = (seq: number, code: VerifyCode, detail?: string): void => {
    if (!failure || seq < failure.seq) failure = { seq, code, ...(detail ? { detail } : {}) }
  }

  let external: { size: number; root: string } | null = null
  if (options.checkpoint !== undefined) {
    const check = await checkNote(options.checkpoint, input.checkpoint)
    if (!check.ok)
      return {
        ok: false,
        checked: 0,
        authenticatedThrough: 0,
        legacy: 0,
        firstFailure: { seq: 0, code: check.code === 'BAD_ENCODING' ? 'BAD_SIGNATURE' : check.code, detail: 'external checkpoint' },
      }
    external = { size: check.note.size, root: check.note.root }
  }
  const rootAt = new Map<number, string>()
  const wantRoots = new Set(input.checkpointSizes)
  if (external) wantRoots.add(external.size)
  const lastRootSize = Math.max(0, ...wantRoots)
  const resume = input.resume
  // Resuming: roots inside the prefix come from a frontier over it; the tail extends one over the whole prefix.
  if (resume) for (const size of wantRoots) if (size <= resume.size) rootAt.set(size, resume.frontier(size).rootHex())
  const frontier = resume && lastRootSize > resume.size ? resume.frontier(resume.size) : new MerkleFrontier()
  const notes: Array<{ size: number; note: string }> = []

  let expected = 1 + (resume?.size ?? 0)
  let prevHex = resume?.prevHex ?? ZERO_HASH // format 1 link
  let prev = resume?.prev ?? genesisV2(input.chain) // format 2 link (base64url)
  let legacy = resume?.legacy ?? 0
  let sawV2 = resume?.sawV2 ?? false
  let authenticatedThrough = resume?.authenticatedThrough ?? 0
  let suspect: Suspect | null = null
  const witnessAt = input.witness?.seq ?? 0
  let witnessHash: string | null = null
  if (resume && witnessAt > 0 && witnessAt <= resume.size) {
    const h = resume.hashAt(witnessAt)
    witnessHash = h === undefined ? null : h.length === 64 ? hexToB64(h) : h
  }
  let pendingValues: Array<{ commit: string; body: string }> = []
  /** Value records found erased (`values: true`). */
  let erased = 0
  /** Format-1 value records by commitment (legacy stores are small; format 2 never fills this). */
  const legacyValues = new Map<string, string>()
  const checkedLegacy = new Set<string>()

  const onReceiptV1 = (e: Extract<JournalEntry, { t: 'receipt' }>, body: ReceiptBody | null): void => {
    const at = expected
    if (sawV2 || !input.legacy)
      return fail(
        at,
        'BAD_ENCODING',
        sawV2 ? 'a format-1 receipt after format-2 receipts' : 'a format-1 receipt in a store created in format 2',
      )
    if (!body) return fail(at, 'BAD_ENCODING')
    if (leafHashHex(e.body) !== e.hash) return fail(at, 'BAD_HASH')
    if (body.seq < at) return fail(at, 'SEQ_DUP', `seq ${body.seq} again`)
    if (body.seq > at) return fail(at, 'SEQ_GAP', `found seq ${body.seq}`)
    if (body.prev !== prevHex) return fail(at, 'BROKEN_LINK', 'prev does not match the previous hash')
    if (body.chain !== input.chain) return fail(at, 'BROKEN_LINK', 'receipt belongs to another chain')
    if (STATE_OPS.has(body.op) && body.new && !checkedLegacy.has(body.new)) {
      checkedLegacy.add(body.new)
      const problem = checkLegacyValue(legacyValues.get(body.new), body.new, body.op === 'STORE', input.legacy)
      if (problem) return fail(at, 'BAD_VALUE', problem)
    }
    legacy++
    advance(e.hash, null)
  }

  const onReceiptV2 = (
    e: Extract<JournalEntry, { t: 'r' }>,
    body: BodyV2 | null,
    hash: string,
    values: Array<{ commit: string; body: string }>,
  ): void => {
    const at = expected
    if (!body) return fail(at, 'BAD_ENCODING')
    if (body.seq < at) return fail(at, 'SEQ_DUP', `seq ${body.seq} again`)
    if (body.seq > at) return fail(at, 'SEQ_GAP', `found seq ${body.seq}`)
    if (input.auth) {
      const authentic = e.mac !== undefined && safeEqual(input.auth.receipt(hash, valuesDigest(values)), e.mac)
      if (authentic) {
        // This MAC vouches for every hash before it, so an earlier suspect receipt was intact: what failed
        // there was its MAC field or the value records written before it, or it lacked a MAC altogether.
        if (suspect)
          return fail(
            suspect.seq,
            suspect.hadValues ? 'BAD_VALUE' : 'BAD_MAC',
            suspect.macMissing
              ? 'receipt has no MAC but later ones do'
              : suspect.hadValues
                ? 'a value record written before this receipt, or its MAC, was altered'
                : 'the MAC of this receipt was altered',
          )
        authenticatedThrough = at
      } else if (suspect && !(suspect.macMissing && e.mac === undefined)) {
        // Two failures in a row: the first receipt's hash itself changed (or a forged tail carries junk MACs).
        return fail(suspect.seq, 'BAD_MAC', 'receipt was altered or forged (its MAC does not match)')
      } else if (!suspect)
        suspect = { seq: at, hadValues: values.length > 0 || introducesUnseenValue(body), macMissing: e.mac === undefined }
    }
    // A receipt whose MAC fails is reported at this seq whatever follows (BAD_MAC, or BAD_VALUE for its value
    // records); its result signature is only judged on a receipt that is not already failing its MAC.
    const macFailed = suspect !== null && suspect.seq === at && !suspect.macMissing
    if (!macFailed && body.op === 'STORE' && body.new && body.tool !== null && body.call !== null) {
      if (body.sig === null || !safeEqual(input.sign(resultSigInput(body.tool, body.call, body.new, body.seq)), body.sig))
        return fail(at, 'BAD_VALUE', 'result signature does not bind this tool call and value')
    }
    if (options.values && input.valueKeys && STATE_OPS.has(body.op) && body.new) {
      const rec = values.find((v) => v.commit === body.new)
      if (rec) {
        let text: string
        try {
          text = isSealedBody(rec.body) ? openValue(input.valueKeys, rec.commit, rec.body) : plaintextOf(rec.body)
        } catch (e) {
          if (e instanceof ValueRecordError && e.problem === 'erased') {
            erased++
            return advance(null, hash)
          }
          return fail(at, 'DECRYPT_FAILED', 'value record does not decrypt')
        }
        // A subject value's commitment is domain-separated by its key id (crypto/values.ts).
        const kid = isSealedBody(rec.body) ? recordKeyId(rec.body) : null
        const committed = kid !== null && isSubjectKeyId(input.valueKeys, kid) ? subjectValueInput(kid, text) : text
        if (!safeEqual(input.commit(committed), body.new)) return fail(at, 'BAD_VALUE', 'value does not match its commitment')
      }
    }
    advance(null, hash)
  }

  /** Common tail of a checked receipt: Merkle roots, witness, position. */
  const advance = (hex: string | null, b64: string | null): void => {
    const at = expected
    if (at <= lastRootSize) {
      frontier.push(hex !== null ? fromHex(hex) : fromBase64url(b64!))
      if (wantRoots.has(at)) rootAt.set(at, frontier.rootHex())
    }
    if (at === witnessAt) witnessHash = b64 ?? hexToB64(hex!)
  }

  /**
   * Value commitments whose record was seen, as 48-bit tags (a Set of numbers: about 20 bytes a value at a
   * million values). Only used to name a failure: a receipt whose new value has no record anywhere before it
   * lost that record (BAD_VALUE) rather than its MAC (BAD_MAC). A tag collision only changes that label.
   */
  const seenCommits = new Set<number>()
  const introducesUnseenValue = (b: BodyV2 | null): boolean =>
    b !== null &&
    b.new !== null &&
    STATE_OPS.has(b.op) &&
    b.op !== 'COMPENSATE' &&
    !seenCommits.has(commitTag(b.new)) &&
    !(resume?.hasValue(b.new) ?? false)
  const replay = input.replay
  let pos = resume?.size ?? 0
  const take = (e: JournalEntry): void => {
    switch (e.t) {
      case 'value':
        seenCommits.add(commitTag(e.commit))
        const macCovered = sawV2 || !input.legacy || !isLegacyValueBody(e.body)
        if (macCovered) pendingValues.push({ commit: e.commit, body: e.body })
        else legacyValues.set(e.commit, e.body)
        replay?.value(e.commit, e.body, macCovered)
        break
      case 'checkpoint':
        notes.push({ size: e.size, note: e.note })
        replay?.checkpoint(e.size, e.note)
        break
      case 'receipt': {
        pos++
        const body = parseCanonicalBody(e.body)
        if (!failure) onReceiptV1(e, body)
        replay?.receipt({ pos, text: e.body, hash: e.hash, prev: prevHex, v1: body, v2: null })
        pendingValues = []
        prevHex = e.hash
        prev = hexToB64(e.hash)
        expected++
        break
      }
      case 'r': {
        pos++
        sawV2 = true
        const body = parseBodyV2(e.body)
        const hash = receiptHashV2(prev, e.body)
        const values = pendingValues
        pendingValues = []
        if (!failure) onReceiptV2(e, body, hash, values)
        replay?.receipt({ pos, text: e.body, hash, prev, v1: null, v2: body })
        prev = hash
        expected++
        break
      }
      default:
        // meta, and entries that are not part of the chain (a tab's `applied` markers)
        break
    }
  }
  // A batched source is walked synchronously a batch at a time: one await per batch, not per entry.
  const onProgress = options.onProgress
  if (input.batches) {
    outer: for await (const batch of input.batches) {
      for (const e of batch) {
        if (failure && !replay) break outer
        take(e)
      }
      onProgress?.(expected - 1)
    }
  } else {
    let read = 0
    for await (const e of input.entries!) {
      if (failure && !replay) break
      take(e)
      if (onProgress && ++read % 4096 === 0) onProgress(expected - 1)
    }
  }
  onProgress?.(expected - 1)
  const size = expected - 1
  const checked = failure ? failure.seq : size
  // A run of MAC-less receipts at the end is the unauthenticated tail (ok); a wrong MAC there is a forgery.
  const last = suspect as Suspect | null
  if (!failure && last && !last.macMissing) fail(last.seq, 'BAD_MAC', 'receipt was altered or forged (its MAC does not match)')
  if (!failure) {
    for (const n of notes) {
      const check = await checkNote(n.note, input.checkpoint)
      if (!check.ok) {
        fail(Math.max(1, n.size), check.code === 'BAD_ENCODING' ? 'BAD_SIGNATURE' : check.code, 'stored checkpoint')
        continue
      }
      if (check.note.size > size) fail(size + 1, 'TRUNCATED', 'a stored checkpoint covers more receipts')
      else if (check.note.size > 0 && rootAt.get(check.note.size) !== check.note.root)
        fail(check.note.size, 'ROOT_MISMATCH', 'stored checkpoint root')
    }
  }
  if (!failure && external) {
    if (external.size > size) fail(size + 1, 'TRUNCATED', `external checkpoint covers ${external.size} receipts, the store has ${size}`)
    else if (external.size === 0 ? external.root !== new MerkleFrontier().rootHex() : rootAt.get(external.size) !== external.root)
      fail(external.size, 'FORK', 'external checkpoint root differs')
  }
  if (!failure && input.witness && input.auth) {
    const w = input.witness
    if (!safeEqual(input.auth.witness(input.chain, w.seq, w.hash), w.mac))
      fail(Math.max(1, w.seq), 'BAD_MAC', 'the witness beside the keys is not authentic')
    else if (w.seq > size) fail(size + 1, 'TRUNCATED', `the witness beside the keys has seen ${w.seq} receipts, the journal has ${size}`)
    else if (w.seq > 0 && witnessHash !== w.hash) fail(w.seq, 'FORK', 'receipt differs from the one the witness saw')
  }
  const erasedField = erased ? { erased } : {}
  return failure
    ? {
        ok: false,
        checked: Math.max(0, checked),
        firstFailure: failure,
        authenticatedThrough: Math.min(authenticatedThrough, failure.seq - 1),
        legacy,
        ...erasedField,
      }
    : { ok: true, checked: size, authenticatedThrough, legacy, ...erasedField }
}

/** 48 bits of a commitment as a number (its first 8 characters, base64url or hex, read as base-64 digits). */
function commitTag(commit: string): number {
  let n = 0
  for (let i = 0; i < 8 && i < commit.length; i++) n = n * 64 + (commit.charCodeAt(i) & 63)
  return n
}

function isLegacyValueBody(body: string): boolean {
  return body.startsWith('{"data":')
}

function plaintextOf(body: string): string {
  const rec = JSON.parse(body) as { data?: unknown }
  if (typeof rec.data !== 'string') throw new Error('plaintext record without data')
  return rec.data
}

function checkLegacyValue(
  body: string | undefined,
  commit: string,
  isResult: boolean,
  keys: { commit: Hmac; sign: Hmac } | null,
): string | null {
  if (body === undefined) return 'value record missing'
  if (!keys) return null
  let rec: { data?: unknown; sig?: unknown }
  try {
    rec = JSON.parse(body) as typeof rec
  } catch {
    return 'value record unreadable'
  }
  if (typeof rec.data !== 'string') return 'value record unreadable'
  if (keys.commit(rec.data) !== commit) return 'value does not match its commitment'
  if (isResult && (typeof rec.sig !== 'string' || rec.sig !== keys.sign(rec.data))) return 'result signature does not match'
  return null
}
