import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { OptionError } from './errors'
import { escapeRegExp } from './glob'

/**
 * The parts of wrapper handling that need no parser: the `wrappers` option, the text test a declaring module
 * must pass, the scan of the project's source files and the index built from it (see `./wrappers` for what a
 * wrapper is and for the TypeScript walk that reads declarations). The plugin's entry imports only this
 * module, so resolving options and deciding which modules are candidates never loads TypeScript: most
 * projects have no module that mentions a wrapper, and then the parser is not needed to build the index.
 */

/** The JSDoc tag that marks a function or method as a wrapper. */
export const WRAPPER_TAG = 'memoryWrite'

/** The `wrappers` option, sorted by kind. */
export interface WrapperSpecs {
  /** Function or method names (`rememberUserIntent`). */
  names: string[]
  /** `Owner.method` and `Owner.*` (`method: '*'`): methods of a class or an object literal. */
  members: Array<{ owner: string; method: string }>
  /** Absolute paths of modules whose every function and method is a wrapper. */
  modules: string[]
  /**
   * Absolute directories the source scan skips: the build's output directory, when it is under the root (a bundle
   * an earlier build wrote there holds copies of the wrappers' declarations, which are not where the author wrote
   * them).
   */
  skipDirs?: string[]
}

/** A wrapper declaration: what the manifest says a wrapper call reaches. */
export interface WrapperDecl {
  /** The name calls use (`rememberUserIntent`). */
  name: string
  /** Root-relative POSIX path of the declaring module. */
  file: string
  /** 1-based line of the declaration. */
  line: number
  /** `AgentMemory.rememberUserIntent`, or the bare name for a function. */
  fn: string
}

export interface WrapperIndex {
  /** Every wrapper name found under `root` or named by the options. */
  names: ReadonlySet<string>
  /** Declarations per name (a name may be declared in several places). */
  decls: ReadonlyMap<string, readonly WrapperDecl[]>
}

/** Reads the wrapper declarations of one module's text (`declaredWrappers` over a parse, in `./wrappers`). */
export type DeclarationReader = (code: string, file: string, wholeModule: boolean) => WrapperDecl[]

const IDENT = /^[A-Za-z_$][\w$]*$/
const MEMBER = /^([A-Za-z_$][\w$]*)\.(\*|[A-Za-z_$][\w$]*)$/
const SOURCE = /\.[cm]?[jt]sx?$/

/** Validates and sorts the `wrappers` option; a wrong entry is an `OptionError` naming `wrappers[i]`. */
export function resolveWrapperSpecs(
  list: readonly string[] | undefined,
  root: string,
  optionPath = 'wrappers',
  skipDirs: readonly string[] = [],
): WrapperSpecs {
  const specs: WrapperSpecs = { names: [], members: [], modules: [] }
  if (skipDirs.length) specs.skipDirs = skipDirs.map((d) => path.resolve(root, d))
  ;(list ?? []).forEach((entry, i) => {
    const at = `${optionPath}[${i}]`
    if (IDENT.test(entry)) specs.names.push(entry)
    else if (MEMBER.test(entry)) {
      const [, owner, method] = MEMBER.exec(entry) as RegExpExecArray
      specs.members.push({ owner, method })
    } else if (/^\.{0,2}\//.test(entry) || SOURCE.test(entry)) {
      const abs = path.resolve(root, entry)
      if (!existsSync(abs) || !statSync(abs).isFile()) throw new OptionError(at, `no such module: ${abs}`)
      specs.modules.push(abs)
    } else {
      throw new OptionError(
        at,
        'expected a function name ("rememberUserIntent"), "Class.method", "Class.*" or a module path ("./src/memory.ts")',
      )
    }
  })
  return specs
}

function toPosix(p: string): string {
  return p.replace(/\\/g, '/')
}

/** Source files under `root`, not in `node_modules`, a dot-directory or `skip`, at most `limit` of them. */
function sourceFiles(root: string, limit: number, skip: readonly string[] = []): string[] {
  const out: string[] = []
  const stack = [root]
  while (stack.length && out.length < limit) {
    const dir = stack.pop() as string
    let entries: import('node:fs').Dirent[]
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch {
      continue
    }
    for (const e of entries) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue
      const full = path.join(dir, e.name)
      if (e.isDirectory()) {
        if (!skip.includes(full)) stack.push(full)
      } else if (e.isFile() && SOURCE.test(e.name) && !/\.d\.[cm]?ts$/.test(e.name)) out.push(full)
    }
  }
  return out
}

const mentionCache = new WeakMap<WrapperSpecs, RegExp>()

/** Text that a file declaring a wrapper must contain: the tag, or a name or owner the specs give. */
function mentionPattern(specs: WrapperSpecs): RegExp {
  let re = mentionCache.get(specs)
  if (!re) {
    const words = [...specs.names, ...specs.members.map((m) => m.owner)]
    re = new RegExp([`@${WRAPPER_TAG}\\b`, ...(words.length ? [`\\b(?:${words.map(escapeRegExp).join('|')})\\b`] : [])].join('|'))
    mentionCache.set(specs, re)
  }
  return re
}

/**
 * Whether a module may declare wrappers of its own: most modules do not mention the tag or a named wrapper, and a
 * text test spares them the walk over their syntax tree (and the JSDoc parsing it would do).
 */
export function mayDeclareWrappers(code: string, specs: WrapperSpecs, wholeModule: boolean): boolean {
  return wholeModule || mentionPattern(specs).test(code)
}

/** More source files than this under `root` and the scan stops (names in `wrappers` still match). */
export const MAX_SCANNED_FILES = 20_000

/** A source file under `root` whose text may declare wrappers: only these are ever parsed. */
interface Mention {
  file: string
  code: string
  wholeModule: boolean
}

const scanCache = new Map<string, Mention[]>()
const indexCache = new Map<string, WrapperIndex>()
/** Per scan and hint: the absolute paths of the scanned files that matched the hint (see `sourcesMatch`). */
const hintCache = new Map<string, string[]>()
const cacheKeyOf = (root: string, specs: WrapperSpecs) => `${root}\0${JSON.stringify(specs)}`
const hintKeyOf = (key: string, hint: RegExp) => `${key}\0${String(hint)}`

/**
 * The files under `root` (and the modules the specs name) that mention a wrapper; read once per root and options.
 * With a `hint`, the same pass also records whether any file matches it (`sourcesMatch`).
 */
function mentions(root: string, specs: WrapperSpecs, hint?: RegExp): Mention[] {
  const key = cacheKeyOf(root, specs)
  const hit = scanCache.get(key)
  if (hit) return hit
  const mention = mentionPattern(specs)
  const modules = new Set(specs.modules.map((m) => path.resolve(m)))
  const out: Mention[] = []
  const hinted: string[] = []
  for (const abs of new Set([...sourceFiles(root, MAX_SCANNED_FILES, specs.skipDirs), ...modules])) {
    let code: string
    try {
      code = readFileSync(abs, 'utf8')
    } catch {
      continue
    }
    const wholeModule = modules.has(path.resolve(abs))
    if (wholeModule || mention.test(code)) out.push({ file: toPosix(path.relative(root, abs)), code, wholeModule })
    if (hint?.test(code)) hinted.push(abs)
  }
  scanCache.set(key, out)
  if (hint) hintCache.set(hintKeyOf(key, hint), hinted)
  return out
}

/**
 * Whether some source file under `root` matches `hint` (a candidate test) or mentions a wrapper, found by the scan
 * that looks for wrapper declarations, so the project's files are read once: run before anything else scans this
 * root. `null` when that scan already ran without this hint. A guess about the build to come (the bundler may not
 * reach those files), used only to start loading the parser early.
 */
export function sourcesMatch(root: string, specs: WrapperSpecs, hint: RegExp): boolean | null {
  const found = mentions(root, specs, hint)
  const hinted = hintCache.get(hintKeyOf(cacheKeyOf(root, specs), hint))
  return found.length > 0 || (hinted ? hinted.length > 0 : null)
}

/** The files that matched `hint` in the scan `sourcesMatch` ran with it (absolute paths), or `null` when none ran. */
export function hintedSources(root: string, specs: WrapperSpecs, hint: RegExp): readonly string[] | null {
  return hintCache.get(hintKeyOf(cacheKeyOf(root, specs), hint)) ?? null
}

/**
 * A digest of everything the wrapper index of `root` is built from: the specs and the text of every file that may
 * declare a wrapper (read by the same scan). Equal digests, equal indexes, without parsing anything: a cache of
 * analyses keys on it (the sites of a module that calls a wrapper depend on the wrapper's declaring module).
 */
export function wrapperSourcesDigest(root: string, specs: WrapperSpecs): string {
  const hash = createHash('sha256').update(JSON.stringify(specs))
  for (const m of mentions(root, specs)) hash.update(`\0${m.file}\0${m.wholeModule}\0${m.code}`)
  return hash.digest('hex')
}

/**
 * Whether building the index of `root` needs the parser: some file mentions a wrapper and the index has not
 * been built yet. Lets the plugin load TypeScript (asynchronously, once) only when it must.
 */
export function indexNeedsParser(root: string, specs: WrapperSpecs): boolean {
  return !indexCache.has(cacheKeyOf(root, specs)) && mentions(root, specs).length > 0
}

/**
 * The wrappers of the project under `root`, scanned once per root and options (a module's own declarations
 * are also read from its code on every analysis, so an edited wrapper module is seen without a rescan).
 * Only files whose text mentions the tag, a named wrapper or owner are read by `declare`; unreadable files are
 * skipped. With no `declare` (the caller has no parser loaded), `null` when some file would need one.
 */
export function projectWrapperIndex(root: string, specs: WrapperSpecs, declare: DeclarationReader | null): WrapperIndex | null {
  const key = cacheKeyOf(root, specs)
  const hit = indexCache.get(key)
  if (hit) return hit
  const found = mentions(root, specs)
  if (found.length && !declare) return null
  const names = new Set<string>(specs.names)
  const decls = new Map<string, WrapperDecl[]>()
  for (const m of found) for (const d of (declare as DeclarationReader)(m.code, m.file, m.wholeModule)) addDecl(names, decls, d)
  for (const m of specs.members) if (m.method !== '*') names.add(m.method)
  const index = { names, decls }
  indexCache.set(key, index)
  return index
}

function addDecl(names: Set<string>, decls: Map<string, WrapperDecl[]>, d: WrapperDecl): void {
  names.add(d.name)
  const list = decls.get(d.name)
  if (!list) decls.set(d.name, [d])
  else if (!list.some((x) => x.file === d.file && x.line === d.line)) list.push(d)
}

/** The project index plus one module's own declarations (read from the code being analysed). */
export function withOwnDeclarations(index: WrapperIndex, own: readonly WrapperDecl[]): WrapperIndex {
  if (!own.length) return index
  const names = new Set(index.names)
  const decls = new Map<string, WrapperDecl[]>()
  for (const [k, v] of index.decls)
    decls.set(
      k,
      v.filter((d) => !own.some((o) => o.file === d.file)),
    )
  for (const d of own) addDecl(names, decls, d)
  return { names, decls }
}

/** Forgets scanned indexes (tests, and a watch-mode rebuild that wants fresh declarations). */
export function clearWrapperIndex(): void {
  indexCache.clear()
  scanCache.clear()
  hintCache.clear()
}
