/**
 * Fresh app projects for packaging tests, as a user gets them from npm, without network: the two packages come from
 * their packed tarballs (`npm pack`, so only what `files` ships), extracted into the project's node_modules; every
 * other package (webpack, esbuild-loader, zod, the runtime's own dependencies...) is a symlink to the repository's
 * root node_modules, which `npm ci` filled. Linking instead of `npm install --offline` keeps a project ready in well
 * under a second, and the packages under test are still exactly the published files; what only a real install shows
 * (declared dependencies and peers, npm's own layout) is npm-installed.test.ts's, through offline-install.ts.
 */
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

export const repo = join(import.meta.dirname, '../../../..')
const rootModules = join(repo, 'node_modules')
const PACKAGES = ['memory-customs', 'unplugin-memory-customs'] as const

/** Packs both workspaces (their built dist) into `dir`; returns the tarball path per package name. */
export function packTarballs(dir: string): Record<(typeof PACKAGES)[number], string> {
  const args = ['pack', '--json', '--pack-destination', dir, ...PACKAGES.flatMap((p) => ['--workspace', p])]
  const packed = JSON.parse(execFileSync('npm', args, { cwd: repo, encoding: 'utf8' })) as Array<{ name: string; filename: string }>
  const byName = Object.fromEntries(packed.map((p) => [p.name, join(dir, p.filename)]))
  for (const name of PACKAGES) if (!byName[name]) throw new Error(`npm pack did not pack ${name}`)
  return byName as Record<(typeof PACKAGES)[number], string>
}

export interface FreshProject {
  dir: string
  /** Runs a command in the project (no shell); never throws, so a test can assert on a failure. */
  run(command: string, args: string[], env?: NodeJS.ProcessEnv): SpawnSyncReturns<string>
}

/**
 * Fills `dir`/node_modules as a user's install would look: the packed packages extracted from their tarballs, every
 * other package a link to the repository's root node_modules.
 */
export function installPackages(dir: string, tarballs: Record<string, string>): void {
  const modules = join(dir, 'node_modules')
  mkdirSync(modules, { recursive: true })
  for (const entry of readdirSync(rootModules)) {
    if (entry.startsWith('.') || entry in tarballs) continue
    symlinkSync(join(rootModules, entry), join(modules, entry))
  }
  for (const [pkg, tarball] of Object.entries(tarballs)) {
    mkdirSync(join(modules, pkg), { recursive: true })
    execFileSync('tar', ['-xzf', tarball, '-C', join(modules, pkg), '--strip-components=1'])
  }
}

/** A project in a new temp dir with `files` (path -> content) and the packed packages installed. */
export function freshProject(name: string, tarballs: Record<string, string>, files: Record<string, string>): FreshProject {
  const dir = mkdtempSync(join(tmpdir(), `mc-${name}-`))
  installPackages(dir, tarballs)
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
  return {
    dir,
    run: (command, args, env) =>
      spawnSync(command, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 << 20 }),
  }
}

/** The body of the first fenced ```lang block after the first line of `doc` that contains `marker`. */
export function blockAfter(doc: string, marker: string, lang = 'js'): string {
  const at = doc.indexOf(marker)
  if (at < 0) throw new Error(`marker not found: ${marker}`)
  const fence = `\`\`\`${lang}\n`
  const start = doc.indexOf(fence, at)
  if (start < 0) throw new Error(`no \`\`\`${lang} block after ${marker}`)
  const end = doc.indexOf('```', start + fence.length)
  return doc.slice(start + fence.length, end)
}
