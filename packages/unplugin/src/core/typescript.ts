import { createRequire } from 'node:module'
import type * as Morph from 'ts-morph'
import { preloadParser } from './code-cache'

/**
 * ts-morph and the TypeScript it ships, for the modules that parse. Loaded with `require`, from V8's code cache
 * when a previous build left one (`./code-cache`): an ESM `import { ts } from 'ts-morph'` would also make Node
 * scan ts-morph's 1 MB of CommonJS for its export names on every start, which cost more than the cached compile.
 * Modules take the API (values) from here and name its types through `import type { ts as TS } from 'ts-morph'`.
 */
preloadParser()
export const morph = createRequire(import.meta.url)('ts-morph') as typeof Morph
export const ts: typeof Morph.ts = morph.ts
