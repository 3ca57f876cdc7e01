import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../../../runtime/test/browser/harness'
import { EventStream } from '../../../../playground/web/test/inspector-http'
import { APP_HTML, fixture, inspectorDocConfig, type DocConfig } from './doc-config'

declare global {
  interface Window {
    __inspectorAppReady?: boolean
    __inspectorWrite?: (text: string) => number
  }
}

// The inspector under the real dev servers a webpack or Rspack user runs: webpack-dev-server 5 and
// @rspack/dev-server 2, started through their Node APIs (what `webpack serve` / `rspack serve` do) with
// docs/inspector.md's config as a user copies it. The app is built in memory by the dev server, its bridge
// talks to the middleware the config put first in the chain, and the dev page sees the app's receipts.
const source = readFileSync(join(fixture, 'src/main.ts'), 'utf8').split('\n')
const writeLine = source.findIndex((l) => l.includes('customs.decision.commit(')) + 1

interface DevServer {
  start(): Promise<void>
  stop(): Promise<void>
  options: { port: number | string }
}
/** The fixture app's build around the doc's config: the loader each bundler's users pick for TypeScript. */
function buildConfig(bundler: 'rspack' | 'webpack', config: DocConfig, outDir: string) {
  const typescript =
    bundler === 'rspack'
      ? { test: /\.ts$/, loader: 'builtin:swc-loader', options: { jsc: { parser: { syntax: 'typescript' } } }, type: 'javascript/auto' }
      : { test: /\.ts$/, loader: 'esbuild-loader', options: { target: 'es2022' } }
  return {
    mode: 'development',
    context: fixture,
    entry: './src/main.ts',
    target: 'web',
    devtool: false,
    output: { path: outDir, filename: 'main.js' },
    // The runtime's PostgreSQL backend imports `pg` dynamically; a browser build has no use for it.
    resolve: { extensions: ['.ts', '.js', '.mjs'], alias: { pg: false } },
    module: { rules: [typescript] },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
    plugins: config.plugins,
    devServer: config.devServer,
  }
}

/** The dev servers' output folders, removed after the file's tests. */
const outDirs: string[] = []

async function startDevServer(bundler: 'rspack' | 'webpack', printed: string[]): Promise<{ server: DevServer; port: number }> {
  const outDir = mkdtempSync(join(tmpdir(), `mc-inspector-${bundler}-serve-`))
  outDirs.push(outDir)
  const config = await inspectorDocConfig(bundler)
  writeFileSync(join(outDir, 'index.html'), APP_HTML)
  const options = {
    ...config.devServer,
    host: '127.0.0.1',
    port: 'auto',
    static: { directory: outDir, watch: false },
    open: false,
    hot: false,
    liveReload: false,
    client: false,
  }
  const build = buildConfig(bundler, { ...config, devServer: options }, outDir)
  let server: DevServer
  if (bundler === 'rspack') {
    const { rspack } = await import('@rspack/core')
    const { RspackDevServer } = await import('@rspack/dev-server')
    server = new RspackDevServer(options as never, rspack(build as never) as never) as unknown as DevServer
  } else {
    const { default: webpack } = await import('webpack')
    const { default: WebpackDevServer } = await import('webpack-dev-server')
    server = new WebpackDevServer(options as never, webpack(build as never) as never) as unknown as DevServer
  }
  const log = console.info
  console.info = (line: string) => void printed.push(String(line))
  try {
    await server.start()
  } finally {
    console.info = log
  }
  return { server, port: Number(server.options.port) }
}

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  for (const dir of outDirs) rmSync(dir, { recursive: true, force: true })
})

for (const bundler of ['webpack', 'rspack'] as const) {
  describe(`the inspector under the real ${bundler === 'rspack' ? '@rspack/dev-server' : 'webpack-dev-server'}`, () => {
    let server: DevServer | undefined
    let events: EventStream | undefined
    afterAll(async () => {
      events?.close()
      await server?.stop()
    })

    it("with docs/inspector.md's config: the token is printed, the app's receipt reaches the page's stream and API", async () => {
      const printed: string[] = []
      const started = await startDevServer(bundler, printed)
      server = started.server
      const base = `http://localhost:${started.port}/__memory-customs/`
      const line = printed.find((l) => l.startsWith('Memory Customs inspector: '))
      const m = /^Memory Customs inspector: (\S+) \(reveal token: ([\w-]+)\)$/.exec(line ?? '')
      expect(m?.[1], printed.join('\n')).toBe(base)
      const token = m![2]

      events = await EventStream.open(`${base}api/events`)
      const page = await (await browser.newContext()).newPage()
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(String(e)))
      await page.goto(`http://127.0.0.1:${started.port}/`)
      await page.waitForFunction(() => window.__inspectorAppReady === true)
      await events.next((e) => e.event === 'app' && (e.data as { connected: boolean }).connected)

      const seq = await page.evaluate(() => window.__inspectorWrite!('from the dev server'))
      const receipt = await events.next((e) => e.event === 'receipt' && (e.data as { seq: number }).seq === seq)
      expect(receipt.data).toMatchObject({ op: 'COMMIT', pool: 'decision', key: 'note', site: { file: 'src/main.ts', line: writeLine } })

      const { sites } = (await (await fetch(`${base}api/sites`)).json()) as { sites: Array<{ file: string; line: number; fired: number }> }
      expect(sites.find((s) => s.file === 'src/main.ts' && s.line === writeLine)?.fired).toBe(1)
      const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
        fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
      expect(await (await post('api/verify', {})).json()).toMatchObject({ ok: true, size: seq })
      const commit = (receipt.data as { new: string }).new
      expect((await post('api/reveal', { commits: [commit] })).status).toBe(403)
      expect(await (await post('api/reveal', { commits: [commit] }, { 'x-memory-customs-token': token })).json()).toEqual({
        revealed: true,
        values: { [commit]: 'from the dev server' },
      })

      // The dev page itself, served by the middleware: the site is listed as fired.
      const inspector = await page.context().newPage()
      inspector.on('pageerror', (e) => errors.push(String(e)))
      await inspector.goto(base)
      await inspector.getByText(`src/main.ts:${writeLine}`).first().waitFor()
      expect(errors).toEqual([])
      await page.context().close()
    })
  })
}
