/**
 * Where sql.js's wasm comes from and what a wrong one does, in Node: by default the runtime finds the wasm it ships
 * (here, running from source, through the package's own `memory-customs/sql-wasm.wasm` export); a wrong file, from
 * `wasmBinary`, a path or an HTTP URL, is a WasmLoadError (a StorageError, rule `storage.wasm`) that names where it
 * looked and what to pass, never sql.js's `expected magic word 00 61 73 6d`; and a failed load does not spoil the
 * next one.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createCustoms, StorageError } from '../../src/index.js'
import { WasmLoadError } from '../../src/core/sql-wasm.js'
import { loadSqlJs } from '../../src/core/sqljs.js'

const shippedWasm = createRequire(import.meta.url).resolve('memory-customs/sql-wasm.wasm')
const wasm = readFileSync(shippedWasm)
const HTML_404 = '<!DOCTYPE html>\n<html><head><title>404</title></head><body>Not Found</body></html>\n'

const dir = mkdtempSync(join(tmpdir(), 'mc-wasm-location-'))
let server: Server
let base: string

beforeAll(async () => {
  // A static server with the usual ways of getting it wrong: a 404 page, an SPA fallback (200 + HTML), a cut file.
  server = createServer((req, res) => {
    if (req.url === '/sql-wasm.wasm') res.writeHead(200, { 'content-type': 'application/wasm' }).end(wasm)
    else if (req.url === '/spa/sql-wasm.wasm') res.writeHead(200, { 'content-type': 'text/html' }).end(HTML_404)
    else if (req.url === '/cut/sql-wasm.wasm') res.writeHead(200).end(wasm.subarray(0, 4096))
    else res.writeHead(404, { 'content-type': 'text/html' }).end(HTML_404)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  rmSync(dir, { recursive: true, force: true })
})

/** The rejection of `p`, which must be a WasmLoadError. */
async function wasmError(p: Promise<unknown>): Promise<WasmLoadError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(WasmLoadError)
  const e = error as WasmLoadError
  expect(e).toBeInstanceOf(StorageError)
  expect(e.name).toBe('WasmLoadError')
  expect(e.code).toBe('STORAGE')
  expect(e.rule).toBe('storage.wasm')
  expect(e.message).toContain('pass sqlJs: { locateFile: () => url }')
  expect(e.message).toContain('memory-customs/sql-wasm.wasm')
  expect(e.message).toContain('or its bytes as sqlJs: { wasmBinary }')
  expect(e.message).not.toContain('magic word')
  return e
}

describe('sql.js wasm location and checks (Node)', () => {
  it('finds the shipped wasm with no options, and the file is the one sql.js built for its glue', async () => {
    const SQL = await loadSqlJs()
    const db = new SQL.Database()
    expect(db.exec('SELECT 6 * 7')[0]!.values[0]![0]).toBe(42)
    db.close()
    expect(wasm.subarray(0, 4)).toEqual(Buffer.from([0x00, 0x61, 0x73, 0x6d]))
  })

  it('refuses an HTML page given as wasmBinary at createCustoms, then opens fine with the right bytes', async () => {
    const schemas = { n: z.number() }
    const e = await wasmError(createCustoms({ decision: { schemas }, sqlJs: { wasmBinary: Buffer.from(HTML_404) } }))
    expect(e.wasmLocation).toBe('sqlJs.wasmBinary')
    expect(e.message).toContain('is an HTML page, not WebAssembly')
    const customs = await createCustoms({ decision: { schemas }, sqlJs: { wasmBinary: new Uint8Array(wasm) } })
    customs.decision.commit('n', 1, { source: 'user' })
    expect(customs.decision.get('n')).toBe(1)
    await customs.close()
  })

  it('names the file a locateFile path pointed at when it is not WebAssembly', async () => {
    const file = join(dir, 'sql-wasm.wasm')
    writeFileSync(file, 'not a wasm at all')
    const e = await wasmError(loadSqlJs({ locateFile: () => file }))
    expect(e.wasmLocation).toBe(file)
    expect(e.message).toContain(`${file} is not WebAssembly (17 bytes starting "not a wasm at all")`)
    const missing = await wasmError(loadSqlJs({ locateFile: () => join(dir, 'nowhere', 'sql-wasm.wasm') }))
    expect(missing.message).toMatch(/could not be read \(ENOENT/)
  })

  it('tells an HTTP 404, an HTML fallback page and a cut file apart, and loads the real one over HTTP', async () => {
    const notFound = await wasmError(loadSqlJs({ locateFile: (f) => `${base}/missing/${f}` }))
    expect(notFound.message).toContain(`${base}/missing/sql-wasm.wasm answered HTTP 404 Not Found`)
    const spa = await wasmError(loadSqlJs({ locateFile: (f) => `${base}/spa/${f}` }))
    expect(spa.message).toContain('is an HTML page, not WebAssembly')
    expect(spa.message).toContain('content-type text/html')
    const cut = await wasmError(loadSqlJs({ locateFile: (f) => `${base}/cut/${f}` }))
    expect(cut.message).toContain('starts like WebAssembly but does not validate (4096 bytes')
    const SQL = await loadSqlJs({ locateFile: (f) => `${base}/${f}` })
    expect(typeof SQL.Database).toBe('function')
  })

  it('turns a throwing locateFile into the same typed error', async () => {
    const e = await wasmError(
      loadSqlJs({
        locateFile: () => {
          throw new Error('no CDN configured')
        },
      }),
    )
    expect(e.wasmLocation).toBe('sqlJs.locateFile')
    expect(e.message).toContain('locateFile threw Error: no CDN configured')
  })
})
