// The Customs contract suite in headless Chromium on IndexedDB, through the built `memory-customs` bundled by
// Vite (sql.js from its browser build). Then persistence across a reload, and a second tab following the first.
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contractCases } from '../contract/suite'
import { buildAndServe, launchChromium, openTab, type ServedPage } from './harness'

let served: ServedPage
let browser: Browser
let context: BrowserContext
let page: Page
const pageErrors: string[] = []

beforeAll(async () => {
  served = await buildAndServe(join(import.meta.dirname, 'page-customs'))
  browser = await launchChromium()
  context = await browser.newContext()
  page = await openTab(context, served.url, pageErrors)
})

afterAll(async () => {
  await browser?.close()
  await served?.close()
})

describe('contract (IndexedDB in Chromium)', () => {
  it('the page runs the same cases as Node', async () => {
    expect(await page.evaluate(() => window.mcCustoms.caseNames())).toEqual(contractCases.map((c) => c.name))
  })
  contractCases.forEach((tc, index) => {
    it(tc.name, async () => {
      const result = await page.evaluate((i) => window.mcCustoms.runCase(i), index)
      if (!result.ok) throw new Error(`in Chromium: ${result.error}`)
    })
  })
})

describe('IndexedDB persistence and a second tab', () => {
  it('keeps the receipts across a reload: same state, and the chain verifies', async () => {
    const written = await page.evaluate(() => window.mcCustoms.writeAndKeepOpen('reload-check', 300))
    expect(written).toMatchObject({ ok: true, size: 300, n: 299, note: 'note 297 é😀' })
    // reload without close(): the tab goes away with the Customs still open
    await page.reload()
    await page.waitForFunction(() => window.__ready === true)
    const reopened = await page.evaluate(() => window.mcCustoms.reopenAndVerify('reload-check'))
    expect(reopened).toMatchObject({ ok: true, size: 300, verify: { ok: true, checked: 300 }, n: 299, note: 'note 297 é😀' })
    const expectedSeqs = Array.from({ length: 300 }, (_, i) => i + 1).filter((s) => (s - 1) % 3 !== 0)
    expect((reopened as { historySeqs: number[] }).historySeqs).toEqual(expectedSeqs)
  })

  it('a second tab on the same database follows the first (no LOCKED where Web Locks and BroadcastChannel exist)', async () => {
    const second = await openTab(context, served.url, pageErrors)
    const follower = await second.evaluate(() => window.mcCustoms.reopenAndVerify('reload-check'))
    expect(follower).toMatchObject({ ok: true, size: 300, verify: { ok: true, checked: 300 }, n: 299 })
    await page.evaluate(() => window.mcCustoms.close('reload-check'))
    await second.evaluate(() => window.mcCustoms.close('reload-check'))
    await second.close()
  })

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([])
  })
})
