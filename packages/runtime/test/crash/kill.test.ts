// Crash test of the whole runtime on the file store: a child commits in a loop and reports every seq once
// `flush()` resolved; the parent SIGKILLs it at random moments, at least 100 times on one directory, and
// after each kill reopens the store: the chain verifies and every reported seq is there, unchanged.
// The child uses the built `memory-customs` (run `npm run build` first), like an application would; it is
// bundled once at the start (only sql.js, which loads its wasm from its own directory, stays external), so a
// rebuild of dist during the run cannot pull the package out from under it, and the child starts faster
// (about 0.35 s instead of 0.5 s to an open store). The parent reopens with the source build.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import { z } from 'zod'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createCustoms } from '../../src/index.js'

const ITERATIONS = 100
const work = mkdtempSync(join(tmpdir(), 'mc-kill-'))
// inside the repository's node_modules so the child's `import 'sql.js'` resolves as it would for an app
const bundleDir = join(import.meta.dirname, '../../../../node_modules/.cache', `memory-customs-kill-${process.pid}`)
const CHILD = join(bundleDir, 'commit-loop.mjs')

beforeAll(async () => {
  expect(existsSync(join(import.meta.dirname, '../../dist/index.mjs')), 'run `npm run build` first').toBe(true)
  mkdirSync(bundleDir, { recursive: true })
  await build({
    entryPoints: [join(import.meta.dirname, 'commit-loop.child.mjs')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    external: ['sql.js'],
    outfile: CHILD,
    logLevel: 'warning',
  })
})

afterAll(() => {
  rmSync(work, { recursive: true, force: true })
  rmSync(bundleDir, { recursive: true, force: true })
})

const schemas = { n: z.number().int(), note: z.string() }

/** Runs the child until SIGKILL; returns the seqs it reported durable. */
type KillFrom = 'spawn' | 'ready' | 'first-flush'

function runAndKill(dir: string, from: KillFrom, delayMs: number): Promise<{ reported: number[]; ready: boolean }> {
  return new Promise((resolve, reject) => {
    // --liftoff-only: V8 compiles sql.js's wasm with its baseline compiler only. Without it, the TurboFan
    // tier-up blocks the main thread for ~200 ms right after start on a 2-core machine, in each of the 100+
    // children. It changes nothing on the durability path (the journal writes and fdatasync).
    const child = spawn(process.execPath, ['--liftoff-only', CHILD, dir], { stdio: ['ignore', 'pipe', 'pipe'] })
    const reported: number[] = []
    let ready = false
    let buffered = ''
    let stderr = ''
    const kill = () => setTimeout(() => child.kill('SIGKILL'), delayMs)
    if (from === 'spawn') kill()
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      let nl: number
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const [what, ...rest] = buffered.slice(0, nl).split(' ')
        buffered = buffered.slice(nl + 1)
        if (what === 'ready') {
          ready = true
          if (from === 'ready') kill()
        } else if (what === 'flushed') {
          if (from === 'first-flush' && reported.length === 0) kill()
          reported.push(...rest.map(Number))
        }
      }
    })
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve({ reported, ready })
      else reject(new Error(`the committing child exited by itself (${code}): ${stderr}`))
    })
  })
}

// The timeout only guards against a hang on a loaded machine; the run takes about 40 s on an idle 2-core VM.
it(`keeps every flushed receipt across ${ITERATIONS} SIGKILLs of a committing process`, { timeout: 600_000 }, async () => {
  const started = performance.now()
  const dir = join(work, 'store')
  const reportedAll = new Set<number>()
  let killedBeforeReady = 0
  let tornTails = 0
  let childMs = 0
  let checkMs = 0
  for (let i = 0; i < ITERATIONS; i++) {
    // most kills land while the child commits and flushes; every tenth lands anywhere from start-up (open,
    // replay, truncation) on, and every tenth just after the store opened (often during the first flush)
    const from: KillFrom = i % 10 === 9 ? 'spawn' : i % 10 === 8 ? 'ready' : 'first-flush'
    const tChild = performance.now()
    const run = await runAndKill(dir, from, Math.random() * (from === 'spawn' ? 400 : 40))
    if (!run.ready) killedBeforeReady++
    for (const s of run.reported) reportedAll.add(s)

    childMs += performance.now() - tChild
    const tCheck = performance.now()
    const customs = await createCustoms({ storage: { file: dir }, decision: { schemas } })
    try {
      if (customs.health().storage.truncatedTail) tornTails++
      const report = await customs.verify({ values: true })
      expect(report, `iteration ${i}`).toEqual({ ok: true, checked: customs.size, authenticatedThrough: customs.size, legacy: 0 })
      const present = new Set<number>()
      for (const key of ['n', 'note']) for (const r of customs.history(key)) present.add(r.seq)
      const missing = [...reportedAll].filter((s) => !present.has(s))
      expect(missing, `iteration ${i}: reported durable but missing after reopen`).toEqual([])
      expect(customs.size).toBeGreaterThanOrEqual(Math.max(0, ...reportedAll))
    } finally {
      await customs.close()
    }
    checkMs += performance.now() - tCheck
  }
  const leftovers = readdirSync(dir).filter((f) => f.includes('.tmp') || f === 'LOCK')
  console.info(
    `kill test: ${ITERATIONS} kills (${killedBeforeReady} before the store was open), ${reportedAll.size} receipts reported durable, ` +
      `${tornTails} torn tails cut on reopen, ${((performance.now() - started) / 1000).toFixed(1)} s ` +
      `(${(childMs / 1000).toFixed(1)} s in children, ${(checkMs / 1000).toFixed(1)} s reopening and verifying)`,
  )
  expect(leftovers).toEqual([])
  expect(reportedAll.size).toBeGreaterThan(ITERATIONS)
})
