import type { ResolvedOptions } from '../core/options'
import { projectWrapperIndex } from '../core/wrapper-specs'

/** The parts of the plugin that need TypeScript (`./core`). */
export type ParserCore = typeof import('./core')

let loaded: ParserCore | undefined
let loading: Promise<ParserCore> | undefined

/** The TypeScript-backed core, loaded once per process on first need (see `./core`), from V8's code cache. */
export function loadParserCore(): Promise<ParserCore> {
  loading ??= import('./core').then((m) => (loaded = m))
  return loading
}

/** The core if it is loaded already (then a candidate is transformed synchronously), else `undefined`. */
export function parserCoreNow(): ParserCore | undefined {
  return loaded
}

/**
 * The names of the wrappers under `o.root`, or `null` when a module there mentions one and the parser is not
 * loaded yet: most projects have none, and then the candidate test needs no TypeScript.
 */
export function wrapperNamesNow(o: ResolvedOptions): string[] | null {
  const index = loaded ? loaded.wrapperIndex(o.root, o.wrappers, loaded.parse) : projectWrapperIndex(o.root, o.wrappers, null)
  return index && [...index.names]
}
