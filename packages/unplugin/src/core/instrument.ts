import { MagicString, SourceMap } from 'magic-string'
import type { ts as TS } from 'ts-morph'
import { ts } from './typescript'
import type { CallSite, Options } from '../types'
import { isCommonJs, parseCached } from './analyze'
import { normalizeId } from './ids'
import { PROBE_NAMES, PROBE_PREFIX } from './glob'
import { isInstrumented, MARKER } from './marker'
import { cloneableOptions, ensureResolved, type ResolvedOptions } from './options'
import { isStackOverflow, knownDeep, runDeep } from './deep'
import { outermostChain } from './syntax'

export { isInstrumented, MARKER } from './marker'

/** The SiteMeta subset of a call site that the probe runtime receives (see `memory-customs/probe`). */
export function siteMeta(s: CallSite) {
  const meta = {
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
  // Only wrapper calls carry the flag, so every other table stays as it was.
  return s.wrapper ? { ...meta, wrapper: true as const } : meta
}

/** JSON that is also a one-line JS expression (U+2028/2029 would count as line breaks for some tools). */
function jsJson(v: unknown): string {
  return JSON.stringify(v)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/**
 * Work counters of the last `instrument` call. The complexity test reads them to prove the algorithm is
 * linear without timing it: every node is visited once, and magic-string receives its edits in ascending
 * position order (it looks for the chunk to split by walking from the chunk it split last, so an edit behind
 * the previous one walks back over every chunk in between: with many sites that walk made `instrument`
 * quadratic).
 */
export const instrumentWork = { nodesVisited: 0, edits: 0, backwardEdits: 0 }

/**
 * One pass over the tree (an explicit stack, so deep trees cannot overflow it): the call expression of each
 * site, keyed by `start:end`, and the `__mc$`-prefixed identifiers the module already uses. Looking each
 * site up from the root instead costs a scan of every sibling list on its path, which is O(sites) per site
 * in a long function body.
 */
function scanTree(sf: TS.SourceFile, sites: readonly CallSite[]): { calls: Map<string, TS.CallExpression>; used: Set<string> } {
  const ends = new Set<number>()
  for (const s of sites) if (!s.unsupported) ends.add(s.end)
  const calls = new Map<string, TS.CallExpression>()
  const used = new Set<string>()
  const stack: TS.Node[] = [sf]
  const push = (c: TS.Node): void => {
    stack.push(c)
  }
  while (stack.length) {
    const n = stack.pop() as TS.Node
    instrumentWork.nodesVisited++
    if (n.kind === ts.SyntaxKind.Identifier) {
      const text = (n as TS.Identifier).text
      if (text.startsWith(HELPER_PREFIX)) used.add(text)
    } else if (n.kind === ts.SyntaxKind.CallExpression && ends.has(n.end)) {
      calls.set(`${n.getStart(sf)}:${n.end}`, n as TS.CallExpression)
    }
    ts.forEachChild(n, push)
  }
  return { calls, used }
}

/**
 * Where the one-line header goes: after a shebang line (start of line 2), else right after a directive
 * prologue (`'use client';`) on the same line, else at offset 0. `semicolon` is needed when the last
 * directive has none, so that the directive is not glued to the import.
 */
function headerPosition(code: string, sf: TS.SourceFile): { pos: number; semicolon: boolean } {
  let last: TS.Statement | null = null
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
  instrumentWork.nodesVisited = 0
  instrumentWork.edits = 0
  instrumentWork.backwardEdits = 0
  if (!sites.length || isInstrumented(code)) return null
  const o = ensureResolved(options)
  if (!knownDeep(code, id)) {
    try {
      return instrumentHere(code, id, sites, o)
    } catch (e) {
      if (!isStackOverflow(e)) throw e
    }
  }
  // Too deep for this thread's stack: the worker with a larger one (see `./deep`).
  const answer = runDeep({ op: 'instrument', code, id, sites, options: cloneableOptions(o) })
  if (!answer.ok) {
    const where = answer.error ? ` (line ${answer.error.line})` : ''
    throw new Error(`${answer.message}${where}`)
  }
  const out = answer.value as { code: string; map: ConstructorParameters<typeof SourceMap>[0] } | null
  return out && { code: out.code, map: new SourceMap(out.map) }
}

/** `instrument` on this thread's stack; throws what the parser throws. */
export function instrumentHere(code: string, id: string, sites: CallSite[], o: ResolvedOptions): { code: string; map: SourceMap } | null {
  const { file } = normalizeId(id, o.root)
  const sf = parseCached(code, file)
  const { calls, used } = scanTree(sf, sites)
  const plans: Plan[] = []
  const table: CallSite[] = []
  for (const site of sites) {
    if (site.unsupported) continue
    const call = calls.get(`${site.start}:${site.end}`)
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

  const n = helperNames(used)
  const edits: Edit[] = []
  const { pos, semicolon } = headerPosition(code, sf)
  const keyFilter = o.keys.include.length || o.keys.exclude.length ? { include: o.keys.include, exclude: o.keys.exclude } : null
  const probe = JSON.stringify(o.probeModule)
  const load = isCommonJs(file, code, sf)
    ? `var { ${importList(n, ': ')} } = require(${probe});`
    : `import { ${importList(n, ' as ')} } from ${probe};`
  const t = n.t
  const tableFn =
    `function ${t}(){return ${t}.v||(${t}.v=${n.r}(${jsJson(file)},${jsJson(table.map(siteMeta))},${jsJson(keyFilter)}))}` + `${t}();`
  edits.push({ at: pos, right: false, text: `${semicolon ? ';' : ''}${load}${tableFn}${MARKER}` })

  // Enclosing ranges first: their openings go left of (appendLeft) and their closings right of
  // (prependRight) whatever an enclosed call inserts at the same offset. For two calls of one optional
  // chain (same range) the one that runs first gets the outer exit wrapper, so exits unwind in order.
  plans.sort((a, b) => a.wrapStart - b.wrapStart || b.wrapEnd - a.wrapEnd || a.callEnd - b.callEnd)
  for (const p of plans) {
    edits.push({ at: p.wrapStart, right: false, text: `${n.d}(${t}, ${p.index}, ` })
    edits.push({ at: p.argsOpen, right: false, text: `...${n.p}(${t}, ${p.index}, [` })
    edits.push({ at: p.argsClose, right: true, text: '])' })
    edits.push({ at: p.wrapEnd, right: true, text: ')' })
  }
  // Applied in ascending position order (see `instrumentWork`). At one offset every appendLeft text comes
  // before every prependRight text whatever the call order, and the stable sort keeps the order of the
  // calls of each kind, so the output is the one the plan order above defines.
  edits.sort((a, b) => a.at - b.at)
  const s = new MagicString(code)
  let last = -1
  for (const e of edits) {
    instrumentWork.edits++
    if (e.at < last) instrumentWork.backwardEdits++
    last = e.at
    if (e.right) s.prependRight(e.at, e.text)
    else s.appendLeft(e.at, e.text)
  }
  return {
    code: s.toString(),
    map: s.generateMap({ hires: 'boundary', source: id, includeContent: true }),
  }
}

interface Edit {
  at: number
  /** `prependRight` (a closing text) rather than `appendLeft` (an opening text). */
  right: boolean
  text: string
}

const HELPER_PREFIX = PROBE_PREFIX

/** The names the emitted code binds: the probe entries `p`, `d`, `r` and the table function `t`. */
interface HelperNames {
  p: string
  d: string
  r: string
  t: string
}

/**
 * `__mc$p`, `__mc$d`, `__mc$r`, `__mc$t`, or, when the module already uses one of them (a user function
 * `__mc$t`, say), the same names with the smallest numeric suffix that none of them uses.
 */
export function helperNames(used: ReadonlySet<string>): HelperNames {
  for (let i = 0; ; i++) {
    const suffix = i === 0 ? '' : String(i)
    const names = {
      p: PROBE_NAMES.prepare + suffix,
      d: PROBE_NAMES.done + suffix,
      r: PROBE_NAMES.register + suffix,
      t: PROBE_NAMES.table + suffix,
    }
    if (!used.has(names.p) && !used.has(names.d) && !used.has(names.r) && !used.has(names.t)) return names
  }
}

/** `__mc$p, __mc$d, __mc$r`, with each local name after `sep` (` as ` or `: `) when it is not the export's. */
function importList(n: HelperNames, sep: string): string {
  const one = (exported: string, local: string) => (exported === local ? local : `${exported}${sep}${local}`)
  return [one(PROBE_NAMES.prepare, n.p), one(PROBE_NAMES.done, n.d), one(PROBE_NAMES.register, n.r)].join(', ')
}
