import { spawn, spawnSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'

export const agentDir = resolve(import.meta.dirname, '..')
export const repoRoot = resolve(agentDir, '..', '..')

/** A scratch directory of one test file under the agent's ignored `.cache/`, emptied first. */
export function scratch(name: string): string {
  const dir = join(agentDir, '.cache', name)
  rmSync(dir, { recursive: true, force: true })
  return dir
}

export interface Run {
  status: number | null
  stdout: string
  stderr: string
}

export function run(command: string, args: string[], options: { cwd?: string; env?: Record<string, string | undefined> } = {}): Run {
  const r = spawnSync(command, args, {
    cwd: options.cwd ?? agentDir,
    env: { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, ...options.env },
    encoding: 'utf8',
    timeout: 120_000,
  })
  if (r.error) throw r.error
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

/** Like `run`, without blocking: independent CLI calls of one test run side by side. */
export function runAsync(command: string, args: string[], options: { cwd?: string } = {}): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? agentDir,
      env: { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    child.on('error', fail)
    child.on('close', (status) => done({ status, stdout, stderr }))
  })
}

/** Builds the agent with esbuild through the plugin into `outdir` (scripts/build.mjs, as `npm run demo` does). */
export function buildDemo(outdir: string): string {
  const r = run(process.execPath, ['scripts/build.mjs', '--outdir', outdir, '--quiet'])
  if (r.status !== 0) throw new Error(`esbuild build failed (${r.status}):\n${r.stderr}${r.stdout}`)
  return join(outdir, 'demo.mjs')
}

/** Runs a built demo with --json and returns its JSON lines. */
export function runDemoJson(bundle: string, store: string): Array<Record<string, any>> {
  const r = run(process.execPath, [bundle, '--json', '--store', store])
  if (r.status !== 0) throw new Error(`demo failed (${r.status}):\n${r.stderr}${r.stdout}`)
  return r.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
}

/** The 1-based line of the first occurrence of `needle` in an agent source file. */
export function sourceLine(file: string, needle: string): number {
  const lines = readFileSync(join(agentDir, file), 'utf8').split('\n')
  const i = lines.findIndex((l) => l.includes(needle))
  if (i < 0) throw new Error(`${needle} not found in ${file}`)
  return i + 1
}
