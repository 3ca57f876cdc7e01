import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { transformSync } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { unpluginFactory } from '../../src/index'
import { analyzeSafe } from '../../src/core/analyze'
import { MAX_NESTING_DEPTH, nestingDepth } from '../../src/core/deep'
import { instrument, isInstrumented } from '../../src/core/instrument'

/**
 * Deeply nested modules overflow TypeScript's recursive parser on the default stack (near 1,000 levels);
 * the plugin analyses and instruments them in a worker with a larger stack. V8 cannot even compile 5,000
 * parentheses on the default stack, so both versions of a module run in a worker with a larger stack too,
 * against the real probe module.
 */

const ROOT = '/virtual/app'
const PROBE = fileURLToPath(new URL('../../../runtime/src/probe.ts', import.meta.url))
const TSX_CJS = createRequire(import.meta.url).resolve('tsx/cjs/api')

interface Outcome {
  result: unknown
  events: Array<{ line: number; column: number; key: unknown }>
}

const RUNNER = `
const { parentPort, workerData } = require('node:worker_threads')
const probe = require(workerData.tsx).require(workerData.probe, workerData.probe)
const events = []
probe.onProbe((e) => events.push({ line: e.line, column: e.column, key: e.key }))
const module = { exports: {} }
const load = (spec) => { if (spec === 'memory-customs/probe') return probe; throw new Error('unexpected import ' + spec) }
new Function('require', 'module', 'exports', workerData.js)(load, module, module.exports)
parentPort.postMessage({ result: module.exports.run(), events })
`

/** Transpiles the module to CommonJS and runs its `run()` in a worker with a 256 MB stack. */
function runInWorker(code: string): Promise<Outcome> {
  const js = transformSync(code, { loader: 'ts', format: 'cjs', target: 'es2022' }).code
  return new Promise((resolve, reject) => {
    const worker = new Worker(RUNNER, {
      eval: true,
      workerData: { js, probe: PROBE, tsx: TSX_CJS },
      resourceLimits: { stackSizeMb: 256 },
    })
    worker.once('message', (m: Outcome) => {
      resolve(m)
      void worker.terminate()
    })
    worker.once('error', reject)
  })
}

async function instrumentAndRun(code: string, file: string) {
  const id = `${ROOT}/${file}`
  const { sites, error } = analyzeSafe(code, id, { root: ROOT })
  expect(error).toBeUndefined()
  const out = instrument(code, id, sites, { root: ROOT })
  expect(out).not.toBeNull()
  expect(isInstrumented(out!.code)).toBe(true)
  expect(out!.code.split('\n')).toHaveLength(code.split('\n').length)
  const [original, instrumented] = await Promise.all([runInWorker(code), runInWorker(out!.code)])
  expect(original.events).toEqual([])
  expect(instrumented.result).toEqual(original.result)
  return { sites, out: out!, instrumented }
}

describe('deeply nested modules are instrumented', () => {
  it('5,000 nested parentheses', async () => {
    const n = 5000
    const code = `export function run() {
  const trace: unknown[] = []
  const store = { set(k: string, v: number) { trace.push([k, v]); return v + 1 } }
  const r = store.set('deep', ${'('.repeat(n)}41${')'.repeat(n)})
  return { r, trace }
}
`
    const { sites, instrumented } = await instrumentAndRun(code, 'src/parens.ts')
    expect(sites.map((s) => `${s.line}:${s.column} ${s.callee} ${s.key}`)).toEqual(['4:13 store.set deep'])
    expect(instrumented.result).toEqual({ r: 42, trace: [['deep', 41]] })
    expect(instrumented.events).toEqual([{ line: 4, column: 13, key: 'deep' }])
  })

  it('3,000 nested memory-write calls, each a site', async () => {
    const n = 3000
    let expr = `'leaf'`
    for (let i = n - 1; i >= 0; i--) expr = `store.set('k${i}', ${expr})`
    const code = `export function run() {
  const trace: string[] = []
  const store = { set(k: string, v: string) { trace.push(k); return k } }
  const top = ${expr}
  return { top, first: trace[0], last: trace[trace.length - 1], count: trace.length }
}
`
    const { sites, out, instrumented } = await instrumentAndRun(code, 'src/calls.ts')
    expect(sites).toHaveLength(n)
    expect(out.code.match(/\.\.\.__mc\$p\(/g)).toHaveLength(n)
    expect(instrumented.result).toEqual({ top: 'k0', first: `k${n - 1}`, last: 'k0', count: n })
    // Innermost first, as the calls run; every probe names its own site.
    expect(instrumented.events).toHaveLength(n)
    const line4 = code.split('\n')[3]
    expect(instrumented.events[0]).toEqual({ line: 4, column: line4.indexOf(`store.set('k${n - 1}'`) + 1, key: `k${n - 1}` })
    expect(instrumented.events[n - 1]).toEqual({ line: 4, column: 15, key: 'k0' })
  })
})

describe('beyond the documented depth', () => {
  const n = MAX_NESTING_DEPTH + 1
  const code = `export function f(store: Map<string, number>) {\n  store.set('a', 1)\n  store.set('deep', ${'['.repeat(n)}1${']'.repeat(n)}.length)\n}\n`

  it('the nesting is measured by brackets, with the place it passes the limit', () => {
    const d = nestingDepth(code, 'src/too-deep.ts')
    expect(d.depth).toBe(n + 2)
    expect(d.line).toBe(3)
  })

  it('the module is left unchanged, with a warning naming file and line', async () => {
    const plugin = unpluginFactory({ root: ROOT }, { framework: 'rollup', versions: {} })
    const handler = (plugin.transform as { handler: (this: unknown, code: string, id: string) => unknown }).handler
    const warnings: string[] = []
    const context = { warn: (m: string) => warnings.push(m), error: (m: unknown) => Promise.reject(m) }
    expect(await handler.call(context, code, `${ROOT}/src/too-deep.ts`)).toBeNull()
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(
      new RegExp(
        `^\\[memory-customs\\] src/too-deep\\.ts:3:\\d+: nesting too deep: ${n + 2} levels of brackets, more than the ${MAX_NESTING_DEPTH} supported; the module is left unchanged`,
      ),
    )
  })
})
