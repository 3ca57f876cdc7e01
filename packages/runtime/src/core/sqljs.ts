/**
 * Loading sql.js once per process: the WASM module is cached by its location (or binary), so every store of a
 * process shares one instance, and a failed load is forgotten so the next store can try again.
 */
import type { SqlJsStatic } from 'sql.js'
import initSqlJs from 'sql.js'

export interface SqlJsOptions {
  /** Where to find `sql-wasm.wasm` (browsers: e.g. a bundler `?url` import). */
  locateFile?: (file: string) => string
  /** The wasm bytes themselves. */
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
 * that, so a build of sql.js without it still instantiates once per source.
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
  const p = (initSqlJs as unknown as (cfg?: object) => Promise<SqlJsStatic>)({
    ...(options.locateFile ? { locateFile: options.locateFile } : {}),
    ...(binary ? { wasmBinary: binary } : {}),
  })
  const forget = () => {
    if (binary) byBinary.delete(binary)
    else if (location !== null) byLocation.delete(location)
  }
  if (binary) byBinary.set(binary, p)
  else if (location !== null) byLocation.set(location, p)
  p.catch(forget)
  return p
}
