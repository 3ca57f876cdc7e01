/**
 * The shadow and the four rules: entry states from the lifecycle state, source trust, the dependency closure
 * (uses, a context's entries, deps and linked contexts, cycles, the depth cap) without reading any content, and
 * the risk each rule gives, with its reasons and repairs.
 */
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { evaluateRules, type RuleSettings } from '../../src/core/memory/guard/rules.js'
import { buildShadow, MAX_DEPTH, shadowView } from '../../src/core/memory/guard/shadow.js'
import { trustResolver } from '../../src/core/memory/guard/trust.js'
import type { ShadowEntry } from '../../src/core/memory/guard/types.js'
import type { LifecycleContext } from '../../src/core/memory/context-types.js'
import { guardStore, HOUR } from './guard-fixture.js'

const settings: RuleSettings = { threshold: 0.5, lowConfidence: 0.5, highConfidence: 0.8 }

function shadowOf(ctx: LifecycleContext, uses: string[], contextEntries: string[] = [], trust = trustResolver()) {
  return buildShadow(shadowView(ctx, trust), uses, contextEntries)
}
const entry = (ctx: LifecycleContext, id: string): ShadowEntry => shadowOf(ctx, [id]).entries.get(id)!
const rules = (ctx: LifecycleContext, uses: string[]) => evaluateRules(shadowOf(ctx, uses), settings)

describe('shadow entries', () => {
  it('give each entry the state reads would give it, without reading its content', async () => {
    const s = await guardStore({ decision: { schemas: { city: z.string() } } })
    const { ctx, customs: c, remember } = s
    const live = remember()
    const expiring = remember({ expires: s.clock.now() + HOUR })
    const future = remember({ validFrom: s.clock.now() + HOUR })
    const deleted = remember()
    c.memories.delete(deleted)
    const pending = remember({ status: 'pending_review' })
    const rejected = remember({ status: 'rejected' })
    const erased = remember()
    ctx.ledger.append({
      op: 'FORGET',
      pool: null,
      key: null,
      old: null,
      new: null,
      site: null,
      tool: null,
      call: null,
      actor: null,
      reason: JSON.stringify({ shredded: [erased] }),
    })
    const web = c.memories.propose('a page said so', { source: 'web.fetch' }).id
    c.decision.commit('city', 'Berlin', { source: 'user' })
    c.working('s1').put('draft', 'x', { ttlMs: HOUR / 2 })
    s.clock.advance(HOUR)
    await c.rollback({ source: 'web.fetch' })

    const read = vi.spyOn(ctx.ledger, 'readValue')
    const states = Object.fromEntries(
      [
        live,
        expiring,
        future,
        deleted,
        pending,
        rejected,
        erased,
        web,
        'm_999',
        'decision:city',
        'decision:none',
        'w:s1/draft',
        'w:s1/never',
      ].map((id) => [id, entry(ctx, id).state]),
    )
    expect(read).not.toHaveBeenCalled()
    expect(states).toEqual({
      [live]: 'live',
      [expiring]: 'expired',
      [future]: 'live',
      [deleted]: 'deleted',
      [pending]: 'pending_review',
      [rejected]: 'rejected',
      [erased]: 'erased',
      [web]: 'rolled_back',
      m_999: 'missing',
      'decision:city': 'live',
      'decision:none': 'missing',
      'w:s1/draft': 'expired',
      'w:s1/never': 'missing',
    })
    expect(entry(ctx, live)).toMatchObject({ kind: 'memory', type: 'fact', owner: 'system', trust: 'trusted', confidence: 1 })
    expect(entry(ctx, 'decision:city')).toMatchObject({
      kind: 'decision',
      type: 'decision',
      source: 'decision',
      trust: 'trusted',
      confidence: 1,
    })
    await c.close()
  })

  it('tells an entry not yet valid apart, and a review past its timeout as rejected', async () => {
    const s = await guardStore({ review: { timeoutMs: HOUR } })
    const future = s.remember({ validFrom: s.clock.now() + 2 * HOUR })
    const pending = s.remember({ status: 'pending_review' })
    expect(entry(s.ctx, future).state).toBe('not_yet_valid')
    s.clock.advance(HOUR)
    expect(entry(s.ctx, pending).state).toBe('rejected')
    await s.customs.close()
  })

  it('a rolled-back Decision key is rolled_back, not missing', async () => {
    const s = await guardStore({ decision: { schemas: { city: z.string() } } })
    const r = s.customs.decision.commit('city', 'Berlin', { source: 'user' })
    await s.customs.rollback({ toSeq: r.seq - 1 })
    expect(entry(s.ctx, 'decision:city').state).toBe('rolled_back')
    await s.customs.close()
  })

  it('resolves trust from the source: user patterns first, then the defaults, unknown is inference', async () => {
    const t = trustResolver({ 'tool:search': 'untrusted', 'web.docs.*': 'data' })
    expect(
      [
        'user',
        'plan',
        'decision',
        'tool:calc',
        'tool:search',
        'agent',
        'agent:planner',
        'assistant',
        'working:s1',
        'web.fetch',
        'web.docs.x',
        'weird',
        null,
      ].map(t),
    ).toEqual([
      'trusted',
      'trusted',
      'trusted',
      'data',
      'untrusted',
      'inference',
      'inference',
      'inference',
      'inference',
      'untrusted',
      'data',
      'inference',
      'inference',
    ])
    // `*` is the only wildcard: a dot in a pattern is a dot.
    expect(trustResolver({ 'a.b': 'untrusted' })('aXb')).toBe('inference')
  })
})

describe('the closure', () => {
  it('follows uses, a context, deps and the linked context transitively, each entry once', async () => {
    const s = await guardStore()
    const { ctx, customs: c, remember } = s
    const base = remember()
    const viaCtx = remember()
    // The READ receipt a render writes, naming viaCtx only.
    ctx.ledger.append({
      op: 'READ',
      pool: null,
      key: null,
      old: null,
      new: null,
      site: null,
      tool: null,
      call: null,
      actor: null,
      reason: JSON.stringify({ entries: [viaCtx], session: 's2' }),
    })
    const ctxId = `ctx_${ctx.ledger.headSeq}`
    const mid = remember({ deps: [base], ctx: ctxId })
    const top = remember({ deps: [mid, base] })
    const a = remember({ deps: [`m_${ctx.ledger.headSeq + 2}`] })
    const b = remember({ deps: [a] }) // a <-> b: a cycle
    const used = shadowOf(ctx, [top, a, top], [b])
    expect(used.roots).toEqual([top, a, b])
    expect([...used.entries.keys()].sort()).toEqual([top, a, b, mid, base, viaCtx].sort())
    expect(used.entries.get(mid)!.deps).toEqual([base, viaCtx])
    expect(used.depth.get(viaCtx)).toBe(2)
    expect(used.truncated).toBe(false)
    await c.close()
  })

  it('stops at the depth cap and says so', async () => {
    const s = await guardStore()
    let prev = s.remember()
    const first = prev
    for (let i = 0; i < MAX_DEPTH + 3; i++) prev = s.remember({ deps: [prev] })
    const sh = shadowOf(s.ctx, [prev])
    expect(sh.entries.size).toBe(MAX_DEPTH + 1)
    expect(sh.entries.has(first)).toBe(false)
    expect(sh.truncated).toBe(true)
    await s.customs.close()
  })

  it('adds the conflict partners outside the closure as peers, not as dependencies', async () => {
    const s = await guardStore()
    const a = s.remember({ key: 'price' })
    const peerDep = s.remember()
    const b = s.remember({ key: 'price', conflicts: [a], deps: [peerDep] })
    const sh = shadowOf(s.ctx, [a])
    expect([...sh.entries.keys()]).toEqual([a])
    expect([...sh.peers.keys()]).toEqual([b])
    await s.customs.close()
  })
})

describe('consistency', () => {
  it('scores a contradiction by how many sides are high-confidence, and a contested entry lower', async () => {
    const s = await guardStore()
    const hi1 = s.remember({ key: 'price', confidence: 0.9 })
    const hi2 = s.remember({ key: 'price', confidence: 0.95, conflicts: [hi1] })
    const lo = s.remember({ key: 'size', confidence: 0.4 })
    const hi3 = s.remember({ key: 'size', confidence: 0.9, conflicts: [lo] })
    const both = rules(s.ctx, [hi1, hi2])
    expect(both.risk.consistency).toBe(1)
    expect(both.reasons).toEqual([expect.objectContaining({ rule: 'consistency/contradiction', entries: [hi1, hi2] })])
    expect(both.repairs).toContainEqual(expect.objectContaining({ kind: 'verify', entry: hi1 }))
    expect(rules(s.ctx, [lo, hi3]).risk.consistency).toBe(0.7)
    const contested = rules(s.ctx, [hi1])
    expect(contested.risk.consistency).toBe(0.45)
    expect(contested.reasons[0]).toMatchObject({ rule: 'consistency/contested', entries: [hi1, hi2] })
    // Once the other side is gone, nothing contests it.
    s.customs.memories.delete(hi2)
    expect(rules(s.ctx, [hi1]).risk.consistency).toBe(0)
    await s.customs.close()
  })

  it('finds two live values for one key that nobody flagged, and suggests marking them', async () => {
    const s = await guardStore()
    const a = s.remember({ key: 'prod.url', ns: ['team'] })
    const b = s.remember({ key: 'prod.url', ns: ['team'] })
    const other = s.remember({ key: 'prod.url', ns: ['elsewhere'] })
    const r = rules(s.ctx, [a, b, other])
    expect(r.risk.consistency).toBe(1)
    expect(r.reasons).toEqual([expect.objectContaining({ rule: 'consistency/unflagged-conflict', entries: [a, b] })])
    expect(r.repairs).toEqual([expect.objectContaining({ kind: 'mark_conflicted', entries: [a, b] })])
    await s.customs.close()
  })
})

describe('factuality', () => {
  it('flags a high-confidence conclusion resting, transitively, on weak ground, and suggests a downgrade', async () => {
    const s = await guardStore()
    const guess = s.remember({ source: 'agent', confidence: 0.9 })
    const shaky = s.remember({ source: 'tool:ocr', confidence: 0.3 })
    const page = s.remember({ source: 'web.fetch', confidence: 0.9 })
    const mid = s.remember({ source: 'tool:calc', confidence: 0.9, deps: [guess] })
    const onInference = s.remember({ source: 'user', confidence: 0.9, deps: [mid] })
    const onLow = s.remember({ source: 'user', confidence: 0.85, deps: [shaky] })
    const onWeb = s.remember({ source: 'user', confidence: 0.85, deps: [page] })

    const inf = rules(s.ctx, [onInference])
    expect(inf.risk.factuality).toBe(0.6)
    // mid, in the closure, rests on the guess too: both conclusions are named, each with the weak support.
    expect(inf.reasons.map((r) => [r.rule, r.entries])).toEqual([
      ['factuality/weak-support', [onInference, guess]],
      ['factuality/weak-support', [mid, guess]],
    ])
    expect(inf.repairs).toContainEqual(expect.objectContaining({ kind: 'downgrade', entry: onInference, confidence: 0.5 }))
    expect(inf.repairs).toContainEqual(expect.objectContaining({ kind: 'verify', entry: guess }))

    const low = rules(s.ctx, [onLow])
    expect(low.risk.factuality).toBe(0.7)
    expect(low.repairs).toContainEqual(expect.objectContaining({ kind: 'downgrade', entry: onLow, confidence: 0.3 }))
    expect(rules(s.ctx, [onWeb]).risk.factuality).toBe(1)
    await s.customs.close()
  })

  it('flags an untrusted or low-confidence entry used directly, not an inference or a medium one', async () => {
    const s = await guardStore()
    const web = s.remember({ source: 'web.fetch', confidence: 0.9 })
    const low = s.remember({ source: 'user', confidence: 0.2 })
    const inference = s.remember({ source: 'agent', confidence: 0.9 })
    const medium = s.remember({ source: 'tool:x', confidence: 0.6 })
    expect(rules(s.ctx, [web]).reasons[0]).toMatchObject({ rule: 'factuality/untrusted-source', entries: [web] })
    expect(rules(s.ctx, [web]).risk.factuality).toBe(0.9)
    expect(rules(s.ctx, [low]).risk.factuality).toBe(0.8)
    expect(rules(s.ctx, [inference, medium]).risk.factuality).toBe(0)
    await s.customs.close()
  })
})

describe('safety', () => {
  it('scores injection, code and secret findings by severity, ignores PII, and suggests quarantine', async () => {
    const s = await guardStore()
    const inj = s.remember({ findings: ['injection/override@0-10:high'] })
    const code = s.remember({ findings: ['code/exec-call@3-9:medium'] })
    const secret = s.remember({ findings: ['secret/aws-key@0-20:critical'] })
    const pii = s.remember({ findings: ['pii/email@0-5:high'] })
    const low = s.remember({ findings: ['injection/hint@0-4:low'] })
    expect(rules(s.ctx, [inj]).risk.safety).toBe(0.9)
    expect(rules(s.ctx, [code]).risk.safety).toBe(0.6)
    expect(rules(s.ctx, [secret]).risk.safety).toBe(1)
    expect(rules(s.ctx, [pii]).risk.safety).toBe(0)
    const r = rules(s.ctx, [inj, code, low])
    expect(r.reasons.map((x) => [x.rule, x.entries])).toEqual([
      ['safety/injection', [inj, low]],
      ['safety/code', [code]],
    ])
    expect(r.repairs.map((x) => x.kind === 'quarantine' && x.entry)).toEqual([inj, code])
    await s.customs.close()
  })
})

describe('dependency', () => {
  it('names used or depended-on entries that are gone or not approved, pending review lower', async () => {
    const s = await guardStore()
    const gone = s.remember()
    s.customs.memories.delete(gone)
    const pending = s.remember({ status: 'pending_review' })
    const top = s.remember({ deps: [gone, 'm_12345'] })
    const r = rules(s.ctx, [top])
    expect(r.risk.dependency).toBe(1)
    expect(r.reasons.map((x) => [x.rule, x.entries])).toEqual([
      ['dependency/deleted', [gone]],
      ['dependency/missing', ['m_12345']],
    ])
    expect(rules(s.ctx, [pending]).risk.dependency).toBe(0.4)
    // Nothing is known of a missing entry, so it is not also a factuality finding.
    expect(r.risk.factuality).toBe(0)
    await s.customs.close()
  })
})
