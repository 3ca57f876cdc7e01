/**
 * The `report` option in a real `vite build` of the agent fixture: the report page lands beside the manifest with
 * every site listed and none fired; with `store` it carries that store's coverage, receipts and verify result; a
 * store that is not there is one warning and no report, and the build still succeeds. The page itself is the
 * runtime's (memory-customs/report, the built package), as a user's build would load it.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ReportData } from 'memory-customs/report'
import { z } from 'zod'
import { createCustoms } from '../../runtime/src/index'
import { __mc$d, __mc$p, __mc$r, resetProbeState, type SiteMeta } from '../../runtime/src/probe'
import { resolveOptions } from '../src/core/options'
import { buildVite, buildWith, tempRootDir, type BuildOutput } from './bundlers/harness'

let work: string
const PLUGIN = path.resolve(import.meta.dirname, '..')
const REPO = path.resolve(PLUGIN, '../..')

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'memory-customs-plugin-report-'))
})

afterAll(() => {
  rmSync(work, { recursive: true, force: true })
  const root = tempRootDir()
  if (root) rmSync(root, { recursive: true, force: true })
})

/** The report data embedded in the page. */
function embedded(file: string): ReportData {
  const html = readFileSync(file, 'utf8')
  const m = /<script type="application\/json" id="memory-customs-report-data">([\s\S]*?)<\/script>/.exec(html)
  if (!m) throw new Error(`${file} embeds no report data`)
  expect(html).toContain('<div id="memory-customs-inspector" data-mode="static"></div>')
  return JSON.parse(m[1]) as ReportData
}

const manifestSites = (b: BuildOutput) => b.manifest!.files.flatMap((f) => f.sites)

describe('report option', () => {
  let plain: BuildOutput

  it('report: true writes memory-customs-report.html beside the manifest: every site, none fired yet', async () => {
    plain = await buildVite({ plugin: { report: true }, twice: true })
    const data = embedded(path.join(plain.outDir, 'memory-customs-report.html'))
    expect(data.source).toBe('build')
    expect(data.receipts).toEqual([])
    const ids = manifestSites(plain).map((s) => `${s.file}:${s.line}:${s.column}`)
    expect(ids.length).toBeGreaterThan(5)
    expect(data.sites.map((s) => s.id).sort()).toEqual([...ids].sort())
    expect(data.sites.every((s) => s.fired === 0 && s.lastSeq === null)).toBe(true)
    expect(data.sites.find((s) => s.unsupported)?.unsupported).toMatch(/super/)
  })

  it.each(['webpack', 'rspack', 'rollup', 'esbuild'] as const)('%s writes the report beside its manifest too', async (bundler) => {
    const built = await buildWith(bundler, { plugin: { report: true }, twice: true })
    const data = embedded(path.join(built.outDir, 'memory-customs-report.html'))
    expect(data.sites.map((s) => s.id).sort()).toEqual(
      manifestSites(built)
        .map((s) => `${s.file}:${s.line}:${s.column}`)
        .sort(),
    )
  })

  it('{ store } reads coverage, receipts and verify from a store, read-only', async () => {
    // A store whose receipts name one of the build's sites, as the built agent would have written them.
    const site = manifestSites(plain).find((s) => s.callee === 'customs.decision.commit')!
    const meta: SiteMeta = { ...site, keyIndex: 0, valueIndex: 1 }
    const table = () => __mc$r(site.file, [meta])
    const store = path.join(work, 'store')
    resetProbeState()
    const customs = await createCustoms({ storage: { file: store }, decision: { schemas: { plan: z.number() } } })
    type Args = [string, unknown, { source: 'user' }]
    for (let i = 0; i < 3; i++) __mc$d(table, 0, customs.decision.commit(...(__mc$p(table, 0, ['plan', i, { source: 'user' }]) as Args)))
    customs.execution.store('web.fetch', 'call-1', { page: 1 })
    await customs.close()
    resetProbeState()

    const built = await buildVite({ plugin: { report: { out: 'reports/memory.html', store } } })
    expect(existsSync(path.join(built.outDir, 'memory-customs-report.html'))).toBe(false)
    const data = embedded(path.join(built.outDir, 'reports/memory.html'))
    expect(data.source).toBe('store')
    expect(data.verify).toMatchObject({ ok: true, size: 4 })
    expect(data.receipts.map((r) => r.op)).toEqual(['COMMIT', 'COMMIT', 'COMMIT', 'STORE'])
    const id = `${site.file}:${site.line}:${site.column}`
    expect(data.sites.find((s) => s.id === id)).toMatchObject({ fired: 3, lastSeq: 3 })
    expect(data.sites.filter((s) => s.fired > 0)).toHaveLength(1)
    // Read-only: nothing was appended to the store.
    const again = await createCustoms({ storage: { file: store, lock: false } })
    expect(again.size).toBe(4)
    await again.close()
  })

  it('a store that is not there: one warning naming it, no report, and the build succeeds', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const built = await buildVite({ plugin: { report: { store: path.join(work, 'missing-store') } } })
      expect(built.manifest).not.toBeNull()
      expect(existsSync(path.join(built.outDir, 'memory-customs-report.html'))).toBe(false)
      const said = warn.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('report'))
      expect(said).toHaveLength(1)
      expect(said[0]).toMatch(
        /^\[memory-customs\] report \(store .*missing-store\): no memory-customs store at .*missing-store; no memory-customs-report\.html is written$/,
      )
    } finally {
      warn.mockRestore()
    }
  })

  it('checks the option: a wrong shape is an OptionError naming report', () => {
    expect(() => resolveOptions({ report: { file: 'x.html' } } as never)).toThrow('invalid option `report.file`: unknown option')
    expect(() => resolveOptions({ report: 'yes' } as never)).toThrow('invalid option `report`')
    expect(resolveOptions({ report: true }).report).toEqual({ out: 'memory-customs-report.html', store: null })
    expect(resolveOptions({ report: { store: 's' }, root: '/r' }).report).toEqual({ out: 'memory-customs-report.html', store: '/r/s' })
    expect(resolveOptions({}).report).toBe(false)
  })

  it('a runtime without memory-customs/report: one warning, no report, and the build succeeds (built plugin, fresh project)', () => {
    // A project with the built plugin, its dependencies, and a memory-customs release that has only the probe.
    const project = path.join(work, 'old-runtime')
    const modules = path.join(project, 'node_modules')
    const plugin = path.join(modules, 'unplugin-memory-customs')
    const runtime = path.join(modules, 'memory-customs')
    mkdirSync(plugin, { recursive: true })
    cpSync(path.join(PLUGIN, 'dist'), path.join(plugin, 'dist'), { recursive: true })
    cpSync(path.join(PLUGIN, 'package.json'), path.join(plugin, 'package.json'))
    mkdirSync(path.join(runtime, 'dist'), { recursive: true })
    cpSync(path.join(REPO, 'packages/runtime/dist/probe.mjs'), path.join(runtime, 'dist/probe.mjs'))
    const exports = { './probe': './dist/probe.mjs', './package.json': './package.json' }
    writeFileSync(path.join(runtime, 'package.json'), JSON.stringify({ name: 'memory-customs', version: '0.0.9', type: 'module', exports }))
    for (const dep of ['vite', 'unplugin', 'unplugin-utils', 'magic-string', 'ts-morph', 'zod'])
      symlinkSync(path.join(REPO, 'node_modules', dep), path.join(modules, dep))
    writeFileSync(path.join(project, 'main.ts'), 'export const answer: number = 42\n')
    writeFileSync(
      path.join(project, 'build.mjs'),
      `import { build } from 'vite'
import MemoryCustoms from 'unplugin-memory-customs/vite'
for (let i = 0; i < 2; i++)
  await build({
    root: process.cwd(), configFile: false, logLevel: 'silent', plugins: [MemoryCustoms({ report: true })],
    build: { outDir: 'dist', lib: { entry: 'main.ts', formats: ['es'], fileName: () => 'main.mjs' } },
  })
`,
    )
    const r = spawnSync(process.execPath, ['build.mjs'], { cwd: project, encoding: 'utf8' })
    expect(r.status, r.stderr).toBe(0)
    expect(existsSync(path.join(project, 'dist/main.mjs'))).toBe(true)
    expect(existsSync(path.join(project, 'dist/memory-customs-report.html'))).toBe(false)
    // Two builds in one process, one warning.
    const warnings = r.stderr.split('\n').filter((l) => l.includes('[memory-customs] report'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(
      /cannot load memory-customs\/report \(install the memory-customs runtime.*\); no memory-customs-report\.html is written/,
    )
  })
})
