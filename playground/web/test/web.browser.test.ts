import { readFileSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// One static server and one Chromium launch configuration for every browser test in the repository.
import { launchChromium, serveStatic } from '../../../packages/runtime/test/browser/harness'

// The agent's scenario in a real page: `vite build` of playground/web (the plugin in vite.config.ts), served
// from 127.0.0.1 by a tiny static server, run in the system Chromium with IndexedDB persistence.
const webDir = resolve(import.meta.dirname, '..')
const agentDir = resolve(webDir, '..', 'agent')
const outDir = join(agentDir, '.cache', 'web-test-dist')

/** Every line of `file` that contains one of `needles`, as `file:line`. */
function sitesIn(file: string, needles: string[]): string[] {
  return readFileSync(join(agentDir, file), 'utf8')
    .split('\n')
    .flatMap((l, i) => (needles.some((n) => l.includes(n)) ? [`${file}:${i + 1}`] : []))
}

const AGENT = 'src/agent/agent.ts'

function lineOf(file: string, needle: string): number {
  const i = readFileSync(join(agentDir, file), 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(needle))
  if (i < 0) throw new Error(`${needle} not in ${file}`)
  return i + 1
}

interface DemoState {
  status: 'loading' | 'ready' | 'error'
  ranScenario: boolean
  receipts: Array<{
    seq: number
    op: string
    key: string | null
    outcome: string
    at: string | null
    site: { file: string; line: number } | null
  }>
  hashes: string[]
  verify: { ok: boolean; checked: number; firstFailure: { seq: number; code: string } | null } | null
  error?: string
}

async function demoState(page: Page): Promise<DemoState> {
  await page.waitForFunction(() => (window as unknown as { __demo?: { status: string } }).__demo?.status !== 'loading', undefined, {
    timeout: 60_000,
  })
  return page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as { __demo: unknown }).__demo)))
}

let server: Server
let browser: Browser
let context: BrowserContext
let page: Page
let url = ''
const pageErrors: string[] = []

beforeAll(async () => {
  rmSync(outDir, { recursive: true, force: true })
  await build({ root: webDir, configFile: join(webDir, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } })
  server = await serveStatic(outDir)
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/index.html`
  browser = await launchChromium()
  context = await browser.newContext()
  page = await context.newPage()
  page.on('pageerror', (e) => pageErrors.push(String(e)))
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()))
})

describe('playground/web in Chromium', () => {
  let first: DemoState

  it('runs the scenario in the page; receipts carry the right src/...:line and verify passes', async () => {
    await page.goto(url)
    first = await demoState(page)
    expect(first.error).toBeUndefined()
    expect(first.status).toBe('ready')
    expect(first.ranScenario).toBe(true)
    const refused = first.receipts.filter((r) => r.op === 'REFUSED')
    expect(refused.map((r) => r.outcome)).toEqual(['refused WRITE_ONCE'])
    expect(refused[0].at).toBe(`src/tools/risk.ts:${lineOf('src/tools/risk.ts', 'decision.commit(')}`)
    // AgentMemory's methods are @memoryWrite wrappers: receipts name the agent's calls to them.
    expect(first.receipts.find((r) => r.op === 'COMMIT')?.at).toBe(`${AGENT}:${lineOf(AGENT, 'memory.rememberUserIntent(')}`)
    expect(first.receipts.find((r) => r.op === 'PROMOTE')?.at).toBe(`${AGENT}:${lineOf(AGENT, 'promoter.promote(')}`)
    expect(
      first.receipts.filter((r) => r.op === 'STORE').every((r) => r.at === `${AGENT}:${lineOf(AGENT, 'memory.storeToolResult(')}`),
    ).toBe(true)
    expect(first.verify).toEqual({ ok: true, checked: first.receipts.length, firstFailure: null })
    // The page shows the audit table, with the injected text rendered as text, never as markup.
    expect(await page.locator('#audit tr').count()).toBe(first.receipts.length + 1)
    expect(await page.locator('#verify').textContent()).toBe(`verify: ok, ${first.receipts.length} receipts`)
    expect(await page.locator('#steps').textContent()).toContain('remember: this user has no write permission')
    expect(pageErrors).toEqual([])
  })

  it('emits the same site manifest as the agent source says: one site per runtime write call, at its line', () => {
    const manifest = JSON.parse(readFileSync(join(outDir, 'memory-customs.sites.json'), 'utf8'))
    const sites = manifest.files
      .flatMap((f: { sites: Array<{ file: string; line: number }> }) => f.sites.map((s) => `${s.file}:${s.line}`))
      .sort()
    expect(sites).toEqual(
      [
        `src/memory.ts:${lineOf('src/memory.ts', 'decision.commit(')}`,
        `src/memory.ts:${lineOf('src/memory.ts', 'execution.store(')}`,
        `src/memory.ts:${lineOf('src/memory.ts', 'plans.record(')}`,
        `src/memory.ts:${lineOf('src/memory.ts', 'bridge.promote(')}`,
        `src/tools/risk.ts:${lineOf('src/tools/risk.ts', 'decision.commit(')}`,
        // The agent's calls to AgentMemory's @memoryWrite wrappers are sites too.
        ...sitesIn(AGENT, ['memory.rememberUserIntent(', 'memory.storeToolResult(', 'memory.recordPlan(', 'promoter.promote(']),
        // The demo's later steps (memories, typed memory, the guarded task): built into the page, run in Node only.
        ...['src/demo/scenario.ts', 'src/demo/typed-steps.ts'].flatMap((f) =>
          sitesIn(f, ['memories.propose(', 'memories.update(', 'execution.store(']),
        ),
      ].sort(),
    )
  })

  it('keeps the chain across a reload (IndexedDB) and it still verifies in the page', async () => {
    await page.reload()
    const again = await demoState(page)
    expect(again.error).toBeUndefined()
    expect(again.ranScenario).toBe(false)
    expect(again.hashes).toEqual(first.hashes)
    expect(again.receipts).toEqual(first.receipts)
    expect(again.verify).toEqual({ ok: true, checked: first.receipts.length, firstFailure: null })
    expect(await page.locator('#status').textContent()).toContain('from an earlier visit')
  })

  it('"Start over" deletes the database and runs the scenario again on a new chain', async () => {
    await Promise.all([page.waitForEvent('load'), page.click('#reset')])
    const fresh = await demoState(page)
    expect(fresh.error).toBeUndefined()
    expect(fresh.ranScenario).toBe(true)
    expect(fresh.hashes).not.toEqual(first.hashes)
    expect(fresh.receipts.map((r) => [r.op, r.at])).toEqual(first.receipts.map((r) => [r.op, r.at]))
    expect(fresh.verify?.ok).toBe(true)
  })

  it('the same build with a fresh profile starts a new chain', async () => {
    const other = await browser.newContext()
    try {
      const p = await other.newPage()
      await p.goto(url)
      const s = await demoState(p)
      expect(s.ranScenario).toBe(true)
      expect(s.hashes).not.toEqual(first.hashes)
      expect(s.receipts.map((r) => [r.op, r.at])).toEqual(first.receipts.map((r) => [r.op, r.at]))
    } finally {
      await other.close()
    }
  })
})
