/**
 * The published entries beyond the five bundlers of bundlers.test.ts, in fresh projects where both packages are
 * extracted from their packed tarballs (run `npm run build` first, as `npm test` does), loaded through their `exports`: `/rolldown` in a real Rolldown build (the one Vite 8
 * ships), `/farm` in a real Farm 1 build, `require(...).default` from a
 * CommonJS webpack config, and the manifest written under vitest (Vite's dev server) when the run ends.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installPackages, packTarballs } from '../../runtime/test/packaging/fresh-project.js'

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..')
const rootModules = path.join(repoRoot, 'node_modules')
const MANIFEST = 'memory-customs.sites.json'

/** Types and an interface above the write: a transform that saw compiled JavaScript would record another line. */
const AGENT_SOURCE = `/** The agent's memory helper. */
export type Profile = { name: string; risk: 'low' | 'high' }

interface Store {
  set(key: string, value: unknown): unknown
}

export function rememberProfile(store: Store, profile: Profile): void {
  const copy: Profile = { ...profile }
  store.set('profile', copy)
}
`
const WRITE_LINE = 10

let work: string
let tarballs: Record<string, string>

/** A fresh project with both packages installed from their tarballs (the rest links the repository's node_modules). */
function makeProject(name: string): string {
  const dir = path.join(work, name)
  mkdirSync(path.join(dir, 'src'), { recursive: true })
  writeFileSync(path.join(dir, 'src', 'agent.ts'), AGENT_SOURCE)
  installPackages(dir, tarballs)
  return dir
}

/** Runs `script` (ESM) with Node in `dir` and returns its stdout; fails with its stderr. */
function node(dir: string, file: string, script: string): string {
  writeFileSync(path.join(dir, file), script)
  const r = spawnSync(process.execPath, [file], { cwd: dir, encoding: 'utf8', timeout: 120_000 })
  if (r.status !== 0) throw new Error(`node ${file} exited ${r.status}:\n${r.stderr}${r.stdout}`)
  return r.stdout
}

const siteLines = (manifestFile: string) =>
  (JSON.parse(readFileSync(manifestFile, 'utf8')) as { files: Array<{ sites: Array<{ file: string; line: number }> }> }).files.flatMap(
    (f) => f.sites.map((s) => `${s.file}:${s.line}`),
  )

/** Runs the built bundle's `rememberProfile` in the project: the value is stored and the probe fires at the write's line. */
function expectBundleRuns(project: string, bundle: string): void {
  const out = node(
    project,
    'run.mjs',
    `import { onProbe } from 'memory-customs/probe'
import { rememberProfile } from './${bundle}'
const events = []
onProbe((e) => events.push(e))
const store = new Map()
rememberProfile(store, { name: 'Ada', risk: 'low' })
console.log(JSON.stringify({ events, stored: store.get('profile') }))
`,
  )
  const { events, stored } = JSON.parse(out)
  expect(stored).toEqual({ name: 'Ada', risk: 'low' })
  expect(events).toEqual([expect.objectContaining({ file: 'src/main.ts', line: WRITE_LINE, key: 'profile', fn: 'rememberProfile' })])
}

beforeAll(() => {
  if (!existsSync(path.join(repoRoot, 'packages', 'unplugin', 'dist', 'rolldown.mjs'))) throw new Error('run npm run build first')
  work = mkdtempSync(path.join(tmpdir(), 'memory-customs-entries-'))
  tarballs = packTarballs(work)
}, 120_000)

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('unplugin-memory-customs/rolldown', () => {
  it("docs/getting-started.md's rolldown.config.mjs, built verbatim by the Rolldown CLI (Vite 8's): original lines, manifest, a bundle that runs", () => {
    const project = makeProject('rolldown')
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'rolldown-project', private: true, type: 'module' }))
    writeFileSync(path.join(project, 'src', 'main.ts'), AGENT_SOURCE)
    const doc = readFileSync(path.join(repoRoot, 'docs', 'getting-started.md'), 'utf8')
    const config = /```js\n(\/\/ rolldown\.config\.mjs\n[\s\S]*?)```/.exec(doc)?.[1]
    expect(config, 'the rolldown.config.mjs block of docs/getting-started.md').toBeDefined()
    writeFileSync(path.join(project, 'rolldown.config.mjs'), config!)
    const viteRequire = createRequire(path.join(rootModules, 'vite', 'package.json'))
    const rolldownPkg = viteRequire.resolve('rolldown/package.json')
    expect(JSON.parse(readFileSync(rolldownPkg, 'utf8')).version).toMatch(/^1\./)
    const built = spawnSync(process.execPath, [path.join(path.dirname(rolldownPkg), 'bin', 'cli.mjs'), '-c', 'rolldown.config.mjs'], {
      cwd: project,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      timeout: 120_000,
    })
    expect(built.status, built.stderr + built.stdout).toBe(0)
    expect(readFileSync(path.join(project, 'dist', 'main.js'), 'utf8')).toContain('__mc$p(')
    const manifest = JSON.parse(readFileSync(path.join(project, 'dist', MANIFEST), 'utf8'))
    expect(manifest.framework).toBe('rolldown')
    expect(siteLines(path.join(project, 'dist', MANIFEST))).toEqual([`src/main.ts:${WRITE_LINE}`])
    expectBundleRuns(project, 'dist/main.js')
  })
})

describe('unplugin-memory-customs/farm', () => {
  it('a real Farm 1 build (its JS API): original lines, manifest, a bundle that runs', () => {
    const project = makeProject('farm')
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'farm-project', private: true, type: 'module' }))
    writeFileSync(path.join(project, 'src', 'main.ts'), AGENT_SOURCE)
    // Built in its own process (Farm's native compiler), as a user's `farm build` would run it.
    node(
      project,
      'build.mjs',
      `import { build } from '@farmfe/core'
import MemoryCustoms from 'unplugin-memory-customs/farm'
await build({
  root: process.cwd(),
  compilation: {
    input: { main: './src/main.ts' },
    output: { path: 'dist', targetEnv: 'node', format: 'esm', entryFilename: '[entryName].mjs' },
    external: ['^memory-customs'],
    persistentCache: false,
    minify: false,
    presetEnv: false,
  },
  plugins: [MemoryCustoms()],
})
`,
    )
    const bundle = readFileSync(path.join(project, 'dist', 'main.mjs'), 'utf8')
    expect(bundle).toContain('__mc$p(')
    const manifest = JSON.parse(readFileSync(path.join(project, 'dist', MANIFEST), 'utf8'))
    expect(manifest.framework).toBe('farm')
    expect(siteLines(path.join(project, 'dist', MANIFEST))).toEqual([`src/main.ts:${WRITE_LINE}`])
    expectBundleRuns(project, 'dist/main.mjs')
  })
})

describe('CommonJS configs', () => {
  it("require('unplugin-memory-customs/webpack').default in a CommonJS webpack.config.js builds (Node >= 20.19 require(esm))", () => {
    const project = makeProject('webpack-cjs')
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'webpack-cjs', private: true }))
    writeFileSync(
      path.join(project, 'webpack.config.js'),
      `const MemoryCustoms = require('unplugin-memory-customs/webpack').default

module.exports = {
  mode: 'production',
  target: 'node',
  entry: './src/agent.ts',
  output: { path: __dirname + '/dist', filename: 'agent.cjs', library: { type: 'commonjs2' } },
  resolve: { extensions: ['.ts', '.js'] },
  externals: { 'memory-customs/probe': 'commonjs memory-customs/probe' },
  module: { rules: [{ test: /\\.ts$/, loader: 'esbuild-loader', options: { target: 'es2022' } }] },
  plugins: [MemoryCustoms({ inlineSourceMap: true })],
}
`,
    )
    // webpack's Node API from a CommonJS script, loading the CommonJS config as webpack-cli would.
    writeFileSync(
      path.join(project, 'build.cjs'),
      `const webpack = require('webpack')
webpack(require('./webpack.config.js'), (err, stats) => {
  if (err || stats.hasErrors()) { console.error(err || stats.toString('errors-only')); process.exit(1) }
  const { rememberProfile } = require('./dist/agent.cjs')
  const { onProbe } = require('memory-customs/probe')
  const events = []
  onProbe((e) => events.push(e))
  rememberProfile(new Map(), { name: 'Ada', risk: 'high' })
  console.log(JSON.stringify(events))
})
`,
    )
    const r = spawnSync(process.execPath, ['build.cjs'], { cwd: project, encoding: 'utf8', timeout: 120_000 })
    expect(r.status, r.stderr + r.stdout).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual([expect.objectContaining({ file: 'src/agent.ts', line: WRITE_LINE })])
    expect(siteLines(path.join(project, 'dist', MANIFEST))).toEqual([`src/agent.ts:${WRITE_LINE}`])
  })
})

describe('vitest (the Vite dev server)', () => {
  it("instruments the modules a test imports and writes the manifest into the config's build.outDir when the run ends", () => {
    const project = makeProject('vitest')
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'vitest-project', private: true, type: 'module' }))
    writeFileSync(
      path.join(project, 'vitest.config.mjs'),
      `import MemoryCustoms from 'unplugin-memory-customs/vite'

export default {
  plugins: [MemoryCustoms({ include: ['src/**/*.ts'] })],
  build: { outDir: 'build-out' },
  test: { include: ['test/**/*.test.ts'] },
}
`,
    )
    mkdirSync(path.join(project, 'test'))
    writeFileSync(
      path.join(project, 'test', 'agent.test.ts'),
      `import { expect, test } from 'vitest'
import { onProbe } from 'memory-customs/probe'
import { rememberProfile } from '../src/agent'

test('the write fires its probe with its source line', () => {
  const events: Array<{ file: string; line: number }> = []
  const off = onProbe((e) => events.push(e))
  rememberProfile(new Map(), { name: 'Ada', risk: 'low' })
  off()
  expect(events.map((e) => e.file + ':' + e.line)).toEqual(['src/agent.ts:${WRITE_LINE}'])
})
`,
    )
    const r = spawnSync(process.execPath, [path.join(rootModules, 'vitest', 'vitest.mjs'), 'run', '--root', project], {
      cwd: project,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', VITEST: undefined, VITEST_WORKER_ID: undefined, VITEST_POOL_ID: undefined },
      timeout: 120_000,
    })
    expect(r.status, r.stderr + r.stdout).toBe(0)
    expect(r.stdout).toMatch(/Tests\s+1 passed \(1\)/)
    // vitest replaces build.outDir with a placeholder of its own; the manifest still goes where the config says.
    const manifestFile = path.join(project, 'build-out', MANIFEST)
    expect(JSON.parse(readFileSync(manifestFile, 'utf8'))).toMatchObject({ framework: 'vite', mode: 'test' })
    expect(siteLines(manifestFile)).toEqual([`src/agent.ts:${WRITE_LINE}`])
  })
})
