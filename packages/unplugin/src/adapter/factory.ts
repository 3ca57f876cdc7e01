import path from 'node:path'
import type { UnpluginBuildContext, UnpluginContext, UnpluginFactory, UnpluginOptions } from 'unplugin'
import { resolveOptions, type ResolvedOptions } from '../core/options'
import { candidateWords } from '../core/candidates'
import { escapeRegExp, PROBE_NAMES } from '../core/glob'
import { saveParserCache } from '../core/code-cache'
import type { Options } from '../types'
import { version } from '../../package.json'
import { ActiveConfigs, modeFromEnv, prepare, type HostInfo } from './active-config'
import { claimEmission } from './emitted'
import { nativeTransformFilter, nonStateful } from './filters'
import { createSourcePositions } from './input-map'
import { SiteCollector, type ManifestSite } from './manifest'
import { loadParserCore, parserCoreNow, wrapperNamesNow } from './parser-core'
import { reportHtml } from './report'
import { createModuleTransform } from './transform'
import { BRIDGE_ID, viteInspector } from '../inspector/vite'
import { injectHttpBridge } from '../inspector/webpack'

export const PLUGIN_NAME = 'unplugin-memory-customs'

/** The API exposed on the Vite plugin (`plugin.api`). */
export interface MemoryCustomsApi {
  /** Sites analysed so far in this process by this plugin instance, ordered by file, line, column. */
  sites(): ManifestSite[]
}

/**
 * The unplugin factory: a thin adapter that filters modules, calls the pure core (`analyzeSafe`,
 * `instrument`), collects sites into the manifest and never fails the build for its own reasons.
 * Wrong options are the user's error and fail fast (OptionError names the option).
 */
export const unpluginFactory: UnpluginFactory<Options | undefined, false> = (userOptions, meta) => {
  const framework = meta.framework
  const configs = new ActiveConfigs(userOptions, framework)
  const host = configs.host
  const config = () => configs.current()
  // Not cleared between builds: in watch mode unchanged modules are not transformed again, so their sites
  // must stay; a module transformed again replaces its entry.
  const collector = new SiteCollector()
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

  const hostChanged = (info: HostInfo) => configs.hostChanged(info)
  const transformModule = createModuleTransform({ configs, collector, sitesInSource })

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
    if (parserCoreNow()) saveParserCache()
    configs.resolvedOnly()?.cache?.prune()
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
      const native = this.getNativeBuildContext?.()
      // First the sites of modules this instance did not transform (webpack's persistent cache, a twin instance
      // that ran first), so that the report and the manifest, whichever instance writes each, list the same sites.
      if (
        (native?.framework === 'webpack' || native?.framework === 'rspack') &&
        native.compilation &&
        (manifestName() || config().resolved.report)
      )
        await recoverCachedModules(collector, native.compilation as unknown as CompilationLike)
      await emitReport(this)
      const fileName = manifestName()
      if (!fileName || !native) return
      // Farm (not installed in this repository, so untested here): unplugin's Farm context emits an asset.
      if (native.framework === 'farm') return void this.emitFile({ type: 'asset', fileName, source: manifestText() })
      if (native.framework === 'webpack' || native.framework === 'rspack') {
        const compilation = native.compilation
        if (!compilation) return
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
      hostChanged({ mode: compiler.options.mode ?? 'production', root: compiler.options.context, outDir: webpackOutDir(compiler.options) })
      injectHttpBridge(compiler, userOptions?.inspector, () => collector.sites())
    },

    rspack(compiler) {
      hostChanged({ mode: compiler.options.mode ?? 'production', root: compiler.options.context, outDir: webpackOutDir(compiler.options) })
      injectHttpBridge(compiler, userOptions?.inspector, () => collector.sites())
    },

    esbuild: {
      config(options) {
        const cwd = options.absWorkingDir ?? process.cwd()
        const out = options.outdir ?? (options.outfile && path.dirname(options.outfile))
        hostChanged({
          mode: modeFromDefine(options.define) ?? modeFromEnv(),
          root: options.absWorkingDir,
          outDir: out ? path.resolve(cwd, out) : undefined,
        })
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
 * The file a site table names, where instrument wrote it (`__mc$r("src/a.ts",`, also after a CommonJS transform's
 * `(0, _probe.__mc$r)("src/a.ts",`). Only plain paths are read here; one with an escape is left to the parse.
 */
const TABLE_FILE = new RegExp(`${escapeRegExp(PROBE_NAMES.register)}\\d*\\)?\\s*\\(\\s*"([^"\\\\]*)"`, 'g')

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
    if (!text.includes(PROBE_NAMES.register)) continue
    // A module whose tables all name files recorded already needs no parse: a build whose modules were all
    // transformed here (or taken from the transform cache) does not load TypeScript for this.
    const files = [...text.matchAll(TABLE_FILE)].map((m) => m[1]!)
    if (files.length && files.every((f) => collector.knows(f))) continue
    instrumented.push(text)
  }
  if (!instrumented.length) return
  const core = await loadParserCore()
  for (const text of instrumented) collector.recover(core.readEmbeddedTables(text))
}

/**
 * webpack's and Rspack's output directory: `output.path`, else their default `<context>/dist` (plugins are applied
 * before the defaults are).
 */
function webpackOutDir(options: { context?: string; output?: { path?: string } }): string {
  return path.resolve(options.context ?? process.cwd(), options.output?.path ?? 'dist')
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
