/**
 * `memory-customs/probe`: the entry that code instrumented by `unplugin-memory-customs` imports.
 *
 * Instrumented code has this shape (one line is never added or removed):
 *
 *   import { __mc$p, __mc$d, __mc$r } from "memory-customs/probe"; function __mc$t(){return __mc$r("src/a.ts",[...])}
 *   ...
 *   __mc$d(__mc$t, 0, this.memory.set(...__mc$p(__mc$t, 0, [key, value])));
 *
 * `__mc$p` runs after the arguments were evaluated and right before the call, so evaluation order, `this`,
 * `await`/`yield` in arguments and optional-chain short-circuits are those of the original code. `__mc$d`
 * runs when the call returned. Between the two, `currentSite()` names the call, which is how receipts
 * learn their source line. The site table is a hoisted function declaration so that it is usable even
 * while a module cycle is still initialising.
 *
 * State lives on `globalThis` under a registered symbol, so two copies of this module (two bundles, two
 * package versions) still share one registry and one frame stack.
 */

/** One instrumented call site, as the plugin recorded it at build time. */
export interface SiteMeta {
  /** Root-relative POSIX path, no query. */
  file: string
  /** 1-based line where the call expression starts in the original source. */
  line: number
  /** 1-based column (UTF-16 code units) where the call expression starts. */
  column: number
  /** Enclosing function, e.g. `Agent.remember`, or `null` at module level. */
  fn: string | null
  /** Callee source text with whitespace collapsed, e.g. `this.memory.set`. */
  callee: string
  /** Matching rule(s), e.g. `MW-1+MW-2a`, `runtime`, `target`, `type`. */
  rule: string
  /** Static key, static-prefix pattern (`user_*`) or `null` when dynamic or absent. */
  key: string | null
  /** How the key was classified at build time. */
  keyKind: 'static' | 'pattern' | 'dynamic' | 'none'
  /** Index of the key argument, or `null` when the call has no key. */
  keyIndex: number | null
  /** Index of the value argument (what an observed write commits to), or `null`. */
  valueIndex: number | null
  /**
   * Set on a call TO a wrapper (a function the plugin's `wrappers` option or a `@memoryWrite` tag marks): its
   * frame is the caller's, not a write, so it never becomes an OBSERVED_WRITE of its own.
   */
  wrapper?: boolean
  /**
   * Only on what `currentSite()` returns for a write made inside wrappers: the site is the outermost wrapper
   * call (the caller's line) and `via` is the write's own site inside the wrapper, the second frame.
   */
  via?: SiteMeta
}

/** Key filter embedded by the plugin for run-time checks of dynamic keys (glob patterns). */
export interface KeyFilter {
  include?: string[]
  exclude?: string[]
}

/** What `onProbe` listeners receive for each probed call. */
export interface ProbeEvent {
  file: string
  line: number
  column: number
  fn: string | null
  callee: string
  /** The static key, or the run-time key value when the key is dynamic; `null` when there is none. */
  key: string | null
  rule: string
}

/** A probed call that is running now. */
export interface ProbeFrame {
  site: SiteMeta
  key: string | null
  args: readonly unknown[]
  /** Set by the runtime when this call wrote a receipt itself. */
  receipted: boolean
}

/** What a default Customs must offer so that probed writes on foreign objects become receipts. */
export interface ObservedWriteSink {
  observeWrite(write: { site: SiteMeta; key: string | null; value: unknown; hasValue: boolean }): void
}

export type ProbeListener = (event: ProbeEvent) => void

interface RegisteredFile {
  file: string
  sites: SiteMeta[]
  keyFilter: CompiledKeyFilter | null
}

interface CompiledKeyFilter {
  include: RegExp[]
  exclude: RegExp[]
}

interface ProbeState {
  version: 1
  files: Map<string, RegisteredFile>
  tables: WeakMap<TableFn, RegisteredFile>
  frames: ProbeFrame[]
  listeners: Set<ProbeListener>
  sink: ObservedWriteSink | null
  clearScheduled: boolean
  envOff: boolean | undefined
  counters: { probes: number; listenerErrors: number; sinkErrors: number; unbalanced: number }
}

type TableFn = () => RegisteredFile | { file: string; sites: SiteMeta[] }

const STATE_KEY = Symbol.for('memory-customs.probe.v1')

function state(): ProbeState {
  const g = globalThis as unknown as Record<symbol, ProbeState | undefined>
  let s = g[STATE_KEY]
  if (!s) {
    s = {
      version: 1,
      files: new Map(),
      tables: new WeakMap(),
      frames: [],
      listeners: new Set(),
      sink: null,
      clearScheduled: false,
      envOff: undefined,
      counters: { probes: 0, listenerErrors: 0, sinkErrors: 0, unbalanced: 0 },
    }
    g[STATE_KEY] = s
  }
  return s
}

/**
 * Whether probes are active. `MEMORY_CUSTOMS=off` (Node, read once) or
 * `globalThis.__MEMORY_CUSTOMS__ = { enabled: false }` (read on every call, so a page can toggle it live)
 * turn them off without a rebuild.
 */
export function probesEnabled(): boolean {
  const s = state()
  if (s.envOff === undefined) {
    const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
    const v = env?.MEMORY_CUSTOMS?.toLowerCase()
    s.envOff = v === 'off' || v === '0' || v === 'false'
  }
  if (s.envOff) return false
  const flag = (globalThis as { __MEMORY_CUSTOMS__?: { enabled?: boolean } }).__MEMORY_CUSTOMS__
  return !(flag && flag.enabled === false)
}

/** `text` with every character RegExp syntax gives a meaning escaped (the one escape helper of plugin and runtime). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

/**
 * The probe protocol's names, defined once: the three functions instrumented code imports from this module and
 * the per-module table function it declares. The plugin builds every name and pattern it emits or recognises
 * from these; when a module already uses one of them, all four get the same numeric suffix.
 */
export const PROBE_NAMES = { prepare: '__mc$p', done: '__mc$d', register: '__mc$r', table: '__mc$t' } as const
/** What every probe name starts with: a module that contains no such text cannot collide with them. */
export const PROBE_PREFIX = '__mc$'

/** Converts a key glob (`*` any run, `?` one char) into an anchored RegExp. */
export function keyGlobToRegExp(glob: string): RegExp {
  let src = ''
  for (const ch of glob) {
    if (ch === '*') src += '.*'
    else if (ch === '?') src += '.'
    else src += escapeRegExp(ch)
  }
  return new RegExp(`^${src}$`, 's')
}

function compileKeyFilter(f: KeyFilter | null | undefined): CompiledKeyFilter | null {
  if (!f || (!f.include?.length && !f.exclude?.length)) return null
  return { include: (f.include ?? []).map(keyGlobToRegExp), exclude: (f.exclude ?? []).map(keyGlobToRegExp) }
}

/** Whether a run-time key passes the file's key filter (exclude wins; an empty include admits all). */
function keyAdmitted(filter: CompiledKeyFilter | null, key: string | null): boolean {
  if (!filter || key === null) return true
  if (filter.exclude.some((r) => r.test(key))) return false
  return filter.include.length === 0 || filter.include.some((r) => r.test(key))
}

/**
 * Registers one module's site table. Called by the hoisted table function the plugin emits; calling it
 * again for the same file (HMR, a second bundle) replaces that file's entry.
 */
export function __mc$r(file: string, sites: SiteMeta[], keyFilter?: KeyFilter | null): RegisteredFile {
  const entry: RegisteredFile = { file, sites, keyFilter: compileKeyFilter(keyFilter) }
  state().files.set(file, entry)
  return entry
}

function resolveTable(s: ProbeState, table: TableFn): RegisteredFile {
  let entry = s.tables.get(table)
  if (!entry) {
    const made = table()
    entry = 'keyFilter' in made ? made : __mc$r(made.file, made.sites)
    s.tables.set(table, entry)
  }
  return entry
}

function runtimeKey(site: SiteMeta, args: readonly unknown[]): string | null {
  if (site.keyKind === 'static') return site.key
  if (site.keyIndex === null || site.keyIndex >= args.length) return site.keyKind === 'pattern' ? site.key : null
  const v = args[site.keyIndex]
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  return site.keyKind === 'pattern' ? site.key : null
}

function scheduleClear(s: ProbeState): void {
  if (s.clearScheduled) return
  s.clearScheduled = true
  // A microtask runs only once every synchronous frame has unwound, so any frame still on the stack then
  // belongs to a call that threw before `__mc$d` could run.
  queueMicrotask(() => {
    s.clearScheduled = false
    if (s.frames.length) {
      s.counters.unbalanced += s.frames.length
      s.frames.length = 0
    }
  })
}

/** Probe entry: runs after the arguments were evaluated, returns them unchanged for the spread. */
export function __mc$p(table: TableFn, index: number, args: unknown[]): unknown[] {
  if (!probesEnabled()) return args
  const s = state()
  const file = resolveTable(s, table)
  const site = file.sites[index]
  if (!site) return args
  const key = runtimeKey(site, args)
  if (site.keyKind !== 'static' && !keyAdmitted(file.keyFilter, key)) return args
  s.counters.probes++
  s.frames.push({ site, key, args, receipted: false })
  scheduleClear(s)
  if (s.listeners.size) {
    const event: ProbeEvent = {
      file: site.file,
      line: site.line,
      column: site.column,
      fn: site.fn,
      callee: site.callee,
      key,
      rule: site.rule,
    }
    for (const l of s.listeners) {
      try {
        l(event)
      } catch {
        s.counters.listenerErrors++
      }
    }
  }
  return args
}

/** Probe exit: runs when the probed call returned (not when it threw); returns its value unchanged. */
export function __mc$d<T>(table: TableFn, index: number, value: T): T {
  const s = state()
  if (!s.frames.length) return value
  const entry = s.tables.get(table)
  const site = entry?.sites[index]
  if (!site) return value
  for (let i = s.frames.length - 1; i >= 0; i--) {
    const frame = s.frames[i]
    if (frame.site !== site) continue
    // Attributed like a receipt: to the outermost wrapper call around it, when there is one.
    const attributed = i > 0 && s.frames[i - 1].site.wrapper ? attribution(s.frames, i) : site
    // Frames above this one belong to inner calls that threw; they are over too.
    s.counters.unbalanced += s.frames.length - 1 - i
    s.frames.length = i
    // A wrapper call is not a write: the writes inside it were observed or receipted on their own frames.
    if (!frame.receipted && s.sink && !site.wrapper) {
      const vi = site.valueIndex
      const hasValue = vi !== null && vi < frame.args.length
      try {
        s.sink.observeWrite({ site: attributed, key: frame.key, value: hasValue ? frame.args[vi] : undefined, hasValue })
      } catch {
        s.counters.sinkErrors++
      }
    }
    break
  }
  return value
}

/** Subscribes to probed calls; returns the unsubscribe function. */
export function onProbe(listener: ProbeListener): () => void {
  const s = state()
  s.listeners.add(listener)
  return () => {
    s.listeners.delete(listener)
  }
}

/** The innermost probed call running now, or `null`. */
export function currentFrame(): ProbeFrame | null {
  const f = state().frames
  return f.length ? f[f.length - 1] : null
}

/**
 * The site a write made now is attributed to, or `null` (an unattributed write): the innermost probed call,
 * or, when that call runs inside calls to wrappers, the outermost of those wrapper calls (the line in the
 * caller's code) with the innermost call's site as `via`. Only the unbroken run of wrapper frames right
 * below the innermost one counts, so a wrapper called from a callback of another write does not claim it.
 */
export function currentSite(): SiteMeta | null {
  const frames = state().frames
  const top = frames.length - 1
  if (top < 0) return null
  return top > 0 && frames[top - 1].site.wrapper ? attribution(frames, top) : frames[top].site
}

/** The outermost wrapper frame of the run right below `frames[at]`, with `frames[at]`'s site as `via`. */
function attribution(frames: readonly ProbeFrame[], at: number): SiteMeta {
  let outer = at
  while (outer > 0 && frames[outer - 1].site.wrapper) outer--
  const inner = frames[at].site
  // A frame `runAtSite` pushed may already carry a composed site: keep its own innermost frame.
  return { ...frames[outer].site, via: inner.via ?? inner }
}

/**
 * Runs `fn` as if inside the probed call at `site`: a write that another tab forwarded keeps the site where
 * it was made. `null` runs `fn` as it is (an unattributed write).
 */
export function runAtSite<T>(site: SiteMeta | null, fn: () => T): T {
  if (!site) return fn()
  const frames = state().frames
  const depth = frames.length
  frames.push({ site, key: null, args: [], receipted: true })
  try {
    return fn()
  } finally {
    frames.length = depth
  }
}

/** Marks the innermost probed call as having written its own receipt (so it is not also an observed write). */
export function markReceipted(): void {
  const f = currentFrame()
  if (f) f.receipted = true
}

/** Registers the Customs that turns probed writes on objects it does not own into OBSERVED_WRITE receipts. */
export function setDefaultCustoms(sink: ObservedWriteSink | null): void {
  state().sink = sink
}

export function getDefaultCustoms(): ObservedWriteSink | null {
  return state().sink
}

/** Every site table registered so far by loaded modules (for coverage reports). */
export function registeredSites(): SiteMeta[] {
  const out: SiteMeta[] = []
  for (const f of state().files.values()) out.push(...f.sites)
  return out
}

/** Counters for health reports: probes fired, listener/sink errors, frames left by calls that threw. */
export function probeCounters(): Readonly<ProbeState['counters']> {
  return { ...state().counters }
}

/** Test helper: forgets registrations, listeners, frames and the default Customs. */
export function resetProbeState(): void {
  const s = state()
  s.files.clear()
  s.tables = new WeakMap()
  s.frames.length = 0
  s.listeners.clear()
  s.sink = null
  s.envOff = undefined
  s.counters = { probes: 0, listenerErrors: 0, sinkErrors: 0, unbalanced: 0 }
}
