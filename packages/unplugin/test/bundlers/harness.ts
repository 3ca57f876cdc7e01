/**
 * Builds the agent fixture with each bundler's Node API, in process, and runs the bundles with Node.
 * Every bundler resolves `memory-customs/probe` to the runtime's source (`packages/runtime/src/probe.ts`)
 * so the tests do not depend on a prior `npm run build`; instrumented code imports exactly that specifier.
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping'
import type { Plugin as EsbuildPlugin } from 'esbuild'
import type { Options } from '../../src/types'
import MemoryCustomsEsbuild from '../../src/esbuild'
import MemoryCustomsRollup from '../../src/rollup'
import MemoryCustomsRspack from '../../src/rspack'
import MemoryCustomsVite from '../../src/vite'
import MemoryCustomsWebpack from '../../src/webpack'
import type { Manifest } from '../../src/adapter/manifest'

const here = path.dirname(fileURLToPath(import.meta.url))
export const FIXTURE = path.resolve(here, '../fixtures/agent')
export const PROBE_SRC = path.resolve(here, '../../../runtime/src/probe.ts')
export const MANIFEST = 'memory-customs.sites.json'
const PROBE_SPECIFIER = 'memory-customs/probe'

export type BundlerName = 'vite' | 'webpack' | 'rspack' | 'rollup' | 'esbuild'
export const BUNDLERS: BundlerName[] = ['vite', 'webpack', 'rspack', 'rollup', 'esbuild']

export interface BuildOutput {
  outDir: string
  /** The entry bundle. */
  file: string
  code: string
  /** The bundle's source map (JSON), when the bundler wrote one. */
  map: { version: number; sources: string[]; mappings: string; names: string[] } | null
  manifest: Manifest | null
  warnings: string[]
}

export interface BuildRequest {
  /** `undefined` builds the baseline, without the plugin. */
  plugin?: Options
  /** Two plugin instances, to check they do not double the probes or the manifest. */
  twice?: boolean
  mode?: 'production' | 'development'
  /** webpack only: persistent cache directory. */
  cacheDirectory?: string
  /** esbuild only: plugins after ours (or before it when `otherPluginFirst`). */
  extraEsbuildPlugins?: EsbuildPlugin[]
  otherPluginFirst?: boolean
  /**
   * webpack only, how the plugin's map survives esbuild-loader: the `inlineSourceMap` option (default), the
   * `webpack-inline-map-loader` (path to a runnable build of it), or nothing (the known gap).
   */
  webpackMaps?: 'inline-option' | { loader: string } | 'none'
}

let tempRoot: string | null = null
export function tempDir(name: string): string {
  tempRoot ??= mkdtempSync(path.join(tmpdir(), 'memory-customs-bundlers-'))
  return mkdtempSync(path.join(tempRoot, `${name}-`))
}
export function tempRootDir(): string | null {
  return tempRoot
}

function finish(outDir: string, entry: string, warnings: string[]): BuildOutput {
  const file = path.join(outDir, entry)
  const mapFile = `${file}.map`
  const manifestFile = path.join(outDir, MANIFEST)
  return {
    outDir,
    file,
    code: readFileSync(file, 'utf8'),
    map: existsSync(mapFile) ? JSON.parse(readFileSync(mapFile, 'utf8')) : null,
    manifest: existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : null,
    warnings,
  }
}

function instances<T>(make: () => T, req: BuildRequest): T[] {
  if (!req.plugin) return []
  return req.twice ? [make(), make()] : [make()]
}

export async function buildVite(req: BuildRequest & { ssr?: boolean }, outDir = tempDir('vite')): Promise<BuildOutput> {
  const { build } = await import('vite')
  const warnings: string[] = []
  const entry = path.join(FIXTURE, 'src/main.ts')
  // A server (SSR) build bundles everything too, so the output runs from a temp dir like the lib build.
  const target = { lib: { entry, formats: ['es' as const], fileName: () => 'main.mjs' } }
  await build({
    root: FIXTURE,
    configFile: false,
    logLevel: 'silent',
    mode: req.mode ?? 'production',
    plugins: instances(() => MemoryCustomsVite(req.plugin), req),
    resolve: { alias: { [PROBE_SPECIFIER]: PROBE_SRC } },
    oxc: { jsx: { runtime: 'classic', pragma: 'h' } },
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: true,
      minify: false,
      target: 'node20',
      ...(req.ssr ? { ssr: entry } : { lib: target.lib }),
      rolldownOptions: {
        external: [/^node:/],
        ...(req.ssr ? { output: { entryFileNames: 'main.mjs', format: 'es' as const } } : {}),
        onwarn(warning) {
          warnings.push(warning.message)
        },
      },
    },
    ...(req.ssr ? { ssr: { noExternal: true, target: 'node' as const } } : {}),
  })
  return finish(outDir, 'main.mjs', warnings)
}

function webpackLikeConfig(req: BuildRequest, outDir: string, rule: object, plugins: unknown[]) {
  return {
    mode: req.mode ?? 'production',
    context: FIXTURE,
    entry: './src/main.ts',
    target: 'node20',
    devtool: 'source-map',
    output: { path: outDir, filename: 'main.cjs', clean: true },
    optimization: { minimize: false },
    resolve: { extensions: ['.ts', '.tsx', '.js'], alias: { [PROBE_SPECIFIER]: PROBE_SRC } },
    module: { rules: [rule] },
    plugins,
    ...(req.cacheDirectory ? { cache: { type: 'filesystem' as const, cacheDirectory: req.cacheDirectory, buildDependencies: {} } } : {}),
  }
}

function statsWarnings(stats: { toJson(o: object): { warnings?: Array<{ message: string }>; errors?: Array<{ message: string }> } }) {
  const json = stats.toJson({ all: false, warnings: true, errors: true })
  if (json.errors?.length) throw new Error(json.errors.map((e) => e.message).join('\n'))
  return (json.warnings ?? []).map((w) => w.message)
}

export async function buildWebpack(req: BuildRequest, outDir = tempDir('webpack')): Promise<BuildOutput> {
  const { default: webpack } = await import('webpack')
  const maps = req.webpackMaps ?? 'inline-option'
  const esbuildLoader = { loader: 'esbuild-loader', options: { target: 'node20', tsconfig: path.join(FIXTURE, 'tsconfig.json') } }
  // Loaders run right to left: the inline-map loader sees the plugin's output first, then esbuild-loader.
  const rule = { test: /\.tsx?$/, use: typeof maps === 'object' ? [esbuildLoader, { loader: maps.loader }] : [esbuildLoader] }
  // esbuild-loader drops incoming maps; the plugin's inline-map workaround keeps positions right.
  const inlineSourceMap = maps === 'inline-option'
  const plugins = instances(() => MemoryCustomsWebpack({ inlineSourceMap, ...req.plugin }), req)
  const compiler = webpack(webpackLikeConfig(req, outDir, rule, plugins) as never) as unknown as import('webpack').Compiler
  const stats = await new Promise<import('webpack').Stats>((resolve, reject) =>
    compiler.run((err, s) => (err || !s ? reject(err ?? new Error('no stats')) : resolve(s))),
  )
  await new Promise<void>((resolve) => compiler.close(() => resolve()))
  return finish(outDir, 'main.cjs', statsWarnings(stats))
}

export async function buildRspack(req: BuildRequest, outDir = tempDir('rspack')): Promise<BuildOutput> {
  const { rspack } = await import('@rspack/core')
  const rule = {
    test: /\.tsx?$/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'classic', pragma: 'h' } },
        target: 'es2022',
      },
    },
  }
  const plugins = instances(() => MemoryCustomsRspack(req.plugin), req)
  const compiler = rspack(webpackLikeConfig(req, outDir, rule, plugins) as never) as unknown as import('@rspack/core').Compiler
  const stats = await new Promise<import('@rspack/core').Stats>((resolve, reject) =>
    compiler.run((err, s) => (err || !s ? reject(err ?? new Error('no stats')) : resolve(s))),
  )
  await new Promise<void>((resolve) => compiler.close(() => resolve()))
  return finish(outDir, 'main.cjs', statsWarnings(stats as never))
}

export async function buildRollup(req: BuildRequest, outDir = tempDir('rollup')): Promise<BuildOutput> {
  const { rollup } = await import('rollup')
  const { default: esbuild } = await import('rollup-plugin-esbuild')
  const { nodeResolve } = await import('@rollup/plugin-node-resolve')
  const warnings: string[] = []
  const probeAlias = { name: 'probe-alias', resolveId: (id: string) => (id === PROBE_SPECIFIER ? PROBE_SRC : null) }
  const bundle = await rollup({
    input: path.join(FIXTURE, 'src/main.ts'),
    // The plugin goes FIRST: Rollup has no `enforce`, and after esbuild() it would see transpiled code.
    plugins: [
      ...instances(() => MemoryCustomsRollup({ root: FIXTURE, ...req.plugin }), req),
      probeAlias,
      nodeResolve({ extensions: ['.ts', '.tsx', '.js'] }),
      esbuild({ target: 'node20', tsconfig: path.join(FIXTURE, 'tsconfig.json') }),
    ],
    onwarn(warning) {
      warnings.push(warning.message)
    },
  })
  await bundle.write({ dir: outDir, entryFileNames: 'main.mjs', format: 'es', sourcemap: true })
  await bundle.close()
  return finish(outDir, 'main.mjs', warnings)
}

export async function buildEsbuild(req: BuildRequest, outDir = tempDir('esbuild')): Promise<BuildOutput> {
  const esbuild = await import('esbuild')
  const probeAlias: EsbuildPlugin = {
    name: 'probe-alias',
    setup(b) {
      b.onResolve({ filter: /^memory-customs\/probe$/ }, () => ({ path: PROBE_SRC }))
    },
  }
  const ours = instances(() => MemoryCustomsEsbuild(req.plugin) as EsbuildPlugin, req)
  const extra = req.extraEsbuildPlugins ?? []
  const result = await esbuild.build({
    absWorkingDir: FIXTURE,
    entryPoints: ['src/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    sourcemap: true,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': JSON.stringify(req.mode ?? 'production') },
    // Ours first: esbuild runs only the first onLoad that returns contents.
    plugins: req.otherPluginFirst ? [probeAlias, ...extra, ...ours] : [probeAlias, ...ours, ...extra],
  })
  return finish(
    outDir,
    'main.mjs',
    result.warnings.map((w) => w.text),
  )
}

export function buildWith(bundler: BundlerName, req: BuildRequest): Promise<BuildOutput> {
  switch (bundler) {
    case 'vite':
      return buildVite(req)
    case 'webpack':
      return buildWebpack(req)
    case 'rspack':
      return buildRspack(req)
    case 'rollup':
      return buildRollup(req)
    case 'esbuild':
      return buildEsbuild(req)
  }
}

export interface RunOutput {
  results: unknown
  probes: string[]
  registered: string[]
}

const run = promisify(execFile)

/** Runs a bundle with Node and parses the three JSON lines the fixture's main prints. */
export async function runBundle(file: string, env: Record<string, string> = {}): Promise<RunOutput> {
  const { stdout } = await run(process.execPath, [file], {
    cwd: path.dirname(file),
    env: { ...process.env, MEMORY_CUSTOMS: '', ...env },
  })
  const out: Partial<RunOutput> = {}
  for (const line of stdout.split('\n')) if (line.trim()) Object.assign(out, JSON.parse(line))
  return out as RunOutput
}

/** Fixture sources, by root-relative file. */
export function fixtureSources(): Map<string, string> {
  const out = new Map<string, string>()
  for (const name of readdirSync(path.join(FIXTURE, 'src'))) {
    out.set(`src/${name}`, readFileSync(path.join(FIXTURE, 'src', name), 'utf8'))
  }
  return out
}

/**
 * `file:line:column` of the `occurrence`-th appearance of `snippet` in a fixture file: the independent oracle
 * for where a call expression starts (1-based, UTF-16 columns).
 */
export function at(file: string, snippet: string, occurrence = 1): string {
  const text = readFileSync(path.join(FIXTURE, file), 'utf8')
  let idx = -1
  for (let i = 0; i < occurrence; i++) {
    idx = text.indexOf(snippet, idx + 1)
    if (idx < 0) throw new Error(`${snippet} not found ${occurrence}x in ${file}`)
  }
  const before = text.slice(0, idx).split('\n')
  return `${file}:${before.length}:${before[before.length - 1].length + 1}`
}

/**
 * Sites whose position does not map back through the bundle's final source map. For each site, every
 * occurrence of its callee text in the bundle is traced (a bundler may prefix a renamed binding:
 * `history_saveMessages`); one of them must land exactly on the site's original file, line and column.
 */
export function unmappedSites(out: BuildOutput): string[] {
  if (!out.map || !out.manifest) return ['<no map or manifest>']
  const code = out.code
  const tracer = new TraceMap(out.map as never)
  const lineStarts = [0]
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStarts.push(i + 1)
  const generatedAt = (offset: number) => {
    let lo = 0
    let hi = lineStarts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (lineStarts[mid] <= offset) lo = mid
      else hi = mid - 1
    }
    return { line: lo + 1, column: offset - lineStarts[lo] }
  }
  const missing: string[] = []
  for (const site of out.manifest.files.flatMap((f) => f.sites)) {
    if (site.unsupported) continue
    const want = `${site.file}:${site.line}:${site.column}`
    const mapped = new Set<string>()
    for (let i = code.indexOf(site.callee); i >= 0; i = code.indexOf(site.callee, i + 1)) {
      const orig = originalPositionFor(tracer, generatedAt(i))
      if (orig.source && orig.line !== null)
        mapped.add(`${orig.source.replace(/^.*?(src\/)/, '$1')}:${orig.line}:${(orig.column ?? 0) + 1}`)
    }
    if (!mapped.has(want)) missing.push(`${site.callee} at ${want} (mapped: ${[...mapped].join(', ') || 'none'})`)
  }
  return missing
}
