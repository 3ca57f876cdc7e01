/**
 * The Customs contract: behaviour every storage backend and environment must show. No vitest imports, only
 * `./assert.ts`, so the same cases run in vitest (memory backend), in Node with the file backend and in
 * headless Chromium with IndexedDB. Runners: `./memory.test.ts`, `./file.test.ts` and
 * `../browser/contract.browser.test.ts` (see ./README.md).
 *
 * `make(opts)` must return a Customs on a fresh, empty store each call. `ctx.reopen(customs, opts)` (optional)
 * must close that Customs and open a new one on the same store; cases that need it skip themselves without it.
 */
import { z } from 'zod'
import { createCustoms, type Customs, type CustomsOptions, type JournalEntry, type Receipt, type StorageBackend } from '../../src/index.js'
import { b64urlToHex } from '../../src/crypto/hash.js'
import { genesisV2 } from '../../src/format/v2.js'
import { assert } from './assert.js'

const genesisHex = (chain: string): string => b64urlToHex(genesisV2(chain))

/** What verify reports for an intact store of `n` format-2 receipts. */
export const intact = (n: number) => ({ ok: true, checked: n, authenticatedThrough: n, legacy: 0 })

export type Make = (opts?: CustomsOptions) => Promise<Customs>

export interface ContractContext {
  reopen?: (customs: Customs, opts?: CustomsOptions) => Promise<Customs>
  /** A fresh, unopened backend on a new empty store (the conditional-append cases skip themselves without it). */
  backend?: () => StorageBackend
}

/** The backend as the core sees it when other writers may append: `shared`, every append recorded. */
function sharedView(b: StorageBackend, calls: Array<{ n: number; expected?: { seq: number; hash: string } }>): StorageBackend {
  return {
    kind: b.kind,
    durability: b.durability,
    location: b.location,
    shared: true,
    open: () => b.open(),
    read: () => b.read(),
    append: (entries, options) => {
      calls.push({ n: entries.length, expected: options?.expectedHead })
      return b.append(entries, options)
    },
    close: () => b.close(),
  }
}

async function rejectsCode(p: Promise<unknown>, storageCode: string, what: string): Promise<Error & { storageCode?: string }> {
  try {
    await p
  } catch (e) {
    assert.equal((e as { storageCode?: string }).storageCode, storageCode, what)
    return e as Error
  }
  throw new Error(`${what}: resolved, expected ${storageCode}`)
}

export interface ContractCase {
  name: string
  run(make: Make, ctx?: ContractContext): Promise<void>
}

export const schemas = {
  risk: z.enum(['conservative', 'balanced', 'aggressive']),
  budget: z.number().int().positive(),
  destination: z.string().min(1),
  profile: z.object({ name: z.string(), age: z.number().int() }),
  anything: z.unknown(),
}

/** A clock tests can move. */
export function manualClock(start = Date.UTC(2026, 0, 1)): { now: () => number; advance(ms: number): void } {
  let t = start
  return { now: () => t, advance: (ms) => void (t += ms) }
}

export function baseOptions(extra: CustomsOptions = {}): CustomsOptions {
  return {
    decision: { schemas, writeOnce: ['destination'] },
    bridge: { tools: ['web_search', 'calculator'] },
    execution: { ttlMs: 60_000 },
    ...extra,
  }
}

/** Every receipt links to the one before; the first to the chain's genesis link (format 2 binds the chain id there). */
function assertChain(receipts: Receipt[], chain: string): void {
  let prev = genesisHex(chain)
  receipts.forEach((r, i) => {
    assert.equal(r.seq, i + 1, 'contiguous seq')
    assert.equal(r.prev, prev, `prev of #${r.seq}`)
    assert.ok(/^[0-9a-f]{64}$/.test(r.hash), 'hash is 64 hex chars')
    prev = r.hash
  })
}

async function expectVerified(c: Customs, what: string): Promise<void> {
  const report = await c.verify({ values: true })
  assert.equal(report, { ok: true, checked: c.size, authenticatedThrough: c.size, legacy: 0 }, `verify after ${what}`)
}

export const contractCases: ContractCase[] = [
  {
    name: 'commit, get and entries; receipts carry commitments, never values',
    async run(make) {
      const c = await make(baseOptions({ actor: 'agent-1' }))
      const r1 = c.decision.commit('risk', 'conservative', { source: 'user', reason: 'stated in chat' })
      const r2 = c.decision.commit('budget', 1200, { source: 'plan' })
      const r3 = c.decision.commit('risk', 'balanced', { source: 'plan' })
      assert.equal([r1.seq, r2.seq, r3.seq], [1, 2, 3])
      assert.equal(r1.op, 'COMMIT')
      assert.equal(r1.pool, 'decision')
      assert.equal(r1.actor, 'agent-1')
      assert.equal(r1.reason, 'stated in chat')
      assert.equal(r3.old, r1.new, 'old of the overwrite is the first commitment')
      assert.ok(!JSON.stringify(r1).includes('conservative'), 'the value is not in the receipt')
      assert.equal(c.decision.get('risk'), 'balanced')
      assert.equal(c.decision.entries(), [
        ['budget', 1200],
        ['risk', 'balanced'],
      ])
      assert.equal(c.value(r1.new!), 'conservative', 'value() reads a committed value back')
      assertChain(c.receipts(), c.chain)
      assert.equal(c.receipt(2)?.hash, r2.hash)
      await c.flush()
      await expectVerified(c, 'commits')
      await c.close()
    },
  },
  {
    name: 'the stored value is the parsed one and get returns a copy',
    async run(make) {
      const c = await make(baseOptions({ decision: { schemas: { profile: z.object({ name: z.string() }) } } }))
      const input = { name: 'Ada', extra: 'stripped by zod' }
      c.decision.commit('profile', input, { source: 'user' })
      const got = c.decision.get('profile') as { name: string }
      assert.equal(got, { name: 'Ada' })
      got.name = 'mutated'
      assert.equal(c.decision.get('profile'), { name: 'Ada' }, 'mutating what get returned changes nothing')
      await c.close()
    },
  },
  {
    name: 'decision refusals: a REFUSED receipt, a typed error, state unchanged, chain still verifies',
    async run(make) {
      const c = await make(baseOptions())
      c.decision.commit('destination', 'Lisbon', { source: 'user' })
      c.decision.commit('risk', 'conservative', { source: 'user' })
      const before = c.decision.entries()
      const cases: Array<[() => unknown, string, string]> = [
        [() => c.decision.commit('favourite_colour', 'red', { source: 'user' }), 'UNKNOWN_KEY', 'UnknownKeyError'],
        [() => c.decision.commit('risk', 'aggressive', { source: 'tool' as 'user' }), 'SOURCE_NOT_ALLOWED', 'SourceError'],
        [() => c.decision.commit('destination', 'Porto', { source: 'plan' }), 'WRITE_ONCE', 'WriteOnceError'],
        [() => c.decision.commit('risk', 'yolo', { source: 'user' }), 'SCHEMA_VIOLATION', 'SchemaError'],
        [() => c.decision.commit('budget', -5, { source: 'user' }), 'SCHEMA_VIOLATION', 'SchemaError'],
        [() => c.decision.commit('anything', undefined, { source: 'user' }), 'INVALID_VALUE', 'ValueError'],
        [() => c.decision.commit('anything', Number.NaN, { source: 'user' }), 'INVALID_VALUE', 'ValueError'],
        [() => c.decision.commit('anything', new Date(0), { source: 'user' }), 'INVALID_VALUE', 'ValueError'],
        [() => c.decision.commit('anything', 10n, { source: 'user' }), 'INVALID_VALUE', 'ValueError'],
        [() => c.decision.commit('anything', JSON.parse('{"__proto__":{"x":1}}'), { source: 'user' }), 'INVALID_VALUE', 'ValueError'],
        [() => c.decision.commit('anything', { constructor: 1 }, { source: 'user' }), 'INVALID_VALUE', 'ValueError'],
        [() => c.decision.commit('anything', { a: '\uD800' }, { source: 'user' }), 'INVALID_VALUE', 'ValueError'],
      ]
      const cyclic: Record<string, unknown> = { a: 1 }
      cyclic.self = cyclic
      cases.push([() => c.decision.commit('anything', cyclic, { source: 'user' }), 'INVALID_VALUE', 'ValueError'])
      for (const [fn, code, name] of cases) {
        const headBefore = c.head
        const err = assert.throwsCode(fn, code)
        assert.equal(err.name, name)
        assert.equal(err.seq, headBefore.seq + 1, `${code}: the refusal has its own receipt`)
        const r = c.receipt(err.seq!)!
        assert.equal(r.op, 'REFUSED')
        assert.equal(r.reason, `COMMIT:${code}`)
        assert.equal(r.prev, headBefore.hash, 'earlier receipts untouched')
      }
      assert.equal(c.decision.entries(), before, 'state unchanged by refusals')
      assert.equal(c.health().refused, cases.length)
      await c.flush()
      await expectVerified(c, 'refusals')
      await c.close()
    },
  },
  {
    name: 'a 10 MB value is refused with a typed error naming the key',
    async run(make) {
      const c = await make(baseOptions())
      const big = 'x'.repeat(10 * 1024 * 1024)
      const err = assert.throwsCode(() => c.decision.commit('anything', { big }, { source: 'user' }), 'INVALID_VALUE')
      assert.ok(err.message.includes('"anything"'), 'the message names the key')
      assert.equal(c.decision.get('anything'), undefined)
      await expectVerified(c, 'a refused 10 MB value')
      await c.close()
    },
  },
  {
    name: 'execution pool: store, get, TTL expiry and unpromoted',
    async run(make) {
      const clock = manualClock()
      const c = await make(baseOptions({ now: clock.now }))
      const r = c.execution.store('web_search', 'call-1', { hits: ['a', 'b'] })
      assert.equal([r.op, r.pool, r.tool, r.call, r.key], ['STORE', 'execution', 'web_search', 'call-1', 'web_search/call-1'])
      c.execution.store('calculator', 'call-2', 42)
      assert.equal(c.execution.get('web_search', 'call-1'), { hits: ['a', 'b'] })
      assert.equal(
        c.execution.unpromoted().map((e) => [e.tool, e.callId]),
        [
          ['web_search', 'call-1'],
          ['calculator', 'call-2'],
        ],
      )
      clock.advance(60_001)
      assert.equal(c.execution.get('web_search', 'call-1'), undefined, 'expired results are gone from the live view')
      assert.equal(c.execution.unpromoted(), [])
      assert.equal(c.at(r.seq).execution.get('web_search', 'call-1'), { hits: ['a', 'b'] }, 'history still has it')
      await c.close()
    },
  },
  {
    name: 'bridge: a promotion that passes every check, and each refusal path',
    async run(make) {
      const clock = manualClock()
      const c = await make(baseOptions({ now: clock.now }))
      c.execution.store('web_search', 'c1', 'balanced')
      c.execution.store('web_search', 'c2', 'not-a-risk-level')
      c.execution.store('shell', 'c3', 'aggressive')
      c.execution.store('web_search', 'c4', 'aggressive')
      c.plans.record('plan-1', {
        references: [
          { tool: 'web_search', callId: 'c1' },
          { tool: 'web_search', callId: 'c2' },
          { tool: 'shell', callId: 'c3' },
        ],
      })
      c.decision.commit('destination', 'Lisbon', { source: 'user' })
      c.execution.store('web_search', 'c5', 'Porto')
      c.plans.record('plan-2', {
        references: [
          { tool: 'web_search', callId: 'c5' },
          { tool: 'web_search', callId: 'old' },
        ],
      })
      const ok = c.bridge.promote({ tool: 'web_search', callId: 'c1', to: 'risk', planRef: 'plan-1' })
      assert.equal(
        [ok.op, ok.pool, ok.key, ok.tool, ok.call, ok.reason],
        ['PROMOTE', 'decision', 'risk', 'web_search', 'c1', 'plan:plan-1'],
      )
      assert.equal(c.decision.get('risk'), 'balanced')
      assert.equal(
        c.execution.unpromoted().map((e) => e.callId),
        ['c2', 'c3', 'c4', 'c5'],
      )
      const refusals: Array<[Parameters<Customs['bridge']['promote']>[0], string, string]> = [
        [{ tool: 'shell', callId: 'c3', to: 'risk', planRef: 'plan-1' }, 'TOOL_NOT_ALLOWED', 'ToolNotAllowedError'],
        [{ tool: 'web_search', callId: 'c1', to: 'mood', planRef: 'plan-1' }, 'UNKNOWN_KEY', 'UnknownKeyError'],
        [{ tool: 'web_search', callId: 'never-stored', to: 'risk', planRef: 'plan-1' }, 'RESULT_MISSING', 'ResultMissingError'],
        [{ tool: 'web_search', callId: 'c4', to: 'risk', planRef: 'no-such-plan' }, 'PLAN_REFERENCE', 'PlanReferenceError'],
        [{ tool: 'web_search', callId: 'c4', to: 'risk', planRef: 'plan-1' }, 'PLAN_REFERENCE', 'PlanReferenceError'],
        [{ tool: 'web_search', callId: 'c2', to: 'risk', planRef: 'plan-1' }, 'SCHEMA_VIOLATION', 'SchemaError'],
        [{ tool: 'web_search', callId: 'c5', to: 'destination', planRef: 'plan-2' }, 'WRITE_ONCE', 'WriteOnceError'],
      ]
      for (const [req, code, name] of refusals) {
        const before = c.decision.entries()
        const err = assert.throwsCode(() => c.bridge.promote(req), code, `${req.tool}/${req.callId} -> ${req.to}`)
        assert.equal(err.name, name)
        const r = c.receipt(err.seq!)!
        assert.equal([r.op, r.reason, r.tool, r.call], ['REFUSED', `PROMOTE:${code}`, req.tool, req.callId])
        assert.equal(c.decision.entries(), before, `${code} leaves the Decision pool alone`)
      }
      clock.advance(60_001)
      c.plans.record('plan-3', { references: [{ tool: 'web_search', callId: 'c4' }] })
      const err = assert.throwsCode(
        () => c.bridge.promote({ tool: 'web_search', callId: 'c4', to: 'risk', planRef: 'plan-3' }),
        'RESULT_EXPIRED',
      )
      assert.equal(err.name, 'ResultExpiredError')
      await expectVerified(c, 'bridge refusals')
      await c.close()
    },
  },
  {
    name: 'bridge: a result is bound to its own call: what get() returns is a copy, and only that call promotes it',
    async run(make) {
      const c = await make(baseOptions())
      const stored = c.execution.store('web_search', 'c1', 'conservative')
      c.execution.store('web_search', 'c2', 'aggressive')
      assert.ok(typeof stored.sig === 'string' && stored.sig.length === 43, 'the STORE receipt carries the result signature')
      c.plans.record('p', { references: [{ tool: 'web_search', callId: 'c1' }] })
      // Mutating what get() returned cannot reach the store.
      const copy = c.execution.get('web_search', 'c1') as string
      assert.equal(copy, 'conservative')
      // A plan that references c1 cannot promote c2's result, and the promoted value is c1's own.
      const err = assert.throwsCode(
        () => c.bridge.promote({ tool: 'web_search', callId: 'c2', to: 'risk', planRef: 'p' }),
        'PLAN_REFERENCE',
      )
      assert.equal(err.name, 'PlanReferenceError')
      c.bridge.promote({ tool: 'web_search', callId: 'c1', to: 'risk', planRef: 'p' })
      assert.equal(c.decision.get('risk'), 'conservative')
      await c.flush()
      await expectVerified(c, 'promotion')
      await c.close()
    },
  },
  {
    name: 'history, receipts filters and time travel with at(seq)',
    async run(make) {
      const c = await make(baseOptions({ snapshotEvery: 3 }))
      const a = c.decision.commit('risk', 'conservative', { source: 'user' })
      c.decision.commit('budget', 100, { source: 'user' })
      const b = c.decision.commit('risk', 'balanced', { source: 'plan' })
      c.execution.store('web_search', 'c1', { n: 1 })
      c.decision.commit('budget', 200, { source: 'user' })
      try {
        c.decision.commit('risk', 'nope', { source: 'user' })
      } catch {
        /* refused on purpose */
      }
      c.decision.commit('risk', 'aggressive', { source: 'user' })
      assert.equal(
        c.history('risk').map((r) => r.op),
        ['COMMIT', 'COMMIT', 'REFUSED', 'COMMIT'],
      )
      assert.equal(c.history('risk', { pool: 'decision' }).length, 4)
      assert.equal(c.receipts({ op: 'COMMIT', key: 'budget' }).length, 2)
      assert.equal(
        c.receipts({ tool: 'web_search' }).map((r) => r.seq),
        [4],
      )
      assert.equal(
        c.receipts({ fromSeq: 2, toSeq: 3 }).map((r) => r.seq),
        [2, 3],
      )
      assert.equal(
        c.receipts({ sinceSeq: 5 }).map((r) => r.seq),
        [6, 7],
      )
      assert.equal(c.at(0).decision.entries(), [])
      assert.equal(c.at(a.seq).decision.get('risk'), 'conservative')
      assert.equal(c.at(b.seq).decision.get('risk'), 'balanced')
      assert.equal(c.at(b.seq).decision.entries(), [
        ['budget', 100],
        ['risk', 'balanced'],
      ])
      assert.equal(c.at(3).execution.get('web_search', 'c1'), undefined)
      assert.equal(c.at(4).execution.entries(), [{ tool: 'web_search', callId: 'c1', result: { n: 1 } }])
      assert.equal(c.at(7).decision.entries(), c.decision.entries())
      assert.throwsCode(() => c.at(99), 'BAD_SEQ')
      await c.close()
    },
  },
  {
    name: 'rollback to a seq: compensating receipts, one ROLLBACK, nothing deleted; dry run only reports',
    async run(make) {
      const c = await make(baseOptions())
      c.decision.commit('risk', 'conservative', { source: 'user' })
      const mark = c.decision.commit('budget', 100, { source: 'user' })
      c.decision.commit('risk', 'aggressive', { source: 'plan' })
      c.decision.commit('budget', 900, { source: 'plan' })
      c.decision.commit('profile', { name: 'x', age: 3 }, { source: 'plan' })
      const size = c.size
      const dry = await c.rollback({ toSeq: mark.seq }, { dryRun: true })
      assert.equal(dry.dryRun, true)
      assert.equal(dry.receipts, [])
      assert.equal(c.size, size, 'a dry run writes nothing')
      assert.equal(dry.diff, [
        { pool: 'decision', key: 'budget', before: 900, after: 100 },
        { pool: 'decision', key: 'profile', before: { age: 3, name: 'x' }, after: undefined },
        { pool: 'decision', key: 'risk', before: 'aggressive', after: 'conservative' },
      ])
      const res = await c.rollback({ toSeq: mark.seq }, { reason: 'planner went rogue' })
      assert.equal(res.diff, dry.diff)
      assert.equal(
        res.receipts.map((r) => r.op),
        ['COMPENSATE', 'COMPENSATE', 'COMPENSATE', 'ROLLBACK'],
      )
      assert.equal(res.receipts[0].seq, size + 1)
      assert.equal(c.decision.entries(), c.at(mark.seq).decision.entries())
      assert.equal(c.receipts().length, size + 4, 'nothing deleted')
      const rb = res.receipts[3]
      assert.equal(JSON.parse(rb.reason!), { changed: 3, reason: 'planner went rogue', target: { toSeq: mark.seq } })
      assert.equal(c.health().rollbacks, 1)
      await expectVerified(c, 'rollback')
      await c.close()
    },
  },
  {
    name: 'rollback by cause: a tool, a call id; later writes by others are kept',
    async run(make) {
      const c = await make(baseOptions())
      c.decision.commit('risk', 'conservative', { source: 'user' })
      c.execution.store('web_search', 'w1', 'aggressive')
      c.execution.store('calculator', 'k1', 500)
      c.plans.record('p', {
        references: [
          { tool: 'web_search', callId: 'w1' },
          { tool: 'calculator', callId: 'k1' },
        ],
      })
      c.bridge.promote({ tool: 'web_search', callId: 'w1', to: 'risk', planRef: 'p' })
      c.bridge.promote({ tool: 'calculator', callId: 'k1', to: 'budget', planRef: 'p' })
      c.decision.commit('destination', 'Oslo', { source: 'user' })
      const res = await c.rollback({ tool: 'web_search' })
      assert.equal(res.diff, [
        { pool: 'decision', key: 'risk', before: 'aggressive', after: 'conservative' },
        { pool: 'execution', key: 'web_search/w1', before: 'aggressive', after: undefined },
      ])
      assert.equal(c.decision.get('budget'), 500, 'the other tool is kept')
      assert.equal(c.decision.get('destination'), 'Oslo')
      assert.equal(c.execution.get('web_search', 'w1'), undefined)
      const res2 = await c.rollback({ callId: 'k1' })
      assert.equal(
        res2.diff.map((d) => d.key),
        ['budget', 'calculator/k1'],
      )
      assert.equal(c.decision.get('budget'), undefined)
      // A user write after a tainted promotion is kept: the cause's effect was already superseded.
      c.execution.store('web_search', 'w2', 'balanced')
      c.plans.record('p2', { references: [{ tool: 'web_search', callId: 'w2' }] })
      c.bridge.promote({ tool: 'web_search', callId: 'w2', to: 'risk', planRef: 'p2' })
      c.decision.commit('risk', 'aggressive', { source: 'user' })
      const res3 = await c.rollback({ tool: 'web_search' })
      assert.equal(res3.diff, [{ pool: 'execution', key: 'web_search/w2', before: 'balanced', after: undefined }])
      assert.equal(c.decision.get('risk'), 'aggressive')
      await expectVerified(c, 'rollbacks by cause')
      await c.close()
    },
  },
  {
    name: 'rollback to a time',
    async run(make) {
      const clock = manualClock()
      const c = await make(baseOptions({ now: clock.now }))
      c.decision.commit('risk', 'conservative', { source: 'user' })
      clock.advance(1000)
      const t = clock.now()
      c.decision.commit('budget', 5, { source: 'user' })
      clock.advance(1000)
      c.decision.commit('risk', 'balanced', { source: 'user' })
      c.decision.commit('budget', 6, { source: 'user' })
      const res = await c.rollback({ toTime: t + 500 })
      assert.equal(res.target, { toTime: new Date(t + 500).toISOString(), toSeq: 2 })
      assert.equal(c.decision.entries(), [
        ['budget', 5],
        ['risk', 'conservative'],
      ])
      await c.close()
    },
  },
  {
    name: 'concurrent async writers interleaved with a rollback: contiguous seq, nothing lost',
    async run(make) {
      const c = await make(baseOptions())
      for (let i = 0; i < 5; i++) c.decision.commit('budget', i + 1, { source: 'user' })
      const target = c.size
      const tick = () => new Promise<void>((r) => setTimeout(r, 0))
      const written: Receipt[] = []
      const writer = async (w: number) => {
        for (let i = 0; i < 20; i++) {
          written.push(
            c.decision.commit(w % 2 ? 'budget' : 'risk', w % 2 ? 100 * w + i : (['balanced', 'aggressive'] as const)[i % 2], {
              source: 'plan',
            }),
          )
          await tick()
        }
      }
      let rollback: Awaited<ReturnType<Customs['rollback']>> | undefined
      const roller = async () => {
        await tick()
        await tick()
        rollback = await c.rollback({ toSeq: target })
      }
      await Promise.all([writer(1), writer(2), writer(3), roller(), writer(4)])
      await c.flush()
      assertChain(c.receipts(), c.chain)
      assert.equal(c.size, target + 80 + rollback!.receipts.length)
      const rbSeq = rollback!.receipts.at(-1)!.seq
      const firstComp = rollback!.receipts[0].seq
      assert.ok(
        written.every((r) => r.seq < firstComp || r.seq > rbSeq),
        'no write lands inside the rollback batch',
      )
      const expected = new Map(c.at(target).decision.entries())
      for (const r of written.filter((w) => w.seq > rbSeq)) expected.set(r.key!, c.value(r.new!))
      assert.equal(
        c.decision.entries(),
        [...expected].sort(([a], [b]) => (a < b ? -1 : 1)),
      )
      await expectVerified(c, 'concurrent writers and a rollback')
      await c.close()
    },
  },
  {
    name: 'checkpoint: signed note, verify against it, and stored checkpoints are checked',
    async run(make) {
      const c = await make(baseOptions())
      for (let i = 1; i <= 9; i++) c.decision.commit('budget', i, { source: 'user' })
      const cp = await c.checkpoint()
      assert.equal(cp.size, 9)
      assert.ok(/^[0-9a-f]{64}$/.test(cp.root))
      assert.ok(cp.note.startsWith(`${cp.origin}\n9\n`), 'C2SP checkpoint body')
      assert.ok(cp.note.includes('\n\n\u2014 '), 'signature line')
      assert.equal(await c.verify({ checkpoint: cp.note }), intact(9))
      c.decision.commit('budget', 10, { source: 'user' })
      assert.equal(await c.verify({ checkpoint: cp.note }), intact(10), 'an older checkpoint still verifies a longer chain')
      const forged = cp.note.replace(/\n9\n/, '\n8\n')
      const bad = await c.verify({ checkpoint: forged })
      assert.equal(bad.ok, false)
      assert.equal(bad.firstFailure?.code, 'BAD_SIGNATURE')
      await c.close()
    },
  },
  {
    name: 'observed writes, flush, health and metrics',
    async run(make) {
      const c = await make(baseOptions())
      c.observeWrite({
        site: {
          file: 'src/agent.ts',
          line: 3,
          column: 5,
          fn: 'remember',
          callee: 'cache.set',
          rule: 'MW-1',
          key: 'k',
          keyKind: 'static',
          keyIndex: 0,
          valueIndex: 1,
        },
        key: 'k',
        value: { a: 1 },
        hasValue: true,
      })
      c.observeWrite({
        site: {
          file: 'src/agent.ts',
          line: 4,
          column: 5,
          fn: null,
          callee: 'cache.set',
          rule: 'MW-1',
          key: null,
          keyKind: 'dynamic',
          keyIndex: 0,
          valueIndex: 1,
        },
        key: 'k2',
        value: new Map(),
        hasValue: true,
      })
      const [o1, o2] = c.receipts({ op: 'OBSERVED_WRITE' })
      assert.equal([o1.pool, o1.key, o1.site], ['observed', 'k', { file: 'src/agent.ts', line: 3, column: 5, fn: 'remember' }])
      assert.ok(o1.new && o2.new && o1.new !== o2.new, 'value commitments, also for unserialisable values')
      c.decision.commit('risk', 'balanced', { source: 'user' })
      c.execution.store('web_search', 'c1', 1)
      await c.flush()
      const h = c.health()
      assert.equal(h.ok, true)
      assert.equal(h.receipts, 4)
      assert.equal(h.pools, { decision: 1, execution: 1, plans: 0 })
      assert.equal(h.unpromoted, 1)
      assert.equal(h.storage.lag, 0)
      assert.equal(h.unattributed, 2)
      const m = c.metrics()
      assert.ok(m.includes('# TYPE memory_customs_receipts gauge'), 'Prometheus TYPE lines')
      assert.ok(/\nmemory_customs_pool_entries\{pool="decision"\} 1\n/.test(m), 'pool gauge')
      await c.close()
      assert.throwsCode(() => c.decision.commit('risk', 'balanced', { source: 'user' }), 'CLOSED')
    },
  },
  {
    name: 'reopen: same head, same state, verification passes, writing continues the chain',
    async run(make, ctx) {
      if (!ctx?.reopen) return
      const opts = baseOptions()
      const c = await make(opts)
      c.decision.commit('risk', 'balanced', { source: 'user' })
      c.execution.store('web_search', 'c1', { x: [1, 2.5, 'é€😀'] })
      c.plans.record('p', { references: [{ tool: 'web_search', callId: 'c1' }] })
      c.bridge.promote({ tool: 'web_search', callId: 'c1', to: 'anything', planRef: 'p' })
      const cp = await c.checkpoint()
      const head = c.head
      const entries = c.decision.entries()
      const d = await ctx.reopen(c, opts)
      assert.equal(d.head, head)
      assert.equal(d.decision.entries(), entries)
      assert.equal(await d.verify({ values: true, checkpoint: cp.note }), intact(head.seq))
      const next = d.decision.commit('budget', 7, { source: 'user' })
      assert.equal([next.seq, next.prev], [head.seq + 1, head.hash])
      // The stored signature survives the reopen: promotion still works, and still refuses altered rows.
      d.execution.store('web_search', 'c2', 'aggressive')
      d.plans.record('p2', { references: [{ tool: 'web_search', callId: 'c2' }] })
      d.bridge.promote({ tool: 'web_search', callId: 'c2', to: 'risk', planRef: 'p2' })
      await d.flush()
      const e = await ctx.reopen(d, opts)
      assert.equal(e.decision.get('risk'), 'aggressive')
      assert.equal((await e.verify({ values: true })).ok, true)
      await e.close()
    },
  },
  {
    name: 'values are encrypted by default: readable after reopen, with key rotation',
    async run(make, ctx) {
      const opts = baseOptions()
      const c = await make(opts)
      c.decision.commit('destination', 'Reykjavik', { source: 'user' })
      await c.flush()
      assert.equal(c.decision.get('destination'), 'Reykjavik')
      if (!ctx?.reopen) return c.close()
      const d = await ctx.reopen(c, opts)
      assert.equal(d.decision.get('destination'), 'Reykjavik')
      const k2 = await d.rotateEncryptionKey()
      d.decision.commit('risk', 'balanced', { source: 'user' })
      await d.flush()
      const f = await ctx.reopen(d, opts)
      assert.equal(f.decision.entries(), [
        ['destination', 'Reykjavik'],
        ['risk', 'balanced'],
      ])
      assert.ok(typeof k2 === 'string' && k2.length > 0, 'the new key id')
      assert.equal(await f.verify({ values: true }), intact(2))
      await f.close()
    },
  },
]

export const conditionalAppendCases: ContractCase[] = [
  {
    name: 'conditional append: a format-2 head is the last receipt (seq and derived hash); another head is refused with HEAD_MOVED',
    async run(_make, ctx) {
      if (!ctx?.backend) return
      const b = ctx.backend()
      const c = await createCustoms({ ...baseOptions(), storage: b })
      c.decision.commit('risk', 'balanced', { source: 'user' })
      const second = c.decision.commit('budget', 10, { source: 'user' })
      c.decision.commit('budget', 20, { source: 'user' })
      await c.flush()
      const head = c.head
      assert.equal(head.seq, 3)
      await b.append([], { expectedHead: head })
      await rejectsCode(b.append([], { expectedHead: { seq: 2, hash: second.hash } }), 'HEAD_MOVED', 'an older head')
      await rejectsCode(b.append([], { expectedHead: { seq: 3, hash: second.hash } }), 'HEAD_MOVED', 'the right seq with another hash')
      await rejectsCode(b.append([], { expectedHead: { seq: 0, hash: '0'.repeat(64) } }), 'HEAD_MOVED', 'the empty head')
      // the check tracks what is appended after it started
      c.decision.commit('budget', 30, { source: 'user' })
      await c.flush()
      await rejectsCode(b.append([], { expectedHead: head }), 'HEAD_MOVED', 'the head before the last flush')
      await b.append([], { expectedHead: c.head })
      await expectVerified(c, 'conditional appends')
      await c.close()
    },
  },
  {
    name: 'conditional append: on a shared backend the core appends on the head it built on; a writer whose head moved is refused and writes nothing',
    async run(_make, ctx) {
      if (!ctx?.backend) return
      const b = ctx.backend()
      const calls: Array<{ n: number; expected?: { seq: number; hash: string } }> = []
      const c = await createCustoms({ ...baseOptions(), storage: sharedView(b, calls) })
      const r1 = c.decision.commit('risk', 'balanced', { source: 'user' })
      await c.flush()
      const r2 = c.decision.commit('budget', 10, { source: 'user' })
      await c.flush()
      const receiptAppends = calls.filter((x) => x.n > 0 && x.expected)
      assert.equal(
        receiptAppends.slice(-2).map((x) => x.expected),
        [
          { seq: 0, hash: '0'.repeat(64) },
          { seq: 1, hash: r1.hash },
        ],
      )
      // another writer appends a receipt underneath (here: a copy of the last one, as a stale writer would)
      const entries: JournalEntry[] = []
      for await (const e of b.read()) entries.push(e)
      const last = entries.filter((e) => e.t === 'r').pop()!
      await b.append([last])
      c.decision.commit('budget', 11, { source: 'user' })
      await rejectsCode(c.flush(), 'HEAD_MOVED', 'flush after the head moved')
      let receipts = 0
      for await (const e of b.read()) if (e.t === 'r') receipts++
      assert.equal(receipts, 3, 'nothing of the refused batch was written')
      assert.equal(r2.seq, 2)
      await c.close().catch(() => {})
    },
  },
]
