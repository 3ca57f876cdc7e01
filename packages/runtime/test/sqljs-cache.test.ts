/** loadSqlJs shares one initialised sql.js per wasm source, also when locateFile or wasmBinary is given. */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createCustoms } from '../src/index.js'
import { loadSqlJs } from '../src/core/sqljs.js'

const wasmPath = createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm')

describe('loadSqlJs cache', () => {
  it('returns the same module for fresh locateFile closures that point at the same file', async () => {
    const calls: string[] = []
    const locate = () => (file: string) => {
      calls.push(file)
      return wasmPath.replace(/sql-wasm\.wasm$/, file)
    }
    const a = loadSqlJs({ locateFile: locate() })
    expect(loadSqlJs({ locateFile: locate() })).toBe(a)
    const SQL = await a
    const db = new SQL.Database()
    expect(db.exec('SELECT 1 + 1')[0].values[0][0]).toBe(2)
    db.close()
    // Stores opened with inline options (a new closure each time) share it too.
    for (let i = 0; i < 3; i++) {
      const c = await createCustoms({ decision: { schemas: { n: z.number() } }, sqlJs: { locateFile: locate() } })
      c.decision.commit('n', i, { source: 'user' })
      expect((await c.verify()).ok).toBe(true)
      await c.close()
    }
    expect(calls.every((f) => f === 'sql-wasm.wasm')).toBe(true)
  })

  it('keys wasmBinary by the bytes object (locateFile is then irrelevant)', async () => {
    const bytes = new Uint8Array(readFileSync(wasmPath))
    const a = loadSqlJs({ wasmBinary: bytes })
    expect(loadSqlJs({ wasmBinary: bytes, locateFile: () => 'ignored' })).toBe(a)
    const SQL = await a
    expect(typeof SQL.Database).toBe('function')
  })
})
