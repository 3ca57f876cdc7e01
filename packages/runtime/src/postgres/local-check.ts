/**
 * The local check of a PostgreSQL process's writes, before they wait for the head lock: the real write gates
 * (core/gates/*) run against a light ledger that builds no receipt. A write accepted here costs its validation
 * (schema, canonical encoding), not a second commit (receipt hash, index row, a journal of its own): the
 * authoritative append happens at the head, under the lock, anyway. What the head would do under the lock and
 * need not is done here instead: the value's record is sealed ahead (core/sealed-ahead.ts).
 *
 * What the gates read of the journal is the view's live state (decision keys and plans as this process last
 * saw them), read and never written here; execution results are not looked up (a promotion's result, plan and
 * signature are the head's to check). Only refusals that do not depend on the journal are final here
 * (tabs/follower.ts keeps those and forwards every other write): a write-once key this view already holds is
 * left to the head, as a single writer decides it before the schema.
 */
import { actorWrites } from '../core/gates/actor.js'
import type { GateContext } from '../core/gates/gate.js'
import type { Customs } from '../core/customs.js'
import { StoreGuard } from '../core/guard.js'
import { registerInternals, type ActorWrites, type CustomsInternals } from '../core/internals.js'
import { zeroCounters, type ChainCounters, type Draft, type Ledger } from '../core/ledger.js'
import { writeRulesOf, type CustomsOptions } from '../core/options.js'
import type { Receipt } from '../core/receipt.js'
import type { PoolState } from '../core/state.js'
import type { Ring } from '../crypto/ring.js'

/** What the gates' commitments are locally: the head commits to the value when it applies the write. */
const UNCOMMITTED = 'uncommitted'

/**
 * What the gates use of a Ledger on their way to `append`: the state they check against, the counters they
 * bump, and `append`, which here returns the draft (no seq, no hash) for the pending receipt.
 */
class CheckLedger {
  readonly counters: ChainCounters = zeroCounters()
  /** The gates look up results here: none, so a promotion is never decided locally past its target key. */
  private readonly noResults = new Map()

  constructor(private readonly live: () => PoolState) {}

  get state(): Pick<PoolState, 'decision' | 'plans' | 'execution'> {
    const s = this.live()
    return { decision: s.decision, plans: s.plans, execution: this.noResults }
  }

  append(d: Draft): Receipt {
    return { ...d, seq: undefined } as unknown as Receipt
  }
}

/**
 * A check store for `FollowerWrites` (tabs/follower.ts), which runs a write's gates through `applyCall` on it:
 * the same gates and messages as a Customs, on a CheckLedger. `live` gives the view's current pool state;
 * `sealAhead` is given the canonical text of each value the gates commit to.
 */
export function localCheck(options: CustomsOptions, live: () => PoolState, sealAhead: (text: string) => void): Customs {
  const rules = writeRulesOf(options)
  const ledger = new CheckLedger(live)
  // A commitment made here is never stored, compared or shown (a pending receipt has no `new`).
  const commit = (text: string): string => {
    sealAhead(text)
    return UNCOMMITTED
  }
  const ring = { commit } as Partial<Ring> as Ring
  const guard = new StoreGuard()
  const gates: GateContext = { ledger: ledger as unknown as Ledger, ring, rules, guard }
  const check = {
    size: 0,
    receipt: (): undefined => undefined,
  }
  const byActor = new Map<string | null, ActorWrites>()
  const asActor = (actor: string | null): ActorWrites => {
    const known = byActor.get(actor)
    if (known) return known
    const writes: ActorWrites = {
      ...actorWrites(gates, actor, 'none'),
      // observed writes are never checked locally (FollowerWrites forwards them as they are)
      observe: () => {},
    }
    byActor.set(actor, writes)
    return writes
  }
  registerInternals(check, { asActor } as Partial<CustomsInternals> as CustomsInternals)
  return check as unknown as Customs
}
