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
import { ErasedError, ValueIntegrityError } from '../errors.js'
import { b64urlToHex, hexToB64url } from '../crypto/hash.js'
import { valuesDigest } from '../crypto/auth.js'
import type { Ring } from '../crypto/ring.js'
import { resultSigInput } from '../crypto/values.js'
import { encodeBodyV2, genesisV2, receiptHashV2, toReceiptV2, type BodyV2 } from '../format/v2.js'
import type { JournalEntry } from '../storage/types.js'
import type { ReceiptIndex } from './index-db.js'
import { receiptRow } from './index-rows.js'
import { decodeMeta, type LifecycleMeta } from './memory/meta.js'
import type { Receipt, ReceiptBody } from './receipt.js'
import { PoolState, type ExecSlot, type OriginLookup, type PoolChange } from './state.js'
import type { ValueStore } from './values.js'
import { notifyReceipt, type ReceiptListener } from './receipt-feed.js'
import { VersionIndex } from './versions.js'

/**
 * What a write contributes to its receipt; the chain fills in seq, time and the link. `signResult`: a tool
 * result, whose signature binds (tool, call, commitment, seq) and so can only be made once seq is known.
 */
export type Draft = Omit<ReceiptBody, 'v' | 'chain' | 'seq' | 'id' | 'ts' | 'prev'> & {
  signResult?: boolean
  /** `reason` decoded, for a lifecycle receipt's writer to hand to the state (LifecycleReceipt.meta); not stored. */
  meta?: LifecycleMeta
}

/**
 * A journal entry waiting for group commit. Values wait as text and receipts with their hash: the journal
 * writer turns them into stored entries (`Ledger.seal`), off the synchronous write path.
 */
export type PendingEntry =
  | { t: 'value'; commit: string; text: string; kid?: string }
  | { t: 'r'; seq: number; body: string; hash: string }
  | Exclude<JournalEntry, { t: 'value' } | { t: 'r' } | { t: 'receipt' } | { t: 'meta' }>

export interface ChainCounters {
  byOp: Record<string, number>
  refusedByCode: Record<string, number>
  unattributed: number
  attributed: number
  rollbacks: number
  observeErrors: number
}

/** Counters at zero (per op and refusal code: objects without a prototype, so any op name is a plain key). */
export function zeroCounters(): ChainCounters {
  return {
    byOp: Object.create(null) as Record<string, number>,
    refusedByCode: Object.create(null) as Record<string, number>,
    unattributed: 0,
    attributed: 0,
    rollbacks: 0,
    observeErrors: 0,
  }
}

export class Ledger {
  state = new PoolState()
  headSeq = 0
  /**
   * Hash of the head receipt as the chain links it: hex after format-1 history, base64url in format 2; for an
   * empty chain, format 2's genesis link (which binds every later hash to the chain id).
   */
  headHash: string
  lastTs: string | null = null
  /** Journal entries not yet handed to the backend (the journal writer takes them batch by batch). */
  pending: PendingEntry[] = []
  /** The last receipt `seal` authenticated (the witness the writer keeps beside the keys once it is durable). */
  lastSealed: { seq: number; hash: string } | null = null
  /** Called after every append; the journal writer schedules a flush. */
  onAppend: () => void = () => {}
  /** The receipt feed's listeners (receipt-feed.ts); null while nobody listens, so an append pays one check. */
  receiptListeners: Set<ReceiptListener> | null = null
  readonly counters: ChainCounters = zeroCounters()
  /**
   * Value records as stored in the journal, by commitment, kept only when the backend takes open snapshots
   * (a snapshot must carry them sealed as stored; the ValueStore keeps values written here as plain text).
   */
  valueRecords: Map<string, string> | null = null
  /**
   * Value records at the end of the journal with no receipt after them: a crash tore the receipt line that
   * followed them (a torn tail is cut, but lines that parse stay). The next receipt written follows them in the
   * journal, so its MAC covers them, as verification reads it.
   */
  carriedValues: Array<{ commit: string; body: string }> = []
  /** Per-key versions in JS memory: what time travel (`at`) and rollback read. */
  readonly versions = new VersionIndex()

  constructor(
    readonly idx: ReceiptIndex,
    readonly chain: string,
    readonly ring: Ring,
    readonly values: ValueStore,
    private readonly now: () => number,
    readonly snapshotEvery: number,
  ) {
    this.headHash = genesisV2(chain)
    this.nextSnapshot = snapshotEvery
  }

  readonly lookup: OriginLookup = (seq) => {
    const r = this.idx.originRow(seq)
    return r ? { op: r.op, ts: r.ts, reason: r.reason, tool: r.tool, call: r.call } : undefined
  }

  /**
   * Appends one receipt (and its value record, if new) synchronously, in format 2.
   *
   * A value with `subject` is sealed with that subject's key (made on its first value) and committed to in the
   * subject's domain (docs/erasure.md): where the draft's `new` is `value.commit`, the receipt carries the subject
   * commitment instead, so the same text written for another subject or for none never shares its record.
   */
  append(d: Draft, value?: { commit: string; text: string; subject?: string; subjectKey?: string }): Receipt {
    let kid: string | undefined
    if (value?.subject !== undefined || value?.subjectKey !== undefined) {
      kid = value.subjectKey ?? this.values.subjectKeyId(value.subject!)
      const commit = this.values.subjectCommit(kid, value.text)
      if (d.new === value.commit) d = { ...d, new: commit }
      value = { commit, text: value.text }
    }
    const ms = this.now()
    const seq = this.headSeq + 1
    const ts = this.isoTime(ms)
    // After format-1 history the link continues from the last v1 hash, spelled as v2 spells hashes.
    const prev = this.headHash.length === 64 ? hexToB64url(this.headHash) : this.headHash
    const sig =
      d.signResult && d.tool !== null && d.call !== null && d.new !== null
        ? this.ring.sign(resultSigInput(d.tool, d.call, d.new, seq))
        : null
    const body: BodyV2 = {
      seq,
      ts: ms,
      op: d.op,
      pool: d.pool,
      key: d.key,
      old: d.old,
      new: d.new,
      site: d.site,
      tool: d.tool,
      call: d.call,
      actor: d.actor,
      reason: d.reason,
      sig,
    }
    const text = encodeBodyV2(body)
    const hash = receiptHashV2(prev, text)
    if (value && !this.values.has(value.commit)) {
      this.values.remember(value.commit, value.text, kid)
      this.pending.push(
        kid === undefined
          ? { t: 'value', commit: value.commit, text: value.text }
          : { t: 'value', commit: value.commit, text: value.text, kid },
      )
    }
    this.pending.push({ t: 'r', seq, body: text, hash })
    this.headSeq = seq
    this.headHash = hash
    this.lastTs = ts
    // a wrapper's inner frame has no column: the index keeps that receipt's body
    this.idx.addReceipt(receiptRow(seq, seq, hash, ts, d, d.site?.via ? text : null, sig))
    this.recordVersion(
      this.state.apply(
        { seq, op: d.op, pool: d.pool, key: d.key, new: d.new, tool: d.tool, call: d.call, ts, reason: d.reason, meta: d.meta },
        this.lookup,
      ),
      seq,
    )
    this.counters.byOp[d.op] = (this.counters.byOp[d.op] ?? 0) + 1
    this.maybeSnapshot(seq)
    this.onAppend()
    // The link is passed as hex, as the API spells it: the previous append already converted it.
    const receipt = toReceiptV2(body, hash, this.prevHex(prev), this.chain, ts)
    this.linkB64 = hash
    this.linkHex = receipt.hash
    if (this.receiptListeners !== null) notifyReceipt(this.receiptListeners, receipt)
    return receipt
  }

  /**
   * ISO time of `ms`, formatted once per millisecond: a busy writer appends many receipts in the same one, and
   * `toISOString` costs about a microsecond.
   */
  private isoTime(ms: number): string {
    if (ms !== this.isoMs) {
      this.isoMs = ms
      this.iso = new Date(ms).toISOString()
    }
    return this.iso
  }
  private isoMs = Number.NaN
  private iso = ''

  /** The last appended receipt's hash in base64url and in hex (the API's spelling): the next append converts neither. */
  private linkB64 = ''
  private linkHex = ''

  /** `prev` (base64url) in hex: from the last append when it is that receipt's hash, else converted. */
  private prevHex(prev: string): string {
    return prev === this.linkB64 ? this.linkHex : b64urlToHex(prev)
  }

  /**
   * Turns a batch of pending entries into stored journal entries: value records sealed, and every receipt
   * given its MAC over its hash and the value records written just before it (crypto/auth.ts).
   */
  seal(batch: PendingEntry[]): JournalEntry[] {
    const out: JournalEntry[] = []
    // A copy: the carried records stay carried until a batch that seals a receipt after them is durable.
    let values: Array<{ commit: string; body: string }> = [...this.carriedValues]
    for (const e of batch) {
      if (e.t === 'value') {
        const v = { commit: e.commit, body: this.values.recordFor(e.commit, e.text, e.kid) }
        values.push(v)
        this.valueRecords?.set(v.commit, v.body)
        out.push({ t: 'value', commit: v.commit, body: v.body })
      } else if (e.t === 'r') {
        out.push({ t: 'r', body: e.body, mac: this.ring.auth.receipt(e.hash, valuesDigest(values)) })
        values = []
        this.lastSealed = { seq: e.seq, hash: e.hash }
      } else out.push(e)
    }
    return out
  }

  /**
   * A state snapshot every `snapshotEvery` receipts, or every as many receipts as the state has entries when
   * that is more: a snapshot costs the state's size, so spacing them by it keeps snapshots O(1) per receipt
   * (a store whose Execution pool keeps growing would otherwise write ever larger snapshots ever as often),
   * and time travel still replays no more receipts than the snapshot it starts from has entries. The memory
   * lifecycle's entries count too: a store that records guard checks or rendered contexts grows by one record a
   * receipt, and left out of the spacing it wrote an ever larger snapshot every `snapshotEvery` receipts, inside
   * the append that happened to reach it.
   */
  maybeSnapshot(seq: number): void {
    if (seq < this.nextSnapshot) return
    this.idx.addSnapshot(seq, this.state.serialize())
    const s = this.state
    const entries = s.decision.size + s.execution.size + s.plans.size + s.lifecycle.size
    this.nextSnapshot = seq + Math.max(this.snapshotEvery, entries)
  }
  private nextSnapshot: number

  /** The seq at which the next state snapshot is due (an open snapshot keeps it, so resuming matches a replay). */
  get nextSnapshotSeq(): number {
    return this.nextSnapshot
  }
  set nextSnapshotSeq(seq: number) {
    this.nextSnapshot = seq
  }

  /** Records a state transition in the version index. */
  recordVersion(change: PoolChange | undefined, seq: number): void {
    if (!change) return
    const slot = change.slot
    const commit = slot?.commit ?? null
    if (change.pool === 'execution' && slot) {
      const s = slot as ExecSlot
      this.versions.add('execution', change.key, seq, commit, s.origin, { tool: s.tool, call: s.call })
    } else this.versions.add(change.pool, change.key, seq, commit, seq)
  }

  /** Counts one receipt read from the journal, as `append` counts the ones it writes. */
  countReplayed(body: { op: string; reason: string | null } | null): void {
    if (body?.op) this.counters.byOp[body.op] = (this.counters.byOp[body.op] ?? 0) + 1
    if (body?.op === 'REFUSED' && typeof body.reason === 'string') {
      const code = body.reason.split(':').pop()!
      this.counters.refusedByCode[code] = (this.counters.refusedByCode[code] ?? 0) + 1
    }
    if (body?.op === 'ROLLBACK') this.counters.rollbacks++
  }

  /**
   * A fresh copy of the value behind a commitment (checked when it was loaded from storage), or undefined.
   * Throws ErasedError for a value whose subject was forgotten, naming the memory and the FORGET receipt.
   */
  readValue(commit: string | null | undefined, seq = 0): unknown {
    try {
      return this.values.read(commit, seq)
    } catch (e) {
      // Read by commitment alone (time travel, diffs): name the receipt that wrote it, found only on this path.
      if (e instanceof ValueIntegrityError && seq === 0 && commit)
        throw new ValueIntegrityError(this.idx.firstSeqWriting(commit) ?? 0, commit, e.problem)
      if (e instanceof ErasedError && commit) throw this.erasedError(commit)
      throw e
    }
  }

  /**
   * The ErasedError of an erased value, found on the error path only: the memory holding it (else the
   * commitment) and the FORGET receipt whose subject tag is the destroyed key's.
   */
  erasedError(commit: string): ErasedError {
    this.idx.sync()
    const written = this.idx.firstSeqWriting(commit) ?? 0
    let id = commit
    for (const m of this.state.lifecycle.memories.values())
      if (m.commit === commit) {
        id = m.id
        break
      }
    if (id === commit && written) {
      // An earlier version of a memory (updated since): the receipt that wrote it names the memory.
      const r = this.idx.receiptAt(written)
      if (r?.pool === 'memory' && r.key !== null) id = r.key
    }
    const kid = this.values.keyIdOf(commit)
    const tag = kid === null ? undefined : this.values.erasedTag(kid)
    // The first FORGET of this subject after the value was written destroyed its key (a subject forgotten twice
    // has two FORGET receipts, one per key).
    const seq =
      tag === undefined
        ? 0
        : (this.idx.findReceipts({ op: 'FORGET', afterSeq: written }).find((r) => decodeMeta(r.reason).subjectTag === tag)?.seq ?? 0)
    return new ErasedError(id, seq)
  }

  /** Records a signed checkpoint in the index and queues it for the journal. */
  queueCheckpoint(size: number, root: string, note: string): void {
    this.idx.addCheckpoint(size, root, note)
    this.pending.push({ t: 'checkpoint', size, note })
  }
}
