import { afterEach, describe, expect, it } from 'vitest'
import * as probe from '../../../runtime/src/probe'
import { readEmbeddedTables } from '../../src/adapter/recover'
import { analyze } from '../../src/core/analyze'
import { instrument, isInstrumented, MARKER } from '../../src/core/instrument'
import { execute } from './run-module'

/**
 * The header: the marker counts only where `instrument` writes it (idempotence without false positives),
 * and the names the header binds never collide with the module's own.
 */

const ROOT = '/virtual/app'

function instrumentFile(source: string, file = 'src/a.ts') {
  const id = `${ROOT}/${file}`
  const sites = analyze(source, id, { root: ROOT })
  return { sites, out: instrument(source, id, sites, { root: ROOT }) }
}

/** Runs the module as written and instrumented; both must give the same result and trace. */
async function sameWhenRun(source: string, file = 'src/a.ts') {
  const { out } = instrumentFile(source, file)
  expect(out, 'the module must be instrumented').not.toBeNull()
  const original = await execute(source, file)
  const instrumented = await execute(out!.code, file)
  expect(instrumented.result).toEqual(original.result)
  expect(instrumented.trace).toEqual(original.trace)
  return { code: out!.code, events: instrumented.events, result: instrumented.result }
}

afterEach(() => probe.resetProbeState())

describe('the already-instrumented marker', () => {
  it('in a string literal (first line or later) does not stop instrumentation', async () => {
    const src = `const banner = '${MARKER}'; const header = 'import { __mc$p } from "memory-customs/probe";'
export function run(trace: unknown[]) {
  const store = new Map<string, string>()
  store.set('banner', \`${MARKER}\`)
  trace.push(banner, header, store.get('banner'))
  return store.size
}
`
    expect(isInstrumented(src)).toBe(false)
    const { code, events } = await sameWhenRun(src)
    expect(events.map((e) => `${e.line} ${e.key}`)).toEqual(['4 banner'])
    expect(code.split('\n')[0].indexOf(MARKER)).toBeLessThan(code.split('\n')[0].indexOf('const banner'))
  })

  it('in a comment does not stop instrumentation either', () => {
    const src = `// ${MARKER}\n  // see ${MARKER}\nexport const run = (store: Map<string, number>) => store.set('a', 1)\n`
    expect(isInstrumented(src)).toBe(false)
    expect(instrumentFile(src).out).not.toBeNull()
  })

  for (const [name, file, src] of [
    ['a plain module', 'src/a.ts', `export function f(store: Map<string, number>) {\n  store.set('a', 1)\n}\n`],
    ['after a shebang', 'src/cli.ts', `#!/usr/bin/env node\nexport function f(store: Map<string, number>) {\n  store.set('a', 1)\n}\n`],
    [
      'after a directive prologue',
      'src/view.ts',
      `// a comment\n'use client'\n"use strict";\nexport function f(store: Map<string, number>) {\n  store.set('a', 1)\n}\n`,
    ],
    ['a CommonJS module', 'src/c.cjs', `const store = new Map()\nmodule.exports = () => store.set('a', 1)\n`],
    [
      'a module that uses the helper names',
      'src/n.ts',
      `function __mc$t() {}\nexport function f(store: Map<string, number>) {\n  store.set('a', 1)\n}\n`,
    ],
  ] as const) {
    it(`is recognised in its header position: ${name} is instrumented once (idempotence)`, () => {
      const first = instrumentFile(src, file).out
      expect(first).not.toBeNull()
      expect(isInstrumented(first!.code)).toBe(true)
      const again = instrumentFile(first!.code, file)
      expect(again.sites).toEqual([])
      expect(again.out).toBeNull()
      // Even when handed the sites of the original, the instrumented code is left alone.
      expect(instrument(first!.code, `${ROOT}/${file}`, instrumentFile(src, file).sites, { root: ROOT })).toBeNull()
      expect(first!.code.match(/\.\.\.__mc\$p\d*\(/g)).toHaveLength(1)
    })
  }
})

describe('helper names', () => {
  it('get a fresh suffix when the module declares `function __mc$t`, and the module still works', async () => {
    const src = `function __mc$t(x: number) { return x * 2 }
export function run(trace: unknown[]) {
  const store = new Map<string, number>()
  store.set('twice', __mc$t(21))
  trace.push(store.get('twice'))
  return __mc$t(store.size)
}
`
    const { code, events, result } = await sameWhenRun(src)
    expect(result).toBe(2)
    expect(code).toContain('import { __mc$p as __mc$p1, __mc$d as __mc$d1, __mc$r as __mc$r1 } from "memory-customs/probe";')
    expect(code).toContain('function __mc$t1(){return __mc$t1.v||(__mc$t1.v=__mc$r1(')
    expect(code).toContain("__mc$d1(__mc$t1, 0, store.set(...__mc$p1(__mc$t1, 0, ['twice', __mc$t(21)])))")
    expect(events.map((e) => `${e.line}:${e.column} ${e.key}`)).toEqual(['4:3 twice'])
    // The table stays readable from the code (webpack's persistent cache path).
    expect(readEmbeddedTables(code).map((t) => [t.file, t.sites.length])).toEqual([['src/a.ts', 1]])
  })

  it('avoid every emitted name the module binds (`__mc$p`, `__mc$d`, `__mc$r`, `__mc$t1`), in ESM and CommonJS', async () => {
    const body = `function __mc$p(a: number) { return a + 1 }
const __mc$d = (a: number) => a * 10
let __mc$r = 5
const __mc$t1 = { v: 7 }
export function run(trace: unknown[]) {
  const store = new Map<string, number>()
  store.set('k', __mc$d(__mc$p(__mc$r)))
  trace.push(store.get('k'), __mc$t1.v)
  return store.get('k')
}
`
    const esm = await sameWhenRun(body)
    expect(esm.result).toBe(60)
    expect(esm.code).toContain('import { __mc$p as __mc$p2, __mc$d as __mc$d2, __mc$r as __mc$r2 } from')
    expect(esm.events).toHaveLength(1)

    const cjs = await sameWhenRun(body.replace('export function run', 'function run').concat('module.exports = { run }\n'), 'src/b.cts')
    expect(cjs.result).toBe(60)
    expect(cjs.code).toContain('var { __mc$p: __mc$p2, __mc$d: __mc$d2, __mc$r: __mc$r2 } = require("memory-customs/probe");')
    expect(cjs.events).toHaveLength(1)
  })

  it('written with a unicode escape (`\\u005f_mc$t`) still count as used', async () => {
    const src = `function \\u005f_mc$t() { return 3 }
export function run(trace: unknown[]) {
  const store = new Map<string, number>()
  store.set('k', __mc$t())
  trace.push(store.get('k'))
  return store.get('k')
}
`
    const { code, result } = await sameWhenRun(src)
    expect(result).toBe(3)
    expect(code).toContain('function __mc$t1(){')
  })
})
