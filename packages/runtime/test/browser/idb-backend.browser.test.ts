// The IndexedDB backend in real headless Chromium: strict transactions, persistence across a reload, the
// Web Lock single writer across tabs, damaged records reported (not repaired).
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JournalEntry } from '../../src/storage/types'
import { sampleEntries } from '../storage/helpers'
import { buildAndServe, launchChromium, openTab, type ServedPage } from './harness'

let served: ServedPage
let browser: Browser
let context: BrowserContext
const pageErrors: string[] = []

beforeAll(async () => {
  served = await buildAndServe(join(import.meta.dirname, 'page-backend'))
  browser = await launchChromium()
  context = await browser.newContext()
})

afterAll(async () => {
  await browser?.close()
  await served?.close()
})

const weird: JournalEntry[] = [
  { t: 'meta', body: '{"format":"memory-customs/1"}' },
  { t: 'value', commit: 'c', body: 'line\nbreak \u0000 \ud800 é€😀 ' + 'x'.repeat(100_000) },
  { t: 'checkpoint', size: 0, note: 'origin\n0\n\n— sig' },
]

describe('IndexedDB backend in Chromium', () => {
  let tab: Page

  it('appends in strict transactions and reads everything back after a reload', async () => {
    tab = await openTab(context, served.url, pageErrors)
    const opened = await tab.evaluate(() => window.mcBackend.open('persist'))
    expect(opened).toMatchObject({
      report: {},
      kind: 'indexeddb',
      durability: 'idb-strict',
      location: 'indexeddb:persist',
      writerLock: 'web-locks',
    })
    expect(typeof (opened as { persisted: unknown }).persisted).toBe('boolean')
    const entries = [...weird, ...sampleEntries(300)]
    expect(await tab.evaluate(([e]) => window.mcBackend.append('persist', e), [entries.slice(0, 3)] as const)).toEqual({
      ok: true,
      commits: 1,
    })
    expect(await tab.evaluate(([e]) => window.mcBackend.append('persist', e), [entries.slice(3)] as const)).toEqual({
      ok: true,
      commits: 2,
    })
    expect(await tab.evaluate(() => window.mcBackend.read('persist'))).toEqual({ entries })

    // no close(): a reload is the tab going away; the Web Lock must be released with it
    await tab.reload()
    await tab.waitForFunction(() => window.__ready === true)
    expect(await tab.evaluate(() => window.mcBackend.open('persist'))).toMatchObject({ report: {}, writerLock: 'web-locks' })
    expect(await tab.evaluate(() => window.mcBackend.read('persist'))).toEqual({ entries })
    const more = sampleEntries(1, 301)
    await tab.evaluate(([e]) => window.mcBackend.append('persist', e), [more] as const)
    expect(await tab.evaluate(() => window.mcBackend.read('persist'))).toEqual({ entries: [...entries, ...more] })
  })

  it('lets one tab write: a second tab gets LOCKED until the first closes', async () => {
    const first = await openTab(context, served.url, pageErrors)
    const second = await openTab(context, served.url, pageErrors)
    expect(await first.evaluate(() => window.mcBackend.open('shared'))).toMatchObject({ writerLock: 'web-locks' })
    const refused = await second.evaluate(() => window.mcBackend.open('shared'))
    expect(refused).toMatchObject({ name: 'StorageBackendError', code: 'STORAGE', storageCode: 'LOCKED', location: 'indexeddb:shared' })
    expect((refused as { error: string }).error).toMatch(/already open for writing in another tab/)
    // other databases are not affected
    expect(await second.evaluate(() => window.mcBackend.open('other'))).toMatchObject({ writerLock: 'web-locks' })
    await first.evaluate(() => window.mcBackend.append('shared', [{ t: 'meta', body: '{}' }]))
    await first.evaluate(() => window.mcBackend.close('shared'))
    expect(await second.evaluate(() => window.mcBackend.open('shared'))).toMatchObject({ writerLock: 'web-locks' })
    expect(await second.evaluate(() => window.mcBackend.read('shared'))).toEqual({ entries: [{ t: 'meta', body: '{}' }] })
    await first.close()
    await second.close()
  })

  it('refuses a batch with a bad entry whole, and reports a damaged stored record as BAD_ENCODING', async () => {
    const t = await openTab(context, served.url, pageErrors)
    await t.evaluate(() => window.mcBackend.open('damaged'))
    await t.evaluate(([e]) => window.mcBackend.append('damaged', e), [sampleEntries(2)] as const)
    const bad = await t.evaluate(([e]) => window.mcBackend.append('damaged', e as never), [
      [...sampleEntries(1, 3), { t: 'receipt', seq: -1, hash: 'h', body: '{}' }],
    ] as const)
    expect(bad).toMatchObject({ storageCode: 'BAD_ENTRY' })
    expect(await t.evaluate(() => window.mcBackend.read('damaged'))).toEqual({ entries: sampleEntries(2) })
    await t.evaluate(() => window.mcBackend.close('damaged'))
    await t.evaluate(() => window.mcBackend.putRaw('damaged', { t: 'receipt', seq: 3, hash: 7, body: '{}' }))
    await t.evaluate(([e]) => window.mcBackend.putRaw('damaged', e), [sampleEntries(1, 4)[1]] as const)
    await t.evaluate(() => window.mcBackend.open('damaged'))
    const read = await t.evaluate(() => window.mcBackend.read('damaged'))
    expect(read).toMatchObject({
      entries: sampleEntries(2),
      name: 'JournalCorruptError',
      storageCode: 'BAD_ENCODING',
      record: 5,
      afterSeq: 2,
    })
    await t.close()
  })

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([])
  })
})
