/**
 * Open snapshots: what opening a store needs to resume without replaying its journal, written beside the
 * journal at close by a backend that offers `openSnapshots` (the file backend).
 *
 * A snapshot holds the head, the pool state, the version index, the value records as stored, the sql.js index
 * image and the verifier's position, plus the journal length it covers and SHA-256 digests of that prefix in
 * 8 MiB segments; all of it authenticated with a key derived from the store's auth key (snapshot/container.ts).
 *
 * At open it is used only when its MAC verifies, its format is known and the journal's covered prefix hashes
 * to the same digests (one read pass). Then only the journal's tail after it is replayed, through the same
 * verifying pass as a full open. Anything else (no snapshot, a modified byte of it or of the covered journal,
 * another store's keys, a journal shorter than it covers) falls back to the full replay, which reports damage
 * exactly as without snapshots. A stale snapshot is harmless: it covers a prefix, the tail is replayed.
 */
import type { SqlJsStatic } from 'sql.js'
import { hexToB64url, toBase64url, utf8 } from '../crypto/hash.js'
import { MerkleFrontier, type FrontierState } from '../crypto/merkle.js'
import type { Ring } from '../crypto/ring.js'
import { genesisV2 } from '../format/v2.js'
import type { JournalPosition, StorageBackend } from '../storage/types.js'
import { ReceiptIndex } from './index-db.js'
import type { Ledger } from './ledger.js'
import { ZERO_HASH } from './receipt.js'
import { encodeContainer, openContainer, snapshotMac, SNAPSHOT_FORMAT } from './snapshot/container.js'
import { PoolState } from './state.js'
import type { VerifyReport, VerifyResume } from './verify.js'

/** Bytes of journal per digest: small enough to name a region, large enough that the list stays short. */
const SEGMENT = 8 << 20

/** The chain state a snapshot resumes from (its `resume` part). */
interface ResumeState {
  head: { seq: number; hash: string }
  lastTs: string | null
  counters: { byOp: Record<string, number>; refusedByCode: Record<string, number>; rollbacks: number }
  nextSnapshot: number
  state: string
  verify: { authenticatedThrough: number; legacy: number }
  /** The checkpoints' Merkle compact range as far as it was built (receipts 1..size), when it was. */
  frontier?: FrontierState
}

/** An authenticated snapshot whose journal prefix checked out: what `resumeLedger` loads. */
export interface LoadedSnapshot {
  journal: JournalPosition
  idx: ReceiptIndex
  resume: ResumeState
  versions: { text: string; seqs: Float64Array; origins: Float64Array; commits: Int32Array }
  values: Array<[string, string]>
}

/** How the last open of a backend used its snapshot (tests and tools; not public API). */
export interface OpenSnapshotUse {
  used: boolean
  /** Why it was not used ('none' when there was no snapshot). */
  reason: string | null
  /** Journal entries replayed after the snapshot (the whole journal when it was not used). */
  tailEntries: number
  /** Snapshots written through this backend. */
  saved: number
}

const uses = new WeakMap<StorageBackend, OpenSnapshotUse>()

/** How the last open over `backend` used its open snapshot, or undefined when it has none to offer. */
export function openSnapshotUseOf(backend: StorageBackend): OpenSnapshotUse | undefined {
  return uses.get(backend)
}

export function recordOpenSnapshotUse(backend: StorageBackend, use: Omit<OpenSnapshotUse, 'saved'>): void {
  uses.set(backend, { ...use, saved: uses.get(backend)?.saved ?? 0 })
}

/**
 * Reads, authenticates and checks the backend's snapshot against the journal. Never throws: a snapshot that
 * cannot be trusted or used is a reason string, and the caller replays the whole journal.
 */
export async function loadOpenSnapshot(
  backend: StorageBackend,
  ring: Ring,
  chain: string,
  SQL: SqlJsStatic,
): Promise<LoadedSnapshot | string> {
  const store = backend.openSnapshots
  if (!store || backend.readOnly) return 'none'
  try {
    const bytes = await store.load()
    if (!bytes) return 'none'
    const c = openContainer(bytes, snapshotMac(ring, chain))
    if (typeof c === 'string') return c
    const h = c.header
    if (h.chain !== chain) return 'it belongs to another chain'
    const digests = await store.digests(h.journal.bytes, h.segment)
    if (!digests) return 'the journal is shorter than the snapshot covers'
    if (digests.length !== h.digests.length || digests.some((d, i) => toBase64url(d) !== h.digests[i]))
      return 'the journal prefix it covers has changed'
    const text = new TextDecoder()
    const resume = JSON.parse(text.decode(c.part('resume'))) as ResumeState
    const values = JSON.parse(text.decode(c.part('values'))) as Array<[string, string]>
    const versions = {
      text: text.decode(c.part('versions')),
      seqs: new Float64Array(c.part('version-seqs').slice().buffer),
      origins: new Float64Array(c.part('version-origins').slice().buffer),
      commits: new Int32Array(c.part('version-commits').slice().buffer),
    }
    const idx = new ReceiptIndex(SQL, c.part('index'))
    return { journal: h.journal, idx, resume, versions, values }
  } catch (e) {
    return `unreadable (${e instanceof Error ? e.message : String(e)})`
  }
}

/**
 * Loads a snapshot into a fresh ledger (whose index is the snapshot's) and returns where the verifying pass
 * over the journal's tail resumes.
 */
export function resumeLedger(ledger: Ledger, snap: LoadedSnapshot, chain: string): VerifyResume {
  const r = snap.resume
  // In place: the live state object is the one tests and tools were handed.
  Object.assign(ledger.state, PoolState.deserialize(r.state))
  ledger.versions.load(snap.versions)
  for (const [commit, body] of snap.values) {
    ledger.values.loadStored(commit, body)
    ledger.valueRecords?.set(commit, body)
  }
  ledger.headSeq = r.head.seq
  ledger.headHash = r.head.seq === 0 ? genesisV2(chain) : r.head.hash
  ledger.lastTs = r.lastTs
  Object.assign(ledger.counters.byOp, r.counters.byOp)
  Object.assign(ledger.counters.refusedByCode, r.counters.refusedByCode)
  ledger.counters.rollbacks = r.counters.rollbacks
  ledger.nextSnapshotSeq = r.nextSnapshot
  const hex = r.head.hash.length === 64
  const idx = ledger.idx
  return {
    size: r.head.seq,
    prev: r.head.seq === 0 ? genesisV2(chain) : hex ? hexToB64url(r.head.hash) : r.head.hash,
    prevHex: hex ? r.head.hash : ZERO_HASH,
    sawV2: r.head.seq > r.verify.legacy,
    authenticatedThrough: r.verify.authenticatedThrough,
    legacy: r.verify.legacy,
    hashAt: (seq) => idx.receiptAt(seq)?.hash,
    frontier: (size) => {
      const f = new MerkleFrontier()
      idx.eachHashUpTo(size, (h) => f.push(h))
      return f
    },
    hasValue: (commit) => ledger.values.has(commit),
  }
}

/**
 * Writes a snapshot of a store whose journal is fully durable and verified (call it after the last flush, at
 * close). Skips quietly where a snapshot would not be exact or not allowed (a read-only or damaged store,
 * entries still pending, no backend support), and never throws: a missing snapshot only costs a full replay.
 */
export async function saveOpenSnapshot(
  ledger: Ledger,
  backend: StorageBackend,
  guard: { damage: unknown; unverified: unknown },
  openCheck: VerifyReport | null,
  frontier: FrontierState | null = null,
): Promise<boolean> {
  const store = backend.openSnapshots
  // Carried values (a torn receipt after them) must be seen by the next open's replay: no snapshot past them.
  if (!store || backend.readOnly || guard.damage || guard.unverified || !openCheck?.ok || ledger.pending.length) return false
  if (ledger.carriedValues.length) return false
  try {
    const journal = store.position()
    if (!journal || !ledger.valueRecords) return false
    const digests = await store.digests(journal.bytes, SEGMENT)
    if (!digests) return false
    const c = ledger.counters
    const resume: ResumeState = {
      head: { seq: ledger.headSeq, hash: ledger.headHash },
      lastTs: ledger.lastTs,
      counters: { byOp: { ...c.byOp }, refusedByCode: { ...c.refusedByCode }, rollbacks: c.rollbacks },
      nextSnapshot: ledger.nextSnapshotSeq,
      state: ledger.state.serialize(),
      verify: {
        // Every receipt this process wrote is authenticated; before them, what the open-time check found.
        authenticatedThrough: ledger.headSeq > openCheck.legacy ? ledger.headSeq : openCheck.authenticatedThrough,
        legacy: openCheck.legacy,
      },
      ...(frontier ? { frontier } : {}),
    }
    const v = ledger.versions.encode()
    const bytes = encodeContainer(
      { format: SNAPSHOT_FORMAT, chain: ledger.chain, journal, segment: SEGMENT, digests: digests.map(toBase64url) },
      [
        { name: 'resume', bytes: utf8(JSON.stringify(resume)) },
        { name: 'versions', bytes: utf8(v.text) },
        { name: 'version-seqs', bytes: new Uint8Array(v.seqs.buffer) },
        { name: 'version-origins', bytes: new Uint8Array(v.origins.buffer) },
        { name: 'version-commits', bytes: new Uint8Array(v.commits.buffer) },
        { name: 'values', bytes: utf8(JSON.stringify([...ledger.valueRecords])) },
        { name: 'index', bytes: ledger.idx.image() },
      ],
      snapshotMac(ledger.ring, ledger.chain),
    )
    await store.save(bytes)
    const use = uses.get(backend)
    uses.set(backend, {
      used: use?.used ?? false,
      reason: use?.reason ?? null,
      tailEntries: use?.tailEntries ?? 0,
      saved: (use?.saved ?? 0) + 1,
    })
    return true
  } catch {
    return false
  }
}
