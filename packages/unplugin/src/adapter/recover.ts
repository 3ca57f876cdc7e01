import { escapeRegExp, PROBE_NAMES, type SiteMeta } from 'memory-customs/probe'
import type { ts as TS } from 'ts-morph'
import { ts } from '../core/typescript'

/** A site as embedded in an instrumented module's table: exactly what the probe runtime receives. */
export type EmbeddedSite = SiteMeta

export interface EmbeddedTable {
  file: string
  sites: EmbeddedSite[]
}

const TABLE_CALL = PROBE_NAMES.register
/** `__mc$r`, or the local name `__mc$r<n>` it is imported as when the module already uses `__mc$r`. */
const TABLE_NAME = new RegExp(`^${escapeRegExp(PROBE_NAMES.register)}\\d*$`)

/**
 * Reads the site tables embedded in module code (`__mc$r("src/a.ts", [...], keyFilter)`), whatever a
 * loader did to it afterwards: quoted or bare keys, reformatting, `(0, _probe.__mc$r)(…)` after a CommonJS
 * transform. This is how sites of modules that never ran through `transform` in this process (webpack's
 * persistent cache, a Vite dev server's transformed output) are recovered. Only literal values are read;
 * nothing is evaluated.
 */
export function readEmbeddedTables(code: string): EmbeddedTable[] {
  if (!code.includes(TABLE_CALL)) return []
  const sf = ts.createSourceFile('module.js', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS)
  const tables: EmbeddedTable[] = []
  const visit = (node: TS.Node): void => {
    if (ts.isCallExpression(node) && isTableCallee(node.expression) && node.arguments.length >= 2) {
      const file = literalValue(node.arguments[0])
      const sites = literalValue(node.arguments[1])
      if (typeof file === 'string' && Array.isArray(sites)) {
        tables.push({ file, sites: sites.filter(isEmbeddedSite) })
        return
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return tables
}

function isTableCallee(expr: TS.Expression): boolean {
  let e: TS.Expression = expr
  while (ts.isParenthesizedExpression(e)) e = e.expression
  // `(0, probe.__mc$r)` after a CommonJS transform
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.CommaToken) e = e.right
  if (ts.isIdentifier(e)) return TABLE_NAME.test(e.text)
  if (ts.isPropertyAccessExpression(e)) return TABLE_NAME.test(e.name.text)
  return false
}

const NOT_LITERAL = Symbol('not a literal')

function literalValue(node: TS.Expression): unknown {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isNumericLiteral(node)) return Number(node.text)
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand)) {
    return -Number(node.operand.text)
  }
  if (node.kind === ts.SyntaxKind.NullKeyword) return null
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false
  // Minifiers print `!0` / `!1` for booleans and `void 0` for undefined.
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken && ts.isNumericLiteral(node.operand)) {
    return !Number(node.operand.text)
  }
  if (ts.isVoidExpression(node)) return undefined
  if (ts.isParenthesizedExpression(node)) return literalValue(node.expression)
  if (ts.isArrayLiteralExpression(node)) {
    const out: unknown[] = []
    for (const el of node.elements) {
      const v = literalValue(el)
      if (v === NOT_LITERAL) return NOT_LITERAL
      out.push(v)
    }
    return out
  }
  if (ts.isObjectLiteralExpression(node)) {
    const out: Record<string, unknown> = {}
    for (const prop of node.properties) {
      if (!ts.isPropertyAssignment(prop)) return NOT_LITERAL
      const name = prop.name
      const key = ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : null
      if (key === null) return NOT_LITERAL
      const v = literalValue(prop.initializer)
      if (v === NOT_LITERAL) return NOT_LITERAL
      out[key] = v
    }
    return out
  }
  return NOT_LITERAL
}

function isEmbeddedSite(v: unknown): v is EmbeddedSite {
  if (!v || typeof v !== 'object') return false
  const s = v as Record<string, unknown>
  return typeof s.file === 'string' && typeof s.line === 'number' && typeof s.column === 'number' && typeof s.callee === 'string'
}
