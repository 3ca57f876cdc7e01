/**
 * Loading sql.js once per process: the WASM module is cached by its location (or binary), so every store of a
 * process shares one instance, and a failed load is forgotten so the next store can try again.
 *
 * The glue is sql.js's environment-neutral build, bundled into the runtime's dist (it has no `require`, no
 * `__dirname` and no CommonJS `module` for a bundler to rewrite: webpack bundling sql.js's default build for Node
 * crashed with `Cannot set properties of undefined (setting 'exports')`). It always gets the wasm bytes from
 * sql-wasm.ts, which finds the wasm the runtime ships and checks it.
 */
import type { SqlJsStatic } from 'sql.js'
import initSqlJs from 'sql.js/dist/sql-wasm-browser.js'
import { WasmLoadError, findWasm } from './sql-wasm.js'

export interface SqlJsOptions {
  /**
   * Where to find `sql-wasm.wasm` when not beside the runtime (it ships as `memory-customs/sql-wasm.wasm`): a URL,
   * or in Node a file path. Called with `'sql-wasm.wasm'`. Not needed with Vite, webpack 5, Rspack or plain Node.
   */
  locateFile?: (file: string) => string
  /** The wasm bytes themselves (then nothing is fetched or read). */
  wasmBinary?: ArrayBuffer | Uint8Array
}

/** Initialised modules by where their wasm comes from (default, a located URL) or by the wasm bytes object. */
const byLocation = new Map<string, Promise<SqlJsStatic>>()
const byBinary = new WeakMap<object, Promise<SqlJsStatic>>()

/**
 * Loads sql.js once per distinct wasm source, so a page that opens several stores instantiates the wasm
 * once. The cache key is the `wasmBinary` object (by identity) when given, else the URL `locateFile` returns
 * for `sql-wasm.wasm` (so a fresh closure returning the same URL still hits), else the default. A failed
 * load is dropped from this cache. Note: sql.js 1.17's own `initSqlJs` also keeps the first module of the
 * realm (and ignores the options of later calls, a failed first load included); this cache does not rely on
 * that, so a build of sql.js without it still instantiates once per source. The wasm is checked before sql.js
 * sees it (sql-wasm.ts), so a missing or wrong file never becomes that remembered failed first load.
 */
export function loadSqlJs(options: SqlJsOptions = {}): Promise<SqlJsStatic> {
  const binary = options.wasmBinary
  let location: string | null = 'default'
  if (!binary && options.locateFile) {
    try {
      location = `url:${String(options.locateFile('sql-wasm.wasm'))}`
    } catch {
      location = null // cannot tell where it points: do not share
    }
  }
  const cached = binary ? byBinary.get(binary) : location !== null ? byLocation.get(location) : undefined
  if (cached) return cached
  const p = findWasm(options).then(({ bytes, location: from }) =>
    (initSqlJs as unknown as (cfg: object) => Promise<SqlJsStatic>)({ wasmBinary: bytes }).catch((e: unknown) => {
      // Valid WebAssembly that sql.js still refuses: a wasm built for another sql.js version (its imports differ).
      throw new WasmLoadError(from, `was refused by sql.js (${String(e)}): a wasm of another sql.js version?`, e)
    }),
  )
  const forget = () => {
    if (binary) byBinary.delete(binary)
    else if (location !== null) byLocation.delete(location)
  }
  if (binary) byBinary.set(binary, p)
  else if (location !== null) byLocation.set(location, p)
  p.catch(forget)
  return p
}
