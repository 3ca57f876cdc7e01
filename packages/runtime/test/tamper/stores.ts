/** The stores the tamper suite alters: every receipt kind, values, checkpoints, a witness at the head. */
import { z } from 'zod'
import type { Customs } from '../../src/index.js'
import { buildStore, type Store } from './harness.js'

export const options = {
  decision: { schemas: { risk: z.string(), budget: z.number(), any: z.unknown() } },
  bridge: { tools: ['web', 'db'] },
  // Timestamps fixed per store, so runs are reproducible.
  now: (() => {
    let t = Date.UTC(2026, 0, 1)
    return () => (t += 7)
  })(),
}

const site = (n: number) => ({
  file: `src/agent${n % 3}.ts`,
  line: n,
  column: 2,
  fn: n % 2 ? null : 'step',
  callee: 'm.set',
  rule: 'MW-1',
  key: `k${n}`,
  keyKind: 'static' as const,
  keyIndex: 0,
  valueIndex: 1,
})

/** One round: COMMIT, STORE ×3, RECORD_PLAN, PROMOTE, REFUSED, OBSERVED_WRITE, then (every `rollbackEvery` rounds) COMPENSATE…, ROLLBACK. */
async function round(c: Customs, i: number, rollback: boolean): Promise<void> {
  c.decision.commit('risk', `low-${i}`, { source: 'user' })
  c.decision.commit('budget', 10.5 + i, { source: 'plan' })
  c.execution.store('web', `c1-${i}`, `high-${i}`)
  c.execution.store('web', `c2-${i}`, { level: 'medium', n: i })
  c.execution.store('db', `c3-${i}`, `critical-${i}`)
  c.plans.record(`p${i}`, {
    references: [
      { tool: 'web', callId: `c1-${i}` },
      { tool: 'web', callId: `c2-${i}` },
    ],
  })
  c.bridge.promote({ tool: 'web', callId: `c1-${i}`, to: 'risk', planRef: `p${i}` })
  try {
    c.decision.commit('nope', i, { source: 'user' })
  } catch {
    // REFUSED receipt written
  }
  c.observeWrite({ site: site(i), key: `k${i}`, value: i, hasValue: true } as Parameters<Customs['observeWrite']>[0])
  c.decision.commit('any', { nested: ['é€😀', 1e-7, i] }, { source: 'user' })
  if (rollback) await c.rollback({ tool: 'web' })
}

/** ~20 receipts: one round with a checkpoint in the middle, a rollback, and a final checkpoint. */
export function smallStore(): Promise<Store> {
  return buildStore({ ...options, now: options.now }, async (c) => {
    await round(c, 0, false)
    await c.checkpoint()
    await c.rollback({ tool: 'web' })
    c.decision.commit('budget', 11, { source: 'user' })
    c.execution.store('web', 'c4', 'late')
    c.plans.record('p-late', { references: [{ tool: 'web', callId: 'c4' }] })
    c.bridge.promote({ tool: 'web', callId: 'c4', to: 'risk', planRef: 'p-late' })
    c.decision.commit('budget', 12, { source: 'user' })
    return (await c.checkpoint()).note
  })
}

/** ~400 receipts: 32 rounds, a rollback every third round, a checkpoint every fifth. */
export function largeStore(rounds = 32): Promise<Store> {
  return buildStore({ ...options }, async (c) => {
    for (let i = 0; i < rounds; i++) {
      await round(c, i, i % 3 === 2)
      if (i % 5 === 4) await c.checkpoint()
    }
    return (await c.checkpoint()).note
  })
}
