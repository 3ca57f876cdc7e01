/**
 * The Customs: Decision pool, Execution pool, plans, the Bridge between them, and the receipt chain.
 *
 * Every write is synchronous: the receipt is built, hashed, chained and applied to the in-memory state before
 * the call returns; its journal entries are queued and written by group commit (`flush()` resolves once they
 * are durable). Because the whole chain advances inside one synchronous call, writes can never interleave
 * with each other or with a rollback's core; see `rollback`.
 */
import type { ZodType } from 'zod'
import { currentSite, markReceipted, type ObservedWriteSink, type SiteMeta } from '../probe.js'
import {
  ClosedError,
  CustomsError,
  OptionError,
  PlanReferenceError,
  ResultExpiredError,
  ResultMissingError,
  SchemaError,
  SignatureError,
  SourceError,
  StorageError,
  ToolNotAllowedError,
  UnknownKeyError,
  ValueError,
  WriteOnceError,
} from '../errors.js'
import { canonicalize, CanonicalError } from './canonical.js'
import { hexEqual, leafHashHex, randomBytes, toHex, utf8 } from '../crypto/hash.js'
import { resolveKeys, type KeyRing, type StoredKeys } from '../crypto/keys.js'
import { decryptRecord, encryptRecord, isEncryptedBody, type EncryptionOptions } from '../crypto/encryption.js'
import { MerkleFrontier } from '../crypto/merkle.js'
import { parseCheckpointNote, signCheckpoint, type Checkpoint } from '../crypto/checkpoint.js'
import { loadSqlJs, ReceiptIndex, type ReceiptRow } from './index-db.js'
import { encodeBody, executionKey, siteOf, uuidv7, ZERO_HASH, type Op, type Pool, type Receipt, type ReceiptBody, type ReceiptSite } from './receipt.js'
import { PoolState, type ExecSlot, type OriginLookup, type PoolChange } from './state.js'
import { VersionIndex } from './versions.js'
import { resolveStorage } from '../storage/resolve.js'
import type { JournalEntry, OpenReport, StorageBackend } from '../storage/types.js'
import type { CustomsOptions } from './options.js'
import { verifyChain, type VerifyOptions, type VerifyReport } from './verify.js'
import { computeRollback, type RollbackOptions, type RollbackResult, type RollbackTarget } from './rollback.js'
import { renderMetrics, type HealthReport } from './health.js'
import { DamagedStoreError, journalDamageOf, type JournalDamage } from './damage.js'

export type Source = 'user' | 'plan'

export interface CommitOptions {
  /** Who states this: `user` (the person) or `plan` (the planner). Tool output must go through the Bridge. */
  source: Source
  actor?: string
  reason?: string
}

export interface PromoteRequest {
  tool: string
  callId: string
  /** Decision key the result is promoted into. */
  to: string
  /** Id of the recorded plan that references this tool call. */
  planRef: string
  actor?: string
}

export interface PlanRecord {
  references: Array<{ tool: string; callId: string }>
}

export interface ExecutionEntry {
  tool: string
  callId: string
  result: unknown
  /** Seq of the STORE receipt. */
  seq: number
  storedAt: string
  expiresAt: string
}

export interface ReceiptFilter {
  key?: string
  pool?: Pool
  tool?: string
  callId?: string
  /** Receipts whose site is in this root-relative file. */
  file?: string
  op?: Op
  sinceSeq?: number
  /** Epoch ms, Date or RFC 3339 text. */
  sinceTime?: number | string | Date
  fromSeq?: number
  toSeq?: number
  limit?: number
}

/** A read-only view of both pools as of one receipt. */
export interface PointInTimeView {
  seq: number
  decision: { get(key: string): unknown; entries(): Array<[string, unknown]> }
  execution: { get(tool: string, callId: string): unknown; entries(): Array<{ tool: string; callId: string; result: unknown }> }
  plans: { get(planId: string): PlanRecord | undefined }
}

interface ValueRecord {
  data: string
  sig?: string
}

/** What a write contributes to its receipt; the chain fills in `v`, `chain`, `seq`, `id`, `ts` and `prev`. */
type Draft = Omit<ReceiptBody, 'v' | 'chain' | 'seq' | 'id' | 'ts' | 'prev'>

const DEFAULT_TTL = 15 * 60 * 1000
const DEFAULT_MAX_VALUE = 1024 * 1024
const UNREADABLE = Symbol('unreadable')

export const META_FORMAT = 'memory-customs/1'

interface MetaBody {
  format: string
  chain: string
  origin: string
  createdAt: string
  keys: StoredKeys
}

function toMs(t: number | string | Date): number {
  const ms = typeof t === 'number' ? t : t instanceof Date ? t.getTime() : Date.parse(t)
  if (!Number.isFinite(ms)) throw new OptionError('time', `${String(t)} is not a valid time`)
  return ms
}

export class Customs implements ObservedWriteSink {
  /** The sql.js index (one Database). Exposed for inspection and tamper tests; reads sync pending rows first. */
  get index(): ReceiptIndex['db'] {
    this.idx.sync()
    return this.idx.db
  }

  readonly decision = {
    /** Commits a value for a registered key. Returns the COMMIT receipt; refusals throw after a REFUSED receipt. */
    commit: (key: string, value: unknown, options: CommitOptions): Receipt => this.commitDecision(key, value, options),
    /** The current value (a fresh copy), or undefined. */
    get: (key: string): unknown => this.readSlot(this.state.decision.get(key)?.commit),
    /** Every key with its current value, sorted by key. */
    entries: (): Array<[string, unknown]> => this.decisionEntries(this.state),
  }

  readonly execution = {
    /** Stores a tool result (signed with HMAC-SHA256 over its canonical bytes). Returns the STORE receipt. */
    store: (tool: string, callId: string, result: unknown): Receipt => this.storeResult(tool, callId, result),
    /** The stored result (a fresh copy), or undefined when absent or expired. */
    get: (tool: string, callId: string): unknown => {
      const slot = this.state.execution.get(executionKey(tool, callId))
      if (!slot || this.expired(slot)) return undefined
      return this.readSlot(slot.commit)
    },
    /** Live results that were never promoted, oldest first. */
    unpromoted: (): ExecutionEntry[] =>
      [...this.state.execution.values()]
        .filter((s) => !s.promoted && !this.expired(s))
        .sort((a, b) => a.origin - b.origin)
        .map((s) => this.execEntry(s)),
    /** Every live (unexpired) result. */
    entries: (): ExecutionEntry[] =>
      [...this.state.execution.values()]
        .filter((s) => !this.expired(s))
        .sort((a, b) => a.origin - b.origin)
        .map((s) => this.execEntry(s)),
  }

  readonly plans = {
    /** Records a plan: the tool calls it relies on. A promotion must name a plan that references its call. */
    record: (planId: string, plan: PlanRecord, options?: { actor?: string; reason?: string }): Receipt => this.recordPlan(planId, plan, options),
    get: (planId: string): PlanRecord | undefined => this.readSlot(this.state.plans.get(planId)?.commit) as PlanRecord | undefined,
  }

  readonly bridge = {
    /** Promotes a stored tool result into the Decision pool after every customs check. Returns the PROMOTE receipt. */
    promote: (req: PromoteRequest): Receipt => this.promoteResult(req),
  }

  private state = new PoolState()
  private headSeq = 0
  private headHash = ZERO_HASH
  private lastTs: string | null = null
  private pending: JournalEntry[] = []
  /** Journal entries acknowledged by the backend in this session, and the size of the batch in flight. */
  private appended = 0
  private inFlight = 0
  private draining: Promise<void> | null = null
  private waiters: Array<{ target: number; resolve: () => void; reject: (e: unknown) => void }> = []
  private flushScheduled = false
  private durableSeq = 0
  private storageError: { message: string; at: string } | null = null
  private storageErrors = 0
  private closed = false
  private readonly knownCommits = new Map<string, boolean /* has sig */>()
  /** Per-key versions in JS memory (time travel, rollback); the sql.js `versions` table mirrors it. */
  private readonly versions = new VersionIndex()
  /**
   * Value text by commitment, for reads (get, at, entries, diffs). Promotion and verification read the value
   * table instead, so they judge the bytes stored now, not this copy.
   */
  private readonly valueData = new Map<string, string>()
  private readonly frontier = new MerkleFrontier()
  private frontierSeq = 0
  private readonly schemas: Record<string, ZodType>
  private readonly writeOnce: Set<string>
  private readonly tools: Set<string>
  private readonly ttlMs: number
  private readonly maxValueBytes: number
  private readonly snapshotEvery: number
  private readonly now: () => number
  private readonly defaultActor: string | null
  private readonly counters = {
    byOp: Object.create(null) as Record<string, number>,
    refusedByCode: Object.create(null) as Record<string, number>,
    unattributed: 0,
    attributed: 0,
    rollbacks: 0,
    observeErrors: 0,
    flushes: 0,
    flushedEntries: 0,
  }
  private lastVerify: { at: string; report: VerifyReport } | null = null
  private openFailure: { seq: number; code: string } | null = null
  private lastCheckpoint: Checkpoint | null = null
  /** Set when the journal could not be read to its end: reads work, writes throw DamagedStoreError. */
  private damage: JournalDamage | null = null

  /** @internal use createCustoms */
  constructor(
    private readonly backend: StorageBackend,
    private readonly idx: ReceiptIndex,
    private readonly ring: KeyRing,
    readonly chain: string,
    readonly origin: string,
    private readonly encryption: EncryptionOptions | undefined,
    private readonly openReport: OpenReport,
    options: CustomsOptions,
  ) {
    this.schemas = options.decision?.schemas ?? {}
    this.writeOnce = new Set(options.decision?.writeOnce ?? [])
    this.tools = new Set(options.bridge?.tools ?? [])
    this.ttlMs = options.execution?.ttlMs ?? DEFAULT_TTL
    this.maxValueBytes = options.maxValueBytes ?? DEFAULT_MAX_VALUE
    this.snapshotEvery = options.snapshotEvery ?? 1000
    this.now = options.now ?? Date.now
    this.defaultActor = options.actor ?? null
  }

  // ---------------------------------------------------------------- the chain

  private readonly lookup: OriginLookup = (seq) => {
    const rows = this.idx.all<{ op: string; ts: string; body: string; tool: string | null; call: string | null }>(
      'SELECT op, ts, body, tool, call FROM receipts WHERE seq = ? ORDER BY pos LIMIT 1',
      [seq],
    )
    const r = rows[0]
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
  private append(d: Draft, value?: { commit: string; record: ValueRecord }): Receipt {
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
    this.scheduleFlush()
    const receipt = body as Receipt
    receipt.hash = hash
    return Object.freeze(receipt)
  }

  private indexReceipt(b: ReceiptBody, hash: string, text: string, pos: number): void {
    const row: ReceiptRow = [pos, b.seq, hash, b.prev, b.ts, b.actor, b.op, b.pool, b.key, b.old, b.new, b.tool, b.call, b.site?.file ?? null, b.site?.line ?? null, text]
    this.idx.addReceipt(row)
  }

  /** Records a state transition in both version indexes (JS for lookups, sql.js for queries and export). */
  private recordVersion(change: PoolChange | undefined, seq: number): void {
    if (!change) return
    const slot = change.slot
    const commit = slot?.commit ?? null
    if (change.pool === 'execution' && slot) {
      const s = slot as ExecSlot
      this.versions.add('execution', change.key, seq, commit, s.origin, { tool: s.tool, call: s.call })
    } else this.versions.add(change.pool, change.key, seq, commit, seq)
    this.idx.addVersion(change.pool, change.key, seq, commit)
  }

  /** Attribution is read at entry, synchronously, while the probed call (if any) is still on the stack. */
  private attribute(): ReceiptSite | null {
    const site = currentSite()
    if (site) {
      markReceipted()
      this.counters.attributed++
    } else this.counters.unattributed++
    return siteOf(site)
  }

  private ensureOpen(what: string): void {
    if (this.closed) throw new ClosedError(what)
  }

  /** Open, and the journal was read to its end (nothing may be appended after a damaged record). */
  private ensureWritable(what: string): void {
    this.ensureOpen(what)
    if (this.damage) throw new DamagedStoreError(what, this.damage)
  }

  /** Writes the REFUSED receipt for an attempt and throws its error. */
  private refuse(err: CustomsError, attempted: Op, d: Omit<Draft, 'op' | 'reason'>): never {
    const r = this.append({ ...d, op: 'REFUSED', reason: `${attempted}:${err.code}`, key: safeText(d.key), tool: safeText(d.tool), call: safeText(d.call), actor: safeText(d.actor) })
    err.seq = r.seq
    this.counters.refusedByCode[err.code] = (this.counters.refusedByCode[err.code] ?? 0) + 1
    throw err
  }

  /** Canonical text of a value within the size limit, or a ValueError. */
  private encodeValue(value: unknown, key: string | null, source: string | null): string {
    let text: string
    try {
      text = canonicalize(value, { maxLength: this.maxValueBytes })
    } catch (e) {
      if (e instanceof CanonicalError) throw new ValueError(key, source, e.path, e.problem)
      throw e
    }
    if (text.length * 3 > this.maxValueBytes && utf8(text).length > this.maxValueBytes)
      throw new ValueError(key, source, 'value', `is larger than maxValueBytes (${this.maxValueBytes} bytes)`)
    return text
  }

  // ---------------------------------------------------------------- decision pool

  private commitDecision(key: string, value: unknown, options: CommitOptions): Receipt {
    this.ensureWritable('decision.commit')
    const site = this.attribute()
    const source = options?.source ?? null
    const actor = options?.actor ?? this.defaultActor
    const current = typeof key === 'string' ? this.state.decision.get(key) : undefined
    const base = { pool: 'decision' as const, key: typeof key === 'string' ? key : String(key), old: current?.commit ?? null, new: null, site, tool: null, call: null, actor }
    if (typeof key !== 'string' || !Object.hasOwn(this.schemas, key)) this.refuse(new UnknownKeyError(String(key), source), 'COMMIT', base)
    if (source !== 'user' && source !== 'plan') this.refuse(new SourceError(key, source), 'COMMIT', base)
    let raw: string
    try {
      raw = this.encodeValue(value, key, source)
    } catch (e) {
      return this.refuse(e as CustomsError, 'COMMIT', base)
    }
    const attempted = { ...base, new: this.ring.commit(raw) }
    if (current && this.writeOnce.has(key)) this.refuse(new WriteOnceError(key, source, current.seq), 'COMMIT', attempted)
    const parsed = this.schemas[key].safeParse(value)
    if (!parsed.success) this.refuse(new SchemaError(key, source, parsed.error.issues), 'COMMIT', attempted)
    let text: string
    try {
      text = parsed.data === value ? raw : this.encodeValue(parsed.data, key, source)
    } catch (e) {
      return this.refuse(e as CustomsError, 'COMMIT', attempted)
    }
    const commit = text === raw ? attempted.new : this.ring.commit(text)
    const reason = options.reason ?? null
    return this.append({ ...base, op: 'COMMIT', new: commit, reason: reason === null ? null : String(reason), actor: safeText(actor) }, { commit, record: { data: text } })
  }

  // ---------------------------------------------------------------- execution pool

  private storeResult(tool: string, callId: string, result: unknown): Receipt {
    this.ensureWritable('execution.store')
    const site = this.attribute()
    const toolText = String(tool)
    const callText = String(callId)
    const key = executionKey(toolText, callText)
    const current = this.state.execution.get(key)
    const base = { pool: 'execution' as const, key, old: current?.commit ?? null, new: null, site, tool: toolText, call: callText, actor: this.defaultActor }
    if (typeof tool !== 'string' || !tool) this.refuse(new ValueError(null, null, 'tool', 'must be a non-empty string', 'execution.tool'), 'STORE', base)
    if (typeof callId !== 'string' || !callId) this.refuse(new ValueError(null, `tool:${tool}`, 'callId', 'must be a non-empty string', 'execution.call'), 'STORE', base)
    let text: string
    try {
      text = this.encodeValue(result, key, `tool:${tool}`)
    } catch (e) {
      return this.refuse(e as CustomsError, 'STORE', base)
    }
    const commit = this.ring.commit(text)
    const sig = this.ring.sign(text)
    return this.append({ ...base, op: 'STORE', new: commit, reason: null }, { commit, record: { data: text, sig } })
  }

  private expired(slot: ExecSlot): boolean {
    return this.now() > slot.originTs + this.ttlMs
  }

  private execEntry(s: ExecSlot): ExecutionEntry {
    return {
      tool: s.tool,
      callId: s.call,
      result: this.readSlot(s.commit),
      seq: s.origin,
      storedAt: new Date(s.originTs).toISOString(),
      expiresAt: new Date(s.originTs + this.ttlMs).toISOString(),
    }
  }

  // ---------------------------------------------------------------- plans

  private recordPlan(planId: string, plan: PlanRecord, options?: { actor?: string; reason?: string }): Receipt {
    this.ensureWritable('plans.record')
    const site = this.attribute()
    const current = typeof planId === 'string' ? this.state.plans.get(planId) : undefined
    const actor = options?.actor ?? this.defaultActor
    const base = { pool: 'plans' as const, key: String(planId), old: current?.commit ?? null, new: null, site, tool: null, call: null, actor }
    if (typeof planId !== 'string' || !planId) this.refuse(new ValueError(null, 'plan', 'planId', 'must be a non-empty string', 'plans.id'), 'RECORD_PLAN', base)
    const refs = plan?.references
    if (!Array.isArray(refs) || refs.some((r) => !r || typeof r.tool !== 'string' || typeof r.callId !== 'string'))
      this.refuse(new ValueError(planId, 'plan', 'plan.references', 'must be an array of { tool: string, callId: string }', 'plans.references'), 'RECORD_PLAN', base)
    let text: string
    try {
      text = this.encodeValue({ references: refs.map((r) => ({ tool: r.tool, callId: r.callId })) }, planId, 'plan')
    } catch (e) {
      return this.refuse(e as CustomsError, 'RECORD_PLAN', base)
    }
    const commit = this.ring.commit(text)
    return this.append({ ...base, op: 'RECORD_PLAN', new: commit, reason: options?.reason ?? null, actor: safeText(actor) }, { commit, record: { data: text } })
  }

  // ---------------------------------------------------------------- bridge

  private promoteResult(req: PromoteRequest): Receipt {
    this.ensureWritable('bridge.promote')
    const site = this.attribute()
    const { tool, callId, to, planRef } = req ?? ({} as PromoteRequest)
    const actor = req?.actor ?? this.defaultActor
    const current = typeof to === 'string' ? this.state.decision.get(to) : undefined
    const base = { pool: 'decision' as const, key: String(to), old: current?.commit ?? null, new: null, site, tool: String(tool), call: String(callId), actor }
    if (typeof tool !== 'string' || !this.tools.has(tool)) this.refuse(new ToolNotAllowedError(String(tool), String(to)), 'PROMOTE', base)
    if (typeof to !== 'string' || !Object.hasOwn(this.schemas, to)) this.refuse(new UnknownKeyError(String(to), `tool:${tool}`, 'bridge.target-registered'), 'PROMOTE', base)
    const slot = typeof callId === 'string' ? this.state.execution.get(executionKey(tool, callId)) : undefined
    if (!slot) this.refuse(new ResultMissingError(tool, String(callId), to), 'PROMOTE', base)
    if (this.expired(slot)) this.refuse(new ResultExpiredError(tool, callId, to, new Date(slot.originTs + this.ttlMs).toISOString()), 'PROMOTE', base)
    const planSlot = typeof planRef === 'string' ? this.state.plans.get(planRef) : undefined
    const plan = planSlot ? (this.readSlot(planSlot.commit) as PlanRecord | undefined) : undefined
    if (!plan) this.refuse(new PlanReferenceError(String(planRef), tool, callId, to, true), 'PROMOTE', base)
    if (!plan.references.some((r) => r.tool === tool && r.callId === callId)) this.refuse(new PlanReferenceError(planRef, tool, callId, to, false), 'PROMOTE', base)
    // The signature is checked over the bytes stored now, not over anything cached at store time.
    const record = this.readRecord(slot.commit)
    if (record === undefined || record === UNREADABLE || !record.sig || !hexEqual(record.sig, this.ring.sign(record.data)))
      this.refuse(new SignatureError(tool, callId, to), 'PROMOTE', base)
    const result = JSON.parse(record.data) as unknown
    const parsed = this.schemas[to].safeParse(result)
    if (!parsed.success) this.refuse(new SchemaError(to, `tool:${tool}`, parsed.error.issues, 'bridge.schema'), 'PROMOTE', { ...base, new: slot.commit })
    if (current && this.writeOnce.has(to)) this.refuse(new WriteOnceError(to, `tool:${tool}`, current.seq), 'PROMOTE', base)
    let text: string
    try {
      text = this.encodeValue(parsed.data, to, `tool:${tool}`)
    } catch (e) {
      return this.refuse(e as CustomsError, 'PROMOTE', base)
    }
    const commit = this.ring.commit(text)
    return this.append({ ...base, op: 'PROMOTE', new: commit, reason: `plan:${planRef}`, actor: safeText(actor) }, { commit, record: { data: text } })
  }

  // ---------------------------------------------------------------- observed writes

  /** Probe sink: a probed write on an object the runtime does not own becomes an OBSERVED_WRITE receipt. Never throws. */
  observeWrite(write: { site: SiteMeta; key: string | null; value: unknown; hasValue: boolean }): void {
    try {
      if (this.closed) return
      if (this.damage) {
        this.counters.observeErrors++
        return
      }
      let commit: string | null = null
      if (write.hasValue) {
        let text: string
        try {
          text = canonicalize(write.value, { maxLength: this.maxValueBytes })
        } catch {
          const v = write.value
          text = canonicalize({ $unserializable: v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' ? (Object.getPrototypeOf(v)?.constructor?.name ?? 'object') : typeof v })
        }
        commit = this.ring.commit(text)
      }
      this.append({
        op: 'OBSERVED_WRITE',
        pool: 'observed',
        key: safeText(write.key === null || write.key === undefined ? null : String(write.key)),
        old: null,
        new: commit,
        site: siteOf({ file: safeText(write.site.file) ?? '', line: write.site.line, column: write.site.column, fn: safeText(write.site.fn) }),
        tool: null,
        call: null,
        reason: safeText(write.site.callee ?? null),
        actor: this.defaultActor,
      })
    } catch {
      this.counters.observeErrors++
    }
  }

  // ---------------------------------------------------------------- reading values

  private readRecord(commit: string): ValueRecord | typeof UNREADABLE | undefined {
    const body = this.idx.valueBody(commit)
    if (body === undefined) return undefined
    try {
      const rec = JSON.parse(body) as ValueRecord
      return typeof rec?.data === 'string' ? rec : UNREADABLE
    } catch {
      return UNREADABLE
    }
  }

  private readSlot(commit: string | null | undefined): unknown {
    if (!commit) return undefined
    const data = this.valueData.get(commit)
    if (data !== undefined) return JSON.parse(data)
    const rec = this.readRecord(commit)
    if (rec === undefined || rec === UNREADABLE) return undefined
    return JSON.parse(rec.data)
  }

  /** Reads back a committed value by its commitment (decrypted when encryption is configured); undefined if unknown. */
  value(commit: string): unknown {
    return this.readSlot(commit)
  }

  private decisionEntries(state: PoolState): Array<[string, unknown]> {
    return [...state.decision.keys()].sort().map((k) => [k, this.readSlot(state.decision.get(k)!.commit)])
  }

  // ---------------------------------------------------------------- receipts and time travel

  /** Number of receipts in the chain (the head seq). */
  get size(): number {
    return this.headSeq
  }

  /** Hash of the last receipt (64 zeros when empty). */
  get head(): { seq: number; hash: string } {
    return { seq: this.headSeq, hash: this.headHash }
  }

  receipt(seq: number): Receipt | undefined {
    const rows = this.idx.all<{ body: string; hash: string }>('SELECT body, hash FROM receipts WHERE seq = ? ORDER BY pos LIMIT 1', [seq])
    return rows[0] ? toReceipt(rows[0].body, rows[0].hash) : undefined
  }

  receipts(filter: ReceiptFilter = {}): Receipt[] {
    const where: string[] = []
    const params: (string | number)[] = []
    const eq = (col: string, v: string | number | undefined) => {
      if (v !== undefined) {
        where.push(`${col} = ?`)
        params.push(v)
      }
    }
    eq('key', filter.key)
    eq('pool', filter.pool)
    eq('tool', filter.tool)
    eq('call', filter.callId)
    eq('site_file', filter.file)
    eq('op', filter.op)
    if (filter.sinceSeq !== undefined) {
      where.push('seq > ?')
      params.push(filter.sinceSeq)
    }
    if (filter.fromSeq !== undefined) {
      where.push('seq >= ?')
      params.push(filter.fromSeq)
    }
    if (filter.toSeq !== undefined) {
      where.push('seq <= ?')
      params.push(filter.toSeq)
    }
    if (filter.sinceTime !== undefined) {
      where.push('ts >= ?')
      params.push(new Date(toMs(filter.sinceTime)).toISOString())
    }
    const sql = `SELECT body, hash FROM receipts${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY pos${filter.limit ? ` LIMIT ${Math.max(0, Math.floor(filter.limit))}` : ''}`
    return this.idx.all<{ body: string; hash: string }>(sql, params).map((r) => toReceipt(r.body, r.hash))
  }

  /** Every receipt for a key, oldest first (all pools unless `pool` is given; refused attempts included). */
  history(key: string, options: { pool?: Pool } = {}): Receipt[] {
    return this.receipts({ key, pool: options.pool })
  }

  /** Full state at `seq`: the latest snapshot at or before it, then at most K receipts replayed. */
  stateAt(seq: number): PoolState {
    if (!Number.isInteger(seq) || seq < 0 || seq > this.headSeq) throw new OptionError('seq', `${seq} is outside 0..${this.headSeq}`, 'BAD_SEQ')
    if (seq === this.headSeq) return this.state.clone()
    const snap = this.idx.all<{ seq: number; state: string }>('SELECT seq, state FROM snapshots WHERE seq <= ? ORDER BY seq DESC LIMIT 1', [seq])[0]
    const state = snap ? PoolState.deserialize(snap.state) : new PoolState()
    const from = snap ? snap.seq : 0
    // Replay from the typed columns; only COMPENSATE needs a field that is not projected (its reason).
    this.idx.each(
      "SELECT seq, op, pool, key, new, tool, call, ts, CASE WHEN op = 'COMPENSATE' THEN body END FROM receipts WHERE seq > ? AND seq <= ? ORDER BY pos",
      [from, seq],
      (row) => {
        const [rseq, op, pool, key, nw, tool, call, ts, body] = row as [number, Op, Pool | null, string | null, string | null, string | null, string | null, string, string | null]
        let reason: string | null = null
        if (body !== null) {
          try {
            reason = (JSON.parse(body) as ReceiptBody).reason
          } catch {
            return // an unreadable body changes nothing; verify reports it
          }
        }
        state.apply({ seq: rseq, op, pool, key, new: nw, tool, call, ts, reason }, this.lookup)
      },
    )
    return state
  }

  /** A read-only view of the pools as of receipt `seq` (0 = before the first receipt). */
  at(seq: number): PointInTimeView {
    if (!Number.isInteger(seq) || seq < 0 || seq > this.headSeq) throw new OptionError('seq', `${seq} is outside 0..${this.headSeq}`, 'BAD_SEQ')
    let cached: PoolState | null = null
    const full = () => (cached ??= this.stateAt(seq))
    const lookupValue = (pool: 'decision' | 'execution' | 'plans', key: string) => this.readSlot(this.versions.commitAt(pool, key, seq))
    return {
      seq,
      decision: {
        get: (key) => lookupValue('decision', key),
        entries: () => this.decisionEntries(full()),
      },
      execution: {
        get: (tool, callId) => lookupValue('execution', executionKey(tool, callId)),
        entries: () =>
          [...full().execution.values()].sort((a, b) => a.origin - b.origin).map((s) => ({ tool: s.tool, callId: s.call, result: this.readSlot(s.commit) })),
      },
      plans: { get: (planId) => lookupValue('plans', planId) as PlanRecord | undefined },
    }
  }

  /** @internal live state (tests compare it with replays). */
  get liveState(): PoolState {
    return this.state
  }

  /** @internal the JS version index (tests compare it with replays). */
  get versionIndex(): VersionIndex {
    return this.versions
  }

  // ---------------------------------------------------------------- rollback

  /**
   * Restores earlier state by appending one COMPENSATE receipt per changed key and one ROLLBACK receipt; it
   * never deletes. The diff is computed and the receipts are appended in one synchronous step, so a write
   * issued while a rollback is running (from another async task) is never interleaved with it: it lands
   * after the ROLLBACK receipt and is kept. The returned promise resolves once the receipts are durable.
   */
  async rollback(target: RollbackTarget, options: RollbackOptions = {}): Promise<RollbackResult> {
    if (options.dryRun) this.ensureOpen('rollback')
    else this.ensureWritable('rollback')
    const result = this.rollbackNow(target, options)
    if (!result.dryRun) await this.flush()
    return result
  }

  /** The synchronous core of rollback (exposed for callers that need it inside one tick). */
  rollbackNow(target: RollbackTarget, options: RollbackOptions = {}): RollbackResult {
    if (options.dryRun) this.ensureOpen('rollback')
    else this.ensureWritable('rollback')
    const site = this.attribute()
    const plan = computeRollback(target, {
      state: this.state,
      versions: this.versions,
      headSeq: this.headSeq,
      idx: this.idx,
      lookup: this.lookup,
      toMs,
    })
    const diff = plan.changes.map((c) => ({
      pool: c.pool,
      key: c.key,
      before: this.readSlot(c.beforeCommit),
      after: this.readSlot(c.afterCommit),
    }))
    if (options.dryRun) return { dryRun: true, diff, receipts: [], target: plan.describe }
    const actor = options.actor ?? this.defaultActor
    const receipts: Receipt[] = []
    for (const c of plan.changes)
      receipts.push(
        this.append({
          op: 'COMPENSATE',
          pool: c.pool,
          key: c.key,
          old: c.beforeCommit,
          new: c.afterCommit,
          site,
          tool: c.tool,
          call: c.call,
          reason: `restore@${c.restoreSeq}`,
          actor: safeText(actor),
        }),
      )
    receipts.push(
      this.append({
        op: 'ROLLBACK',
        pool: null,
        key: null,
        old: null,
        new: null,
        site,
        tool: null,
        call: null,
        reason: canonicalize({ changed: plan.changes.length, reason: options.reason ?? null, target: plan.describe }),
        actor: safeText(actor),
      }),
    )
    this.counters.rollbacks++
    return { dryRun: false, diff, receipts, target: plan.describe }
  }

  // ---------------------------------------------------------------- durability

  private scheduleFlush(): void {
    if (this.flushScheduled) return
    this.flushScheduled = true
    const run = () => {
      this.flushScheduled = false
      // No waiter: a failure is recorded in health, and the next flush() retries and reports it.
      if (!this.closed) this.kick()
    }
    // A backend may ask the core to gather writers for a while before appending (group commit window);
    // otherwise everything written in the current synchronous stretch goes out in one append.
    const wait = (this.backend as { groupCommitMs?: number }).groupCommitMs
    if (typeof wait === 'number' && wait > 0) setTimeout(run, wait)
    else queueMicrotask(run)
  }

  /**
   * Resolves once every receipt written so far is durable in the backend; rejects with StorageError
   * otherwise (the entries stay queued and the next flush retries them). Concurrent callers share appends:
   * while one batch is being written, everything written meanwhile goes out together in the next one.
   */
  flush(): Promise<void> {
    const target = this.appended + this.inFlight + this.pending.length
    if (target <= this.appended) return Promise.resolve()
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ target, resolve, reject })
      this.kick()
    })
  }

  private kick(): void {
    if (this.draining) return
    this.draining = this.drain().then((ok) => {
      this.draining = null
      // Entries or waiters that arrived after the loop's last check but before it settled: go again. After
      // a failure, only a caller that is waiting makes it retry (no retry storm on a full disk).
      if (this.pending.length && (this.waiters.length || ok)) this.kick()
    })
  }

  /** Appends queued entries batch after batch until none are left; never throws (failures go to the waiters). */
  private async drain(): Promise<boolean> {
    while (this.pending.length) {
      const batch = this.pending
      this.pending = []
      this.inFlight = batch.length
      try {
        this.idx.sync()
        const out = this.encryption ? await this.encryptBatch(batch) : batch
        await this.backend.append(out)
      } catch (e) {
        // Nothing of a failed batch counts as acknowledged: put it back in front, in order, for the next flush.
        this.inFlight = 0
        this.pending = batch.concat(this.pending)
        this.storageErrors++
        this.storageError = { message: e instanceof Error ? e.message : String(e), at: new Date(this.now()).toISOString() }
        const err = e instanceof StorageError ? e : new StorageError(`${this.backend.kind} append failed: ${this.storageError.message}`, e)
        const waiters = this.waiters
        this.waiters = []
        for (const w of waiters) w.reject(err)
        return false
      }
      this.inFlight = 0
      this.appended += batch.length
      this.storageError = null
      this.counters.flushes++
      this.counters.flushedEntries += batch.length
      for (let i = batch.length - 1; i >= 0; i--) {
        const e = batch[i]
        if (e.t === 'receipt') {
          this.durableSeq = Math.max(this.durableSeq, e.seq)
          break
        }
      }
      const still: typeof this.waiters = []
      for (const w of this.waiters) (w.target <= this.appended ? w.resolve : () => still.push(w))()
      this.waiters = still
    }
    return true
  }

  private async encryptBatch(batch: JournalEntry[]): Promise<JournalEntry[]> {
    const enc = this.encryption!
    return Promise.all(batch.map(async (e) => (e.t === 'value' ? { ...e, body: await encryptRecord(enc, e.commit, e.body) } : e)))
  }

  /** Flushes, releases the backend and closes the sql.js Database. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return
    try {
      await this.flush()
    } finally {
      this.closed = true
      await this.backend.close()
      this.idx.close()
    }
  }

  // ---------------------------------------------------------------- verification and checkpoints

  private syncFrontier(): void {
    // Hashes come from the index (the exact stored values), in chain order, from where the frontier stopped.
    this.idx.each('SELECT hash FROM receipts WHERE pos > ? ORDER BY pos', [this.frontierSeq], (row) => {
      this.frontier.push(row[0] as string)
      this.frontierSeq++
    })
  }

  /** Signs a checkpoint (size, RFC 6962 root over receipt hashes) and records it in the journal. */
  async checkpoint(): Promise<Checkpoint> {
    this.ensureWritable('checkpoint')
    this.syncFrontier()
    const cp = await signCheckpoint(this.ring.checkpoint, this.origin, this.frontier.size, this.frontier.rootHex())
    this.idx.sync()
    this.idx.db.run('INSERT INTO checkpoints VALUES (?,?,?)', [cp.size, cp.root, cp.note])
    this.pending.push({ t: 'checkpoint', size: cp.size, note: cp.note })
    await this.flush()
    this.lastCheckpoint = cp
    return cp
  }

  /**
   * Recomputes every hash from the stored bytes, checks links, seq continuity, projections, value commitments
   * (`values: true`) and stored checkpoints; with `checkpoint` (a note kept elsewhere) also detects truncation
   * and forks.
   */
  async verify(options: VerifyOptions = {}): Promise<VerifyReport> {
    this.ensureOpen('verify')
    let report = await verifyChain({
      idx: this.idx,
      chain: this.chain,
      ring: this.ring,
      options,
      readRecord: (commit) => this.readRecord(commit),
      unreadable: UNREADABLE,
    })
    // The receipts read before the damage verify on their own; the first one that could not be read fails.
    const damaged = this.damageFailure()
    if (damaged && (report.ok || report.firstFailure!.seq >= damaged.seq)) report = { ok: false, checked: report.checked, firstFailure: damaged }
    this.lastVerify = { at: new Date(this.now()).toISOString(), report }
    return report
  }

  private damageFailure(): { seq: number; code: 'BAD_ENCODING'; detail: string } | null {
    const d = this.damage
    return d ? { seq: d.afterSeq + 1, code: 'BAD_ENCODING', detail: `journal record ${d.record}${d.byteOffset === undefined ? '' : ` (byte ${d.byteOffset})`} of ${d.location} does not decode` } : null
  }

  // ---------------------------------------------------------------- health

  health(): HealthReport {
    const live = [...this.state.execution.values()].filter((s) => !this.expired(s))
    const refused = Object.values(this.counters.refusedByCode).reduce((a, b) => a + b, 0)
    const verification = this.lastVerify
      ? { state: this.lastVerify.report.ok ? ('ok' as const) : ('failed' as const), at: this.lastVerify.at, checked: this.lastVerify.report.checked, firstFailure: this.lastVerify.report.firstFailure }
      : this.openFailure
        ? { state: 'failed' as const, at: null, checked: this.headSeq, firstFailure: this.openFailure }
        : { state: 'unverified' as const, at: null, checked: 0 }
    return {
      ok: !this.storageError && !this.damage && verification.state !== 'failed' && !this.closed,
      chain: this.chain,
      origin: this.origin,
      receipts: this.headSeq,
      head: this.headHash,
      lastReceiptAt: this.lastTs,
      pools: { decision: this.state.decision.size, execution: live.length, plans: this.state.plans.size },
      unpromoted: live.filter((s) => !s.promoted).length,
      refused,
      refusedByCode: { ...this.counters.refusedByCode },
      receiptsByOp: { ...this.counters.byOp },
      rollbacks: this.counters.rollbacks,
      unattributed: this.counters.unattributed,
      attributed: this.counters.attributed,
      observedWriteErrors: this.counters.observeErrors,
      verification,
      lastCheckpoint: this.lastCheckpoint ? { size: this.lastCheckpoint.size, root: this.lastCheckpoint.root } : null,
      storage: {
        kind: this.backend.kind,
        durability: this.backend.durability,
        location: this.backend.location,
        durableSeq: this.durableSeq,
        lag: this.headSeq - this.durableSeq,
        pendingEntries: this.pending.length,
        flushes: this.counters.flushes,
        errors: this.storageErrors,
        error: this.storageError,
        truncatedTail: this.openReport.truncatedTail ?? null,
        damaged: this.damage ? { ...this.damage } : null,
      },
      closed: this.closed,
    }
  }

  /** Prometheus text exposition of the health counters. */
  metrics(): string {
    return renderMetrics(this.health())
  }

  // ---------------------------------------------------------------- opening

  /**
   * @internal Rebuilds index and state from the journal; verifies hash and link cheaply as it goes. `damage`:
   * the journal could not be read past `damage.afterSeq` (the store opens read-only).
   */
  async load(entries: JournalEntry[], damage: JournalDamage | null = null): Promise<void> {
    this.damage = damage
    const valueBodies: Array<{ commit: string; body: string }> = []
    for (const e of entries) if (e.t === 'value') valueBodies.push(e)
    const decrypted = await Promise.all(
      valueBodies.map(async (v) => {
        if (!isEncryptedBody(v.body)) return v.body
        if (!this.encryption) return v.body
        try {
          return await decryptRecord(this.encryption, v.commit, v.body)
        } catch {
          return v.body // left encrypted: verify({ values: true }) reports DECRYPT_FAILED
        }
      }),
    )
    valueBodies.forEach((v, i) => {
      this.idx.addValue(v.commit, decrypted[i])
      let hasSig = false
      let data: string | undefined
      try {
        const rec = JSON.parse(decrypted[i]) as ValueRecord
        hasSig = typeof rec.sig === 'string'
        if (typeof rec.data === 'string') data = rec.data
      } catch {
        /* unreadable */
      }
      this.knownCommits.set(v.commit, hasSig)
      if (data !== undefined) this.valueData.set(v.commit, data)
    })
    let pos = 0
    for (const e of entries) {
      if (e.t === 'checkpoint') {
        this.idx.sync()
        const root = parseCheckpointNote(e.note)?.root ?? ''
        this.idx.db.run('INSERT INTO checkpoints VALUES (?,?,?)', [e.size, root, e.note])
        continue
      }
      if (e.t !== 'receipt') continue
      pos++
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
        this.idx.addReceipt(row)
      } else this.idx.addReceipt([pos, e.seq, e.hash, null, null, null, null, null, null, null, null, null, null, null, null, e.body])
      if (!this.openFailure) {
        const expected = pos
        const code = !ok
          ? 'BAD_ENCODING'
          : leafHashHex(e.body) !== e.hash
            ? 'BAD_HASH'
            : body!.seq < expected
              ? 'SEQ_DUP'
              : body!.seq > expected
                ? 'SEQ_GAP'
                : body!.prev !== this.headHash || body!.chain !== this.chain
                  ? 'BROKEN_LINK'
                  : null
        if (code) this.openFailure = { seq: expected, code }
      }
      if (ok) {
        try {
          const change = this.state.apply(body!, this.lookup)
          if (typeof body!.seq === 'number' && typeof body!.key === 'string') this.recordVersion(change, body!.seq)
        } catch {
          /* verify reports it */
        }
      }
      this.headSeq = Math.max(this.headSeq, ok && Number.isSafeInteger(body!.seq) ? body!.seq : pos)
      this.headHash = e.hash
      if (body?.ts) this.lastTs = body.ts
      if (body?.op) this.counters.byOp[body.op] = (this.counters.byOp[body.op] ?? 0) + 1
      if (body?.op === 'REFUSED' && typeof body.reason === 'string') {
        const code = body.reason.split(':').pop()!
        this.counters.refusedByCode[code] = (this.counters.refusedByCode[code] ?? 0) + 1
      }
      if (body?.op === 'ROLLBACK') this.counters.rollbacks++
      if (this.headSeq % this.snapshotEvery === 0) this.idx.addSnapshot(this.headSeq, this.state.serialize())
      if (this.idx.pendingRows >= 5000) this.idx.sync()
    }
    this.idx.sync()
    this.durableSeq = this.headSeq
    if (!this.openFailure && damage) this.openFailure = this.damageFailure()
  }
}

function strOrNull(v: unknown): string | null {
  return typeof v === 'string' ? v : null
}
function numOrNull(v: unknown): number | null {
  return typeof v === 'number' ? v : null
}

/** Strings that cannot be encoded (lone surrogates) are made well-formed for refusal/observation receipts. */
function safeText(v: string | null | undefined): string | null {
  if (v === null || v === undefined) return null
  const s = String(v)
  const wf = (s as { isWellFormed?: () => boolean }).isWellFormed
  if (wf ? wf.call(s) : !/[\uD800-\uDFFF]/.test(s)) return s
  return (s as { toWellFormed?: () => string }).toWellFormed?.() ?? s.replace(/[\uD800-\uDFFF]/g, '\uFFFD')
}

function toReceipt(body: string, hash: string): Receipt {
  const r = JSON.parse(body) as Receipt
  r.hash = hash
  return Object.freeze(r)
}

/**
 * Opens (or creates) a Customs over the configured storage: reads the journal, rebuilds the sql.js index and
 * the pool state, and checks hashes and links on the way (see `health().verification`).
 */
export async function createCustoms(options: CustomsOptions = {}): Promise<Customs> {
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
    const metaEntry = entries.find((e): e is Extract<JournalEntry, { t: 'meta' }> => e.t === 'meta')
    let meta: MetaBody | null = null
    if (metaEntry) {
      try {
        meta = JSON.parse(metaEntry.body) as MetaBody
      } catch {
        meta = null
      }
      if (!meta || meta.format !== META_FORMAT || typeof meta.chain !== 'string')
        throw new OptionError('storage', `holds a meta entry this version cannot read (expected format ${META_FORMAT})`)
    }
    if (!meta && damage)
      throw new StorageError(`the store at ${damage.location} cannot be opened: its journal is damaged at record ${damage.record} before its meta entry was read (${damage.message})`)
    const creating = !meta
    const chain = meta?.chain ?? toHex(randomBytes(16))
    const origin = meta?.origin ?? options.origin ?? `memory-customs/${chain.slice(0, 16)}`
    const { ring, generated } = await resolveKeys(options.keys, meta?.keys ?? null, origin, creating)
    if (creating) {
      const body: MetaBody = { format: META_FORMAT, chain, origin, createdAt: new Date((options.now ?? Date.now)()).toISOString(), keys: generated }
      try {
        await backend.append([{ t: 'meta', body: JSON.stringify(body) }])
      } catch (e) {
        throw new StorageError(`could not create the store at ${backend.location}: ${e instanceof Error ? e.message : String(e)}`, e)
      }
    }
    const SQL = await loadSqlJs(options.sqlJs)
    const idx = new ReceiptIndex(SQL)
    const customs = new Customs(backend, idx, ring, chain, origin, options.encryption, openReport, options)
    await customs.load(entries, damage)
    return customs
  } catch (e) {
    await backend.close().catch(() => {})
    throw e
  }
}

function validateOptions(o: CustomsOptions): void {
  if (o === null || typeof o !== 'object') throw new OptionError('options', 'must be an object')
  const schemas = o.decision?.schemas
  if (schemas !== undefined) {
    if (typeof schemas !== 'object' || schemas === null) throw new OptionError('decision.schemas', 'must be a record of zod schemas')
    for (const [k, s] of Object.entries(schemas))
      if (!s || typeof (s as ZodType).safeParse !== 'function') throw new OptionError(`decision.schemas.${k}`, 'is not a zod schema (no safeParse)')
  }
  for (const k of o.decision?.writeOnce ?? [])
    if (!schemas || !Object.hasOwn(schemas, k)) throw new OptionError('decision.writeOnce', `names "${k}", which has no schema in decision.schemas`)
  if (o.execution?.ttlMs !== undefined && !(Number.isFinite(o.execution.ttlMs) && o.execution.ttlMs > 0)) throw new OptionError('execution.ttlMs', 'must be a positive number of milliseconds')
  if (o.snapshotEvery !== undefined && !(Number.isInteger(o.snapshotEvery) && o.snapshotEvery >= 1)) throw new OptionError('snapshotEvery', 'must be an integer >= 1')
  if (o.maxValueBytes !== undefined && !(Number.isInteger(o.maxValueBytes) && o.maxValueBytes >= 16)) throw new OptionError('maxValueBytes', 'must be an integer >= 16')
  if (o.bridge?.tools !== undefined && (!Array.isArray(o.bridge.tools) || o.bridge.tools.some((t) => typeof t !== 'string')))
    throw new OptionError('bridge.tools', 'must be an array of tool names')
  if (o.encryption && (typeof o.encryption.currentKeyId !== 'string' || typeof o.encryption.getKey !== 'function'))
    throw new OptionError('encryption', 'must be { currentKeyId: string, getKey(id) }')
}
