/**
 * Opening a store: the journal is read, the meta entry read or created, the keys resolved, and every entry
 * replayed into the ledger (index, pool state, head), with hashes and links checked cheaply on the way.
 */
import { OptionError, StorageError } from '../errors.js'
import { leafHashHex, randomBytes, toHex } from '../crypto/hash.js'
import { resolveKeys, type KeyRing, type StoredKeys } from '../crypto/keys.js'
import { decryptRecord, isEncryptedBody, type EncryptionOptions } from '../crypto/encryption.js'
import { parseCheckpointNote } from '../crypto/checkpoint.js'
import { resolveStorage } from '../storage/resolve.js'
import type { JournalEntry, OpenReport, StorageBackend } from '../storage/types.js'
import { journalDamageOf, type JournalDamage } from './damage.js'
import { loadSqlJs, ReceiptIndex, type ReceiptRow } from './index-db.js'
import type { Ledger } from './ledger.js'
import { validateOptions, type CustomsOptions } from './options.js'
import type { ReceiptBody } from './receipt.js'

export const META_FORMAT = 'memory-customs/1'

interface MetaBody {
  format: string
  chain: string
  origin: string
  createdAt: string
  keys: StoredKeys
}

/** A failed open-time check: the chain position and the verify code. */
export type OpenFailure = { seq: number; code: string }

export interface OpenedStore {
  backend: StorageBackend
  openReport: OpenReport
  entries: JournalEntry[]
  damage: JournalDamage | null
  idx: ReceiptIndex
  ring: KeyRing
  chain: string
  origin: string
}

/** Opens the backend and reads the journal; the backend is closed again if anything here fails. */
export async function openStore(options: CustomsOptions): Promise<OpenedStore> {
  validateOptions(options)
  const backend = await resolveStorage(options.storage)
  const openReport = await backend.open()
  try {
    const entries: JournalEntry[] = []
    let damage: JournalDamage | null = null
    try {
      for await (const e of backend.read()) entries.push(e)
    } catch (e) {
      // Damage before the tail: keep what was read and open read-only; anything else still fails the open.
      damage = journalDamageOf(e, backend.location)
      if (!damage) throw e
    }
    const meta = readMeta(entries)
    if (!meta && damage)
      throw new StorageError(`the store at ${damage.location} cannot be opened: its journal is damaged at record ${damage.record} before its meta entry was read (${damage.message})`)
    const creating = !meta
    const chain = meta?.chain ?? toHex(randomBytes(16))
    const origin = meta?.origin ?? options.origin ?? `memory-customs/${chain.slice(0, 16)}`
    const { ring, generated } = await resolveKeys(options.keys, meta?.keys ?? null, origin, creating)
    if (creating) await createMeta(backend, { format: META_FORMAT, chain, origin, createdAt: new Date((options.now ?? Date.now)()).toISOString(), keys: generated })
    const SQL = await loadSqlJs(options.sqlJs)
    return { backend, openReport, entries, damage, idx: new ReceiptIndex(SQL), ring, chain, origin }
  } catch (e) {
    await backend.close().catch(() => {})
    throw e
  }
}

function readMeta(entries: JournalEntry[]): MetaBody | null {
  const metaEntry = entries.find((e): e is Extract<JournalEntry, { t: 'meta' }> => e.t === 'meta')
  if (!metaEntry) return null
  let meta: MetaBody | null
  try {
    meta = JSON.parse(metaEntry.body) as MetaBody
  } catch {
    meta = null
  }
  if (!meta || meta.format !== META_FORMAT || typeof meta.chain !== 'string') throw new OptionError('storage', `holds a meta entry this version cannot read (expected format ${META_FORMAT})`)
  return meta
}

async function createMeta(backend: StorageBackend, body: MetaBody): Promise<void> {
  try {
    await backend.append([{ t: 'meta', body: JSON.stringify(body) }])
  } catch (e) {
    throw new StorageError(`could not create the store at ${backend.location}: ${e instanceof Error ? e.message : String(e)}`, e)
  }
}

/**
 * Rebuilds index, state and head from the journal. Returns the first failure the open-time check found
 * (the store still opens; `health().verification` reports it).
 */
export async function replayJournal(ledger: Ledger, entries: JournalEntry[], encryption: EncryptionOptions | undefined): Promise<OpenFailure | null> {
  await loadValues(ledger, entries, encryption)
  let failure: OpenFailure | null = null
  let pos = 0
  for (const e of entries) {
    if (e.t === 'checkpoint') {
      ledger.idx.addCheckpoint(e.size, parseCheckpointNote(e.note)?.root ?? '', e.note)
      continue
    }
    if (e.t !== 'receipt') continue
    pos++
    const code = replayReceipt(ledger, e, pos, !failure)
    if (code && !failure) failure = { seq: pos, code }
    if (ledger.idx.pendingRows >= 5000) ledger.idx.sync()
  }
  ledger.idx.sync()
  return failure
}

async function loadValues(ledger: Ledger, entries: JournalEntry[], encryption: EncryptionOptions | undefined): Promise<void> {
  const valueBodies: Array<{ commit: string; body: string }> = []
  for (const e of entries) if (e.t === 'value') valueBodies.push(e)
  const decrypted = await Promise.all(
    valueBodies.map(async (v) => {
      if (!isEncryptedBody(v.body)) return v.body
      if (!encryption) return v.body
      try {
        return await decryptRecord(encryption, v.commit, v.body)
      } catch {
        return v.body // left encrypted: verify({ values: true }) reports DECRYPT_FAILED
      }
    }),
  )
  valueBodies.forEach((v, i) => ledger.loadValue(v.commit, decrypted[i]))
}

/**
 * Replays ONE receipt entry at chain position `pos`: indexes it as stored, applies it to the pool state and
 * moves the head. With `check`, returns the open-time check's code for it (null when it passes).
 */
export function replayReceipt(ledger: Ledger, e: Extract<JournalEntry, { t: 'receipt' }>, pos: number, check: boolean): string | null {
  let body: ReceiptBody | null = null
  try {
    body = JSON.parse(e.body) as ReceiptBody
  } catch {
    body = null
  }
  const ok = body !== null && typeof body === 'object'
  if (ok) {
    const b = body!
    const row: ReceiptRow = [pos, numOrNull(b.seq), e.hash, strOrNull(b.prev), strOrNull(b.ts), strOrNull(b.actor), strOrNull(b.op), strOrNull(b.pool), strOrNull(b.key), strOrNull(b.old), strOrNull(b.new), strOrNull(b.tool), strOrNull(b.call), strOrNull(b.site?.file), numOrNull(b.site?.line), e.body]
    ledger.idx.addReceipt(row)
  } else ledger.idx.addReceipt([pos, e.seq, e.hash, null, null, null, null, null, null, null, null, null, null, null, null, e.body])
  const code = check ? checkReceiptOnOpen(ledger, e, ok ? body : null, pos) : null
  if (ok) {
    try {
      const change = ledger.state.apply(body!, ledger.lookup)
      if (typeof body!.seq === 'number' && typeof body!.key === 'string') ledger.recordVersion(change, body!.seq)
    } catch {
      /* verify reports it */
    }
  }
  ledger.headSeq = Math.max(ledger.headSeq, ok && Number.isSafeInteger(body!.seq) ? body!.seq : pos)
  ledger.headHash = e.hash
  if (body?.ts) ledger.lastTs = body.ts
  ledger.countReplayed(body)
  if (ledger.headSeq % ledger.snapshotEvery === 0) ledger.idx.addSnapshot(ledger.headSeq, ledger.state.serialize())
  return code
}

/** The cheap per-receipt check on open (before the head moves past it): encoding, hash, seq, link. */
function checkReceiptOnOpen(ledger: Ledger, e: Extract<JournalEntry, { t: 'receipt' }>, body: ReceiptBody | null, expected: number): string | null {
  if (!body) return 'BAD_ENCODING'
  if (leafHashHex(e.body) !== e.hash) return 'BAD_HASH'
  if (body.seq < expected) return 'SEQ_DUP'
  if (body.seq > expected) return 'SEQ_GAP'
  if (body.prev !== ledger.headHash || body.chain !== ledger.chain) return 'BROKEN_LINK'
  return null
}

function strOrNull(v: unknown): string | null {
  return typeof v === 'string' ? v : null
}
function numOrNull(v: unknown): number | null {
  return typeof v === 'number' ? v : null
}
