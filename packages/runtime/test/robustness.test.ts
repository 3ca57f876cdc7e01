/**
 * Bad input of every shape gets a typed CustomsError with a code, a REFUSED receipt where a write was
 * attempted, and loses nothing already recorded: lone surrogates and non-strings in every text argument,
 * keys without a prototype, throwing getters, Proxy traps and schema transforms, values nested deeper than
 * the documented limit, and text fields far over their size limits.
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createCustoms, createMemoryBackend, CustomsError, type Customs } from '../src/index.js'

const options = () => ({
  decision: {
    schemas: {
      k: z.unknown(),
      t: z.string().transform((): string => {
        throw new Error('transform blew up')
      }),
    },
  },
  bridge: { tools: ['web'] },
})

async function expectRefused(c: Customs, attempt: () => unknown, code: string, what: string): Promise<void> {
  const before = c.size
  let err: unknown
  try {
    attempt()
  } catch (e) {
    err = e
  }
  expect(err, what).toBeInstanceOf(CustomsError)
  expect((err as CustomsError).code, what).toBe(code)
  expect(c.size, `${what}: one REFUSED receipt`).toBe(before + 1)
  const r = c.receipt(c.size)!
  expect(r.op, what).toBe('REFUSED')
  expect(r.reason, what).toMatch(new RegExp(`:${code}$`))
}

describe('bad input', () => {
  it('every text argument: lone surrogates, non-strings, no prototype, oversize', async () => {
    const backend = createMemoryBackend()
    const c = await createCustoms({ ...options(), storage: backend })
    c.decision.commit('k', 1, { source: 'user' })
    c.execution.store('web', 'c1', 'r')
    const lone = 'bad\ud800key'
    const noProto = Object.create(null) as string
    const huge = 'x'.repeat(10 * 1024 * 1024)
    const attempts: Array<[string, () => unknown]> = [
      ['lone surrogate key', () => c.decision.commit(lone, 1, { source: 'user' })],
      ['key without a prototype', () => c.decision.commit(noProto, 1, { source: 'user' })],
      ['number key', () => c.decision.commit(42 as unknown as string, 1, { source: 'user' })],
      ['10 MB key', () => c.decision.commit(huge, 1, { source: 'user' })],
      ['lone surrogate reason', () => c.decision.commit('k', 2, { source: 'user', reason: lone })],
      ['non-string reason', () => c.decision.commit('k', 2, { source: 'user', reason: { why: 1 } as unknown as string })],
      ['lone surrogate actor', () => c.decision.commit('k', 2, { source: 'user', actor: lone })],
      ['lone surrogate tool', () => c.execution.store(lone, 'c2', 1)],
      ['10 MB tool name', () => c.execution.store(huge, 'c2', 1)],
      ['lone surrogate call id', () => c.execution.store('web', lone, 1)],
      ['call id without a prototype', () => c.execution.store('web', noProto, 1)],
      ['lone surrogate plan id', () => c.plans.record(lone, { references: [] })],
      ['lone surrogate plan reason', () => c.plans.record('p', { references: [] }, { reason: lone })],
      [
        'plan whose getter throws',
        () =>
          c.plans.record('p', {
            get references(): never {
              throw new Error('getter')
            },
          }),
      ],
      ['promotion with a lone surrogate plan ref', () => c.bridge.promote({ tool: 'web', callId: 'c1', to: 'k', planRef: lone })],
      ['promotion with a non-string target', () => c.bridge.promote({ tool: 'web', callId: 'c1', to: noProto, planRef: 'p' })],
    ]
    for (const [what, attempt] of attempts) await expectRefused(c, attempt, 'INVALID_VALUE', what)
    await c.flush()
    // Refusals of huge arguments stay small on disk: the journal holds a cut copy, not 10 MB.
    const bytes = JSON.stringify(backend.entries()).length
    expect(bytes).toBeLessThan(64 * 1024)
    expect(c.decision.get('k')).toBe(1)
    expect(await c.verify()).toMatchObject({ ok: true, checked: c.size })
    await c.close()
  })

  it('values: throwing getters and Proxy traps, deep nesting, throwing schema transforms', async () => {
    const c = await createCustoms(options())
    const getter = {
      get boom(): never {
        throw new Error('getter')
      },
    }
    const proxy = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('trap')
        },
      },
    )
    let deep: unknown = 1
    for (let i = 0; i < 10_000; i++) deep = [deep]
    await expectRefused(c, () => c.decision.commit('k', getter, { source: 'user' }), 'INVALID_VALUE', 'throwing getter')
    await expectRefused(c, () => c.decision.commit('k', proxy, { source: 'user' }), 'INVALID_VALUE', 'throwing Proxy trap')
    await expectRefused(c, () => c.decision.commit('k', deep, { source: 'user' }), 'INVALID_VALUE', '10,000 levels deep')
    await expectRefused(c, () => c.execution.store('web', 'c9', deep), 'INVALID_VALUE', 'a tool result 10,000 levels deep')
    await expectRefused(c, () => c.decision.commit('t', 'x', { source: 'user' }), 'SCHEMA_VIOLATION', 'a schema transform that throws')
    let ok: unknown = 1
    for (let i = 0; i < 900; i++) ok = [ok]
    expect(c.decision.commit('k', ok, { source: 'user' }).op).toBe('COMMIT')
    expect(await c.verify()).toMatchObject({ ok: true })
    await c.close()
  })

  it('rollback arguments are checked before anything is appended', async () => {
    const c = await createCustoms(options())
    c.decision.commit('k', 1, { source: 'user' })
    const size = c.size
    await expect(c.rollback({ toSeq: 0 }, { reason: 'a\udc00b' })).rejects.toMatchObject({ code: 'INVALID_VALUE' })
    await expect(c.rollback({ toSeq: 0 }, { actor: 7 as unknown as string })).rejects.toMatchObject({ code: 'INVALID_VALUE' })
    expect(c.size).toBe(size)
    await c.close()
  })
})
