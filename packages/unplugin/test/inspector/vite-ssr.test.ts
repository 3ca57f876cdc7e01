import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import MemoryCustoms from 'unplugin-memory-customs/vite'
import { EventStream } from '../../../../playground/web/test/inspector-http'

// An agent in the dev server's own process (loaded with `ssrLoadModule`, as an SSR app or a server route is): its
// store is not in any page, so no page bridge reports it; the dev server bridges it in-process, and the dev page
// shows its receipts, coverage and verify state like a browser app's. A throwaway project under the repository
// (so `memory-customs` resolves).
const root = mkdtempSync(join(resolve(import.meta.dirname, '..', 'fixtures'), '.inspector-ssr-'))
const AGENT = `import { createCustoms } from 'memory-customs'
import { z } from 'zod'

export async function start() {
  const customs = await createCustoms({ decision: { schemas: { goal: z.string() } } })
  return {
    remember: (goal: string) => customs.decision.commit('goal', goal, { source: 'user' }).seq,
    close: () => customs.close(),
  }
}
`
const WRITE_LINE = 7
let server: ViteDevServer
let base = ''
const logged: string[] = []

beforeAll(async () => {
  writeFileSync(join(root, 'agent.ts'), AGENT)
  server = await createServer({
    root,
    configFile: false,
    // The terminal, where the inspector prints its URL and the reveal token.
    customLogger: {
      info: (message: string) => void logged.push(message),
      warn: () => {},
      warnOnce: () => {},
      error: () => {},
      clearScreen: () => {},
      hasErrorLogged: () => false,
      hasWarned: false,
    },
    plugins: [MemoryCustoms()],
    server: { port: 0, host: '127.0.0.1' },
  })
  await server.listen()
  base = `http://127.0.0.1:${(server.httpServer!.address() as AddressInfo).port}/__memory-customs/`
})

afterAll(async () => {
  await server?.close()
  rmSync(root, { recursive: true, force: true })
})

describe('the dev page for a store the dev server process opens (SSR)', () => {
  it("carries the server-side agent's receipts and answers verify and reveal from its store", async () => {
    const events = await EventStream.open(`${base}api/events`)
    type Agent = { remember(goal: string): number; close(): Promise<void> }
    const agent = (await (await server.ssrLoadModule('/agent.ts')).start()) as Agent
    try {
      await events.next((e) => e.event === 'app' && (e.data as { connected: boolean }).connected)
      const seq = agent.remember('retire at 60')
      const receipt = await events.next((e) => e.event === 'receipt' && (e.data as { seq: number }).seq === seq)
      expect(receipt.data).toMatchObject({ op: 'COMMIT', pool: 'decision', key: 'goal', site: { file: 'agent.ts', line: WRITE_LINE } })

      const { sites } = (await (await fetch(`${base}api/sites`)).json()) as {
        sites: Array<{ id: string; file: string; line: number; fired: number }>
      }
      const site = sites.find((x) => x.file === 'agent.ts' && x.line === WRITE_LINE)
      expect(site).toMatchObject({ key: 'goal', fired: 1, lastSeq: seq })
      expect((receipt.data as { siteId: string }).siteId).toBe(site!.id)
      expect((await (await fetch(`${base}api/session`)).json()).app).toMatchObject({ connected: true })

      const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
        fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
      expect(await (await post('api/verify', {})).json()).toMatchObject({ ok: true, size: seq })
      const commit = (receipt.data as { new: string }).new
      expect((await post('api/reveal', { commits: [commit] })).status).toBe(403)
      const token = logged.map((l) => /\(reveal token: ([\w-]+)\)/.exec(l)?.[1]).find(Boolean)
      expect(token, logged.join('\n')).toBeDefined()
      const revealed = await (await post('api/reveal', { commits: [commit] }, { 'x-memory-customs-token': token! })).json()
      expect(revealed).toEqual({ revealed: true, values: { [commit]: 'retire at 60' } })
    } finally {
      events.close()
      await agent.close()
    }
  })
})
