// Erasure in real headless Chromium through the built package: IndexedDB journal, IndexedDB key provider (AES-KW
// wrapped keys), values written for a subject, forget({ subject }), and reads after each reload: the subject's
// value is ERASED, the others read back, and the chain verifies with the erased record counted.
import { join } from 'node:path'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildAndServe, launchChromium, openTab, type ServedPage } from './harness'

let served: ServedPage
let browser: Browser
let context: BrowserContext
const pageErrors: string[] = []

beforeAll(async () => {
  served = await buildAndServe(join(import.meta.dirname, 'page-erasure'))
  browser = await launchChromium()
  context = await browser.newContext()
})

afterAll(async () => {
  await browser?.close()
  await served?.close()
})

describe('erasure in Chromium', () => {
  it('forgets a subject on IndexedDB; the erasure survives reloads and the chain verifies', async () => {
    const tab = await openTab(context, served.url, pageErrors)
    const name = `erasure-${Date.now()}`
    const ids = await tab.evaluate((n) => window.mcErasure.write(n), name)
    const reload = async () => {
      await tab.reload()
      await tab.waitForFunction(() => window.__ready === true)
    }
    await reload()
    const before = await tab.evaluate(([n, i]) => window.mcErasure.read(n, i), [name, ids] as const)
    expect(before.alice).toEqual({ ok: 'Alice lives at 12 Rue de la Paix.' })

    await reload()
    const forgot = await tab.evaluate((n) => window.mcErasure.forget(n), name)
    expect(forgot).toMatchObject({ op: 'FORGET', shredded: [ids.alice] })
    expect(forgot.reason).not.toContain('alice')

    await reload()
    const after = await tab.evaluate(([n, i]) => window.mcErasure.read(n, i), [name, ids] as const)
    expect(after.alice).toEqual({ error: 'ErasedError', code: 'ERASED', id: ids.alice })
    expect(after.bob).toEqual({ ok: 'Bob lives in Oslo.' })
    expect(after.none).toEqual({ ok: 'The office closes at six.' })
    expect(after.list.sort()).toEqual([ids.bob, ids.none].sort())
    expect(after.verify).toMatchObject({ ok: true, erased: 1 })
    expect(pageErrors).toEqual([])
  })
})
