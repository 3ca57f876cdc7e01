import type { SyntaxNode, Tree } from '@lezer/common'

/**
 * Bindings of one parsed snippet: what each name is declared as, in which function scope. Enough to tell a module
 * alias (`const cp = require('child_process')`) from a local that shadows it (`var foo = /re/` inside a function)
 * and a parameter (external input) from a constant.
 */

export interface Binding {
  name: string
  /** The function (or script) range the binding is visible in. */
  scopeFrom: number
  scopeTo: number
  kind: 'param' | 'var' | 'import' | 'function'
  /** For `var`: the initializer; null when there is none or it cannot be told apart (destructuring, tuples). */
  init: SyntaxNode | null
  /** For destructuring from an object (`const { exec } = init`): the property taken. */
  property?: string
  /** For imports: the module path the name stands for (`child_process`, `os.system`, `child_process.exec`). */
  module?: string
  /** Where the declaration is (a use before it still sees it: hoisting is not worth modelling here). */
  at: number
}

const JS_SCOPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunction', 'MethodDeclaration'])
const PY_SCOPES = new Set(['FunctionDefinition', 'LambdaExpression'])

/** The text of a string literal node without quotes and prefixes (escapes of non-raw strings resolved). */
export function stringContent(source: string, node: SyntaxNode): { text: string; start: number; exact: boolean } {
  const raw = source.slice(node.from, node.to)
  const prefix = /^[rRbBuUfF]{0,2}/.exec(raw)?.[0] ?? ''
  const body = raw.slice(prefix.length)
  const quote = body.startsWith('"""') || body.startsWith("'''") ? body.slice(0, 3) : body.slice(0, 1)
  const closed = body.length >= quote.length * 2 && body.endsWith(quote)
  const inner = body.slice(quote.length, closed ? body.length - quote.length : body.length)
  const start = node.from + prefix.length + quote.length
  if (/r/i.test(prefix) || !inner.includes('\\')) return { text: inner, start, exact: true }
  const text = inner.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c))
  return { text, start, exact: false }
}

function moduleString(source: string, node: SyntaxNode | null): string {
  return node && node.name === 'String' ? stringContent(source, node).text : ''
}

/** Collects the bindings of a JavaScript/TypeScript tree. */
function jsBindings(tree: Tree, source: string): Binding[] {
  const out: Binding[] = []
  const scopes: Array<[number, number]> = [[0, source.length]]
  tree.iterate({
    enter(ref) {
      if (JS_SCOPES.has(ref.name)) scopes.push([ref.from, ref.to])
      if (ref.name !== 'VariableDefinition') return
      const node = ref.node
      const parent = node.parent
      if (!parent) return
      const name = source.slice(node.from, node.to)
      const inner = scopes[scopes.length - 1] as [number, number]
      const outer = scopes[Math.max(0, scopes.length - 2)] as [number, number]
      const base = { name, at: node.from }
      switch (parent.name) {
        case 'ParamList':
        case 'ArrowFunction':
        case 'CatchClause':
          out.push({ ...base, scopeFrom: inner[0], scopeTo: inner[1], kind: 'param', init: null })
          return
        case 'FunctionDeclaration':
        case 'ClassDeclaration':
          out.push({ ...base, scopeFrom: outer[0], scopeTo: outer[1], kind: 'function', init: null })
          return
        case 'VariableDeclaration': {
          const eq = node.nextSibling
          const init = eq && eq.name === 'Equals' ? eq.nextSibling : null
          out.push({ ...base, scopeFrom: inner[0], scopeTo: inner[1], kind: 'var', init })
          return
        }
        case 'PatternProperty': {
          const pattern = parent.parent
          const decl = pattern?.parent
          let init: SyntaxNode | null = null
          if (pattern?.name === 'ObjectPattern' && decl?.name === 'VariableDeclaration') {
            const eq = pattern.nextSibling
            init = eq && eq.name === 'Equals' ? eq.nextSibling : null
          }
          const key = parent.firstChild
          const property = key && key.name === 'PropertyName' ? source.slice(key.from, key.to) : name
          out.push({ ...base, scopeFrom: inner[0], scopeTo: inner[1], kind: 'var', init, property })
          return
        }
        case 'ImportDeclaration': {
          const module = moduleString(source, parent.getChild('String'))
          out.push({ ...base, scopeFrom: 0, scopeTo: source.length, kind: 'import', init: null, module })
          return
        }
        case 'ImportGroup': {
          const module = moduleString(source, parent.parent?.getChild('String') ?? null)
          const prev = node.prevSibling
          const imported = prev && prev.name === 'as' ? prev.prevSibling : null
          const member = imported ? source.slice(imported.from, imported.to) : name
          out.push({ ...base, scopeFrom: 0, scopeTo: source.length, kind: 'import', init: null, module: `${module}.${member}` })
          return
        }
        default:
          out.push({ ...base, scopeFrom: inner[0], scopeTo: inner[1], kind: 'var', init: null })
      }
    },
    leave(ref) {
      if (JS_SCOPES.has(ref.name)) scopes.pop()
    },
  })
  return out
}

function pyImport(source: string, node: SyntaxNode, out: Binding[]): void {
  const parts: SyntaxNode[] = []
  for (let c = node.firstChild; c; c = c.nextSibling) parts.push(c)
  const text = (n: SyntaxNode) => source.slice(n.from, n.to)
  const isFrom = parts[0]?.name === 'from'
  let i = 1
  let fromModule = ''
  if (isFrom) {
    while (i < parts.length && (parts[i] as SyntaxNode).name !== 'import') fromModule += text(parts[i++] as SyntaxNode)
    i++
  }
  while (i < parts.length) {
    let dotted = ''
    const first = parts[i] as SyntaxNode
    while (i < parts.length && ((parts[i] as SyntaxNode).name === 'VariableName' || (parts[i] as SyntaxNode).name === '.'))
      dotted += text(parts[i++] as SyntaxNode)
    let local = dotted.split('.')[0] ?? ''
    let module = isFrom ? `${fromModule}.${dotted}` : local
    if (parts[i]?.name === 'as') {
      const alias = parts[i + 1]
      if (alias) local = text(alias)
      module = isFrom ? `${fromModule}.${dotted}` : dotted
      i += 2
    }
    if (local) out.push({ name: local, at: first.from, scopeFrom: 0, scopeTo: source.length, kind: 'import', init: null, module })
    i++
  }
}

/** Collects the bindings of a Python tree (assignments declare, in the enclosing function). */
function pyBindings(tree: Tree, source: string): Binding[] {
  const out: Binding[] = []
  const scopes: Array<[number, number]> = [[0, source.length]]
  tree.iterate({
    enter(ref) {
      const inner = scopes[scopes.length - 1] as [number, number]
      if (ref.name === 'ImportStatement') {
        pyImport(source, ref.node, out)
        return false
      }
      if (ref.name === 'FunctionDefinition' || ref.name === 'ClassDefinition') {
        const name = ref.node.getChild('VariableName')
        if (name)
          out.push({
            name: source.slice(name.from, name.to),
            at: name.from,
            scopeFrom: inner[0],
            scopeTo: inner[1],
            kind: 'function',
            init: null,
          })
      }
      if (PY_SCOPES.has(ref.name)) scopes.push([ref.from, ref.to])
      const scope = scopes[scopes.length - 1] as [number, number]
      if (ref.name === 'ParamList') {
        for (let c = ref.node.firstChild; c; c = c.nextSibling) {
          if (c.name === 'VariableName' && c.prevSibling?.name !== 'AssignOp')
            out.push({ name: source.slice(c.from, c.to), at: c.from, scopeFrom: scope[0], scopeTo: scope[1], kind: 'param', init: null })
        }
      } else if (ref.name === 'AssignStatement') {
        const targets: SyntaxNode[] = []
        let c = ref.node.firstChild
        while (c && c.name !== 'AssignOp') {
          if (c.name === 'VariableName') targets.push(c)
          c = c.nextSibling
        }
        const value = c ? c.nextSibling : null
        const single = targets.length === 1 && value && !value.nextSibling
        for (const t of targets)
          out.push({
            name: source.slice(t.from, t.to),
            at: t.from,
            scopeFrom: scope[0],
            scopeTo: scope[1],
            kind: 'var',
            init: single ? value : null,
          })
      } else if (ref.name === 'WithStatement' || ref.name === 'ForStatement' || ref.name === 'ExceptClause') {
        // `with x as name`, `for name in …`, `except E as name`: a binding whose value is not a plain literal.
        let seenAs = ref.name === 'ForStatement'
        for (let k = ref.node.firstChild; k; k = k.nextSibling) {
          if (k.name === 'as') seenAs = true
          else if (k.name === 'in' || k.name === 'Body') seenAs = false
          else if (seenAs && k.name === 'VariableName') {
            const init = ref.name === 'WithStatement' ? (k.prevSibling?.prevSibling ?? null) : null
            out.push({ name: source.slice(k.from, k.to), at: k.from, scopeFrom: scope[0], scopeTo: scope[1], kind: 'var', init })
          }
        }
      }
      return undefined
    },
    leave(ref) {
      if (PY_SCOPES.has(ref.name)) scopes.pop()
    },
  })
  return out
}

/** The bindings of a tree, grouped by name. */
export function collectBindings(tree: Tree, source: string, language: 'javascript' | 'python'): Map<string, Binding[]> {
  const list = language === 'python' ? pyBindings(tree, source) : jsBindings(tree, source)
  const byName = new Map<string, Binding[]>()
  for (const b of list) {
    const group = byName.get(b.name)
    if (group) group.push(b)
    else byName.set(b.name, [b])
  }
  return byName
}

/**
 * The binding a use of `name` at `pos` refers to: the one in the innermost scope containing the use. Several
 * assignments in that scope mean the value is not a constant (returned as a binding without initializer).
 */
export function lookup(bindings: Map<string, Binding[]>, name: string, pos: number): Binding | null {
  const group = bindings.get(name)
  if (!group) return null
  let best: Binding | null = null
  let count = 0
  for (const b of group) {
    if (pos < b.scopeFrom || pos > b.scopeTo) continue
    if (!best || b.scopeTo - b.scopeFrom < best.scopeTo - best.scopeFrom) {
      best = b
      count = 1
    } else if (b.scopeFrom === best.scopeFrom && b.scopeTo === best.scopeTo) count++
  }
  if (best && count > 1 && best.kind === 'var') return { ...best, init: null }
  return best
}
