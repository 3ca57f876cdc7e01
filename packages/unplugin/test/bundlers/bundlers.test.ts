/**
 * The agent fixture built with vite, webpack, rspack, rollup and esbuild, with and without the plugin; every
 * bundle is executed with Node. Expected positions come from the fixture text itself (`at`), never from
 * the plugin.
 */
import { rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Manifest } from '../../src/adapter/manifest'
import {
  BUNDLERS,
  FIXTURE,
  PROBE_SRC,
  at,
  buildEsbuild,
  buildVite,
  buildWebpack,
  buildWith,
  fixtureSources,
  runBundle,
  tempDir,
  tempRootDir,
  type BuildOutput,
  type BundlerName,
  type RunOutput,
  unmappedSites,
} from './harness'

/** Probe events in scenario order: `file:line:column key` (`-` when the call has no key). */
const EXPECTED_PROBES = [
  `${at('src/agent.ts', "this.memory.set('turn'")} turn`,
  `${at('src/agent.ts', 'this.memory.set(key, value)')}  topic `,
  `${at('src/agent.ts', "this.store.put(['users', 'u1']")} user_preferences`,
  `${at('src/agent.ts', "this.store.put(['users', id]")} user_42`,
  `${at('src/agent.ts', "this.memory.set('count'")} count`,
  `${at('src/agent.ts', "this.#store.set('private'")} private`,
  `${at('src/agent.ts', 'this.setState({ mood })')} -`,
  `${at('src/agent.ts', 'saveMessages(this.messages)')} -`,
  `${at('src/agent.ts', 'saveMessages(this.messages)')} -`,
  `${at('src/view.tsx', "agent.memory.set('clicked'")} clicked`,
  `${at('src/customs.ts', "customs.decision.commit('plan'")} plan`,
]

/** Every instrumented site (the optional-chain one never fires: `helper` is undefined at run time). */
const INSTRUMENTED = [
  ...new Set(EXPECTED_PROBES.map((p) => p.split(' ')[0])),
  at('src/agent.ts', "this.helper?.memory.set('helper'"),
].sort()

const UNSUPPORTED = at('src/agent.ts', 'super.setState(')

/** Calls that must not be instrumented. */
const NOT_SITES = [
  at('src/agent.ts', 'this.cache.set('),
  at('src/agent.ts', "sessionStorage.setItem('tab'"),
  at('src/memory.ts', 'this.data.set('),
  at('src/store.ts', 'this.items.set('),
]

const posOf = (s: { file: string; line: number; column: number }) => `${s.file}:${s.line}:${s.column}`
const manifestSites = (m: Manifest) => m.files.flatMap((f) => f.sites)
const instrumentedOf = (m: Manifest) =>
  manifestSites(m)
    .filter((s) => !s.unsupported)
    .map(posOf)
    .sort()

const built = {} as Record<BundlerName, { plugin: BuildOutput; baseline: BuildOutput; run: RunOutput; base: RunOutput }>

beforeAll(async () => {
  // One bundler at a time (webpack and rspack are CPU-heavy on 2 cores); plugin and baseline side by side.
  for (const bundler of BUNDLERS) {
    const [plugin, baseline] = await Promise.all([buildWith(bundler, { plugin: {} }), buildWith(bundler, {})])
    const [run, base] = await Promise.all([runBundle(plugin.file), runBundle(baseline.file)])
    built[bundler] = { plugin, baseline, run, base }
  }
})

afterAll(() => {
  const root = tempRootDir()
  if (root) rmSync(root, { recursive: true, force: true })
})

describe.each(BUNDLERS)('%s', (bundler) => {
  test('the instrumented bundle behaves like the baseline and emits the expected probes', () => {
    const { run, base } = built[bundler]
    expect(base.probes).toEqual([])
    expect(base.registered).toEqual([])
    expect(run.results).toEqual(base.results)
    expect(run.probes).toEqual(EXPECTED_PROBES)
    expect(run.registered).toEqual(INSTRUMENTED)
  })

  test('the manifest lists every site, the unsupported one included, with totals', () => {
    const m = built[bundler].plugin.manifest
    expect(m).not.toBeNull()
    const manifest = m as Manifest
    expect(manifest.framework).toBe(bundler)
    // Rollup has no mode of its own: NODE_ENV (vitest sets 'test'); esbuild reads `define['process.env.NODE_ENV']`.
    expect(manifest.mode).toBe(bundler === 'rollup' ? process.env.NODE_ENV || 'development' : 'production')
    expect(manifest.plugin.name).toBe('unplugin-memory-customs')
    expect(manifest.plugin.version).toMatch(/^\d+\.\d+\.\d+/)
    expect(instrumentedOf(manifest)).toEqual(INSTRUMENTED)
    const unsupported = manifestSites(manifest).filter((s) => s.unsupported)
    expect(unsupported.map(posOf)).toEqual([UNSUPPORTED])
    expect(unsupported[0].unsupported).toMatch(/super/)
    for (const notSite of NOT_SITES) expect(manifestSites(manifest).map(posOf)).not.toContain(notSite)
    expect(manifest.totals).toEqual({ files: 3, sites: INSTRUMENTED.length + 1, instrumented: INSTRUMENTED.length, unsupported: 1 })
    const preferences = manifestSites(manifest).find((s) => s.key === 'user_preferences')
    expect(preferences).toMatchObject({ callee: 'this.store.put', fn: 'Agent.rememberPreferences', keyKind: 'static', rule: 'MW-1' })
    expect(manifestSites(manifest).find((s) => s.callee === 'customs.decision.commit')?.rule).toMatch(/runtime/)
    // the plugin's own warnings ("[memory-customs] file:line: …"); not Rolldown's PLUGIN_TIMINGS report, which names
    // the plugin when a loaded machine makes its transform slow (seen once in CI)
    expect(built[bundler].plugin.warnings.filter((w) => w.includes('[memory-customs]'))).toEqual([])
  })

  test("every probe's position maps back through the bundle's final source map", () => {
    expect(built[bundler].plugin.map).not.toBeNull()
    expect(unmappedSites(built[bundler].plugin)).toEqual([])
  })

  test('the kill switch MEMORY_CUSTOMS=off silences probes without changing behaviour', async () => {
    const off = await runBundle(built[bundler].plugin.file, { MEMORY_CUSTOMS: 'off' })
    expect(off.probes).toEqual([])
    expect(off.results).toEqual(built[bundler].base.results)
  })
})

test('all five bundlers report identical probe events', () => {
  const lists = BUNDLERS.map((b) => JSON.stringify(built[b].run.probes))
  expect(new Set(lists).size).toBe(1)
})

describe('Vite dev server', () => {
  test('createServer + transformRequest reports the same sites as the build; ?t= is stripped, ?raw is left alone', async () => {
    const { createServer } = await import('vite')
    const { default: MemoryCustoms } = await import('../../src/vite')
    const { readEmbeddedTables } = await import('../../src/adapter/recover')
    const plugin = MemoryCustoms()
    const server = await createServer({
      root: FIXTURE,
      configFile: false,
      logLevel: 'silent',
      appType: 'custom',
      server: { middlewareMode: true, hmr: false, ws: false, watch: null },
      optimizeDeps: { noDiscovery: true, include: [] },
      plugins: [plugin],
      resolve: { alias: { 'memory-customs/probe': PROBE_SRC } },
      oxc: { jsx: { runtime: 'classic', pragma: 'h' } },
    })
    try {
      const devSites: string[] = []
      for (const file of fixtureSources().keys()) {
        const result = await server.transformRequest(`/${file}`)
        expect(result, file).not.toBeNull()
        for (const table of readEmbeddedTables(result!.code)) {
          expect(table.file).toBe(file)
          devSites.push(...table.sites.map(posOf))
        }
      }
      expect(devSites.sort()).toEqual(instrumentedOf(built.vite.plugin.manifest as Manifest))

      // After an HMR update Vite asks for `?t=<timestamp>`: same sites, file without the query.
      const hmr = await server.transformRequest('/src/agent.ts?t=123')
      const hmrTables = readEmbeddedTables(hmr!.code)
      expect(hmrTables.map((t) => t.file)).toEqual(['src/agent.ts'])
      expect(hmrTables[0].sites.map(posOf).sort()).toEqual(devSites.filter((s) => s.startsWith('src/agent.ts')).sort())

      // `?raw` imports the text: it must be the original source, not instrumented code.
      const raw = await server.transformRequest('/src/agent.ts?raw')
      expect(raw!.code).not.toContain('__mc$')
      expect(raw!.code).toContain(JSON.stringify(fixtureSources().get('src/agent.ts')))

      // The plugin's API exposes what it analysed, the unsupported site included.
      const api = (plugin as unknown as { api: { sites(): Array<{ file: string; line: number; column: number; unsupported?: string }> } })
        .api
      expect(
        api
          .sites()
          .filter((s) => !s.unsupported)
          .map(posOf)
          .sort(),
      ).toEqual(devSites.sort())
      expect(
        api
          .sites()
          .filter((s) => s.unsupported)
          .map(posOf),
      ).toEqual([UNSUPPORTED])
    } finally {
      await server.close()
    }
  })
})

describe('webpack persistent cache', () => {
  test("built twice with cache: { type: 'filesystem' }, the cached bundle still registers every site and the manifest is complete", async () => {
    const cacheDirectory = tempDir('webpack-cache')
    const first = await buildWebpack({ plugin: {}, cacheDirectory })
    const second = await buildWebpack({ plugin: {}, cacheDirectory })
    // The second build was served from the cache: no module went through the transform again.
    expect(second.manifest!.files.map((f) => f.source)).toEqual(first.manifest!.files.map(() => 'embedded'))
    expect(instrumentedOf(second.manifest!)).toEqual(INSTRUMENTED)
    expect(instrumentedOf(first.manifest!)).toEqual(INSTRUMENTED)
    const run = await runBundle(second.file)
    expect(run.registered).toEqual(INSTRUMENTED)
    expect(run.probes).toEqual(EXPECTED_PROBES)
    expect(run.results).toEqual(built.webpack.base.results)
  })
})

describe('webpack + esbuild-loader source maps', () => {
  test('the webpack-inline-map-loader keeps positions right; without any workaround they are lost', async () => {
    // webpack loads loaders with Node's own loader, so the TypeScript source is bundled to a runnable file.
    const { build } = await import('esbuild')
    const loader = path.join(tempDir('inline-map-loader'), 'webpack-inline-map-loader.mjs')
    await build({
      entryPoints: [path.resolve(FIXTURE, '../../../src/webpack-inline-map-loader.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: loader,
      logLevel: 'silent',
    })
    const [withLoader, without] = await Promise.all([
      buildWebpack({ plugin: {}, webpackMaps: { loader } }),
      buildWebpack({ plugin: {}, webpackMaps: 'none' }),
    ])
    expect(unmappedSites(withLoader)).toEqual([])
    expect((await runBundle(withLoader.file)).probes).toEqual(EXPECTED_PROBES)
    // The control: esbuild-loader drops the plugin's map, so the check above is able to fail.
    expect(unmappedSites(without).length).toBeGreaterThan(0)
  })
})

describe('options and gating', () => {
  test('enabled: false produces exactly the baseline bundle and no manifest', async () => {
    const [off, offByFn] = await Promise.all([
      buildVite({ plugin: { enabled: false } }),
      buildVite({ plugin: { enabled: ({ mode, framework }) => !(mode === 'production' && framework === 'vite') } }),
    ])
    for (const out of [off, offByFn]) {
      expect(out.code).toBe(built.vite.baseline.code)
      expect(out.manifest).toBeNull()
    }
  })

  test('server (SSR) code is instrumented by default', async () => {
    const ssr = await buildVite({ plugin: {}, ssr: true })
    const run = await runBundle(ssr.file)
    expect(run.probes).toEqual(EXPECTED_PROBES)
    expect(run.results).toEqual(built.vite.base.results)
    expect(instrumentedOf(ssr.manifest!)).toEqual(INSTRUMENTED)
  })

  test('env.production.keys.exclude drops a static-key site in production mode only', async () => {
    const plugin = { env: { production: { keys: { exclude: ['user_*'] } } } }
    const [prod, dev] = await Promise.all([buildVite({ plugin, mode: 'production' }), buildVite({ plugin, mode: 'development' })])
    const preferences = at('src/agent.ts', "this.store.put(['users', 'u1']")
    expect(instrumentedOf(prod.manifest!)).not.toContain(preferences)
    expect(instrumentedOf(dev.manifest!)).toEqual(INSTRUMENTED)
    expect(dev.manifest!.mode).toBe('development')
    const [prodRun, devRun] = await Promise.all([runBundle(prod.file), runBundle(dev.file)])
    // The pattern key `user_${id}` is checked at run time against the same globs.
    expect(prodRun.probes).toEqual(EXPECTED_PROBES.filter((p) => !/ user_/.test(p)))
    expect(devRun.probes).toEqual(EXPECTED_PROBES)
    expect(prodRun.results).toEqual(built.vite.base.results)
  })

  test('a wrong option fails fast with a message naming it', async () => {
    const { default: MemoryCustoms } = await import('../../src/vite')
    expect(() => MemoryCustoms({ targets: [42 as never] })).toThrow(/targets\[0\]/)
    expect(() => MemoryCustoms({ manifest: 3 as never })).toThrow(/manifest/)
  })
})

describe('robustness', () => {
  test('a module TypeScript cannot parse (but the bundler accepts) is left alone with a warning; the build succeeds', async () => {
    const { build } = await import('esbuild')
    const root = path.resolve(FIXTURE, '../broken')
    const outfile = path.join(tempDir('broken'), 'main.cjs')
    const result = await build({
      absWorkingDir: root,
      entryPoints: ['src/main.ts'],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile,
      logLevel: 'silent',
      plugins: [
        (await import('../../src/esbuild')).default() as import('esbuild').Plugin,
        { name: 'probe-alias', setup: (b) => void b.onResolve({ filter: /^memory-customs\/probe$/ }, () => ({ path: PROBE_SRC })) },
      ],
    })
    expect(result.errors).toEqual([])
    const warnings = result.warnings.map((w) => w.text)
    expect(warnings).toEqual([expect.stringMatching(/^\[memory-customs\] src\/legacy\.cjs:3:\d+: cannot be parsed: .*\\8.*left unchanged/)])
    const run = await runBundle(outfile)
    expect(run.results).toEqual({ label: 'item8', legacy: 'item8' })
    // main.ts is instrumented as usual; legacy.cjs's own `memory.set` is not.
    expect(run.probes).toEqual(['src/main.ts:9:1 label'])
  })

  test('two plugin instances do not double probes or the manifest', async () => {
    const [vite, esbuild, webpack] = await Promise.all([
      buildVite({ plugin: {}, twice: true }),
      buildEsbuild({ plugin: {}, twice: true }),
      buildWebpack({ plugin: {}, twice: true }),
    ])
    for (const out of [vite, esbuild, webpack]) {
      // One site-table registration per instrumented module; a second pass would have added another.
      expect(out.code.match(/__mc\$r\)?\(\s*"src\//g)?.length).toBe(3)
      expect(instrumentedOf(out.manifest!)).toEqual(INSTRUMENTED)
      const run = await runBundle(out.file)
      expect(run.probes).toEqual(EXPECTED_PROBES)
    }
  })

  test('esbuild: another onLoad plugin for .ts after ours still gets instrumented code; before ours it wins', async () => {
    const seen: string[] = []
    const otherTsLoader = {
      name: 'other-ts-loader',
      setup(build: import('esbuild').PluginBuild) {
        build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
          seen.push(path.basename(args.path))
          const { readFile } = await import('node:fs/promises')
          return { contents: await readFile(args.path, 'utf8'), loader: args.path.endsWith('x') ? 'tsx' : 'ts' }
        })
      },
    }
    const after = await buildEsbuild({ plugin: {}, extraEsbuildPlugins: [otherTsLoader] })
    expect((await runBundle(after.file)).probes).toEqual(EXPECTED_PROBES)
    const before = await buildEsbuild({ plugin: {}, extraEsbuildPlugins: [otherTsLoader], otherPluginFirst: true })
    expect(seen.length).toBeGreaterThan(0)
    expect((await runBundle(before.file)).probes).toEqual([])
  })
})
