import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { transformSync } from 'esbuild'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import * as probe from '../../../runtime/src/probe'
import { analyzeSafe, firstParseError, parse } from '../../src/core/analyze'
import { instrument } from '../../src/core/instrument'
import { resolveOptions } from '../../src/core/options'

const ROOT = '/fuzz'
const options = resolveOptions({}, { root: ROOT, mode: 'development' })
const fixtureDir = path.resolve(import.meta.dirname, '../fixtures/transform')
const fixtures = readdirSync(fixtureDir)
  .filter((f) => /\.(ts|tsx)$/.test(f))
  .map((f) => ({ name: f, code: readFileSync(path.join(fixtureDir, f), 'utf8') }))

/** Runs the whole core on one input; returns the instrumented code when there was any. */
function pipeline(code: string, file: string): string | null {
  const id = `${ROOT}/${file}`
  const { sites, error } = analyzeSafe(code, id, options)
  if (error) expect(sites).toEqual([])
  const out = instrument(code, id, sites, options)
  if (!out) return null
  expect(out.code.split('\n').length).toBe(code.split('\n').length)
  expect(firstParseError(parse(out.code, file))).toBeNull()
  return out.code
}

const tokens = [
  '(',
  ')',
  '{',
  '}',
  '?.',
  '.',
  '.set(',
  'memory.set(1, 2)',
  "'",
  '`',
  '${',
  '\n',
  ';',
  '!',
  ' as any',
  '/*',
  '*/',
  '//',
  'await ',
  '=>',
  ',',
  '<T>',
  '#x',
  'super.',
  'this.setState({})',
]

const mutation = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), len: fc.nat({ max: 20 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.constantFrom(...tokens) }),
  fc.record({ kind: fc.constant('noise' as const), at: fc.nat(), text: fc.string({ maxLength: 8 }) }),
)

function mutate(code: string, ms: Array<{ kind: 'delete' | 'insert' | 'noise'; at: number; len?: number; text?: string }>): string {
  let out = code
  for (const m of ms) {
    const at = out.length ? m.at % out.length : 0
    out = m.kind === 'delete' ? out.slice(0, at) + out.slice(at + (m.len ?? 0)) : out.slice(0, at) + (m.text ?? '') + out.slice(at)
  }
  return out
}

describe('fuzzing (fast-check)', () => {
  it('random strings never throw out of analyzeSafe/instrument', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: 'binary' }), fc.constantFrom('a.ts', 'b.tsx', 'c.js', 'd.cjs'), (code, file) => {
        pipeline(code, file)
      }),
      { numRuns: 300 },
    )
  })

  it('mutated fixture sources never throw; valid output parses and keeps its line count', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fixtures), fc.array(mutation, { minLength: 1, maxLength: 4 }), (fx, ms) => {
        pipeline(mutate(fx.code, ms), fx.name)
      }),
      {
        numRuns: 300,
        examples: [
          // Found by a long run: "await <T>" in a script, which the probe's import would make a module, where it runs on
          // into the next line's declaration
          [
            fixtures.find((f) => f.name === 's-shebang.ts')!,
            [
              { kind: 'insert', at: 1063290690, text: '<T>' },
              { kind: 'insert', at: 2042371634, text: 'await ' },
            ],
          ],
        ],
      },
    )
  })

  it('reports a script that would not parse as a module, and leaves it as it is', () => {
    const code = '#!/usr/bin/env node\nawait <T>// a comment\ndeclare const memory: any\nmemory.add({ cli: true })\n'
    const { sites, error } = analyzeSafe(code, `${ROOT}/cli.ts`, options)
    expect(sites).toEqual([])
    expect(error?.message).toMatch(/^the probe's import makes this script a module, and as a module it does not parse: ';' expected/)
    expect(error?.line).toBe(3)
    // a script that parses either way is instrumented as before
    expect(analyzeSafe('declare const memory: any\nmemory.add({ cli: true })\n', `${ROOT}/cli.ts`, options).sites).toHaveLength(1)
  })
})

// ---------------------------------------------------------------------------------------------------------
// Generated call expressions executed against a logging Proxy universe: original and instrumented code
// must leave the same trace (every property read, every call with its `this` and arguments) and results.

const RECEIVERS = ['memory', 'store', 'session', 'a', 'nil']
const METHODS = ['set', 'put', 'add', 'setState', 'saveMessages', 'get', 'x', 'nilFn']

const expr: fc.Memo<string> = fc.memo((depth) => {
  const leaf = fc.oneof(fc.constantFrom(...RECEIVERS), fc.integer({ min: 0, max: 9 }).map(String), fc.constantFrom("'k'", '`user_${1}`'))
  if (depth <= 1) return leaf
  const sub = expr(depth - 1)
  const args = fc.array(sub, { maxLength: 3 }).map((xs) => xs.join(', '))
  return fc.oneof(
    { weight: 1, arbitrary: leaf },
    {
      weight: 3,
      arbitrary: fc
        .tuple(sub, fc.constantFrom('.', '?.'), fc.constantFrom(...METHODS), fc.constantFrom('', '?.'), args)
        .map(([r, dot, m, oc, a]) => `${r}${dot}${m}${oc}(${a})`),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(sub, fc.constantFrom('.', '?.'), fc.constantFrom('memory', 'store', 'state', 'b', 'nilProp'))
        .map(([r, dot, p]) => `${r}${dot}${p}`),
    },
    { weight: 1, arbitrary: fc.tuple(sub, fc.constantFrom('(%)', '(% as any)', '%!')).map(([e, w]) => w.replace('%', e)) },
    { weight: 1, arbitrary: args.map((a) => `saveMessages(${a})`) },
  )
})

interface Traced {
  path: string
}

function universe(trace: string[]) {
  const describe = (v: unknown) =>
    typeof v === 'function' && (v as unknown as Traced).path !== undefined ? (v as unknown as Traced).path : JSON.stringify(v)
  const make = (p: string): unknown =>
    new Proxy(function () {}, {
      get(_t, prop) {
        if (prop === 'path') return p
        if (typeof prop === 'symbol' || prop === 'then') return undefined
        trace.push(`get ${p}.${prop}`)
        return prop.startsWith('nil') ? undefined : make(`${p}.${prop}`)
      },
      apply(_t, self, args) {
        trace.push(`call ${p} this=${describe(self)} (${args.map(describe).join(', ')})`)
        return make(`${p}()`)
      },
    })
  return make
}

function execute(code: string): { trace: string[]; results: string[] } {
  const js = transformSync(code, { loader: 'ts', format: 'cjs', target: 'es2022' }).code
  const trace: string[] = []
  const make = universe(trace)
  const module = { exports: {} as { run?: (mk: typeof make, t: string[]) => string[] } }
  new Function('require', 'module', 'exports', js)(() => probe, module, module.exports)
  return { trace, results: module.exports.run!(make, trace) }
}

afterEach(() => probe.resetProbeState())

describe('generated call expressions (fast-check)', () => {
  it('run identically instrumented and not, and every executed probe names a real site', () => {
    fc.assert(
      fc.property(fc.array(expr(4), { minLength: 1, maxLength: 4 }), (exprs) => {
        const lines = [
          'export function run(make: any, trace: string[]) {',
          `  const [memory, store, session, a, nil] = [make('memory'), make('store'), make('session'), make('a'), undefined as any]`,
          `  function saveMessages(...xs: unknown[]) { trace.push('saveMessages ' + xs.length); return make('saved') }`,
          '  const results: string[] = []',
          ...exprs.map(
            (e) =>
              `  try { const v: any = ${e}; results.push(typeof v === 'function' ? v.path : String(v)) } catch (err) { results.push('threw ' + (err as Error).constructor.name) }`,
          ),
          '  return results',
          '}',
          '',
        ]
        const code = lines.join('\n')
        const instrumented = pipeline(code, 'gen.ts')
        if (!instrumented) return
        const before = execute(code)
        const events: probe.ProbeEvent[] = []
        const off = probe.onProbe((e) => events.push(e))
        let after: ReturnType<typeof execute>
        try {
          after = execute(instrumented)
        } finally {
          off()
        }
        expect(after.results).toEqual(before.results)
        expect(after.trace).toEqual(before.trace)
        const sites = analyzeSafe(code, `${ROOT}/gen.ts`, options).sites
        for (const e of events) expect(sites.some((s) => s.line === e.line && s.column === e.column)).toBe(true)
      }),
      { numRuns: 150 },
    )
  })
})
