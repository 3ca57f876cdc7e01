/**
 * Following a journal that other writers append to (the PostgreSQL shared writer): the entries appended after
 * this process's view are verified and replayed into the LIVE ledger, continuing from its head, with the same
 * per-receipt check and replay as opening a store (core/verify.ts, `replaySink` of core/open.ts). No reopen,
 * no second pass over what the view already holds, and no value is decrypted: value records are kept sealed
 * until something reads them, as at open.
 */
import { hexToB64url } from '../crypto/hash.js'
import { MerkleFrontier } from '../crypto/merkle.js'
import { adoptValueKeys, verifierKeys, type Ring } from '../crypto/ring.js'
import { isSealedBody, recordKeyId } from '../crypto/values.js'
import type { KeyProvider } from '../keys/provider.js'
import { genesisV2 } from '../format/v2.js'
import type { JournalEntry } from '../storage/types.js'
import type { JournalWriter } from './journal-writer.js'
import type { Ledger } from './ledger.js'
import { replaySink } from './open.js'
import { ZERO_HASH } from './receipt.js'
import { verifyJournal, type VerifyReport, type VerifyResume } from './verify.js'

export interface Followed {
  ledger: Ledger
  writer: JournalWriter
  ring: Ring
  /** The key store every process of the store shares: read again when another process saved keys this one lacks. */
  keyStore: KeyProvider
  chain: string
  createdInV1: boolean
}

/**
 * Verifies and replays `entries` (the journal right after the view's last entry) into the ledger. The report
 * covers the new receipts only (`checked` counts from the start of the chain); when it is not ok the ledger
 * holds the entries up to the failure's seq and the caller must stop writing on it.
 */
export async function followJournal(s: Followed, entries: readonly JournalEntry[]): Promise<VerifyReport> {
  const { ledger, writer } = s
  if (ledger.pending.length) throw new Error('followJournal: the view has entries of its own that are not durable; flush or resync first')
  // Index rows stay buffered (a PostgreSQL view's index is deferred: reads insert them first, the shared writer
  // bounds the backlog outside the head lock): a catch-up does not pay for sql.js inserts.
  const idx = ledger.idx
  const head = ledger.headHash
  const hex = head.length === 64
  const resume: VerifyResume = {
    size: ledger.headSeq,
    prev: ledger.headSeq === 0 ? genesisV2(s.chain) : hex ? hexToB64url(head) : head,
    prevHex: hex ? head : ZERO_HASH,
    sawV2: true,
    // what the view holds was checked when it was opened or followed
    authenticatedThrough: ledger.headSeq,
    legacy: 0,
    hashAt: (seq) => idx.receiptAt(seq)?.hash,
    frontier: (size) => {
      const f = new MerkleFrontier()
      idx.eachHashUpTo(size, (h) => f.push(h))
      return f
    },
    hasValue: (commit) => ledger.values.has(commit),
  }
  await adoptNewKeys(s, entries)
  const checkpointSizes = new Set<number>()
  for (const e of entries) if (e.t === 'checkpoint') checkpointSizes.add(e.size)
  const report = await verifyJournal({
    resume,
    chain: s.chain,
    entries,
    ...verifierKeys(s.ring, s.createdInV1),
    checkpointSizes,
    witness: null,
    options: {},
    replay: replaySink(ledger),
  })
  // The next append is conditional on the head as it is now.
  writer.durableSeq = ledger.headSeq
  writer.durableHead = { seq: ledger.headSeq, hash: ledger.headHash }
  return report
}

/**
 * Another process rotated the encryption key (`rotateEncryptionKey`), made a subject's key, or destroyed one
 * (`forget`): its values arrive sealed under a key id this process has not loaded, and would not open here until it
 * reopened, or a FORGET receipt arrives whose key this process still holds. The key store they share is read again:
 * the ring takes the keys it lacks (and encrypts its own next values under the key store's current key, as the
 * rotating process does), and a subject key destroyed there is dropped here, with every value opened with it.
 */
async function adoptNewKeys(s: Followed, entries: readonly JournalEntry[]): Promise<void> {
  const values = s.ring.values
  const subjects = values.subjects
  const known = (kid: string) =>
    Object.hasOwn(values.keys, kid) ||
    (subjects !== undefined && (Object.hasOwn(subjects.keys, kid) || Object.hasOwn(subjects.erased, kid)))
  // A FORGET receipt's body holds its op; a false match only costs one more read of the key store.
  const changed = entries.some(
    (e) =>
      (e.t === 'value' && isSealedBody(e.body) && !known(recordKeyId(e.body) ?? '')) || (e.t === 'r' && e.body.includes('"op":"FORGET"')),
  )
  if (!changed) return
  // A missing key set or an unreadable key store leaves the ring as it is: reading such a value then fails with its
  // own typed error, as it did before.
  const keys = await s.keyStore.load(s.chain).catch(() => null)
  if (!keys) return
  adoptValueKeys(values, keys)
  if (keys.subjects) s.ledger.values.adoptSubjectKeys(keys.subjects)
}
