#!/usr/bin/env node
/**
 * Packs both packages exactly as `npm publish` would and checks what a user would install:
 *   - the tarball holds LICENSE (the repository's), README.md, package.json and dist/ only (no sources, no tests);
 *   - no `//# sourceMappingURL=` in a .d.mts/.d.cts/.mjs/.cjs names a file the tarball lacks;
 *   - the metadata an npm page needs (repository with directory, homepage, bugs, keywords, license), caret ranges for
 *     the package's own dependencies and for its peer on memory-customs;
 *   - `publint --strict` and `attw --profile esm-only` on each tarball;
 * and measures install weight (each tarball unpacked, and with its production dependency tree as installed in this
 * repository's node_modules), printed and written to docs/install-weight.md.
 *
 * Usage: node scripts/check-packages.mjs (after `npm run build`; `npm run check:packages` does both). Offline: it
 * packs locally, and attw runs with --no-definitely-typed so it never asks the registry for @types packages.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, posix } from 'node:path'

const repo = join(import.meta.dirname, '..')
const PACKAGES = ['packages/runtime', 'packages/unplugin']
const REPOSITORY = 'https://github.com/memory-customs/memory-customs'
const WEIGHT_DOC = 'docs/install-weight.md'

const failures = []
const fail = (name, message) => failures.push(`${name}: ${message}`)

const work = mkdtempSync(join(tmpdir(), 'mc-check-packages-'))
const licenseText = readFileSync(join(repo, 'LICENSE'), 'utf8')

/** @type {Map<string, {dir: string, manifest: any, packed: any}>} name → workspace package and its packed tarball */
const workspace = new Map()

try {
  for (const dir of PACKAGES) {
    const manifest = JSON.parse(readFileSync(join(repo, dir, 'package.json'), 'utf8'))
    if (!existsSync(join(repo, dir, 'dist'))) throw new Error(`${dir}/dist is missing: run \`npm run build\` first`)
    const packed = pack(manifest.name)
    workspace.set(manifest.name, { dir, manifest, packed })
  }

  for (const { dir, manifest, packed } of workspace.values()) {
    console.log(`\n=== ${manifest.name}@${manifest.version} (${packed.filename}) ===`)
    checkContents(manifest.name, packed)
    checkMetadata(manifest.name, dir, manifest)
    checkImports(manifest, packed)
    runTool(manifest.name, 'publint', ['run', '--strict', packed.tarball])
    // Asset subpaths (the runtime's ./sql-wasm.wasm) are files for bundlers to copy, with no module or types to check.
    const assets = Object.keys(manifest.exports ?? {}).filter((subpath) => /\.(?!([cm]?js|json)$)\w+$/.test(subpath))
    const attwArgs = [packed.tarball, '--profile', 'esm-only', '--no-definitely-typed', '--format', 'ascii']
    runTool(manifest.name, 'attw', assets.length > 0 ? [...attwArgs, '--exclude-entrypoints', ...assets] : attwArgs)
  }

  const weights = [...workspace.values()].map(({ dir, manifest, packed }) => ({
    manifest,
    packed,
    tree: dependencyTree(join(repo, dir), manifest),
  }))
  const doc = weightReport(weights)
  console.log(`\n${doc}`)
  writeFileSync(join(repo, WEIGHT_DOC), doc)
  console.log(`(written to ${WEIGHT_DOC})`)
} finally {
  rmSync(work, { recursive: true, force: true })
}

if (failures.length > 0) {
  console.error(`\ncheck-packages: ${failures.length} problem(s):\n${failures.map((f) => `  - ${f}`).join('\n')}`)
  process.exit(1)
}
console.log('\ncheck-packages: both packages are clean')

/** `npm pack` of a workspace into the temp dir, unpacked beside it; returns npm's report plus both paths. */
function pack(name) {
  const out = execFileSync('npm', ['pack', '--json', '--workspace', name, '--pack-destination', work], {
    cwd: repo,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const [report] = JSON.parse(out)
  const tarball = join(work, report.filename)
  const unpacked = join(work, name)
  mkdirSync(unpacked, { recursive: true })
  execFileSync('tar', ['-xzf', tarball, '-C', unpacked])
  return { ...report, tarball, root: join(unpacked, 'package') }
}

function checkContents(name, packed) {
  const paths = new Set(packed.files.map((f) => f.path))
  for (const required of ['package.json', 'README.md', 'LICENSE']) {
    if (!paths.has(required)) fail(name, `${required} is not in the tarball`)
  }
  if (paths.has('LICENSE') && readFileSync(join(packed.root, 'LICENSE'), 'utf8') !== licenseText) {
    fail(name, 'LICENSE in the tarball differs from the repository LICENSE')
  }
  const stray = [...paths].filter((p) => !['package.json', 'README.md', 'LICENSE'].includes(p) && !p.startsWith('dist/'))
  if (stray.length > 0) fail(name, `files outside dist/ in the tarball: ${stray.join(', ')}`)
  const tests = [...paths].filter((p) => /(^|\/)(test|tests|__tests__)\/|\.(test|spec)\.[cm]?[jt]s$/.test(p))
  if (tests.length > 0) fail(name, `test files in the tarball: ${tests.join(', ')}`)

  let dangling = 0
  for (const path of paths) {
    if (!/\.(d\.[cm]?ts|[cm]?js)$/.test(path)) continue
    const text = readFileSync(join(packed.root, path), 'utf8')
    // Anywhere in the file, not only on a line of its own: a bundler may append it to the last line.
    for (const [, url] of text.matchAll(/\/\/[#@] sourceMappingURL=([^\s`'"]+)/g)) {
      if (url.startsWith('data:')) continue
      const target = posix.normalize(posix.join(posix.dirname(path), url))
      if (!paths.has(target)) {
        dangling++
        fail(name, `${path} names ${url}, which is not in the tarball (dangling sourceMappingURL)`)
      }
    }
  }
  const maps = [...paths].filter((p) => p.endsWith('.map')).length
  console.log(
    `contents: ${paths.size} files, ${maps} source maps, ${dangling} dangling sourceMappingURL, ` +
      `LICENSE ${paths.has('LICENSE') ? 'yes' : 'NO'}, README.md ${paths.has('README.md') ? 'yes' : 'NO'}`,
  )
}

function checkMetadata(name, dir, manifest) {
  if (manifest.license !== 'MIT') fail(name, `license is ${JSON.stringify(manifest.license)}, expected "MIT"`)
  const repository = manifest.repository ?? {}
  if (repository.url !== `git+${REPOSITORY}.git`) fail(name, `repository.url is ${JSON.stringify(repository.url)}`)
  if (repository.directory !== dir) fail(name, `repository.directory is ${JSON.stringify(repository.directory)}, not ${dir}`)
  if (!manifest.homepage?.startsWith(REPOSITORY)) fail(name, `homepage is ${JSON.stringify(manifest.homepage)}`)
  if (manifest.bugs?.url !== `${REPOSITORY}/issues`) fail(name, `bugs.url is ${JSON.stringify(manifest.bugs?.url)}`)
  if (!Array.isArray(manifest.keywords) || manifest.keywords.length === 0) fail(name, 'no keywords')
  // The lockfile pins what this repository installs; users get compatible updates (and one copy shared with the app).
  for (const [dep, range] of Object.entries(manifest.dependencies ?? {})) {
    if (!/^\^\d+\.\d+\.\d+$/.test(range)) fail(name, `dependency ${dep} has range ${range}, expected ^x.y.z`)
  }
  for (const [dep, range] of Object.entries(manifest.peerDependencies ?? {})) {
    if (workspace.has(dep) && !/^\^\d+\.\d+\.\d+$/.test(range)) fail(name, `peer ${dep} has range ${range}, expected ^x.y.z`)
  }
}

/**
 * What the published files import against what the manifest declares: an import of an undeclared package fails for
 * the user (it only resolves here because the workspace hoists it), and a dependency nothing imports is install weight
 * for nothing. Imports are found by pattern (line-initial import/export ... from, import(...), require(...)), which
 * may over-read comments but never misses what rolldown emits.
 */
function checkImports(manifest, packed) {
  const declared = new Set([
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.optionalDependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ])
  const imported = new Map()
  const patterns = [
    /^(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']/gm,
    /^import\s*["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
    /\brequire\(\s*["']([^"']+)["']\s*\)/g,
  ]
  for (const { path } of packed.files) {
    if (!/\.(d\.[cm]?ts|[cm]?js)$/.test(path)) continue
    const text = readFileSync(join(packed.root, path), 'utf8')
    for (const pattern of patterns) {
      for (const [, specifier] of text.matchAll(pattern)) {
        if (specifier.startsWith('.') || specifier.startsWith('node:') || builtinModules.includes(specifier)) continue
        const name = specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/')
        if (name !== manifest.name && !imported.has(name)) imported.set(name, path)
      }
    }
  }
  for (const [name, path] of imported) {
    if (!declared.has(name)) fail(manifest.name, `${path} imports ${name}, which package.json does not declare`)
  }
  const unused = Object.keys(manifest.dependencies ?? {}).filter((name) => !imported.has(name))
  for (const name of unused) fail(manifest.name, `dependency ${name} is never imported by the published files`)
  console.log(`imports: ${[...imported.keys()].sort().join(', ') || 'none'}`)
}

/** Runs a checker installed in the root node_modules on a tarball; its own output is printed as is. */
function runTool(name, tool, args) {
  const run = spawnSync(join(repo, 'node_modules/.bin', tool), args, {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  })
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim()
  console.log(`${tool} ${args.filter((a) => !a.endsWith('.tgz')).join(' ')}: ${run.status === 0 ? 'ok' : 'FAILED'}`)
  if (output) console.log(output.replace(/^/gm, '  '))
  if (run.status !== 0) fail(name, `${tool} failed (exit ${run.status ?? run.signal})`)
}

/**
 * What `npm install <package>` adds besides the package itself, as installed here: its `dependencies` and
 * `optionalDependencies`, and the peers npm installs on its own (not marked optional), resolved the way Node
 * resolves them (nearest node_modules upward), each package once. A workspace package counts as its tarball.
 */
function dependencyTree(fromDir, manifest) {
  /** @type {Map<string, {name: string, version: string, bytes: number, via: string}>} real path → package */
  const seen = new Map()
  const visit = (dir, pkg, via) => {
    const optionalPeers = new Set(
      Object.entries(pkg.peerDependenciesMeta ?? {})
        .filter(([, meta]) => meta?.optional)
        .map(([dep]) => dep),
    )
    const wanted = [
      ...Object.keys(pkg.dependencies ?? {}),
      ...Object.keys(pkg.optionalDependencies ?? {}),
      ...Object.keys(pkg.peerDependencies ?? {}).filter((dep) => !optionalPeers.has(dep)),
    ]
    for (const dep of new Set(wanted)) {
      const found = resolvePackage(dir, dep)
      if (found === undefined) {
        // An optional dependency for another platform is simply not installed here.
        if (!(dep in (pkg.optionalDependencies ?? {}))) fail(manifest.name, `${dep} (needed by ${via}) is not installed`)
        continue
      }
      if (seen.has(found)) continue
      const depManifest = JSON.parse(readFileSync(join(found, 'package.json'), 'utf8'))
      const own = workspace.get(dep)
      const bytes = own ? own.packed.unpackedSize : directoryBytes(found)
      seen.set(found, { name: dep, version: depManifest.version, bytes, via })
      visit(found, depManifest, dep)
    }
  }
  visit(fromDir, manifest, manifest.name)
  return [...seen.values()].sort((a, b) => b.bytes - a.bytes)
}

function resolvePackage(fromDir, name) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name)
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate)
    if (dirname(dir) === dir) return undefined
  }
}

/** Bytes of every file under `dir`, without its own node_modules (packages nested there are counted on their own). */
function directoryBytes(dir) {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') total += directoryBytes(path)
    } else {
      total += lstatSync(path).size
    }
  }
  return total
}

function size(bytes) {
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`
  return `${(bytes / 1e3).toFixed(1)} kB`
}

function weightReport(weights) {
  const lines = [
    '# Install weight',
    '',
    '<!-- Written by `npm run check:packages` (scripts/check-packages.mjs) from the packed tarballs and the dependency',
    "     versions this repository's lockfile installs; do not edit by hand. -->",
    '',
    'What `npm install` puts on disk, measured from the tarballs `npm pack` makes and from the production dependency',
    'trees as installed by this repository (`dependencies`, `optionalDependencies` and the peers npm installs',
    'itself; optional peers such as the agent frameworks are left out). Sizes are the files\u2019 bytes, 1 MB = 10^6',
    'bytes.',
    '',
    '| Package | Tarball | Unpacked | Files | With its production dependencies |',
    '| --- | ---: | ---: | ---: | ---: |',
  ]
  for (const { manifest, packed, tree } of weights) {
    const total = packed.unpackedSize + tree.reduce((sum, dep) => sum + dep.bytes, 0)
    lines.push(
      `| \`${manifest.name}\` ${manifest.version} | ${size(packed.size)} | ${size(packed.unpackedSize)} | ` +
        `${packed.entryCount} | ${size(total)} (${tree.length} packages) |`,
    )
  }
  lines.push(
    '',
    '`unplugin-memory-customs` needs `memory-customs` as a peer, which npm installs with it, so its total is what an',
    'app that uses both installs.',
  )
  for (const { manifest, tree } of weights) {
    lines.push('', `## \`${manifest.name}\`: its dependency tree`, '', '| Dependency | Version | Size | Required by |')
    lines.push('| --- | --- | ---: | --- |')
    for (const dep of tree) lines.push(`| \`${dep.name}\` | ${dep.version} | ${size(dep.bytes)} | \`${dep.via}\` |`)
  }
  lines.push(
    '',
    '## What the packages control',
    '',
    'Only their own tarballs: `dist/` (no sources, tests or source maps: the output is unminified ESM that reads as',
    'is in a stack trace), README.md, LICENSE and package.json. The rest is the dependencies\u2019 own packaging: sql.js',
    'publishes all its builds (asm.js, WASM, debug, worker and browser variants, and a zip of them all) in one package,',
    'of which the runtime uses one WASM build; ts-morph brings its own copy of the TypeScript compiler',
    '(`@ts-morph/common`), which the plugin uses to find memory-write sites.',
    '',
  )
  return lines.join('\n')
}
