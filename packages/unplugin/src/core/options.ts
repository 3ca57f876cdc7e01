import path from 'node:path'
import type { BaseOptions, CalleePattern, EnabledContext, FilterPattern, Options } from '../types'
import { validateOptions } from './option-check'
import { calleePatternToRegExp, escapeRegExp, keyGlobToRegExp, lastLiteralSegment } from './glob'
import { resolveWrapperSpecs, type WrapperSpecs } from './wrapper-specs'

export { OptionError, OptionsError } from './errors'

/** MW v1 write verbs. */
export const DEFAULT_VERBS = [
  'set',
  'add',
  'put',
  'update',
  'upsert',
  'save',
  'append',
  'push',
  'insert',
  'write',
  'store',
  'remember',
] as const

/** MW v1 memory nouns (method-name suffixes, case-sensitive). */
export const DEFAULT_NOUNS = [
  'Memory',
  'Memories',
  'State',
  'States',
  'History',
  'Histories',
  'Session',
  'Sessions',
  'Message',
  'Messages',
  'Checkpoint',
  'Checkpoints',
  'Store',
  'Chat',
  'Chats',
  'Thread',
  'Threads',
] as const

/** MW v1 memory receiver names. */
export const DEFAULT_RECEIVER = /memor|store|state|histor|session|checkpoint/i

/**
 * Callees the MW v1 heuristics would match but which are browser navigation/storage or bookkeeping maps,
 * not agent memory (call-shapes.md §3.5).
 */
export const DEFAULT_EXCLUDE_CALLEES: readonly CalleePattern[] = [
  'window.history.*',
  'history.pushState',
  'history.replaceState',
  'localStorage.*',
  'sessionStorage.*',
  'cookieStore.*',
  'editorRef.*',
  // Bookkeeping receivers: `fooByKey.set`, `pendingKeys.add`, `indexes`/`promises` maps.
  /(?:^|\.)[\w$#]*(?:By[A-Z][\w$]*|Keys|Indexes|Promises)\.[^.]+$/,
]

/** The `memory-customs` runtime APIs, always instrumented: receiver name, method, key and value positions. */
export const RUNTIME_APIS = [
  { receiver: 'decision', method: 'commit', keyIndex: 0, valueIndex: 1 },
  { receiver: 'execution', method: 'store', keyIndex: 1, valueIndex: 2 },
  { receiver: 'bridge', method: 'promote', keyIndex: null, valueIndex: 0 },
  { receiver: 'plans', method: 'record', keyIndex: 0, valueIndex: 1 },
  // Long-term memory: a proposal has no key until it is filed (its id); an update names the memory.
  { receiver: 'memories', method: 'propose', keyIndex: null, valueIndex: 0 },
  { receiver: 'memories', method: 'update', keyIndex: 0, valueIndex: 1 },
] as const

/** Ids never instrumented whatever `exclude` says. */
export const ALWAYS_EXCLUDE: RegExp[] = [/[\\/]node_modules[\\/]/, /\0/, /[?&](?:raw|url|worker|inline)(?:[&=]|$)/]

export const DEFAULT_INCLUDE: RegExp[] = [/\.[cm]?[jt]sx?$/]

export const DEFAULT_MANIFEST = 'memory-customs.sites.json'

export const DEFAULT_REPORT = 'memory-customs-report.html'

export interface CompiledTarget {
  source: CalleePattern
  pattern: RegExp
  keyIndex?: number | null
  valueIndex?: number | null
  /** Method name when the pattern ends in a literal identifier (for the code prefilter). */
  method: string | null
}

/** Matching configuration compiled from the options. */
export interface MatcherConfig {
  /** `^(verbs)([A-Z_$][A-Za-z0-9_$]*)?$` */
  verb: RegExp
  /** `(nouns)$`, tested on the suffix after the verb. */
  noun: RegExp
  /** Receiver-name tests (MEMRECV). */
  receivers: RegExp[]
  targets: CompiledTarget[]
  excludeCallees: RegExp[]
  verbs: string[]
  nouns: string[]
  /** Type / constructor names (type-aware mode, and same-file bindings otherwise). */
  types: string[]
}

const RESOLVED = Symbol.for('memory-customs.resolved-options')

export interface ResolvedOptions {
  readonly [RESOLVED]: true
  root: string
  mode: string
  include: FilterPattern
  /** `ALWAYS_EXCLUDE` followed by the user's patterns. */
  exclude: FilterPattern
  enabled: boolean | ((ctx: EnabledContext) => boolean)
  probeModule: string
  manifest: string | false
  /** The `report` option: where to write it and the store to read coverage from (absolute), or false. */
  report: { out: string; store: string | null } | false
  inlineSourceMap: boolean
  sourcemap: boolean
  typeAware: false | { tsconfig?: string }
  keys: { include: string[]; exclude: string[] }
  /** Compiled key globs. */
  keyRegExps: { include: RegExp[]; exclude: RegExp[] }
  matcher: MatcherConfig
  /** The `wrappers` option: functions whose calls are sites too, so receipts can name their callers. */
  wrappers: WrapperSpecs
}

export function isResolvedOptions(o: unknown): o is ResolvedOptions {
  return typeof o === 'object' && o !== null && (o as Record<symbol, unknown>)[RESOLVED] === true
}

/** Merges an env override over the base: arrays and scalars replace, `keys` merges field by field. */
function mergeEnv(base: Options, override: BaseOptions | undefined): BaseOptions {
  if (!override) return base
  const merged: BaseOptions = { ...base, ...override }
  if (base.keys || override.keys) merged.keys = { ...base.keys, ...override.keys }
  return merged
}

function receiverRegExp(r: string | RegExp): RegExp {
  if (r instanceof RegExp) return r
  return new RegExp(escapeRegExp(r), 'i')
}

function toList(p: FilterPattern | undefined): Array<string | RegExp> {
  if (p === undefined || p === null) return []
  return Array.isArray(p) ? [...p] : [p as string | RegExp]
}

function escapeAlternatives(words: readonly string[]): string {
  return [...new Set(words)].map(escapeRegExp).join('|')
}

/**
 * Validates the user's options (throws `OptionError` naming the option on a wrong one), picks the mode
 * (explicit, else `NODE_ENV`, else `'development'`), merges `env[mode]` over the base and compiles matchers.
 * `outDir`: the build's output directory, which the scan for wrapper declarations skips.
 */
export function resolveOptions(
  user: Options | ResolvedOptions | undefined,
  ctx: { mode?: string; root?: string; outDir?: string } = {},
): ResolvedOptions {
  if (isResolvedOptions(user)) return user
  const valid = validateOptions(user)
  const mode = ctx.mode || process.env.NODE_ENV || 'development'
  const o = mergeEnv(valid, valid.env?.[mode])
  const root = path.resolve(valid.root ?? ctx.root ?? process.cwd())

  const verbs = [...DEFAULT_VERBS, ...(o.verbs ?? [])]
  const nouns = [...DEFAULT_NOUNS, ...(o.nouns ?? [])]
  const targets: CompiledTarget[] = (o.targets ?? []).map((t) => {
    const spec = typeof t === 'string' || t instanceof RegExp ? { callee: t } : t
    return {
      source: spec.callee,
      pattern: calleePatternToRegExp(spec.callee),
      keyIndex: spec.keyIndex,
      valueIndex: spec.valueIndex,
      method: typeof spec.callee === 'string' ? lastLiteralSegment(spec.callee) : null,
    }
  })
  const excludeCallees = [...(o.defaultExcludes === false ? [] : DEFAULT_EXCLUDE_CALLEES), ...(o.excludeCallees ?? [])].map(
    calleePatternToRegExp,
  )
  // Copies: the resolved options never share an array with the user's object, which they may change later.
  const keys = { include: [...(o.keys?.include ?? [])], exclude: [...(o.keys?.exclude ?? [])] }
  const typeAware = o.typeAware === true ? {} : o.typeAware ? { ...o.typeAware } : false

  return {
    [RESOLVED]: true,
    root,
    mode,
    include: o.include === undefined ? [...DEFAULT_INCLUDE] : Array.isArray(o.include) ? [...o.include] : o.include,
    exclude: [...ALWAYS_EXCLUDE, ...toList(o.exclude)],
    enabled: o.enabled ?? true,
    probeModule: o.probeModule ?? 'memory-customs/probe',
    manifest: o.manifest === false ? false : typeof o.manifest === 'string' ? o.manifest : DEFAULT_MANIFEST,
    report: !o.report
      ? false
      : {
          out: (o.report !== true && o.report.out) || DEFAULT_REPORT,
          store: o.report !== true && o.report.store ? path.resolve(root, o.report.store) : null,
        },
    inlineSourceMap: o.inlineSourceMap ?? false,
    sourcemap: o.sourcemap ?? true,
    typeAware,
    keys,
    keyRegExps: { include: keys.include.map(keyGlobToRegExp), exclude: keys.exclude.map(keyGlobToRegExp) },
    wrappers: resolveWrapperSpecs(o.wrappers, root, 'wrappers', ctx.outDir ? [ctx.outDir] : []),
    matcher: {
      verb: new RegExp(`^(?:${escapeAlternatives(verbs)})([A-Z_$][A-Za-z0-9_$]*)?$`),
      noun: new RegExp(`(?:${escapeAlternatives(nouns)})$`),
      receivers: [DEFAULT_RECEIVER, ...(o.receivers ?? []).map(receiverRegExp)],
      targets,
      excludeCallees,
      verbs,
      nouns,
      types: o.types ?? [],
    },
  }
}

/** Resolved options as structured clone carries them to a worker: no symbol key, no `enabled` function. */
export type CloneableOptions = Omit<ResolvedOptions, typeof RESOLVED | 'enabled'>

export function cloneableOptions(o: ResolvedOptions): CloneableOptions {
  const { enabled: _enabled, [RESOLVED]: _tag, ...rest } = o
  return rest
}

/** The options a worker received, resolved again (the RegExps survived the clone). */
export function reviveOptions(o: CloneableOptions): ResolvedOptions {
  return { ...o, enabled: true, [RESOLVED]: true }
}

const resolvedCache = new WeakMap<object, ResolvedOptions>()
let defaultResolved: { key: string; value: ResolvedOptions } | null = null

/** `resolveOptions` memoised per options object, for `analyze`/`instrument` called with raw options. */
export function ensureResolved(options: Options | ResolvedOptions | undefined): ResolvedOptions {
  if (isResolvedOptions(options)) return options
  if (!options) {
    const key = `${process.cwd()}\0${process.env.NODE_ENV ?? ''}`
    if (defaultResolved?.key !== key) defaultResolved = { key, value: resolveOptions(undefined) }
    return defaultResolved.value
  }
  let r = resolvedCache.get(options)
  if (!r) {
    r = resolveOptions(options)
    resolvedCache.set(options, r)
  }
  return r
}
