import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { build, createLogger, createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../../../packages/runtime/test/browser/harness'
import { EventStream, rawRequest } from './inspector-http'

// The dev page's server side and the app bridge, as a person uses them: playground/web's dev server (its
// vite.config.ts, the plugin with default options) started programmatically, the app open in Chromium, and the
// page's API driven over HTTP from here. The UI is tested elsewhere (it only reads this API).
const webDir = resolve(import.meta.dirname, '..')
const agentDir = resolve(webDir, '..', 'agent')
const outDir = join(agentDir, '.cache', 'web-inspector-build')

interface InspectorReceipt {
  seq: number
  op: string
  key: string | null
  site: { file: string; line: number } | null
  siteId: string | null
  new: string | null
  hash: string
}
interface InspectorSite {
  id: string
  file: string
  line: number
  rule: string
  fired: number
  lastSeq: number | null
  absolutePath?: string
}

function lineOf(file: string, needle: string): number {
  const i = readFileSync(join(agentDir, file), 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(needle))
  if (i < 0) throw new Error(`${needle} not in ${file}`)
  return i + 1
}

let server: ViteDevServer
let browser: Browser
let context: BrowserContext
let app: Page
let origin = ''
let base = ''
let token = ''
let events: EventStream
const printed: string[] = []
const pageErrors: string[] = []

const api = async (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

beforeAll(async () => {
  const logger = createLogger('info')
  const info = logger.info
  logger.info = (msg, options) => {
    printed.push(msg)
    info(msg, options)
  }
  server = await createServer({
    root: webDir,
    configFile: join(webDir, 'vite.config.ts'),
    customLogger: logger,
    server: { port: 0, strictPort: false, host: '127.0.0.1' },
  })
  await server.listen()
  const port = (server.httpServer!.address() as AddressInfo).port
  origin = `http://127.0.0.1:${port}`
  base = `${origin}/__memory-customs/`
  browser = await launchChromium()
  context = await browser.newContext()
})

afterAll(async () => {
  events?.close()
  await context?.close()
  await browser?.close()
  await server?.close()
})

describe('the dev page on playground/web (vite serve)', () => {
  it('prints the page URL and the reveal token once', () => {
    const lines = printed.filter((l) => l.includes('Memory Customs inspector:'))
    expect(lines).toHaveLength(1)
    const m = /Memory Customs inspector: (\S+) \(reveal token: ([\w-]+)\)/.exec(lines[0])
    expect(m?.[1]).toBe(base)
    token = m![2]
    expect(token.length).toBeGreaterThanOrEqual(20)
  })

  it('serves the shell, and answers APP_NOT_CONNECTED while no app page is open', async () => {
    const shell = await fetch(base)
    expect(shell.status).toBe(200)
    expect(await shell.text()).toContain('<div id="memory-customs-inspector" data-mode="live" data-base="/__memory-customs/">')
    // The UI bundle, from the installed runtime (`npm run build` writes it).
    for (const [name, type] of [
      ['inspector.js', 'text/javascript'],
      ['inspector.css', 'text/css'],
    ]) {
      const asset = await fetch(`${base}assets/${name}`)
      expect(asset.status, name).toBe(200)
      expect(asset.headers.get('content-type')).toContain(type)
      expect((await asset.text()).length).toBeGreaterThan(1000)
    }
    // The plugin's root (the agent's options set it): site paths are relative to it.
    expect((await api('api/session')).json).toMatchObject({ version: 1, root: agentDir, app: { connected: false }, openInEditor: true })
    const verify = await api('api/verify', { method: 'POST', body: {} })
    expect(verify.status).toBe(503)
    expect(verify.json).toMatchObject({ error: { code: 'APP_NOT_CONNECTED' } })
  })

  it('streams the app receipts as the demo runs, and lists its sites with their coverage', async () => {
    events = await EventStream.open(`${base}api/events`)
    app = await context.newPage()
    app.on('pageerror', (e) => pageErrors.push(String(e)))
    await app.goto(`${origin}/`)
    await app.waitForFunction(() => (window as unknown as { __demo?: { status: string } }).__demo?.status === 'ready', undefined, {
      timeout: 120_000,
    })
    const demo = (await app.evaluate(() => JSON.parse(JSON.stringify((window as unknown as { __demo: unknown }).__demo)))) as {
      ranScenario: boolean
      receipts: Array<{ seq: number; op: string; key: string | null }>
      hashes: string[]
    }
    expect(demo.ranScenario).toBe(true)
    // The dev server's page loads the bridge before the app's own module.
    const html = await (await fetch(`${origin}/`)).text()
    expect(html.indexOf('@id/virtual:memory-customs-inspector-bridge')).toBeGreaterThan(0)
    expect(html.indexOf('@id/virtual:memory-customs-inspector-bridge')).toBeLessThan(html.indexOf('src/main.ts'))
    const last = demo.receipts[demo.receipts.length - 1].seq
    // Every receipt the app wrote arrives as a `receipt` event, in order.
    await events.next((e) => e.event === 'receipt' && (e.data as InspectorReceipt).seq === last)
    const streamed = events.events.filter((e) => e.event === 'receipt').map((e) => e.data as InspectorReceipt)
    expect(streamed.map((r) => [r.seq, r.op, r.key])).toEqual(demo.receipts.map((r) => [r.seq, r.op, r.key]))
    expect(streamed.map((r) => r.hash)).toEqual(demo.hashes)
    expect(events.events.some((e) => e.event === 'app' && (e.data as { connected: boolean }).connected)).toBe(true)

    const session = (await api('api/session')).json
    expect(session.app).toEqual({ connected: true, store: 'memory-customs.demo/playground-agent' })
    const receipts = (await api('api/receipts?after=0')).json as { receipts: InspectorReceipt[]; head: { seq: number; hash: string } }
    expect(receipts.receipts.map((r) => r.seq)).toEqual(demo.receipts.map((r) => r.seq))
    expect(receipts.head).toEqual({ seq: last, hash: demo.hashes[demo.hashes.length - 1] })
    expect((await api(`api/receipts?after=${last - 2}`)).json.receipts).toHaveLength(2)

    const { sites } = (await api('api/sites')).json as { sites: InspectorSite[] }
    // The app's sites only (the bridge itself has none).
    expect(sites.length).toBeGreaterThan(5)
    expect(sites.every((s) => s.file.startsWith('src/'))).toBe(true)
    const at = (file: string, needle: string) => sites.find((s) => s.file === file && s.line === lineOf(file, needle))
    const refusedSite = at('src/tools/risk.ts', 'decision.commit(')
    const refused = streamed.filter((r) => r.op === 'REFUSED')
    expect(refusedSite).toMatchObject({ fired: refused.length, lastSeq: refused[refused.length - 1].seq })
    expect(refusedSite?.absolutePath).toBe(join(agentDir, 'src/tools/risk.ts'))
    expect(refused.every((r) => r.siteId === refusedSite?.id)).toBe(true)
    // The wrapper calls in the agent fired; the memory.ts writes inside the wrappers are attributed to them.
    const commitCall = at('src/agent/agent.ts', 'memory.rememberUserIntent(')
    expect(commitCall?.fired).toBeGreaterThan(0)
    expect(at('src/memory.ts', 'decision.commit(')).toMatchObject({ fired: 0, lastSeq: null })
    // Coverage adds up to the receipts that name a listed site.
    const named = streamed.filter((r) => r.siteId !== null).length
    expect(sites.reduce((n, s) => n + s.fired, 0)).toBe(named)
    expect(named).toBeGreaterThan(0)
  })

  it('answers verify, pools at a seq and a rollback dry run from the app, and writes nothing', async () => {
    const { receipts } = (await api('api/receipts?after=0')).json as { receipts: InspectorReceipt[] }
    const head = receipts[receipts.length - 1].seq
    const verify = await api('api/verify', { method: 'POST', body: {} })
    expect(verify.status).toBe(200)
    expect(verify.json).toMatchObject({ ok: true, size: head, firstFailure: null })
    await events.next((e) => e.event === 'verify' && (e.data as { size: number }).size === head)

    const firstCommit = receipts.find((r) => r.op === 'COMMIT')!
    const pools = (await api(`api/pools?seq=${firstCommit.seq}`)).json as { seq: number; entries: Array<Record<string, unknown>> }
    expect(pools.seq).toBe(firstCommit.seq)
    expect(pools.entries).toContainEqual({ pool: 'decision', key: firstCommit.key, commit: firstCommit.new, seq: firstCommit.seq })
    expect((await api('api/pools?seq=0')).json).toEqual({ seq: 0, entries: [] })
    const badSeq = await api(`api/pools?seq=${head + 100}`)
    expect(badSeq.status).toBe(400)
    expect(badSeq.json).toMatchObject({ error: { code: 'BAD_REQUEST' } })

    const preview = await api('api/rollback-preview', { method: 'POST', body: { target: `seq:${firstCommit.seq}` } })
    expect(preview.status).toBe(200)
    const p = preview.json as { target: string; affected: number[]; changes: Array<{ pool: string; key: string; from: string | null }> }
    expect(p.target).toBe(`seq:${firstCommit.seq}`)
    expect(p.changes.length).toBeGreaterThan(0)
    expect(p.affected.length).toBeGreaterThan(0)
    expect(p.affected.every((s) => s > firstCommit.seq && s <= head)).toBe(true)
    // `from` is what the key holds now: the commitment of its newest write among the receipts.
    for (const c of p.changes.filter((c) => c.pool === 'decision')) {
      const newest = receipts.filter((r) => r.key === c.key && r.new !== null && ['COMMIT', 'PROMOTE', 'COMPENSATE'].includes(r.op)).pop()
      expect(c.from).toBe(newest?.new)
    }
    const bad = await api('api/rollback-preview', { method: 'POST', body: { target: 'nonsense' } })
    expect(bad.status).toBe(400)
    // A dry run: the app's chain did not move.
    expect(((await api('api/receipts?after=0')).json.head as { seq: number }).seq).toBe(head)
  })

  it('reveals values only with the session token', async () => {
    const { receipts } = (await api('api/receipts?after=0')).json as { receipts: InspectorReceipt[] }
    // A refused write commits to the value it was refused (in its receipt) but never stores it.
    const stored = receipts.filter((r) => r.new !== null && r.op !== 'REFUSED')
    const commits = [...receipts.filter((r) => r.op === 'REFUSED' && r.new !== null), ...stored].map((r) => r.new!)
    const without = await api('api/reveal', { method: 'POST', body: { commits } })
    expect(without.status).toBe(403)
    expect(without.json).toMatchObject({ error: { code: 'TOKEN_REQUIRED' } })
    const wrong = await api('api/reveal', {
      method: 'POST',
      body: { commits },
      headers: { 'x-memory-customs-token': 'x'.repeat(token.length) },
    })
    expect(wrong.status).toBe(403)
    const given = await api('api/reveal', { method: 'POST', body: { commits }, headers: { 'x-memory-customs-token': token } })
    expect(given.status).toBe(200)
    const values = given.json as { revealed: boolean; values: Record<string, unknown> }
    expect(values.revealed).toBe(true)
    expect(Object.keys(values.values).sort()).toEqual([...new Set(stored.map((r) => r.new!))].sort())
    // The page's own audit table shows the refused write's text; the values are the app's, not the dev server's.
    expect(JSON.stringify(values.values)).toContain('no write permission')
  })

  it('refuses a non-loopback Host (DNS rebinding) and a request from another origin', async () => {
    const rebinding = await rawRequest(`${base}api/sites`, { headers: { host: `attacker.example:${new URL(origin).port}` } })
    // Vite's own host check answers first here (the inspector's own is tested on a bare server: middleware test).
    expect(rebinding.status).toBe(403)
    expect(rebinding.body).not.toContain('sites')
    const crossSite = await rawRequest(`${base}api/rollback-preview`, {
      method: 'POST',
      headers: { host: new URL(origin).host, origin: 'http://localhost:9999', 'content-type': 'application/json' },
      body: JSON.stringify({ target: 'seq:1' }),
    })
    expect(crossSite.status).toBe(403)
    // The same request from the page's own origin is served.
    const sameSite = await rawRequest(`${base}api/sites`, { headers: { host: new URL(origin).host, origin } })
    expect(sameSite.status).toBe(200)
  })

  it('tells the page when the app goes away', async () => {
    const from = events.events.length
    await app.close()
    await events.next((e) => e.event === 'app' && !(e.data as { connected: boolean }).connected, from)
    expect((await api('api/session')).json.app).toEqual({ connected: false })
    expect((await api('api/verify', { method: 'POST', body: {} })).status).toBe(503)
    // What the app sent stays listed for this session.
    expect(((await api('api/receipts?after=0')).json.receipts as unknown[]).length).toBeGreaterThan(0)
    expect(pageErrors).toEqual([])
  })
})

describe('a production build of playground/web', () => {
  it('contains no bridge code', async () => {
    rmSync(outDir, { recursive: true, force: true })
    await build({ root: webDir, configFile: join(webDir, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } })
    const files: string[] = []
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name)
        if (statSync(p).isDirectory()) walk(p)
        else if (/\.(?:js|html|map)$/.test(name)) files.push(p)
      }
    }
    walk(outDir)
    expect(files.some((f) => f.endsWith('index.html'))).toBe(true)
    for (const f of files) {
      const text = readFileSync(f, 'utf8')
      for (const needle of ['memory-customs:app', 'memory-customs:request', 'inspector-bridge', '__memory-customs', 'startBridge'])
        expect(text.includes(needle), `${needle} in ${f}`).toBe(false)
    }
  })
})
