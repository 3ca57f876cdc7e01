// The IndexedDB key provider in real headless Chromium: keys survive a reload byte for byte, the stored
// records hold only AES-KW-wrapped secrets under a non-extractable CryptoKey, and damage is a typed error.
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importKeys, toBase64Url } from '../../src/keys/keyset'
import { toBase64, toHex } from '../../src/crypto/hash'
import { secretsOf } from '../keys/helpers'
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

const CHAIN = '2a8d032effa832a85267738d08f61c18'

/** Every byte array in a dumped record (the page turns ArrayBuffers and typed arrays into `{ bytes }`). */
function byteArrays(v: unknown, out: number[][] = []): number[][] {
  if (Array.isArray(v)) for (const x of v) byteArrays(x, out)
  else if (typeof v === 'object' && v !== null) {
    if (Array.isArray((v as { bytes?: unknown }).bytes)) out.push((v as { bytes: number[] }).bytes)
    else for (const x of Object.values(v)) byteArrays(x, out)
  }
  return out
}

function contains(hay: number[], needle: Uint8Array): boolean {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer
    return true
  }
  return false
}

describe('IndexedDB key provider in Chromium', () => {
  let tab: Page
  let text: string

  it('saves a key set and loads the same bytes after a reload', async () => {
    tab = await openTab(context, served.url, pageErrors)
    expect(await tab.evaluate((c) => window.mcKeys.load(c), CHAIN)).toEqual({ ok: null })
    text = await tab.evaluate((c) => window.mcKeys.generate(c), CHAIN)
    expect(JSON.parse(text).checkpoint.alg).toBe('ed25519')
    expect(await tab.evaluate(([c, t]) => window.mcKeys.save(c, t), [CHAIN, text] as const)).toEqual({})
    expect(await tab.evaluate((c) => window.mcKeys.load(c), CHAIN)).toEqual({ ok: text })

    await tab.reload()
    await tab.waitForFunction(() => window.__ready === true)
    expect(await tab.evaluate((c) => window.mcKeys.load(c), CHAIN)).toEqual({ ok: text })
    // A second tab of the same origin reads the same keys.
    const other = await openTab(context, served.url, pageErrors)
    expect(await other.evaluate((c) => window.mcKeys.load(c), CHAIN)).toEqual({ ok: text })
    await other.close()
  })

  it('keeps the witness in the same database across a reload', async () => {
    const w = { seq: 41, hash: 'ab'.repeat(32), mac: 'cd'.repeat(32) }
    expect(await tab.evaluate((c) => window.mcKeys.loadWitness(c), CHAIN)).toEqual({ ok: null })
    await tab.evaluate(([c, x]) => window.mcKeys.saveWitness(c, x), [CHAIN, w] as const)
    await tab.evaluate(([c, x]) => window.mcKeys.saveWitness(c, { ...x, seq: 42 }), [CHAIN, w] as const)
    await tab.reload()
    await tab.waitForFunction(() => window.__ready === true)
    expect(await tab.evaluate((c) => window.mcKeys.loadWitness(c), CHAIN)).toEqual({ ok: { ...w, seq: 42 } })
    expect(await tab.evaluate(([c, x]) => window.mcKeys.saveWitness(c, { ...x, seq: -1 }), [CHAIN, w] as const)).toMatchObject({
      code: 'KEYS_INVALID',
      field: 'seq',
    })
  })

  it('stores no raw key bytes: secrets are AES-KW-wrapped under a non-extractable CryptoKey', async () => {
    const keys = await importKeys(text)
    const raw = await tab.evaluate(() => window.mcKeys.raw())
    expect(Object.keys(raw.wrapping)).toEqual(['default'])
    expect(raw.wrapping.default).toEqual({
      cryptoKey: { type: 'secret', extractable: false, algorithm: { name: 'AES-KW', length: 256 }, usages: ['wrapKey', 'unwrapKey'] },
    })
    expect(Object.keys(raw.keysets)).toEqual([CHAIN])
    const rec = raw.keysets[CHAIN] as Record<string, any>
    expect(rec).toMatchObject({ v: 1, chain: CHAIN, wrap: 'AES-KW', checkpoint: { alg: 'ed25519' } })
    // A 32-byte secret is held as 4-byte length + 32 bytes + padding = 40 bytes; AES-KW adds its 8-byte check block.
    expect(rec.commit.bytes).toHaveLength(48)
    const arrays = byteArrays(raw)
    const strings = JSON.stringify(raw)
    // Control: the scan does find key bytes stored in the clear (the Ed25519 public key is not secret).
    const cp = keys.checkpoint
    if (cp.alg !== 'ed25519') throw new Error('Ed25519 expected in Chromium')
    expect(arrays.some((a) => contains(a, cp.publicKey))).toBe(true)
    for (const s of secretsOf(keys)) {
      for (const a of arrays) expect(contains(a, s)).toBe(false)
      for (const enc of [toBase64Url(s), toBase64(s), toHex(s)]) expect(strings).not.toContain(enc.slice(0, 16))
    }
    expect(raw.witness[CHAIN]).toEqual({ v: 1, seq: 42, hash: 'ab'.repeat(32), mac: 'cd'.repeat(32) })
  })

  it('a damaged wrapped key or a lost wrapping key is a typed error, never fresh keys', async () => {
    await tab.evaluate((c) => window.mcKeys.flipCommitBit(c), CHAIN)
    expect(await tab.evaluate((c) => window.mcKeys.load(c), CHAIN)).toMatchObject({
      name: 'KeyStoreError',
      code: 'KEYS_INVALID',
      field: 'commit',
      location: 'indexeddb:memory-customs-keys',
    })
    await tab.evaluate(() => window.mcKeys.dropWrappingKey())
    expect(await tab.evaluate((c) => window.mcKeys.load(c), CHAIN)).toMatchObject({ code: 'KEYS_INVALID', field: 'wrapping' })
    // Saving again creates a new wrapping key and the chain is readable again.
    await tab.evaluate(([c, t]) => window.mcKeys.save(c, t), [CHAIN, text] as const)
    expect(await tab.evaluate((c) => window.mcKeys.load(c), CHAIN)).toEqual({ ok: text })
  })

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([])
  })
})
