/**
 * Pool state as a pure function of the receipt chain: which commitment each key holds. Values are looked
 * up by commitment in the value store. The same `apply` runs for live writes, for replay on open, and for
 * time travel (snapshot + replay), so the three cannot drift apart.
 */
import { MemoryState, type LifecycleReceipt } from './memory/state.js'
import { executionKey, type ReceiptBody } from './receipt.js'

export interface Slot {
  commit: string
  /** Receipt that set this commitment. */
  seq: number
}

export interface ExecSlot extends Slot {
  tool: string
  call: string
  /** Seq of the STORE receipt the result comes from (kept through a rollback that restores it). */
  origin: number
  /** Epoch ms of that STORE: the TTL counts from here. */
  originTs: number
  /** Promoted at least once since it was stored. */
  promoted: boolean
}

/** What apply needs to know about an earlier receipt when a COMPENSATE restores its value. */
export interface OriginLookup {
  (seq: number): { op: string; ts: string; reason: string | null; tool: string | null; call: string | null } | undefined
}

export type Applicable = Pick<ReceiptBody, 'seq' | 'op' | 'pool' | 'key' | 'new' | 'tool' | 'call' | 'ts' | 'reason'> &
  Pick<LifecycleReceipt, 'meta'>

/** What one applied receipt changed: the key's new slot, or null when it was removed. */
export interface PoolChange {
  pool: 'decision' | 'execution' | 'plans'
  key: string
  slot: Slot | ExecSlot | null
}

export class PoolState {
  decision = new Map<string, Slot>()
  execution = new Map<string, ExecSlot>()
  plans = new Map<string, Slot>()
  /** Long-term memories, working memory and pending promotions (core/memory/state.ts). */
  lifecycle = new MemoryState()

  /**
   * Applies one receipt and returns the key it changed (the version index records exactly these).
   * Receipts that change no pool (REFUSED, OBSERVED_WRITE, ROLLBACK, EXPIRE) are no-ops.
   */
  apply(r: Applicable, lookup: OriginLookup): PoolChange | undefined {
    const key = r.key
    if (RECORD_OPS.has(r.op)) {
      this.lifecycle.apply(r)
      return undefined
    }
    if (key === null) return undefined
    if (r.pool === 'memory' || r.pool === 'working' || LIFECYCLE_OPS.has(r.op)) {
      this.lifecycle.apply(r)
      return undefined
    }
    switch (r.op) {
      case 'COMMIT':
        if (r.pool === 'decision' && r.new) return this.set('decision', key, { commit: r.new, seq: r.seq })
        return undefined
      case 'PROMOTE': {
        if (r.tool !== null && r.call !== null) {
          const slot = this.execution.get(executionKey(r.tool, r.call))
          if (slot) slot.promoted = true
        }
        if (r.pool === 'decision' && r.new) return this.set('decision', key, { commit: r.new, seq: r.seq })
        return undefined
      }
      case 'RECORD_PLAN':
        if (r.pool === 'plans' && r.new) return this.set('plans', key, { commit: r.new, seq: r.seq })
        return undefined
      case 'STORE':
        if (r.pool === 'execution' && r.new && r.tool !== null && r.call !== null)
          return this.set('execution', key, {
            commit: r.new,
            seq: r.seq,
            tool: r.tool,
            call: r.call,
            origin: r.seq,
            originTs: Date.parse(r.ts),
            promoted: false,
          })
        return undefined
      case 'COMPENSATE': {
        const pool = r.pool === 'decision' || r.pool === 'plans' || r.pool === 'execution' ? r.pool : null
        if (!pool) return undefined
        if (r.new === null) {
          this[pool].delete(key)
          return { pool, key, slot: null }
        }
        if (pool !== 'execution') return this.set(pool, key, { commit: r.new, seq: r.seq })
        const origin = resolveOrigin(restoreSeqOf(r.reason), lookup)
        return this.set('execution', key, {
          commit: r.new,
          seq: r.seq,
          tool: r.tool ?? origin?.tool ?? '',
          call: r.call ?? origin?.call ?? '',
          origin: origin?.seq ?? r.seq,
          originTs: origin ? Date.parse(origin.ts) : Date.parse(r.ts),
          promoted: false,
        })
      }
    }
    return undefined
  }

  private set(pool: 'decision' | 'plans', key: string, slot: Slot): PoolChange
  private set(pool: 'execution', key: string, slot: ExecSlot): PoolChange
  private set(pool: 'decision' | 'plans' | 'execution', key: string, slot: Slot | ExecSlot): PoolChange {
    ;(this[pool] as Map<string, Slot>).set(key, slot)
    return { pool, key, slot }
  }

  clone(): PoolState {
    const s = new PoolState()
    for (const [k, v] of this.decision) s.decision.set(k, { ...v })
    for (const [k, v] of this.execution) s.execution.set(k, { ...v })
    for (const [k, v] of this.plans) s.plans.set(k, { ...v })
    s.lifecycle = this.lifecycle.clone()
    return s
  }

  /** Compact JSON for the snapshots table. */
  serialize(): string {
    return JSON.stringify({
      d: [...this.decision].map(([k, s]) => [k, s.commit, s.seq]),
      e: [...this.execution].map(([k, s]) => [k, s.commit, s.seq, s.tool, s.call, s.origin, s.originTs, s.promoted ? 1 : 0]),
      p: [...this.plans].map(([k, s]) => [k, s.commit, s.seq]),
      l: this.lifecycle.toJSON(),
    })
  }

  static deserialize(text: string): PoolState {
    const o = JSON.parse(text) as {
      d: [string, string, number][]
      e: [string, string, number, string, string, number, number, number][]
      p: [string, string, number][]
      l?: Parameters<typeof MemoryState.fromJSON>[0]
    }
    const s = new PoolState()
    for (const [k, commit, seq] of o.d) s.decision.set(k, { commit, seq })
    for (const [k, commit, seq, tool, call, origin, originTs, promoted] of o.e)
      s.execution.set(k, { commit, seq, tool, call, origin, originTs, promoted: promoted === 1 })
    for (const [k, commit, seq] of o.p) s.plans.set(k, { commit, seq })
    s.lifecycle = MemoryState.fromJSON(o.l)
    return s
  }

  /** Commitment map per pool, for comparisons in tests and rollback diffs. */
  commitments(): { decision: Record<string, string>; execution: Record<string, string>; plans: Record<string, string> } {
    const m = (map: Map<string, Slot>) =>
      Object.fromEntries([...map].map(([k, s]) => [k, s.commit]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    return { decision: m(this.decision), execution: m(this.execution), plans: m(this.plans) }
  }
}

/** Ops that only the lifecycle state reads (a pending promotion's PROPOSE/APPROVE/REJECT are in pool `decision`). */
const LIFECYCLE_OPS: ReadonlySet<string> = new Set(['PROPOSE', 'APPROVE', 'REJECT', 'UPDATE', 'RESCORE', 'DELETE', 'PUT'])
/** Keyless receipts the lifecycle records: rendered contexts, guardrail checks and erasures. */
const RECORD_OPS: ReadonlySet<string> = new Set(['READ', 'GUARD', 'FORGET'])

export function restoreSeqOf(reason: string | null): number {
  const m = reason ? /^restore@(\d+)/.exec(reason) : null
  return m ? Number(m[1]) : 0
}

/** Follows COMPENSATE receipts back to the STORE whose result they restore. */
function resolveOrigin(
  seq: number,
  lookup: OriginLookup,
): { seq: number; ts: string; tool: string | null; call: string | null } | undefined {
  for (let hops = 0; seq > 0 && hops < 64; hops++) {
    const r = lookup(seq)
    if (!r) return undefined
    if (r.op === 'STORE') return { seq, ts: r.ts, tool: r.tool, call: r.call }
    if (r.op !== 'COMPENSATE') return undefined
    seq = restoreSeqOf(r.reason)
  }
  return undefined
}

/** Replays receipts from genesis (the reference the time-travel property test compares against). */
export function replay(receipts: Iterable<Applicable>, lookup: OriginLookup): PoolState {
  const s = new PoolState()
  for (const r of receipts) s.apply(r, lookup)
  return s
}
