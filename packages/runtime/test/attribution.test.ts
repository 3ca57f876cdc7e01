/**
 * Attribution through the real probe protocol, called by hand exactly as instrumented code calls it:
 * `__mc$d(table, i, target.method(...__mc$p(table, i, [args])))`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { __mc$d, __mc$p, __mc$r, probeCounters, resetProbeState, type SiteMeta } from '../src/probe.js'
import { createCustoms, setDefaultCustoms, type Customs } from '../src/index.js'
import { encodeBodyV2, parseBodyV2 } from '../src/format/v2.js'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { testDir } from './support/temp-dir.js'

function site(over: Partial<SiteMeta>): SiteMeta {
  return {
    file: 'src/agent.ts',
    line: 1,
    column: 1,
    fn: null,
    callee: 'customs.decision.commit',
    rule: 'MW-1',
    key: null,
    keyKind: 'dynamic',
    keyIndex: 0,
    valueIndex: 1,
    ...over,
  }
}

function makeTable(file: string, sites: SiteMeta[]) {
  function __mc$t(): ReturnType<typeof __mc$r> {
    const self = __mc$t as unknown as { v?: ReturnType<typeof __mc$r> }
    return self.v || (self.v = __mc$r(file, sites))
  }
  return __mc$t
}

let c: Customs
beforeEach(async () => {
  resetProbeState()
  c = await createCustoms({ decision: { schemas: { risk: z.string() } }, bridge: { tools: ['web'] } })
})
afterEach(async () => {
  setDefaultCustoms(null)
  resetProbeState()
  await c.close()
})

describe('attribution', () => {
  it('a probed commit carries its site; an unprobed one counts as unattributed', () => {
    const t = makeTable('src/agent.ts', [
      site({ line: 14, column: 5, fn: 'Agent.remember', key: 'risk', keyKind: 'static' }),
      site({ line: 30, column: 9, fn: 'Agent.fetch', callee: 'customs.execution.store', keyIndex: null, valueIndex: 2 }),
    ])
    const decision = c.decision
    const r = __mc$d(t, 0, decision.commit(...(__mc$p(t, 0, ['risk', 'low', { source: 'user' }]) as [string, unknown, { source: 'user' }])))
    expect(r.site).toEqual({ file: 'src/agent.ts', line: 14, column: 5, fn: 'Agent.remember' })
    const s = __mc$d(t, 1, c.execution.store(...(__mc$p(t, 1, ['web', 'c1', { x: 1 }]) as [string, string, unknown])))
    expect(s.site).toEqual({ file: 'src/agent.ts', line: 30, column: 9, fn: 'Agent.fetch' })
    const plain = c.decision.commit('risk', 'high', { source: 'user' })
    expect(plain.site).toBeNull()
    expect(c.health()).toMatchObject({ attributed: 2, unattributed: 1 })
    expect(c.receipts({ file: 'src/agent.ts' }).map((x) => x.seq)).toEqual([1, 2])
  })

  it('a refused probed write is attributed too, and is not also an observed write', () => {
    setDefaultCustoms(c)
    const t = makeTable('src/bad.ts', [site({ file: 'src/bad.ts', line: 3, column: 1 })])
    expect(() =>
      __mc$d(t, 0, c.decision.commit(...(__mc$p(t, 0, ['nope', 1, { source: 'user' }]) as [string, unknown, { source: 'user' }]))),
    ).toThrow(/no registered schema/)
    const [refused] = c.receipts({ op: 'REFUSED' })
    expect(refused.site).toMatchObject({ file: 'src/bad.ts', line: 3 })
    // The frame of the call that threw is dropped by the next microtask; no OBSERVED_WRITE appears.
    expect(c.receipts({ op: 'OBSERVED_WRITE' })).toEqual([])
  })

  it('with setDefaultCustoms, a probed Map.set becomes an OBSERVED_WRITE receipt with a value commitment', () => {
    setDefaultCustoms(c)
    const t = makeTable('src/memory.ts', [site({ file: 'src/memory.ts', line: 7, column: 3, fn: 'Notes.add', callee: 'this.notes.set' })])
    const notes = new Map<string, unknown>()
    __mc$d(t, 0, notes.set(...(__mc$p(t, 0, ['topic', { text: 'hi' }]) as [string, unknown])))
    __mc$d(t, 0, notes.set(...(__mc$p(t, 0, ['fn', () => 1]) as [string, unknown])))
    const observed = c.receipts({ op: 'OBSERVED_WRITE' })
    expect(observed).toHaveLength(2)
    expect(observed[0]).toMatchObject({
      pool: 'observed',
      key: 'topic',
      site: { file: 'src/memory.ts', line: 7, column: 3, fn: 'Notes.add' },
      reason: 'this.notes.set',
    })
    expect(observed[0].new).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(observed[1].new).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(notes.get('topic')).toEqual({ text: 'hi' })
    expect(probeCounters().sinkErrors).toBe(0)
    // A probed write into the pools themselves is receipted once, not observed as well.
    const p = makeTable('src/agent.ts', [site({ line: 2 })])
    __mc$d(p, 0, c.decision.commit(...(__mc$p(p, 0, ['risk', 'x', { source: 'plan' }]) as [string, unknown, { source: 'plan' }])))
    expect(c.receipts({ op: 'OBSERVED_WRITE' })).toHaveLength(2)
    expect(c.receipts({ op: 'COMMIT' })[0].site).toMatchObject({ line: 2 })
  })

  it('a write through a wrapper names the caller and keeps the inner call as site.via, in the hashed receipt', async () => {
    const inner = makeTable('src/memory.ts', [site({ file: 'src/memory.ts', line: 17, column: 3, fn: 'remember', key: 'risk' })])
    const outer = makeTable('src/agent/agent.ts', [
      site({ file: 'src/agent/agent.ts', line: 42, column: 7, fn: 'Agent.plan', callee: 'remember', rule: 'wrapper', wrapper: true }),
    ])
    // the wrapper as the plugin instruments it: its own write is a site of src/memory.ts
    const remember = (value: string) =>
      __mc$d(
        inner,
        0,
        c.decision.commit(...(__mc$p(inner, 0, ['risk', value, { source: 'user' }]) as [string, unknown, { source: 'user' }])),
      )
    const r = __mc$d(outer, 0, remember(...(__mc$p(outer, 0, ['low']) as [string])))
    const via = { file: 'src/memory.ts', line: 17, column: 3, fn: 'remember' }
    expect(r.site).toEqual({ file: 'src/agent/agent.ts', line: 42, column: 7, fn: 'Agent.plan', via })
    // read back from the index, filtered by the caller's file (the site a rollback by cause matches)
    expect(c.receipt(r.seq)).toEqual(r)
    expect(c.receipts({ file: 'src/agent/agent.ts' }).map((x) => x.site?.via)).toEqual([via])
    // the frame is part of the canonical body, so it is covered by the hash and the chain verifies
    const stored = encodeBodyV2({ ...r, ts: Date.parse(r.ts), sig: null })
    expect(stored).toContain(`"via":{"column":3,"file":"src/memory.ts","fn":"remember","line":17}`)
    expect(parseBodyV2(stored)?.site).toEqual(r.site)
    expect(await c.verify()).toMatchObject({ ok: true })
  })

  it('site.via survives a reopen of a file store and a tampered frame fails verification', async () => {
    const dir = testDir('mc-via-')
    const opts = { storage: { file: dir }, decision: { schemas: { risk: z.string() } } }
    const store = await createCustoms(opts)
    const inner = makeTable('src/memory.ts', [site({ file: 'src/memory.ts', line: 17, column: 3, fn: 'remember' })])
    const outer = makeTable('src/agent.ts', [site({ line: 9, column: 5, fn: 'run', callee: 'remember', rule: 'wrapper', wrapper: true })])
    const remember = (value: string) =>
      __mc$d(
        inner,
        0,
        store.decision.commit(...(__mc$p(inner, 0, ['risk', value, { source: 'user' }]) as [string, unknown, { source: 'user' }])),
      )
    const r = __mc$d(outer, 0, remember(...(__mc$p(outer, 0, ['low']) as [string])))
    await store.close()
    const reopened = await createCustoms(opts)
    expect(reopened.receipt(r.seq)).toEqual(r)
    expect((await reopened.verify()).ok).toBe(true)
    await reopened.close()
    const journal = join(dir, 'journal.ndjson')
    writeFileSync(journal, readFileSync(journal, 'utf8').replace('"fn":"remember","line":17}', '"fn":"remember","line":18}'))
    const tampered = await createCustoms(opts)
    const report = await tampered.verify()
    expect(report.ok).toBe(false)
    expect(report.firstFailure).toMatchObject({ seq: r.seq })
    await tampered.close()
  })
})
