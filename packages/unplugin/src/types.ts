/**
 * Public types of `unplugin-memory-customs` (also published as `unplugin-memory-customs/types`).
 *
 * Every option is optional; the defaults reproduce matching rule MW v1 of the call-shapes research note
 * (write verb on a memory-named receiver, verb+memory-noun method names, same-file writer functions) plus
 * the `memory-customs` runtime APIs.
 */

/** unplugin / unplugin-utils `FilterPattern`: a glob (relative to `root`), a RegExp, or a list of them. */
export type FilterPattern = ReadonlyArray<string | RegExp> | string | RegExp | null

/**
 * A callee pattern. Matched against the call's *dotted callee path*: the callee text with `?.` and `!`
 * removed, type assertions and parentheses unwrapped, call arguments shown as `()` and literal element
 * keys as `.key` (`this.store?.getState()!.setStatus` → `this.store.getState().setStatus`).
 * `*` matches any run of characters (dots included). A pattern matches when it matches the whole path or a
 * suffix of it that starts after a `.`: `'mem0.add'` matches `mem0.add` and `this.mem0.add`, not `xmem0.add`.
 * A RegExp is tested against the dotted path as is.
 */
export type CalleePattern = string | RegExp

/** A user target: a callee pattern, optionally with the argument positions of the key and the value. */
export interface TargetSpec {
  /** Callee pattern, e.g. `'mem0.add'`, `'*.memoryClient.*'`, `'ctx.storage.put'`. */
  callee: CalleePattern
  /**
   * Index of the key argument. `null` means the call has no key.
   * @default the MW v1 key rule (`put` with ≥3 args → 1; `set`/`put` with ≥2 args → 0; else none)
   */
  keyIndex?: number | null
  /**
   * Index of the value argument (what the write commits).
   * @default the argument after the key, or 0 for value-only writes with at least one argument
   */
  valueIndex?: number | null
}

/** Context given to a function-valued `enabled`. */
export interface EnabledContext {
  /** Resolved mode: Vite `mode`, webpack/rspack `mode`, else `NODE_ENV`, else `'development'`. */
  mode: string
  /** The bundler running the plugin: `'vite' | 'webpack' | 'rspack' | 'rollup' | 'esbuild' | ...`. */
  framework: string
}

/** Key filter: glob patterns (`*` any run, `?` one character) over the key's string value. */
export interface KeysOptions {
  /**
   * Only keys matching one of these are audited. Empty or absent admits every key. Writes without a key
   * argument (`setState(...)`, `add(...)`) are not affected by `keys`.
   * @default []
   */
  include?: string[]
  /**
   * Keys matching one of these are not audited. A site whose static key is excluded is not instrumented at
   * all; pattern and dynamic keys are checked at run time against the same globs. Exclude wins over include.
   * @default []
   */
  exclude?: string[]
}

/** Options shared by the base configuration and every `env` override. */
export interface BaseOptions {
  /**
   * Files to instrument (unplugin `FilterPattern`): globs are resolved against `root`, RegExps are tested
   * against the module id (absolute path, forward slashes) without its `?query`.
   * @default [/\.[cm]?[jt]sx?$/]
   */
  include?: FilterPattern
  /**
   * Files never instrumented, in addition to the ones always excluded: anything under `node_modules`,
   * virtual ids starting with `\0`, and ids with a `?raw`, `?url`, `?worker` or `?inline` query.
   * @default []
   */
  exclude?: FilterPattern
  /**
   * Extra callees to instrument, whatever their names. Strings and RegExps are callee patterns (see
   * {@link CalleePattern}); objects also set the key and value argument positions. Targets win over
   * `excludeCallees`.
   * @default []
   * @example ['mem0.add', '*.memoryClient.*', { callee: 'ctx.storage.put', keyIndex: 0, valueIndex: 1 }]
   */
  targets?: Array<CalleePattern | TargetSpec>
  /**
   * Extra write verbs (identifiers, matched as the start of a method name like the built-in
   * `set|add|put|update|upsert|save|append|push|insert|write|store|remember`).
   * @default []
   * @example ['handle', 'delete']
   */
  verbs?: string[]
  /**
   * Extra memory nouns for method-name matching (MW-2), matched case-sensitively at the end of the method
   * name after the verb, like the built-in `Memory|Memories|State|States|History|...|Threads`.
   * @default []
   * @example ['Graph']
   */
  nouns?: string[]
  /**
   * Extra receiver names that count as memory (MW-1), besides `/memor|store|state|histor|session|checkpoint/i`.
   * Strings are matched case-insensitively as substrings of the receiver name.
   * @default []
   * @example ['storage', /^mem0$/]
   */
  receivers?: Array<string | RegExp>
  /**
   * Callees never instrumented by the MW v1 heuristics (user `targets` and the runtime APIs still are).
   * Added to the defaults unless `defaultExcludes` is `false`.
   * Defaults: `window.history.*`, `history.pushState`, `history.replaceState`, `localStorage.*`,
   * `sessionStorage.*`, `cookieStore.*`, `editorRef.*`, and bookkeeping receivers whose name ends in
   * `By<Word>`, `Keys`, `Indexes` or `Promises` (`this.fooByKey.set(...)`).
   * @default []
   */
  excludeCallees?: CalleePattern[]
  /**
   * Keep the default `excludeCallees` list.
   * @default true
   */
  defaultExcludes?: boolean
  /**
   * Type-aware matching: reads the tsconfig (found from `root`, or the given path relative to `root`) and
   * also matches a write verb on any receiver whose type or constructor name is in `types`
   * (`const mem0 = new MemoryClient(); mem0.add(...)`), and receivers that are local aliases of a memory
   * name (`const m = this.memory; m.set(...)`). Literal-typed keys count as static. Slower: a program is built.
   * @default false
   */
  typeAware?: boolean | { tsconfig?: string }
  /**
   * Type or constructor names whose instances are memory objects (type-aware mode; in the default mode a
   * same-file `new X()` / `: X` binding of a receiver identifier is used instead).
   * @default []
   * @example ['MemoryClient', 'BaseStore']
   */
  types?: string[]
  /**
   * Wrappers: the application's own functions that write memory for their callers. A call TO a wrapper is a
   * site too, so a receipt names the caller's line (the outermost site) and the probe keeps the write inside
   * the wrapper as a second frame. Entries are function or method names, `Class.method` / `Class.*` (methods
   * of a class or object literal) or module paths relative to `root` (every top-level function and method of
   * that module). A `/** @memoryWrite *\/` JSDoc tag on a function marks it too. Calls match by name.
   * @default []
   * @example ['rememberUserIntent', 'AgentMemory.*', './src/memory.ts']
   */
  wrappers?: string[]
  /**
   * Key filter (globs over key values).
   * @default {}
   */
  keys?: KeysOptions
  /**
   * Turns the plugin on or off, statically or per mode / bundler.
   * @default true
   */
  enabled?: boolean | ((ctx: EnabledContext) => boolean)
  /**
   * Module specifier instrumented code imports its probes from.
   * @default 'memory-customs/probe'
   */
  probeModule?: string
  /**
   * File name of the emitted site manifest (relative to the bundle's output directory); `false` emits none,
   * `true` the default name.
   * @default 'memory-customs.sites.json'
   */
  manifest?: boolean | string
  /**
   * Also write an HTML report of the build's sites (`memory-customs-report.html` beside the manifest): one
   * self-contained file, opened from disk, rendered by the same page as `memory-customs report`. Coverage is not
   * known at build time, so every site shows as not fired yet, unless `store` names a file store to read it from
   * (read-only, e.g. the one your tests just filled). Needs the `memory-customs` runtime installed (a peer
   * dependency); without it the plugin warns once and writes no report, and the build goes on.
   * @default false
   * @example { report: true }
   * @example { report: { out: 'reports/memory.html', store: '.memory-customs' } }
   */
  report?: boolean | ReportOption
  /**
   * Append the source map as an inline `//# sourceMappingURL=data:` comment and return no map object.
   * Only for webpack with a loader that drops incoming maps (esbuild-loader); never with one that chains them.
   * @default false
   */
  inlineSourceMap?: boolean
  /**
   * Generate source maps for instrumented modules.
   * @default true
   */
  sourcemap?: boolean
}

/** The `report` option's object form. */
export interface ReportOption {
  /**
   * File name of the report, relative to the bundle's output directory.
   * @default 'memory-customs-report.html'
   */
  out?: string
  /** A memory-customs file store (directory, relative to the root) to read coverage and receipts from, read-only. */
  store?: string
}

/** Plugin options. */
export interface Options extends BaseOptions {
  /**
   * Project root: `file` in site metadata is relative to it, and `include`/`exclude` globs resolve against it.
   * @default the bundler's root (Vite `root`, webpack `context`), else `process.cwd()`
   */
  root?: string
  /**
   * Per-mode overrides merged over the base options (arrays replace, `keys` merges field by field), chosen by
   * the bundler's mode (Vite `mode`, webpack/rspack `mode`, else `NODE_ENV`, else `'development'`).
   * @default {}
   * @example { production: { keys: { exclude: ['debug_*'] } } }
   */
  env?: Record<string, BaseOptions>
  /**
   * The inspector: the dev server serves a page at `/__memory-customs/` (loopback clients only) listing every site
   * with its coverage and the app's receipts live, and injects the app bridge that feeds it (docs/inspector.md).
   * Vite: on in `vite serve`, never in a build or under vitest. webpack/Rspack: add the middleware of
   * `unplugin-memory-customs/inspector` to the dev server; the bridge is injected while it runs. `false` turns it off.
   * @default true
   */
  inspector?: boolean
  /**
   * Keep each candidate module's analysis on disk, so a later build of the same module (same code, id, options,
   * wrapper declarations and plugin version) skips TypeScript: repeated builds of unchanged code cost almost
   * nothing. `true` keeps it in `node_modules/.cache/unplugin-memory-customs/transforms` of the nearest directory
   * with a package.json; a string names another directory (relative to `root`), e.g. one your CI caches; `false`
   * turns it off. Not used in type-aware mode. Entries written over 30 days ago are removed when a build ends.
   * @default true
   * @example { cache: '.cache/memory-customs' }
   */
  cache?: boolean | string
}

/** Sub-rule(s) that matched a call site, joined with `+` (e.g. `MW-1+MW-2a`). */
export type SiteRule = string

/** How a call's key argument was classified at build time. */
export type KeyKind = 'static' | 'pattern' | 'dynamic' | 'none'

/** One memory-write call site found by `analyze`. */
export interface CallSite {
  /** Root-relative POSIX path, no query. */
  file: string
  /** 1-based line where the call expression starts (its first token, leading comments skipped). */
  line: number
  /** 1-based column (UTF-16 code units) of the same position. */
  column: number
  /** Enclosing function, e.g. `Agent.remember`, `save`, or `null` at module level. */
  fn: string | null
  /** Callee source text, whitespace collapsed, elided in the middle when longer than 90 characters. */
  callee: string
  /** `MW-1`, `MW-2a`, `MW-2b`, `runtime`, `target`, `type`, `wrapper`, or several joined with `+`. */
  rule: SiteRule
  /** Static key, static-prefix pattern such as `user_*`, or `null` (dynamic or no key). */
  key: string | null
  keyKind: KeyKind
  /** Index of the key argument, or `null` when there is none. */
  keyIndex: number | null
  /** Index of the value argument, or `null`. */
  valueIndex: number | null
  flags: {
    /** The call is the operand of `await` (through parentheses). */
    await: boolean
    /** There is a `?.` in the callee chain, or the call is `?.()`. */
    optional: boolean
    /** The call's result is used (its parent is not an expression statement). */
    valueUsed: boolean
  }
  /** Offset of the call expression's start in the code (`getStart`). */
  start: number
  /** Offset just after the call expression. */
  end: number
  /** Set when the site is reported but cannot be wrapped safely (e.g. `'super receiver'`). */
  unsupported?: string
  /** Set when the call is a call to a wrapper (rule `wrapper`): its probe frame is the caller's, not a write. */
  wrapper?: true
  /** For a wrapper call: the wrapper declarations its name refers to (where the inner frame comes from). */
  wraps?: Array<{ file: string; line: number; fn: string }>
}
