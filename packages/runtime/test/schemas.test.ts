/**
 * Schemas from any Standard Schema library for Decision keys (commits and Bridge promotions) and memory types: zod 4,
 * valibot 1 and arktype 2, each checked, refused with its own issues, and its output (transform, default) stored.
 * An older zod 3 schema (only `safeParse`) still works. Asynchronous validators are refused: at createCustoms where a
 * known marker shows it, else at their first use, both as an OptionError naming the option. Last, the published
 * types are self-contained: a fresh strict project with only `typescript` and the built package type checks.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type } from 'arktype'
import * as v from 'valibot'
import { pathToFileURL } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { z as z3 } from 'zod/v3'
import {
  createCustoms,
  createMemoryKeyProvider,
  OptionError,
  SchemaError,
  type CustomsOptions,
  type SchemaLike,
  type StandardSchemaV1,
  type StorageOption,
} from '../src/index.js'
import { expectations, repo } from './docs/snippets.js'

/** Single-writer stores (a tab-shared IndexedDB store has no memory lifecycle). */
type LocalOptions = CustomsOptions & { storage?: Exclude<StorageOption, { indexedDB: string }> }

const base = (extra: LocalOptions = {}): LocalOptions => ({
  keyStore: createMemoryKeyProvider(),
  scan: { disable: ['injection', 'code', 'secret', 'pii'] },
  bridge: { tools: ['web'] },
  ...extra,
})

/** The same three rules in each library: an enum, a normalizing transform, an object with a default. */
const libraries: Array<{ name: string; level: SchemaLike; handle: SchemaLike; budget: SchemaLike }> = [
  {
    name: 'zod 4',
    level: z.enum(['low', 'high']),
    handle: z.string().transform((s) => s.trim().toLowerCase()),
    budget: z.object({ amount: z.number().positive(), currency: z.string().default('EUR') }),
  },
  {
    // zod 3's API as zod 4 ships it (`zod/v3`): what an app still on zod 3 passes.
    name: 'zod 3',
    level: z3.enum(['low', 'high']),
    handle: z3.string().transform((s) => s.trim().toLowerCase()),
    budget: z3.object({ amount: z3.number().positive(), currency: z3.string().default('EUR') }),
  },
  {
    name: 'valibot 1',
    level: v.picklist(['low', 'high']),
    handle: v.pipe(v.string(), v.trim(), v.toLowerCase()),
    budget: v.object({ amount: v.pipe(v.number(), v.gtValue(0)), currency: v.optional(v.string(), 'EUR') }),
  },
  {
    name: 'arktype 2',
    level: type("'low' | 'high'"),
    handle: type('string').pipe((s) => s.trim().toLowerCase()),
    budget: type({ amount: 'number > 0', currency: "string = 'EUR'" }),
  },
]

function thrown(f: () => unknown): unknown {
  try {
    f()
  } catch (e) {
    return e
  }
  throw new Error('did not throw')
}

describe.each(libraries)('$name', ({ level, handle, budget }) => {
  const options = () => base({ decision: { schemas: { risk: level, owner: handle, budget } }, memory: { types: { handle, budget } } })

  it('checks Decision commits and stores what the schema returns', async () => {
    const c = await createCustoms(options())
    c.decision.commit('risk', 'high', { source: 'user' })
    c.decision.commit('owner', '  Ada LOVELACE ', { source: 'user' })
    c.decision.commit('budget', { amount: 12 }, { source: 'plan' })
    expect(c.decision.get('risk')).toBe('high')
    expect(c.decision.get('owner')).toBe('ada lovelace')
    expect(c.decision.get('budget')).toEqual({ amount: 12, currency: 'EUR' })

    const wrong = thrown(() => c.decision.commit('risk', 'medium', { source: 'user' }))
    expect(wrong).toBeInstanceOf(SchemaError)
    expect((wrong as SchemaError).issues.length).toBeGreaterThan(0)
    expect(c.receipt(c.size)).toMatchObject({ op: 'REFUSED', key: 'risk', reason: 'COMMIT:SCHEMA_VIOLATION' })
    // Issue paths read as keys whatever the library reports (valibot: `{ key }` segments).
    const nested = thrown(() => c.decision.commit('budget', { amount: -1, currency: 'EUR' }, { source: 'user' })) as SchemaError
    expect(nested.message).toMatch(/^memory-customs: value for "budget" fails its schema at amount: /)
    expect([...((nested.issues[0] as StandardSchemaV1.Issue).path ?? [])]).toEqual(['amount'])
    expect(c.decision.get('risk')).toBe('high')
    expect((await c.verify()).ok).toBe(true)
  })

  it('checks Bridge promotions and stores what the schema returns', async () => {
    const c = await createCustoms(options())
    c.execution.store('web', 'c1', '  GRACE Hopper')
    c.execution.store('web', 'c2', 'medium')
    c.plans.record('p', {
      references: [
        { tool: 'web', callId: 'c1' },
        { tool: 'web', callId: 'c2' },
      ],
    })
    c.bridge.promote({ tool: 'web', callId: 'c1', to: 'owner', planRef: 'p' })
    expect(c.decision.get('owner')).toBe('grace hopper')
    expect(() => c.bridge.promote({ tool: 'web', callId: 'c2', to: 'risk', planRef: 'p' })).toThrow(SchemaError)
    expect(c.receipt(c.size)).toMatchObject({ op: 'REFUSED', reason: 'PROMOTE:SCHEMA_VIOLATION' })
  })

  it('checks memory types and stores the output when the schema changes the value', async () => {
    const c = await createCustoms(options())
    const filled = c.memories.propose('{"amount": 5}', { source: 'user', type: 'budget' })
    expect(c.memories.get(filled.id)?.content).toBe('{"amount":5,"currency":"EUR"}')
    // Unchanged by the schema (only reordered keys and spacing): kept as written.
    const asWritten = '{ "currency": "USD", "amount": 7 }'
    expect(c.memories.get(c.memories.propose(asWritten, { source: 'user', type: 'budget' }).id)?.content).toBe(asWritten)
    const trimmed = c.memories.propose('  Ada  ', { source: 'user', type: 'handle' })
    expect(c.memories.get(trimmed.id)?.content).toBe('ada')
    c.memories.update(trimmed.id, ' ADA L ')
    expect(c.memories.get(trimmed.id)?.content).toBe('ada l')
    const bad = thrown(() => c.memories.propose('{"amount": -1}', { source: 'user', type: 'budget', key: 'trip.budget' }))
    expect(bad).toBeInstanceOf(SchemaError)
    expect(bad).toMatchObject({ rule: 'memory.type', key: 'trip.budget' })
    expect(c.receipt(c.size)).toMatchObject({ op: 'REFUSED', reason: 'PROPOSE:SCHEMA_VIOLATION' })
    expect(c.memories.list()).toHaveLength(3)
  })
})

describe('older zod 3 schemas (safeParse only)', () => {
  // What zod < 3.24 offers: `safeParse` returning `{ success, data | error.issues }`, and no `~standard`.
  const doubled = {
    safeParse: (x: unknown) =>
      typeof x === 'number'
        ? { success: true as const, data: x * 2 }
        : { success: false as const, error: { issues: [{ code: 'invalid_type', path: [], message: 'Expected number' }] } },
  }
  // zod 3's safeParse throws this when a refinement returns a Promise.
  const asyncRefined = {
    safeParse: (): never => {
      throw new Error('Asynchronous refinement encountered during synchronous parse operation. Use .parseAsync instead.')
    },
  }

  it('validates, stores the parsed value and refuses with the issues', async () => {
    const c = await createCustoms(base({ decision: { schemas: { n: doubled, later: asyncRefined } } }))
    c.decision.commit('n', 21, { source: 'user' })
    expect(c.decision.get('n')).toBe(42)
    const e = thrown(() => c.decision.commit('n', 'x', { source: 'user' })) as SchemaError
    expect(e.issues).toEqual([{ code: 'invalid_type', path: [], message: 'Expected number' }])
    expect(thrown(() => c.decision.commit('later', 1, { source: 'user' }))).toMatchObject({ option: 'decision.schemas.later' })
  })
})

describe('asynchronous validators', () => {
  const valibotAsync = v.pipeAsync(
    v.string(),
    v.checkAsync(async () => true, 'checked remotely'),
  )
  const asyncFunction: StandardSchemaV1 = {
    '~standard': { version: 1, vendor: 'hand-written', validate: async (x: unknown) => ({ value: x }) },
  }

  it.each([
    ['decision.schemas.goal', { decision: { schemas: { goal: valibotAsync } } }, /async: true/],
    ['memory.types.note', { memory: { types: { note: valibotAsync } } }, /async: true/],
    ['decision.schemas.goal', { decision: { schemas: { goal: asyncFunction } } }, /async function/],
  ] as Array<[string, LocalOptions, RegExp]>)('%s with a known async marker is refused at createCustoms', async (option, o, why) => {
    const e = await createCustoms(base(o)).then(
      () => null,
      (err: unknown) => err,
    )
    expect(e).toBeInstanceOf(OptionError)
    expect(e).toMatchObject({ code: 'BAD_OPTION', option })
    expect((e as OptionError).message).toMatch(why)
    expect((e as OptionError).message).toContain('schemas must validate synchronously')
  })

  it('one that answers with a Promise is refused at its first use, with a receipt, and writes nothing', async () => {
    const zodAsync = z.string().refine(async (s) => s.length > 0)
    const zod3Async = z3.string().refine(async (s) => s.length > 0)
    // Not an async function, so nothing shows it before it runs; its rejection must not go unhandled.
    const rejecting: StandardSchemaV1 = {
      '~standard': { version: 1, vendor: 'hand-written', validate: () => Promise.reject(new Error('remote check failed')) },
    }
    const c = await createCustoms(
      base({ decision: { schemas: { goal: zodAsync, other: rejecting, old: zod3Async } }, memory: { types: { note: zodAsync } } }),
    )
    const e = thrown(() => c.decision.commit('goal', 'ship', { source: 'user' }))
    expect(e).toBeInstanceOf(OptionError)
    expect(e).toMatchObject({ code: 'BAD_OPTION', option: 'decision.schemas.goal' })
    expect((e as OptionError).message).toContain('returned a Promise')
    expect(c.receipt(c.size)).toMatchObject({ op: 'REFUSED', key: 'goal', reason: 'COMMIT:BAD_OPTION' })
    expect(thrown(() => c.decision.commit('other', 'x', { source: 'user' }))).toMatchObject({ option: 'decision.schemas.other' })
    expect(thrown(() => c.decision.commit('old', 'x', { source: 'user' }))).toMatchObject({ option: 'decision.schemas.old' })
    expect(thrown(() => c.memories.propose('a note', { source: 'user', type: 'note' }))).toMatchObject({ option: 'memory.types.note' })
    expect(c.receipt(c.size)).toMatchObject({ op: 'REFUSED', reason: 'PROPOSE:BAD_OPTION' })
    c.execution.store('web', 'c1', 'ship')
    c.plans.record('p', { references: [{ tool: 'web', callId: 'c1' }] })
    expect(thrown(() => c.bridge.promote({ tool: 'web', callId: 'c1', to: 'goal', planRef: 'p' }))).toMatchObject({
      option: 'decision.schemas.goal',
    })
    expect(c.decision.entries()).toEqual([])
    expect(c.memories.list()).toEqual([])
    // Let the rejected Promise settle inside the test: an unhandled rejection would fail the run.
    await new Promise((resolve) => setImmediate(resolve))
  })

  it('a validator that throws is a SchemaError, not an escape', async () => {
    const throwing: StandardSchemaV1 = {
      '~standard': {
        version: 1,
        vendor: 'hand-written',
        validate: () => {
          throw new Error('boom')
        },
      },
    }
    const c = await createCustoms(base({ decision: { schemas: { k: throwing } } }))
    const e = thrown(() => c.decision.commit('k', 1, { source: 'user' }))
    expect(e).toBeInstanceOf(SchemaError)
    expect((e as SchemaError).message).toContain('the schema threw: boom')
  })
})

describe('option types', () => {
  it('take schemas of every library without casts, and refuse what is not a schema', () => {
    const options: CustomsOptions = {
      decision: { schemas: { a: z.string(), b: v.string(), c: type('string'), d: z.object({ n: z.number() }).strict(), e: z3.number() } },
      memory: { types: { e: v.object({ x: v.number() }), f: type({ x: 'number' }), g: z.array(z.string()) } },
    }
    // @ts-expect-error not a schema: a parse function alone is neither Standard Schema nor zod.
    const wrong: CustomsOptions = { decision: { schemas: { a: { parse: (x: unknown) => x } } } }
    expect(Object.keys(options.decision!.schemas!)).toHaveLength(5)
    expect(wrong.decision).toBeDefined()
  })
})

describe('docs/runtime.md "Schemas"', () => {
  it('its example runs against the built package and prints what its comments say', async () => {
    const doc = readFileSync(path.join(repo, 'docs/runtime.md'), 'utf8')
    const section = doc.slice(doc.indexOf('\n### Schemas\n'), doc.indexOf('\n## Writes\n'))
    const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1]
    expect(block, 'the Schemas section has a ts block').toBeDefined()
    const dir = mkdtempSync(path.join(repo, 'packages/runtime/test/docs/.snippet-'))
    const printed: unknown[] = []
    const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args[0]))
    try {
      writeFileSync(path.join(dir, 'schemas.ts'), block!)
      await import(pathToFileURL(path.join(dir, 'schemas.ts')).href)
    } finally {
      spy.mockRestore()
      rmSync(dir, { recursive: true, force: true })
    }
    expect(expectations(block!)).toHaveLength(3)
    expect(JSON.parse(JSON.stringify(printed))).toEqual(expectations(block!))
  })
})

describe('the published types', () => {
  const runtimeDir = path.join(repo, 'packages', 'runtime')

  /** What a strict app writes against the public API, with a hand-written Standard Schema (no schema library). */
  const APP = `import { createCustoms, SchemaError, type CustomsOptions, type Receipt, type StandardSchemaV1 } from 'memory-customs'
import { onProbe } from 'memory-customs/probe'
import { verifyJournal } from 'memory-customs/verify'
import { scan } from 'memory-customs/scan'

const risk: StandardSchemaV1<unknown, 'low' | 'high'> = {
  '~standard': {
    version: 1,
    vendor: 'app',
    validate: (value) => (value === 'low' || value === 'high' ? { value } : { issues: [{ message: 'low or high' }] }),
  },
}
const options = { decision: { schemas: { risk }, writeOnce: ['risk'] }, memory: { types: { note: risk } } } satisfies CustomsOptions
const customs = await createCustoms(options)
const receipt: Receipt = customs.decision.commit('risk', 'high', { source: 'user', reason: 'asked' })
try {
  customs.decision.commit('risk', 'medium', { source: 'plan' })
} catch (e) {
  if (e instanceof SchemaError) console.log(e.issues.length, e.code, receipt.seq)
}
customs.memories.propose('high', { source: 'user', type: 'note' })
const off = onProbe(() => undefined)
off()
console.log(typeof verifyJournal, scan('hello').decision, (await customs.verify()).ok)
await customs.close()
`

  it('type check in a fresh strict project with only typescript installed (no sql.js, no zod types)', () => {
    const dist = path.join(runtimeDir, 'dist')
    const published = readdirSync(dist).filter((f) => f.endsWith('.d.mts') || f.endsWith('.d.cts'))
    expect(published.length, 'run `npm run build` first').toBeGreaterThan(0)
    const work = mkdtempSync(path.join(tmpdir(), 'mc-types-'))
    try {
      const pkg = path.join(work, 'node_modules', 'memory-customs')
      mkdirSync(pkg, { recursive: true })
      cpSync(path.join(runtimeDir, 'package.json'), path.join(pkg, 'package.json'))
      cpSync(dist, path.join(pkg, 'dist'), { recursive: true })
      symlinkSync(path.join(repo, 'node_modules', 'typescript'), path.join(work, 'node_modules', 'typescript'), 'dir')
      writeFileSync(path.join(work, 'package.json'), JSON.stringify({ name: 'strict-app', private: true, type: 'module' }))
      const compilerOptions = {
        strict: true,
        skipLibCheck: false,
        module: 'esnext',
        moduleResolution: 'bundler',
        target: 'es2022',
        lib: ['es2022', 'dom'],
        types: [],
        noEmit: true,
      }
      writeFileSync(path.join(work, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }))
      mkdirSync(path.join(work, 'src'))
      writeFileSync(path.join(work, 'src', 'app.ts'), APP)
      const tsc = path.join(work, 'node_modules', 'typescript', 'bin', 'tsc')
      const run = () => spawnSync(process.execPath, [tsc, '-p', work], { cwd: work, encoding: 'utf8' })
      const clean = run()
      expect(clean.stdout + clean.stderr).toBe('')
      expect(clean.status).toBe(0)
      // Control: the same check sees a type error in the app, so a pass above means the package's types resolved.
      writeFileSync(path.join(work, 'src', 'app.ts'), `${APP}\nexport const wrong: number = customs.chain\n`)
      const failing = run()
      expect(failing.status).not.toBe(0)
      expect(failing.stdout.split('\n').filter((l) => l.includes('error TS'))).toEqual([
        expect.stringMatching(/app\.ts\(\d+,14\): error TS2322: Type 'string' is not assignable to type 'number'/),
      ])
      for (const f of published) expect(readFileSync(path.join(dist, f), 'utf8'), f).not.toMatch(/from "(sql\.js|zod)"/)
    } finally {
      rmSync(work, { recursive: true, force: true })
    }
  })
})
