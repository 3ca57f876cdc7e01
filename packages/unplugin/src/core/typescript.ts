import { createRequire } from 'node:module'
import type * as Morph from 'ts-morph'
import { preloadParser } from './code-cache'

/**
 * The TypeScript that ts-morph ships, for the modules that parse, loaded with `require` from V8's code cache when a
 * previous build left one (`./code-cache`). The syntactic analysis needs only this `ts` (ts-morph's own, the same
 * object), so the rest of ts-morph (4 MB more, with its dependencies) is loaded only for type-aware mode's
 * `Project`. An ESM `import { ts } from 'ts-morph'` would also make Node scan ts-morph's CommonJS for its export
 * names on every start. Modules take the API (values) from here and name its types through
 * `import type { ts as TS } from 'ts-morph'`.
 */
const requireHere = createRequire(import.meta.url)
let loadedMorph: typeof Morph | undefined
/** The whole of ts-morph (type-aware mode), sharing the TypeScript below. */
export function morph(): typeof Morph {
  loadedMorph ??= requireHere('ts-morph') as typeof Morph
  return loadedMorph
}
export const ts: typeof Morph.ts = (preloadParser() as typeof Morph.ts | null) ?? morph().ts
