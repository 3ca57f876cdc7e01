/**
 * Both packages as a new user meets them: a fresh project where npm installs `memory-customs` and
 * `unplugin-memory-customs` from their packed tarballs together with Vite, zod and the agent frameworks (ai,
 * @langchain/langgraph, @openai/agents-core), by a real `npm ci --offline` from the cache the repository's own install
 * filled (offline-install.ts). The README's vite.config.ts builds an agent whose receipt names its source line; the
 * examples of docs/adapters/*.md and README.md's "Core runtime calls" are type-checked by the project's TypeScript in
 * strict mode against the published types, then compiled as a user's build would (esbuild, types stripped) and run
 * by node: each must exit 0 and print what its `// =>` comments say. The check uses skipLibCheck, as app templates
 * do: without it TypeScript also checks the frameworks' own declarations (four times the time, ~50 s on a loaded
 * machine); the runtime's declarations alone are checked without it by schemas.test.ts.
 * The docs tests (test/docs) run the same blocks against the workspace build; this one proves the tarball carries
 * every file, export and type they need.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { transformSync } from 'esbuild'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { docBlocks } from '../docs/blocks.js'
import { expectations } from '../docs/snippets.js'
import { packTarballs, repo } from './fresh-project.js'
import { installOffline } from './offline-install.js'

const ADAPTER_DOCS = ['docs/adapters/ai-sdk.md', 'docs/adapters/langgraph.md', 'docs/adapters/openai-agents.md']

/** What `console.log` prints in a run, one JSON line per call (its first argument), to the file MC_PRINTED names. */
const CAPTURE = `import { appendFileSync } from 'node:fs'
console.log = (value) => appendFileSync(process.env.MC_PRINTED, JSON.stringify(value === undefined ? null : value) + '\\n')
`

/** What the examples import, at the versions the repository tests with. */
const DEPENDENCIES = ['vite', 'zod', 'ai', '@langchain/langgraph', '@langchain/core', '@openai/agents-core', '@types/node']

/** An agent built by Vite with the README's config: its commit (line 6) must come back as the receipt's site. */
const AGENT = `import { createCustoms } from 'memory-customs'
import { z } from 'zod'

export async function main() {
  const customs = await createCustoms({ decision: { schemas: { risk: z.enum(['low', 'high']) } } })
  customs.decision.commit('risk', 'low', { source: 'user' })
  const [receipt] = customs.history('risk')
  console.log({ value: customs.decision.get('risk'), site: receipt.site })
}
await main()
`
const README_VITE = readFileSync(join(repo, 'README.md'), 'utf8').match(/```ts\n(import \{ defineConfig \} from 'vite'[\s\S]*?)```/)?.[1]

/** README.md's "Core runtime calls" block, verbatim. */
function coreBlock(): string {
  const readme = readFileSync(join(repo, 'README.md'), 'utf8')
  const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## Core runtime calls')))?.[1]
  if (!block) throw new Error('README.md has no ts block under "Core runtime calls"')
  return block
}

/** Every block under test, as a file of the project: name -> source. */
const SOURCES: Record<string, string> = Object.fromEntries([
  ...ADAPTER_DOCS.flatMap((doc) =>
    docBlocks(doc)
      .filter((b) => b.lang === 'ts')
      .map((b) => [`src/${doc.slice('docs/adapters/'.length, -'.md'.length)}-${b.index}.ts`, b.body]),
  ),
  ['src/readme-core.ts', coreBlock()],
  ['src/agent.ts', AGENT],
])

const dir = mkdtempSync(join(tmpdir(), 'mc-frameworks-'))
const project = {
  dir,
  run: (command: string, args: string[], env?: NodeJS.ProcessEnv) =>
    spawnSync(command, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 << 20 }),
}

beforeAll(() => {
  const packed = packTarballs(dir)
  installOffline(dir, [packed['memory-customs'], packed['unplugin-memory-customs']], DEPENDENCIES, 'agent-app')
  if (!README_VITE) throw new Error("README.md has no vite.config.ts block importing from 'vite'")
  writeFileSync(join(dir, 'vite.config.ts'), README_VITE)
  writeFileSync(join(dir, 'capture.mjs'), CAPTURE)
  for (const [file, source] of Object.entries(SOURCES)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    writeFileSync(join(dir, file), source)
  }
}, 180_000)

afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Compiles `file` of the project to JavaScript beside it (types stripped, as tsx or a bundler would). */
function compile(file: string): string {
  const out = file.replace(/\.ts$/, '.mjs')
  const { code } = transformSync(readFileSync(join(project.dir, file), 'utf8'), { loader: 'ts', format: 'esm', target: 'node20' })
  writeFileSync(join(project.dir, out), code)
  return out
}

/** Runs a compiled block with node in the project; returns what it printed, failing with its stderr. */
function run(file: string): unknown[] {
  const printed = join(project.dir, `${file}.printed`)
  rmSync(printed, { force: true })
  const r = project.run(process.execPath, ['--import', './capture.mjs', file], { MC_PRINTED: printed })
  expect(r.status, `node ${file} failed:\n${r.stderr}${r.stdout}`).toBe(0)
  let lines: string[] = []
  try {
    lines = readFileSync(printed, 'utf8').trimEnd().split('\n')
  } catch {
    // Nothing printed.
  }
  return lines.filter(Boolean).map((l) => JSON.parse(l) as unknown)
}

describe('a fresh project where npm installed the packed packages, Vite and the agent frameworks', () => {
  it('has both packages installed by npm from their tarballs, not linked to the workspace', () => {
    const installed = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')).packages
    expect(installed['node_modules/memory-customs'].resolved).toMatch(/^file:memory-customs-.*\.tgz$/)
    expect(installed['node_modules/unplugin-memory-customs'].resolved).toMatch(/^file:unplugin-memory-customs-.*\.tgz$/)
    const script = "console.log(new URL(import.meta.resolve('memory-customs/langgraph')).pathname)"
    const resolved = project.run(process.execPath, ['--input-type=module', '-e', script])
    expect(resolved.stdout.trim().startsWith(join(project.dir, 'node_modules/memory-customs/dist/')), resolved.stdout).toBe(true)
  })

  it('type-checks every example strictly against the published types', () => {
    const files = Object.keys(SOURCES).map((f) => join(project.dir, f))
    const program = ts.createProgram(files, {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      moduleDetection: ts.ModuleDetectionKind.Force,
      types: ['node'],
      typeRoots: [join(project.dir, 'node_modules/@types')],
    })
    const errors = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : ''
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`
    })
    expect(errors).toEqual([])
  })

  for (const doc of ADAPTER_DOCS) {
    it(`${doc}: each example runs and prints what its comments say`, () => {
      const prefix = `src/${doc.slice('docs/adapters/'.length, -'.md'.length)}-`
      const blocks = Object.keys(SOURCES).filter((f) => f.startsWith(prefix))
      expect(blocks.length, `${doc} has no ts block`).toBeGreaterThan(0)
      for (const file of blocks) {
        const expected = expectations(SOURCES[file])
        expect(expected.length, `${file}: a block without // => comments checks nothing`).toBeGreaterThan(0)
        expect(run(compile(file)), file).toEqual(expected)
      }
    }, 120_000)
  }

  it("README.md's vite.config.ts builds the agent, whose receipt names the line that wrote", () => {
    const built = project.run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--ssr', 'src/agent.ts', '--outDir', 'dist'], {
      NO_COLOR: '1',
    })
    expect(built.status, `vite build failed:\n${built.stderr}${built.stdout}`).toBe(0)
    expect(`${built.stderr}${built.stdout}`, 'the plugin warned').not.toContain('[memory-customs]')
    expect(run('dist/agent.js')).toEqual([{ value: 'low', site: { file: 'src/agent.ts', line: 6, column: 3, fn: 'main' } }])
  }, 120_000)

  it("README.md's core runtime calls run twice in a row", () => {
    const file = compile('src/readme-core.ts')
    for (const round of [1, 2]) expect(run(file), `run ${round}`).toEqual([])
  }, 120_000)
})
