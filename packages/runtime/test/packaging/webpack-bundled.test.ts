/**
 * The README's webpack config, verbatim, in fresh projects built from the packed tarballs, with the runtime bundled
 * (not external): a CommonJS package (config as webpack.config.mjs) and a "type": "module" package (config as
 * webpack.config.js), each with top-level `await createCustoms(...)`, built by webpack and run by node. Before,
 * sql.js's loader crashed under webpack (`Cannot set properties of undefined (setting 'exports')`), the module
 * project failed with `require is not defined`, and top-level await needed a target only getting-started named.
 */
import { spawnSync } from 'node:child_process'
import { closeSync, cpSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blockAfter, freshProject, packTarballs, repo, type FreshProject } from './fresh-project.js'

const readme = readFileSync(join(repo, 'README.md'), 'utf8')
const gettingStarted = readFileSync(join(repo, 'docs/getting-started.md'), 'utf8')
const readmeConfig = blockAfter(readme, '`webpack.config.js` in a')

// The memory write sits on line 8 so the receipt proves the plugin ran on this very file.
const MAIN = `import { createCustoms } from 'memory-customs'
import { z } from 'zod'

const customs = await createCustoms({
  storage: { file: '.memory-customs' },
  decision: { schemas: { riskProfile: z.enum(['conservative', 'aggressive']) } },
})
customs.decision.commit('riskProfile', 'conservative', { source: 'user' })
const [receipt] = customs.history('riskProfile')
const { ok } = await customs.verify()
console.log(JSON.stringify({ value: customs.decision.get('riskProfile'), site: receipt.site, ok }))
await customs.close()
`
const EXPECTED = {
  value: 'conservative',
  site: { file: 'src/main.ts', line: 8, column: 1, fn: null },
  ok: true,
}

const webpackCli = join(repo, 'node_modules/webpack-cli/bin/cli.js')
const scratch = mkdtempSync(join(tmpdir(), 'mc-webpack-tarballs-'))
let tarballs: Record<string, string>
const projects: FreshProject[] = []

beforeAll(() => {
  tarballs = packTarballs(scratch)
}, 120_000)

afterAll(() => {
  for (const p of projects) rmSync(p.dir, { recursive: true, force: true })
  rmSync(scratch, { recursive: true, force: true })
})

/** Builds the project with webpack and returns the emitted files; fails the test with webpack's output. */
function build(project: FreshProject, config: string): string[] {
  const r = project.run(process.execPath, [webpackCli, '--config', config])
  expect(r.status, `webpack failed:\n${r.stdout}\n${r.stderr}`).toBe(0)
  return readdirSync(join(project.dir, 'dist'))
}

function runBundle(cwd: string, file: string) {
  const r = freshRun(cwd, file)
  expect(r.status, `node ${file} failed:\n${r.stdout}\n${r.stderr}`).toBe(0)
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as unknown
}

/**
 * `node file` in `cwd` (where the file store goes), with a key directory of its own: the store is new each run.
 * stderr goes to a file, not a pipe: on an uncaught error Node prints the minified bundle's source line (hundreds of
 * kB) and exits before a pipe has taken it all, losing the error itself.
 */
function freshRun(cwd: string, file: string): { status: number | null; stdout: string; stderr: string } {
  const keyDir = mkdtempSync(join(tmpdir(), 'mc-webpack-keys-'))
  const stderrFile = join(keyDir, 'stderr.txt')
  const stderr = openSync(stderrFile, 'w')
  try {
    const r = spawnSync(process.execPath, [file], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, MEMORY_CUSTOMS_KEY_DIR: keyDir },
      stdio: ['ignore', 'pipe', stderr],
    })
    return { status: r.status, stdout: r.stdout, stderr: readFileSync(stderrFile, 'utf8') }
  } finally {
    closeSync(stderr)
    rmSync(keyDir, { recursive: true, force: true })
  }
}

describe("the README's webpack config with the runtime bundled", () => {
  it('is the config docs/getting-started.md shows too', () => {
    const code = (block: string) => block.replace(/^\s*\/\/.*\n/gm, '')
    expect(code(blockAfter(gettingStarted, '## webpack'))).toBe(code(readmeConfig))
  })

  for (const kind of ['commonjs', 'module'] as const) {
    it(`builds and runs in a "type": "${kind}" package, top-level await included`, () => {
      const config = kind === 'module' ? 'webpack.config.js' : 'webpack.config.mjs'
      const project = freshProject(`webpack-${kind}`, tarballs, {
        'package.json': JSON.stringify({ name: `app-${kind}`, private: true, type: kind }),
        [config]: readmeConfig,
        'src/main.ts': MAIN,
      })
      projects.push(project)
      const emitted = build(project, config)
      // sql.js's wasm is an asset of the build, and the runtime's code is in the bundle, not required from node_modules.
      expect(emitted.filter((f) => f.endsWith('.wasm'))).toHaveLength(1)
      const bundle = readFileSync(join(project.dir, 'dist/main.mjs'), 'utf8')
      expect(bundle).not.toMatch(/from\s*["']memory-customs["']|require\(["']memory-customs["']\)/)

      expect(runBundle(project.dir, 'dist/main.mjs')).toEqual(EXPECTED)

      // The output runs on its own: copied where no node_modules is reachable, it still loads its wasm.
      const shipped = mkdtempSync(join(tmpdir(), `mc-webpack-${kind}-shipped-`))
      try {
        cpSync(join(project.dir, 'dist'), shipped, { recursive: true })
        expect(runBundle(shipped, 'main.mjs')).toEqual(EXPECTED)

        // A wrong file where the wasm should be (a server's HTML error page) is a typed error saying what to pass.
        const wasm = readdirSync(shipped).find((f) => f.endsWith('.wasm'))!
        rmSync(join(shipped, '.memory-customs'), { recursive: true })
        writeFileSync(join(shipped, wasm), '<!DOCTYPE html><html><body>404 Not Found</body></html>')
        const broken = freshRun(shipped, 'main.mjs')
        expect(broken.status).not.toBe(0)
        // Node prints the (one-line, minified) source line first, then `<class> [<name>]: <message>` (the minifier
        // renamed the class; `name` stays WasmLoadError).
        const error = /^(?:[\w$]+ \[WasmLoadError\]|WasmLoadError): (memory-customs: .*)$/m.exec(broken.stderr)?.[1]
        expect(error, `no WasmLoadError in:\n${broken.stderr.slice(-1500)}`).toBeDefined()
        expect(error).toMatch(/^memory-customs: storage failure: sql\.js's WebAssembly from \//)
        expect(error).toContain(`${wasm} is an HTML page, not WebAssembly`)
        expect(error).toContain('pass sqlJs: { locateFile: () => url }')
        expect(error).toContain('or its bytes as sqlJs: { wasmBinary }')
        expect(error).not.toContain('magic word')
      } finally {
        rmSync(shipped, { recursive: true, force: true })
      }
    }, 300_000)
  }
})
