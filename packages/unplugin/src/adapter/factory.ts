import path from 'node:path'
import type { SourceMapCompact, UnpluginBuildContext, UnpluginContext, UnpluginFactory, UnpluginOptions } from 'unplugin'
import { normalizeId } from '../core/ids'
import { escapeRegExp, PROBE_NAMES } from '../core/glob'
import { resolveOptions, type ResolvedOptions } from '../core/options'
import { candidateTest, candidateWords } from '../core/candidates'
import { saveParserCache } from '../core/code-cache'
import { hintedSources, projectWrapperIndex, sourcesMatch } from '../core/wrapper-specs'
import type { CallSite, Options } from '../types'
import { version } from '../../package.json'
import { claimEmission } from './emitted'
import { createIdFilter, nativeTransformFilter, nonStateful } from './filters'
import { appendInlineSourceMap, type SourceMapLike } from './inline-map'
import { createSourcePositions } from './input-map'
import { TransformCache, type CachedTransform } from './transform-cache'
import { isInstrumented } from '../core/marker'
import type { AnalyzeError } from '../core/errors'
import { SiteCollector, type ManifestSite } from './manifest'
import { reportHtml } from './report'
import { errorMessage, skippedFileWarning } from './warnings'
import { BRIDGE_ID, viteInspector } from '../inspector/vite'
import { injectHttpBridge } from '../inspector/webpack'

export const PLUGIN_NAME = 'unplugin-memory-customs'

/** What the host bundler told us; filled by the per-bundler hooks before the first transform. */
interface HostInfo {
  mode?: string
  root?: string
  /** Vite `serve` (dev server, vitest): nothing is emitted; sites are available through `api.sites()`. */
  serve?: boolean
  /** Under vitest: where the manifest is written when the run ends (absolute), else unset. */
  testOutDir?: string
  /** Vite: the build's output directory (absolute): the source scan skips it (an earlier build's bundle is no source). */
  outDir?: string
}

/** Options resolved for the actual build, plus what the handler derives from them. */
interface ActiveConfig {
  resolved: ResolvedOptions
  mode: string
  root: string
  enabled: boolean
  admits: (id: string) => boolean
  /** The exact candidate test; `null` until the wrappers under `root` are known (see `prepare`). */
  prefilter: RegExp | null
  /** Set while the wrapper declarations are read with the parser, which is loaded asynchronously. */
  preparing?: Promise<void>
  /** A source file under `root` passes the candidate test (or mentions a wrapper): the parser will likely be needed. */
  likelyCandidates: boolean
  /** The source files that pass the candidate test (absolute paths, from the same scan). */
  likelyFiles: readonly string[]
  /** Earlier builds' analyses (the `cache` option), or `null`. */
  cache: TransformCache | null
}

/** The API exposed on the Vite plugin (`plugin.api`). */
export interface MemoryCustomsApi {
  /** Sites analysed so far in this process by this plugin instance, ordered by file, line, column. */
  sites(): ManifestSite[]
}

type ParserCore = typeof import('./core')
let parserCore: ParserCore | undefined
let parserCoreLoading: Promise<ParserCore> | undefined
/** The TypeScript-backed core, loaded once per process on first need (see `./core`), from V8's code cache. */
function loadParserCore(): Promise<ParserCore> {
  parserCoreLoading ??= import('./core').then((m) => (parserCore = m))
  return parserCoreLoading
}

/**
 * The names of the wrappers under `o.root`, or `null` when a module there mentions one and the parser is not
 * loaded yet: most projects have none, and then the candidate test needs no TypeScript.
 */
function wrapperNamesNow(o: ResolvedOptions): string[] | null {
  const index = parserCore ? parserCore.wrapperIndex(o.root, o.wrappers, parserCore.parse) : projectWrapperIndex(o.root, o.wrappers, null)
  return index && [...index.names]
}

// A module that defines the probe functions is the runtime itself; instrumenting it would make it import itself.
// All three are required: a user module that merely declares one of these names is instrumented with fresh
// helper names instead.
const DEFINES_PROBE = [PROBE_NAMES.prepare, PROBE_NAMES.done, PROBE_NAMES.register].map(
  (name) => new RegExp(`\\bfunction\\s+${escapeRegExp(name)}\\b`),
)
const definesProbe = (code: string) => DEFINES_PROBE.every((re) => re.test(code))

function modeFromEnv(): string {
  return process.env.NODE_ENV || 'development'
}

/**
 * The unplugin factory: a thin adapter that filters modules, calls the pure core (`analyzeSafe`,
 * `instrument`), collects sites into the manifest and never fails the build for its own reasons.
 * Wrong options are the user's error and fail fast (OptionError names the option).
 */
export const unpluginFactory: UnpluginFactory<Options | undefined, false> = (userOptions, meta) => {
  const framework = meta.framework
  const host: HostInfo = {}
  // Not cleared between builds: in watch mode unchanged modules are not transformed again, so their sites
  // must stay; a module transformed again replaces its entry.
  const collector = new SiteCollector()
  // Sites found in code that an earlier plugin or loader compiled get the author's lines back (./input-map).
  const sitesInSource = createSourcePositions()
  // The dev page (Vite serve only; webpack/Rspack use the `unplugin-memory-customs/inspector` middleware).
  const inspector = viteInspector({
    enabled: userOptions?.inspector,
    root: () => config().root,
    sites: () => collector.sites(),
    onSitesChange: (listener) => (collector.onChange = listener),
  })

  // Validate now, so a wrong option fails when the config is loaded, not at the first module.
  const eager = resolveOptions(userOptions, { mode: modeFromEnv(), root: userOptions?.root })
  const envModes = Object.keys(userOptions?.env ?? {})
  const perMode = [eager, ...envModes.map((mode) => resolveOptions(userOptions, { mode, root: userOptions?.root }))]

  let active: ActiveConfig | null = null
  const config = (): ActiveConfig => {
    if (active) return active
    const mode = host.mode || modeFromEnv()
    const root = path.resolve(userOptions?.root ?? host.root ?? process.cwd())
    const resolved = resolveOptions(userOptions, { mode, root, outDir: host.outDir })
    const enabled = typeof resolved.enabled === 'function' ? resolved.enabled({ mode, framework }) !== false : resolved.enabled !== false
    // Disabled: no scan of the sources and no candidate test, nothing is transformed. Enabled, the scan for wrapper
    // declarations also tells whether any source file could be a candidate (before the index reuses that scan).
    const hint = enabled ? (candidateWords(resolved, []) ?? candidateTest(resolved, [])) : null
    const likelyCandidates = hint !== null && sourcesMatch(resolved.root, resolved.wrappers, hint) === true
    const likelyFiles = (likelyCandidates && hint && hintedSources(resolved.root, resolved.wrappers, hint)) || []
    const names = enabled ? wrapperNamesNow(resolved) : null
    active = {
      likelyCandidates,
      likelyFiles,
      resolved,
      mode,
      root,
      enabled,
      admits: createIdFilter(resolved.include, resolved.exclude, root),
      prefilter: names && nonStateful(candidateTest(resolved, names)),
      cache: enabled ? TransformCache.open(resolved, userOptions?.cache) : null,
    }
    return active
  }
  /** Completes `c.prefilter` when the wrapper declarations need the parser: loads it and reads them. */
  const prepare = (c: ActiveConfig): Promise<void> => {
    c.preparing ??= loadParserCore().then((core) => {
      const names = [...core.wrapperIndex(c.resolved.root, c.resolved.wrappers, core.parse).names]
      c.prefilter = nonStateful(candidateTest(c.resolved, names))
    })
    return c.preparing
  }
  const hostChanged = (info: HostInfo) => {
    Object.assign(host, info)
    active = null
  }

  type TransformResult = { code: string; map: SourceMapCompact | null } | null
  type Ctx = UnpluginBuildContext & UnpluginContext

  // Synchronous for every module the filters reject; a candidate waits for the parser only the first time.
  function transformModule(this: Ctx, code: string, id: string): TransformResult | Promise<TransformResult> {
    let file = id
    try {
      const c = config()
      if (!c.enabled || !c.admits(id)) return null
      if (!c.prefilter) {
        return prepare(c).then(
          () => transformModule.call(this, code, id),
          (err) => {
            this.warn(skippedFileWarning(normalizeId(id, c.root).file, 1, 1, `internal error: ${errorMessage(err)}`))
            return null
          },
        )
      }
      file = normalizeId(id, c.root).file
      if (code.search(c.prefilter) === -1) {
        // An edited module (watch mode, HMR) may have lost its sites; forget what it had.
        collector.record(file, [])
        return null
      }
      // A module an earlier build analysed (same code, id and configuration). A call of the module's own wrapper
      // takes the parser path: its sites may need the declarations read again (./input-map).
      const hit = !isInstrumented(code) && !definesProbe(code) ? c.cache?.get(id, code) : undefined
      if (hit && !hit.sites.some((s) => s.wraps?.some((w) => w.file === file))) return transformFromCache.call(this, c, hit, code, id, file)
      if (parserCore) return transformCandidate.call(this, parserCore, c, code, id, file)
      return loadParserCore().then(
        (core) => transformCandidate.call(this, core, c, code, id, file),
        (err) => {
          this.warn(skippedFileWarning(file, 1, 1, `internal error: ${errorMessage(err)}`))
          return null
        },
      )
    } catch (err) {
      this.warn(skippedFileWarning(file, 1, 1, `internal error: ${errorMessage(err)}`))
      return null
    }
  }

  function transformCandidate(this: Ctx, core: ParserCore, c: ActiveConfig, code: string, id: string, file: string): TransformResult {
    try {
      // Already instrumented (a second plugin instance, or a bundle fed back in): leave it alone.
      if (isInstrumented(code) || definesProbe(code)) return null
      const analysis = core.analyzeSafe(code, id, c.resolved)
      const sites = recordSites.call(this, c, code, id, file, analysis, (text) => core.wrapperDeclarationLines(text, file, c.resolved))
      const out = sites && core.instrument(code, id, sites, c.resolved)
      // What the next build of this same module takes instead of parsing it (./transform-cache): the output is
      // kept only when it was made for the sites as found (no input source map moved them).
      c.cache?.set(id, code, { ...analysis, out: out && sites === analysis.sites ? { code: out.code, map: { ...out.map } } : null })
      return shapedOutput(c, out)
    } catch (err) {
      this.warn(skippedFileWarning(file, 1, 1, `internal error: ${errorMessage(err)}`))
      return null
    }
  }

  /** `transformCandidate` from an earlier build's result: the parser is loaded only if an input source map moved the sites. */
  function transformFromCache(
    this: Ctx,
    c: ActiveConfig,
    hit: CachedTransform,
    code: string,
    id: string,
    file: string,
  ): TransformResult | Promise<TransformResult> {
    try {
      const sites = recordSites.call(this, c, code, id, file, hit)
      if (!sites) return null
      if (sites === hit.sites && hit.out) return shapedOutput(c, hit.out)
      return (parserCore ? Promise.resolve(parserCore) : loadParserCore()).then(
        (core) => shapedOutput(c, core.instrument(code, id, sites, c.resolved)),
        (err) => {
          this.warn(skippedFileWarning(file, 1, 1, `internal error: ${errorMessage(err)}`))
          return null
        },
      )
    } catch (err) {
      this.warn(skippedFileWarning(file, 1, 1, `internal error: ${errorMessage(err)}`))
      return null
    }
  }

  /**
   * The analysis's sites at the author's positions, recorded in the manifest; `null` when there is nothing to
   * instrument (with a warning when the module could not be parsed).
   */
  function recordSites(
    this: Ctx,
    c: ActiveConfig,
    code: string,
    id: string,
    file: string,
    analysis: { sites: CallSite[]; error?: AnalyzeError },
    wrapperLines?: (original: string) => ReadonlyMap<string, number>,
  ): CallSite[] | null {
    const error = analysis.error
    if (error) {
      collector.record(file, [])
      const reason = /^(?:internal error|nesting too deep)/.test(error.message) ? error.message : `cannot be parsed: ${error.message}`
      this.warn(skippedFileWarning(file, error.line, error.column, reason))
      return null
    }
    const sites = sitesInSource(this, code, id, file, analysis.sites, wrapperLines)
    collector.record(file, sites)
    return sites.some((s) => !s.unsupported) ? sites : null
  }

  function shapedOutput(c: ActiveConfig, out: { code: string; map: unknown } | null): TransformResult {
    if (!out) return null
    const map = out.map as SourceMapLike
    if (c.resolved.inlineSourceMap) return { code: appendInlineSourceMap(out.code, map), map: null }
    return { code: out.code, map: c.resolved.sourcemap === false ? null : (map as SourceMapCompact) }
  }

  const manifestText = (): string => {
    const c = config()
    return `${JSON.stringify(collector.manifest({ version, framework, mode: c.mode }), null, 2)}\n`
  }
  const manifestName = (): string | null => {
    const c = config()
    return c.enabled && c.resolved.manifest ? c.resolved.manifest : null
  }

  // Rollup and Vite: the manifest is an asset of each output, unless a twin instance already added it.
  const emittedTo = new Set<string>()
  const outputDir = (output: { dir?: string; file?: string }) =>
    output.dir ? path.resolve(output.dir) : output.file ? path.dirname(path.resolve(output.file)) : null
  const emitIntoBundle = (
    ctx: { emitFile(asset: { type: 'asset'; fileName: string; source: string }): unknown },
    output: { dir?: string; file?: string },
    bundle: Record<string, unknown>,
  ) => {
    const fileName = manifestName()
    if (!fileName || fileName in bundle || !claimEmission(bundle, fileName)) return
    const dir = outputDir(output)
    if (dir) emittedTo.add(dir)
    ctx.emitFile({ type: 'asset', fileName, source: manifestText() })
  }
  // Vite drops emitted assets from server (SSR) builds unless `build.emitAssets` is on; agents mostly run
  // server-side, so a manifest this instance emitted but that is not on disk is written there directly.
  const writeIfDropped = async (output: { dir?: string; file?: string }) => {
    await writeReport(output, outputDir(output))
    const fileName = manifestName()
    const dir = outputDir(output)
    if (!fileName || !dir || !emittedTo.has(dir)) return
    const { mkdir, readFile, writeFile } = await import('node:fs/promises')
    const target = path.resolve(dir, fileName)
    const text = manifestText()
    const onDisk = await readFile(target, 'utf8').catch(() => null)
    if (onDisk === text) return
    await mkdir(path.dirname(target), { recursive: true })
    await writeFile(target, text)
  }

  // The `report` option: the sites as one HTML page (./report), written beside the output once it is on disk.
  const reportText = (warn: (message: string) => void): Promise<string | null> | null => {
    const c = config()
    return c.enabled && c.resolved.report ? reportHtml(c.resolved.report, collector.sites(), warn) : null
  }
  // Once per output whatever twin instances run (the first: the one whose transforms found the sites).
  const writeReport = async (output: object, dir: string | null) => {
    const c = config()
    if (!c.enabled || !c.resolved.report || !claimEmission(output, c.resolved.report.out)) return
    const html = dir ? await reportText((m) => console.warn(m)) : null
    if (!html || !dir || !c.resolved.report) return
    const { mkdir, writeFile } = await import('node:fs/promises')
    const target = path.resolve(dir, c.resolved.report.out)
    await mkdir(path.dirname(target), { recursive: true })
    await writeFile(target, html)
  }
  // webpack, Rspack and Farm: an asset of the compilation; esbuild: a file beside the output. Claimed before the
  // report is built, so the first of twin instances writes it.
  const emitReport = async (ctx: UnpluginBuildContext & Partial<Pick<UnpluginContext, 'warn'>>) => {
    const c = config()
    const native = ctx.getNativeBuildContext?.()
    if (!c.enabled || !c.resolved.report || !native) return
    const fileName = c.resolved.report.out
    const compilation =
      native.framework === 'webpack' || native.framework === 'rspack'
        ? (native.compilation as unknown as CompilationLike | undefined)
        : undefined
    const claim = native.framework === 'esbuild' ? native.build.initialOptions : compilation
    if ((claim && !claimEmission(claim, fileName)) || compilation?.getAsset(fileName)) return
    const html = await reportText((m) => (ctx.warn ? ctx.warn(m) : console.warn(m)))
    if (!html) return
    if (native.framework === 'esbuild') return writeEsbuildManifest(native.build.initialOptions, fileName, html)
    ctx.emitFile({ type: 'asset', fileName, source: html })
  }

  // vitest runs on Vite's dev server, which has no bundle to emit into: when it closes (the end of a `vitest run`),
  // the sites its transforms analysed are written where a build would put them, so a test run leaves a manifest too.
  // A plain dev server writes none (it would litter `dist` on every start); it has `api.sites()`.
  let configuredOutDir: string | undefined
  const writeTestManifest = async () => {
    const fileName = manifestName()
    if (!fileName || !host.testOutDir || !collector.sites().length) return
    const { mkdir, readFile, writeFile } = await import('node:fs/promises')
    const target = path.resolve(host.testOutDir, fileName)
    const text = manifestText()
    if ((await readFile(target, 'utf8').catch(() => null)) === text) return
    await mkdir(path.dirname(target), { recursive: true })
    await writeFile(target, text)
  }

  // `enabled: false` in every mode the options know: no transform hook at all, so no module reaches the plugin.
  const everyModeOff = perMode.every((r) => r.enabled === false)
  // The native filter is declared now, before the host says which root and mode the build has. Vite says so in
  // `configResolved`, before it reads the filter, so there the code filter is set for the actual root and mode,
  // and creating the plugin scans nothing. Other hosts get the union over the modes the options know, for the root
  // they give (else cwd); when a module there declares wrappers, finding their names needs the parser, and the
  // exact test in the handler does all the work instead.
  const deferCodeFilter = framework === 'vite'
  const wordsFor = (r: ResolvedOptions): RegExp | null => {
    if (deferCodeFilter) return null
    const names = wrapperNamesNow(r)
    return names && candidateWords(r, names)
  }
  const filter = nativeTransformFilter(
    perMode.filter((r) => r.enabled !== false).map((r) => ({ include: r.include, prefilter: wordsFor(r) })),
  )
  const transformFilter: { id: typeof filter.id; code?: RegExp } = filter.code ? { id: filter.id, code: filter.code } : { id: filter.id }
  /** Vite: the word filter of the resolved root and mode (the handler's exact test stays the authority). */
  const narrowCodeFilter = async () => {
    const c = config()
    if (!deferCodeFilter || !c.enabled) return
    if (!c.prefilter) await prepare(c)
    const names = wrapperNamesNow(c.resolved)
    const words = names && candidateWords(c.resolved, names)
    if (words) transformFilter.code = nonStateful(words)
  }
  // The parser's compiled code is cached for the next build once it has done its work (./core/code-cache).
  const cacheParser = () => {
    if (parserCore) saveParserCache()
    if (active?.cache) active.cache.prune()
  }

  const { resolveId: inspectorResolveId, load: inspectorLoad, ...inspectorHooks } = inspector.hooks

  const plugin: UnpluginOptions = {
    name: PLUGIN_NAME,
    // Original TypeScript, before any transpiler: the recorded lines and columns are the author's.
    enforce: 'pre',

    transform: everyModeOff ? undefined : { filter: transformFilter, handler: transformModule },

    // webpack, rspack and esbuild: the manifest is emitted when the build ends. Rollup and Vite use
    // `generateBundle`/`writeBundle` below, where the output bundle is known (and can be checked for a twin's).
    async buildEnd() {
      cacheParser()
      if (framework !== 'webpack' && framework !== 'rspack' && framework !== 'esbuild' && framework !== 'farm') return
      await emitReport(this)
      const fileName = manifestName()
      const native = this.getNativeBuildContext?.()
      if (!fileName || !native) return
      // Farm (not installed in this repository, so untested here): unplugin's Farm context emits an asset.
      if (native.framework === 'farm') return void this.emitFile({ type: 'asset', fileName, source: manifestText() })
      if (native.framework === 'webpack' || native.framework === 'rspack') {
        const compilation = native.compilation
        if (!compilation) return
        await recoverCachedModules(collector, compilation as unknown as CompilationLike)
        if (!claimEmission(compilation, fileName) || compilation.getAsset(fileName)) return
        this.emitFile({ type: 'asset', fileName, source: manifestText() })
      } else if (native.framework === 'esbuild') {
        const opts = native.build.initialOptions
        if (!claimEmission(opts, fileName)) return
        await writeEsbuildManifest(opts, fileName, manifestText())
      }
    },

    vite: {
      // vitest replaces `build.outDir` with a placeholder in its own `config` hook; an `order: 'pre'` hook runs before
      // it and still sees the user's value.
      config: {
        order: 'pre',
        handler(userConfig) {
          configuredOutDir = userConfig.build?.outDir
        },
      },
      configResolved(cfg) {
        const underVitest = cfg.command === 'serve' && cfg.plugins.some((p) => p.name === 'vitest')
        const testOutDir = underVitest ? path.resolve(cfg.root, configuredOutDir ?? 'dist') : undefined
        const outDir = path.resolve(cfg.root, cfg.build?.outDir ?? 'dist')
        hostChanged({ mode: cfg.mode, root: cfg.root, serve: cfg.command === 'serve', testOutDir, outDir })
        inspector.configResolved(cfg)
        return narrowCodeFilter()
      },
      // A build whose sources hold candidates starts loading the parser now, while Rolldown resolves and reads the
      // first modules, instead of when the first candidate reaches `transform`. Not for the dev server (or vitest),
      // which may never request those modules. A failure surfaces where a candidate awaits the parser.
      // Not when earlier builds left the analyses of all those files as they are (./transform-cache): then no module
      // may need the parser at all.
      buildStart() {
        const c = config()
        if (!host.serve && c.likelyCandidates && !c.cache?.holdsAll(c.likelyFiles)) loadParserCore().catch(() => {})
      },
      ...inspectorHooks,
      // With a filter, Rolldown decides natively that the other modules are not the bridge: unfiltered, these two
      // hooks were a call into JS for the resolve and the load of every module of every build.
      resolveId: { filter: { id: exactId(BRIDGE_ID) }, handler: inspectorResolveId },
      load: { filter: { id: exactId(`\0${BRIDGE_ID}`) }, handler: inspectorLoad },
      generateBundle(output, bundle) {
        if (!host.serve) emitIntoBundle(this, output, bundle)
      },
      writeBundle(output) {
        if (!host.serve) return writeIfDropped(output)
      },
      buildEnd() {
        cacheParser()
        if (host.testOutDir) return writeTestManifest()
      },
      api: { sites: () => collector.sites() } satisfies MemoryCustomsApi,
    },

    rollup: {
      generateBundle(output, bundle) {
        emitIntoBundle(this, output, bundle)
      },
      writeBundle(output) {
        return writeIfDropped(output)
      },
    },

    rolldown: {
      generateBundle(output, bundle) {
        emitIntoBundle(this, output, bundle)
      },
      writeBundle(output) {
        return writeIfDropped(output)
      },
    },

    webpack(compiler) {
      hostChanged({ mode: compiler.options.mode ?? 'production', root: compiler.options.context })
      injectHttpBridge(compiler, userOptions?.inspector, () => collector.sites())
    },

    rspack(compiler) {
      hostChanged({ mode: compiler.options.mode ?? 'production', root: compiler.options.context })
      injectHttpBridge(compiler, userOptions?.inspector, () => collector.sites())
    },

    esbuild: {
      config(options) {
        hostChanged({ mode: modeFromDefine(options.define) ?? modeFromEnv(), root: options.absWorkingDir })
      },
    },
  }
  // `enabled: false` in every mode: nothing is transformed, so nothing is emitted, written or cached either. The
  // output hooks are left out too, so the bundler has no JS to call as the build ends.
  if (everyModeOff) {
    delete plugin.buildEnd
    for (const hooks of [plugin.vite, plugin.rollup, plugin.rolldown]) {
      delete hooks?.generateBundle
      delete hooks?.writeBundle
      delete hooks?.buildEnd
    }
  }
  return plugin
}

/** A hook filter that admits one id exactly. */
const exactId = (id: string) => new RegExp(`^${escapeRegExp(id)}$`)

/** The part of a webpack/rspack compilation the manifest recovery reads. */
interface CompilationLike {
  modules: Iterable<{ originalSource?: () => { source(): string | Buffer } | null }>
  getAsset(name: string): unknown
}

/**
 * Modules served from webpack's persistent cache skip the loaders, so `transform` never saw them in this
 * process; their sites are read back from the table embedded in their (cached, instrumented) source.
 */
async function recoverCachedModules(collector: SiteCollector, compilation: CompilationLike): Promise<void> {
  const instrumented: string[] = []
  for (const mod of compilation.modules) {
    const src = mod.originalSource?.()?.source()
    if (src === undefined) continue
    const text = typeof src === 'string' ? src : src.toString('utf8')
    if (text.includes(PROBE_NAMES.register)) instrumented.push(text)
  }
  if (!instrumented.length) return
  const core = await loadParserCore()
  for (const text of instrumented) collector.recover(core.readEmbeddedTables(text))
}

/** esbuild's `define: { 'process.env.NODE_ENV': '"production"' }` names the mode when it is set. */
function modeFromDefine(define: Record<string, string> | undefined): string | undefined {
  const raw = define?.['process.env.NODE_ENV']
  if (!raw) return undefined
  try {
    const v = JSON.parse(raw)
    return typeof v === 'string' ? v : undefined
  } catch {
    return undefined
  }
}

/** esbuild has no asset emission: write next to the output (`outdir`, else the directory of `outfile`). */
async function writeEsbuildManifest(
  opts: { outdir?: string; outfile?: string; absWorkingDir?: string; write?: boolean },
  fileName: string,
  text: string,
): Promise<void> {
  if (opts.write === false) return
  const base = opts.absWorkingDir ?? process.cwd()
  const dir = opts.outdir ? path.resolve(base, opts.outdir) : opts.outfile ? path.dirname(path.resolve(base, opts.outfile)) : null
  if (!dir) return
  const { mkdir, writeFile } = await import('node:fs/promises')
  const target = path.resolve(dir, fileName)
  await mkdir(path.dirname(target), { recursive: true })
  await writeFile(target, text)
}
