/**
 * The transform handler as a host calls it, for the failure paths a real bundler cannot be made to take on
 * demand: a module TypeScript's parser rejects, an internal failure, and ids that must be skipped before any
 * parsing. The host context is the minimal one unplugin hands the handler (`warn` plus build-context stubs).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { unpluginFactory } from '../../src/index'
import { FIXTURE } from './harness'

type Handler = (this: unknown, code: unknown, id: string) => unknown

function hostFor(framework: 'vite' | 'rollup' | 'esbuild' = 'rollup', options = {}) {
  const plugin = unpluginFactory({ root: FIXTURE, ...options }, { framework, versions: {} })
  const transform = plugin.transform as { handler: Handler; filter: { id: { include?: RegExp[]; exclude: RegExp[] }; code?: RegExp } }
  const warnings: string[] = []
  const context = {
    warn: (m: string | { message: string }) => warnings.push(typeof m === 'string' ? m : m.message),
    error: (m: unknown) => {
      throw new Error(String(m))
    },
    addWatchFile() {},
    emitFile() {},
    getWatchFiles: () => [],
    parse: () => null,
  }
  return { plugin, transform, warnings, call: (code: unknown, id: string) => transform.handler.call(context, code, id) }
}

const agentId = path.join(FIXTURE, 'src/agent.ts')
const agentCode = readFileSync(agentId, 'utf8')

describe('transform handler', () => {
  test('a module the TypeScript parser rejects is left unchanged, with a warning naming file and line', async () => {
    const { call, warnings } = hostFor()
    const broken = 'const ok = 1\nexport class A {\n  memory = new Map()\n  go() { this.memory.set("k", 1 }\n}\n'
    expect(await call(broken, path.join(FIXTURE, 'src/broken.ts'))).toBeNull()
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^\[memory-customs\] src\/broken\.ts:4:\d+: cannot be parsed: .+; the module is left unchanged/)
  })

  test('an internal failure warns and returns null instead of throwing', async () => {
    const { call, warnings } = hostFor()
    // A host bug handing over a non-string: everything past the id check must be contained.
    await expect(Promise.resolve().then(() => call({ not: 'code' }, agentId))).resolves.toBeNull()
    expect(await call(42, agentId)).toBeNull()
    expect(warnings.length).toBeGreaterThan(0)
    expect(warnings.every((w) => w.startsWith('[memory-customs] src/agent.ts:1:1: internal error'))).toBe(true)
  })

  test('instruments a candidate and returns a hires map whose source is the id', async () => {
    const { call } = hostFor()
    const out = (await call(agentCode, agentId)) as { code: string; map: { sources: string[]; mappings: string; sourcesContent: string[] } }
    expect(out.code.split('\n').length).toBe(agentCode.split('\n').length)
    expect(out.map.sources).toEqual([agentId])
    expect(out.map.sourcesContent).toEqual([agentCode])
    // `hires: 'boundary'` gives several segments per line, not one per line.
    const line = out.map.mappings.split(';')[agentCode.split('\n').findIndex((l) => l.includes("this.memory.set('count'"))]
    expect(line.split(',').length).toBeGreaterThan(3)
  })

  test('inlineSourceMap appends the map as a data URL and returns no map object', async () => {
    const { call } = hostFor('rollup', { inlineSourceMap: true })
    const out = (await call(agentCode, agentId)) as { code: string; map: null }
    expect(out.map).toBeNull()
    const m = /\/\/# sourceMappingURL=data:application\/json;charset=utf-8;base64,([A-Za-z0-9+/=]+)\n$/.exec(out.code)
    expect(m).not.toBeNull()
    const map = JSON.parse(Buffer.from(m![1], 'base64').toString('utf8'))
    expect(map.sources).toEqual([agentId])
    // Only a trailing line is added: every original line keeps its number.
    expect(out.code.split('\n').length).toBe(agentCode.split('\n').length + 1)
  })

  test('ids that are never instrumented are skipped by the handler and by the native filter', async () => {
    const { call, transform, warnings } = hostFor()
    const skipped = [
      `${agentId}?raw`,
      `${agentId}?import&url`,
      `${agentId}?worker&inline`,
      path.join(FIXTURE, 'node_modules/dep/agent.ts'),
      `\0virtual:${agentId}`,
      path.join(FIXTURE, 'src/agent.css'),
    ]
    for (const id of skipped) expect(call(agentCode, id), id).toBeNull() // synchronous: rejected before any parsing
    expect(warnings).toEqual([])
    const { id: idFilter, code: codeFilter } = transform.filter
    const nativeAdmits = (id: string) =>
      !idFilter.exclude.some((r) => r.test(id)) && (!idFilter.include || idFilter.include.some((r) => r.test(id)))
    for (const id of skipped) expect(nativeAdmits(id), id).toBe(false)
    expect(nativeAdmits(`${agentId}?t=123`)).toBe(true)
    expect(await call(agentCode, `${agentId}?t=123`)).not.toBeNull()
    expect(codeFilter?.test(agentCode)).toBe(true)
    expect(codeFilter?.test('export const x = new Map(); x.set("a", 1)')).toBe(false)
  })

  test('already instrumented code is returned as null (the second of two instances is a no-op)', async () => {
    const first = (await hostFor().call(agentCode, agentId)) as { code: string }
    expect(await hostFor().call(first.code, agentId)).toBeNull()
  })

  test('a module edited to have no sites (watch mode, HMR) is dropped from the collected sites', async () => {
    const { call, plugin } = hostFor('vite')
    const api = (plugin.vite as unknown as { api: { sites(): Array<{ file: string }> } }).api
    await call(agentCode, agentId)
    expect(api.sites().filter((s) => s.file === 'src/agent.ts').length).toBeGreaterThan(0)
    expect(await call('export const answer = 42\n', agentId)).toBeNull()
    expect(api.sites().filter((s) => s.file === 'src/agent.ts')).toEqual([])
  })

  test('enabled as a function sees the mode and the bundler', async () => {
    const seen: unknown[] = []
    const { call } = hostFor('esbuild', {
      enabled: (ctx: { mode: string; framework: string }) => {
        seen.push(ctx)
        return ctx.framework !== 'esbuild'
      },
    })
    expect(await call(agentCode, agentId)).toBeNull()
    expect(seen).toContainEqual({ mode: process.env.NODE_ENV || 'development', framework: 'esbuild' })
  })
})
