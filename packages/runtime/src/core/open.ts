/**
 * Opening a store: the journal is read, the meta entry read or created, the keys taken from the key store
 * (never from the journal), and every entry replayed into the ledger in the same pass that verifies it
 * (core/verify-journal.ts): one per-receipt check for open and for `verify`, not two.
 *
 * A backend that keeps an open snapshot (core/open-snapshot.ts) lets the open resume from it: the snapshot is
 * authenticated and checked against the journal's bytes first, and only the journal's tail is then read and
 * replayed through the same verifying pass; anything that does not check out falls back to the full replay.
 *
 * A store that fails that check, whose journal ends before the witness kept beside its keys, or that ends in
 * receipts nobody with its key wrote (an unauthenticated tail) opens read-only: appending would chain new,
 * authenticated receipts onto a head that is not the real one.
 */
import { KeyStoreError, OptionError, StorageError } from '../errors.js'
import { randomBytes, toHex, utf8 } from '../crypto/hash.js'
import type { KeyOptions } from '../crypto/keys.js'
import { parseCheckpointNote } from '../crypto/checkpoint.js'
import { keySetFromV1, ringFromKeySet, verifierKeys, type Ring, type V1StoredKeys } from '../crypto/ring.js'
import { generateKeySet, type KeySet } from '../keys/keyset.js'
import { resolveKeyProvider, type KeyProvider, type Witness } from '../keys/provider.js'
import { sharedMemoryKeyProvider } from '../keys/memory.js'
import { resolveStorage } from '../storage/resolve.js'
import type { JournalEntry, OpenReport, StorageBackend } from '../storage/types.js'
import { journalDamageOf, type JournalDamage } from './damage.js'
import { ReceiptIndex } from './index-db.js'
import { receiptRow, undecodableRow } from './index-rows.js'
import { loadSqlJs } from './sqljs.js'
import type { Ledger } from './ledger.js'
import { loadOpenSnapshot, recordOpenSnapshotUse, resumeLedger, type LoadedSnapshot } from './open-snapshot.js'
import { validateOptions, type CustomsOptions } from './options.js'
import { verifyJournal, type ReplaySink, type ScannedReceipt, type VerifyReport } from './verify.js'

/** The meta format new stores are written in. */
export const META_FORMAT = 'memory-customs/2'
/** Stores written by the first release: read, verified and migrated (see docs/audit-format.md). */
export const META_FORMAT_V1 = 'memory-customs/1'

interface MetaBody {
  format: string
  chain: string
  origin: string
  createdAt: string
  /** Format 1: the generated keys, in plaintext (why format 2 keeps keys in a key store instead). */
  keys?: V1StoredKeys
  /** Format 2: a MAC that only the right key set reproduces, so opening with another chain's keys fails clearly. */
  keyCheck?: string
}

export interface OpenedStore {
  backend: StorageBackend
  openReport: OpenReport
  entries: JournalEntry[]
  damage: JournalDamage | null
  idx: ReceiptIndex
  ring: Ring
  keyStore: KeyProvider
  witness: Witness | null
  chain: string
  origin: string
  /** 1 for a first-release store that has no format-2 receipt yet (it is migrated on a writable open). */
  format: 1 | 2
  /** Whether the store was created by the first release (its start is format 1, read with the legacy keys). */
  createdInV1: boolean
  /** The open snapshot resumed from (then `entries` is the journal's tail after it), or null. */
  snapshot: LoadedSnapshot | null
}

/** Opens the backend, reads the journal and resolves the keys; the backend is closed again if anything fails. */
export async function openStore(options: CustomsOptions): Promise<OpenedStore> {
  validateOptions(options)
  const backend = await resolveStorage(options.storage)
  const openReport = await backend.open()
  let snapshot: LoadedSnapshot | null = null
  try {
    // With an open snapshot to try, only the meta entry (the first line) is read before the keys are known.
    const snapshots = backend.openSnapshots && !backend.readOnly && backend.readBatches ? backend.openSnapshots : undefined
    const first = snapshots ? await firstEntries(backend) : []
    let read = first[0]?.t === 'meta' ? null : await readAll(journalOf(backend))
    let { entries, damage } = read ?? { entries: first, damage: null }
    const meta = readMeta(entries, backend.location)
    if (!meta && damage)
      throw new StorageError(
        `the store at ${damage.location} cannot be opened: its journal is damaged at record ${damage.record} before its meta entry was read (${damage.message})`,
      )
    if (!meta && entries.some((e) => e.t === 'receipt' || e.t === 'r'))
      throw new StorageError(
        `the store at ${backend.location} has receipts but no meta entry: it was cut or altered, and is not recreated over its receipts`,
      )
    const keyStore = await databaseSubjectKeys(backend, await resolveKeyProvider(options.keyStore, () => defaultKeyStore(backend)))
    const now = options.now ?? Date.now
    let chain: string
    let origin: string
    let ring: Ring
    if (!meta) {
      chain = toHex(randomBytes(16))
      origin = options.origin ?? `memory-customs/${chain.slice(0, 16)}`
      const keys = await withGivenKeys(await generateKeySet(chain), options.keys)
      await keyStore.save(chain, keys)
      ring = await ringFromKeySet(keys, origin)
      await createMeta(backend, {
        format: META_FORMAT,
        chain,
        origin,
        createdAt: new Date(now()).toISOString(),
        keyCheck: keyCheckOf(ring, chain),
      })
    } else {
      chain = meta.chain
      origin = meta.origin
      ring = await ringFromKeySet(await keysOf(meta, keyStore, options.keys, backend.readOnly === true), origin, keyStore.location)
      if (meta.format === META_FORMAT && meta.keyCheck !== keyCheckOf(ring, chain))
        throw new KeyStoreError(
          'KEYS_INVALID',
          keyStore.location,
          `the key set found for chain ${chain} does not belong to the store at ${backend.location}`,
        )
    }
    const witness = await keyStore.loadWitness(chain)
    const SQL = await loadSqlJs(options.sqlJs)
    if (!read) {
      const loaded = meta ? await loadOpenSnapshot(backend, ring, chain, SQL) : 'none'
      if (typeof loaded !== 'string') {
        snapshot = loaded
        read = await readAll({ batches: snapshots!.readBatchesFrom(loaded.journal, loaded.resume.head.seq) })
      } else read = await readAll(journalOf(backend))
      ;({ entries, damage } = read)
      recordOpenSnapshotUse(backend, {
        used: snapshot !== null,
        reason: typeof loaded === 'string' ? loaded : null,
        tailEntries: entries.length,
      })
    }
    // A snapshot is only written after a writable open, which migrates a first-release store first.
    const format = !snapshot && meta?.format === META_FORMAT_V1 && !entries.some((e) => e.t === 'r') ? 1 : 2
    return {
      backend,
      openReport,
      entries,
      damage,
      idx: snapshot?.idx ?? new ReceiptIndex(SQL, undefined, backend.deferIndex === true),
      snapshot,
      ring,
      keyStore,
      witness,
      chain,
      origin,
      format,
      createdInV1: meta?.format === META_FORMAT_V1,
    }
  } catch (e) {
    snapshot?.idx.close()
    await backend.close().catch(() => {})
    throw e
  }
}

/**
 * The whole journal, a batch at a time where the backend reads in batches: one `await` a batch rather than one an
 * entry (an open replays every entry of a store without an open snapshot, and every entry of a PostgreSQL store;
 * verify reads it all too).
 */
export function journalOf(backend: StorageBackend): JournalSource {
  return backend.readBatches ? { batches: backend.readBatches() } : { entries: backend.read() }
}

export type JournalSource = { batches: AsyncIterable<JournalEntry[]> } | { entries: AsyncIterable<JournalEntry> }

/** Every entry of `source`; damage before the tail ends the read with what was read so far (opened read-only). */
async function readAll(source: JournalSource): Promise<{ entries: JournalEntry[]; damage: JournalDamage | null }> {
  const entries: JournalEntry[] = []
  try {
    if ('batches' in source) for await (const batch of source.batches) for (const e of batch) entries.push(e)
    else for await (const e of source.entries) entries.push(e)
  } catch (e) {
    // Damage before the tail: keep what was read and open read-only; anything else still fails the open.
    const damage = journalDamageOf(e)
    if (!damage) throw e
    return { entries, damage }
  }
  return { entries, damage: null }
}

/** The journal's first batch (it starts with the meta entry); empty when it cannot be read (the full read reports why). */
async function firstEntries(backend: StorageBackend): Promise<JournalEntry[]> {
  try {
    for await (const batch of backend.readBatches!()) if (batch.length) return batch
  } catch {
    // the full read that follows meets the same damage and reports it
  }
  return []
}

function readMeta(entries: JournalEntry[], location: string): MetaBody | null {
  const metaEntry = entries.find((e): e is Extract<JournalEntry, { t: 'meta' }> => e.t === 'meta')
  if (!metaEntry) return null
  let meta: MetaBody | null
  try {
    meta = JSON.parse(metaEntry.body) as MetaBody
  } catch {
    meta = null
  }
  if (
    !meta ||
    (meta.format !== META_FORMAT && meta.format !== META_FORMAT_V1) ||
    typeof meta.chain !== 'string' ||
    typeof meta.origin !== 'string'
  )
    throw new OptionError(
      'storage',
      `at ${location} holds a meta entry this version cannot read (formats ${META_FORMAT_V1} and ${META_FORMAT})`,
    )
  return meta
}

async function createMeta(backend: StorageBackend, body: MetaBody): Promise<void> {
  try {
    await backend.append([{ t: 'meta', body: JSON.stringify(body) }])
  } catch (e) {
    throw new StorageError(`could not create the store at ${backend.location}: ${e instanceof Error ? e.message : String(e)}`, e)
  }
}

function keyCheckOf(ring: Ring, chain: string): string {
  return ring.auth.witness(chain, 0, 'key-check')
}

/**
 * A PostgreSQL backend opened on its own (a single writer, the CLI) keeps subject keys in its database, as the shared
 * writer does (postgres/subject-keys.ts): they never go to the key store, wherever the store is opened from.
 */
async function databaseSubjectKeys(backend: StorageBackend, keyStore: KeyProvider): Promise<KeyProvider> {
  if ((backend as { subjectKeys?: unknown }).subjectKeys !== null) return keyStore
  const { SharedKeyStore } = await import('../postgres/subject-keys.js')
  const pg = backend as import('../storage/postgres/backend.js').PostgresBackend
  const shared = new SharedKeyStore(keyStore, pg)
  pg.subjectKeys = shared
  return shared
}

/** The key store a backend gets when none is named: beside nothing the backend holds (docs/keys.md). */
async function defaultKeyStore(backend: StorageBackend): Promise<KeyProvider> {
  if (backend.kind === 'memory') return sharedMemoryKeyProvider()
  const { platformKeyProvider } = await import('../keys/provider.js')
  return platformKeyProvider()
}

/**
 * The keys of an existing store. Format 2: from the key store, or a typed KEYS_MISSING (never a fresh key set,
 * which would make every existing receipt unverifiable). Format 1: imported from the meta entry the first time.
 */
async function keysOf(meta: MetaBody, keyStore: KeyProvider, given: KeyOptions | undefined, readOnly: boolean): Promise<KeySet> {
  const stored = await keyStore.load(meta.chain)
  if (stored) return stored
  if (meta.format === META_FORMAT)
    throw new KeyStoreError(
      'KEYS_MISSING',
      keyStore.location,
      `no keys for chain ${meta.chain} in the key store; restore them from your backup (docs/keys.md), or name the right keyStore`,
    )
  const imported = keySetFromV1(meta.chain, meta.keys ?? {}, await givenKeyBytes(given))
  // A read-only open (an inspection tool) reads the store as it is and leaves the key store alone.
  if (!readOnly) await keyStore.save(meta.chain, imported)
  return imported
}

/** Keys passed in options for a new store replace the generated ones (the key store keeps them from then on). */
async function withGivenKeys(keys: KeySet, given: KeyOptions | undefined): Promise<KeySet> {
  const g = await givenKeyBytes(given)
  return { ...keys, commit: g.commit ?? keys.commit, signing: g.signing ?? keys.signing, checkpoint: g.checkpoint ?? keys.checkpoint }
}

async function givenKeyBytes(
  given: KeyOptions | undefined,
): Promise<{ commit?: Uint8Array; signing?: Uint8Array; checkpoint?: KeySet['checkpoint'] }> {
  if (!given) return {}
  const bytes = (name: string, v: Uint8Array | string | undefined): Uint8Array | undefined => {
    if (v === undefined) return undefined
    const b = typeof v === 'string' ? utf8(v) : v
    if (!(b instanceof Uint8Array) || b.length < 16)
      throw new OptionError(`keys.${name}`, 'must be a Uint8Array or string of at least 16 bytes')
    return b
  }
  let checkpoint: KeySet['checkpoint'] | undefined
  const cp = given.checkpointKey
  if (cp === 'hmac') checkpoint = { alg: 'hmac' }
  else if (cp) {
    try {
      const s = globalThis.crypto.subtle
      checkpoint = {
        alg: 'ed25519',
        publicKey: new Uint8Array(await s.exportKey('raw', cp.publicKey)),
        privateKey: new Uint8Array(await s.exportKey('pkcs8', cp.privateKey)),
      }
    } catch (e) {
      throw new OptionError(
        'keys.checkpointKey',
        `must be an extractable Ed25519 CryptoKeyPair (the key store keeps it): ${e instanceof Error ? e.message : String(e)}`,
      )
    }
  }
  return { commit: bytes('commitKey', given.commitKey), signing: bytes('signingKey', given.signingKey), checkpoint }
}

/**
 * Rebuilds index, state and head from the journal while verifying it (MACs, links, checkpoints, witness).
 * Returns the verification report; the caller opens the store read-only when it failed.
 */
export async function replayJournal(
  ledger: Ledger,
  s: Pick<OpenedStore, 'entries' | 'ring' | 'chain' | 'witness' | 'createdInV1' | 'backend' | 'snapshot'>,
): Promise<VerifyReport> {
  const checkpointSizes = new Set<number>()
  for (const e of s.entries) if (e.t === 'checkpoint') checkpointSizes.add(e.size)
  // Value records as stored are kept only where they will go into an open snapshot at close.
  if (s.backend.openSnapshots && !s.backend.readOnly) ledger.valueRecords = new Map()
  const resume = s.snapshot ? resumeLedger(ledger, s.snapshot, s.chain) : undefined
  const report = await verifyJournal({
    resume,
    chain: s.chain,
    entries: s.entries,
    ...verifierKeys(s.ring, s.createdInV1),
    checkpointSizes,
    witness: s.witness,
    options: {},
    replay: replaySink(ledger),
  })
  if (!ledger.idx.deferred) ledger.idx.sync()
  return report
}

/**
 * Where the verifying pass puts each entry it checked: the one replay of opening a store and of following a
 * journal others append to (core/follow.ts). Index rows are inserted in batches (sql.js inserts are cheapest
 * many at a time); value records stay sealed (a read decrypts one).
 */
export function replaySink(ledger: Ledger): ReplaySink {
  return {
    receipt: (r) => {
      ledger.carriedValues = []
      replayReceipt(ledger, r)
      ledger.idx.keepUp(5000)
    },
    value: (commit, body, macCovered) => {
      if (macCovered) ledger.carriedValues.push({ commit, body })
      ledger.values.loadStored(commit, body)
      ledger.valueRecords?.set(commit, body)
    },
    checkpoint: (size, note) => ledger.idx.addCheckpoint(size, parseCheckpointNote(note)?.root ?? '', note),
  }
}

/** Replays ONE receipt read from the journal: indexes it as stored, applies it to the pool state, moves the head. */
export function replayReceipt(ledger: Ledger, r: ScannedReceipt): void {
  const v1 = r.v1
  const v2 = r.v2
  const ts = v1 ? v1.ts : v2 ? new Date(v2.ts).toISOString() : null
  const b = v1 ?? v2
  if (b) {
    // The index keeps a format-1 body (hashed as stored); a format-2 body is its columns' encoding, but for a
    // wrapper's inner frame (`site.via`), which has no columns.
    ledger.idx.addReceipt(receiptRow(r.pos, b.seq, r.hash, ts, b, v1 || b.site?.via ? r.text : null))
    const change = ledger.state.apply(
      { seq: b.seq, op: b.op, pool: b.pool, key: b.key, new: b.new, tool: b.tool, call: b.call, ts: ts!, reason: b.reason },
      ledger.lookup,
    )
    if (b.key !== null) ledger.recordVersion(change, b.seq)
  } else ledger.idx.addReceipt(undecodableRow(r.pos, r.hash, r.text))
  ledger.headSeq = Math.max(ledger.headSeq, b ? b.seq : r.pos)
  ledger.headHash = r.hash
  if (ts) ledger.lastTs = ts
  ledger.countReplayed(b)
  ledger.maybeSnapshot(ledger.headSeq)
}
