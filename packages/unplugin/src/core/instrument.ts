import { MagicString, type SourceMap } from 'magic-string'
import { ts } from 'ts-morph'
import type { CallSite, Options } from '../types'
import { parseCached } from './analyze'
import { normalizeId } from './ids'
import { isInstrumented, MARKER } from './marker'
import { ensureResolved, type ResolvedOptions } from './options'
import { outermostChain } from './syntax'

export { isInstrumented, MARKER } from './marker'

/** The SiteMeta subset of a call site that the probe runtime receives (see `memory-customs/probe`). */
export function siteMeta(s: CallSite) {
  return {
    file: s.file,
    line: s.line,
    column: s.column,
    fn: s.fn,
    callee: s.callee,
    rule: s.rule,
    key: s.key,
    keyKind: s.keyKind,
    keyIndex: s.keyIndex,
    valueIndex: s.valueIndex,
  }
}

/** JSON that is also a one-line JS expression (U+2028/2029 would count as line breaks for some tools). */
function jsJson(v: unknown): string {
  return JSON.stringify(v).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

function findCall(sf: ts.SourceFile, start: number, end: number): ts.CallExpression | null {
  let found: ts.CallExpression | null = null
  const visit = (n: ts.Node): void => {
    if (found || n.pos > start || n.end < end) return
    if (ts.isCallExpression(n) && n.end === end && n.getStart(sf) === start) {
      found = n
      return
    }
    ts.forEachChild(n, visit)
  }
  ts.forEachChild(sf, visit)
  return found
}

/**
 * Where the one-line header goes: after a shebang line (start of line 2), else right after a directive
 * prologue (`'use client';`) on the same line, else at offset 0. `semicolon` is needed when the last
 * directive has none, so that the directive is not glued to the import.
 */
function headerPosition(code: string, sf: ts.SourceFile): { pos: number; semicolon: boolean } {
  let last: ts.Statement | null = null
  for (const st of sf.statements) {
    if (ts.isExpressionStatement(st) && ts.isStringLiteral(st.expression)) last = st
    else break
  }
  if (last) return { pos: last.end, semicolon: code.charCodeAt(last.end - 1) !== 59 /* ; */ }
  if (code.startsWith('#!')) {
    const nl = code.indexOf('\n')
    return { pos: nl < 0 ? code.length : nl + 1, semicolon: false }
  }
  return { pos: 0, semicolon: false }
}

/** CommonJS when the extension says so, or the file uses `require`/`module.exports` and has no import/export. */
function isCommonJs(file: string, code: string, sf: ts.SourceFile): boolean {
  if (/\.c[jt]s$/.test(file)) return true
  if (/\.m[jt]s$/.test(file)) return false
  const esm = (sf as unknown as { externalModuleIndicator?: unknown }).externalModuleIndicator
  return !esm && /\brequire\s*\(|\bmodule\.exports\b|\bexports\.[A-Za-z_$]/.test(code)
}

interface Plan {
  index: number
  wrapStart: number
  wrapEnd: number
  argsOpen: number
  argsClose: number
  callEnd: number
}

/**
 * Wraps every supported site as `__mc$d(__mc$t, i, <call or its optional chain>)` with the arguments
 * spread through `...__mc$p(__mc$t, i, [args])`, and prepends a one-line header that imports the probe and
 * declares the module's site table. Never adds or removes a line. Returns `null` when nothing was wrapped
 * or the code was already instrumented.
 */
export function instrument(
  code: string,
  id: string,
  sites: CallSite[],
  options?: Options | ResolvedOptions,
): { code: string; map: SourceMap } | null {
  if (!sites.length || isInstrumented(code)) return null
  const o = ensureResolved(options)
  const { file } = normalizeId(id, o.root)
  const sf = parseCached(code, file)
  const plans: Plan[] = []
  const table: CallSite[] = []
  for (const site of sites) {
    if (site.unsupported) continue
    const call = findCall(sf, site.start, site.end)
    if (!call) continue
    const chain = outermostChain(call)
    plans.push({
      index: table.length,
      wrapStart: chain.getStart(sf),
      wrapEnd: chain.end,
      argsOpen: call.arguments.pos,
      argsClose: call.end - 1,
      callEnd: call.end,
    })
    table.push(site)
  }
  if (!plans.length) return null

  const s = new MagicString(code)
  const { pos, semicolon } = headerPosition(code, sf)
  const keyFilter = o.keys.include.length || o.keys.exclude.length ? { include: o.keys.include, exclude: o.keys.exclude } : null
  const names = '__mc$p, __mc$d, __mc$r'
  const probe = JSON.stringify(o.probeModule)
  const load = isCommonJs(file, code, sf) ? `var { ${names} } = require(${probe});` : `import { ${names} } from ${probe};`
  const tableFn =
    `function __mc$t(){return __mc$t.v||(__mc$t.v=__mc$r(${jsJson(file)},${jsJson(table.map(siteMeta))},${jsJson(keyFilter)}))}` +
    '__mc$t();'
  s.appendLeft(pos, `${semicolon ? ';' : ''}${load}${tableFn}${MARKER}`)

  // Enclosing ranges first: their openings go left of (appendLeft) and their closings right of
  // (prependRight) whatever an enclosed call inserts at the same offset. For two calls of one optional
  // chain (same range) the one that runs first gets the outer exit wrapper, so exits unwind in order.
  plans.sort((a, b) => a.wrapStart - b.wrapStart || b.wrapEnd - a.wrapEnd || a.callEnd - b.callEnd)
  for (const p of plans) {
    s.appendLeft(p.wrapStart, `__mc$d(__mc$t, ${p.index}, `)
    s.appendLeft(p.argsOpen, `...__mc$p(__mc$t, ${p.index}, [`)
    s.prependRight(p.argsClose, '])')
    s.prependRight(p.wrapEnd, ')')
  }
  return {
    code: s.toString(),
    map: s.generateMap({ hires: 'boundary', source: id, includeContent: true }),
  }
}
