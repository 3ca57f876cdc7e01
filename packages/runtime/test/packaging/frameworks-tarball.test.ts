/**
 * The framework adapters as a new user meets them: a fresh project with `memory-customs` extracted from its packed
 * tarball (and the frameworks the repository installs: ai, @langchain/langgraph, @openai/agents-core), where the
 * examples of docs/adapters/*.md and README.md's "Core runtime calls" are type-checked by the project's TypeScript in
 * strict mode against the published types, then compiled as a user's build would (esbuild, types stripped) and run
 * by node: each must exit 0 and print what its `// =>` comments say. The check uses skipLibCheck, as app templates
 * do: without it TypeScript also checks the frameworks' own declarations (four times the time, ~50 s on a loaded
 * machine); the runtime's declarations alone are checked without it by schemas.test.ts.
 * The docs tests (test/docs) run the same blocks against the workspace build; this one proves the tarball carries
 * every file, export and type they need.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { transformSync } from 'esbuild'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { docBlocks } from '../docs/blocks.js'
import { expectations } from '../docs/snippets.js'
import { freshProject, packTarballs, repo, type FreshProject } from './fresh-project.js'

const ADAPTER_DOCS = ['docs/adapters/ai-sdk.md', 'docs/adapters/langgraph.md', 'docs/adapters/openai-agents.md']

/** What `console.log` prints in a run, one JSON line per call (its first argument), to the file MC_PRINTED names. */
const CAPTURE = `import { appendFileSync } from 'node:fs'
console.log = (value) => appendFileSync(process.env.MC_PRINTED, JSON.stringify(value === undefined ? null : value) + '\\n')
`

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
])

let scratch: string
let project: FreshProject

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'mc-frameworks-pack-'))
  const { 'memory-customs': runtime } = packTarballs(scratch)
  project = freshProject(
    'frameworks',
    { 'memory-customs': runtime },
    {
      'package.json': JSON.stringify({ name: 'agent-app', private: true, type: 'module' }),
      'capture.mjs': CAPTURE,
      ...SOURCES,
    },
  )
}, 120_000)

afterAll(() => {
  for (const dir of [scratch, project?.dir]) if (dir) rmSync(dir, { recursive: true, force: true })
})

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

describe('a fresh project with the packed runtime and the agent frameworks', () => {
  it('resolves memory-customs to the extracted tarball, not the workspace', () => {
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

  it("README.md's core runtime calls run twice in a row", () => {
    const file = compile('src/readme-core.ts')
    for (const round of [1, 2]) expect(run(file), `run ${round}`).toEqual([])
  }, 120_000)
})
