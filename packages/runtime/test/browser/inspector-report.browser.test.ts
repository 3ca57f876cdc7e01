// The static report as a person reads it: a real store's ReportData rendered by the inspector UI in Chromium.
// Each step waits for its text, takes a screenshot that must show a rendered page, and the page passes axe-core
// (no serious or critical violation) and can be used with the keyboard alone.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ReportData } from '../../src/inspector/model.js'
import { poolsAtSeq } from '../../src/inspector/ui/replay.js'
import { launchChromium } from './harness'
import { buildReportData, renderReportHtml, sitesOnlyReport } from '../../src/report.js'
import { reportStore, SITES } from './inspector/report-store'
import { axe, buildInspectorBundle, bundleText, screenshotDir, serious, shot, unreachableByTab } from './inspector/page-tools'

let dir: string
let shots: string
let browser: Browser
let pages: { report: string; otherVersion: string; build: string }
let data: ReportData
let seqs: Awaited<ReturnType<typeof reportStore>>['seqs']

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mc-inspector-report-'))
  shots = screenshotDir(join(dir, 'shots'))
  // The bundle built from the package's own Vite config, the data by the report command's builder and the page by
  // its renderer: report.html exactly as `memory-customs report --reveal` writes it, opened from disk.
  const bundle = bundleText(await buildInspectorBundle(join(dir, 'bundle')))
  const store = await reportStore()
  seqs = store.seqs
  data = await buildReportData(store.customs, { sites: SITES, reveal: true })
  await store.customs.close()
  const write = (name: string, report: ReportData) => {
    writeFileSync(join(dir, name), renderReportHtml(report, { bundle }))
    return pathToFileURL(join(dir, name)).href
  }
  pages = {
    report: write('report.html', data),
    otherVersion: write('other-version.html', { ...data, version: 99 as 1 }),
    // What the build plugin's `report: true` writes: the build's sites, no store.
    build: write('build.html', sitesOnlyReport(SITES)),
  }
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  rmSync(dir, { recursive: true, force: true })
})

async function open(url: string, colorScheme: 'light' | 'dark' = 'light'): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme })
  page.setDefaultTimeout(15_000)
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  await page.goto(url)
  return { page, errors }
}

const view = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name })

describe('static report', () => {
  test('shows sites, receipts, a receipt, the time slider, charts, verify and checkpoints', async () => {
    const { page, errors } = await open(pages.report)
    const fails: string[] = []
    const a11y = async (step: string) => fails.push(...serious(await axe(page)).map((v) => `${step}: ${v.id} (${v.help})`))

    // Sites: five, four fired, the never-called one marked in words.
    await shot(page, shots, 'report-sites', '5 instrumented sites; 4 fired')
    const unfired = page.getByRole('row').filter({ hasText: 'src/agent.ts:55:5' })
    await expect(unfired.getByText('0 · not fired').isVisible()).resolves.toBe(true)
    await expect(page.getByRole('row').filter({ hasText: 'src/agent.ts:20:5' }).textContent()).resolves.toMatch(/2 \(last #6\)/)
    await expect(page.getByText('✓ Chain verified · 10 receipts').isVisible()).resolves.toBe(true)
    await a11y('sites')
    await page.getByLabel('Only sites that never fired').check()
    await page.getByText('Agent.forgetUser').waitFor()
    await expect(page.getByRole('row').count()).resolves.toBe(2) // header + the one site

    // Receipts: all ten, newest first; the refused one carries its code; filters narrow it.
    await view(page, /^Receipts/).click()
    await shot(page, shots, 'report-receipts', '10 receipts.')
    const refusedRow = page.getByRole('row').filter({ hasText: `#${seqs.refused}` })
    await expect(refusedRow.textContent()).resolves.toContain('REFUSED WRITE_ONCE')
    await a11y('receipts')
    await page.getByLabel('Op', { exact: true }).selectOption('COMMIT')
    await page.getByText('3 receipts of 10.').waitFor()
    await page.getByLabel('Key', { exact: true }).fill('budget')
    await page.getByText('2 receipts of 10.').waitFor()

    // One receipt: the budget raise, with its site and the value diff (the report was built with values).
    await page.getByRole('button', { name: `Open receipt ${seqs.budgetRaised}`, exact: true }).click()
    const detail = page.getByRole('region', { name: new RegExp(`Receipt #${seqs.budgetRaised}`) })
    await detail.waitFor()
    await shot(page, shots, 'report-receipt', `Receipt #${seqs.budgetRaised} · COMMIT`)
    await expect(detail.textContent()).resolves.toContain('src/agent.ts:40:5 in Agent.budget()')
    await expect(detail.locator('.diff-removed').allTextContents()).resolves.toEqual(['−   "limit": 100\n'])
    await expect(detail.locator('.diff-added').allTextContents()).resolves.toEqual(['+   "limit": 250\n'])
    await a11y('receipt detail')
    await detail.getByRole('button', { name: 'Close receipt' }).click()
    await detail.waitFor({ state: 'detached' })

    // Time slider: starts at the head; Home goes to receipt 1 (only riskProfile), the arrow keys step.
    await view(page, /^Time slider/).click()
    await page.getByText('Pools after #10: 5 entries').waitFor()
    const slider = page.getByLabel('After receipt')
    await slider.focus()
    await page.keyboard.press('Home')
    await page.getByText('Pools after #1: 1 entry').waitFor()
    for (let i = 1; i < seqs.promoted; i++) await page.keyboard.press('ArrowRight')
    await page.getByText(`Pools after #${seqs.promoted}: `).waitFor()
    const expected = poolsAtSeq(data.receipts, seqs.promoted).entries.map((e) => `${e.pool} ${e.key}`)
    expect(expected).toEqual([
      'decision budget',
      'decision quote',
      'decision riskProfile',
      'execution portfolio.quote/call-7',
      'plans plan-3',
    ])
    const rows = await page.locator('table tbody tr').evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.querySelectorAll('td')]
          .slice(0, 2)
          .map((td) => td.textContent)
          .join(' '),
      ),
    )
    expect(rows).toEqual(expected)
    await shot(page, shots, 'report-time', `#${seqs.promoted} of 10`)
    await a11y('time slider')

    // Charts: one row per key and per source, drawn as bars with a text equivalent.
    await view(page, /^Charts/).click()
    await shot(page, shots, 'report-charts', 'Receipts per key')
    const keys = await page.locator('#chart-keys-title + table tbody th').allTextContents()
    expect(keys).toEqual(expect.arrayContaining(['budget', 'riskProfile', 'portfolio.quote/call-8', '(no key)']))
    expect(await page.locator('svg.spark rect').count()).toBeGreaterThan(10)
    await expect(page.getByRole('img', { name: /^budget: 2 receipts/ }).count()).resolves.toBe(1)
    await a11y('charts')

    // Refused writes, verify, checkpoints.
    await view(page, /^Refused/).click()
    await page.getByRole('heading', { name: 'Refused writes' }).waitFor()
    await expect(page.locator('table tbody tr').count()).resolves.toBe(1)
    await view(page, /^Verify/).click()
    await page.getByText('Checked 10 receipts').waitFor()
    await view(page, /^Checkpoints/).click()
    await shot(page, shots, 'report-checkpoints', data.checkpoints[0]!.root)
    await a11y('checkpoints')

    expect(fails).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  test('every control is reachable with Tab and works with Enter and Space', async () => {
    const { page, errors } = await open(pages.report)
    await page.getByText('5 instrumented sites').waitFor()
    expect(await unreachableByTab(page)).toEqual([])
    // Enter on a view button switches the view; Space on a receipt's button opens it; focus moves to its heading.
    await view(page, /^Receipts/).focus()
    await page.keyboard.press('Enter')
    await page.getByText('10 receipts.').waitFor()
    expect(await unreachableByTab(page)).toEqual([])
    await page.getByRole('button', { name: 'Open receipt 3', exact: true }).focus()
    await page.keyboard.press('Space')
    await page.getByRole('heading', { name: /Receipt #3 · STORE/ }).waitFor()
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('detail-title')
    expect(await unreachableByTab(page)).toEqual([])
    await page.getByRole('button', { name: 'Close receipt' }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: /Receipt #3/ }).waitFor({ state: 'detached' })
    // Focus is back on the row's button the receipt was opened from.
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Open receipt 3')
    // The time slider with arrow keys, then the other views, each walked with Tab.
    for (const name of [/^Time slider/, /^Charts/, /^Refused/, /^Verify/, /^Checkpoints/, /^Sites/]) {
      await view(page, name).focus()
      await page.keyboard.press('Space')
      await expect(view(page, name).getAttribute('aria-current')).resolves.toBe('page')
      expect(await unreachableByTab(page)).toEqual([])
    }
    // The focused control is visibly outlined (not only by color of text).
    await view(page, /^Receipts/).focus()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Shift+Tab')
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)
    expect(outline).toBe('solid')
    expect(errors).toEqual([])
    await page.close()
  })

  test('dark color scheme passes axe too', async () => {
    const { page, errors } = await open(pages.report, 'dark')
    await page.getByText('5 instrumented sites').waitFor()
    await shot(page, shots, 'report-sites-dark', '5 instrumented sites')
    const fails = serious(await axe(page))
    await view(page, /^Receipts/).click()
    await page.getByRole('button', { name: `Open receipt ${seqs.budgetRaised}`, exact: true }).click()
    await page.getByRole('heading', { name: new RegExp(`Receipt #${seqs.budgetRaised}`) }).waitFor()
    fails.push(...serious(await axe(page)))
    expect(fails).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  test('a build report lists the sites only, none fired yet', async () => {
    const { page, errors } = await open(pages.build)
    await page.getByText('5 instrumented sites; 0 fired, 5 not fired (written at build time').waitFor()
    await expect(page.getByRole('navigation', { name: 'Views' }).getByRole('button').allTextContents()).resolves.toEqual(['Sites (5)'])
    await expect(page.getByText('Chain verified').count()).resolves.toBe(0)
    await expect(page.getByText('0 · not fired').count()).resolves.toBe(5)
    expect(serious(await axe(page))).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  test('a report of another model version says so instead of rendering', async () => {
    const { page } = await open(pages.otherVersion)
    await page.getByRole('alert').waitFor()
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/understands inspector data version 1, but was given version 99/)
    await page.close()
  })
})
