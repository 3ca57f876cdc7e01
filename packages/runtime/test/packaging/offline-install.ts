/**
 * A real `npm ci --offline` of a fresh project, without network: npm needs registry metadata to resolve ranges, and
 * the cache that the repository's own `npm ci` fills holds only the packages' tarballs (a lockfile install never asks
 * for metadata). So the project gets a lockfile of its own, cut from the repository's: the packed packages as `file:`
 * tarballs with their integrity, and every other package at the version, integrity and place the repository's
 * lockfile gives it, for exactly the closure of what the project depends on. npm then installs as for any user: it
 * reads the packed manifests, checks peers and engines, and lays out node_modules; a dependency the packages forget
 * to declare is simply not there.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { repo } from './fresh-project.js'

interface LockEntry {
  version?: string
  resolved?: string
  integrity?: string
  link?: boolean
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
  [field: string]: unknown
}

const rootLock = (): Record<string, LockEntry> =>
  (JSON.parse(readFileSync(join(repo, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> }).packages

/** Where Node would find `name` from the package at lock path `from` ('' for the project), in the lock's layout. */
function lookup(lock: Record<string, LockEntry>, from: string, name: string): string | undefined {
  let base = from
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`
    if (lock[candidate]) return candidate
    if (!base) return undefined
    const parent = base.lastIndexOf('/node_modules/')
    base = parent < 0 ? '' : base.slice(0, parent)
  }
}

/** The lock entry of a packed tarball, from the manifest inside it. */
function tarballEntry(tarball: string): [string, LockEntry] {
  const manifest = JSON.parse(execFileSync('tar', ['-xOzf', tarball, 'package/package.json'], { encoding: 'utf8' }))
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`
  const { name, version, license, bin, engines, dependencies, peerDependencies, peerDependenciesMeta } = manifest
  const entry = {
    version,
    resolved: `file:${basename(tarball)}`,
    integrity,
    license,
    bin,
    engines,
    dependencies,
    peerDependencies,
    peerDependenciesMeta,
  }
  return [name as string, entry]
}

/**
 * Writes `dir`/package.json (the tarballs, which must sit in `dir`, plus `dependencies` at the repository's locked
 * versions) and its lockfile, then runs `npm ci --offline --ignore-scripts` there. Throws with npm's output on failure.
 */
export function installOffline(dir: string, tarballs: string[], dependencies: string[], name = 'fresh-app'): void {
  const lock = rootLock()
  const packed = new Map(tarballs.map(tarballEntry))
  const wanted: Record<string, string> = {}
  for (const [pkg, entry] of packed) wanted[pkg] = entry.resolved!
  for (const dep of dependencies) {
    const version = lock[`node_modules/${dep}`]?.version
    if (!version) throw new Error(`${dep} is not installed at the top level of the repository's lockfile`)
    wanted[dep] = version
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module', dependencies: wanted }, null, 2))

  const packages: Record<string, LockEntry> = { '': { name, dependencies: wanted } }
  const queue: string[] = []
  const add = (path: string, entry: LockEntry) => {
    if (packages[path]) return
    if (entry.link) throw new Error(`${path} is a workspace link in the repository's lockfile: pack it instead`)
    packages[path] = entry
    queue.push(path)
  }
  for (const [pkg, entry] of packed) add(`node_modules/${pkg}`, entry)
  for (const dep of dependencies) add(`node_modules/${dep}`, lock[`node_modules/${dep}`])
  while (queue.length > 0) {
    const path = queue.shift()!
    const entry = packages[path]
    const required = Object.keys(entry.peerDependencies ?? {}).filter((p) => !entry.peerDependenciesMeta?.[p]?.optional)
    for (const dep of [...Object.keys(entry.dependencies ?? {}), ...required]) {
      if (packed.has(dep)) continue
      const at = lookup(lock, path, dep)
      if (!at) throw new Error(`${path} depends on ${dep}, which the repository's lockfile does not install`)
      add(at, lock[at])
    }
    // Optional ones (platform binaries) only where the repository has them; npm skips those for other platforms.
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
      const at = lookup(lock, path, dep)
      if (at) add(at, lock[at])
    }
  }
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify({ name, lockfileVersion: 3, requires: true, packages }, null, 2))
  try {
    execFileSync('npm', ['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, encoding: 'utf8', stdio: 'pipe' })
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    const hint = /ENOTCACHED/.test(stderr) ? "\n(npm's cache lacks a package: run `npm ci` in the repository first)" : ''
    throw new Error(`npm ci --offline failed in ${dir}:\n${stderr}${stdout}${hint}`)
  }
}
