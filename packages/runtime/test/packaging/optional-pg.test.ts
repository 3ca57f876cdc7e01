/**
 * `pg` is an optional peer dependency loaded only when a PostgreSQL store is opened. The built package must not name
 * it in an import a bundler can follow: Vite's dependency optimizer bundled `pg` for the browser when the library build
 * folded the driver's specifier into `import("pg")`, and reloaded the page mid-session when it found it.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const dist = join(import.meta.dirname, '../../dist')

describe('the built package and pg', () => {
  it('no module imports pg by a literal specifier (static or dynamic)', () => {
    const files = readdirSync(dist).filter((f) => /\.(mjs|cjs|js)$/.test(f))
    expect(files.length).toBeGreaterThan(5)
    const literal = /\bimport\s*\(\s*(?:\/\*[\s\S]*?\*\/\s*)*["']pg["']\s*\)|\bfrom\s*["']pg["']|require\(\s*["']pg["']\s*\)/
    const offenders = files.filter((f) => literal.test(readFileSync(join(dist, f), 'utf8')))
    expect(offenders).toEqual([])
    // and the driver is still there, loaded lazily
    expect(files.some((f) => readFileSync(join(dist, f), 'utf8').includes('function loadPg('))).toBe(true)
  })
})
