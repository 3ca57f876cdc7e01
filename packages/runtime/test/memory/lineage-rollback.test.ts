/**
 * Lineage, influence and cascading rollback on a real store: the write path records `dependsOn` and the automatic
 * link to the last render of a session, READ receipts record what each context contained, a GUARD receipt what a
 * check evaluated; `rollback({ memory }, { cascade })` turns the blast radius into DELETE receipts (why rollback)
 * before its ROLLBACK receipt, and its dry run lists the cascade without writing.
 */
import { describe, expect, it } from 'vitest'
import {
  createCustoms,
  createMemoryKeyProvider,
  MemoryNotFoundError,
  OptionError,
  type Customs,
  type CustomsOptions,
  type StorageOption,
} from '../../src/index.js'
import { internalsOf } from '../../src/core/internals.js'
import { influence, lineage } from '../../src/core/memory/lineage.js'
import { encodeMeta } from '../../src/core/memory/meta.js'

/** A store this process owns (not a tab-shared IndexedDB one, whose handle is a SharedCustoms). */
type LocalOptions = CustomsOptions & { storage?: Exclude<StorageOption, { indexedDB: string }> }

const options = (): LocalOptions => ({
  keyStore: createMemoryKeyProvider(),
  scan: { disable: ['injection', 'code', 'secret', 'pii'] },
})

const stateOf = (c: Customs) => internalsOf(c).lifecycle.ledger.state.lifecycle

/** A GUARD receipt as the guardrail writes it (core/memory/meta.ts): what it evaluated and what it decided. */
function guardReceipt(c: Customs, entries: string[], decision: 'proceed' | 'halt'): string {
  const { ledger } = internalsOf(c).lifecycle
  const r = ledger.append({
    op: 'GUARD',
    pool: null,
    key: null,
    old: null,
    new: null,
    site: null,
    tool: 'email.send',
    call: null,
    actor: null,
    reason: encodeMeta({ action: 'call_tool:write', tool: 'email.send', decision, risk: [0.8, 0.6, 0, 0], reasons: [], entries }),
  })
  return `guard_${r.seq}`
}

/**
 * The propagation story: a tool's price, a render, a low-confidence summary written right after it (so
 * linked to that render), a report that depends on the summary, a second session's render and a working draft
 * written after it, and a guard check on the report. `metric` is unrelated (rendered, never derived from).
 */
async function story() {
  const c = await createCustoms(options())
  const metric = c.memories.propose('The user prefers metric units.', { source: 'user' }).id
  const price = c.memories.propose('The widget costs 42 EUR.', { source: 'tool:prices', session: 's1' }).id
  const ctx1 = c.context.render({ session: 's1' }).contextId
  const summary = c.memories.propose('Summary: the widget costs 45 EUR.', { source: 'agent', session: 's1', confidence: 0.4 }).id
  const report = c.memories.propose('Report for Ann: widget at 45 EUR.', { source: 'agent', dependsOn: [summary] }).id
  const ctx2 = c.context.render({ session: 's2' }).contextId
  c.working('s2').put('draft', 'Dear Ann, the widget costs 45 EUR.')
  const guard = guardReceipt(c, [report], 'halt')
  return { c, metric, price, ctx1, summary, report, ctx2, guard }
}

describe('lineage and influence over the write path', () => {
  it('records dependsOn and the automatic link, and answers both directions', async () => {
    const { c, metric, price, ctx1, summary, report, ctx2, guard } = await story()
    const state = stateOf(c)
    const up = lineage(state, report)
    expect(up.nodes.map((n) => [n.id, n.via])).toEqual([
      [summary, 'dependsOn'],
      [ctx1, 'context'],
      [metric, 'contained'],
      [price, 'contained'],
    ])
    const blast = influence(state, price)
    expect(blast.nodes.map((n) => [n.id, n.kind, n.depth])).toEqual([
      [ctx1, 'context', 1],
      [ctx2, 'context', 1],
      [summary, 'memory', 2],
      ['w:s2/draft', 'working', 2],
      [report, 'memory', 3],
      [guard, 'guard', 4],
    ])
    expect(blast.nodes.at(-1)).toMatchObject({ decision: 'halt' })
    // The unrelated memory was rendered in both contexts too: it influenced them and what was derived from them.
    expect(influence(state, metric).nodes.map((n) => n.id)).toEqual(blast.nodes.map((n) => n.id))
    expect(influence(state, guard).nodes).toEqual([])
    await c.close()
  })
})

describe('rollback({ memory }, { cascade })', () => {
  it('the dry run lists the cascade with contents and writes nothing', async () => {
    const { c, price, summary, report } = await story()
    const head = c.receipts().length
    const dry = await c.rollback({ memory: price }, { cascade: true, dryRun: true })
    expect(dry).toMatchObject({ dryRun: true, receipts: [], target: { memory: price } })
    expect(dry.diff).toEqual([
      { pool: 'memory', key: price, before: 'The widget costs 42 EUR.', after: undefined },
      { pool: 'memory', key: summary, before: 'Summary: the widget costs 45 EUR.', after: undefined },
      { pool: 'memory', key: report, before: 'Report for Ann: widget at 45 EUR.', after: undefined },
      { pool: 'working', key: 's2/draft', before: 'Dear Ann, the widget costs 45 EUR.', after: undefined },
    ])
    expect(c.receipts()).toHaveLength(head)
    expect(c.memories.get(price)).toBeDefined()
    await c.close()
  })

  it('without cascade removes the entry only; with cascade everything derived from it, contexts and checks stay', async () => {
    const { c, metric, price, ctx1, summary, report, guard } = await story()
    const single = await c.rollback({ memory: summary }, { reason: 'wrong price' })
    expect(single.receipts.map((r) => [r.op, r.key])).toEqual([
      ['DELETE', summary],
      ['ROLLBACK', null],
    ])
    expect(JSON.parse(single.receipts[0].reason!)).toEqual({ why: 'rollback' })
    expect(c.memories.get(report)).toBeDefined()

    // The summary is gone, but what was derived from it still cascades from the price through it.
    const cascade = await c.rollback({ memory: price }, { cascade: true })
    expect(cascade.receipts.map((r) => [r.op, r.pool, r.key])).toEqual([
      ['DELETE', 'memory', price],
      ['DELETE', 'memory', report],
      ['DELETE', 'working', 's2/draft'],
      ['ROLLBACK', null, null],
    ])
    expect(JSON.parse(cascade.receipts.at(-1)!.reason!)).toEqual({
      cascade: true,
      changed: 3,
      reason: null,
      target: { memory: price },
    })
    expect(c.memories.list().map((m) => m.id)).toEqual([metric])
    expect(c.working('s2').get('draft')).toBeUndefined()
    const state = stateOf(c)
    expect(state.contexts.has(ctx1)).toBe(true)
    expect(state.guards.has(guard)).toBe(true)
    // The guard check's lineage now shows what it rested on as rolled back.
    expect(lineage(state, guard).nodes.find((n) => n.id === report)).toMatchObject({
      state: 'ended',
      end: { op: 'DELETE', why: 'rollback' },
    })
    // A rollback of an entry that already ended, and with nothing derived left, removes nothing more.
    expect((await c.rollback({ memory: price }, { cascade: true })).diff).toEqual([])
    expect((await c.verify({ values: true })).ok).toBe(true)
    await c.close()
  })

  it('cascade also extends a rollback by cause to what was derived from its entries', async () => {
    const { c, metric, summary, report } = await story()
    const dry = await c.rollback({ source: 'tool:prices' }, { dryRun: true })
    expect(dry.diff.map((d) => d.key)).toHaveLength(1)
    const wide = await c.rollback({ source: 'tool:prices' }, { cascade: true, dryRun: true })
    expect(wide.diff.map((d) => d.key)).toEqual([dry.diff[0].key, summary, report, 's2/draft'])
    expect(wide.diff.map((d) => d.key)).not.toContain(metric)
    await c.close()
  })

  it('takes a working entry by its node id', async () => {
    const { c } = await story()
    const r = await c.rollback({ memory: 'w:s2/draft' }, { cascade: true })
    expect(r.receipts.map((x) => [x.op, x.pool, x.key])).toEqual([
      ['DELETE', 'working', 's2/draft'],
      ['ROLLBACK', null, null],
    ])
    await c.close()
  })

  it('an unknown id is MemoryNotFoundError and bad options are OptionErrors naming them; nothing is written', async () => {
    const { c, price, ctx1 } = await story()
    const head = c.receipts().length
    await expect(c.rollback({ memory: 'm_999' })).rejects.toThrow(MemoryNotFoundError)
    await expect(c.rollback({ memory: ctx1 })).rejects.toThrow(MemoryNotFoundError)
    await expect(c.rollback({ memory: 'w:nobody/none' }, { cascade: true })).rejects.toThrow(/no memory or working-memory/)
    expect(() => c.rollbackNow({ memory: '' })).toThrow(/rollback memory must be a non-empty string/)
    expect(() => c.rollbackNow({ memory: 7 as never })).toThrow(OptionError)
    expect(() => c.rollbackNow({ memory: price }, { cascade: 'yes' as never })).toThrow(/rollback cascade must be a boolean/)
    expect(() => c.rollbackNow({ memory: price }, { dryRun: 1 as never })).toThrow(/rollback dryRun must be a boolean/)
    expect(c.receipts()).toHaveLength(head)
    expect(c.memories.get(price)).toBeDefined()
    await c.close()
  })
})
