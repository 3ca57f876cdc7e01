/** Reading the chain: receipts by seq or filter, and the pools as of an earlier receipt (time travel). */
import { ErasedError, SeqRangeError, StorageError } from '../errors.js'
import { b64urlToHex, hexToB64url } from '../crypto/hash.js'
import { genesisV2, parseBodyV2, toReceiptV2, type BodyV2 } from '../format/v2.js'
import type { StoredReceipt } from './index-db.js'
import type { Ledger } from './ledger.js'
import { contentOf } from './memory/memories.js'
import type { MemorySlot } from './memory/state.js'
import { executionKey, type Op, type Pool, type Receipt, type ReceiptBody } from './receipt.js'
import { PoolState } from './state.js'
import { toMs } from './time.js'
import type { PastMemory, PlanRecord, PointInTimeView, ReceiptFilter } from './types.js'

/** The link as format 2 spells it: the chain's genesis for the first receipt, base64url after a format-1 hash. */
function linkOf(row: StoredReceipt, chain: string): string {
  return row.prev === null ? genesisV2(chain) : row.prev.length === 64 ? hexToB64url(row.prev) : row.prev
}

/** The API object of a stored receipt, whatever its format (format 1 stores the object itself). */
function toReceipt(row: StoredReceipt, chain: string): Receipt {
  if (row.body === null) {
    // Format 2: the columns are the body (the index does not keep its text twice).
    const site =
      row.site_file === null ? null : { column: row.site_column ?? 0, file: row.site_file, fn: row.site_fn, line: row.site_line ?? 0 }
    const b: BodyV2 = {
      seq: row.seq,
      ts: Date.parse(row.ts),
      op: row.op as Op,
      pool: row.pool as Pool | null,
      key: row.key,
      old: row.old,
      new: row.new,
      site,
      tool: row.tool,
      call: row.call,
      actor: row.actor,
      reason: row.reason,
      sig: row.sig,
    }
    return toReceiptV2(b, row.hash, linkOf(row, chain), chain)
  }
  // A format-2 body kept because its site has a `via` frame (no columns for it); format 1 is JSON of its own.
  const v2 = parseBodyV2(row.body)
  if (v2) return toReceiptV2(v2, row.hash, linkOf(row, chain), chain)
  let r: Receipt
  try {
    r = JSON.parse(row.body) as Receipt
  } catch {
    throw new StorageError(`a stored receipt does not decode (its body is damaged); run verify() to locate it`)
  }
  r.hash = row.hash.length === 64 ? row.hash : b64urlToHex(row.hash)
  return Object.freeze(r)
}

function checkSeq(ledger: Ledger, seq: number): void {
  if (!Number.isInteger(seq) || seq < 0 || seq > ledger.headSeq) throw new SeqRangeError(seq, { min: 0, max: ledger.headSeq })
}

export function receiptAt(ledger: Ledger, seq: number): Receipt | undefined {
  const row = ledger.idx.receiptAt(seq)
  return row ? toReceipt(row, ledger.chain) : undefined
}

export function findReceipts(ledger: Ledger, filter: ReceiptFilter): Receipt[] {
  return ledger.idx
    .findReceipts({
      key: filter.key,
      pool: filter.pool,
      tool: filter.tool,
      call: filter.callId,
      siteFile: filter.file,
      op: filter.op,
      afterSeq: filter.sinceSeq,
      fromSeq: filter.fromSeq,
      toSeq: filter.toSeq,
      sinceTs: filter.sinceTime === undefined ? undefined : new Date(toMs(filter.sinceTime)).toISOString(),
      limit: filter.limit,
    })
    .map((r) => toReceipt(r, ledger.chain))
}

/** Every decision key with its value, sorted by key. */
export function decisionEntries(ledger: Ledger, state: PoolState): Array<[string, unknown]> {
  return [...state.decision.keys()].sort().map((k) => [k, ledger.readValue(state.decision.get(k)!.commit)])
}

/** Full state at `seq`: the latest snapshot at or before it, then at most K receipts replayed. */
export function stateAt(ledger: Ledger, seq: number): PoolState {
  checkSeq(ledger, seq)
  if (seq === ledger.headSeq) return ledger.state.clone()
  const snap = ledger.idx.snapshotAtOrBefore(seq)
  const state = snap ? PoolState.deserialize(snap.state) : new PoolState()
  const from = snap ? snap.seq : 0
  ledger.idx.eachReplayRow(from, seq, (row) => {
    const [rseq, op, pool, key, nw, tool, call, ts, reason] = row
    if (ts === null) return // a body that does not parse changes nothing; verify reports it
    state.apply({ seq: rseq, op: op as ReceiptBody['op'], pool: pool as Pool | null, key, new: nw, tool, call, ts, reason }, ledger.lookup)
  })
  return state
}

/** A read-only view of the pools as of receipt `seq` (0 = before the first receipt). */
export function viewAt(ledger: Ledger, seq: number): PointInTimeView {
  checkSeq(ledger, seq)
  let cached: PoolState | null = null
  const full = () => (cached ??= stateAt(ledger, seq))
  const lookupValue = (pool: 'decision' | 'execution' | 'plans', key: string) => ledger.readValue(ledger.versions.commitAt(pool, key, seq))
  return {
    seq,
    decision: {
      get: (key) => lookupValue('decision', key),
      entries: () => decisionEntries(ledger, full()),
    },
    execution: {
      get: (tool, callId) => lookupValue('execution', executionKey(tool, callId)),
      entries: () =>
        [...full().execution.values()]
          .sort((a, b) => a.origin - b.origin)
          .map((s) => ({ tool: s.tool, callId: s.call, result: ledger.readValue(s.commit) })),
    },
    plans: { get: (planId) => lookupValue('plans', planId) as PlanRecord | undefined },
    memories: {
      get: (id) => {
        const m = full().lifecycle.memories.get(id)
        return m ? pastMemory(ledger, m) : undefined
      },
      entries: () => {
        const out: PastMemory[] = []
        for (const m of [...full().lifecycle.memories.values()].sort((a, b) => a.createdMs - b.createdMs)) {
          // A memory erased since then has no past content either: `get(id)` says so; a listing leaves it out.
          try {
            out.push(pastMemory(ledger, m))
          } catch (e) {
            if (!(e instanceof ErasedError)) throw e
          }
        }
        return out
      },
    },
  }
}

function pastMemory(ledger: Ledger, m: MemorySlot): PastMemory {
  return { id: m.id, content: contentOf(ledger, m), status: m.status, score: m.score, source: m.source, session: m.session }
}
