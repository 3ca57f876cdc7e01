import type { ts as TS } from 'ts-morph'
import { ts } from './typescript'
import type { CompiledTarget, MatcherConfig } from './options'
import { RUNTIME_APIS } from './options'
import { bareCallee, dottedPath, memberCallee, receiverName } from './syntax'
import type { ArgRoles } from './keys'

/** Same-file facts a bare call (MW-2b) or a type rule needs, collected while walking the file. */
export interface FileBindings {
  /** Names bound by a relative/aliased import, a function declaration or a variable initialised with a function. */
  writers: Set<string>
  /** Names (identifiers and `this.<field>` members) bound to `new T()` or annotated `: T` with T in `types`. */
  typed: Set<string>
}

/** Module specifiers whose imports are the application's own code (MW-2b). */
export function isLocalSpecifier(spec: string): boolean {
  return spec.startsWith('.') || spec.startsWith('@/') || spec.startsWith('~/') || spec.startsWith('#')
}

/** Records the bindings of one declaration node; called for every node during the walk. */
export function collectBinding(node: TS.Node, bindings: FileBindings, types: readonly string[]): void {
  switch (node.kind) {
    case ts.SyntaxKind.ImportDeclaration:
    case ts.SyntaxKind.FunctionDeclaration:
    case ts.SyntaxKind.VariableDeclaration:
    case ts.SyntaxKind.Parameter:
    case ts.SyntaxKind.PropertyDeclaration:
      break
    default:
      return
  }
  if (ts.isImportDeclaration(node)) {
    const spec = node.moduleSpecifier
    if (!ts.isStringLiteral(spec) || !isLocalSpecifier(spec.text) || !node.importClause) return
    const clause = node.importClause
    if (clause.name) bindings.writers.add(clause.name.text)
    const nb = clause.namedBindings
    if (nb && ts.isNamedImports(nb)) for (const el of nb.elements) bindings.writers.add(el.name.text)
    return
  }
  if (ts.isFunctionDeclaration(node) && node.name) {
    bindings.writers.add(node.name.text)
    return
  }
  if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
    const init = node.initializer
    if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) bindings.writers.add(node.name.text)
  }
  if (types.length && (ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isPropertyDeclaration(node))) {
    const name = node.name
    if (!(ts.isIdentifier(name) || ts.isPrivateIdentifier(name))) return
    if (typeNameIn(node.type, types) || newOf(node.initializer, types)) bindings.typed.add(name.text)
  }
}

function typeNameIn(type: TS.TypeNode | undefined, types: readonly string[]): boolean {
  if (!type) return false
  if (ts.isTypeReferenceNode(type)) {
    const n = type.typeName
    return types.includes(ts.isIdentifier(n) ? n.text : n.right.text)
  }
  if (ts.isUnionTypeNode(type)) return type.types.some((t) => typeNameIn(t, types))
  return false
}

function newOf(init: TS.Expression | undefined, types: readonly string[]): boolean {
  if (!init) return false
  let e = init
  while (ts.isAwaitExpression(e) || ts.isParenthesizedExpression(e)) e = e.expression
  if (!ts.isNewExpression(e)) return false
  const c = e.expression
  if (ts.isIdentifier(c)) return types.includes(c.text)
  if (ts.isPropertyAccessExpression(c)) return types.includes(c.name.text)
  return false
}

function api(rules: readonly string[]): boolean {
  return rules.includes('runtime')
}

/** Outcome of matching one call expression. */
export interface Match {
  rules: string[]
  /** Method or function name (for the key rule). */
  name: string
  /** Positions from a user target or the runtime API table, overriding the MW v1 key rule. */
  roles?: Partial<ArgRoles>
}

/** What the verb test says about a name: a write verb, and whether its suffix is a memory noun. */
function verbInfo(name: string, m: MatcherConfig): { verb: boolean; noun: boolean } {
  const v = m.verb.exec(name)
  if (!v) return { verb: false, noun: false }
  const suffix = v[1]
  return { verb: true, noun: !!suffix && m.noun.test(suffix) }
}

function isMemoryReceiver(name: string, m: MatcherConfig): boolean {
  return name !== '' && m.receivers.some((r) => r.test(name))
}

function targetFor(path: string, targets: readonly CompiledTarget[]): CompiledTarget | null {
  for (const t of targets) {
    t.pattern.lastIndex = 0
    if (t.pattern.test(path)) return t
  }
  return null
}

/**
 * Matches a call against MW v1 (MW-1, MW-2a, MW-2b), the runtime APIs, user targets, excluded callees and
 * same-file typed receivers. `extraRule` lets type-aware mode add its verdict for the receiver.
 */
export function matchCall(
  call: TS.CallExpression,
  m: MatcherConfig,
  bindings: FileBindings,
  typeVerdict?: (receiver: TS.Expression) => boolean,
  isWrapper?: (name: string, receiver: TS.Expression | null) => boolean,
): Match | null {
  const rules: string[] = []
  let name = ''
  let roles: Partial<ArgRoles> | undefined
  let heuristic = false
  const member = memberCallee(call.expression)
  if (member) {
    name = member.method
    const v = verbInfo(name, m)
    const recv = receiverName(member.receiver)
    if (v.verb && isMemoryReceiver(recv, m)) rules.push('MW-1')
    if (v.noun) rules.push('MW-2a')
    heuristic = rules.length > 0
    const api = RUNTIME_APIS.find((a) => a.method === name && a.receiver === recv)
    if (api) {
      rules.push('runtime')
      roles = { keyIndex: api.keyIndex, valueIndex: api.valueIndex }
    }
    if (v.verb && !heuristic && !api) {
      const typed = (recv !== '' && bindings.typed.has(recv)) || (typeVerdict ? typeVerdict(member.receiver) : false)
      if (typed) rules.push('type')
    }
  } else {
    const f = bareCallee(call.expression)
    if (f !== null) {
      name = f
      const v = verbInfo(f, m)
      if (v.noun && bindings.writers.has(f)) rules.push('MW-2b')
      heuristic = rules.length > 0
    }
  }
  if (!member && name === '' && m.targets.length === 0) return null
  let path: string | null = null
  if (m.targets.length) {
    path = dottedPath(call.expression)
    const t = targetFor(path, m.targets)
    if (t) {
      rules.push('target')
      if (!roles) roles = {}
      if (t.keyIndex !== undefined) roles.keyIndex = t.keyIndex
      if (t.valueIndex !== undefined) roles.valueIndex = t.valueIndex
      if (!name) name = path.split('.').pop() ?? ''
    }
  }
  // A runtime API call is the write itself, never a wrapper, even when a wrapper shares its name.
  if (isWrapper && name && !api(rules) && isWrapper(name, member ? member.receiver : null)) rules.push('wrapper')
  if (!rules.length) return null
  if (heuristic && m.excludeCallees.length) {
    path ??= dottedPath(call.expression)
    const p = path
    if (m.excludeCallees.some((r) => ((r.lastIndex = 0), r.test(p)))) {
      // Excludes only silence the heuristics; explicit targets, runtime APIs and types still count.
      const kept = rules.filter((r) => !r.startsWith('MW-'))
      if (!kept.length) return null
      return { rules: kept, name, roles }
    }
  }
  return { rules, name, roles }
}
