// The memory lifecycle on a PostgreSQL store: two shared writers (two processes' worth, in this one) on one store.
// Review decisions, ownership and access lists are decided at the head: of two reviewers who both saw an item
// pending, one decides it and the other gets NotPendingError; an owner's private entry refuses another principal
// in the view at once and leaves its REFUSED receipt in the chain; a write the head refuses rejects its promise.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createCustoms, type ReviewItem } from '../../src/index.js'
import type { EvaluatorInput, GuardOptions } from '../../src/core/memory/guard/types.js'
import { AccessDeniedError, ClosedError, NotPendingError, OptionError, ValueError } from '../../src/errors.js'
import type { PostgresCustoms } from '../../src/postgres/postgres-customs.js'
import { sharedOptions } from './options.js'
import { usePostgres } from './server.js'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

describe('memory lifecycle on PostgreSQL', () => {
  const pg = usePostgres()

  async function twoWriters(guard: GuardOptions = {}): Promise<[PostgresCustoms, PostgresCustoms]> {
    const { url } = await pg().createDatabase()
    const keys = mkdtempSync(join(tmpdir(), 'mc-pg-life-'))
    dirs.push(keys)
    // `review`: a keyed proposal that conflicts with an approved entry waits for a reviewer
    const open = () =>
      createCustoms({ ...sharedOptions(keys), memory: { conflicts: 'review' }, guard, storage: { postgres: { connectionString: url } } })
    const a = await open()
    const b = await open()
    return [a, b]
  }

  /** Runs `test` with two writers of one fresh store, and closes both whatever it does. */
  async function withTwoWriters(test: (a: PostgresCustoms, b: PostgresCustoms) => Promise<void>, guard?: GuardOptions): Promise<void> {
    const [a, b] = await twoWriters(guard)
    try {
      await test(a, b)
    } finally {
      await a.close()
      await b.close()
    }
  }

  it('proposals are filed at the head; of two reviewers only one decides an item', async () => {
    await withTwoWriters(async (a, b) => {
      const first = await a.memories.propose('Deploys go to the blue cluster.', { source: 'user', key: 'deploy.target' })
      expect(first.status).toBe('approved')
      // in the chain once the promise resolved: a fresh read of the store has it
      expect(a.receipts().find((r) => r.key === first.id)?.op).toBe('PROPOSE')

      const filed: ReviewItem[] = []
      b.review.onPending((item) => filed.push(item))
      // b has not caught up with a's proposal, but the conflict is found at the head
      const second = await b.memories.propose('Deploys go to the green cluster.', { source: 'user', key: 'deploy.target' })
      expect(second.status).toBe('pending_review')
      expect(filed.map((i) => i.id)).toEqual([second.id])
      expect(b.review.pending().map((i) => i.id)).toEqual([second.id])
      await a.sync()
      expect(a.review.pending().map((i) => i.id)).toEqual([second.id])

      // both reviewers saw it pending; the head lets one of them decide
      const outcomes = await Promise.allSettled([
        a.review.approve(second.id, { by: 'alice' }),
        b.review.reject(second.id, { by: 'bob', reason: 'blue is right' }),
      ])
      const decided = outcomes.filter((o) => o.status === 'fulfilled')
      const refused = outcomes.filter((o) => o.status === 'rejected')
      expect(decided).toHaveLength(1)
      expect(refused).toHaveLength(1)
      expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(NotPendingError)
      const receipt = (decided[0] as PromiseFulfilledResult<{ op: string; key: string }>).value
      expect(receipt.key).toBe(second.id)

      await Promise.all([a.sync(), b.sync()])
      expect(a.head).toEqual(b.head)
      // one decision in the chain, and the reads of both processes agree on it
      expect(a.receipts().filter((r) => r.key === second.id && (r.op === 'APPROVE' || r.op === 'REJECT'))).toHaveLength(1)
      expect(a.memories.list().map((m) => m.content)).toEqual(b.memories.list().map((m) => m.content))
      expect(a.review.pending()).toEqual([])
      expect((await a.verify()).ok).toBe(true)
    })
  })

  it('access is checked at the head, and a refused read leaves its receipt in the chain', async () => {
    await withTwoWriters(async (a, b) => {
      const payments = a.as('agent:payments')
      const note = await payments.memories.propose('Payouts settle on the third business day.', { source: 'user', access: 'private' })
      expect(note.status).toBe('approved')
      expect(payments.memories.get(note.id)?.content).toBe('Payouts settle on the third business day.')

      await b.sync()
      const support = b.as('agent:support')
      expect(support.principal).toBe('agent:support')
      // refused in the view at once, without writing there
      const sizeBefore = b.size
      expect(() => support.memories.get(note.id)).toThrow(AccessDeniedError)
      expect(b.size).toBe(sizeBefore)
      // a write to the entry is refused at the head
      await expect(support.memories.update(note.id, 'Payouts settle the same day.')).rejects.toBeInstanceOf(AccessDeniedError)
      await expect(support.memories.delete(note.id)).rejects.toBeInstanceOf(AccessDeniedError)
      await b.sync()
      const refusals = b.receipts().filter((r) => r.op === 'REFUSED' && r.key === note.id)
      expect(refusals.map((r) => r.actor)).toEqual(['agent:support', 'agent:support', 'agent:support'])
      expect(refusals.map((r) => r.reason?.split(':')[0])).toEqual(['READ', 'UPDATE', 'DELETE'])

      // the owner, in the other process, still may; the root handle (system) reads everything
      const updated = await b.as('agent:payments').memories.update(note.id, 'Payouts settle on the second business day.')
      expect(updated.status).toBe('approved')
      await a.sync()
      expect(a.memories.get(updated.id)?.content).toBe('Payouts settle on the second business day.')
      expect(a.scope({ user: 'u1' }).namespace).toEqual(['user:u1'])
      expect((await b.verify()).ok).toBe(true)
    })
  })

  it('working memory is written at the head and read from every view; a render records its READ receipt', async () => {
    await withTwoWriters(async (a, b) => {
      const draft = { city: 'Lisbon', nights: 3 }
      const put = a.working('s1').put('trip', draft)
      // what is recorded is the value at the call, whatever the caller does with its object meanwhile
      draft.nights = 30
      const { receipt } = await put
      expect(receipt.op).toBe('PUT')
      expect(a.working('s1').get('trip')).toEqual({ city: 'Lisbon', nights: 3 })

      await b.sync()
      expect(
        b
          .working('s1')
          .entries()
          .map((e) => [e.name, e.value]),
      ).toEqual([['trip', { city: 'Lisbon', nights: 3 }]])
      expect(b.working('s2').get('trip')).toBeUndefined()

      await b.memories.propose('The customer is vegetarian.', { source: 'user' })
      // rendered at the head: b's memory is in it whether or not a's view had caught up when it asked
      const ctx = await a.context.render({ session: 's1' })
      expect(ctx.text).toContain('The customer is vegetarian.')
      expect(ctx.text).toContain('Lisbon')
      expect(a.receipt(Number(ctx.contextId.slice(4)))?.op).toBe('READ')

      const confirmed = await b.working('s1').confirm('trip')
      expect(confirmed.status).toBe('approved')
      expect(await b.working('s1').delete('trip')).toMatchObject({ op: 'DELETE' })
      await a.sync()
      expect(a.working('s1').get('trip')).toBeUndefined()
      expect(() => a.working('a/b')).toThrow(ValueError)
      expect((await a.verify()).ok).toBe(true)
    })
  })

  it('a guard check is recorded at the head; the evaluator answers outside the lock, and a stale answer is not used', async () => {
    let during: (() => Promise<unknown>) | null = null
    const asked: EvaluatorInput[] = []
    const evaluator = async (input: EvaluatorInput) => {
      asked.push(input)
      await during?.()
      return {
        risk: { dependency: 0.9 },
        reasons: [{ rule: 'judge/pending', dimension: 'dependency' as const, entries: [], detail: 'waits for review' }],
      }
    }
    await withTwoWriters(
      async (a, b) => {
        await a.memories.propose('Deploys go to the blue cluster.', { source: 'user', key: 'deploy.target' })
        const pending = await b.memories.propose('Deploys go to the green cluster.', { source: 'user', key: 'deploy.target' })
        expect(pending.status).toBe('pending_review')
        await a.sync()

        // a pending entry leaves the rules uncertain: the evaluator decides, and the receipt is written at the head
        const held = await a.guard.check({ action: 'call_tool:write', tool: 'deploy', uses: [pending.id] })
        expect(asked).toHaveLength(1)
        expect(held).toMatchObject({ evaluatorConsulted: true, decision: 'halt' })
        expect(held.reasons.at(-1)?.rule).toBe('evaluator/judge/pending')
        expect(a.receipt(held.seq)?.op).toBe('GUARD')

        // while the evaluator thinks, another process approves the entry: its answer was about other facts
        during = () => b.review.approve(pending.id, { by: 'ops' })
        const fresh = await a.guard.check({ action: 'call_tool:write', tool: 'deploy', uses: [pending.id] })
        expect(asked).toHaveLength(2)
        expect(fresh.reasons.map((r) => r.rule)).toContain('evaluator/stale')
        expect(fresh.risk.dependency).toBeLessThan(0.5)
        during = null

        // the rules only, at the head; the log is read from the view
        const now = await b.guard.checkNow({ action: 'internal_reasoning', uses: [pending.id] })
        expect(now.evaluatorConsulted).toBe(false)
        await expect(b.guard.checkNow({ action: '', uses: [] })).rejects.toBeInstanceOf(OptionError)
        await a.sync()
        expect(a.guard.log().map((e) => e.id)).toEqual([now.id, fresh.id, held.id])
        expect((await a.verify()).ok).toBe(true)
      },
      { evaluator },
    )
  })

  it('bad input is refused with a typed error, and calls after close reject', async () => {
    const [a, b] = await twoWriters()
    await b.close()
    try {
      expect(() => a.as('')).toThrow(ValueError)
      await expect(a.review.approve('m_1', { by: '' })).rejects.toBeInstanceOf(ValueError)
      await expect(a.memories.propose('x', { source: 'user', confidence: 7 })).rejects.toBeInstanceOf(ValueError)
    } finally {
      await a.close()
    }
    await expect(a.memories.propose('late', { source: 'user' })).rejects.toBeInstanceOf(ClosedError)
  })
})
