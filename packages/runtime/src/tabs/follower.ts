/**
 * A follower tab's writes: checked locally, forwarded to the leader with an id, and settled by the leader's
 * `result` (the final receipt or the typed refusal). Until then the caller holds a *pending* receipt.
 *
 * The local check runs the real write gates on a private in-memory Customs with the same options (so the
 * messages and codes are the ones a single-writer store gives); only refusals that do not depend on the
 * journal's state are final there. Everything that does (write-once, plan references, stored results,
 * signatures) is decided by the leader against the head.
 */
import { CustomsError } from '../errors.js'
import type { Customs } from '../core/customs.js'
import { internalsOf, type ActorWrites } from '../core/internals.js'
import type { ObservedWrite } from '../core/gates/observed.js'
import type { Op, Pool, Receipt, ReceiptSite } from '../core/receipt.js'
import { currentSite } from '../probe.js'
import { errorFromData, type ErrorData, type ForwardedWrite, type WriteCall } from './protocol.js'

/** What a write returns in a follower tab: the receipt as far as it is known before the leader appends it. */
export interface PendingReceipt {
  readonly pending: true
  /** The forwarded write's id (`<tab id>:<n>`); `flush()` resolves with the final receipt. */
  readonly writeId: string
  readonly seq: null
  readonly hash: null
  readonly prev: null
  readonly op: Op
  readonly pool: Pool | null
  readonly key: string | null
  readonly site: ReceiptSite | null
  readonly tool: string | null
  readonly call: string | null
  readonly actor: string | null
  readonly reason: string | null
}

/** Refusal codes a follower can decide on its own, per operation (they do not depend on the journal). */
const LOCAL: Record<WriteCall['op'], ReadonlySet<string>> = {
  OBSERVED_WRITE: new Set(),
  COMMIT: new Set(['UNKNOWN_KEY', 'SOURCE_NOT_ALLOWED', 'INVALID_VALUE', 'SCHEMA_VIOLATION']),
  STORE: new Set(['INVALID_VALUE']),
  RECORD_PLAN: new Set(['INVALID_VALUE']),
  PROMOTE: new Set(['TOOL_NOT_ALLOWED', 'UNKNOWN_KEY']),
}

/**
 * Runs a write call on a Customs: with its own default actor (`actor` omitted: the leader's own writes), or
 * with `actor` as the default (a follower's forwarded write, or its local check). An observed write returns
 * the receipt it appended, if any (it never throws).
 */
export function applyCall(c: Customs, call: WriteCall, actor?: string | null): Receipt | undefined {
  const w = actor === undefined ? ownWrites(c) : internalsOf(c).asActor(actor)
  switch (call.op) {
    case 'COMMIT':
      return w.commit(call.key, call.value, call.options)
    case 'STORE':
      return w.store(call.tool, call.callId, call.result)
    case 'RECORD_PLAN':
      return w.record(call.planId, call.plan, call.options)
    case 'PROMOTE':
      return w.promote(call.req)
    case 'OBSERVED_WRITE': {
      const before = c.size
      w.observe(call.write)
      return c.size > before ? c.receipt(c.size) : undefined
    }
  }
}

function ownWrites(c: Customs): ActorWrites {
  return {
    commit: c.decision.commit,
    store: c.execution.store,
    record: c.plans.record,
    promote: c.bridge.promote,
    observe: (write) => c.observeWrite(write),
  }
}

/** Copies the call's arguments to plain data the channel can clone; a locally refused value is not sent. */
function cloneable(call: WriteCall, refused: CustomsError | null): WriteCall {
  const dropValue = refused !== null && refused.code !== 'SCHEMA_VIOLATION'
  switch (call.op) {
    case 'COMMIT': {
      const o = call.options
      return {
        op: 'COMMIT',
        key: call.key,
        value: dropValue ? undefined : call.value,
        options: { source: o?.source, actor: o?.actor, reason: o?.reason },
      }
    }
    case 'STORE':
      return { op: 'STORE', tool: call.tool, callId: call.callId, result: dropValue ? undefined : call.result }
    case 'RECORD_PLAN':
      return dropValue ? { op: 'RECORD_PLAN', planId: call.planId, plan: undefined as never, options: call.options } : call
    case 'PROMOTE': {
      const r = call.req
      return { op: 'PROMOTE', req: { tool: r?.tool, callId: r?.callId, to: r?.to, planRef: r?.planRef, actor: r?.actor } }
    }
    case 'OBSERVED_WRITE':
      return { op: 'OBSERVED_WRITE', write: cloneableObserved(call.write) }
  }
}

/**
 * An observed write as plain data. A value the channel cannot clone (a function, a DOM node) goes as
 * undefined: the leader then commits to `{ "$unserializable": "undefined" }` where a single writer would
 * have named the value's type. The site and key are kept.
 */
function cloneableObserved(w: ObservedWrite): ObservedWrite {
  const site = { ...w.site }
  try {
    return { site, key: w.key, hasValue: w.hasValue, value: w.hasValue ? structuredClone(w.value) : undefined }
  } catch {
    return { site, key: w.key, hasValue: w.hasValue, value: undefined }
  }
}

interface Outstanding {
  write: ForwardedWrite
  /** The error already thrown to the caller (a local refusal forwarded only for its REFUSED receipt). */
  thrown: CustomsError | null
  /** An observed write: `flush()` waits for it but returns no receipt for it and is not failed by it. */
  quiet: boolean
  receipt?: Receipt
  error?: CustomsError
  settled: Promise<void>
  settle(): void
}

export class FollowerWrites {
  private counter = 0
  /** Forwarded writes without a result, in the order they were made. */
  readonly outstanding = new Map<string, Outstanding>()
  /** Writes made since the last `flush()`, in order: forwarded ones, and final receipts of leader writes. */
  private sinceFlush: Array<Outstanding | Receipt> = []

  constructor(
    private readonly tabId: string,
    private readonly actor: string | null,
    private readonly check: () => Customs,
    private readonly send: (w: ForwardedWrite) => void,
    private readonly sendAck: (ids: string[]) => void,
  ) {}

  /** Checks `call` locally, forwards it, and returns its pending receipt (or throws a local refusal). */
  write(call: WriteCall): PendingReceipt {
    const site = currentSite()
    const id = `${this.tabId}:${++this.counter}`
    let draft: Receipt | null = null
    let refused: CustomsError | null = null
    try {
      draft = applyCall(this.check(), call, this.actor) ?? null
    } catch (e) {
      if (!(e instanceof CustomsError)) throw e
      // a refusal that depends on the journal's state is the leader's to make
      if (LOCAL[call.op].has(e.code)) refused = e
    }
    const write: ForwardedWrite = { id, site: site && { ...site }, actor: this.actor, call: cloneable(call, refused) }
    this.track(write, refused)
    this.send(write)
    if (refused) throw refused
    return Object.freeze({
      pending: true as const,
      writeId: id,
      seq: null,
      hash: null,
      prev: null,
      op: call.op,
      pool: draft?.pool ?? (call.op === 'STORE' ? 'execution' : call.op === 'RECORD_PLAN' ? 'plans' : 'decision'),
      key: draft?.key ?? null,
      site: draft?.site ?? null,
      tool: draft?.tool ?? null,
      call: draft?.call ?? null,
      actor: draft?.actor ?? null,
      reason: draft?.reason ?? null,
    })
  }

  /** Forwards an observed write (never throws, returns nothing; `flush()` waits for it). */
  observe(write: ObservedWrite): void {
    const fw: ForwardedWrite = {
      id: `${this.tabId}:${++this.counter}`,
      site: null,
      actor: this.actor,
      call: { op: 'OBSERVED_WRITE', write },
    }
    fw.call = cloneable(fw.call, null)
    this.track(fw, null, true)
    this.send(fw)
  }

  private track(write: ForwardedWrite, thrown: CustomsError | null, quiet = false): void {
    let settle!: () => void
    const settled = new Promise<void>((resolve) => (settle = resolve))
    const o: Outstanding = { write, thrown, quiet, settled, settle }
    this.outstanding.set(write.id, o)
    if (!thrown) this.sinceFlush.push(o)
  }

  /** The leader's answer for write `id` (ignored when unknown or answered already). */
  settle(id: string, receipt: Receipt | undefined, error: ErrorData | CustomsError | undefined): void {
    const o = this.outstanding.get(id)
    if (!o) return
    this.outstanding.delete(id)
    this.acknowledge(id)
    const err = error === undefined ? undefined : error instanceof CustomsError ? error : errorFromData(error)
    if (o.thrown) {
      // the caller already has the error; it learns the seq of the REFUSED receipt that records it
      if (o.thrown.seq === undefined) o.thrown.seq = err?.seq ?? receipt?.seq
    } else if (err) o.error = err
    else o.receipt = receipt
    o.settle()
  }

  private toAck: string[] = []

  /** Tells every tab (in one message per task) that this tab holds the result of `id`: they may forget it. */
  private acknowledge(id: string): void {
    this.toAck.push(id)
    if (this.toAck.length > 1) return
    queueMicrotask(() => {
      const ids = this.toAck
      this.toAck = []
      this.sendAck(ids)
    })
  }

  /** Every forwarded write without a result, in the order made (to re-send to a new leader). */
  unanswered(): ForwardedWrite[] {
    return [...this.outstanding.values()].map((o) => o.write)
  }

  /**
   * Waits for the writes made since the last flush: resolves with their final receipts in order, or rejects
   * with the first refusal (the other writes were still applied or refused on their own).
   */
  async flush(): Promise<{ receipts: Receipt[]; maxSeq: number }> {
    const batch = this.sinceFlush
    this.sinceFlush = []
    await Promise.all(batch.map((o) => ('settled' in o ? o.settled : undefined)))
    const failed = batch.find((o): o is Outstanding => 'settled' in o && !o.quiet && o.error !== undefined)
    if (failed) throw failed.error
    const receipts: Receipt[] = []
    let maxSeq = 0
    for (const o of batch) {
      const r = 'settled' in o ? o.receipt : o
      if (r) maxSeq = Math.max(maxSeq, r.seq)
      if (!('settled' in o) || !o.quiet) receipts.push(r!)
    }
    return { receipts, maxSeq }
  }

  /** A write made while this tab is the leader: already final; kept so `flush()` returns it. */
  recordOwn(receipt: Receipt): void {
    this.sinceFlush.push(receipt)
  }
}
