// Subject keys (docs/erasure.md) in the IndexedDB key provider, in real headless Chromium: they are stored
// AES-KW-wrapped like every secret, come back byte for byte after a reload, and a key destroyed by forget is gone
// from the stored record (only its tombstone, a key id and a keyed tag, remains).
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportKeys, importKeys, newSubjectKey, newSubjectKeyId, toBase64Url } from '../../src/keys/keyset'
import { toBase64, toHex } from '../../src/crypto/hash'
import { buildAndServe, launchChromium, openTab, type ServedPage } from './harness'

let served: ServedPage
let browser: Browser
let context: BrowserContext
const pageErrors: string[] = []

beforeAll(async () => {
  served = await buildAndServe(join(import.meta.dirname, 'page-keys'))
  browser = await launchChromium()
  context = await browser.newContext()
})

afterAll(async () => {
  await browser?.close()
  await served?.close()
})

const CHAIN = '5b1d0c3effa832a85267738d08f61c18'
const TAG = 'T'.repeat(43)

function contains(hay: number[], needle: Uint8Array): boolean {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer
    return true
  }
  return false
}

function byteArrays(v: unknown, out: number[][] = []): number[][] {
  if (Array.isArray(v)) for (const x of v) byteArrays(x, out)
  else if (typeof v === 'object' && v !== null) {
    if (Array.isArray((v as { bytes?: unknown }).bytes)) out.push((v as { bytes: number[] }).bytes)
    else for (const x of Object.values(v)) byteArrays(x, out)
  }
  return out
}

describe('subject keys in the IndexedDB key provider', () => {
  let tab: Page

  it('stores a subject key wrapped, loads it back after a reload, and forgets it for good', async () => {
    tab = await openTab(context, served.url, pageErrors)
    const keys = await importKeys(await tab.evaluate((c) => window.mcKeys.generate(c), CHAIN))
    keys.subjects = { keys: {}, tags: {}, erased: {} }
    const kid = newSubjectKeyId(keys.encryption.keys, keys.subjects)
    const key = newSubjectKey()
    keys.subjects.keys[kid] = key
    keys.subjects.tags[TAG] = kid
    const text = exportKeys(keys)
    expect(await tab.evaluate(([c, t]) => window.mcKeys.save(c, t), [CHAIN, text] as const)).toEqual({})
    await tab.reload()
    await tab.waitForFunction(() => window.__ready === true)
    expect(await tab.evaluate((c) => window.mcKeys.load(c), CHAIN)).toEqual({ ok: text })

    const stored = await tab.evaluate(() => window.mcKeys.raw())
    const rec = stored.keysets[CHAIN] as Record<string, any>
    expect(Object.keys(rec.subjects.keys)).toEqual([kid])
    expect(rec.subjects.tags).toEqual({ [TAG]: kid })
    const arrays = byteArrays(stored)
    const strings = JSON.stringify(stored)
    for (const a of arrays) expect(contains(a, key)).toBe(false)
    for (const enc of [toBase64Url(key), toBase64(key), toHex(key)]) expect(strings).not.toContain(enc.slice(0, 16))

    // Forget: the key set saved without the key, with its tombstone.
    delete keys.subjects.keys[kid]
    delete keys.subjects.tags[TAG]
    keys.subjects.erased[kid] = TAG
    const after = exportKeys(keys)
    expect(await tab.evaluate(([c, t]) => window.mcKeys.save(c, t), [CHAIN, after] as const)).toEqual({})
    await tab.reload()
    await tab.waitForFunction(() => window.__ready === true)
    expect(await tab.evaluate((c) => window.mcKeys.load(c), CHAIN)).toEqual({ ok: after })
    const gone = (await tab.evaluate(() => window.mcKeys.raw())).keysets[CHAIN] as Record<string, any>
    expect(gone.subjects).toEqual({ keys: {}, tags: {}, erased: { [kid]: TAG } })
    expect(pageErrors).toEqual([])
  })
})
