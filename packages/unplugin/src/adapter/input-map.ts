/**
 * Which source map, if any, carries the sites of a module back to the author's file, per bundler:
 *
 * - webpack, Rspack: a loader that ran before ours (a `enforce: 'pre'` babel-loader, say) hands its map to the
 *   next loader; unplugin passes it on as `getNativeBuildContext().inputSourceMap`. When ours is the first
 *   loader the code is the file on disk, and nothing is read or decoded.
 * - Rollup, Vite (Rollup or Rolldown underneath): a plugin's `load` (@rollup/plugin-typescript) or an earlier
 *   `transform` may have compiled the file; `this.getCombinedSourcemap()` chains their maps. Whether any ran
 *   is not exposed, so the code is compared with the file on disk first, and the map is asked for only
 *   when they differ.
 * - esbuild: unplugin reads the file itself in its `onLoad`, so the code is always the file on disk.
 *
 * When the code differs from the file and no map leads back to it, the sites keep the compiled code's
 * positions and the plugin warns once per file, saying what to do.
 */
import { readFileSync } from 'node:fs'
import type { CallSite } from '../types'
import {
  isIdentityOf,
  parseInputMap,
  PositionMapper,
  relocateOwnWraps,
  remapSites,
  withoutBom,
  type InputSourceMap,
} from '../core/positions'
import { errorMessage } from './warnings'

/** The parts of unplugin's transform context this module reads. */
export interface TransformContextLike {
  warn(message: string): void
  getNativeBuildContext?: () => unknown
  getCombinedSourcemap?: () => unknown
}

/** webpack/Rspack's native context as unplugin builds it for its transform loader. */
interface WebpackLikeNative {
  framework: 'webpack' | 'rspack'
  loaderContext?: { loaderIndex: number; loaders: readonly unknown[]; resourcePath?: string }
  inputSourceMap?: unknown
}

type Origin =
  /** The code is the author's file (or a virtual module with no file behind it): positions are right as found. */
  | { kind: 'source' }
  /** `original`: the module's file as written (to place columns exactly), `null` when it cannot be read. */
  | { kind: 'mapped'; map: InputSourceMap; original: string | null }
  | { kind: 'unmapped'; why: string }

const NO_MAP = 'came with no source map'

/** The file behind a module id, BOM removed, or `null` (a virtual module, or unreadable). */
function diskText(file: string): string | null {
  if (file.startsWith('\0')) return null
  try {
    return withoutBom(readFileSync(file.replace(/\?.*$/, ''), 'utf8'))
  } catch {
    return null
  }
}

/** A map whose single source's recorded content is not the file on disk leads somewhere else (compiled code). */
function leadsToDisk(map: InputSourceMap, disk: string | null): boolean {
  const content = map.sources.length === 1 ? map.sourcesContent?.[0] : null
  return disk === null || typeof content !== 'string' || withoutBom(content) === disk
}

function fromMap(raw: unknown, code: string, disk: () => string | null): Origin {
  const map = parseInputMap(raw)
  if (!map || isIdentityOf(map, code)) {
    // No map, or one that maps the code onto itself: right only when there is no file behind the module.
    return disk() === null ? { kind: 'source' } : { kind: 'unmapped', why: NO_MAP }
  }
  if (!leadsToDisk(map, disk())) return { kind: 'unmapped', why: 'came with a source map that does not lead back to it' }
  const content = map.sources.length === 1 ? map.sourcesContent?.[0] : null
  return { kind: 'mapped', map, original: disk() ?? (typeof content === 'string' ? withoutBom(content) : null) }
}

function inputOrigin(ctx: TransformContextLike, code: string, id: string): Origin {
  const native = ctx.getNativeBuildContext?.() as WebpackLikeNative | undefined
  if (native && (native.framework === 'webpack' || native.framework === 'rspack')) {
    const loader = native.loaderContext
    // Loaders run from the end of the list to its start: ours being last means none ran before it.
    if (!loader || loader.loaderIndex >= loader.loaders.length - 1) return { kind: 'source' }
    let disk: string | null | undefined
    const readDisk = () => (disk === undefined ? (disk = diskText(loader.resourcePath ?? id)) : disk)
    // A loader before ours that left the file as it is (a linter, say) passes no map either.
    if (!parseInputMap(native.inputSourceMap) && readDisk() === withoutBom(code)) return { kind: 'source' }
    return fromMap(native.inputSourceMap, code, readDisk)
  }
  if (typeof ctx.getCombinedSourcemap === 'function') {
    const disk = diskText(id)
    if (disk === withoutBom(code)) return { kind: 'source' }
    return fromMap(ctx.getCombinedSourcemap(), code, () => disk)
  }
  return { kind: 'source' }
}

function earlierTransformWarning(file: string, why: string, sites: readonly CallSite[]): string {
  const lines = [...new Set(sites.map((s) => s.line))].slice(0, 5).join(', ')
  return (
    `[memory-customs] ${file}: the code this plugin received is not the file on disk (a plugin or loader before it ` +
    `transformed it) and ${why}, so ${sites.length} site(s) are recorded at lines of the transformed code (${lines}), ` +
    'not of your source. Let that plugin or loader emit a source map (@rollup/plugin-typescript: "sourceMap": true ' +
    'in tsconfig; webpack and Rspack loaders: set `devtool`), or run unplugin-memory-customs before it'
  )
}

/**
 * Returns a function that gives the sites of a module the positions of the author's file, warning once per
 * file (per plugin instance) when it cannot. It never throws: a fault here leaves the positions as found.
 * `wrapperLines` reads the wrapper declarations of the file as written (the parser is loaded lazily, so the
 * caller supplies it); it is called only for a transformed module whose wrapper calls name its own wrappers.
 */
export function createSourcePositions(): (
  ctx: TransformContextLike,
  code: string,
  id: string,
  file: string,
  sites: CallSite[],
  wrapperLines?: (original: string) => ReadonlyMap<string, number>,
) => CallSite[] {
  const warned = new Set<string>()
  const warnOnce = (ctx: TransformContextLike, file: string, message: string) => {
    if (warned.has(file)) return
    warned.add(file)
    ctx.warn(message)
  }
  return (ctx, code, id, file, sites, wrapperLines) => {
    if (!sites.length) return sites
    let origin: Origin
    try {
      origin = inputOrigin(ctx, code, id)
    } catch (err) {
      origin = { kind: 'unmapped', why: `its source map could not be read (${errorMessage(err)})` }
    }
    if (origin.kind === 'source') return sites
    if (origin.kind === 'unmapped') {
      warnOnce(ctx, file, earlierTransformWarning(file, origin.why, sites))
      return sites
    }
    try {
      const mapper = new PositionMapper(origin.map)
      const { sites: mapped, unmapped } = remapSites(sites, mapper, id, code, origin.original)
      if (unmapped.length) warnOnce(ctx, file, earlierTransformWarning(file, 'its source map has no mapping for some calls', unmapped))
      const ownWraps = mapped.some((s) => s.wraps?.some((w) => w.file === file))
      if (!ownWraps || !wrapperLines) return mapped
      const lines = origin.original === null ? new Map<string, number>() : wrapperLines(origin.original)
      return relocateOwnWraps(mapped, file, lines, mapper, id)
    } catch (err) {
      warnOnce(ctx, file, earlierTransformWarning(file, `its source map could not be read (${errorMessage(err)})`, sites))
      return sites
    }
  }
}
