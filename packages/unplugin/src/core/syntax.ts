import type { ts as TS } from 'ts-morph'
import { ts } from './typescript'

/** U(e): strips parentheses, non-null `!`, `as`, `<T>` assertions and `satisfies`, repeatedly. */
export function unwrap(e: TS.Expression): TS.Expression {
  for (;;) {
    if (
      ts.isParenthesizedExpression(e) ||
      ts.isNonNullExpression(e) ||
      ts.isAsExpression(e) ||
      ts.isTypeAssertionExpression(e) ||
      ts.isSatisfiesExpression(e)
    ) {
      e = e.expression
    } else return e
  }
}

/** U(e) that also strips `await` (receiver names look through it). */
export function unwrapWithAwait(e: TS.Expression): TS.Expression {
  for (;;) {
    const u = unwrap(e)
    if (ts.isAwaitExpression(u)) e = u.expression
    else return u
  }
}

/** The literal key of `R['k']` / ``R[`k`]``, or `null`. */
export function literalElementKey(e: TS.ElementAccessExpression): string | null {
  const a = e.argumentExpression
  return ts.isStringLiteral(a) || ts.isNoSubstitutionTemplateLiteral(a) ? a.text : null
}

/** NAME(R) of MW v1: the name a receiver expression goes by, or `''`. */
export function receiverName(r: TS.Expression): string {
  const e = unwrapWithAwait(r)
  if (ts.isIdentifier(e)) return e.text
  if (e.kind === ts.SyntaxKind.ThisKeyword) return 'this'
  if (ts.isPropertyAccessExpression(e)) return e.name.text
  if (ts.isElementAccessExpression(e)) return literalElementKey(e) ?? ''
  if (ts.isCallExpression(e)) return receiverName(e.expression)
  return ''
}

/** The callee of a call in member form: receiver, method name and whether the receiver is `super`. */
export interface MemberCallee {
  receiver: TS.Expression
  method: string
}

/** Member form of MW v1 (`R.m`, `R?.m`, `R['m']`), or `null` (`#private` method names are not matched). */
export function memberCallee(callee: TS.Expression): MemberCallee | null {
  const c = unwrap(callee)
  if (ts.isPropertyAccessExpression(c)) {
    if (!ts.isIdentifier(c.name)) return null
    return { receiver: c.expression, method: c.name.text }
  }
  if (ts.isElementAccessExpression(c)) {
    const k = literalElementKey(c)
    return k === null ? null : { receiver: c.expression, method: k }
  }
  return null
}

/** Bare form: the callee is an identifier. */
export function bareCallee(callee: TS.Expression): string | null {
  const c = unwrap(callee)
  return ts.isIdentifier(c) ? c.text : null
}

/**
 * Dotted callee path used by callee patterns: `?.` and `!` dropped, assertions and parentheses unwrapped,
 * call arguments shown as `()`, literal element keys as `.k`, other element accesses as `[]`.
 */
export function dottedPath(e: TS.Expression): string {
  const u = unwrapWithAwait(e)
  if (ts.isIdentifier(u)) return u.text
  if (ts.isPrivateIdentifier(u as TS.Node)) return (u as unknown as TS.PrivateIdentifier).text
  switch (u.kind) {
    case ts.SyntaxKind.ThisKeyword:
      return 'this'
    case ts.SyntaxKind.SuperKeyword:
      return 'super'
  }
  if (ts.isPropertyAccessExpression(u)) return `${dottedPath(u.expression)}.${u.name.text}`
  if (ts.isElementAccessExpression(u)) {
    const k = literalElementKey(u)
    return k === null ? `${dottedPath(u.expression)}[]` : `${dottedPath(u.expression)}.${k}`
  }
  if (ts.isCallExpression(u)) return `${dottedPath(u.expression)}()`
  return '?'
}

/** Whether the (unwrapped) receiver of a member callee is `super`. */
export function isSuperReceiver(callee: TS.Expression): boolean {
  const c = unwrap(callee)
  return (ts.isPropertyAccessExpression(c) || ts.isElementAccessExpression(c)) && c.expression.kind === ts.SyntaxKind.SuperKeyword
}

/** Whether there is a `?.` in the callee's member/call chain, or the call itself is `?.()`. */
export function hasOptionalInChain(call: TS.CallExpression): boolean {
  if (call.questionDotToken) return true
  let e: TS.Expression = call.expression
  for (;;) {
    e = unwrap(e)
    if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e) || ts.isCallExpression(e)) {
      if (e.questionDotToken) return true
      e = e.expression
    } else return false
  }
}

function skipUpwards(n: TS.Node, alsoAwait: boolean): TS.Node {
  let p = n.parent
  while (
    p &&
    (ts.isParenthesizedExpression(p) ||
      ts.isNonNullExpression(p) ||
      ts.isAsExpression(p) ||
      ts.isTypeAssertionExpression(p) ||
      ts.isSatisfiesExpression(p) ||
      (alsoAwait && ts.isAwaitExpression(p)))
  ) {
    n = p
    p = n.parent
  }
  return p
}

/** The call is the operand of `await`, possibly through parentheses. */
export function isAwaited(call: TS.CallExpression): boolean {
  let p = call.parent
  while (p && ts.isParenthesizedExpression(p)) p = p.parent
  return !!p && ts.isAwaitExpression(p)
}

/** The call's result is used: after stripping wrappers and `await`, its parent is not an expression statement. */
export function isValueUsed(call: TS.CallExpression): boolean {
  const p = skipUpwards(call, true)
  return !p || !ts.isExpressionStatement(p)
}

/**
 * The outermost expression of the optional chain a call belongs to: wrapping only the call inside
 * `a?.b.set(1).x` would turn a short-circuit into a TypeError, so the probe exit wraps the whole chain.
 */
export function outermostChain(call: TS.CallExpression): TS.Expression {
  if (!(call.flags & ts.NodeFlags.OptionalChain)) return call
  let cur: TS.Expression = call
  for (;;) {
    const p = cur.parent
    if (
      p &&
      (ts.isPropertyAccessExpression(p) || ts.isElementAccessExpression(p) || ts.isCallExpression(p) || ts.isNonNullExpression(p)) &&
      p.expression === cur &&
      p.flags & ts.NodeFlags.OptionalChain
    ) {
      cur = p
    } else return cur
  }
}

/** Callee text with whitespace collapsed (none around `.`), elided in the middle past 90 characters. */
export function calleeText(code: string, callee: TS.Expression, sf: TS.SourceFile): string {
  const raw = code.slice(callee.getStart(sf), callee.end)
  const text = raw
    .replace(/\s+/g, ' ')
    .replace(/ ?(\??\.) ?/g, '$1')
    .trim()
  return text.length > 90 ? `${text.slice(0, 44)}…${text.slice(-45)}` : text
}
