import type { ts as TS } from 'ts-morph'
import { ts } from './typescript'
import type { KeyKind } from '../types'
import { unwrap } from './syntax'

/** Argument positions of a write: MW v1 key rule plus the value that the write commits. */
export interface ArgRoles {
  keyIndex: number | null
  valueIndex: number | null
}

/**
 * MW v1 key rule: `put*` with ≥3 arguments → key 1 (LangGraph `put(namespace, key, value)`); `set*`/`put*`
 * with ≥2 → key 0; otherwise no key. The value is the argument after the key, or argument 0 of a
 * value-only write.
 */
export function defaultArgRoles(name: string, argCount: number): ArgRoles {
  if (name.startsWith('put') && argCount >= 3) return { keyIndex: 1, valueIndex: 2 }
  if ((name.startsWith('set') || name.startsWith('put')) && argCount >= 2) return { keyIndex: 0, valueIndex: 1 }
  return { keyIndex: null, valueIndex: argCount > 0 ? 0 : null }
}

/** Same-file `const NAME = <literal>` bindings that no other declaration in the file shadows. */
export class ConstLiterals {
  private readonly values = new Map<string, string | null>()
  private readonly shadowed = new Set<string>()

  /** Records a declaration seen during the walk. */
  declare(node: TS.Node): void {
    const k = node.kind
    if (k < ts.SyntaxKind.VariableDeclaration && k !== ts.SyntaxKind.Parameter && k !== ts.SyntaxKind.BindingElement) return
    if (ts.isVariableDeclaration(node)) {
      const isConst = ts.isVariableDeclarationList(node.parent) && (node.parent.flags & ts.NodeFlags.Const) !== 0
      if (ts.isIdentifier(node.name)) {
        const lit = isConst && node.initializer ? literalValue(node.initializer) : null
        if (lit !== null) this.values.set(node.name.text, this.values.has(node.name.text) ? null : lit)
        else this.shadowed.add(node.name.text)
      } else this.shadowBindingNames(node.name)
    } else if (ts.isParameter(node) || ts.isBindingElement(node)) {
      if (ts.isIdentifier(node.name)) this.shadowed.add(node.name.text)
    } else if (
      (ts.isFunctionDeclaration(node) ||
        ts.isClassDeclaration(node) ||
        ts.isImportSpecifier(node) ||
        ts.isImportClause(node) ||
        ts.isNamespaceImport(node)) &&
      node.name &&
      ts.isIdentifier(node.name)
    ) {
      this.shadowed.add(node.name.text)
    }
  }

  private shadowBindingNames(name: TS.BindingName): void {
    if (ts.isIdentifier(name)) this.shadowed.add(name.text)
    else for (const el of name.elements) if (!ts.isOmittedExpression(el)) this.shadowBindingNames(el.name)
  }

  /** The literal value of an identifier bound by exactly one same-file `const`, or `null`. */
  valueOf(name: string): string | null {
    if (this.shadowed.has(name)) return null
    return this.values.get(name) ?? null
  }
}

/** String form of a string, no-substitution template or numeric literal (through `as const` etc.), or `null`. */
export function literalValue(e: TS.Expression): string | null {
  const u = unwrap(e)
  if (ts.isStringLiteral(u) || ts.isNoSubstitutionTemplateLiteral(u)) return u.text
  if (ts.isNumericLiteral(u)) {
    const n = Number(u.text.replace(/_/g, ''))
    return Number.isFinite(n) ? String(n) : null
  }
  if (ts.isPrefixUnaryExpression(u) && u.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(u.operand)) {
    const n = -Number(u.operand.text.replace(/_/g, ''))
    return Number.isFinite(n) ? String(n) : null
  }
  return null
}

export interface KeyClass {
  key: string | null
  keyKind: KeyKind
}

/**
 * Classifies a key argument: `static` (literal, or a same-file literal `const`, or — via `literalType` — a
 * literal type), `pattern` (a template whose substitutions become `*`: `` `user_${id}` `` → `user_*`), else
 * `dynamic`. A template with no static text at all is dynamic.
 */
export function classifyKey(
  arg: TS.Expression | undefined,
  consts: ConstLiterals,
  literalType?: (e: TS.Expression) => string | null,
): KeyClass {
  if (!arg || ts.isSpreadElement(arg)) return { key: null, keyKind: 'dynamic' }
  const lit = literalValue(arg)
  if (lit !== null) return { key: lit, keyKind: 'static' }
  const u = unwrap(arg)
  if (ts.isIdentifier(u)) {
    const v = consts.valueOf(u.text)
    if (v !== null) return { key: v, keyKind: 'static' }
  }
  if (ts.isTemplateExpression(u)) {
    let pattern = u.head.text
    for (const span of u.templateSpans) pattern += `*${span.literal.text}`
    if (pattern.replace(/\*/g, '') !== '') return { key: pattern.replace(/\*+/g, '*'), keyKind: 'pattern' }
  }
  if (literalType) {
    const t = literalType(arg)
    if (t !== null) return { key: t, keyKind: 'static' }
  }
  return { key: null, keyKind: 'dynamic' }
}
