// The file `memory-customs report` writes, opened from disk in Chromium as a person would open a CI artifact: it
// renders the store's sites, receipts and verify result from the HTML alone, requests nothing but the file itself
// (every other request is aborted and recorded), passes axe-core, and a screenshot shows the rendered page.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { main } from '../../src/cli/main'
import { createCustoms } from '../../src/index'
import { __mc$d, __mc$p, __mc$r, resetProbeState, type SiteMeta } from '../../src/probe'
import { launchChromium } from './harness'
import { axe, screenshotDir, serious, shot } from './inspector/page-tools'

let work: string
let store: string
let keys: string
let browser: Browser

/** A site table as the plugin emits it for `customs.decision.commit(...)` at `file:line:3`. */
function table(file: string, line: number, fn: string) {
  const site: SiteMeta = {
    file,
    line,
    column: 3,
    fn,
    callee: 'customs.decision.commit',
    rule: 'MW-1',
    key: null,
    keyKind: 'dynamic',
    keyIndex: 0,
    valueIndex: 1,
  }
  function __mc$t(): ReturnType<typeof __mc$r> {
    const self = __mc$t as unknown as { v?: ReturnType<typeof __mc$r> }
    return self.v || (self.v = __mc$r(file, [site]))
  }
  return __mc$t
}

beforeAll(async () => {
  resetProbeState()
  work = mkdtempSync(path.join(tmpdir(), 'mc-report-cli-'))
  store = path.join(work, 'store')
  keys = path.join(work, 'keys')
  const c = await createCustoms({
    storage: { file: store },
    keyStore: { dir: keys },
    decision: { schemas: { intent: z.string(), budget: z.number() }, writeOnce: ['intent'] },
  })
  const planner = table('src/planner.ts', 20, 'plan')
  type Args = [string, unknown, { source: 'user' | 'plan' }]
  const commit = (...args: Args) => __mc$d(planner, 0, c.decision.commit(...(__mc$p(planner, 0, args) as Args)))
  commit('intent', 'book a quiet hotel', { source: 'user' })
  for (let i = 0; i < 6; i++) commit('budget', 100 * (i + 1), { source: 'plan' })
  expect(() => commit('intent', 'book the cheapest hotel', { source: 'plan' })).toThrow(/WRITE_ONCE|write-once/i)
  resetProbeState()
  c.execution.store('web.fetch', 'call-1', { page: 'one' })
  await c.close()
  const manifest = {
    files: [
      {
        file: 'src/planner.ts',
        sites: [{ line: 20, column: 3, fn: 'plan', callee: 'customs.decision.commit', rule: 'MW-1', key: null, keyKind: 'dynamic' }],
      },
      {
        file: 'src/unused.ts',
        sites: [{ line: 7, column: 5, fn: 'save', callee: 'memory.save', rule: 'MW-1', key: 'prefs', keyKind: 'static' }],
      },
    ],
  }
  writeFileSync(path.join(work, 'memory-customs.sites.json'), JSON.stringify(manifest))
  let stderr = ''
  const io = {
    stdout: { write: () => true },
    stderr: { write: (s: string) => (stderr += s) },
    env: { MEMORY_CUSTOMS_KEY_DIR: keys },
    cwd: work,
  }
  const code = await main(['report', '--store', store, '--out', 'report.html', '--sites', 'memory-customs.sites.json'], io)
  expect(code, stderr).toBe(0)
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('report.html from the CLI', () => {
  test('renders sites, receipts and verify from the file alone, with no network request', async () => {
    const file = pathToFileURL(path.join(work, 'report.html')).href
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const attempted: string[] = []
    await context.route('**/*', (route) => {
      const url = route.request().url()
      if (url === file) return route.continue()
      attempted.push(url)
      return route.abort()
    })
    const page = await context.newPage()
    const requested: string[] = []
    page.on('request', (r) => requested.push(r.url()))
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(String(e)))
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
    await page.goto(file)

    const shots = screenshotDir(path.join(work, 'shots'))
    await shot(page, shots, 'report-cli-sites', '2 instrumented sites; 1 fired')
    await expect(page.getByText('✓ Chain verified · 9 receipts').first().isVisible()).resolves.toBe(true)
    await expect(page.getByRole('row').filter({ hasText: 'src/planner.ts:20' }).first().isVisible()).resolves.toBe(true)
    await expect(page.getByRole('row').filter({ hasText: 'src/unused.ts:7' }).textContent()).resolves.toContain('not fired')
    expect(serious(await axe(page))).toEqual([])

    await page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: /^Receipts/ })
      .click()
    await shot(page, shots, 'report-cli-receipts', '9 receipts.')
    await expect(page.getByRole('row').filter({ hasText: '#8' }).textContent()).resolves.toContain('REFUSED WRITE_ONCE')
    expect(serious(await axe(page))).toEqual([])

    expect(attempted).toEqual([])
    expect(requested).toEqual([file])
    expect(errors).toEqual([])
    await context.close()
  })
})
