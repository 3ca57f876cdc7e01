/**
 * Shared set-up for the guard tests: a store on a test clock, its root lifecycle context, and `remember`, which
 * files a typed memory with exactly the shadow a test needs (confidence, deps, conflicts, findings, status) as
 * one PROPOSE receipt through the ledger, so the guard is tested against the lifecycle state as replay builds it,
 * independently of how the typed write path fills those fields.
 */
import { createCustoms, createMemoryKeyProvider, type Customs, type CustomsOptions, type StorageOption } from '../../src/index.js'
import { internalsOf } from '../../src/core/internals.js'
import type { LifecycleContext } from '../../src/core/memory/context-types.js'
import { encodeMeta, type LifecycleMeta } from '../../src/core/memory/meta.js'
import { canonicalize } from '../../src/core/canonical.js'

export const T0 = Date.parse('2026-11-30T10:00:00Z')
export const HOUR = 3_600_000

export function clock(start = T0) {
  let t = start
  return { now: () => t, advance: (ms: number) => (t += ms) }
}

export type StoreOptions = CustomsOptions & { storage?: Exclude<StorageOption, { indexedDB: string }> }

export interface GuardStore {
  customs: Customs
  ctx: LifecycleContext
  clock: ReturnType<typeof clock>
  /** Files a memory (approved, source `user`, confidence 1 unless `meta` says otherwise); returns its id. */
  remember(meta?: LifecycleMeta, content?: string): string
}

export async function guardStore(extra: Partial<StoreOptions> = {}): Promise<GuardStore> {
  const t = clock()
  const customs = await createCustoms({
    keyStore: createMemoryKeyProvider(),
    now: t.now,
    scan: { disable: ['injection', 'code', 'secret', 'pii'] },
    ...extra,
  } as StoreOptions)
  const ctx = internalsOf(customs).lifecycle
  return { customs, ctx, clock: t, remember: (meta, content) => remember(ctx, meta, content) }
}

export function remember(ctx: LifecycleContext, meta: LifecycleMeta = {}, content?: string): string {
  const id = `m_${ctx.ledger.headSeq + 1}`
  const text = canonicalize(content ?? `content of ${id}`)
  const commit = ctx.ring.commit(text)
  ctx.ledger.append(
    {
      op: 'PROPOSE',
      pool: 'memory',
      key: id,
      old: null,
      new: commit,
      site: null,
      tool: null,
      call: null,
      actor: null,
      reason: encodeMeta({ status: 'approved', score: 1, ruleSet: 'test@1', findings: [], source: 'user', ...meta }),
    },
    { commit, text },
  )
  return id
}
