import type { SourceMapCompact, UnpluginBuildContext, UnpluginContext } from 'unplugin'
import type { AnalyzeError } from '../core/errors'
import { escapeRegExp, PROBE_NAMES } from '../core/glob'
import { normalizeId } from '../core/ids'
import { isInstrumented } from '../core/marker'
import type { CallSite } from '../types'
import { prepare, type ActiveConfig, type ActiveConfigs } from './active-config'
import { appendInlineSourceMap, type SourceMapLike } from './inline-map'
import type { createSourcePositions } from './input-map'
import type { SiteCollector } from './manifest'
import { loadParserCore, parserCoreNow, type ParserCore } from './parser-core'
import type { CachedTransform } from './transform-cache'
import { errorMessage, skippedFileWarning } from './warnings'

// A module that defines the probe functions is the runtime itself; instrumenting it would make it import itself.
// All three are required: a user module that merely declares one of these names is instrumented with fresh
// helper names instead.
const DEFINES_PROBE = [PROBE_NAMES.prepare, PROBE_NAMES.done, PROBE_NAMES.register].map(
  (name) => new RegExp(`\\bfunction\\s+${escapeRegExp(name)}\\b`),
)
const definesProbe = (code: string) => DEFINES_PROBE.every((re) => re.test(code))

export type TransformResult = { code: string; map: SourceMapCompact | null } | null
export type TransformContext = UnpluginBuildContext & UnpluginContext

/**
 * The plugin's transform hook: filters a module, takes an earlier build's result from the transform cache or
 * analyses and instruments it with the parser (loaded on first need), records its sites in the manifest, and never
 * fails the build for its own reasons (it warns with the file and line).
 */
export function createModuleTransform({
  configs,
  collector,
  sitesInSource,
}: {
  configs: ActiveConfigs
  collector: SiteCollector
  /** Sites found in code that an earlier plugin or loader compiled get the author's lines back (./input-map). */
  sitesInSource: ReturnType<typeof createSourcePositions>
}): (this: TransformContext, code: string, id: string) => TransformResult | Promise<TransformResult> {
  // Synchronous for every module the filters reject; a candidate waits for the parser only the first time.
  function transformModule(this: TransformContext, code: string, id: string): TransformResult | Promise<TransformResult> {
    let file = id
    try {
      const c = configs.current()
      if (!c.enabled || !c.admits(id)) return null
      if (!c.prefilter) {
        return prepare(c).then(
          () => transformModule.call(this, code, id),
          (err) => internalError.call(this, normalizeId(id, c.root).file, err),
        )
      }
      file = normalizeId(id, c.root).file
      if (code.search(c.prefilter) === -1) {
        // An edited module (watch mode, HMR) may have lost its sites; forget what it had.
        collector.record(file, [])
        return null
      }
      // Already instrumented (a second plugin instance, or a bundle fed back in): leave it alone, without the parser.
      if (isInstrumented(code) || definesProbe(code)) return null
      // A module an earlier build analysed (same code, id and configuration). A call of the module's own wrapper
      // takes the parser path: its sites may need the declarations read again (./input-map).
      const hit = c.cache?.get(id, code)
      if (hit && !hit.sites.some((s) => s.wraps?.some((w) => w.file === file))) return transformFromCache.call(this, c, hit, code, id, file)
      return withParser.call(this, file, (core) => transformCandidate.call(this, core, c, code, id, file))
    } catch (err) {
      return internalError.call(this, file, err)
    }
  }

  /** Runs `use` with the parser, loaded first when it is not yet; failing to load it is a warning, never a failed build. */
  function withParser(
    this: TransformContext,
    file: string,
    use: (core: ParserCore) => TransformResult,
  ): TransformResult | Promise<TransformResult> {
    const core = parserCoreNow()
    if (core) return use(core)
    return loadParserCore().then(use, (err) => internalError.call(this, file, err))
  }

  /** The plugin's own failure on a module: a warning with the file, and the module left as it is. */
  function internalError(this: TransformContext, file: string, err: unknown): null {
    this.warn(skippedFileWarning(file, 1, 1, `internal error: ${errorMessage(err)}`))
    return null
  }

  function transformCandidate(
    this: TransformContext,
    core: ParserCore,
    c: ActiveConfig,
    code: string,
    id: string,
    file: string,
  ): TransformResult {
    try {
      const analysis = core.analyzeSafe(code, id, c.resolved)
      const sites = recordSites.call(this, c, code, id, file, analysis, (text) => core.wrapperDeclarationLines(text, file, c.resolved))
      const out = sites && core.instrument(code, id, sites, c.resolved)
      // What the next build of this same module takes instead of parsing it (./transform-cache): the output is
      // kept only when it was made for the sites as found (no input source map moved them). An internal error may
      // not happen again (a worker that failed to start), so it is not kept.
      if (!analysis.error?.message.startsWith('internal error'))
        c.cache?.set(id, code, { ...analysis, out: out && sites === analysis.sites ? { code: out.code, map: { ...out.map } } : null })
      return shapedOutput(c, out)
    } catch (err) {
      return internalError.call(this, file, err)
    }
  }

  /** `transformCandidate` from an earlier build's result: the parser is loaded only if an input source map moved the sites. */
  function transformFromCache(
    this: TransformContext,
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
      return withParser.call(this, file, (core) => shapedOutput(c, core.instrument(code, id, sites, c.resolved)))
    } catch (err) {
      return internalError.call(this, file, err)
    }
  }

  /**
   * The analysis's sites at the author's positions, recorded in the manifest; `null` when there is nothing to
   * instrument (with a warning when the module could not be parsed).
   */
  function recordSites(
    this: TransformContext,
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

  return transformModule
}
