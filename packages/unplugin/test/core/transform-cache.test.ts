import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { OptionError } from '../../src/core/errors'
import { resolveOptions } from '../../src/core/options'
import { clearWrapperIndex } from '../../src/core/wrapper-specs'

/**
 * The transform cache (src/adapter/transform-cache.ts): a repeated `vite build` of unchanged modules takes their
 * analyses from disk and does not load TypeScript, with the same bundle, map, manifest and warnings as a first
 * build; anything a result depends on (the code, the options, another module's wrapper declaration) makes a miss.
 * Each build runs in a fresh Node process (through tsx, from source), because whether TypeScript was loaded is per
 * process.
 */

const here = path.dirname(fileURLToPath(import.meta.url))
const pluginRoot = path.resolve(here, '../..')
const work = path.join(pluginRoot, '.cache/transform-cache')
const viteEntry = pathToFileURL(path.join(pluginRoot, 'src/vite.ts')).href

interface BuildResult {
  code: string
  map: string
  manifest: string
  warnings: string[]
  /** Whether TypeScript was loaded in the process by the end of the build. */
  typescript: boolean
}

/** A project of its own (its package.json decides where the default cache goes). */
function project(name: string, files: Record<string, string>): string {
  const root = path.join(work, name)
  rmSync(root, { recursive: true, force: true })
  for (const [file, text] of Object.entries({ 'package.json': '{ "name": "fixture", "type": "module" }\n', ...files })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  return root
}

/** One production `vite build` of `src/index.ts` in a fresh process. */
function build(root: string, options: Record<string, unknown> = {}): BuildResult {
  const script = path.join(work, 'build.mjs')
  mkdirSync(work, { recursive: true })
  writeFileSync(
    script,
    `import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { build } from 'vite'
const { default: memoryCustoms } = await import(${JSON.stringify(viteEntry)})
const [root, options] = [process.argv[2], JSON.parse(process.argv[3])]
const warnings = []
await build({
  root, configFile: false, logLevel: 'silent', mode: 'production',
  plugins: [memoryCustoms(options)],
  build: {
    outDir: 'dist', emptyOutDir: true, minify: false, sourcemap: true,
    lib: { entry: root + '/src/index.ts', formats: ['es'], fileName: 'out' },
    rolldownOptions: { external: [/^memory-customs/], onwarn: (w) => warnings.push(w.message) },
  },
})
const read = (f) => readFileSync(root + '/dist/' + f, 'utf8')
const typescript = Object.keys(createRequire(import.meta.url).cache).some((f) => /typescript\\.js$/.test(f))
console.log(JSON.stringify({ code: read('out.js'), map: read('out.js.map'), manifest: read('memory-customs.sites.json'), warnings, typescript }))
`,
  )
  const out = execFileSync(process.execPath, ['--import', 'tsx', script, root, JSON.stringify(options)], {
    cwd: pluginRoot,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  return JSON.parse(out.trim().split('\n').pop() as string) as BuildResult
}

interface ManifestSite {
  file: string
  line: number
  key: string | null
  rule: string
}
const manifestSites = (text: string) => (JSON.parse(text) as { files: Array<{ sites: ManifestSite[] }> }).files.flatMap((f) => f.sites)

const cacheDir = (root: string) => path.join(root, 'node_modules/.cache/unplugin-memory-customs/transforms')
const entries = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.json'))

const AGENT = `export function remember(memory: Map<string, unknown>, note: string) {
  memory.set('profile', note)
  memory.set(\`user_\${note}\`, 1)
}
`
const INDEX = `export { remember } from './agent'\nexport const answer = 42\n`

describe('a repeated build', () => {
  it('takes the analyses from the cache without loading TypeScript, with the same bundle, map, manifest and warnings', () => {
    const root = project('same', { 'src/index.ts': INDEX, 'src/agent.ts': AGENT })
    const first = build(root)
    expect(first.typescript).toBe(true)
    expect(entries(cacheDir(root))).toHaveLength(1)
    expect(first.code.match(/__mc\$p\(/g)).toHaveLength(2)
    const second = build(root)
    expect(second.typescript).toBe(false)
    expect(second).toEqual({ ...first, typescript: false })
  })

  it('parses a module again when its code changed, and only that module', () => {
    const root = project('edited', {
      'src/index.ts': `${INDEX}export { other } from './other'\n`,
      'src/agent.ts': AGENT,
      'src/other.ts': 'export const other = (memory: Map<string, number>) => memory.set("other", 1)\n',
    })
    build(root)
    writeFileSync(path.join(root, 'src/agent.ts'), `// moved down a line\n${AGENT}`)
    const edited = build(root)
    expect(edited.typescript).toBe(true)
    const sites = manifestSites(edited.manifest)
    expect(sites.filter((s) => s.file === 'src/agent.ts').map((s) => s.line)).toEqual([3, 4])
    expect(sites.filter((s) => s.file === 'src/other.ts').map((s) => s.key)).toEqual(['other'])
    // Both versions of agent.ts have an entry, other.ts one: three.
    expect(entries(cacheDir(root))).toHaveLength(3)
  })

  it('misses when the options or the project’s wrapper declarations change what a module yields', () => {
    const root = project('options', {
      'src/index.ts': `${INDEX}export { caller } from './caller'\n`,
      'src/agent.ts': AGENT,
      'src/caller.ts': `import { keep } from './keep'\nexport const caller = () => keep('note')\n`,
      'src/keep.ts': 'export function keep(note: string) {\n  return note\n}\n',
    })
    const plain = build(root)
    const excluded = build(root, { keys: { exclude: ['profile'] } })
    const sitesOf = (r: BuildResult) => manifestSites(r.manifest)
    expect(sitesOf(plain).map((s) => s.key)).toEqual(['profile', 'user_*'])
    expect(sitesOf(excluded).map((s) => s.key)).toEqual(['user_*'])
    // Another module becomes a wrapper: the caller's cached analysis (no sites) no longer holds.
    writeFileSync(path.join(root, 'src/keep.ts'), '/** @memoryWrite */\nexport function keep(note: string) {\n  return note\n}\n')
    const wrapped = build(root)
    expect(sitesOf(wrapped).find((s) => s.file === 'src/caller.ts')?.rule).toBe('wrapper')
    // The bundle now in dist/ carries a copy of the tagged declaration; the scan skips the output directory, so a
    // rebuild (analysed again) names the wrapper where it was written, once.
    expect(readFileSync(path.join(root, 'dist/out.js'), 'utf8')).toContain('@memoryWrite')
    const rebuilt = build(root, { cache: false })
    expect(rebuilt.manifest).toBe(wrapped.manifest)
    expect(rebuilt.manifest).not.toContain('dist/')
  })
})

describe('the cache option', () => {
  it('`false` writes and reads nothing; a directory keeps the entries there', () => {
    const root = project('option', { 'src/index.ts': INDEX, 'src/agent.ts': AGENT })
    const off = build(root, { cache: false })
    expect(off.typescript).toBe(true)
    expect(() => readdirSync(cacheDir(root))).toThrow()
    build(root, { cache: '.memory-cache' })
    expect(entries(path.join(root, '.memory-cache'))).toHaveLength(1)
    expect(build(root, { cache: '.memory-cache' }).typescript).toBe(false)
  })

  it('a damaged entry is a miss and is written again; an unwritable directory changes nothing but the speed', () => {
    const root = project('damaged', { 'src/index.ts': INDEX, 'src/agent.ts': AGENT })
    const first = build(root)
    const [entry] = entries(cacheDir(root))
    writeFileSync(path.join(cacheDir(root), entry), '{"format":1,"sites":[{"trunc')
    const again = build(root)
    expect(again.typescript).toBe(true)
    expect({ ...again, typescript: true }).toEqual(first)
    expect(JSON.parse(readFileSync(path.join(cacheDir(root), entry), 'utf8')).sites).toHaveLength(2)
    // A file where the directory would go: mkdir fails (even as root).
    writeFileSync(path.join(root, 'blocked'), 'not a directory')
    const blocked = build(root, { cache: 'blocked/transforms' })
    expect({ ...blocked, typescript: true }).toEqual(first)
  })

  it('a wrong value names the option', () => {
    expect(() => resolveOptions({ cache: 3 as unknown as boolean })).toThrow(OptionError)
    expect(() => resolveOptions({ cache: 3 as unknown as boolean })).toThrow(/cache/)
    expect(() => resolveOptions({ cache: '' })).toThrow('invalid option `cache`: expected a directory')
  })
})

describe('the wrapper scan', () => {
  it('skips the output directory of webpack, whose bundle there holds a copy of the wrapper', async () => {
    const root = project('webpack-out', {
      'src/index.ts': `export { caller } from './caller'\n`,
      'src/caller.ts': `import { keep } from './keep'\nexport const caller = () => keep('note')\n`,
      'src/keep.ts': 'export function keep(note: string) {\n  return note\n}\n',
    })
    const { default: webpack } = await import('webpack')
    const { default: MemoryCustoms } = await import('../../src/webpack')
    const build = () =>
      new Promise<string>((resolve, reject) =>
        webpack(
          {
            mode: 'development',
            devtool: false,
            context: root,
            entry: './src/index.ts',
            output: { path: path.join(root, 'dist'), library: { type: 'commonjs2' } },
            resolve: { extensions: ['.ts', '.js'] },
            externals: [/^memory-customs/],
            module: { rules: [{ test: /\.ts$/, loader: 'esbuild-loader', options: { target: 'node20' } }] },
            plugins: [MemoryCustoms({ wrappers: ['keep'], cache: false, inlineSourceMap: true })],
          },
          (err, stats) => {
            if (err || !stats || stats.hasErrors()) return reject(err ?? new Error(stats?.toString('errors-only')))
            resolve(readFileSync(path.join(root, 'dist/memory-customs.sites.json'), 'utf8'))
          },
        ),
      )
    const first = await build()
    // The bundle in dist/ now declares `keep` too; the next build must not count it as a second declaration. The
    // scan is kept per process: forget it, as a new process would.
    expect(readFileSync(path.join(root, 'dist/main.js'), 'utf8')).toMatch(/function keep\(/)
    clearWrapperIndex()
    const second = await build()
    expect(manifestSites(first).find((s) => s.file === 'src/caller.ts')?.rule).toContain('wrapper')
    expect(second).toBe(first)
    expect(second).not.toContain('dist/')
  })
})
