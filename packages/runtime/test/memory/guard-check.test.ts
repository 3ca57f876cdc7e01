/**
 * guard.check / checkNow / repair / log over a real store (through `guardApi(internalsOf(customs).lifecycle)`):
 * the GUARD receipt and what replay makes of it, input errors, warn messages, repairs as lifecycle receipts, and
 * the evaluator consulted only when the rules are uncertain (a deterministic fake).
 */
import { describe, expect, it, vi } from 'vitest'
import {
  ClosedError,
  createCustoms,
  createMemoryBackend,
  createMemoryKeyProvider,
  MemoryNotFoundError,
  OptionError,
} from '../../src/index.js'
import { internalsOf } from '../../src/core/internals.js'
import { guardApi } from '../../src/core/memory/guard/check.js'
import type { EvaluatorInput, GuardOptions } from '../../src/core/memory/guard/types.js'
import { guardStore, remember } from './guard-fixture.js'

/** The ten-step task of issue 10: a tool price, a low-confidence summary contradicting it, an e-mail built on it. */
async function tenStepTask(guard: GuardOptions = {}) {
  const s = await guardStore({ guard })
  const price = s.remember({ key: 'price', source: 'tool:shop', confidence: 0.9 })
  const summary = s.remember({ key: 'price', source: 'agent', confidence: 0.4, conflicts: [price] })
  const report = s.remember({ source: 'agent', confidence: 0.9, deps: [summary] })
  return { ...s, guard: guardApi(s.ctx), price, summary, report }
}

describe('guard.checkNow', () => {
  it('redirects the e-mail on the contradiction and the low-confidence chain, and records one GUARD receipt', async () => {
    const t = await tenStepTask()
    const head = t.ctx.ledger.headSeq
    const r = t.guard.checkNow({ action: 'call_tool:write', tool: 'send_email', uses: [t.report, t.price] })
    expect(r.decision).toBe('redirect')
    expect(r.risk).toEqual({ consistency: 0.7, factuality: 0.6, safety: 0, dependency: 0 })
    expect(r.reasons.map((x) => x.rule)).toEqual(['consistency/contradiction', 'factuality/weak-support'])
    expect(r.evaluated).toEqual([t.report, t.price, t.summary])
    expect(r.repairs).toEqual([
      expect.objectContaining({ kind: 'verify', entry: t.summary }),
      expect.objectContaining({ kind: 'downgrade', entry: t.report, confidence: 0.4 }),
    ])
    expect(r.message).toBeUndefined()
    expect(r.evaluatorConsulted).toBe(false)
    expect(t.ctx.ledger.headSeq).toBe(head + 1)
    expect(r).toMatchObject({ id: `guard_${head + 1}`, seq: head + 1, action: 'call_tool:write' })

    const receipt = t.customs.receipts({ op: 'GUARD' }).at(-1)!
    expect(receipt).toMatchObject({ seq: r.seq, pool: null, key: null, tool: 'send_email', call: null, actor: 'system' })
    expect(JSON.parse(receipt.reason!)).toEqual({
      action: 'call_tool:write',
      tool: 'send_email',
      decision: 'redirect',
      risk: [0.7, 0.6, 0, 0],
      reasons: [`consistency/contradiction:${t.price},${t.summary}`, `factuality/weak-support:${t.report},${t.summary}`],
      entries: [t.report, t.price, t.summary],
    })
    // The lineage state records the check as depending on every entry it evaluated.
    expect(t.ctx.ledger.state.lifecycle.dependents.get(t.summary)).toContain(r.id)
    await t.customs.close()
  })

  it('halts a write resting on a rolled-back entry and lets internal reasoning proceed (recorded)', async () => {
    const s = await guardStore()
    const bad = s.customs.memories.propose('from a poisoned page', { source: 'web.fetch' }).id
    const derived = remember(s.ctx, { deps: [bad] })
    await s.customs.rollback({ source: 'web.fetch' })
    const guard = guardApi(s.ctx)
    const write = guard.checkNow({ action: 'final_output', uses: [derived] })
    expect(write.decision).toBe('halt')
    expect(write.reasons).toEqual([expect.objectContaining({ rule: 'dependency/rolled-back', entries: [bad] })])
    const thinking = guard.checkNow({ action: 'internal_reasoning', uses: [derived], actor: 'planner' })
    expect(thinking.decision).toBe('proceed')
    expect(thinking.reasons).toHaveLength(1)
    expect(s.customs.receipts({ op: 'GUARD' }).map((g) => g.actor)).toEqual(['system', 'planner'])
    await s.customs.close()
  })

  it('gives a warn a message naming the rules and entries, for the prompt', async () => {
    const t = await tenStepTask()
    const r = t.guard.checkNow({ action: 'call_tool:read', tool: 'lookup', uses: [t.summary] })
    expect(r.decision).toBe('warn')
    expect(r.repairs).toEqual([])
    expect(r.message).toContain('call_tool:read lookup')
    expect(r.message).toContain(`factuality/low-confidence (${t.summary})`)
    // The contest with the tool's price (0.7 x 0.45) is below the threshold: not what decided, not in the message.
    expect(r.risk.consistency).toBe(0.315)
    expect(r.message).not.toContain('consistency')
    await t.customs.close()
  })

  it('evaluates a rendered context’s entries', async () => {
    const t = await tenStepTask()
    t.ctx.ledger.append({
      op: 'READ',
      pool: null,
      key: null,
      old: null,
      new: null,
      site: null,
      tool: null,
      call: null,
      actor: null,
      reason: JSON.stringify({ entries: [t.summary], session: 's' }),
    })
    const contextId = `ctx_${t.ctx.ledger.headSeq}`
    const r = t.guard.checkNow({ action: 'final_output', contextId })
    expect(r.evaluated).toEqual([t.summary])
    expect(r.decision).toBe('redirect')
    expect(JSON.parse(t.customs.receipts({ op: 'GUARD' }).at(-1)!.reason!).ctx).toBe(contextId)
    expect(t.ctx.ledger.state.lifecycle.dependents.get(contextId)).toContain(r.id)
    await t.customs.close()
  })

  it('names the bad field of an input, and an unknown context is not found; nothing is written', async () => {
    const t = await tenStepTask()
    const head = t.ctx.ledger.headSeq
    const field = (input: unknown) => {
      try {
        t.guard.checkNow(input as never)
      } catch (e) {
        return e instanceof OptionError ? e.option : (e as Error).name
      }
      return 'accepted'
    }
    expect(field(null)).toBe('guard.check input')
    expect(field({})).toBe('guard.check action')
    expect(field({ action: '' })).toBe('guard.check action')
    expect(field({ action: 'final_output', tool: 3 })).toBe('guard.check tool')
    expect(field({ action: 'final_output', uses: 'm_1' })).toBe('guard.check uses')
    expect(field({ action: 'final_output', uses: [t.price, 'price'] })).toBe('guard.check uses[1]')
    expect(field({ action: 'final_output', uses: [t.price, 7] })).toBe('guard.check uses[1]')
    expect(field({ action: 'final_output', actor: '\uD800' })).toBe('guard.check actor')
    expect(field({ action: 'final_output', contextId: 'ctx_999' })).toBe('MemoryNotFoundError')
    expect(() => t.guard.checkNow({ action: 'final_output', contextId: 'ctx_999' })).toThrow(MemoryNotFoundError)
    expect(t.ctx.ledger.headSeq).toBe(head)
    await t.customs.close()
  })

  it('refuses to check on a closed store', async () => {
    const t = await tenStepTask()
    await t.customs.close()
    expect(() => t.guard.checkNow({ action: 'final_output' })).toThrow(ClosedError)
    await expect(t.guard.check({ action: 'final_output' })).rejects.toThrow(ClosedError)
  })
})

describe('the evaluator', () => {
  /** A deterministic judge: clears factuality when the weak support is a tool result it trusts. */
  const judge = vi.fn((input: EvaluatorInput) => ({
    risk: { factuality: input.entries.some((e) => e.source === 'agent') ? 0.9 : 0.1 },
    reasons: [{ rule: 'judge/agent-chain', dimension: 'factuality' as const, entries: [], detail: 'an agent wrote part of it' }],
  }))

  it('is consulted only when a dimension is within the uncertain band, and its risk replaces the rules’', async () => {
    judge.mockClear()
    const t = await tenStepTask({ evaluator: judge })
    // Pending review gives dependency 0.4: within 0.15 of the threshold.
    const pending = t.remember({ status: 'pending_review', source: 'tool:shop' })
    const uncertain = await t.guard.check({ action: 'call_tool:write', uses: [pending, t.summary] })
    expect(judge).toHaveBeenCalledTimes(1)
    expect(uncertain.evaluatorConsulted).toBe(true)
    expect(uncertain.risk.factuality).toBe(0.9)
    expect(uncertain.reasons.at(-1)).toMatchObject({ rule: 'evaluator/judge/agent-chain' })
    const input = judge.mock.calls[0][0]
    expect(JSON.stringify(input)).not.toContain('content of')
    expect(input.entries.map((e) => e.id)).toEqual([pending, t.summary])

    // Outside the band the rules settle it and the judge is not asked: 0.315 (contested) and 1 (missing).
    const clear = await t.guard.check({ action: 'call_tool:write', uses: [t.price] })
    expect(clear).toMatchObject({ risk: { consistency: 0.315, factuality: 0, safety: 0, dependency: 0 }, evaluatorConsulted: false })
    const settled = await t.guard.check({ action: 'call_tool:write', uses: ['m_9999'] })
    expect(settled).toMatchObject({ decision: 'halt', evaluatorConsulted: false })
    expect(judge).toHaveBeenCalledTimes(1)
    expect(JSON.parse(t.customs.receipts({ op: 'GUARD' }).at(0)!.reason!).risk[1]).toBe(0.9)
    await t.customs.close()
  })

  it('a throwing, malformed or slow evaluator leaves the rules’ result and is named', async () => {
    for (const evaluator of [
      () => {
        throw new Error('judge offline')
      },
      async () => ({ risk: { factuality: 7 } }),
      () => new Promise<never>(() => {}),
    ]) {
      const s = await guardStore({ guard: { evaluator, evaluatorTimeoutMs: 20 } })
      const pending = s.remember({ status: 'pending_review' })
      const r = await guardApi(s.ctx).check({ action: 'call_tool:write', uses: [pending] })
      expect(r.evaluatorConsulted).toBe(true)
      expect(r.risk.dependency).toBe(0.4)
      expect(r.decision).toBe('proceed')
      expect(r.reasons.at(-1)).toMatchObject({ rule: 'evaluator/failed', dimension: 'dependency' })
      await s.customs.close()
    }
  })
})

describe('guard.repair', () => {
  it('downgrades, then a verified support lets the e-mail proceed', async () => {
    const t = await tenStepTask()
    const first = t.guard.checkNow({ action: 'call_tool:write', tool: 'send_email', uses: [t.report] })
    const done = t.guard.repair(first, { actor: 'reviewer' })
    expect(done.outcomes.map((o) => [o.suggestion.kind, o.status])).toEqual([
      ['downgrade', 'applied'],
      ['verify', 'open'],
    ])
    expect(done.receipts).toHaveLength(1)
    expect(done.receipts[0]).toMatchObject({ op: 'RESCORE', key: t.report, actor: 'reviewer' })
    expect(JSON.parse(done.receipts[0].reason!)).toEqual({ confidence: 0.4, why: 'guard' })
    expect(t.ctx.ledger.state.lifecycle.memories.get(t.report)!.confidence).toBe(0.4)

    // The verifying tool call: a trusted result replaces the summary as the report's ground.
    const verified = t.remember({ key: 'price', source: 'tool:shop', confidence: 0.95 })
    const report2 = t.remember({ source: 'agent', confidence: 0.9, deps: [verified] })
    const again = t.guard.checkNow({ action: 'call_tool:write', tool: 'send_email', uses: [report2] })
    expect(again.decision).toBe('proceed')
    await t.customs.close()
  })

  it('quarantines an entry with findings into the review queue, and marks unflagged conflicts', async () => {
    const s = await guardStore()
    const guard = guardApi(s.ctx)
    const poisoned = s.remember({ findings: ['injection/override@0-9:high'] })
    const a = s.remember({ key: 'url' })
    const b = s.remember({ key: 'url' })
    const r = guard.checkNow({ action: 'final_output', uses: [poisoned, a, b, 'w:s1/none'] })
    expect(r.decision).toBe('halt')
    const only = guard.repair(r, { only: ['quarantine'] })
    expect(only.outcomes.map((o) => o.suggestion.kind)).toEqual(['quarantine'])
    expect(s.ctx.ledger.state.lifecycle.memories.get(poisoned)!.status).toBe('pending_review')
    expect(s.customs.review.pending().map((p) => p.id)).toEqual([poisoned])
    const rest = guard.repair(r)
    expect(rest.outcomes.map((o) => [o.suggestion.kind, o.status])).toEqual([
      ['mark_conflicted', 'applied'],
      ['quarantine', 'skipped'],
    ])
    expect(rest.outcomes[1].reason).toBe(`${poisoned} is pending review, not approved`)
    const life = s.ctx.ledger.state.lifecycle
    expect([life.memories.get(a)!.conflictsWith, life.memories.get(b)!.conflictsWith]).toEqual([[b], [a]])
    // Now flagged, the pair is a contradiction like any other, and marking it again does nothing.
    const after = guard.checkNow({ action: 'final_output', uses: [a, b] })
    expect(after.reasons.map((x) => x.rule)).toEqual(['consistency/contradiction'])
    await s.customs.close()
  })

  it('skips entries that are not memories, with the reason, and refuses a result it did not record', async () => {
    const s = await guardStore()
    const guard = guardApi(s.ctx)
    const r = guard.checkNow({ action: 'final_output', uses: ['m_77'] })
    const report = guard.repair({
      ...r,
      repairs: [
        { kind: 'quarantine', entry: 'w:s/x', detail: '' },
        { kind: 'downgrade', entry: 'm_77', confidence: 0.1, detail: '' },
      ],
    })
    expect(report.outcomes.map((o) => o.reason)).toEqual([
      'w:s/x is not a memory (only memories can be repaired)',
      'm_77 is no longer in the store',
    ])
    expect(report.receipts).toEqual([])
    expect(() => guard.repair({ ...r, id: 'guard_12345' })).toThrow(MemoryNotFoundError)
    expect(() => guard.repair(r, { only: ['delete' as never] })).toThrow(OptionError)
    await s.customs.close()
  })
})

describe('guard.log and replay', () => {
  it('lists the checks most recent first, filtered, and replay on reopen gives the same log', async () => {
    const keyStore = createMemoryKeyProvider()
    const storage = createMemoryBackend()
    const c = await createCustoms({ keyStore, storage, scan: { disable: ['injection', 'code', 'secret', 'pii'] } })
    const ctx = internalsOf(c).lifecycle
    const ok = remember(ctx)
    const weak = remember(ctx, { source: 'web.fetch' })
    const guard = guardApi(ctx)
    const r1 = guard.checkNow({ action: 'final_output', uses: [ok] })
    const r2 = guard.checkNow({ action: 'final_output', uses: [weak] })
    const r3 = guard.checkNow({ action: 'call_tool:read', tool: 'search', uses: [weak] })
    const log = guard.log()
    expect(log.map((g) => [g.id, g.decision])).toEqual([
      [r3.id, 'warn'],
      [r2.id, 'redirect'],
      [r1.id, 'proceed'],
    ])
    expect(log[0]).toMatchObject({ action: 'call_tool:read', tool: 'search', entries: [weak], risk: r3.risk, contextId: null })
    expect(guard.log({ decision: ['redirect', 'warn'], entry: weak, limit: 1 }).map((g) => g.id)).toEqual([r3.id])
    expect(guard.log({ action: 'final_output' }).map((g) => g.id)).toEqual([r2.id, r1.id])
    expect(() => guard.log({ decision: 'stop' as never })).toThrow(OptionError)
    await c.close()

    const reopened = await createCustoms({ keyStore, storage, scan: { disable: ['injection', 'code', 'secret', 'pii'] } })
    expect(guardApi(internalsOf(reopened).lifecycle).log()).toEqual(log)
    expect((await reopened.verify()).ok).toBe(true)
    await reopened.close()
  })
})

describe('the record a check keeps', () => {
  it('is its own: the state takes the decoded meta from the check, and the result gets copies', async () => {
    const s = await guardStore({})
    const a = s.remember({ source: 'web.fetch' })
    const b = s.remember({ source: 'agent', deps: [a] })
    const r = guardApi(s.ctx).checkNow({ action: 'call_tool:write', tool: 'send_email', uses: [b] })
    const live = s.ctx.ledger.state.lifecycle.guards.get(r.id)!
    const kept = structuredClone(live)
    r.evaluated.splice(0, r.evaluated.length, 'm_999')
    expect(s.ctx.ledger.state.lifecycle.guards.get(r.id)).toEqual(kept)
    // what time travel decodes from the receipt's reason is what the live write handed over (one receipt later, so
    // stateAt replays instead of cloning the head's state)
    s.remember({ source: 'user' })
    expect(s.customs.stateAt(r.seq).lifecycle.guards.get(r.id)).toEqual(kept)
    await s.customs.close()
  })

  it('a rendered context, likewise: the live record is the one replay decodes', async () => {
    const s = await guardStore({})
    s.remember({ source: 'user', session: 's1' }, 'The user prefers aisle seats.')
    const out = s.customs.context.render({ session: 's1' })
    const live = structuredClone(s.ctx.ledger.state.lifecycle.contexts.get(out.contextId))
    expect(live?.entries.length).toBeGreaterThan(0)
    const seq = s.ctx.ledger.headSeq
    s.remember({ source: 'user' })
    expect(s.customs.stateAt(seq).lifecycle.contexts.get(out.contextId)).toEqual(live)
    await s.customs.close()
  })
})

describe('through the facade', () => {
  it('customs.guard is this guard, and a handle from as() checks as its principal', async () => {
    const s = await guardStore()
    const id = s.remember({ source: 'web.fetch' })
    const root = s.customs.guard.checkNow({ action: 'final_output', uses: [id] })
    const agent = s.customs.as('agent:mailer').guard.checkNow({ action: 'final_output', uses: [id] })
    expect([root.decision, agent.decision]).toEqual(['redirect', 'redirect'])
    expect(s.customs.receipts({ op: 'GUARD' }).map((r) => r.actor)).toEqual(['system', 'agent:mailer'])
    expect(s.customs.guard.log().map((g) => g.id)).toEqual([agent.id, root.id])
    await s.customs.close()
  })
})

describe('repair and access', () => {
  it('a principal repairs only what it may write; the owner and system may', async () => {
    const s = await guardStore()
    const writer = s.customs.as('agent:writer')
    const claim = writer.memories.propose('The invoice total is 410 EUR', { source: 'agent', confidence: 0.9 })
    const page = s.remember({ source: 'web.fetch', confidence: 0.9 })
    const derived = writer.memories.propose('Send the invoice today', { source: 'agent', confidence: 0.95, dependsOn: [page] })
    const other = s.customs.as('agent:other')
    const r = other.guard.checkNow({ action: 'final_output', uses: [derived.id, claim.id] })
    expect(r.repairs).toContainEqual(expect.objectContaining({ kind: 'downgrade', entry: derived.id }))
    const denied = other.guard.repair(r, { only: ['downgrade'] })
    expect(denied.outcomes.map((o) => o.status)).toEqual(['skipped'])
    expect(denied.outcomes[0].reason).toBe(`"agent:other" may not write ${derived.id} (owner "agent:writer")`)
    expect(writer.guard.repair(r, { only: ['downgrade'] }).outcomes.map((o) => o.status)).toEqual(['applied'])
    expect(
      s.customs.guard.repair({ ...r, repairs: [{ kind: 'mark_conflicted', entries: [claim.id, claim.id], detail: '' }] }).outcomes[0]
        .reason,
    ).toBe('marking a conflict needs two entries or more')
    await s.customs.close()
  })
})

describe('state snapshots of a store that records checks', () => {
  it('are spaced by the guard records too, so a long run of checks does not snapshot the growing state every few receipts', async () => {
    const s = await guardStore({ snapshotEvery: 10 })
    const guard = guardApi(s.ctx)
    const used = s.remember({ source: 'agent', confidence: 0.9 })
    for (let i = 0; i < 300; i++) guard.checkNow({ action: 'call_tool:write', uses: [used] })
    const rows = internalsOf(s.customs).index().exec('SELECT seq FROM snapshots ORDER BY seq')[0]!.values
    const seqs = rows.map((r) => r[0])
    // Each snapshot holds every check recorded before it: the next waits at least that many receipts
    // (10, 20, 40, 80, 160 here), where spacing by the pools alone wrote one every 10 receipts: 30 of them.
    expect(seqs).toEqual([10, 20, 40, 80, 160])
    // Time travel still reads the state at any point, from the snapshot before it.
    expect(s.customs.stateAt(250).lifecycle.guards.size).toBe(249)
    await s.customs.close()
  })
})
