// A Vite app in real Chromium that never mentions sql.js's wasm: a fresh project installs memory-customs from its
// packed tarball, `vite build` emits the runtime's sql-wasm.wasm as an asset on its own (from the package's
// `new URL('./sql-wasm.wasm', import.meta.url)`), and the page opens an IndexedDB store with it. When the server
// answers that URL with an HTML page (a 404, or an SPA fallback with status 200), createCustoms rejects with a
// WasmLoadError naming the URL and what to pass, not with sql.js's `expected magic word 00 61 73 6d`.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext } from 'playwright-core'
import { createServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshProject, packTarballs, type FreshProject } from '../packaging/fresh-project'
import { buildAndServe, launchChromium, openTab, type ServedPage } from './harness'
import type { PageResult } from './page-wasm/main'

const pageDir = join(import.meta.dirname, 'page-wasm')
const HTML_PAGE = '<!doctype html><html><head><title>Not Found</title></head><body>Not Found</body></html>'

let scratch: string
let project: FreshProject
let served: ServedPage
let browser: Browser
let context: BrowserContext
const pageErrors: string[] = []

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'mc-wasm-page-tarballs-'))
  const { 'memory-customs': runtime } = packTarballs(scratch)
  project = freshProject(
    'wasm-page',
    { 'memory-customs': runtime },
    {
      'package.json': JSON.stringify({ name: 'wasm-page', private: true, type: 'module' }),
    },
  )
  cpSync(pageDir, project.dir, { recursive: true })
  served = await buildAndServe(project.dir)
  browser = await launchChromium()
  context = await browser.newContext()
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await served?.close()
  if (project) rmSync(project.dir, { recursive: true, force: true })
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

async function load(url = served.url): Promise<PageResult> {
  const tab = await openTab(context, url, pageErrors)
  try {
    return (await tab.evaluate(() => window.__zeroConfigResult))!
  } finally {
    await tab.close()
  }
}

describe('sql.js wasm in a Vite app without any wasm import', () => {
  it('the app source names no wasm, and vite build emits the one the runtime ships', () => {
    for (const file of ['index.html', 'main.ts']) {
      const code = readFileSync(join(pageDir, file), 'utf8').replace(/^\s*\/\/.*$/gm, '')
      expect(code).not.toMatch(/wasm|sql\.js|sqlJs|locateFile/i)
    }
    const assets = readdirSync(join(served.outDir, 'assets'))
    const wasm = assets.filter((f) => f.endsWith('.wasm'))
    expect(wasm).toHaveLength(1)
    const shipped = readFileSync(join(project.dir, 'node_modules/memory-customs/dist/sql-wasm.wasm'))
    expect(readFileSync(join(served.outDir, 'assets', wasm[0]!)).equals(shipped)).toBe(true)
  })

  it('opens an IndexedDB store, writes, verifies', async () => {
    expect(await load()).toEqual({ value: 'conservative', ok: true, receipts: 1 })
    expect(pageErrors).toEqual([])
  })

  for (const [status, what] of [
    [404, 'answered HTTP 404 Not Found'],
    [200, 'is an HTML page, not WebAssembly'],
  ] as const) {
    it(`an HTML page with status ${status} where the wasm should be is a WasmLoadError saying what to pass`, async () => {
      await context.route('**/*.wasm', (route) => route.fulfill({ status, contentType: 'text/html', body: HTML_PAGE }))
      try {
        const result = await load()
        expect('error' in result).toBe(true)
        const { error } = result as Extract<PageResult, { error: unknown }>
        expect(error.name).toBe('WasmLoadError')
        expect(error.code).toBe('STORAGE')
        expect(error.rule).toBe('storage.wasm')
        expect(error.message).toMatch(/sql\.js's WebAssembly from http:\/\/127\.0\.0\.1:\d+\/assets\/sql-wasm-[\w-]+\.wasm /)
        expect(error.message).toContain(what)
        expect(error.message).toContain('pass sqlJs: { locateFile: () => url }')
        expect(error.message).toContain('or its bytes as sqlJs: { wasmBinary }')
        expect(error.message).not.toContain('magic word')
      } finally {
        await context.unroute('**/*.wasm')
      }
      // The failed load was never handed to sql.js, so the same page loads fine once the file is right.
      expect(await load()).toEqual({ value: 'conservative', ok: true, receipts: 1 })
    })
  }

  it('works under the Vite dev server too, where the dependency optimizer moves the runtime code', async () => {
    const dev = await createServer({
      root: project.dir,
      configFile: false,
      logLevel: 'warn',
      server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
    })
    try {
      await dev.listen()
      const wasmRequests: string[] = []
      const record = (request: { url(): string }) => void (request.url().endsWith('.wasm') && wasmRequests.push(request.url()))
      context.on('requestfinished', record)
      try {
        expect(await load(dev.resolvedUrls!.local[0]!)).toEqual({ value: 'conservative', ok: true, receipts: 1 })
      } finally {
        context.off('requestfinished', record)
      }
      expect(wasmRequests).toEqual([expect.stringMatching(/\/node_modules\/memory-customs\/dist\/sql-wasm\.wasm$/)])
    } finally {
      await dev.close()
    }
  })
})
