import { createFilter } from 'unplugin-utils'
import type { FilterPattern } from '../types'

/**
 * Ids the plugin never touches, whatever the user's include says: dependencies, virtual modules (`\0…`,
 * which webpack and rspack spell `%00…`), and asset-style queries Vite uses for non-module imports
 * (`?raw`, `?url`, `?worker`, `?inline`, also as `?import&url` or `?worker&inline`).
 */
export const ALWAYS_EXCLUDED: RegExp[] = [/[\\/]node_modules[\\/]/, /^\0|%00/, /\?(?:[^#]*&)?(?:raw|url|worker|inline)(?:[&=#]|$)/]

/** The default include (also the native filter when user globs make a tighter one impossible). */
export const SOURCE_FILE = /\.[cm]?[jt]sx?$/

/** Absolute-path globs for unplugin-utils, which resolves relative globs against `root` rather than cwd. */
function patternList(p: FilterPattern | undefined): Array<string | RegExp> {
  if (p === undefined || p === null) return []
  return Array.isArray(p) ? [...p] : [p as string | RegExp]
}

/**
 * The handler-side id check (hosts without native filters, and the exact per-mode options): include and
 * exclude with unplugin-utils semantics (globs against `root`, RegExps on the slash-normalised id, exclude
 * wins), on the id without its query so `store.ts?t=123` is checked as `store.ts`.
 */
export function createIdFilter(include: FilterPattern | undefined, exclude: FilterPattern | undefined, root: string) {
  const inc = patternList(include)
  const userFilter = createFilter(inc.length ? inc : [SOURCE_FILE], patternList(exclude), { resolve: root })
  return (id: string): boolean => {
    if (ALWAYS_EXCLUDED.some((r) => r.test(id))) return false
    const bare = stripQuery(id)
    return userFilter(bare)
  }
}

/** Drops `?query` and a trailing `#hash` (HMR `?t=…`, Vite `?v=…`), keeping `#` inside directory names. */
export function stripQuery(id: string): string {
  const q = id.indexOf('?')
  const noQuery = q >= 0 ? id.slice(0, q) : id
  const h = noQuery.lastIndexOf('#')
  return h >= 0 && !/[\\/]/.test(noQuery.slice(h)) ? noQuery.slice(0, h) : noQuery
}

/**
 * The native `transform.filter`, declared before the bundler's mode is known: a superset of what any mode
 * admits (the handler then applies the exact per-mode options). RegExp includes of every mode are merged;
 * a glob include anywhere falls back to admitting every id that is not always excluded. The code filter is
 * the union of each mode's native word filter (`nativeCodeFilter`); when any mode has none, there is no
 * native code filter and the handler's exact prefilter does all the work.
 */
export function nativeTransformFilter(modes: Array<{ include: FilterPattern | undefined; prefilter: RegExp | null }>): {
  id: { include?: RegExp[]; exclude: RegExp[] }
  code?: RegExp
} {
  const includes: RegExp[] = []
  let anyGlob = false
  for (const m of modes) {
    const inc = patternList(m.include)
    if (!inc.length) includes.push(SOURCE_FILE)
    for (const p of inc) {
      if (typeof p === 'string') anyGlob = true
      else includes.push(p)
    }
  }
  const id = anyGlob ? { exclude: ALWAYS_EXCLUDED } : { include: dedupe(includes.map(queryTolerant)), exclude: ALWAYS_EXCLUDED }
  if (modes.some((m) => !m.prefilter)) return { id }
  const sources = dedupe(modes.map((m) => m.prefilter as RegExp))
  const flags = new Set(sources.map((r) => r.flags.replace(/[gy]/g, '')))
  if (!sources.length || flags.size > 1) return { id }
  const code = sources.length === 1 ? nonStateful(sources[0]) : new RegExp(sources.map((r) => `(?:${r.source})`).join('|'), [...flags][0])
  return { id, code }
}

/**
 * Native filters see the id with its query (`agent.ts?t=123` after a Vite HMR update), while the handler
 * strips it before applying `include`. An include anchored at the end (`/\.ts$/`) is widened to also end
 * before a query, so the native pre-check never rejects what the handler would accept.
 */
function queryTolerant(r: RegExp): RegExp {
  if (!/(?:^|[^\\])\$$/.test(r.source)) return r
  return new RegExp(`${r.source.slice(0, -1)}(?:$|\\?)`, r.flags.replace(/[gy]/g, ''))
}

function dedupe(list: RegExp[]): RegExp[] {
  const seen = new Map<string, RegExp>()
  for (const r of list) seen.set(`${r.source}/${r.flags}`, r)
  return [...seen.values()]
}

/** A `g`/`y` RegExp keeps `lastIndex` between `test` calls, which would skip matches on the next module. */
export function nonStateful(r: RegExp): RegExp {
  return /[gy]/.test(r.flags) ? new RegExp(r.source, r.flags.replace(/[gy]/g, '')) : r
}
