/**
 * guardTools over an AI-SDK-shaped tool map: the check before execute (kind, uses, context), halt and redirect as
 * GuardHaltError before the tool runs, warn proceeding, and the result stored in the Execution pool after.
 */
import { describe, expect, it, vi } from 'vitest'
import { GuardHaltError, OptionError } from '../../src/index.js'
import type { GuardResult } from '../../src/core/memory/guard/types.js'
import { guardTools } from '../../src/guard-tools.js'
import { guardStore } from './guard-fixture.js'

async function setup() {
  const s = await guardStore()
  const price = s.remember({ key: 'price', source: 'tool:shop', confidence: 0.9 })
  const guess = s.remember({ key: 'price', source: 'agent', confidence: 0.3, conflicts: [price] })
  const sendEmail = vi.fn(async (args: { to: string }, _o: { toolCallId: string; messages: unknown[] }) => ({ sent: args.to }))
  const search = vi.fn(async (args: { q: string }, _o: { toolCallId: string }) => [`result for ${args.q}`])
  const tools = {
    send_email: { description: 'send', inputSchema: { type: 'object' }, execute: sendEmail },
    search: { description: 'search', execute: search },
    client_side: { description: 'no execute' },
  }
  const handle = s.customs
  return { ...s, price, guess, tools, handle, sendEmail, search }
}

const call = (id: string) => ({ toolCallId: id, messages: [] })

describe('guardTools', () => {
  it('stops a write resting on a contradiction before it runs, with the check on the error', async () => {
    const t = await setup()
    const wrapped = guardTools(t.tools, t.handle, { uses: (name) => (name === 'send_email' ? [t.guess, t.price] : []) })
    expect(wrapped.client_side).toBe(t.tools.client_side)
    expect(wrapped.send_email.description).toBe('send')
    const err = await wrapped.send_email.execute({ to: 'a@b.c' }, call('call-1')).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(GuardHaltError)
    const halt = err as GuardHaltError
    expect(halt).toMatchObject({ code: 'GUARD_HALT', tool: 'send_email' })
    expect(halt.result.decision).toBe('redirect')
    expect(halt.result.reasons.map((r) => r.rule)).toEqual(['consistency/contradiction', 'factuality/low-confidence'])
    expect(halt.seq).toBe(halt.result.seq)
    expect(halt.message).toContain(`consistency/contradiction (${t.guess}, ${t.price})`)
    expect(t.sendEmail).not.toHaveBeenCalled()
    expect(t.customs.execution.get('send_email', 'call-1')).toBeUndefined()
    expect(JSON.parse(t.customs.receipts({ op: 'GUARD' }).at(-1)!.reason!)).toMatchObject({ action: 'call_tool:write', tool: 'send_email' })
    await t.customs.close()
  })

  it('lets a redirect proceed when told to, and stores the result under the tool call id', async () => {
    const t = await setup()
    const seen: Array<[string, GuardResult]> = []
    const wrapped = guardTools(t.tools, t.handle, {
      uses: () => [t.guess],
      redirect: 'proceed',
      onCheck: (name, r) => seen.push([name, r]),
    })
    expect(await wrapped.send_email.execute({ to: 'x@y.z' }, call('call-2'))).toEqual({ sent: 'x@y.z' })
    expect(t.sendEmail).toHaveBeenCalledWith({ to: 'x@y.z' }, call('call-2'))
    expect(t.customs.execution.get('send_email', 'call-2')).toEqual({ sent: 'x@y.z' })
    expect(seen.map(([n, r]) => [n, r.decision])).toEqual([['send_email', 'redirect']])
    await t.customs.close()
  })

  it('maps tools to kinds: a read warns and runs; a missing dependency halts a write', async () => {
    const t = await setup()
    const seen: GuardResult[] = []
    const wrapped = guardTools(t.tools, t.handle, {
      kinds: { search: 'call_tool:read' },
      uses: (name, args) => (name === 'search' ? [t.guess] : [(args as { dep: string }).dep]),
      contextId: () => undefined,
      onCheck: (_n, r) => seen.push(r),
    })
    expect(await wrapped.search.execute({ q: 'price' }, call('s-1'))).toEqual(['result for price'])
    expect(seen[0]).toMatchObject({ action: 'call_tool:read', decision: 'warn' })
    expect(seen[0].message).toContain(t.guess)
    expect(t.customs.execution.get('search', 's-1')).toEqual(['result for price'])
    const err = await wrapped.send_email.execute({ to: 'a', dep: 'm_4040' } as never, call('e-1')).catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'GUARD_HALT', result: { decision: 'halt' } })
    await t.customs.close()
  })

  it('a clean call proceeds without a message, and a tool error is the tool’s own', async () => {
    const t = await setup()
    const failing = { execute: vi.fn(async (_a: unknown, _o: { toolCallId: string }) => Promise.reject(new Error('smtp down'))) }
    const wrapped = guardTools({ ...t.tools, failing }, t.handle, { uses: () => [t.price] })
    expect(await wrapped.search.execute({ q: 'a' }, call('c-1'))).toEqual(['result for a'])
    await expect(wrapped.failing.execute({} as never, call('c-2'))).rejects.toThrow('smtp down')
    expect(t.customs.execution.get('failing', 'c-2')).toBeUndefined()
    await t.customs.close()
  })

  it('names a bad option', async () => {
    const t = await setup()
    const option = (f: () => unknown) => {
      try {
        f()
      } catch (e) {
        return (e as OptionError).option
      }
    }
    expect(option(() => guardTools(t.tools, {} as never))).toBe('guardTools customs')
    expect(option(() => guardTools(t.tools, t.handle, { uses: [] as never }))).toBe('guardTools options.uses')
    expect(option(() => guardTools(t.tools, t.handle, { kinds: { search: '' } }))).toBe('guardTools options.kinds.search')
    expect(option(() => guardTools(t.tools, t.handle, { redirect: 'warn' as never }))).toBe('guardTools options.redirect')
    expect(option(() => guardTools(null as never, t.handle))).toBe('guardTools tools')
    await t.customs.close()
  })
})
