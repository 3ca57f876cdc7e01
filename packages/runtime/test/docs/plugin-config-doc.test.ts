/**
 * The plugin configs of the docs are built for real: every `MemoryCustoms({...})` call of docs/options.md and of
 * README.md (key filters), the README's and docs/getting-started.md's vite.config.ts, and getting-started's Rspack,
 * Rollup and esbuild configs, each in a fresh project where both packages are extracted from their packed tarballs
 * (what `npm publish` ships, nothing from the workspace), by the bundler's own CLI. Each build must pass without a plugin warning, and the option must do what the page says,
 * read from the site manifest (or the bundle) of a project written to exercise it.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installPackages, packTarballs } from '../packaging/fresh-project.js'
import { docBlocks, type DocBlock } from './blocks.js'

const work = mkdtempSync(join(tmpdir(), 'mc-doc-configs-'))
let tarballs: Record<string, string>
beforeAll(() => {
  tarballs = packTarballs(work)
}, 120_000)
afterAll(() => rmSync(work, { recursive: true, force: true }))

const OPTIONS = docBlocks('docs/options.md').filter((b) => b.lang === 'ts')
const README = docBlocks('README.md')
const STARTED = docBlocks('docs/getting-started.md')
/** docs/options.md's `@memoryWrite` example is the project's memory helper, verbatim. */
const TAGGED = OPTIONS.find((b) => b.body.startsWith('class AgentMemory'))!

/** A project exercising every option the pages show: each write below is there for one of them. */
const SOURCES: Record<string, string> = {
  'src/memory.ts': `${TAGGED.body}\nexport { AgentMemory }\n`,
  'src/agents/bot.tsx': `export function bot(store: Map<string, unknown>) {\n  store.set('bot', 1)\n}\n`,
  'src/legacy/old.ts': `export function old(store: Map<string, unknown>) {\n  store.set('old', 1)\n}\n`,
  'src/main.ts': `import { onProbe } from 'memory-customs/probe'
import { AgentMemory } from './memory'
import { bot } from './agents/bot.tsx'
import { old } from './legacy/old'

class MemoryClient {
  add(note: string) {
    return note
  }
}

export class Agent {
  stateCache = new Map<string, unknown>()
  client: MemoryClient = new MemoryClient()
  constructor(private memory: AgentMemory, private store: Map<string, unknown>, private ctx: any) {}

  run() {
    this.memory.rememberUserIntent('goal', 'retire')
    this.store.set('user_1', 1)
    this.store.set('profile.name', 'Ada')
    this.store.set('debug_x', 2)
    this.store.set('scratch_y', 3)
    this.ctx.mem0.add('fact')
    this.ctx.memoryClient.search('query')
    this.ctx.storage.put('k', 'v')
    this.ctx.vectorStore.addDocuments([])
    this.stateCache.set('k', 1)
    this.ctx.uiState.setState({})
    this.client.add('note')
    bot(this.store)
    old(this.store)
  }
}

// Run when asked, so that no bundler drops the agent as unused code.
const noop = () => undefined
const anything: any = new Proxy({}, { get: () => new Proxy({}, { get: () => noop }) })
if (globalThis.process?.env.RUN_AGENT) {
  const fired: string[] = []
  onProbe((e) => fired.push(\`\${e.file}:\${e.line}\`))
  new Agent(Object.assign(new AgentMemory(), { customs: { decision: { commit: noop } } }), new Map(), anything).run()
  console.log(JSON.stringify(fired))
}
`,
  'tsconfig.json': JSON.stringify({
    compilerOptions: { target: 'es2022', module: 'esnext', moduleResolution: 'bundler', strict: false, jsx: 'preserve' },
    include: ['src'],
  }),
  'package.json': JSON.stringify({ name: 'doc-config-app', private: true, type: 'module' }),
}

interface Site {
  file: string
  line: number
  callee: string
  rule: string
  key: string | null
}
interface Build {
  /** The project built. */
  dir: string
  output: string
  manifest: { framework: string; mode: string; files: Array<{ sites: Site[] }> } | null
  bundle: string
  /** Absolute path of the entry bundle. */
  entry: string
  sites: Site[]
  callees: string[]
}

let count = 0
/** A fresh project with the sources above plus `files`, the two packages installed from their tarballs. */
function project(files: Record<string, string>): string {
  const dir = join(work, `p${count++}`)
  for (const [path, content] of Object.entries({ ...SOURCES, ...files })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
  installPackages(dir, tarballs)
  return dir
}

/** Runs a bundler CLI in `dir`; returns its output, the manifest (if any) and the entry bundle's code. */
function build(dir: string, args: string[], outDir = 'dist'): Build {
  const r = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
  const output = `${r.stdout}${r.stderr}`
  expect(r.status, `${args.join(' ')} failed:\n${output}`).toBe(0)
  expect(output, 'the plugin warned').not.toContain('[memory-customs]')
  const out = join(dir, outDir)
  const manifestFile = join(out, 'memory-customs.sites.json')
  const manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : null
  const entry = readdirSync(out).find((f) => /^main\.m?js$/.test(f))
  const bundle = entry ? readFileSync(join(out, entry), 'utf8') : ''
  const sites: Site[] = manifest?.files.flatMap((f: { sites: Site[] }) => f.sites) ?? []
  return { dir, output, manifest, bundle, entry: entry ? join(out, entry) : '', sites, callees: sites.map((s) => s.callee) }
}

const vite = (dir: string, ...extra: string[]) =>
  build(dir, ['node_modules/vite/bin/vite.js', 'build', '--ssr', 'src/main.ts', '--outDir', 'dist', '--logLevel', 'warn', ...extra])

/** A `MemoryCustoms(...)` call of a page as the one plugin of a vite.config.ts. */
function viteWith(call: string, extra: string[] = [], files: Record<string, string> = {}): Build {
  const config = `import { defineConfig } from 'vite'\nimport MemoryCustoms from 'unplugin-memory-customs/vite'\n\nexport default defineConfig({\n  plugins: [\n${call.trimEnd()},\n  ],\n})\n`
  return vite(project({ ...files, 'vite.config.ts': config }), ...extra)
}

const siteOf = (b: Build, callee: string) => b.sites.find((s) => s.callee === callee)
const baseline = () => (baselineBuild ??= viteWith('MemoryCustoms()'))
let baselineBuild: Build | undefined

/** The project's helper without its `@memoryWrite` tag: what the `wrappers` option is for. */
const UNTAGGED = { 'src/memory.ts': SOURCES['src/memory.ts'].replace('/** @memoryWrite */', '') }
/** Site tables as they appear in a bundle (quoted or not, minified or not). */
const inTable = (bundle: string, field: string, value: string) =>
  new RegExp(`${field}"?:\\s*"${value.replaceAll('.', '\\.')}"`).test(bundle)

/** What each options.md call must do to the project, keyed by a text its block contains (and the files it needs). */
const OPTION_EFFECTS: Array<[string, (b: Build) => void, Record<string, string>?]> = [
  [
    "include: ['src/**/*.ts', /agents",
    (b) => {
      expect(b.sites.map((s) => s.file)).toContain('src/agents/bot.tsx')
      expect(b.sites.map((s) => s.file)).not.toContain('src/legacy/old.ts')
    },
  ],
  [
    "targets: [\n    'mem0.add'",
    (b) => {
      for (const callee of ['this.ctx.mem0.add', 'this.ctx.memoryClient.search', 'this.ctx.vectorStore.addDocuments'])
        expect(siteOf(b, callee)?.rule, callee).toContain('target')
      expect(siteOf(b, 'this.ctx.storage.put')).toMatchObject({ rule: 'target', key: 'k' })
      expect(siteOf(baseline(), 'this.ctx.mem0.add')).toBeUndefined()
    },
  ],
  [
    'excludeCallees',
    (b) => {
      for (const callee of ['this.stateCache.set', 'this.ctx.uiState.setState']) {
        expect(baseline().callees).toContain(callee)
        expect(b.callees).not.toContain(callee)
      }
    },
  ],
  [
    'typeAware: true',
    (b) => {
      expect(siteOf(b, 'this.client.add')?.rule).toBe('type')
      expect(siteOf(baseline(), 'this.client.add')).toBeUndefined()
    },
  ],
  [
    'wrappers:',
    (b) => {
      expect(siteOf(b, 'this.memory.rememberUserIntent')?.rule).toContain('wrapper')
      expect(siteOf(viteWith('MemoryCustoms()', [], UNTAGGED), 'this.memory.rememberUserIntent')?.rule).not.toContain('wrapper')
    },
    UNTAGGED,
  ],
  [
    "keys: { include: ['user_*', 'profile.*']",
    (b) => {
      expect(b.callees.filter((c) => c === 'this.store.set')).toHaveLength(2)
      expect(b.sites.filter((s) => s.callee === 'this.store.set').map((s) => s.key)).toEqual(['user_1', 'profile.name'])
    },
  ],
  [
    "production: { keys: { exclude: ['debug_*', 'scratch.*'] }, manifest: false }",
    (b) => {
      // vite build is production mode: no manifest, and the sites are instrumented.
      expect(b.manifest).toBeNull()
      expect(b.bundle).toContain('__mc$p(')
      expect(inTable(b.bundle, 'callee', 'this.ctx.mem0.add')).toBe(true)
      expect(inTable(b.bundle, 'key', 'user_1')).toBe(true)
      expect(inTable(b.bundle, 'key', 'debug_x')).toBe(false)
    },
  ],
  [
    "cache: '.cache/memory-customs'",
    (b) => {
      // The analyses are kept where the option says; the next build takes them and yields the same bundle and sites.
      expect(readdirSync(join(b.dir, '.cache/memory-customs')).filter((f) => f.endsWith('.json')).length).toBeGreaterThan(0)
      expect(existsSync(join(b.dir, 'node_modules/.cache/unplugin-memory-customs/transforms'))).toBe(false)
      const again = vite(b.dir)
      expect(again.bundle).toBe(b.bundle)
      expect(again.sites).toEqual(b.sites)
    },
  ],
  [
    "enabled: ({ mode }) => mode !== 'test'",
    (b) => {
      expect(b.bundle).toContain('__mc$p(')
      expect(b.manifest?.mode).toBe('production')
    },
  ],
]

describe('docs/options.md: every MemoryCustoms call builds with vite and does what the page says', () => {
  it('has the calls this test knows (a new block needs its expected effect here)', () => {
    const calls = OPTIONS.filter((b) => b !== TAGGED)
    for (const b of calls) expect(b.body, `docs/options.md:${b.line}`).toMatch(/^MemoryCustoms\(/)
    expect(calls.map((b) => OPTION_EFFECTS.filter(([k]) => b.body.includes(k)).length)).toEqual(calls.map(() => 1))
  })

  for (const [marker, effect, files] of OPTION_EFFECTS) {
    it(`the block with ${JSON.stringify(marker.split('\n')[0])}`, () => {
      const block = OPTIONS.find((b) => b.body.includes(marker))!
      effect(viteWith(block.body, [], files))
    })
  }

  it('the enabled function switches instrumentation off in test mode', () => {
    const block = OPTIONS.find((b) => b.body.includes('enabled:'))!
    const b = viteWith(block.body, ['--mode', 'test'])
    expect(b.bundle).not.toContain('__mc$p(')
  })

  it('the @memoryWrite-tagged class (the project helper) makes its callers sites without any option', () => {
    expect(siteOf(baseline(), 'this.memory.rememberUserIntent')?.rule).toContain('wrapper')
  })
})

const blockStarting = (blocks: DocBlock[], text: string) => blocks.find((b) => b.body.startsWith(text))!

describe('README.md', () => {
  it('the vite.config.ts builds as it is and instruments src/**/*.{ts,tsx}', () => {
    const config = README.find((b) => b.body.includes("from 'unplugin-memory-customs/vite'"))!
    const dir = project({ 'vite.config.ts': config.body })
    // The packages are the published files inside the project, not links back to the workspace.
    for (const pkg of ['memory-customs', 'unplugin-memory-customs'])
      expect(realpathSync(join(dir, 'node_modules', pkg)), pkg).toBe(join(realpathSync(dir), 'node_modules', pkg))
    const b = vite(dir)
    expect(b.manifest?.framework).toBe('vite')
    expect(b.sites.map((s) => s.file)).toEqual(expect.arrayContaining(['src/main.ts', 'src/agents/bot.tsx', 'src/legacy/old.ts']))
  })

  it('the key filters: in production, only included keys that are not excluded', () => {
    const b = viteWith(blockStarting(README, 'MemoryCustoms(').body)
    expect(b.sites.filter((s) => s.callee === 'this.store.set').map((s) => s.key)).toEqual(['user_1'])
    const dev = viteWith(blockStarting(README, 'MemoryCustoms(').body, ['--mode', 'development'])
    expect(dev.sites.filter((s) => s.callee === 'this.store.set').map((s) => s.key)).toEqual([
      'user_1',
      'profile.name',
      'debug_x',
      'scratch_y',
    ])
  })
})

describe('docs/getting-started.md: the bundler configs build as they are', () => {
  /** The right site in the manifest, and the bundle runs with its probe firing at that line (minified or not). */
  const expectInstrumented = (b: Build, framework: string) => {
    expect(b.manifest?.framework).toBe(framework)
    const line = SOURCES['src/main.ts'].split('\n').findIndex((l) => l.includes("'user_1'")) + 1
    const ran = spawnSync(process.execPath, [b.entry], { encoding: 'utf8', env: { ...process.env, RUN_AGENT: '1' } })
    expect(ran.status, ran.stderr).toBe(0)
    expect(JSON.parse(ran.stdout)).toContain(`src/main.ts:${line}`)
    expect(b.sites).toContainEqual(expect.objectContaining({ file: 'src/main.ts', line, key: 'user_1' }))
  }

  it('vite.config.ts (production excludes debug_*)', () => {
    const b = vite(project({ 'vite.config.ts': blockStarting(STARTED, '// vite.config.ts').body }))
    expectInstrumented(b, 'vite')
    expect(b.sites.map((s) => s.key)).not.toContain('debug_x')
  })

  it('rspack.config.mjs', () => {
    const dir = project({ 'rspack.config.mjs': blockStarting(STARTED, '// rspack.config.mjs').body })
    expectInstrumented(build(dir, ['node_modules/@rspack/cli/bin/rspack.js', 'build', '-c', 'rspack.config.mjs']), 'rspack')
  })

  it('rollup.config.mjs', () => {
    const dir = project({ 'rollup.config.mjs': blockStarting(STARTED, '// rollup.config.mjs').body })
    expectInstrumented(build(dir, ['node_modules/rollup/dist/bin/rollup', '-c', 'rollup.config.mjs']), 'rollup')
  })

  it("webpack's one-rule variant: the inline-map loader after esbuild-loader, in the README's config", () => {
    const readme = README.find((x) => x.body.includes("from 'unplugin-memory-customs/webpack'"))!.body
    const variant = blockStarting(STARTED, 'rules: [').body.trimEnd().split('\n')
    expect(variant).toHaveLength(2)
    const config = readme
      .replace(/^  module: \{ rules: .*$/m, `  module: { ${variant[0].replace(/,$/, '')} },`)
      .replace(/^  plugins: \[MemoryCustoms\(\{ inlineSourceMap: true \}\)\],$/m, `  ${variant[1]}`)
    expect(config).not.toContain('inlineSourceMap')
    const dir = project({ 'webpack.config.js': config })
    expectInstrumented(build(dir, ['node_modules/webpack-cli/bin/cli.js', '--config', 'webpack.config.js']), 'webpack')
  })

  it('build.mjs (esbuild)', () => {
    const dir = project({ 'build.mjs': blockStarting(STARTED, '// build.mjs').body })
    expectInstrumented(build(dir, ['build.mjs']), 'esbuild')
  })
})
