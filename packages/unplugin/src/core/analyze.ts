import path from 'node:path'
import type { ts as TS } from 'ts-morph'
import { ts } from './typescript'
import type { CallSite, Options } from '../types'
import type { AnalyzeError } from './errors'
import { normalizeId } from './ids'
import { isInstrumented } from './marker'
import { classifyKey, ConstLiterals, defaultArgRoles } from './keys'
import { collectBinding, matchCall, type FileBindings } from './match'
import { cloneableOptions, ensureResolved, type ResolvedOptions } from './options'
import { isStackOverflow, markDeep, MAX_NESTING_DEPTH, nestingDepth, runDeep, tooDeep } from './deep'
import { keyAdmitted } from './glob'
import { calleeText, hasOptionalInChain, isAwaited, isSuperReceiver, isValueUsed } from './syntax'
import { typeAwareSource } from './type-aware'
import { declaredWrappers, mayDeclareWrappers, withOwnDeclarations, wrapperIndex, type WrapperIndex } from './wrappers'

/** Script kind from the file extension: TSX for `.tsx`/`.jsx`, JS for `.js`/`.mjs`/`.cjs`, else TS. */
export function scriptKindOf(file: string): TS.ScriptKind {
  const ext = /\.([cm]?[jt]sx?)$/.exec(file)?.[1] ?? 'ts'
  if (ext === 'tsx') return ts.ScriptKind.TSX
  if (ext === 'jsx') return ts.ScriptKind.JSX
  if (ext.endsWith('js')) return ts.ScriptKind.JS
  return ts.ScriptKind.TS
}

/** Parses without type information; parent pointers are set because flags look upwards. */
export function parse(code: string, file: string): TS.SourceFile {
  return ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, scriptKindOf(file))
}

// The adapter calls `instrument` right after `analyze` on the same code, and a dev server transforms an edited
// module again with most of its text unchanged. The last few trees are kept by file: the same code reuses its tree
// (no second parse for `instrument`), new code of the same file is parsed by TypeScript's incremental parser (the
// one editors run on every keystroke), which reuses the nodes outside the changed range. A handful of entries only,
// so memory stays flat however many modules are built.
const RECENT_TREES = 8
const recentTrees = new Map<string, TS.SourceFile>()

/** `parse`, reusing or incrementally updating the tree an earlier call built for the same file. */
export function parseCached(code: string, file: string): TS.SourceFile {
  const previous = recentTrees.get(file)
  if (previous) {
    recentTrees.delete(file)
    if (previous.text === code) {
      recentTrees.set(file, previous)
      return previous
    }
  }
  // `updateSourceFile` takes over the old tree's nodes: the old tree is not used again. Only trees without syntax
  // errors take part: around an error TypeScript's incremental parser can reuse a node and drop the diagnostic it
  // had (seen: "',' expected" lost after a later edit turned a comment into a regular expression), and the analysis
  // reports the first diagnostic. A tree with errors is parsed from scratch, before and after the edit.
  let sf = previous && !hasParseErrors(previous) ? ts.updateSourceFile(previous, code, changedRange(previous.text, code)) : null
  if (!sf || hasParseErrors(sf)) sf = parse(code, file)
  recentTrees.set(file, sf)
  if (recentTrees.size > RECENT_TREES) recentTrees.delete(recentTrees.keys().next().value as string)
  return sf
}

/** The syntax errors TypeScript's (error-tolerant) parser recorded: an internal field, not in its typings. */
function parseDiagnosticsOf(sf: TS.SourceFile): readonly TS.DiagnosticWithLocation[] {
  return (sf as unknown as { parseDiagnostics?: TS.DiagnosticWithLocation[] }).parseDiagnostics ?? []
}

function hasParseErrors(sf: TS.SourceFile): boolean {
  return parseDiagnosticsOf(sf).length > 0
}

/** The one range of `before` that differs from `after`: what lies between their common prefix and common suffix. */
export function changedRange(before: string, after: string): TS.TextChangeRange {
  const shorter = Math.min(before.length, after.length)
  let start = 0
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++
  let end = 0
  while (end < shorter - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++
  return ts.createTextChangeRange(ts.createTextSpan(start, before.length - end - start), after.length - end - start)
}

/** CommonJS when the extension says so, or the file uses `require`/`module.exports` and has no import/export. */
export function isCommonJs(file: string, code: string, sf: TS.SourceFile): boolean {
  if (/\.c[jt]s$/.test(file)) return true
  if (/\.m[jt]s$/.test(file)) return false
  return !isModule(sf) && /\brequire\s*\(|\bmodule\.exports\b|\bexports\.[A-Za-z_$]/.test(code)
}

function isModule(sf: TS.SourceFile): boolean {
  return Boolean((sf as unknown as { externalModuleIndicator?: unknown }).externalModuleIndicator)
}

/**
 * The probe's header imports it, which makes a script (no import or export, not CommonJS) a module: strict, with
 * `await` a keyword. A script that parses differently as a module ("await <T>" then a declaration on the next line, a
 * legacy octal literal) would not build once instrumented, so it is reported with the module's first error and left
 * as it is. Only scripts with sites pay this second parse.
 */
function moduleParseError(sf: TS.SourceFile, code: string, file: string): AnalyzeError | null {
  if (isModule(sf) || isCommonJs(file, code, sf)) return null
  const err = firstParseError(parse(`${code}\nexport {}\n`, file))
  return err && { ...err, message: `the probe's import makes this script a module, and as a module it does not parse: ${err.message}` }
}

/** The first syntax error TypeScript's (error-tolerant) parser recorded, if any. */
export function firstParseError(sf: TS.SourceFile): AnalyzeError | null {
  const d = parseDiagnosticsOf(sf)[0]
  if (!d) return null
  const { line, character } = sf.getLineAndCharacterOfPosition(d.start ?? 0)
  return { message: ts.flattenDiagnosticMessageText(d.messageText, '\n'), line: line + 1, column: character + 1 }
}

function className(node: TS.ClassLikeDeclaration): string {
  if (node.name) return node.name.text
  const p = node.parent
  if (p && ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return p.name.text
  return '(anonymous class)'
}

function propertyNameText(name: TS.PropertyName): string | null {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text
  return null
}

/**
 * The name a function-like node gives the code inside it: `Class.method` for class members (and arrow-valued
 * class fields), the declared or assigned name for functions, `null` for anonymous callbacks (they inherit
 * the enclosing name).
 */
function memberOwner(member: TS.Node, name: string): string {
  return member.parent && ts.isClassLike(member.parent) ? `${className(member.parent)}.${name}` : name
}

function functionName(node: TS.Node): string | null {
  switch (node.kind) {
    case ts.SyntaxKind.FunctionDeclaration:
      return (node as TS.FunctionDeclaration).name?.text ?? 'default'
    case ts.SyntaxKind.MethodDeclaration:
    case ts.SyntaxKind.GetAccessor:
    case ts.SyntaxKind.SetAccessor:
    case ts.SyntaxKind.PropertyDeclaration: {
      const n = propertyNameText((node as TS.MethodDeclaration).name)
      return n === null ? null : memberOwner(node, n)
    }
    case ts.SyntaxKind.Constructor:
      return memberOwner(node, 'constructor')
    case ts.SyntaxKind.ClassStaticBlockDeclaration:
      return memberOwner(node, 'static')
    case ts.SyntaxKind.FunctionExpression:
    case ts.SyntaxKind.ArrowFunction: {
      const fnNode = node as TS.FunctionExpression | TS.ArrowFunction
      if (ts.isFunctionExpression(fnNode) && fnNode.name) return fnNode.name.text
      const p = node.parent
      if (ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return p.name.text
      if (ts.isPropertyAssignment(p)) return propertyNameText(p.name)
      return null
    }
    default:
      return null
  }
}

interface RawCandidate {
  call: TS.CallExpression
  fn: string | null
}

/** Everything the walk learns about a file before calls are matched. */
interface Walk {
  calls: RawCandidate[]
  bindings: FileBindings
  consts: ConstLiterals
}

function walk(sf: TS.SourceFile, types: readonly string[]): Walk {
  const out: Walk = { calls: [], bindings: { writers: new Set(), typed: new Set() }, consts: new ConstLiterals() }
  let fn: string | null = null
  const visit = (node: TS.Node): void => {
    collectBinding(node, out.bindings, types)
    out.consts.declare(node)
    if (ts.isCallExpression(node)) out.calls.push({ call: node, fn })
    const own = functionName(node)
    if (own !== null) {
      const saved = fn
      fn = own
      ts.forEachChild(node, visit)
      fn = saved
    } else ts.forEachChild(node, visit)
  }
  ts.forEachChild(sf, visit)
  return out
}

/** Builds the site of a matched call: rules, key, flags, position; `null` when it does not match or its static key is excluded. */
function siteFromCall(
  c: RawCandidate,
  w: Walk,
  sf: TS.SourceFile,
  code: string,
  file: string,
  o: ResolvedOptions,
  typeHooks: TypeHooks | null,
  wrappers: WrapperIndex,
): CallSite | null {
  const isWrapper = (name: string, receiver: TS.Expression | null): boolean => {
    if (!wrappers.names.has(name)) return false
    // Inside a wrapper, a call of the same name on another object is the write it wraps (`store(k, v) {
    // return this.map.store(k, v) }`), not a call back into a wrapper.
    const own = c.fn?.split('.').pop()
    return !(own === name && receiver !== null && receiver.kind !== ts.SyntaxKind.ThisKeyword)
  }
  const match = matchCall(c.call, o.matcher, w.bindings, typeHooks?.receiverIsMemory, isWrapper)
  if (!match) return null
  const call = c.call
  const args = call.arguments
  const wrapper = match.rules.includes('wrapper')
  const base = defaultArgRoles(match.name, args.length)
  let keyIndex = match.roles?.keyIndex !== undefined ? match.roles.keyIndex : base.keyIndex
  let valueIndex = match.roles?.valueIndex !== undefined ? match.roles.valueIndex : base.valueIndex
  if (match.roles?.keyIndex !== undefined && match.roles.valueIndex === undefined && keyIndex !== null) {
    valueIndex = keyIndex + 1 < args.length ? keyIndex + 1 : null
  }
  // A wrapper call is not the write: the write inside it carries the key and the value.
  if (wrapper) keyIndex = valueIndex = null
  const keyClass =
    keyIndex === null ? { key: null, keyKind: 'none' as const } : classifyKey(args[keyIndex], w.consts, typeHooks?.literalKey)
  if (keyClass.keyKind === 'static' && keyClass.key !== null && !keyAdmitted(keyClass.key, o.keyRegExps.include, o.keyRegExps.exclude)) {
    return null
  }
  const start = call.getStart(sf)
  const { line, character } = sf.getLineAndCharacterOfPosition(start)
  const site: CallSite = {
    file,
    line: line + 1,
    column: character + 1,
    fn: c.fn,
    callee: calleeText(code, call.expression, sf),
    rule: match.rules.join('+'),
    key: keyClass.key,
    keyKind: keyClass.keyKind,
    keyIndex,
    valueIndex,
    flags: { await: isAwaited(call), optional: hasOptionalInChain(call), valueUsed: isValueUsed(call) },
    start,
    end: call.end,
  }
  const unsupported = unsupportedReason(call, code)
  if (unsupported) site.unsupported = unsupported
  if (wrapper) {
    site.wrapper = true
    const decls = wrappers.decls.get(match.name)
    if (decls?.length) site.wraps = decls.map((d) => ({ file: d.file, line: d.line, fn: d.fn }))
  }
  return site
}

/** Shapes a probe cannot wrap without changing behaviour. */
function unsupportedReason(call: TS.CallExpression, code: string): string | undefined {
  if (isSuperReceiver(call.expression)) return 'super receiver'
  if (code.charCodeAt(call.end - 1) !== 41 /* ) */ || code.charCodeAt(call.arguments.pos - 1) !== 40 /* ( */) {
    return 'unrecognised argument list'
  }
  let p: TS.Node = call.parent
  while (p && ts.isParenthesizedExpression(p)) p = p.parent
  if (p && ts.isDeleteExpression(p)) return 'delete operand'
  return undefined
}

/** Hooks type-aware mode adds to the syntactic matcher. */
export interface TypeHooks {
  receiverIsMemory: (receiver: TS.Expression) => boolean
  literalKey: (e: TS.Expression) => string | null
}

function sitesOf(sf: TS.SourceFile, code: string, file: string, o: ResolvedOptions, hooks: TypeHooks | null): CallSite[] {
  const w = walk(sf, o.matcher.types)
  const wholeModule = o.wrappers.modules.includes(path.resolve(o.root, file))
  const own = mayDeclareWrappers(code, o.wrappers, wholeModule) ? declaredWrappers(sf, file, o.wrappers, wholeModule) : []
  const wrappers = withOwnDeclarations(wrapperIndex(o.root, o.wrappers, parse), own)
  const sites: CallSite[] = []
  for (const c of w.calls) {
    const s = siteFromCall(c, w, sf, code, file, o, hooks, wrappers)
    if (s) sites.push(s)
  }
  return sites
}

/**
 * Finds the memory-write call sites of one module. Read-only and pure: the same input gives the same
 * sites. Returns `[]` for code already instrumented and for code TypeScript's parser flags as broken (use
 * `analyzeSafe` to learn why).
 */
export function analyze(code: string, id: string, options?: Options | ResolvedOptions): CallSite[] {
  return analyzeSafe(code, id, options).sites
}

/**
 * `analyze` that never throws: a parse error or an internal failure comes back as `error` (with a 1-based
 * line and column) and no sites, so the adapter can warn with file and line and leave the code unchanged.
 */
export function analyzeSafe(code: string, id: string, options?: Options | ResolvedOptions): { sites: CallSite[]; error?: AnalyzeError } {
  let o: ResolvedOptions
  try {
    o = ensureResolved(options)
  } catch (e) {
    return { sites: [], error: { message: (e as Error).message, line: 1, column: 1 } }
  }
  if (typeof code !== 'string' || isInstrumented(code)) return { sites: [] }
  try {
    return analyzeHere(code, id, o)
  } catch (e) {
    if (isStackOverflow(e)) return analyzeDeep(code, id, o)
    return { sites: [], error: { message: `internal error: ${errorText(e)}`, line: 1, column: 1 } }
  }
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}

/** `analyzeSafe` on this thread's stack; throws what the parser or the walk throws. */
export function analyzeHere(code: string, id: string, o: ResolvedOptions): { sites: CallSite[]; error?: AnalyzeError } {
  const { file } = normalizeId(id, o.root)
  const ta = o.typeAware ? typeAwareSource(code, id, o) : null
  try {
    const sf = ta ? ta.sourceFile : parseCached(code, file)
    const err = firstParseError(sf)
    if (err) return { sites: [], error: err }
    const sites = sitesOf(sf, code, file, o, ta ? ta.hooks : null)
    const asModule = sites.length ? moduleParseError(sf, code, file) : null
    return asModule ? { sites: [], error: asModule } : { sites }
  } finally {
    ta?.release()
  }
}

/**
 * A module that overflowed the stack: too deep (beyond `MAX_NESTING_DEPTH`) it is reported at the line
 * where its nesting passes the limit, otherwise it is analysed again in the worker with a larger stack.
 */
function analyzeDeep(code: string, id: string, o: ResolvedOptions): { sites: CallSite[]; error?: AnalyzeError } {
  const { file } = normalizeId(id, o.root)
  try {
    if (nestingDepth(code, file).depth > MAX_NESTING_DEPTH) return { sites: [], error: tooDeep(code, file) }
    markDeep(code, id)
    const answer = runDeep({ op: 'analyze', code, id, options: cloneableOptions(o) })
    if (answer.ok) return answer.value as { sites: CallSite[]; error?: AnalyzeError }
    return { sites: [], error: answer.error ?? { message: `internal error: ${answer.message}`, line: 1, column: 1 } }
  } catch (e) {
    return { sites: [], error: { message: `internal error: ${errorText(e)}`, line: 1, column: 1 } }
  }
}
