import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { ts } from 'ts-morph'
import { OptionError } from './errors'
import { escapeRegExp } from './glob'

/**
 * Wrappers: the user's own functions that write memory on the caller's behalf (`AgentMemory.rememberUserIntent`).
 * A call TO a wrapper becomes a site too, so the probe has the caller's frame below the write's own frame and
 * a receipt can name the caller's line (see `currentSite` in `memory-customs/probe`).
 *
 * A function is a wrapper when the `wrappers` option names it (`'rememberUserIntent'`), names its class or
 * object (`'AgentMemory.*'`, `'AgentMemory.promote'`) or its module (`'./src/memory.ts'`), or when its JSDoc
 * carries the `@memoryWrite` tag. Calls are matched by the wrapper's name (`x.promote(...)`, `promote(...)`):
 * the caller is usually in another module, which the bundler may transform first, so the declarations are
 * found by one scan of the project's source files under `root` (skipping `node_modules` and dot-directories).
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

const IDENT = /^[A-Za-z_$][\w$]*$/
const MEMBER = /^([A-Za-z_$][\w$]*)\.(\*|[A-Za-z_$][\w$]*)$/
const SOURCE = /\.[cm]?[jt]sx?$/

/** Validates and sorts the `wrappers` option; a wrong entry is an `OptionError` naming `wrappers[i]`. */
export function resolveWrapperSpecs(list: readonly string[] | undefined, root: string, optionPath = 'wrappers'): WrapperSpecs {
  const specs: WrapperSpecs = { names: [], members: [], modules: [] }
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

function nameText(name: ts.Node | undefined): string | null {
  if (!name) return null
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name)) return name.text
  return null
}

/** The class or object-literal variable a member belongs to, or `null` for a free function. */
function ownerOf(node: ts.Node): string | null {
  const p = node.parent
  if (!p) return null
  if (ts.isClassLike(p)) {
    if (p.name) return p.name.text
    const v = p.parent
    return v && ts.isVariableDeclaration(v) && ts.isIdentifier(v.name) ? v.name.text : null
  }
  if (ts.isObjectLiteralExpression(p)) {
    const v = p.parent
    return v && ts.isVariableDeclaration(v) && ts.isIdentifier(v.name) ? v.name.text : null
  }
  return null
}

function isFunctionValue(e: ts.Expression | undefined): boolean {
  return !!e && (ts.isArrowFunction(e) || ts.isFunctionExpression(e))
}

/** A function-like declaration with a callable name: the name, its owner, and the node its JSDoc hangs on. */
function declaration(node: ts.Node): { name: string; owner: string | null; topLevel: boolean } | null {
  if (ts.isFunctionDeclaration(node)) {
    const name = nameText(node.name)
    return name ? { name, owner: null, topLevel: ts.isSourceFile(node.parent) } : null
  }
  if (
    ts.isMethodDeclaration(node) ||
    ((ts.isPropertyDeclaration(node) || ts.isPropertyAssignment(node)) && isFunctionValue(node.initializer))
  ) {
    const name = nameText(node.name)
    if (!name) return null
    const owner = ownerOf(node)
    const container = node.parent
    const holder = ts.isClassLike(container) ? container : container.parent
    const topLevel = !!holder && (ts.isSourceFile(holder.parent) || (ts.isVariableDeclaration(holder) && isTopLevelVariable(holder)))
    return { name, owner, topLevel }
  }
  if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && isFunctionValue(node.initializer)) {
    return { name: node.name.text, owner: null, topLevel: isTopLevelVariable(node) }
  }
  return null
}

function isTopLevelVariable(v: ts.VariableDeclaration): boolean {
  const statement = v.parent?.parent
  return !!statement && ts.isVariableStatement(statement) && ts.isSourceFile(statement.parent)
}

function hasWrapperTag(node: ts.Node): boolean {
  return ts.getJSDocTags(node).some((t) => t.tagName.text === WRAPPER_TAG)
}

/**
 * The wrapper declarations of one parsed module: tagged ones, those the specs name, and (when the module is
 * named in `wrappers`) every top-level function and every method of a top-level class or object.
 */
export function declaredWrappers(sf: ts.SourceFile, file: string, specs: WrapperSpecs, wholeModule: boolean): WrapperDecl[] {
  const out: WrapperDecl[] = []
  const visit = (node: ts.Node): void => {
    const d = declaration(node)
    if (d) {
      const named =
        specs.names.includes(d.name) ||
        (d.owner !== null && specs.members.some((m) => m.owner === d.owner && (m.method === '*' || m.method === d.name)))
      if (named || (wholeModule && d.topLevel) || hasWrapperTag(node)) {
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1
        out.push({ name: d.name, file, line, fn: d.owner ? `${d.owner}.${d.name}` : d.name })
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return out
}

/** Source files under `root`, not in `node_modules` or a dot-directory, at most `limit` of them. */
function sourceFiles(root: string, limit: number): string[] {
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
      if (e.isDirectory()) stack.push(full)
      else if (e.isFile() && SOURCE.test(e.name) && !/\.d\.[cm]?ts$/.test(e.name)) out.push(full)
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

const indexCache = new Map<string, WrapperIndex>()

/**
 * The wrappers of the project under `root`, scanned once per root and options (a module's own declarations
 * are also read from its code on every analysis, so an edited wrapper module is seen without a rescan).
 * Only files whose text mentions the tag, a named wrapper or owner are parsed; unreadable files are skipped.
 */
export function wrapperIndex(root: string, specs: WrapperSpecs, parse: (code: string, file: string) => ts.SourceFile): WrapperIndex {
  const cacheKey = `${root}\0${JSON.stringify(specs)}`
  const hit = indexCache.get(cacheKey)
  if (hit) return hit
  const mention = mentionPattern(specs)
  const modules = new Set(specs.modules.map((m) => path.resolve(m)))
  const files = new Set([...sourceFiles(root, MAX_SCANNED_FILES), ...modules])
  const names = new Set<string>(specs.names)
  const decls = new Map<string, WrapperDecl[]>()
  for (const abs of files) {
    let code: string
    try {
      code = readFileSync(abs, 'utf8')
    } catch {
      continue
    }
    const wholeModule = modules.has(path.resolve(abs))
    if (!wholeModule && !mention.test(code)) continue
    const file = toPosix(path.relative(root, abs))
    for (const d of declaredWrappers(parse(code, file), file, specs, wholeModule)) addDecl(names, decls, d)
  }
  for (const m of specs.members) if (m.method !== '*') names.add(m.method)
  const index = { names, decls }
  indexCache.set(cacheKey, index)
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
}
