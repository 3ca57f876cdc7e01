/**
 * The leader tab's side of the protocol: it applies forwarded writes through its own Customs (every gate
 * checked against the head), records which write id became which receipt, and answers once it is durable.
 *
 * Exactly once: a forwarded write's id is recorded in an `applied` journal entry appended in the same
 * IndexedDB transaction as its receipt (TabBackend). A write id found in `applied` (read from the journal, or
 * recorded by this leader) is never applied again; its answer is rebuilt from the receipt it became. So a
 * write the old leader made durable but never answered is answered, not repeated, by the next leader; a
 * write it applied but did not make durable is not in the journal and is applied by the next leader.
 */
import type { Customs } from '../core/customs.js'
import type { Receipt } from '../core/receipt.js'
import { CustomsError } from '../errors.js'
import { runAtSite } from '../probe.js'
import { applyCall } from './follower.js'
import { errorFromRefusal, type ForwardedWrite } from './protocol.js'
import type { TabBackend } from './tab-backend.js'

export interface Outcome {
  receipt?: Receipt
  error?: CustomsError
}

/**
 * Applies forwarded write `w` at most once and returns its outcome as soon as it is in the chain (not yet
 * durable: the caller flushes before answering).
 */
export function applyOnce(customs: Customs, backend: TabBackend, w: ForwardedWrite): Outcome {
  const seen = backend.applied.get(w.id)
  if (seen !== undefined) return outcomeOf(customs, seen)
  let outcome: Outcome
  try {
    // with the follower's default actor (null included), never the leader's
    outcome = { receipt: runAtSite(w.site, () => applyCall(customs, w.call, w.actor)) }
  } catch (e) {
    if (!(e instanceof CustomsError)) throw e
    outcome = { error: e }
  }
  const seq = outcome.receipt?.seq ?? outcome.error?.seq
  // synchronously after the append, so the `applied` entry goes out in the same batch as the receipt
  if (seq !== undefined) backend.recordApplied(w.id, seq)
  return outcome
}

/** The outcome recorded by receipt `seq`: itself, or the refusal a REFUSED receipt stands for. */
function outcomeOf(customs: Customs, seq: number): Outcome {
  const r = customs.receipt(seq)
  if (!r) return { error: errorFromRefusal({ seq, reason: 'UNKNOWN:STORAGE', key: null } as Receipt) }
  return r.op === 'REFUSED' ? { error: errorFromRefusal(r) } : { receipt: r }
}
