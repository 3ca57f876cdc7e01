/**
 * Finding and checking sql.js's WebAssembly.
 *
 * The runtime ships the wasm that matches the sql.js glue bundled into it (`dist/sql-wasm.wasm`, also exported as
 * `memory-customs/sql-wasm.wasm`) and points at it with `new URL('./sql-wasm.wasm', import.meta.url)`: the one form
 * that Vite, webpack 5 and Rspack turn into an emitted asset with a rewritten URL, and that Node resolves next to the
 * module. So an app neither imports the wasm nor passes `locateFile`.
 *
 * The bytes are read here and checked before sql.js sees them, so a wrong file (a dev server's HTML fallback page, a
 * 404 body, a damaged download) fails as a WasmLoadError that names where it looked and what to pass instead of
 * sql.js's `expected magic word 00 61 73 6d`, and never reaches sql.js, which would keep a failed first load for the
 * rest of the page's life.
 */
import { StorageError } from '../errors.js'
import type { SqlJsOptions } from './sqljs.js'

/** The file name sql.js asks `locateFile` for. */
export const WASM_FILE = 'sql-wasm.wasm'
/** The package subpath that resolves to the shipped wasm (Node fallback, and for apps that want to serve it). */
export const WASM_EXPORT = 'memory-customs/sql-wasm.wasm'

const REMEDY =
  `pass sqlJs: { locateFile: () => url } with the URL or path where ${WASM_EXPORT} (the file the package ships ` +
  `as dist/${WASM_FILE}) is served, or its bytes as sqlJs: { wasmBinary }`

/**
 * sql.js's WebAssembly could not be loaded: missing, not WebAssembly (often an HTML page served for a wrong URL),
 * damaged, or refused by sql.js. A StorageError (code `STORAGE`, rule `storage.wasm`): no store can open without it.
 */
export class WasmLoadError extends StorageError {
  // Set literally, not from the constructor's name: minifiers rename classes in bundles.
  override readonly name = 'WasmLoadError'
  override readonly rule = 'storage.wasm'

  constructor(
    /** Where the wasm was looked for: a URL, a file path, or `sqlJs.wasmBinary`. */
    readonly wasmLocation: string,
    problem: string,
    cause?: unknown,
  ) {
    super(`sql.js's WebAssembly from ${wasmLocation} ${problem}; ${REMEDY}`, cause)
  }
}

interface NodeBuiltins {
  readFile(path: string | URL): Promise<Uint8Array>
  exists(path: string | URL): boolean
  resolve(specifier: string, from: string): string
}

/** Node's fs and module resolution, asked for only when present, so the browser build never imports them. */
function nodeBuiltins(): NodeBuiltins | null {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
  if (typeof proc?.getBuiltinModule !== 'function') return null
  const fs = proc.getBuiltinModule('node:fs') as typeof import('node:fs')
  const { createRequire } = proc.getBuiltinModule('node:module') as typeof import('node:module')
  return {
    readFile: (path) => fs.promises.readFile(path),
    exists: (path) => fs.existsSync(path),
    resolve: (specifier, from) => createRequire(from).resolve(specifier),
  }
}

/** A wasm location as sql.js would take it: a URL (absolute or page-relative) or, in Node, a file path. */
function describe(location: string | URL): string {
  return location instanceof URL && location.protocol === 'file:' ? decodeURIComponent(location.pathname) : String(location)
}

/** Is `location` an absolute URL with a scheme (not a Windows drive letter)? */
function absoluteUrl(location: string | URL): URL | null {
  if (location instanceof URL) return location
  if (!/^[a-z][a-z0-9+.-]+:/i.test(location)) return null
  try {
    return new URL(location)
  } catch {
    return null
  }
}

async function fetchBytes(url: string | URL): Promise<Uint8Array> {
  let response: Response
  try {
    response = await fetch(url)
  } catch (e) {
    throw new WasmLoadError(describe(url), `could not be fetched (${(e as Error).message})`, e)
  }
  if (!response.ok) throw new WasmLoadError(describe(url), `answered HTTP ${response.status} ${response.statusText}`.trimEnd())
  const bytes = new Uint8Array(await response.arrayBuffer())
  check(bytes, describe(url), response.headers.get('content-type'))
  return bytes
}

/** Reads the wasm at `location`: files through Node's fs where there is one, everything else through fetch. */
async function readLocation(location: string | URL, node: NodeBuiltins | null): Promise<Uint8Array> {
  const url = absoluteUrl(location)
  if (node && (!url || url.protocol === 'file:')) {
    let bytes: Uint8Array
    try {
      bytes = await node.readFile(url ?? location)
    } catch (e) {
      throw new WasmLoadError(describe(location), `could not be read (${(e as Error).message})`, e)
    }
    check(bytes, describe(location), null)
    return bytes
  }
  return fetchBytes(url ?? location)
}

const MAGIC = [0x00, 0x61, 0x73, 0x6d]

/** Throws a WasmLoadError unless `bytes` is a well-formed WebAssembly module. */
function check(bytes: Uint8Array, location: string, contentType: string | null): void {
  if (bytes.length >= 8 && MAGIC.every((b, i) => bytes[i] === b)) {
    if (WebAssembly.validate(bytes as Uint8Array<ArrayBuffer>)) return
    throw new WasmLoadError(location, `starts like WebAssembly but does not validate (${bytes.length} bytes: truncated or damaged)`)
  }
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 40)).replace(/\s+/g, ' ').trim()
  const looksHtml = /^<(!doctype|html|head|body)\b/i.test(head) || /text\/html/i.test(contentType ?? '')
  const what = looksHtml ? 'is an HTML page, not WebAssembly (a wrong URL, or the file was not deployed)' : 'is not WebAssembly'
  const type = contentType ? `, content-type ${contentType}` : ''
  throw new WasmLoadError(location, `${what} (${bytes.length} bytes starting ${JSON.stringify(head)}${type})`)
}

/** Checked wasm bytes and where they came from (for errors raised later, when sql.js instantiates them). */
export interface FoundWasm {
  bytes: Uint8Array
  location: string
}

/**
 * The wasm for `options`: `wasmBinary` (checked), else the file `locateFile('sql-wasm.wasm')` names, else the wasm
 * shipped next to this module. In Node, when no file sits next to the module (the runtime was bundled by a tool that
 * does not copy `new URL` assets, or runs from its TypeScript source), the installed package's own
 * `memory-customs/sql-wasm.wasm` is used.
 */
export async function findWasm(options: SqlJsOptions): Promise<FoundWasm> {
  if (options.wasmBinary) {
    const given = options.wasmBinary
    const bytes = given instanceof Uint8Array ? given : new Uint8Array(given)
    check(bytes, 'sqlJs.wasmBinary', null)
    return { bytes, location: 'sqlJs.wasmBinary' }
  }
  const node = nodeBuiltins()
  if (options.locateFile) {
    let located: string
    try {
      located = String(options.locateFile(WASM_FILE))
    } catch (e) {
      throw new WasmLoadError('sqlJs.locateFile', `could not be located (locateFile threw ${String(e)})`, e)
    }
    return { bytes: await readLocation(located, node), location: located }
  }
  // Literally this expression: bundlers recognise `new URL('<relative>', import.meta.url)` and nothing looser.
  const shipped = new URL('./sql-wasm.wasm', import.meta.url)
  if (node && shipped.protocol === 'file:' && !node.exists(shipped)) {
    let installed: string
    try {
      // Resolved from where the wasm was expected, not from `import.meta.url` itself: webpack's CommonJS output
      // would replace a bare `import.meta.url` with the build machine's path.
      installed = node.resolve(WASM_EXPORT, shipped.href)
    } catch (e) {
      throw new WasmLoadError(describe(shipped), `does not exist, nor does ${WASM_EXPORT} resolve from there`, e)
    }
    return { bytes: await readLocation(installed, node), location: installed }
  }
  return { bytes: await readLocation(shipped, node), location: describe(shipped) }
}
