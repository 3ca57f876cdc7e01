import path from 'node:path'
import { candidateTest, candidateWords } from '../core/candidates'
import { resolveOptions, type ResolvedOptions } from '../core/options'
import { hintedSources, sourcesMatch } from '../core/wrapper-specs'
import type { Options } from '../types'
import { createIdFilter, nonStateful } from './filters'
import { loadParserCore, wrapperNamesNow } from './parser-core'
import { TransformCache } from './transform-cache'

/** What the host bundler told us; filled by the per-bundler hooks before the first transform. */
export interface HostInfo {
  mode?: string
  root?: string
  /** Vite `serve` (dev server, vitest): nothing is emitted; sites are available through `api.sites()`. */
  serve?: boolean
  /** Under vitest: where the manifest is written when the run ends (absolute), else unset. */
  testOutDir?: string
  /** The build's output directory (absolute; Vite, webpack, Rspack, esbuild): the source scan skips it. */
  outDir?: string
}

/** Options resolved for the actual build, plus what the handler derives from them. */
export interface ActiveConfig {
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

export function modeFromEnv(): string {
  return process.env.NODE_ENV || 'development'
}

/**
 * The configuration of the build at hand: resolved once from the user's options and what the host said (mode,
 * root, output directory), again whenever the host says something new (`hostChanged`).
 */
export class ActiveConfigs {
  private active: ActiveConfig | null = null

  constructor(
    private readonly userOptions: Options | undefined,
    private readonly framework: string,
    readonly host: HostInfo = {},
  ) {}

  /** The configuration now (resolved on first use after a change). */
  current(): ActiveConfig {
    if (this.active) return this.active
    const { userOptions, framework, host } = this
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
    this.active = {
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
    return this.active
  }

  /** The configuration if one was resolved since the last change, else `null` (nothing resolves it here). */
  resolvedOnly(): ActiveConfig | null {
    return this.active
  }

  /** The host said something new about the build: the next `current()` resolves again. */
  hostChanged(info: HostInfo): void {
    Object.assign(this.host, info)
    this.active = null
  }
}

/** Completes `c.prefilter` when the wrapper declarations need the parser: loads it and reads them. */
export function prepare(c: ActiveConfig): Promise<void> {
  c.preparing ??= loadParserCore().then((core) => {
    const names = [...core.wrapperIndex(c.resolved.root, c.resolved.wrappers, core.parse).names]
    c.prefilter = nonStateful(candidateTest(c.resolved, names))
  })
  return c.preparing
}
