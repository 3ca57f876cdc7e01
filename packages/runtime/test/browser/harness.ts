// Builds a test page with Vite, serves it from 127.0.0.1 and drives the system Chromium with playwright-core.
// No network: the page and its assets (sql.js wasm included) are served by the local static server.
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { build } from 'vite'
import { CHROMIUM } from './chromium'

// Debian's /usr/bin/chromium unless MEMORY_CUSTOMS_CHROMIUM names another binary.
export { CHROMIUM }
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
  '.json': 'application/json',
}

export interface ServedPage {
  url: string
  outDir: string
  close(): Promise<void>
}

/** `vite build` of `pageDir` (an index.html plus its module) into a temp dir, served on a random port. */
export async function buildAndServe(pageDir: string): Promise<ServedPage> {
  const outDir = mkdtempSync(join(tmpdir(), 'mc-browser-page-'))
  await build({
    root: pageDir,
    configFile: false,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, target: 'es2022', minify: false, reportCompressedSize: false },
  })
  const server = await serveStatic(outDir)
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/index.html`
  return {
    url,
    outDir,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      rmSync(outDir, { recursive: true, force: true })
    },
  }
}

/** Serves the files under `root` on 127.0.0.1 (random port); `/` is `index.html`. Nothing outside `root`. */
export function serveStatic(root: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^[/\\]+/, '') || 'index.html'
    const file = join(root, path)
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found')
      return
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' })
    createReadStream(file).pipe(res)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve(server))
  })
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true })
}

/** Opens `url` in a new tab of `context` and waits until the page module has loaded (`window.__ready`). */
export async function openTab(context: BrowserContext, url: string, errors: string[]): Promise<Page> {
  const page = await context.newPage()
  page.on('pageerror', (e) => errors.push(String(e)))
  await page.goto(url)
  await page.waitForFunction(() => (window as { __ready?: boolean }).__ready === true, null, { timeout: 30_000 })
  return page
}

export interface KillableChromium {
  browser: Browser
  /** SIGKILL the whole Chromium process group (no shutdown, no flush: a crash). */
  kill(): Promise<void>
}

/**
 * Starts the system Chromium ourselves (not through playwright's launcher) on a given profile directory, so
 * the test owns the process and can SIGKILL it, then attaches playwright over CDP.
 */
export async function launchKillableChromium(userDataDir: string): Promise<KillableChromium> {
  const { spawn } = await import('node:child_process')
  const { mkdirSync } = await import('node:fs')
  // Chromium's own temporary folders (org.chromium.Chromium.*) go inside the profile: killed, it cannot remove them,
  // and the profile is the test's to remove
  const scratch = join(userDataDir, 'tmp')
  mkdirSync(scratch, { recursive: true })
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_ARGS, '--headless', `--user-data-dir=${userDataDir}`, '--remote-debugging-port=0', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true, env: { ...process.env, TMPDIR: scratch } },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const endpoint = await new Promise<string>((resolve, reject) => {
    let seen = ''
    const timer = setTimeout(() => reject(new Error(`Chromium printed no DevTools endpoint: ${seen}`)), 30_000)
    child.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString()
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(seen)
      if (m) {
        clearTimeout(timer)
        resolve(m[1]!)
      }
    })
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}) before listening: ${seen}`)))
  })
  const browser = await chromium.connectOverCDP(endpoint)
  return {
    browser,
    async kill() {
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {
        // already gone
      }
      await exited
    },
  }
}
