// Running a benchmark page in the system Chromium: a Vite build, then a static server on 127.0.0.1 (random port)
// whose COOP/COEP headers make the page cross-origin isolated, which gives it the finer performance.now() the
// browser benchmarks time with.
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.map': 'application/json',
}

/** Serves the files under `root`; resolves with the listening server. */
function serveIsolated(root) {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^([/\\])+/, '')
    const file = join(root, path)
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found')
      return
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'no-store',
    })
    createReadStream(file).pipe(res)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve(server))
  })
}

// The same override as the browser tests (packages/runtime/test/browser/chromium.ts).
export const CHROMIUM = process.env.MEMORY_CUSTOMS_CHROMIUM || '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]

/**
 * Builds the benchmark page in `pageDir` with Vite, serves it cross-origin isolated, opens it in the system
 * Chromium at `index.html?<search>` and waits for the page to set `window.__benchResult` (or `__benchError`, which
 * is thrown). Returns the result, the page's uncaught errors and the URL; everything is torn down before it returns.
 */
export async function runBenchPage({ pageDir, search, timeoutMs, log = () => {} }) {
  const { chromium } = await import('playwright-core')
  const { build } = await import('vite')
  const outDir = mkdtempSync(join(tmpdir(), 'mc-bench-page-'))
  let server
  let browser
  try {
    await build({
      root: pageDir,
      configFile: false,
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, target: 'es2022', reportCompressedSize: false },
    })
    server = await serveIsolated(outDir)
    const url = `http://127.0.0.1:${server.address().port}/index.html?${search}`
    log(`  serving ${outDir} at ${url}`)
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true })
    const page = await browser.newPage()
    const pageErrors = []
    page.on('pageerror', (e) => pageErrors.push(String(e)))
    // The page runs its timings as its module loads: waiting for the load event would put them under goto's 30 s limit.
    await page.goto(url, { waitUntil: 'commit' })
    await page.waitForFunction(() => window.__benchResult || window.__benchError, null, { timeout: timeoutMs, polling: 500 })
    const error = await page.evaluate(() => window.__benchError)
    if (error) throw new Error(`the page failed: ${error}`)
    return { result: await page.evaluate(() => window.__benchResult), pageErrors, url }
  } finally {
    await browser?.close()
    await new Promise((resolve) => (server ? server.close(resolve) : resolve()))
    rmSync(outDir, { recursive: true, force: true })
  }
}
