/**
 * The chain and what it owns: head, the journal entries waiting for group commit, the sql.js index, the pool
 * state, the version index and value bookkeeping. `append` is the one place a receipt is built, hashed,
 * chained and applied; every write gate and rollback goes through it.
 *
 * Every write is synchronous: the receipt is built, hashed, chained and applied to the in-memory state before
 * the call returns; its journal entries are queued and written by group commit (`flush()` resolves once they
 * are durable). Because the whole chain advances inside one synchronous call, writes can never interleave
 * with each other or with a rollback's core.
 */
import { leafHashHex } from '../crypto/hash.js'
import type { JournalEntry } from '../storage/types.js'
import type { ReceiptIndex, ReceiptRow } from './index-db.js'
import { encodeBody, uuidv7, ZERO_HASH, type Receipt, type ReceiptBody } from './receipt.js'
import { PoolState, type ExecSlot, type OriginLookup, type PoolChange } from './state.js'
import { VersionIndex } from './versions.js'

export interface ValueRecord {
  data: string
  sig?: string
}

/** What a write contributes to its receipt; the chain fills in `v`, `chain`, `seq`, `id`, `ts` and `prev`. */
export type Draft = Omit<ReceiptBody, 'v' | 'chain' | 'seq' | 'id' | 'ts' | 'prev'>

/** A value record that is stored but does not parse (verify tells BAD_VALUE from DECRYPT_FAILED). */
export const UNREADABLE = Symbol('unreadable')

export interface ChainCounters {
  byOp: Record<string, number>
  refusedByCode: Record<string, number>
  unattributed: number
  attributed: number
  rollbacks: number
  observeErrors: number
}

export class Ledger {
  state = new PoolState()
  headSeq = 0
  headHash = ZERO_HASH
  lastTs: string | null = null
  /** Journal entries not yet handed to the backend (the journal writer takes them batch by batch). */
  pending: JournalEntry[] = []
  /** Called after every append; the journal writer schedules a flush. */
  onAppend: () => void = () => {}
  readonly counters: ChainCounters = {
    byOp: Object.create(null) as Record<string, number>,
    refusedByCode: Object.create(null) as Record<string, number>,
    unattributed: 0,
    attributed: 0,
    rollbacks: 0,
    observeErrors: 0,
  }
  private readonly knownCommits = new Map<string, boolean /* has sig */>()
  /** Per-key versions in JS memory (time travel, rollback); the sql.js `versions` table mirrors it. */
  readonly versions = new VersionIndex()
  /**
   * Value text by commitment, for reads (get, at, entries, diffs). Promotion and verification read the value
   * table instead, so they judge the bytes stored now, not this copy.
   */
  private readonly valueData = new Map<string, string>()

  constructor(
    readonly idx: ReceiptIndex,
    readonly chain: string,
    private readonly now: () => number,
    readonly snapshotEvery: number,
  ) {}

  readonly lookup: OriginLookup = (seq) => {
    const r = this.idx.originRow(seq)
    if (!r) return undefined
    let reason: string | null = null
    try {
      reason = (JSON.parse(r.body) as ReceiptBody).reason
    } catch {
      /* unreadable body: verify reports it */
    }
    return { op: r.op, ts: r.ts, reason, tool: r.tool, call: r.call }
  }

  /** Appends one receipt (and its value record, if new) synchronously. */
  append(d: Draft, value?: { commit: string; record: ValueRecord }): Receipt {
    const ms = this.now()
    const seq = this.headSeq + 1
    let ts = new Date(ms).toISOString()
    const body: ReceiptBody = {
      v: 1,
      chain: this.chain,
      seq,
      id: uuidv7(ms),
      ts,
      actor: d.actor,
      op: d.op,
      pool: d.pool,
      key: d.key,
      old: d.old,
      new: d.new,
      site: d.site,
      tool: d.tool,
      call: d.call,
      reason: d.reason,
      prev: this.headHash,
    }
    const text = encodeBody(body)
    const hash = leafHashHex(text)
    if (value) {
      const hasSig = value.record.sig !== undefined
      const known = this.knownCommits.get(value.commit)
      if (known === undefined || (hasSig && !known)) {
        const recText = JSON.stringify(value.record)
        this.knownCommits.set(value.commit, hasSig)
        this.valueData.set(value.commit, value.record.data)
        this.idx.addValue(value.commit, recText)
        this.pending.push({ t: 'value', commit: value.commit, body: recText })
      }
    }
    this.pending.push({ t: 'receipt', seq, hash, body: text })
    this.headSeq = seq
    this.headHash = hash
    this.lastTs = ts
    this.indexReceipt(body, hash, text, seq)
    this.recordVersion(this.state.apply(body, this.lookup), seq)
    this.counters.byOp[d.op] = (this.counters.byOp[d.op] ?? 0) + 1
    if (seq % this.snapshotEvery === 0) this.idx.addSnapshot(seq, this.state.serialize())
    this.onAppend()
    const receipt = body as Receipt
    receipt.hash = hash
    return Object.freeze(receipt)
  }

  private indexReceipt(b: ReceiptBody, hash: string, text: string, pos: number): void {
    const row: ReceiptRow = [pos, b.seq, hash, b.prev, b.ts, b.actor, b.op, b.pool, b.key, b.old, b.new, b.tool, b.call, b.site?.file ?? null, b.site?.line ?? null, text]
    this.idx.addReceipt(row)
  }

  /** Records a state transition in both version indexes (JS for lookups, sql.js for queries and export). */
  recordVersion(change: PoolChange | undefined, seq: number): void {
    if (!change) return
    const slot = change.slot
    const commit = slot?.commit ?? null
    if (change.pool === 'execution' && slot) {
      const s = slot as ExecSlot
      this.versions.add('execution', change.key, seq, commit, s.origin, { tool: s.tool, call: s.call })
    } else this.versions.add(change.pool, change.key, seq, commit, seq)
    this.idx.addVersion(change.pool, change.key, seq, commit)
  }

  /** Counts one receipt read from the journal, as `append` counts the ones it writes. */
  countReplayed(body: Partial<ReceiptBody> | null): void {
    if (body?.op) this.counters.byOp[body.op] = (this.counters.byOp[body.op] ?? 0) + 1
    if (body?.op === 'REFUSED' && typeof body.reason === 'string') {
      const code = body.reason.split(':').pop()!
      this.counters.refusedByCode[code] = (this.counters.refusedByCode[code] ?? 0) + 1
    }
    if (body?.op === 'ROLLBACK') this.counters.rollbacks++
  }

  /** Takes in a value record read from the journal (already decrypted when it could be). */
  loadValue(commit: string, body: string): void {
    this.idx.addValue(commit, body)
    let hasSig = false
    let data: string | undefined
    try {
      const rec = JSON.parse(body) as ValueRecord
      hasSig = typeof rec.sig === 'string'
      if (typeof rec.data === 'string') data = rec.data
    } catch {
      /* unreadable */
    }
    this.knownCommits.set(commit, hasSig)
    if (data !== undefined) this.valueData.set(commit, data)
  }

  /** The value record as stored now in the index (not the read cache). */
  readRecord(commit: string): ValueRecord | typeof UNREADABLE | undefined {
    const body = this.idx.valueBody(commit)
    if (body === undefined) return undefined
    try {
      const rec = JSON.parse(body) as ValueRecord
      return typeof rec?.data === 'string' ? rec : UNREADABLE
    } catch {
      return UNREADABLE
    }
  }

  /** A fresh copy of the value behind a commitment, or undefined. */
  readValue(commit: string | null | undefined): unknown {
    if (!commit) return undefined
    const data = this.valueData.get(commit)
    if (data !== undefined) return JSON.parse(data)
    const rec = this.readRecord(commit)
    if (rec === undefined || rec === UNREADABLE) return undefined
    return JSON.parse(rec.data)
  }

  /** Records a signed checkpoint in the index and queues it for the journal. */
  queueCheckpoint(size: number, root: string, note: string): void {
    this.idx.addCheckpoint(size, root, note)
    this.pending.push({ t: 'checkpoint', size, note })
  }
}
