import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { cloneableOptions, type ResolvedOptions } from '../core/options'
import type { AnalyzeError } from '../core/errors'
import { wrapperSourcesDigest } from '../core/wrapper-specs'
import type { CallSite } from '../types'
import { version } from '../../package.json'

/**
 * What earlier builds found, on disk: a candidate module whose text, id and configuration were analysed before
 * is not parsed again. Most of what the plugin costs in a build is TypeScript (loading it, then parsing each
 * candidate while its parser is still cold); a repeated build of unchanged modules now costs a digest and a small
 * file read per candidate, and TypeScript is not loaded at all when every candidate is a hit.
 *
 * An entry is keyed by a SHA-256 over everything its result depends on: the module's code and id, the resolved
 * options (mode and root included), the wrapper declarations of the project (`wrapperSourcesDigest`), this
 * package's version and code, and ts-morph's version (which pins TypeScript). It holds the sites as found and the
 * instrumented code and map for those sites. Entries are written atomically and read defensively: an unreadable
 * or malformed entry is a miss, and a cache directory that cannot be written leaves builds as they were without
 * it. Entries written over `MAX_AGE_DAYS` ago are removed when a build ends (a module unchanged that long is analysed
 * once more and its entry written anew).
 *
 * Where: `node_modules/.cache/unplugin-memory-customs/transforms` of the nearest directory with a package.json
 * from the root (as babel-loader and terser-webpack-plugin keep theirs), or the `cache` option's directory.
 */

/** The instrumented code of a module for its sites as found, as plain data. */
export interface CachedOutput {
  code: string
  map: Record<string, unknown>
}

/** One module's analysis, and its instrumentation when it had sites to instrument. */
export interface CachedTransform {
  sites: CallSite[]
  error?: AnalyzeError
  out: CachedOutput | null
}

const FORMAT = 1
const MAX_AGE_DAYS = 30
const pruned = new Set<string>()
const DIR_NAME = path.join('node_modules', '.cache', 'unplugin-memory-customs', 'transforms')

export class TransformCache {
  private constructor(
    /** The directory entries live in. */
    readonly dir: string,
    /** Digest of what every entry of this configuration depends on besides the module. */
    private readonly context: string,
  ) {}

  /**
   * The cache of one configuration, or `null` when it has none: `cache: false`, type-aware analysis (a module's
   * sites then depend on the types of others), or no place for it.
   */
  static open(options: ResolvedOptions, setting: boolean | string | undefined): TransformCache | null {
    if (setting === false || options.typeAware) return null
    const dir = typeof setting === 'string' ? path.resolve(options.root, setting) : defaultDir(options.root)
    if (!dir) return null
    try {
      const context = createHash('sha256')
        .update(`${FORMAT}\0${version}\0${ownCodeDigest()}\0${morphVersion()}\0`)
        .update(JSON.stringify(cloneableOptions(options), (_k, v: unknown) => (v instanceof RegExp ? `/${v.source}/${v.flags}` : v)))
        .update(`\0${wrapperSourcesDigest(options.root, options.wrappers)}`)
        .digest('hex')
      return new TransformCache(dir, context)
    } catch {
      return null
    }
  }

  /**
   * Whether every one of these files, as it is on disk, has an entry (its id being its path): then a build of them
   * needs no parser at all, and it is not loaded ahead of time.
   */
  holdsAll(files: readonly string[]): boolean {
    try {
      return files.every((file) => existsSync(this.entryPath(file, readFileSync(file, 'utf8'))))
    } catch {
      return false
    }
  }

  /** The entry of a module, or `undefined`. Never throws. */
  get(id: string, code: string): CachedTransform | undefined {
    try {
      const entry = JSON.parse(readFileSync(this.entryPath(id, code), 'utf8')) as CachedTransform & { format?: number }
      return entry.format === FORMAT && Array.isArray(entry.sites) ? entry : undefined
    } catch {
      return undefined
    }
  }

  /** Records a module's result (atomically: a parallel build reads a whole entry or none). Never throws. */
  set(id: string, code: string, entry: CachedTransform): void {
    const file = this.entryPath(id, code)
    const temp = `${file}.${process.pid}.tmp`
    try {
      mkdirSync(this.dir, { recursive: true })
      writeFileSync(temp, JSON.stringify({ format: FORMAT, ...entry }))
      renameSync(temp, file)
    } catch {
      try {
        unlinkSync(temp)
      } catch {
        // nothing was written
      }
    }
  }

  /** Removes entries written over `MAX_AGE_DAYS` ago (a hit does not rewrite an entry; a miss writes it anew). */
  prune(now = Date.now()): void {
    // Once per directory and process: a watch-mode rebuild or a twin instance need not list it again.
    if (pruned.has(this.dir)) return
    pruned.add(this.dir)
    try {
      for (const name of readdirSync(this.dir)) {
        const file = path.join(this.dir, name)
        if (now - statSync(file).mtimeMs > MAX_AGE_DAYS * 86_400_000) unlinkSync(file)
      }
    } catch {
      // another build pruned it first, or there is no directory yet
    }
  }

  private entryPath(id: string, code: string): string {
    const key = createHash('sha256').update(this.context).update('\0').update(id).update('\0').update(code).digest('hex')
    return path.join(this.dir, `${key.slice(0, 40)}.json`)
  }
}

/** `<nearest package directory>/node_modules/.cache/unplugin-memory-customs/transforms`, or `null` when there is none. */
function defaultDir(root: string): string | null {
  for (let dir = root; ;) {
    if (existsSync(path.join(dir, 'package.json'))) return path.join(dir, DIR_NAME)
    const up = path.dirname(dir)
    if (up === dir) return null
    dir = up
  }
}

let ownCode: string | undefined
/**
 * Sizes and modification times of this package's own modules: a result depends on the code that produced it, and a
 * version number does not change while the package is developed (or patched in node_modules).
 */
function ownCodeDigest(): string {
  if (ownCode) return ownCode
  const here = path.dirname(fileURLToPath(import.meta.url))
  // Built: the chunks of dist/. From source (this package's tests): src/, one level up from adapter/.
  const top = path.basename(here) === 'adapter' ? path.dirname(here) : here
  const hash = createHash('sha256')
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (/\.(?:m?js|ts)$/.test(entry.name)) {
        const s = statSync(full)
        hash.update(`${full}\0${s.size}\0${s.mtimeMs}\0`)
      }
    }
  }
  walk(top)
  ownCode = hash.digest('hex')
  return ownCode
}

/** ts-morph's version, which fixes the TypeScript that parses (read from its package.json, without loading it). */
function morphVersion(): string {
  const require = createRequire(import.meta.url)
  const pkg = JSON.parse(readFileSync(require.resolve('ts-morph/package.json'), 'utf8')) as { version: string }
  return pkg.version
}
