/**
 * Property: for random operation sequences, the state at every seq N computed three ways agrees:
 * snapshot + replay of at most K receipts (customs.at / stateAt), a full replay from genesis, and the
 * per-key version index (the JS one that serves `at` and rollback, and its sql.js mirror) — for K in {1, 7, 1000}.
 * A rollback to a seq must leave the live state equal to the state at that seq.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createCustoms, type Customs, type Receipt } from '../src/index.js'
import { internalsOf } from '../src/core/internals.js'
import { replay, type Applicable } from '../src/core/state.js'

const KEYS = ['a', 'b', 'c'] as const
const TOOLS = ['web', 'calc'] as const
const CALLS = ['1', '2', '3'] as const

type Op =
  | { t: 'commit'; key: (typeof KEYS)[number]; value: number }
  | { t: 'bad'; value: number }
  | { t: 'store'; tool: (typeof TOOLS)[number]; call: (typeof CALLS)[number]; value: number }
  | { t: 'plan'; id: 'p' | 'q'; refs: Array<[(typeof TOOLS)[number], (typeof CALLS)[number]]> }
  | { t: 'promote'; tool: (typeof TOOLS)[number]; call: (typeof CALLS)[number]; to: (typeof KEYS)[number]; plan: 'p' | 'q' }
  | { t: 'rollbackTo'; frac: number }
  | { t: 'rollbackTool'; tool: (typeof TOOLS)[number] }
  | { t: 'rollbackCall'; call: (typeof CALLS)[number] }

const small = fc.integer({ min: 0, max: 4 })
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ t: fc.constant('commit' as const), key: fc.constantFrom(...KEYS), value: small }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('bad' as const), value: small }) },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('store' as const),
      tool: fc.constantFrom(...TOOLS),
      call: fc.constantFrom(...CALLS),
      value: small,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('plan' as const),
      id: fc.constantFrom('p' as const, 'q' as const),
      refs: fc.array(fc.tuple(fc.constantFrom(...TOOLS), fc.constantFrom(...CALLS)), { maxLength: 3 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('promote' as const),
      tool: fc.constantFrom(...TOOLS),
      call: fc.constantFrom(...CALLS),
      to: fc.constantFrom(...KEYS),
      plan: fc.constantFrom('p' as const, 'q' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('rollbackTo' as const), frac: fc.double({ min: 0, max: 1, noNaN: true }) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('rollbackTool' as const), tool: fc.constantFrom(...TOOLS) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('rollbackCall' as const), call: fc.constantFrom(...CALLS) }) },
)

function run(c: Customs, op: Op): void {
  try {
    switch (op.t) {
      case 'commit':
        c.decision.commit(op.key, op.value, { source: 'user' })
        return
      case 'bad':
        c.decision.commit('a', -1 - op.value, { source: 'user' })
        return
      case 'store':
        c.execution.store(op.tool, op.call, op.value)
        return
      case 'plan':
        c.plans.record(op.id, { references: op.refs.map(([tool, callId]) => ({ tool, callId })) })
        return
      case 'promote':
        c.bridge.promote({ tool: op.tool, callId: op.call, to: op.to, planRef: op.plan })
        return
      case 'rollbackTo': {
        const toSeq = Math.floor(op.frac * c.size)
        const target = c.stateAt(toSeq).commitments()
        c.rollbackNow({ toSeq })
        expect(internalsOf(c).liveState.commitments(), `after rollback to ${toSeq}`).toEqual(target)
        return
      }
      case 'rollbackTool':
        c.rollbackNow({ tool: op.tool })
        return
      case 'rollbackCall':
        c.rollbackNow({ callId: op.call })
        return
    }
  } catch (e) {
    if (!(e as { code?: string }).code) throw e
  }
}

async function check(K: number, ops: Op[]): Promise<void> {
  const c = await createCustoms({
    snapshotEvery: K,
    decision: { schemas: { a: z.number().nonnegative(), b: z.number(), c: z.number() } },
    bridge: { tools: ['web'] },
  })
  try {
    for (const op of ops) run(c, op)
    const receipts: Receipt[] = c.receipts()
    const bySeq = (s: number) => receipts[s - 1]
    const keys = {
      decision: new Set(receipts.filter((r) => r.pool === 'decision' && r.op !== 'REFUSED').map((r) => r.key!)),
      execution: new Set(receipts.filter((r) => r.pool === 'execution' && r.op !== 'REFUSED').map((r) => r.key!)),
    }
    for (let n = 0; n <= receipts.length; n++) {
      const viaSnapshot = c.stateAt(n)
      const fromGenesis = replay(receipts.slice(0, n) as Applicable[], bySeq)
      expect(viaSnapshot.commitments(), `K=${K} N=${n}`).toEqual(fromGenesis.commitments())
      const view = c.at(n)
      for (const pool of ['decision', 'execution'] as const)
        for (const key of keys[pool]) {
          const expected = fromGenesis[pool].get(key)?.commit ?? null
          expect(internalsOf(c).versionIndex.commitAt(pool, key, n), `JS version index ${pool}/${key} at ${n}`).toBe(expected)
          if (pool === 'decision') expect(view.decision.get(key)).toEqual(expected ? c.value(expected) : undefined)
          else {
            const slash = key.indexOf('/')
            expect(view.execution.get(key.slice(0, slash), key.slice(slash + 1))).toEqual(expected ? c.value(expected) : undefined)
          }
        }
    }
    // The live state equals the replay of the whole chain, too.
    expect(internalsOf(c).liveState.commitments()).toEqual(replay(receipts as Applicable[], bySeq).commitments())
    expect((await c.verify()).ok).toBe(true)
  } finally {
    await c.close()
  }
}

describe('time travel property', () => {
  for (const K of [1, 7, 1000])
    it(`snapshot+replay == replay from genesis == version index, K=${K}`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 45 }), (ops) => check(K, ops)),
        { numRuns: 40, seed: 20261129 + K },
      )
    })
})
