/**
 * `memory-customs/probe` for CommonJS consumers. Code instrumented by the plugin imports the probe; a Rollup bundle that
 * keeps it external (docs/getting-started.md's recipe) and is emitted as CommonJS is then loaded by a test runner.
 * Jest in CommonJS mode does not transform `node_modules`, so an ESM-only probe failed every suite with
 * `SyntaxError: Unexpected token 'export'`. Here: a fresh project per run, the runtime installed from its packed
 * tarball (`npm pack`, extracted into `node_modules/memory-customs`, as npm would), the bundle built by the real Rollup
 * with the built plugin, and the installed Jest and vitest run on it in child processes.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..')
const runtimeDir = path.join(repoRoot, 'packages', 'runtime')
const rootModules = path.join(repoRoot, 'node_modules')

/** The instrumented module: its write on line 5 is what every runner must see attributed. */
const AGENT_SOURCE = `// An agent helper: one memory write.
export function remember(store: Map<string, string>, name: string): number {
  const note: string = name.trim()
  // the write below is the site
  store.set('user_name', note)
  return store.size
}
`
const WRITE_LINE = 5

/** A Jest test in CommonJS (`require`), as a project without `"type": "module"` writes it. */
const JEST_TEST = `const { remember } = require('../dist/agent.cjs')
const { onProbe } = require('memory-customs/probe')

test('the bundled write fires its probe with the source site', () => {
  const events = []
  const off = onProbe((e) => events.push(e))
  const store = new Map()
  expect(remember(store, ' Ada ')).toBe(1)
  off()
  expect(store.get('user_name')).toBe('Ada')
  expect(events).toEqual([expect.objectContaining({ file: 'src/agent.ts', line: ${WRITE_LINE}, key: 'user_name' })])
})
`

/** The same check under vitest: an ESM test file importing the CommonJS bundle (which requires the CJS probe). */
const VITEST_TEST = `import { expect, test } from 'vitest'
import { createRequire } from 'node:module'
import { onProbe } from 'memory-customs/probe'

const require = createRequire(import.meta.url)

test('the bundled write fires its probe with the source site', () => {
  const { remember } = require('../dist/agent.cjs')
  const events = []
  const off = onProbe((e) => events.push(e))
  const store = new Map()
  expect(remember(store, ' Ada ')).toBe(1)
  off()
  expect(events).toEqual([expect.objectContaining({ file: 'src/agent.ts', line: ${WRITE_LINE}, key: 'user_name' })])
})
`

let work: string
let tarballDir: string

/** `npm pack` of the built runtime, once: what a user's `npm install memory-customs` unpacks. */
function packRuntime(): string {
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tarballDir], {
    cwd: runtimeDir,
    encoding: 'utf8',
  })
  const [{ filename }] = JSON.parse(out) as Array<{ filename: string }>
  return path.join(tarballDir, path.basename(filename))
}

/** A fresh project with the runtime installed from `tarball`; `exportsOverride` rewrites its `exports` (control case). */
function makeProject(name: string, tarball: string, exportsOverride?: (exports: Record<string, unknown>) => void): string {
  const dir = path.join(work, name)
  mkdirSync(path.join(dir, 'src'), { recursive: true })
  mkdirSync(path.join(dir, 'test'), { recursive: true })
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, private: true }, null, 2))
  writeFileSync(path.join(dir, 'src', 'agent.ts'), AGENT_SOURCE)
  const installed = path.join(dir, 'node_modules', 'memory-customs')
  mkdirSync(installed, { recursive: true })
  execFileSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1'])
  if (exportsOverride) {
    const pkgFile = path.join(installed, 'package.json')
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'))
    exportsOverride(pkg.exports)
    writeFileSync(pkgFile, JSON.stringify(pkg, null, 2))
  }
  return dir
}

/** Rollup (the real one) with the built plugin first and esbuild for TypeScript; CommonJS output, probe external. */
async function bundle(project: string): Promise<string> {
  const { rollup } = await import('rollup')
  const { default: esbuild } = await import('rollup-plugin-esbuild')
  const { default: MemoryCustoms } = await import('unplugin-memory-customs/rollup')
  const build = await rollup({
    input: path.join(project, 'src', 'agent.ts'),
    external: [/^memory-customs/],
    plugins: [MemoryCustoms({ root: project }), esbuild({ target: 'node20' })],
    onwarn: (w) => {
      throw new Error(`unexpected Rollup warning: ${w.message}`)
    },
  })
  await build.write({ file: path.join(project, 'dist', 'agent.cjs'), format: 'cjs', sourcemap: true })
  await build.close()
  return readFileSync(path.join(project, 'dist', 'agent.cjs'), 'utf8')
}

function runJest(project: string) {
  writeFileSync(
    path.join(project, 'jest.config.cjs'),
    // The defaults that matter are spelled out: CommonJS mode, node_modules not transformed.
    `module.exports = { testEnvironment: 'node', transformIgnorePatterns: ['/node_modules/'], testMatch: ['**/test/**/*.test.js'] }\n`,
  )
  writeFileSync(path.join(project, 'test', 'agent.test.js'), JEST_TEST)
  return spawnSync(
    process.execPath,
    [path.join(rootModules, 'jest', 'bin', 'jest.js'), '--ci', '--no-watchman', '--cacheDirectory', path.join(project, '.jest-cache')],
    { cwd: project, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' }, timeout: 120_000 },
  )
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'memory-customs-cjs-'))
  tarballDir = path.join(work, 'tarball')
  mkdirSync(tarballDir)
  if (!existsSync(path.join(runtimeDir, 'dist', 'probe.cjs'))) throw new Error('build the runtime first (npm run build)')
})

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('memory-customs/probe for require', () => {
  let tarball: string
  beforeAll(() => {
    tarball = packRuntime()
  })

  it('the tarball ships a small, dependency-free CommonJS probe behind the require condition', () => {
    const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n')
    expect(listing).toContain('package/dist/probe.cjs')
    expect(listing).toContain('package/dist/probe.d.cts')
    const project = makeProject('shape', tarball)
    const installed = path.join(project, 'node_modules', 'memory-customs')
    const probe = readFileSync(path.join(installed, 'dist', 'probe.cjs'), 'utf8')
    expect(probe).not.toMatch(/\brequire\(/)
    expect(probe.length).toBeLessThan(16_000)
    const pkg = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8'))
    expect(pkg.exports['./probe'].require).toEqual({ types: './dist/probe.d.cts', default: './dist/probe.cjs' })
    // Node's own resolution from the project picks the CommonJS file for require and the ESM one for import.
    const resolved = execFileSync(
      process.execPath,
      [
        '-e',
        `console.log(require.resolve('memory-customs/probe')); import('memory-customs/probe').then(m => console.log(typeof m.onProbe))`,
      ],
      { cwd: project, encoding: 'utf8' },
    )
    expect(resolved.trim().split('\n')).toEqual([path.join(installed, 'dist', 'probe.cjs'), 'function'])
  })

  it('Jest (CommonJS mode, node_modules untransformed) runs a Rollup bundle that keeps the probe external', async () => {
    const project = makeProject('jest', tarball)
    const code = await bundle(project)
    expect(code).toMatch(/require\('memory-customs\/probe'\)/)
    expect(code).toContain('__mc$p(')
    const manifest = JSON.parse(readFileSync(path.join(project, 'dist', 'memory-customs.sites.json'), 'utf8'))
    expect(manifest.files[0].sites[0]).toMatchObject({ file: 'src/agent.ts', line: WRITE_LINE })
    const r = runJest(project)
    expect(r.status, r.stderr + r.stdout).toBe(0)
    expect(r.stderr).toMatch(/Tests:\s+1 passed, 1 total/)
  })

  it('control: the same project with an ESM-only probe export fails under Jest as the issue reported', async () => {
    const project = makeProject('jest-esm-only', tarball, (exports) => {
      delete (exports['./probe'] as { require?: unknown }).require
    })
    await bundle(project)
    const r = runJest(project)
    expect(r.status).not.toBe(0)
    // Jest 29 says `SyntaxError: Unexpected token 'export'`; Jest 30 on Node < 24.9 says this.
    expect(r.stderr).toMatch(/Unexpected token 'export'|contains ESM syntax \(import\/export\) that could not be executed as CommonJS/)
  })

  it('vitest runs the same bundle; the CommonJS and ESM copies of the probe share one registry', async () => {
    const project = makeProject('vitest', tarball)
    await bundle(project)
    // vitest itself comes from the repository's install, linked as a user's devDependency would be.
    symlinkSync(path.join(rootModules, 'vitest'), path.join(project, 'node_modules', 'vitest'), 'dir')
    writeFileSync(path.join(project, 'test', 'agent.test.mjs'), VITEST_TEST)
    writeFileSync(path.join(project, 'vitest.config.mjs'), `export default { test: { include: ['test/**/*.test.mjs'] } }\n`)
    const r = spawnSync(process.execPath, [path.join(rootModules, 'vitest', 'vitest.mjs'), 'run', '--root', project], {
      cwd: project,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', VITEST: undefined, VITEST_WORKER_ID: undefined, VITEST_POOL_ID: undefined },
      timeout: 120_000,
    })
    expect(r.status, r.stderr + r.stdout).toBe(0)
    expect(r.stdout).toMatch(/Tests\s+1 passed \(1\)/)
  })
})
