import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * What the plugin costs before it transforms anything (issue 13 §4): its entry and a disabled instance never load
 * TypeScript, and the parser is compiled from V8's code cache (src/core/code-cache.ts). Each case runs in a fresh
 * Node process (through tsx, from source), because what is loaded and what V8 accepted is per process.
 */

const here = path.dirname(fileURLToPath(import.meta.url))
const src = path.resolve(here, '../../src')
const work = path.resolve(here, '../../.cache/start-up')

function runScript(name: string, body: string): unknown {
  mkdirSync(work, { recursive: true })
  const file = path.join(work, `${name}.mjs`)
  writeFileSync(file, body)
  const out = execFileSync(process.execPath, ['--import', 'tsx', file], { cwd: path.resolve(here, '../..'), encoding: 'utf8' })
  return JSON.parse(out.trim().split('\n').pop() as string)
}

const url = (file: string) => pathToFileURL(path.join(src, file)).href

describe('the entry', () => {
  it('creating the Vite plugin, enabled or not, loads no TypeScript; `enabled: false` registers no transform hook', () => {
    const project = path.join(work, 'project')
    rmSync(project, { recursive: true, force: true })
    mkdirSync(path.join(project, 'src'), { recursive: true })
    writeFileSync(path.join(project, 'src/agent.ts'), 'export const run = (memory: Map<string, number>) => memory.set("k", 1)\n')
    const result = runScript(
      'entry',
      `import { createRequire } from 'node:module'
const { default: memoryCustoms } = await import(${JSON.stringify(url('vite.ts'))})
const off = memoryCustoms({ enabled: false })
const on = memoryCustoms({ root: ${JSON.stringify(project)} })
const loaded = Object.keys(createRequire(import.meta.url).cache).filter((f) => /typescript\\.js$|ts-morph/.test(f))
console.log(JSON.stringify({ loaded, off: off.transform === undefined, on: typeof on.transform?.handler }))
`,
    )
    expect(result).toEqual({ loaded: [], off: true, on: 'function' })
  })
})

describe('a build', () => {
  it('the entry loads no zod; `enabled: false` leaves the bundler nothing to call per module or as the build ends', () => {
    // Every module the entry imports is logged by a resolve hook, synchronously, before the import completes.
    const log = path.join(work, 'resolved.log')
    rmSync(log, { force: true })
    const hook = `import { appendFileSync } from 'node:fs'
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context)
  appendFileSync(${JSON.stringify(log)}, r.url + '\\n')
  return r
}`
    const result = runScript(
      'disabled',
      `import { register } from 'node:module'
import { readFileSync } from 'node:fs'
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)})
const { default: memoryCustoms } = await import(${JSON.stringify(url('vite.ts'))})
const off = memoryCustoms({ enabled: false })
const on = memoryCustoms({})
const resolved = readFileSync(${JSON.stringify(log)}, 'utf8').split('\\n')
const loaded = resolved.filter((u) => /[\\/]zod[\\/]/.test(u))
const hooks = (p) => ['transform', 'generateBundle', 'writeBundle', 'buildEnd'].filter((h) => p[h] !== undefined)
// Filtered: Rolldown tests the id natively and calls JS only for the inspector's own module.
const filtered = (p) => ['resolveId', 'load'].map((h) => [String(p[h].filter.id.test('/src/a.ts')), typeof p[h].handler])
const entry = resolved.some((u) => u.endsWith('/src/adapter/factory.ts'))
console.log(JSON.stringify({ loaded, entry, off: hooks(off), on: hooks(on), filtered: [...filtered(off), ...filtered(on)] }))
`,
    )
    expect(result).toMatchObject({
      loaded: [],
      entry: true,
      off: [],
      on: ['transform', 'generateBundle', 'writeBundle', 'buildEnd'],
      filtered: Array(4).fill(['false', 'function']),
    })
  })

  it('starts loading TypeScript at buildStart when a source file is a candidate, and only then', () => {
    const withWrites = path.join(work, 'with-writes')
    const without = path.join(work, 'without-writes')
    for (const [root, text] of [
      [withWrites, 'export const run = (memory: Map<string, number>) => memory.set("k", 1)\n'],
      [without, 'export const add = (a: number, b: number) => a + b\n'],
    ]) {
      rmSync(root, { recursive: true, force: true })
      mkdirSync(path.join(root, 'src'), { recursive: true })
      writeFileSync(path.join(root, 'src/a.ts'), text)
    }
    // Printed when the event loop is empty: a load that had been started (an import in flight) has finished by then.
    const startBuild = (name: string, root: string) =>
      runScript(
        name,
        `import { createRequire } from 'node:module'
const { default: memoryCustoms } = await import(${JSON.stringify(url('vite.ts'))})
const cache = createRequire(import.meta.url).cache
const p = memoryCustoms({ root: ${JSON.stringify(root)} })
await p.configResolved({ command: 'build', mode: 'production', root: ${JSON.stringify(root)}, base: '/', plugins: [] })
await p.buildStart.call({ meta: {} })
process.once('beforeExit', () => console.log(JSON.stringify(Object.keys(cache).some((f) => /typescript\\.js$/.test(f)))))
`,
      )
    expect({ none: startBuild('build-start-none', without), candidate: startBuild('build-start-candidate', withWrites) }).toEqual({
      none: false,
      candidate: true,
    })
  })
})

/** A stand-in for ts-morph's layout: ts-morph requires @ts-morph/common, which requires the TypeScript it ships. */
function fakeTsMorph(root: string, common = "exports.ts = require('./typescript')\n"): string {
  rmSync(root, { recursive: true, force: true })
  const files: Record<string, string> = {
    'node_modules/ts-morph/package.json': '{"name":"ts-morph","main":"dist/ts-morph.js"}',
    'node_modules/ts-morph/dist/ts-morph.js': "exports.ts = require('@ts-morph/common').ts\nexports.kind = 'morph'\n",
    'node_modules/@ts-morph/common/package.json': '{"name":"@ts-morph/common","main":"dist/ts-morph-common.js"}',
    'node_modules/@ts-morph/common/dist/ts-morph-common.js': common,
    // Enough functions that V8's cached data is more than a header.
    'node_modules/@ts-morph/common/dist/typescript.js': `${Array.from({ length: 200 }, (_, i) => `function f${i}(x) { return x * ${i} + ${i} }`).join('\n')}
exports.version = 'fake'
exports.sum = (n) => { let t = 0; for (let i = 0; i < n; i++) t += f${199}(i); return t }
`,
  }
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  // `from`: a file inside the fixture, so `ts-morph` resolves to the stand-in.
  return path.join(root, 'entry.js')
}

function loadTwice(root: string, from: string, name: string): unknown {
  return runScript(
    name,
    `import { createRequire } from 'node:module'
const { preloadParser, saveParserCache, parserCacheReport } = await import(${JSON.stringify(url('core/code-cache.ts'))})
const ts = preloadParser(${JSON.stringify(from)})
// ts-morph loaded afterwards shares the TypeScript the code cache loaded.
const morph = createRequire(${JSON.stringify(from)})('ts-morph')
const value = { version: ts?.version, sum: ts?.sum(10), kind: morph.kind, same: morph.ts === ts }
const report = parserCacheReport().map((r) => [r.file.split('/').pop(), r.cache])
saveParserCache()
console.log(JSON.stringify({ value, report }))
`,
  )
}

describe('the code cache', () => {
  it('the first process compiles and writes the cache; the next compiles from it; the modules work the same', () => {
    const root = path.join(work, 'cache')
    const from = fakeTsMorph(root)
    const value = { version: 'fake', sum: 10 * 199 * 4.5 + 10 * 199, kind: 'morph', same: true }
    const first = loadTwice(root, from, 'first')
    expect(first).toEqual({
      value,
      report: [['typescript.js', 'none']],
    })
    const dir = path.join(root, 'node_modules/.cache/unplugin-memory-customs')
    const written = readdirSync(dir).map((f) => f.replace(/-[0-9a-f]{16}\./, '-<key>.'))
    expect(written).toEqual(['typescript-<key>.v8cache'])
    const second = loadTwice(root, from, 'second')
    expect(second).toEqual({
      value,
      report: [['typescript.js', 'used']],
    })
  })

  it('corrupt cached data is rejected, the module still loads, and the cache is written again', () => {
    const root = path.join(work, 'corrupt')
    const from = fakeTsMorph(root)
    loadTwice(root, from, 'seed')
    const dir = path.join(root, 'node_modules/.cache/unplugin-memory-customs')
    const tsCache = readdirSync(dir).find((f) => f.startsWith('typescript-')) as string
    const good = readFileSync(path.join(dir, tsCache))
    writeFileSync(path.join(dir, tsCache), Buffer.alloc(good.length, 7))
    const after = loadTwice(root, from, 'corrupt') as { value: unknown; report: string[][] }
    expect(after.value).toEqual({ version: 'fake', sum: 10 * 199 * 4.5 + 10 * 199, kind: 'morph', same: true })
    expect(after.report[0]).toEqual(['typescript.js', 'rejected'])
    expect(readFileSync(path.join(dir, tsCache)).equals(Buffer.alloc(good.length, 7))).toBe(false)
    expect((loadTwice(root, from, 'rewritten') as { report: string[][] }).report[0]).toEqual(['typescript.js', 'used'])
  })

  it('an unwritable cache location changes nothing but the speed', () => {
    const root = path.join(work, 'unwritable')
    const from = fakeTsMorph(root)
    // A file where the cache directory would go: mkdir fails (even as root, unlike a chmod).
    writeFileSync(path.join(root, 'node_modules/.cache'), 'not a directory')
    const result = loadTwice(root, from, 'unwritable') as { value: unknown; report: string[][] }
    expect(result.value).toEqual({ version: 'fake', sum: 10 * 199 * 4.5 + 10 * 199, kind: 'morph', same: true })
    expect(result.report).toEqual([['typescript.js', 'none']])
    expect(existsSync(path.join(root, 'node_modules/.cache'))).toBe(true)
    expect(readFileSync(path.join(root, 'node_modules/.cache'), 'utf8')).toBe('not a directory')
  })

  it('a @ts-morph/common that does not require its TypeScript on its first lines is left to the ordinary require', () => {
    // Only the file's first 2,000 bytes are read: where ts-morph puts the require today (byte 24).
    const root = path.join(work, 'other-layout')
    const from = fakeTsMorph(root, `${'// '.repeat(700)}\nexports.ts = require('./typescript')\n`)
    const result = loadTwice(root, from, 'other-layout')
    expect(result).toEqual({ value: { kind: 'morph', same: false }, report: [] })
  })
})
