import { isAscii } from 'node:buffer'
import { createHash } from 'node:crypto'
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import Module, { createRequire } from 'node:module'
import path from 'node:path'
import vm from 'node:vm'

/**
 * Loading the parser with V8's code cache. ts-morph ships TypeScript as one 9 MB CommonJS file, and compiling it is most
 * of what the first candidate module costs: about 0.2 s of CPU before a single file is parsed, then more as each
 * parser function is compiled on first use. Node 20 has no `module.enableCompileCache` (Node 22), so that file is
 * compiled here through `vm.Script` with the cached data a previous build produced, and placed in
 * `require.cache` under its own path; `require('ts-morph')` (type-aware mode) then finds it there, and the
 * package behaves exactly as if Node had loaded it.
 *
 * The cache lives in `node_modules/.cache/unplugin-memory-customs/`, next to the installed ts-morph, one file
 * per script, keyed by its path, size and mtime and by Node's version and architecture. V8 checks
 * the data itself and rejects what does not fit (another V8 or other flags); a rejected or missing cache is
 * written again when the build ends, after the analyses, so it also holds the parser functions they
 * compiled. Any failure (no such file, read-only `node_modules`) leaves the plain `import` to load what is
 * missing: the cache only ever saves time, it never breaks a build.
 */

/** A script compiled here: what `saveParserCache` needs to write its cache. */
interface Compiled {
  file: string
  script: vm.Script
  cacheFile: string | null
  /** What V8 did with the cached data: compiled from it, rejected it, or there was none. */
  cache: 'used' | 'rejected' | 'none'
  stale: boolean
}

const compiled: Compiled[] = []
let preloaded: { exports: unknown } | null = null

/**
 * Puts the TypeScript that ts-morph ships (`@ts-morph/common/dist/typescript.js`) into `require.cache`, compiled
 * with the code cache when there is one, and returns its exports: ts-morph's own `ts`, since `@ts-morph/common`
 * does `require('./typescript')` and finds it there. `null` when ts-morph's layout is not the expected one (then
 * `require('ts-morph')` loads everything the ordinary way). Idempotent; never throws. A TypeScript already loaded
 * (by the user's own code, say) is returned as it is. `from`: where ts-morph is resolved from (this package;
 * tests point it at a fixture).
 */
export function preloadParser(from: string = import.meta.url): unknown {
  if (preloaded) return preloaded.exports
  preloaded = { exports: null }
  try {
    const morph = createRequire(from).resolve('ts-morph')
    const common = createRequire(morph).resolve('@ts-morph/common')
    const typescript = path.join(path.dirname(common), 'typescript.js')
    if (!/require\(['"]\.\/typescript['"]\)/.test(head(common, 2000))) return null
    preloaded.exports = loadCommonJs(typescript)
  } catch {
    preloaded.exports = null
  }
  return preloaded.exports
}

/**
 * The first `bytes` bytes of a file as UTF-8: `@ts-morph/common`'s `require('./typescript')` is on its first line, and
 * reading the whole 3 MB file to find it cost 20–25 ms of a build.
 */
function head(file: string, bytes: number): string {
  const fd = openSync(file, 'r')
  try {
    const buffer = Buffer.alloc(bytes)
    return buffer.toString('utf8', 0, readSync(fd, buffer, 0, bytes, 0))
  } finally {
    closeSync(fd)
  }
}

function loadCommonJs(file: string): unknown {
  const cache = createRequire(file).cache
  if (cache[file]) return cache[file].exports
  const source = readSource(file)
  const cacheFile = cachePath(file)
  let cachedData: Buffer | undefined
  try {
    if (cacheFile) cachedData = readFileSync(cacheFile)
  } catch {
    cachedData = undefined
  }
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData })
  const mod = new Module(file)
  mod.filename = file
  const localRequire = createRequire(file)
  // As Node does: the module is in the cache while it runs, so a require cycle back to it gets its exports.
  cache[file] = mod
  try {
    const run = script.runInThisContext() as (...args: unknown[]) => void
    run.call(mod.exports, mod.exports, localRequire, mod, file, path.dirname(file))
  } catch (err) {
    delete cache[file]
    throw err
  }
  mod.loaded = true
  const outcome = !cachedData ? 'none' : script.cachedDataRejected === true ? 'rejected' : 'used'
  compiled.push({ file, script, cacheFile, cache: outcome, stale: outcome !== 'used' })
  return mod.exports
}

/**
 * The script's text. TypeScript's 9 MB bundle is plain ASCII, which decodes as Latin-1 in about half the time UTF-8
 * takes (4–15 against 19–35 ms here); anything else is read as UTF-8.
 */
function readSource(file: string): string {
  const bytes = readFileSync(file)
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8')
}

/** The scripts compiled here and what became of their cached data (for tests and diagnostics). */
export function parserCacheReport(): Array<{ file: string; cache: 'used' | 'rejected' | 'none'; cacheFile: string | null }> {
  return compiled.map(({ file, cache, cacheFile }) => ({ file, cache, cacheFile }))
}

/** `<outermost node_modules>/.cache/unplugin-memory-customs/<script>-<key>.v8cache`, or `null` outside node_modules. */
function cachePath(file: string): string | null {
  const marker = `${path.sep}node_modules${path.sep}`
  const at = file.indexOf(marker)
  if (at < 0) return null
  const { size, mtimeMs } = statSync(file)
  const key = createHash('sha256').update([file, size, mtimeMs, process.version, process.arch].join('\0')).digest('hex').slice(0, 16)
  return path.join(file.slice(0, at + marker.length), '.cache', 'unplugin-memory-customs', `${path.basename(file, '.js')}-${key}.v8cache`)
}

/**
 * Writes the code cache of every script compiled here without a usable one (first build, or TypeScript or
 * Node changed); call it when a build ends, once the parser has done its work. Replaces older caches of the same
 * script; atomic (a parallel build reads a whole file or none). Never throws.
 */
export function saveParserCache(): void {
  for (const c of compiled) {
    if (!c.stale || !c.cacheFile) continue
    c.stale = false
    const dir = path.dirname(c.cacheFile)
    const temp = `${c.cacheFile}.${process.pid}.tmp`
    try {
      const data = c.script.createCachedData()
      mkdirSync(dir, { recursive: true })
      writeFileSync(temp, data)
      renameSync(temp, c.cacheFile)
      const own = path.basename(c.cacheFile)
      const script = own.replace(/-[0-9a-f]{16}\.v8cache$/, '')
      for (const name of readdirSync(dir)) {
        if (name !== own && name.replace(/-[0-9a-f]{16}\.v8cache$/, '') === script) unlinkSync(path.join(dir, name))
      }
    } catch {
      // Unwritable: the next build compiles TypeScript again, as it would without a cache.
      try {
        unlinkSync(temp)
      } catch {
        // no temporary file was written
      }
    }
  }
}
