/**
 * memory-customs/ai-sdk against the real AI SDK: `generateText` runs its own multi-step tool loop
 * (`stopWhen: stepCountIs(n)`), driven by the SDK's `MockLanguageModelV3` scripted to call tools. What is checked
 * is what the store recorded (STORE per call under the SDK's toolCallId, plans, a Bridge promotion, GUARD receipts)
 * and what the model's next step was sent.
 */
import type { LanguageModelV3CallOptions, LanguageModelV3Content, LanguageModelV3StreamPart } from '@ai-sdk/provider'
import { generateText, stepCountIs, streamText, tool, ToolLoopAgent } from 'ai'
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { customsTools, GuardHaltError, promoteToolResult, recordStepPlan } from '../../src/adapters/ai-sdk.js'
import { createCustoms, OptionError, ToolNotAllowedError, type Customs } from '../../src/index.js'

/** A model that answers each call with the next scripted step: tool calls, then text. */
function scriptedModel(steps: LanguageModelV3Content[][]) {
  let i = 0
  return new MockLanguageModelV3({
    doGenerate: async () => {
      const content = steps[i++] ?? [{ type: 'text', text: 'done' }]
      const calls = content.some((c) => c.type === 'tool-call')
      return {
        content,
        finishReason: { unified: calls ? 'tool-calls' : 'stop', raw: undefined },
        usage: {
          inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 5, text: 5, reasoning: undefined },
        },
        warnings: [],
      }
    },
  })
}

const call = (toolCallId: string, toolName: string, input: unknown): LanguageModelV3Content => ({
  type: 'tool-call',
  toolCallId,
  toolName,
  input: JSON.stringify(input),
})

/** The tool-result parts of the prompt the model received on its `n`-th call. */
function toolResultsSent(calls: LanguageModelV3CallOptions[], n: number) {
  return calls[n].prompt.flatMap((m) => (m.role === 'tool' ? m.content : [])).filter((p) => p.type === 'tool-result')
}

let customs: Customs | undefined
afterEach(async () => {
  await customs?.close()
  customs = undefined
})

function shopTools(log: string[]) {
  return {
    lookup_price: tool({
      description: 'Unit price of a product',
      inputSchema: z.object({ sku: z.string() }),
      execute: async ({ sku }) => {
        log.push(`price ${sku}`)
        return { sku, eur: 12 }
      },
    }),
    check_stock: tool({
      description: 'Units in stock',
      inputSchema: z.object({ sku: z.string() }),
      execute: async ({ sku }) => {
        log.push(`stock ${sku}`)
        return { sku, units: 140 }
      },
    }),
    send_email: tool({
      description: 'Sends an e-mail',
      inputSchema: z.object({ to: z.string(), body: z.string() }),
      execute: async ({ to }) => {
        log.push(`mail ${to}`)
        return { sent: to }
      },
    }),
  }
}

describe('customsTools in a generateText tool loop', () => {
  it('stores each result under its toolCallId, plans a step, promotes through the Bridge, verifies', async () => {
    customs = await createCustoms({
      decision: { schemas: { unit_price: z.object({ sku: z.string(), eur: z.number() }) } },
      bridge: { tools: ['lookup_price'] },
    })
    const c = customs
    const ran: string[] = []
    const model = scriptedModel([
      [call('call_price', 'lookup_price', { sku: 'W-1' }), call('call_stock', 'check_stock', { sku: 'W-1' })],
      [call('call_price_2', 'lookup_price', { sku: 'W-2' })],
      [{ type: 'text', text: 'W-1 costs 12 EUR, 140 in stock.' }],
    ])
    const plans: Array<string | null> = []
    const result = await generateText({
      model,
      tools: customsTools(shopTools(ran), c),
      prompt: 'Quote W-1',
      stopWhen: stepCountIs(5),
      onStepFinish: (step) => {
        plans.push(recordStepPlan(c, `quote/step-${step.stepNumber}`, step)?.key ?? null)
      },
    })

    expect(result.steps).toHaveLength(3)
    expect(result.text).toBe('W-1 costs 12 EUR, 140 in stock.')
    expect(ran.sort()).toEqual(['price W-1', 'price W-2', 'stock W-1'])
    // One signed STORE per call, keyed by the SDK's own toolCallId.
    const stores = c.receipts({ op: 'STORE' })
    expect(stores.map((r) => `${r.tool} ${r.call}`).sort()).toEqual([
      'check_stock call_stock',
      'lookup_price call_price',
      'lookup_price call_price_2',
    ])
    // Signed like any stored result (HMAC-SHA256, base64url); verify() below checks each signature.
    for (const r of stores) expect(r.sig).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const sdkCallIds = result.steps.flatMap((s) => s.toolResults.map((t) => t.toolCallId)).sort()
    expect(stores.map((r) => r.call).sort()).toEqual(sdkCallIds)
    expect(c.execution.get('lookup_price', 'call_price')).toEqual({ sku: 'W-1', eur: 12 })
    expect(c.execution.get('check_stock', 'call_stock')).toEqual({ sku: 'W-1', units: 140 })
    // The model's second step was sent the results the tools returned (the wrapper returns them unchanged).
    expect(toolResultsSent(model.doGenerateCalls, 1)).toEqual([
      expect.objectContaining({ toolCallId: 'call_price', output: { type: 'json', value: { sku: 'W-1', eur: 12 } } }),
      expect.objectContaining({ toolCallId: 'call_stock', output: { type: 'json', value: { sku: 'W-1', units: 140 } } }),
    ])

    // A plan per step with results; the text-only last step records none.
    expect(plans).toEqual(['quote/step-0', 'quote/step-1', null])
    expect(c.plans.get('quote/step-0')).toEqual({
      references: [
        { tool: 'lookup_price', callId: 'call_price' },
        { tool: 'check_stock', callId: 'call_stock' },
      ],
    })
    expect(c.receipts({ op: 'RECORD_PLAN' }).map((r) => r.reason)).toEqual(['ai-sdk:step-0', 'ai-sdk:step-1'])

    // Promotion goes through the Bridge: plan reference, signature, schema, allow-list.
    const price = result.steps[0].toolResults.find((t) => t.toolName === 'lookup_price')!
    const promoted = promoteToolResult(c, price, { to: 'unit_price', planRef: 'quote/step-0' })
    expect(promoted).toMatchObject({ op: 'PROMOTE', pool: 'decision', key: 'unit_price', reason: 'plan:quote/step-0' })
    expect(c.decision.get('unit_price')).toEqual({ sku: 'W-1', eur: 12 })
    // Not referenced by the named plan: refused by the Bridge, with its REFUSED receipt.
    const second = result.steps[1].toolResults[0]
    expect(() => promoteToolResult(c, second, { to: 'unit_price', planRef: 'quote/step-0' })).toThrow(/plan/)
    // Not on the allow-list.
    const stock = result.steps[0].toolResults.find((t) => t.toolName === 'check_stock')!
    expect(() => promoteToolResult(c, stock, { to: 'unit_price', planRef: 'quote/step-0' })).toThrow(ToolNotAllowedError)
    expect(c.receipts({ op: 'REFUSED' }).map((r) => r.reason)).toEqual(['PROMOTE:PLAN_REFERENCE', 'PROMOTE:TOOL_NOT_ALLOWED'])

    expect(await c.verify()).toMatchObject({ ok: true })
  })

  it('a guard halt stops a write tool before it runs; the model sees the tool error; a later approved call runs', async () => {
    customs = await createCustoms({ decision: { schemas: { approved_recipient: z.string() } } })
    const c = customs
    const ran: string[] = []
    const checks: string[] = []
    const guard = {
      kinds: { lookup_price: 'call_tool:read', check_stock: 'call_tool:read' },
      // The e-mail rests on the approved recipient: until someone approves one, the entry is missing.
      uses: (name: string) => (name === 'send_email' ? ['decision:approved_recipient'] : []),
      onCheck: (name: string, r: { decision: string }) => void checks.push(`${name} ${r.decision}`),
    }
    const model = scriptedModel([
      [call('call_1', 'lookup_price', { sku: 'W-1' }), call('call_2', 'send_email', { to: 'buyer@acme.example', body: 'Quote' })],
      [{ type: 'text', text: 'I could not send the e-mail.' }],
    ])
    const first = await generateText({
      model,
      tools: customsTools(shopTools(ran), c, { guard }),
      prompt: 'Quote W-1 to the buyer',
      stopWhen: stepCountIs(4),
    })

    expect(ran).toEqual(['price W-1']) // the e-mail tool never ran
    expect(checks.sort()).toEqual(['lookup_price proceed', 'send_email halt'])
    // The SDK reports the refusal as a tool-error part carrying the GuardHaltError.
    const toolError = first.steps[0].content.find((p) => p.type === 'tool-error')
    expect(toolError).toMatchObject({ toolCallId: 'call_2', toolName: 'send_email' })
    const halt = (toolError as { error: unknown }).error
    expect(halt).toBeInstanceOf(GuardHaltError)
    const haltResult = (halt as GuardHaltError).result
    expect(haltResult).toMatchObject({ decision: 'halt', action: 'call_tool:write' })
    expect(haltResult.reasons.map((r) => r.rule)).toEqual(['dependency/missing'])
    // Its GUARD receipt records the stop; nothing was stored for that call.
    const guardReceipt = c.receipt(haltResult.seq)!
    expect(guardReceipt.op).toBe('GUARD')
    expect(guardReceipt.reason).toContain('send_email')
    // Nothing was stored for the halted call: its only receipt is the GUARD check that names it.
    expect(c.receipts({ callId: 'call_2' }).map((r) => r.op)).toEqual(['GUARD'])
    expect(c.execution.get('send_email', 'call_2')).toBeUndefined()
    expect(c.execution.get('lookup_price', 'call_1')).toEqual({ sku: 'W-1', eur: 12 })
    // What the model's next step sees: the error text as the tool's output, next to the other call's result.
    expect(toolResultsSent(model.doGenerateCalls, 1)).toEqual([
      expect.objectContaining({ toolCallId: 'call_1', output: { type: 'json', value: { sku: 'W-1', eur: 12 } } }),
      expect.objectContaining({ toolCallId: 'call_2', output: { type: 'error-text', value: (halt as Error).message } }),
    ])
    expect((halt as Error).message).toMatch(/the guard decided halt for tool "send_email" \(guard_\d+\): dependency\/missing/)

    // Once the recipient is approved, the same tool call proceeds and its result is stored.
    c.decision.commit('approved_recipient', 'buyer@acme.example', { source: 'user' })
    const retry = scriptedModel([[call('call_3', 'send_email', { to: 'buyer@acme.example', body: 'Quote' })], []])
    await generateText({ model: retry, tools: customsTools(shopTools(ran), c, { guard }), prompt: 'Send it', stopWhen: stepCountIs(3) })
    expect(ran).toEqual(['price W-1', 'mail buyer@acme.example'])
    // The check and the stored result, both under the SDK's call id.
    expect(c.receipts({ callId: 'call_3' })).toMatchObject([
      { op: 'GUARD', tool: 'send_email', call: 'call_3' },
      { op: 'STORE', tool: 'send_email', call: 'call_3' },
    ])
    expect(c.guard.log().map((g) => `${g.action} ${g.decision}`)).toEqual([
      'call_tool:write proceed',
      'call_tool:write halt',
      'call_tool:read proceed',
    ])
    expect(await c.verify()).toMatchObject({ ok: true })
  })

  it('a result the store refuses leaves a REFUSED receipt and reaches the model as the tool error', async () => {
    customs = await createCustoms()
    const c = customs
    const tools = customsTools(
      {
        now: tool({ inputSchema: z.object({}), execute: async () => new Date(0) }),
        noop: tool({ inputSchema: z.object({}), execute: async () => undefined }),
      },
      c,
    )
    const model = scriptedModel([[call('c_date', 'now', {}), call('c_void', 'noop', {})], []])
    const result = await generateText({ model, tools, prompt: 'x', stopWhen: stepCountIs(3) })
    // A Date is not JSON data: refused, and the model is told.
    expect(c.receipts({ op: 'REFUSED' })).toMatchObject([{ tool: 'now', call: 'c_date', reason: 'STORE:INVALID_VALUE' }])
    expect(result.steps[0].content.find((p) => p.type === 'tool-error')).toMatchObject({ toolCallId: 'c_date' })
    // undefined is stored as null, which is what the SDK sends the model for it.
    expect(c.execution.get('noop', 'c_void')).toBeNull()
    expect(toolResultsSent(model.doGenerateCalls, 1).find((p) => p.toolCallId === 'c_void')?.output).toEqual({ type: 'json', value: null })
  })
})

describe('the other loops that take a tool map', () => {
  const usage = {
    inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 1, text: 1, reasoning: undefined },
  }

  it('streamText: results stored per toolCallId, a halt streamed as a tool-error the next step sees', async () => {
    customs = await createCustoms()
    const c = customs
    const ran: string[] = []
    const stream = (parts: LanguageModelV3StreamPart[]) => ({ stream: convertArrayToReadableStream(parts) })
    const model = new MockLanguageModelV3({
      doStream: [
        stream([
          { type: 'stream-start', warnings: [] },
          { type: 'tool-call', toolCallId: 's_1', toolName: 'lookup_price', input: '{"sku":"W-1"}' },
          { type: 'tool-call', toolCallId: 's_2', toolName: 'send_email', input: '{"to":"x@example.com","body":"hi"}' },
          { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage },
        ]),
        stream([
          { type: 'stream-start', warnings: [] },
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: 'ok' },
          { type: 'text-end', id: 't' },
          { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage },
        ]),
      ],
    })
    const result = streamText({
      model,
      tools: customsTools(shopTools(ran), c, { guard: { uses: (name) => (name === 'send_email' ? ['m_404'] : []) } }),
      prompt: 'x',
      stopWhen: stepCountIs(3),
    })
    const parts = []
    for await (const part of result.fullStream) if (part.type === 'tool-result' || part.type === 'tool-error') parts.push(part)
    // Streamed in the order the calls settle, which is not the order they were made.
    expect(parts.map((p) => `${p.type} ${p.toolCallId}`).sort()).toEqual(['tool-error s_2', 'tool-result s_1'])
    expect(ran).toEqual(['price W-1'])
    expect(c.receipts({ op: 'STORE' })).toMatchObject([{ tool: 'lookup_price', call: 's_1' }])
    expect(c.guard.log().map((g) => `${g.action} ${g.decision}`)).toEqual(['call_tool:write halt', 'call_tool:write proceed'])
    expect(toolResultsSent(model.doStreamCalls, 1).map((p) => p.output.type)).toEqual(['json', 'error-text'])
    expect(await c.verify()).toMatchObject({ ok: true })
  })

  it('ToolLoopAgent: the agent class runs the wrapped tools and each result is stored', async () => {
    customs = await createCustoms()
    const c = customs
    const agent = new ToolLoopAgent({
      model: scriptedModel([[call('a_1', 'check_stock', { sku: 'W-9' })], [{ type: 'text', text: '140' }]]),
      tools: customsTools(shopTools([]), c),
      stopWhen: stepCountIs(3),
    })
    const out = await agent.generate({ prompt: 'stock of W-9?' })
    expect(out.text).toBe('140')
    expect(c.receipts({ op: 'STORE' })).toMatchObject([{ tool: 'check_stock', call: 'a_1' }])
    expect(c.execution.get('check_stock', 'a_1')).toEqual({ sku: 'W-9', units: 140 })
  })
})

describe('bad arguments are typed errors naming the argument', () => {
  it('customsTools', async () => {
    customs = await createCustoms()
    const c = customs
    const named = (f: () => unknown) => {
      try {
        f()
      } catch (e) {
        expect(e).toBeInstanceOf(OptionError)
        return (e as OptionError).option
      }
      throw new Error('did not throw')
    }
    expect(named(() => customsTools(null as never, c))).toBe('customsTools tools')
    expect(named(() => customsTools({}, {} as never))).toBe('customsTools customs')
    expect(named(() => customsTools({ a: 1 } as never, c))).toBe('customsTools tools.a')
    expect(named(() => customsTools({ a: { execute: 'no' } } as never, c))).toBe('customsTools tools.a.execute')
    const streamed = { a: { execute: async function* () {} } }
    expect(named(() => customsTools(streamed as never, c))).toBe('customsTools tools.a.execute')
    expect(named(() => customsTools({}, c, { guard: { kinds: { a: '' } } }))).toBe('customsTools options.guard.kinds.a')
    expect(named(() => customsTools({}, c, { guard: { uses: 1 as never } }))).toBe('customsTools options.guard.uses')
    expect(named(() => customsTools({}, { execution: c.execution }, { guard: {} }))).toBe('customsTools customs')
    expect(named(() => recordStepPlan(c, 'p', {} as never))).toBe('recordStepPlan step')
    expect(named(() => recordStepPlan(c, 'p', { toolResults: [{ toolName: 1 }] } as never))).toBe('recordStepPlan step.toolResults[0]')
    expect(named(() => recordStepPlan(c, 'p', { toolResults: [] }, { tools: 'x' as never }))).toBe('recordStepPlan options.tools')
    expect(named(() => promoteToolResult(c, { toolName: 't' } as never, { to: 'k', planRef: 'p' }))).toBe('promoteToolResult call')
    expect(named(() => promoteToolResult(c, { toolName: 't', toolCallId: 'c' }, { to: '', planRef: 'p' }))).toBe(
      'promoteToolResult options.to',
    )
    // No receipt was written for any of these.
    expect(c.size).toBe(0)
  })
})
