/**
 * Test and tooling hooks that are not public API: the raw sql.js index, the live pool state and the JS
 * version index of a Customs (tests compare them with replays), and releasing a view's index without closing
 * its backend (the tab follower swaps views). Kept in a registry, so nothing of it shows in the public types.
 */
import type { Database } from 'sql.js'
import type { ObservedWrite } from './gates/observed.js'
import type { Receipt } from './receipt.js'
import type { CommitOptions, PlanRecord, PromoteRequest } from './types.js'
import type { PoolState } from './state.js'
import type { VersionIndex } from './versions.js'
import type { JournalEntry } from '../storage/types.js'
import type { VerifyReport } from './verify.js'
import type { LifecycleContext } from './memory/context-types.js'

export interface CustomsInternals {
  /** The sql.js index, with buffered rows written first. */
  index(): Database
  liveState: PoolState
  versionIndex: VersionIndex
  /** The memory lifecycle's context of the root (`system`) handle. */
  lifecycle: LifecycleContext
  /** Closes the sql.js index only (the backend stays open for another view). */
  dropIndex(): void
  /** The write gates with another default actor (a leader tab applying a follower's forwarded writes). */
  asActor(actor: string | null): ActorWrites
  /** Verifies and replays entries other writers appended after this view into the live ledger (core/follow.ts). */
  follow(entries: readonly JournalEntry[]): Promise<VerifyReport>
}

export interface ActorWrites {
  commit(key: string, value: unknown, options: CommitOptions): Receipt
  store(tool: string, callId: string, result: unknown): Receipt
  record(planId: string, plan: PlanRecord, options?: { actor?: string; reason?: string }): Receipt
  promote(req: PromoteRequest): Receipt
  observe(write: ObservedWrite): void
}

const registry = new WeakMap<object, CustomsInternals>()

export function registerInternals(owner: object, internals: CustomsInternals): void {
  registry.set(owner, internals)
}

export function internalsOf(owner: object): CustomsInternals {
  const i = registry.get(owner)
  if (!i) throw new TypeError('not a Customs created by createCustoms')
  return i
}
