/**
 * Attribution through earlier transforms (issue 11 §3): when the code the plugin receives is not the file on
 * disk, sites must still name the author's lines. Real builds of `fixtures/earlier-transforms`:
 *
 * - Rollup with @rollup/plugin-typescript, which compiles TypeScript in its `load` hook, so the plugin only
 *   ever sees JavaScript (the issue's minimal case: `store.set('k', 1)` on line 12 was recorded on line 2);
 * - webpack with babel-loader (@babel/preset-typescript) running before the plugin (`enforce: 'pre'`);
 * - Rollup with rollup-plugin-esbuild listed before the plugin (a token-level map: exact columns);
 * - Rspack with builtin:swc-loader running before the plugin;
 * - a `.vue`-style component whose script block a preprocessor plugin cuts out (magic-string, with a map),
 *   in Rollup, in a Vite (Rolldown) build and in the Vite dev server;
 *
 * each checked in the manifest and in the receipts a real Customs writes when the bundle runs with Node. The
 * same builds without a source map must warn once per file. Expected positions come from the fixture text.
 *
 * The bundles keep `memory-customs` external and run against the built runtime (`npm test` builds first),
 * linked into the temporary output root as `node_modules/memory-customs`: no install, no network.
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { TraceMap, decodedMappings, originalPositionFor } from '@jridgewell/trace-mapping'
import { MagicString } from 'magic-string'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { MemoryCustomsApi } from '../src/adapter/factory'
import type { Manifest } from '../src/adapter/manifest'
import { createSourcePositions } from '../src/adapter/input-map'
import { analyze } from '../src/core/analyze'
import { PositionMapper, decodeMappings, parseInputMap } from '../src/core/positions'
import MemoryCustomsRollup from '../src/rollup'
import MemoryCustomsRspack from '../src/rspack'
import MemoryCustomsVite from '../src/vite'
import MemoryCustomsWebpack from '../src/webpack'

const here = path.dirname(fileURLToPath(import.meta.url))
const FIXTURE = path.join(here, 'fixtures/earlier-transforms')
const TSCONFIG = path.join(FIXTURE, 'tsconfig.json')
const RUNTIME = path.resolve(here, '../../runtime')
const MANIFEST = 'memory-customs.sites.json'

/** `file:line:column` of the first `snippet` in a fixture file (1-based, UTF-16 columns). */
function at(file: string, snippet: string): string {
  const text = readFileSync(path.join(FIXTURE, file), 'utf8')
  const idx = text.indexOf(snippet)
  if (idx < 0) throw new Error(`${snippet} not in ${file}`)
  const before = text.slice(0, idx).split('\n')
  return `${file}:${before.length}:${before[before.length - 1].length + 1}`
}

const NOTE = at('src/notes.ts', "store.set('k', 1)")
const SEARCH = at('src/tools.ts', 'this.customs.execution.store(')
const PANEL_TS = at('src/panel.ts', "store.set('panel'")
const PANEL_VUE = at('src/Panel.vue', "store.set('panel'")
const JOURNAL_WRITE = at('src/journal.ts', 'store.set(key')
const JOURNAL_CALL = at('src/journal.ts', "keepEntry(store, 'turn'")
/** Where `keepEntry`, the `@memoryWrite` wrapper that `logTurn` calls, is declared. */
const KEEP_ENTRY = {
  file: 'src/journal.ts',
  line: Number(at('src/journal.ts', 'export function keepEntry').split(':')[1]),
  fn: 'keepEntry',
}

/** Every site of a build, with the panel's from `panel.ts` or from the component. */
const sitesWith = (panel: string) => [NOTE, JOURNAL_WRITE, JOURNAL_CALL, SEARCH, panel].sort()

interface Built {
  dir: string
  manifest: Manifest
  warnings: string[]
}

let root: string
beforeAll(() => {
  if (!existsSync(path.join(RUNTIME, 'dist/index.mjs'))) throw new Error('packages/runtime/dist is missing: run `npm run build` first')
  root = mkdtempSync(path.join(tmpdir(), 'memory-customs-earlier-transforms-'))
  mkdirSync(path.join(root, 'node_modules'))
  symlinkSync(RUNTIME, path.join(root, 'node_modules/memory-customs'), 'dir')
})
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true })
})

const outDir = (name: string) => mkdtempSync(path.join(root, `${name}-`))
const ours = (warnings: string[]) => warnings.filter((w) => w.includes('[memory-customs]'))

function finish(dir: string, warnings: string[]): Built {
  return { dir, manifest: JSON.parse(readFileSync(path.join(dir, MANIFEST), 'utf8')) as Manifest, warnings }
}

/** Instrumented sites as `file:line:column`, sorted. */
const positions = (m: Manifest) =>
  m.files
    .flatMap((f) => f.sites)
    .map((s) => `${s.file}:${s.line}:${s.column}`)
    .sort()

/** What the one wrapper call of the build (`keepEntry(...)` in `logTurn`) says it wraps. */
const wrapsOf = (m: Manifest) => m.files.flatMap((f) => f.sites).find((x) => x.wraps)?.wraps

interface ReceiptLine {
  op: string
  key: string
  site: { file: string; line: number; column: number; fn: string | null } | null
}

/** Runs the bundle with Node; the fixture prints the receipts its Customs wrote, with their sites. */
async function receiptsOf(file: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [file], {
    cwd: path.dirname(file),
    env: { ...process.env, MEMORY_CUSTOMS: '' },
  })
  const { receipts } = JSON.parse(stdout.trim().split('\n').pop() as string) as { receipts: ReceiptLine[] }
  return receipts.map((r) => `${r.op} ${r.key} ${r.site ? `${r.site.file}:${r.site.line}:${r.site.column} ${r.site.fn}` : 'unattributed'}`)
}

const expectedReceipts = (panel: string) => [
  `OBSERVED_WRITE k ${NOTE} rememberNote`,
  // Written inside the wrapper, attributed to the wrapper's caller.
  `OBSERVED_WRITE turn ${JOURNAL_CALL} logTurn`,
  `STORE search/call-1 ${SEARCH} SearchTool.run`,
  `OBSERVED_WRITE panel ${panel} rememberPanel`,
]

/**
 * A `.vue`/`.svelte`-style preprocessor: hands on only the component's `<script>` block, so every line in it
 * moves up by the lines of the markup before it. With `sourcemap: false` it returns no map at all (Rollup then
 * knows the map is missing), as a careless preprocessor does.
 */
function componentPreprocessor(sourcemap: boolean) {
  return {
    name: 'component-preprocessor',
    enforce: 'pre' as const,
    transform(code: string, id: string) {
      if (!id.endsWith('.vue')) return null
      const open = code.indexOf('<script>') + '<script>'.length
      const close = code.indexOf('</script>')
      const s = new MagicString(code)
      s.remove(0, open)
      s.remove(close, code.length)
      const out = { code: s.toString(), moduleType: 'js' }
      return sourcemap ? { ...out, map: s.generateMap({ hires: true, source: id, includeContent: true }) } : out
    },
  }
}

async function rollupBuild(name: string, input: string, plugins: unknown[]): Promise<Built> {
  const { rollup } = await import('rollup')
  const warnings: string[] = []
  const dir = outDir(name)
  const bundle = await rollup({
    input: path.join(FIXTURE, input),
    external: [/^memory-customs/],
    plugins: plugins as never,
    onwarn: (w) => void warnings.push(w.message),
  })
  await bundle.write({ dir, entryFileNames: 'main.mjs', format: 'es', sourcemap: true })
  await bundle.close()
  return finish(dir, warnings)
}

/** Rollup + @rollup/plugin-typescript; ours is listed first, yet its transform runs after TypeScript's `load`. */
async function rollupTypescript(sourceMap: boolean): Promise<Built> {
  const { default: typescript } = await import('@rollup/plugin-typescript')
  return rollupBuild(`rollup-ts-${sourceMap}`, 'src/main.ts', [
    MemoryCustomsRollup({ root: FIXTURE }),
    typescript({ tsconfig: TSCONFIG, sourceMap, include: [path.join(FIXTURE, 'src/**/*.ts')] }),
  ])
}

async function rollupComponent(sourcemap: boolean): Promise<Built> {
  const { default: esbuild } = await import('rollup-plugin-esbuild')
  return rollupBuild(`rollup-vue-${sourcemap}`, 'src/main-vue.ts', [
    componentPreprocessor(sourcemap),
    MemoryCustomsRollup({ root: FIXTURE, include: [/\.ts$/, /\.vue$/] }),
    esbuild({ target: 'node20', tsconfig: TSCONFIG }),
  ])
}

async function viteComponent(): Promise<Built> {
  const { build } = await import('vite')
  const warnings: string[] = []
  const dir = outDir('vite-vue')
  await build({
    root: FIXTURE,
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    // Both are `enforce: 'pre'`: the array order puts the preprocessor first.
    plugins: [componentPreprocessor(true), MemoryCustomsVite({ include: [/\.ts$/, /\.vue$/] })],
    build: {
      outDir: dir,
      emptyOutDir: true,
      sourcemap: true,
      minify: false,
      target: 'node20',
      lib: { entry: path.join(FIXTURE, 'src/main-vue.ts'), formats: ['es'], fileName: () => 'main.mjs' },
      rolldownOptions: { external: [/^memory-customs/, /^node:/], onwarn: (w) => void warnings.push(w.message) },
    },
  })
  return finish(dir, warnings)
}

const babelLoader = { loader: 'babel-loader', options: { babelrc: false, configFile: false, presets: ['@babel/preset-typescript'] } }
const swcLoader = { loader: 'builtin:swc-loader', options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } } }

/**
 * webpack with babel-loader, or Rspack with builtin:swc-loader, in an `enforce: 'pre'` rule: it runs before the
 * plugin's loader (also `pre`, and put first in the rules, so run last of the two).
 */
async function webpackLike(bundler: 'webpack' | 'rspack', devtool: 'source-map' | false): Promise<Built> {
  const dir = outDir(`${bundler}-${devtool}`)
  const config = {
    mode: 'production',
    context: FIXTURE,
    entry: './src/main.ts',
    target: 'node20',
    devtool,
    output: { path: dir, filename: 'main.mjs', module: true, chunkFormat: 'module' },
    experiments: { outputModule: true },
    externalsType: 'module',
    externals: [/^memory-customs/],
    optimization: { minimize: false },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        // The repository's package.json says "type": "module": let `./notes` resolve to `notes.ts`.
        { test: /\.ts$/, resolve: { fullySpecified: false } },
        { test: /\.ts$/, enforce: 'pre', ...(bundler === 'webpack' ? babelLoader : swcLoader) },
      ],
    },
    plugins: [bundler === 'webpack' ? MemoryCustomsWebpack() : MemoryCustomsRspack()],
  }
  const compiler = (bundler === 'webpack'
    ? (await import('webpack')).default(config as never)
    : (await import('@rspack/core')).rspack(config as never)) as unknown as import('webpack').Compiler
  const stats = await new Promise<import('webpack').Stats>((resolve, reject) =>
    compiler.run((err, s) => (err || !s ? reject(err ?? new Error('no stats')) : resolve(s))),
  )
  await new Promise<void>((resolve) => compiler.close(() => resolve()))
  const json = stats.toJson({ all: false, warnings: true, errors: true })
  if (json.errors?.length) throw new Error(json.errors.map((e) => e.message).join('\n'))
  return finish(
    dir,
    (json.warnings ?? []).map((w) => w.message),
  )
}

/** Where the bundle's own source map puts the last `snippet` before `anchor` in the bundle. */
function bundleMapsTo(dir: string, snippet: string, anchor: string): string {
  const code = readFileSync(path.join(dir, 'main.mjs'), 'utf8')
  const idx = code.lastIndexOf(snippet, code.indexOf(anchor))
  const before = code.slice(0, idx).split('\n')
  const tracer = new TraceMap(JSON.parse(readFileSync(path.join(dir, 'main.mjs.map'), 'utf8')))
  const pos = originalPositionFor(tracer, { line: before.length, column: before[before.length - 1].length })
  return `${(pos.source ?? '').replace(/^.*?(src\/)/, '$1')}:${pos.line}:${(pos.column ?? -1) + 1}`
}

describe('@rollup/plugin-typescript compiles in load, before the plugin sees the file', () => {
  test('with its source map: manifest and receipts name the TypeScript lines (line 12, not 2)', async () => {
    const out = await rollupTypescript(true)
    expect(NOTE).toBe('src/notes.ts:12:3')
    expect(positions(out.manifest)).toEqual(sitesWith(PANEL_TS))
    expect(wrapsOf(out.manifest)).toEqual([KEEP_ENTRY])
    expect(ours(out.warnings)).toEqual([])
    expect(await receiptsOf(path.join(out.dir, 'main.mjs'))).toEqual(expectedReceipts(PANEL_TS))
    // The plugin's own map chains onto TypeScript's: the bundle's map still leads to the source.
    expect(bundleMapsTo(out.dir, 'store.set(', "['k', 1]")).toBe(NOTE)
  })

  test('without a source map: one warning per file, naming it and what to do', async () => {
    const out = await rollupTypescript(false)
    const warnings = ours(out.warnings)
    for (const file of ['src/notes.ts', 'src/tools.ts', 'src/panel.ts']) {
      const about = warnings.filter((w) => w.includes(`[memory-customs] ${file}:`))
      expect(about, file).toHaveLength(1)
      expect(about[0]).toMatch(/not the file on disk .* no source map/)
      expect(about[0]).toContain('"sourceMap": true')
    }
    // What it warns about: the positions are those of the compiled code.
    expect(positions(out.manifest)).toContain('src/notes.ts:2:5')
  })
})

test('rollup-plugin-esbuild listed before the plugin: exact lines and columns through its token-level map', async () => {
  const { default: esbuild } = await import('rollup-plugin-esbuild')
  // esbuild maps the indentation before `store.set` to the `s`: the column is read from the source, not assumed.
  const out = await rollupBuild('rollup-esbuild-first', 'src/main.ts', [
    esbuild({ target: 'node20', tsconfig: TSCONFIG }),
    MemoryCustomsRollup({ root: FIXTURE }),
  ])
  expect(positions(out.manifest)).toEqual(sitesWith(PANEL_TS))
  expect(wrapsOf(out.manifest)).toEqual([KEEP_ENTRY])
  expect(ours(out.warnings)).toEqual([])
  expect(await receiptsOf(path.join(out.dir, 'main.mjs'))).toEqual(expectedReceipts(PANEL_TS))
})

describe.each([
  ['webpack', 'babel-loader'],
  ['rspack', 'builtin:swc-loader'],
] as const)('%s: %s runs before the plugin', (bundler, _loader) => {
  test('with devtool: manifest and receipts name the TypeScript lines', async () => {
    const out = await webpackLike(bundler, 'source-map')
    expect(positions(out.manifest)).toEqual(sitesWith(PANEL_TS))
    expect(wrapsOf(out.manifest)).toEqual([KEEP_ENTRY])
    expect(ours(out.warnings)).toEqual([])
    expect(await receiptsOf(path.join(out.dir, 'main.mjs'))).toEqual(expectedReceipts(PANEL_TS))
  })

  test('with devtool: false, loaders pass no map: one warning per changed file', async () => {
    const out = await webpackLike(bundler, false)
    const warnings = ours(out.warnings)
    expect(warnings.filter((w) => w.includes('[memory-customs] src/notes.ts:'))).toHaveLength(1)
    expect(warnings.filter((w) => w.includes('[memory-customs] src/tools.ts:'))).toHaveLength(1)
    expect(warnings.join('\n')).toMatch(/set `devtool`/)
  })
})

describe('a .vue-style preprocessor cuts the script block out of a component', () => {
  test('Rollup: manifest and receipts name the component line, through the preprocessor map', async () => {
    const out = await rollupComponent(true)
    expect(PANEL_VUE).toBe('src/Panel.vue:15:3')
    expect(positions(out.manifest)).toEqual(sitesWith(PANEL_VUE))
    expect(wrapsOf(out.manifest)).toEqual([KEEP_ENTRY])
    expect(ours(out.warnings)).toEqual([])
    expect(await receiptsOf(path.join(out.dir, 'main.mjs'))).toEqual(expectedReceipts(PANEL_VUE))
  })

  test('Vite (Rolldown): the same, through getCombinedSourcemap', async () => {
    const out = await viteComponent()
    expect(positions(out.manifest)).toEqual(sitesWith(PANEL_VUE))
    expect(wrapsOf(out.manifest)).toEqual([KEEP_ENTRY])
    expect(ours(out.warnings)).toEqual([])
    expect(await receiptsOf(path.join(out.dir, 'main.mjs'))).toEqual(expectedReceipts(PANEL_VUE))
  })

  test('Vite dev server: the sites it analyses name the component line', async () => {
    const { createServer } = await import('vite')
    const ours = MemoryCustomsVite({ include: [/\.ts$/, /\.vue$/] }) as { api?: MemoryCustomsApi }
    const server = await createServer({
      root: FIXTURE,
      configFile: false,
      logLevel: 'silent',
      plugins: [componentPreprocessor(true), ours as never],
      server: { middlewareMode: true, hmr: false, ws: false },
      appType: 'custom',
    })
    try {
      await server.transformRequest('/src/Panel.vue')
      await server.transformRequest('/src/notes.ts')
    } finally {
      await server.close()
    }
    expect((ours.api as MemoryCustomsApi).sites().map((x) => `${x.file}:${x.line}:${x.column}`)).toEqual([PANEL_VUE, NOTE].sort())
  })

  test('Rollup, a preprocessor that returns no map: warned once, for the component only', async () => {
    const out = await rollupComponent(false)
    const warnings = ours(out.warnings)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/\[memory-customs\] src\/Panel\.vue: .*not the file on disk/)
    expect(positions(out.manifest)).toEqual(sitesWith('src/Panel.vue:8:3'))
    expect(wrapsOf(out.manifest)).toEqual([KEEP_ENTRY])
  })
})

describe('positions', () => {
  const notesId = path.join(FIXTURE, 'src/notes.ts')
  const notes = readFileSync(notesId, 'utf8')

  test('the plugin does no extra work when the code is the file on disk', () => {
    const sites = analyze(notes, notesId, { root: FIXTURE })
    expect(sites).toHaveLength(1)
    const remap = createSourcePositions()
    const warnings: string[] = []
    const untouchable = () => {
      throw new Error('no map may be asked for')
    }
    // Rollup/Vite: the code equals the file, so the combined map is never asked for.
    expect(remap({ warn: (m) => warnings.push(m), getCombinedSourcemap: untouchable }, notes, notesId, 'src/notes.ts', sites)).toBe(sites)
    // webpack: ours is the first loader, so neither the input map nor the disk is read.
    const native = {
      framework: 'webpack',
      loaderContext: { loaderIndex: 1, loaders: [{}, {}], resourcePath: '/nonexistent/notes.ts' },
      get inputSourceMap() {
        return untouchable()
      },
    }
    expect(remap({ warn: (m) => warnings.push(m), getNativeBuildContext: () => native }, 'changed', notesId, 'src/notes.ts', sites)).toBe(
      sites,
    )
    expect(warnings).toEqual([])
  })

  test('decodeMappings agrees with @jridgewell/trace-mapping on real maps', async () => {
    const { transform } = await import('esbuild')
    const compiled = await transform(notes, { loader: 'ts', sourcemap: 'external', sourcefile: notesId })
    const babelLike = new MagicString(notes).remove(0, notes.indexOf('export')).generateMap({ hires: 'boundary', source: notesId })
    for (const map of [JSON.parse(compiled.map), JSON.parse(babelLike.toString())]) {
      const expected = decodedMappings(new TraceMap(map)).map((line) =>
        line.filter((s) => s.length >= 4).map((s) => [s[0], s[1], s[2], s[3]]),
      )
      const ours = decodeMappings(map.mappings)
      expect(ours.length).toBe(expected.length)
      expect(ours).toEqual(expected)
    }
    expect(() => decodeMappings('AA!A')).toThrow(/malformed/)
    expect(parseInputMap({ version: 3, sources: [], mappings: '' })).toBeNull()
    expect(parseInputMap('{not json')).toBeNull()
  })

  test('a low-resolution map (one segment per line) keeps the column offset inside copied text', () => {
    // One segment: generated line 3, column 1 is source line 12, column 3 (`;;AAWE`).
    const shifted = new PositionMapper({ sources: ['f.ts'], mappings: ';;AAWE' })
    expect(shifted.original(3, 1)).toEqual({ line: 12, column: 3, segmentColumn: 3, sourceIndex: 0 })
    expect(shifted.original(3, 7)).toEqual({ line: 12, column: 9, segmentColumn: 3, sourceIndex: 0 })
    expect(shifted.original(1, 1)).toBeNull()
  })
})
