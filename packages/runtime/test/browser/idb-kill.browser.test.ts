// Receipts acknowledged by flush() in Chromium survive the browser being killed (SIGKILL of the whole
// process group, no shutdown): relaunched on the same profile, the store reopens, holds them and verifies.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildAndServe, launchKillableChromium, type KillableChromium, type ServedPage } from './harness'

let served: ServedPage
let profile: string
let running: KillableChromium | undefined

beforeAll(async () => {
  served = await buildAndServe(join(import.meta.dirname, 'page-customs'))
  profile = mkdtempSync(join(tmpdir(), 'mc-chromium-profile-'))
})

afterAll(async () => {
  await running?.kill()
  await served?.close()
  rmSync(profile, { recursive: true, force: true })
})

async function openPage(c: KillableChromium) {
  const context = c.browser.contexts()[0]!
  const page = await context.newPage()
  await page.goto(served.url)
  await page.waitForFunction(() => window.__ready === true, null, { timeout: 30_000 })
  return page
}

it('keeps flushed receipts when Chromium is killed right after flush() resolved', async () => {
  running = await launchKillableChromium(profile)
  let page = await openPage(running)
  const written = await page.evaluate(() => window.mcCustoms.writeAndKeepOpen('kill-check', 500))
  expect(written).toMatchObject({ ok: true, size: 500 })
  await running.kill() // no close(), no unload: the browser dies the moment flush() said "durable"
  running = undefined

  running = await launchKillableChromium(profile)
  page = await openPage(running)
  const reopened = await page.evaluate(() => window.mcCustoms.reopenAndVerify('kill-check'))
  expect(reopened).toMatchObject({ ok: true, size: 500, verify: { ok: true, checked: 500 }, n: 499, note: 'note 498 é😀' })
})
