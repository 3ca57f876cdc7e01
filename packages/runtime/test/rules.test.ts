/** Rules not covered by the contract suite: rollback by source file, argument validation, write-once seed rule, limits. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { __mc$d, __mc$p, __mc$r, resetProbeState, type SiteMeta } from '../src/probe.js'
import { createCustoms, OptionError, SeqRangeError, type Customs } from '../src/index.js'

function table(file: string, line: number) {
  const site: SiteMeta = {
    file,
    line,
    column: 3,
    fn: null,
    callee: 'customs.decision.commit',
    rule: 'MW-1',
    key: null,
    keyKind: 'dynamic',
    keyIndex: 0,
    valueIndex: 1,
  }
  function __mc$t(): ReturnType<typeof __mc$r> {
    const self = __mc$t as unknown as { v?: ReturnType<typeof __mc$r> }
    return self.v || (self.v = __mc$r(file, [site]))
  }
  return __mc$t
}

let c: Customs
beforeEach(async () => {
  resetProbeState()
  c = await createCustoms({
    decision: { schemas: { intent: z.string(), risk: z.string(), budget: z.number() }, writeOnce: ['intent'] },
    bridge: { tools: ['web'] },
    maxValueBytes: 1024,
  })
})
afterEach(async () => {
  resetProbeState()
  await c.close()
})

type CommitArgs = [string, unknown, { source: 'user' | 'plan' }]
const commitFrom = (t: ReturnType<typeof table>, ...args: CommitArgs) =>
  __mc$d(t, 0, c.decision.commit(...(__mc$p(t, 0, args) as CommitArgs)))

describe('rollback by source file', () => {
  it('undoes the writes made from that file and keeps the rest', async () => {
    const user = table('src/user.ts', 10)
    const planner = table('src/planner/plan.ts', 20)
    commitFrom(user, 'risk', 'low', { source: 'user' })
    commitFrom(planner, 'risk', 'high', { source: 'plan' })
    commitFrom(planner, 'budget', 900, { source: 'plan' })
    commitFrom(user, 'budget', 100, { source: 'user' })
    const dry = await c.rollback({ file: 'src/planner/plan.ts' }, { dryRun: true })
    expect(dry.diff).toEqual([{ pool: 'decision', key: 'risk', before: 'high', after: 'low' }])
    const res = await c.rollback({ file: 'src/planner/*.ts' })
    expect(res.diff).toEqual(dry.diff)
    expect(res.target).toEqual({ file: 'src/planner/*.ts' })
    expect(c.decision.entries()).toEqual([
      ['budget', 100],
      ['risk', 'low'],
    ])
    expect(res.receipts.map((r) => [r.op, r.reason])).toEqual([
      ['COMPENSATE', 'restore@1'],
      ['ROLLBACK', '{"changed":1,"reason":null,"target":{"file":"src/planner/*.ts"}}'],
    ])
    // A second rollback by the same cause has nothing left to undo.
    expect((await c.rollback({ file: 'src/planner/plan.ts' })).diff).toEqual([])
    expect((await c.verify()).ok).toBe(true)
  })

  it('bad targets are typed errors', async () => {
    const head = c.size
    await expect(c.rollback({ toSeq: 99 })).rejects.toMatchObject({ code: 'BAD_SEQ', requestedSeq: 99, range: { min: 0, max: head } })
    await expect(c.rollback({ toSeq: 99 })).rejects.toBeInstanceOf(SeqRangeError)
    await expect(c.rollback({ tool: '' })).rejects.toMatchObject({ code: 'BAD_OPTION', option: 'rollback tool' })
    await expect(c.rollback({ tool: '' })).rejects.toBeInstanceOf(OptionError)
    await expect(c.rollback({} as never)).rejects.toMatchObject({ code: 'BAD_OPTION' })
    await expect(c.rollback({ toTime: 'not a time' })).rejects.toMatchObject({ code: 'BAD_OPTION' })
  })

  it('a seq outside 0..head is a SeqRangeError carrying the seq and the valid range', () => {
    const head = c.size
    for (const bad of [head + 1, -1, 1.5]) {
      let err: unknown
      try {
        c.at(bad)
      } catch (e) {
        err = e
      }
      expect(err).toBeInstanceOf(SeqRangeError)
      expect(err).not.toBeInstanceOf(OptionError)
      expect(err).toMatchObject({
        code: 'BAD_SEQ',
        requestedSeq: bad,
        range: { min: 0, max: head },
        message: expect.stringContaining(`seq ${bad} is outside 0..${head}`),
      })
    }
    expect(() => c.stateAt(head + 1)).toThrow(SeqRangeError)
    expect(() => c.at(head)).not.toThrow()
  })
})

describe('seed rule and limits', () => {
  it('a planner correcting itself cannot overwrite the intent the user stated (write-once)', () => {
    c.decision.commit('intent', 'book a quiet hotel', { source: 'user' })
    expect(() => c.decision.commit('intent', 'book the cheapest hotel', { source: 'plan' })).toThrow(
      expect.objectContaining({ code: 'WRITE_ONCE', key: 'intent', source: 'plan', rule: 'decision.write-once' }),
    )
    expect(c.decision.get('intent')).toBe('book a quiet hotel')
  })

  it('maxValueBytes applies to every pool, counted in UTF-8 bytes', () => {
    expect(() => c.decision.commit('risk', 'x'.repeat(2000), { source: 'user' })).toThrow(
      expect.objectContaining({ code: 'INVALID_VALUE' }),
    )
    expect(() => c.decision.commit('risk', '€'.repeat(400), { source: 'user' })).toThrow(/larger than maxValueBytes/)
    expect(() => c.execution.store('web', 'c1', { blob: 'y'.repeat(5000) })).toThrow(expect.objectContaining({ code: 'INVALID_VALUE' }))
    expect(c.execution.get('web', 'c1')).toBeUndefined()
    expect(c.receipts({ op: 'REFUSED' }).map((r) => r.reason)).toEqual([
      'COMMIT:INVALID_VALUE',
      'COMMIT:INVALID_VALUE',
      'STORE:INVALID_VALUE',
    ])
  })

  it('argument errors on store, record and promote are refused with receipts, never thrown untyped', () => {
    expect(() => c.execution.store('', 'c1', 1)).toThrow(expect.objectContaining({ code: 'INVALID_VALUE', rule: 'execution.tool' }))
    expect(() => c.execution.store('web', 42 as never, 1)).toThrow(
      expect.objectContaining({ code: 'INVALID_VALUE', rule: 'execution.call' }),
    )
    expect(() => c.execution.store('web', 'c1', undefined)).toThrow(expect.objectContaining({ code: 'INVALID_VALUE' }))
    expect(() => c.plans.record('', { references: [] })).toThrow(expect.objectContaining({ code: 'INVALID_VALUE' }))
    expect(() => c.plans.record('p', { references: [{ tool: 'web' }] } as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_VALUE', rule: 'plans.references' }),
    )
    expect(() => c.plans.record('p', null as never)).toThrow(expect.objectContaining({ code: 'INVALID_VALUE' }))
    expect(() => c.bridge.promote(undefined as never)).toThrow(expect.objectContaining({ code: 'INVALID_VALUE', rule: 'receipt.tool' }))
    expect(() => c.decision.commit('risk', 'x', undefined as never)).toThrow(expect.objectContaining({ code: 'SOURCE_NOT_ALLOWED' }))
    expect(() => c.decision.commit(7 as never, 'x', { source: 'user' })).toThrow(
      expect.objectContaining({ code: 'INVALID_VALUE', rule: 'receipt.key' }),
    )
    expect(c.receipts().every((r) => r.op === 'REFUSED')).toBe(true)
    expect(c.size).toBe(9)
  })

  it('a key with a lone surrogate is refused and its receipt still encodes', async () => {
    expect(() => c.decision.commit('ri\ud800sk', 'x', { source: 'user' })).toThrow(
      expect.objectContaining({ code: 'INVALID_VALUE', rule: 'receipt.key' }),
    )
    expect(c.receipt(1)?.key).toBe('ri\ufffdsk')
    expect((await c.verify()).ok).toBe(true)
  })

  it('plans can be revised; promotion checks the current plan', () => {
    c.execution.store('web', 'c1', 'high')
    c.plans.record('p', { references: [{ tool: 'web', callId: 'c1' }] })
    c.plans.record('p', { references: [] })
    expect(c.plans.get('p')).toEqual({ references: [] })
    expect(() => c.bridge.promote({ tool: 'web', callId: 'c1', to: 'risk', planRef: 'p' })).toThrow(
      expect.objectContaining({ code: 'PLAN_REFERENCE' }),
    )
  })
})
