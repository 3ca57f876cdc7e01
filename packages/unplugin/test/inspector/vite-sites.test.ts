import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import MemoryCustoms from 'unplugin-memory-customs/vite'
import { EventStream } from '../../../../playground/web/test/inspector-http'

// The dev page's site list follows the modules Vite transforms: a module edited (HMR) replaces its sites, and the
// page hears of it as a `sites` event. A throwaway project under the repository (so `memory-customs/probe` resolves).
const root = mkdtempSync(join(resolve(import.meta.dirname, '..', 'fixtures'), '.inspector-vite-'))
const module = join(root, 'agent.ts')
let server: ViteDevServer
let off: ViteDevServer
let base = ''

const sitesEvent = (stream: EventStream, from: number, line: number) =>
  stream.next(
    (e) =>
      e.event === 'sites' &&
      (e.data as { sites: Array<{ file: string; line: number }> }).sites.some((s) => s.file === 'agent.ts' && s.line === line),
    from,
  )

beforeAll(async () => {
  writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="/agent.ts"></script>')
  writeFileSync(module, 'export function remember(store: Map<string, string>) {\n  store.set("goal", "retire")\n}\n')
  server = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [MemoryCustoms()],
    server: { port: 0, host: '127.0.0.1' },
  })
  await server.listen()
  base = `http://127.0.0.1:${(server.httpServer!.address() as AddressInfo).port}/__memory-customs/`
  off = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [MemoryCustoms({ inspector: false })],
    server: { port: 0, host: '127.0.0.1' },
  })
  await off.listen()
})

afterAll(async () => {
  await server?.close()
  await off?.close()
  rmSync(root, { recursive: true, force: true })
})

describe('the dev page under vite serve', () => {
  it('lists a module sites once Vite transformed it, and follows an edit', async () => {
    const events = await EventStream.open(`${base}api/events`)
    try {
      expect((await (await fetch(`${base}api/sites`)).json()).sites).toEqual([])
      await server.transformRequest('/agent.ts')
      await sitesEvent(events, 0, 2)
      // The edit moves the write down two lines; Vite transforms the module again.
      writeFileSync(module, '// edited\n\nexport function remember(store: Map<string, string>) {\n  store.set("goal", "retire")\n}\n')
      const from = events.events.length
      server.moduleGraph.invalidateModule(server.moduleGraph.getModuleById(module)!)
      await server.transformRequest('/agent.ts')
      await sitesEvent(events, from, 4)
      const { sites } = await (await fetch(`${base}api/sites`)).json()
      expect(sites.map((s: { id: string }) => s.id)).toEqual(['agent.ts:4:3'])
      expect(sites[0]).toMatchObject({ key: 'goal', keyKind: 'static', fired: 0, lastSeq: null, absolutePath: module })
    } finally {
      events.close()
    }
  })

  it('api/open sends the browser to Vite own open-in-editor route, for project files only', async () => {
    const open = (file: string) =>
      fetch(`${base}api/open`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ file, line: 4, column: 3 }),
      })
    const res = await open('agent.ts')
    expect(res.status).toBe(307)
    expect(res.headers.get('location')).toBe(`/__open-in-editor?file=${encodeURIComponent(`${module}:4:3`)}`)
    expect((await open('../../../package.json')).status).toBe(400)
  })

  it('inspector: false serves no page and injects no bridge', async () => {
    const offBase = `http://127.0.0.1:${(off.httpServer!.address() as AddressInfo).port}`
    const page = await fetch(`${offBase}/__memory-customs/api/session`)
    expect(page.headers.get('content-type') ?? '').not.toContain('application/json')
    expect(await (await fetch(`${offBase}/`)).text()).not.toContain('memory-customs-inspector-bridge')
    expect(await (await fetch(base.replace('__memory-customs/', ''))).text()).toContain('memory-customs-inspector-bridge')
  })
})
