/**
 * Attribution of the writes made inside the AI SDK's tool loop, end to end: a user module is instrumented by the
 * real plugin core (`targets: ['customsTools', 'recordStepPlan', 'promoteToolResult']`), then run; its
 * `generateText` executes the wrapped tools long after the user's line returned, and each receipt must still name
 * that line of the user's file, never a frame inside node_modules.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { LanguageModelV3Content } from '@ai-sdk/provider'
import { tool } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { afterEach, expect, it } from 'vitest'
import { z } from 'zod'
import { analyze } from '../../../unplugin/src/core/analyze'
import { instrument } from '../../../unplugin/src/core/instrument'
import { resetProbeState, setDefaultCustoms } from '../../src/probe.js'
import { createCustoms, type Customs } from '../../src/index.js'

const adapter = join(import.meta.dirname, '../../src/adapters/ai-sdk.ts')
const probeModule = join(import.meta.dirname, '../../src/probe.ts')

// The agent's own module. Lines matter: the receipts must name 7 (customsTools, inline in the generateText call),
// 14 (the plan) and 15 (the promotion).
const AGENT = `import { generateText, stepCountIs } from 'ai'
import { customsTools, promoteToolResult, recordStepPlan } from ${JSON.stringify(adapter)}

export async function quote(customs: any, model: any, tools: any) {
  const result = await generateText({
    model,
    tools: customsTools(tools, customs, {
      guard: { kinds: { lookup_price: 'call_tool:read' }, uses: (name: string) => (name === 'send_email' ? ['m_404'] : []) },
    }),
    prompt: 'Quote W-1',
    stopWhen: stepCountIs(4),
  })
  const step = result.steps[0]
  recordStepPlan(customs, 'quote', step)
  promoteToolResult(customs, step.toolResults[0], { to: 'unit_price', planRef: 'quote' })
  return result
}
`

function model() {
  const steps: LanguageModelV3Content[][] = [
    [
      { type: 'tool-call', toolCallId: 'call_price', toolName: 'lookup_price', input: '{"sku":"W-1"}' },
      { type: 'tool-call', toolCallId: 'call_mail', toolName: 'send_email', input: '{"to":"x@example.com"}' },
    ],
    [{ type: 'text', text: 'done' }],
  ]
  let i = 0
  return new MockLanguageModelV3({
    doGenerate: async () => {
      const content = steps[i++] ?? []
      return {
        content,
        finishReason: { unified: i === 1 ? 'tool-calls' : 'stop', raw: undefined },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 1, text: 1, reasoning: undefined },
        },
        warnings: [],
      }
    },
  })
}

const tools = {
  lookup_price: tool({ inputSchema: z.object({ sku: z.string() }), execute: async ({ sku }) => ({ sku, eur: 12 }) }),
  send_email: tool({ inputSchema: z.object({ to: z.string() }), execute: async ({ to }) => ({ sent: to }) }),
}

let dir: string | undefined
let customs: Customs | undefined
afterEach(async () => {
  setDefaultCustoms(null)
  resetProbeState()
  await customs?.close()
  customs = undefined
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

/** Writes the agent module (instrumented or as written) and imports it. */
async function loadAgent(instrumented: boolean): Promise<{ quote: (c: Customs, m: unknown, t: unknown) => Promise<unknown> }> {
  dir = mkdtempSync(join(import.meta.dirname, '.tmp-ai-sdk-'))
  mkdirSync(join(dir, 'src'))
  const file = join(dir, 'src/agent.ts')
  let code = AGENT
  if (instrumented) {
    const options = { root: dir, targets: ['customsTools', 'recordStepPlan', 'promoteToolResult'], probeModule }
    const out = instrument(AGENT, file, analyze(AGENT, file, options), options)
    expect(out, 'the plugin must instrument the agent module').not.toBeNull()
    code = out!.code
  }
  writeFileSync(file, code)
  return import(pathToFileURL(file).href)
}

async function store(): Promise<Customs> {
  customs = await createCustoms({
    decision: { schemas: { unit_price: z.object({ sku: z.string(), eur: z.number() }) } },
    bridge: { tools: ['lookup_price'] },
  })
  return customs
}

it('receipts written inside generateText name the user line that wrapped the tools; plan and promotion their own', async () => {
  const c = await store()
  setDefaultCustoms(c) // so a probed call that wrote no receipt would show up as an OBSERVED_WRITE
  const agent = await loadAgent(true)
  await agent.quote(c, model(), tools)

  const at = (line: number) => ({ file: 'src/agent.ts', line, fn: 'quote' })
  const byOp = (op: string) => c.receipts().filter((r) => r.op === op)
  expect(byOp('GUARD')).toHaveLength(2)
  for (const r of byOp('GUARD')) expect(r.site).toMatchObject(at(7))
  expect(byOp('STORE')).toMatchObject([{ tool: 'lookup_price', call: 'call_price', site: at(7) }])
  expect(byOp('RECORD_PLAN')).toMatchObject([{ key: 'quote', site: at(14) }])
  expect(byOp('PROMOTE')).toMatchObject([{ key: 'unit_price', site: at(15) }])
  // The send_email call was halted (it rests on a memory that does not exist): no STORE, and no stray receipts.
  expect(c.receipts({ callId: 'call_mail' }).map((r) => r.op)).toEqual(['GUARD'])
  expect(byOp('OBSERVED_WRITE')).toEqual([])
  expect(c.health()).toMatchObject({ unattributed: 0, attributed: 5 })
  expect(await c.verify()).toMatchObject({ ok: true })
})

it('without the plugin the same run writes the same receipts, unattributed', async () => {
  const c = await store()
  const agent = await loadAgent(false)
  await agent.quote(c, model(), tools)
  expect(c.receipts().map((r) => `${r.op} ${r.site === null ? 'null' : 'site'}`)).toEqual([
    'GUARD null',
    'GUARD null',
    'STORE null',
    'RECORD_PLAN null',
    'PROMOTE null',
  ])
  expect(c.health()).toMatchObject({ unattributed: 5, attributed: 0 })
})
