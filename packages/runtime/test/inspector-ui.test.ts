// The inspector UI's pure parts: the report's time-slider replay (checked against the runtime's own point-in-time
// view), the dev page's charts (counted like the report's builder), how a reconnecting app's list is adopted, and
// the value diff.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { createCustoms } from '../src/index.js'
import type { InspectorReceipt } from '../src/inspector/model.js'
import { inspectorReceipt } from '../src/inspector/report-data.js'
import { SeriesBuilder } from '../src/inspector/series.js'
import { lineDiff } from '../src/inspector/ui/diff.js'
import { poolsAtSeq, seriesOf, sourceOf } from '../src/inspector/ui/replay.js'
import { adopt } from '../src/inspector/ui/use-inspector.js'

async function store() {
  const customs = await createCustoms({
    sqlJs: { wasmBinary: readFileSync(createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm')) },
    decision: { schemas: { mode: z.string(), quote: z.object({ price: z.number() }) }, writeOnce: ['mode'] },
    bridge: { tools: ['quote.get'] },
  })
  customs.decision.commit('mode', 'safe', { source: 'user' })
  customs.execution.store('quote.get', 'c1', { price: 1 })
  customs.plans.record('p1', { references: [{ tool: 'quote.get', callId: 'c1' }] })
  customs.bridge.promote({ tool: 'quote.get', callId: 'c1', to: 'quote', planRef: 'p1' })
  customs.execution.store('quote.get', 'c2', { price: 2 })
  expect(() => customs.decision.commit('mode', 'risky', { source: 'user' })).toThrow()
  await customs.rollback({ callId: 'c1' })
  customs.execution.store('quote.get', 'c3', { price: 3 })
  return customs
}

describe('poolsAtSeq', () => {
  test('matches the runtime’s point-in-time view after every receipt', async () => {
    const customs = await store()
    const receipts = customs.receipts().map((r) => inspectorReceipt(r, new Set()))
    for (let seq = 0; seq <= customs.size; seq++) {
      const at = customs.at(seq) as unknown as {
        decision: { get(k: string): unknown }
        execution: { get(tool: string, call: string): unknown }
      }
      const replayed = poolsAtSeq(receipts, seq).entries
      for (const e of replayed) {
        const value = customs.value(e.commit!)
        if (e.pool === 'decision') expect(at.decision.get(e.key), `#${seq} ${e.key}`).toEqual(value)
        if (e.pool === 'execution') expect(value).toBeDefined()
      }
      // Every decision key the runtime holds at that seq is in the replay, and no other.
      const keys = ['mode', 'quote'].filter((k) => at.decision.get(k) !== undefined).sort()
      expect(replayed.filter((e) => e.pool === 'decision').map((e) => e.key)).toEqual(keys)
    }
    // The rollback compensated quote.get/c1's effects: the promoted quote is gone at the head.
    expect(poolsAtSeq(receipts, customs.size).entries.map((e) => `${e.pool}:${e.key}`)).not.toContain('decision:quote')
    await customs.close()
  })
})

describe('seriesOf', () => {
  test('counts like the report builder: every receipt once per chart, the rest under other', async () => {
    const customs = await store()
    const receipts = customs.receipts().map((r) => inspectorReceipt(r, new Set()))
    const mine = seriesOf(receipts, 40, 3)
    const times = receipts.map((r) => r.ts).sort()
    const count = (names: string[]) => {
      const m = new Map<string, number>()
      for (const n of names) m.set(n, (m.get(n) ?? 0) + 1)
      return [...m]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, 3)
        .map(([n]) => n)
    }
    const builder = new SeriesBuilder(
      { from: times[0]!, to: times[times.length - 1]! },
      count(receipts.flatMap((r) => (r.key === null ? [] : [r.key]))),
      40,
    )
    for (const r of receipts) builder.add(r.ts, r.key, sourceOf(r))
    const theirs = builder.series()
    // Keys: the top 3 of both; sources: the builder's top 8 against the default.
    const rows = (list: Array<{ key?: string; source?: string; counts: number[] }>) =>
      Object.fromEntries(list.map((r) => [r.key ?? r.source, r.counts]))
    const sum = (list: Array<{ counts: number[] }>) => list.reduce((n, r) => n + r.counts.reduce((a, b) => a + b, 0), 0)
    expect(mine.buckets).toEqual(theirs.buckets)
    expect(rows(mine.byKey)).toEqual(rows(theirs.byKey))
    expect(rows(seriesOf(receipts).bySource)).toEqual(rows(theirs.bySource))
    expect(sum(mine.byKey)).toBe(receipts.length)
    expect(sum(mine.bySource)).toBe(receipts.length)
    expect(Object.keys(rows(mine.bySource)).sort()).toEqual(['tool:quote.get', 'unattributed'])
    expect(seriesOf([])).toEqual({ buckets: [], byKey: [], bySource: [] })
    await customs.close()
  })
})

describe('adopt', () => {
  const r = (seq: number, hash: string, prev: string): InspectorReceipt =>
    ({ seq, hash, prev, ts: '2026-01-01T00:00:00.000Z', op: 'COMMIT' }) as InspectorReceipt
  test('merges the same chain, keeping receipts pushed during the fetch', () => {
    const current = [r(1, 'a', '0'), r(2, 'b', 'a'), r(3, 'c', 'b')]
    expect(adopt(current, [r(1, 'a', '0'), r(2, 'b', 'a')]).map((x) => x.seq)).toEqual([1, 2, 3])
  })
  test('replaces another chain, keeping only pushed receipts that link onto the fetched end', () => {
    const old = [r(1, 'a', '0'), r(2, 'b', 'a'), r(3, 'c', 'b'), r(4, 'y', 'x'), r(5, 'z', 'y')]
    const fresh = [r(1, 'A', '0'), r(2, 'B', 'A'), r(3, 'C', 'B')]
    expect(adopt(old, fresh).map((x) => x.hash)).toEqual(['A', 'B', 'C'])
    expect(adopt([...old.slice(0, 3), r(4, 'D', 'C')], fresh).map((x) => x.hash)).toEqual(['A', 'B', 'C', 'D'])
  })
})

describe('lineDiff', () => {
  test('marks removed and added lines around the common ones', () => {
    expect(lineDiff('a\nb\nc', 'a\nx\nc')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'x' },
      { kind: 'same', text: 'c' },
    ])
    expect(lineDiff('', 'new')).toEqual([{ kind: 'added', text: 'new' }])
    expect(lineDiff('x\n'.repeat(500), 'y', 400).filter((l) => l.kind === 'added')).toEqual([{ kind: 'added', text: 'y' }])
  })
})
