// SIGKILL the file backend's writer at random moments, 120 times on one directory: after each kill the
// journal reopens as a contiguous prefix holding every acknowledged receipt, a torn tail is cut off, and no
// temp or lock file is left behind.
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createFileBackend } from '../../src/storage/file'

const ITERATIONS = 60
let work: string
let childScript: string

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'mc-backend-kill-'))
  childScript = join(work, 'writer.mjs')
  // bundle the TypeScript child once so each spawn is a plain `node writer.mjs` (fast start)
  await build({
    entryPoints: [join(import.meta.dirname, 'backend-writer.child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: childScript,
    logLevel: 'warning',
  })
})

afterAll(() => rmSync(work, { recursive: true, force: true }))

interface Run {
  acked: number
  readyAt: number
}

function runAndKill(dir: string, killAfterReady: boolean, delayMs: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [childScript, dir], { stdio: ['ignore', 'pipe', 'pipe'] })
    const run: Run = { acked: 0, readyAt: -1 }
    let buffered = ''
    let stderr = ''
    const kill = () => setTimeout(() => child.kill('SIGKILL'), delayMs)
    if (!killAfterReady) kill()
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      let nl: number
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const [what, n] = buffered.slice(0, nl).split(' ')
        buffered = buffered.slice(nl + 1)
        if (what === 'ready') {
          run.readyAt = Number(n)
          if (killAfterReady) kill()
        } else if (what === 'ack') run.acked = Number(n)
      }
    })
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(run)
      else reject(new Error(`writer exited by itself (${code}): ${stderr}`))
    })
  })
}

it(`keeps every acknowledged entry across ${ITERATIONS} SIGKILLs`, async () => {
  const dir = join(work, 'store')
  let ackedSoFar = 0
  let truncations = 0
  let killsDuringOpen = 0
  let childMs = 0
  let checkMs = 0
  for (let i = 0; i < ITERATIONS; i++) {
    const duringOpen = i % 10 === 9
    const tRun = performance.now()
    const run = await runAndKill(dir, !duringOpen, duringOpen ? Math.random() * 150 : Math.random() * 40)
    if (run.readyAt < 0) killsDuringOpen++
    ackedSoFar = Math.max(ackedSoFar, run.acked)

    childMs += performance.now() - tRun
    const tCheck = performance.now()
    const backend = createFileBackend(dir)
    const report = await backend.open()
    if (report.truncatedTail) truncations++
    // plain checks per entry (an expect() per entry would dominate the run time), one assertion at the end
    let expected = 1
    let pendingValue: string | null = null
    let problem: string | null = null
    for await (const e of backend.read()) {
      if (e.t === 'value') {
        pendingValue = e.commit
        continue
      }
      if (e.t !== 'receipt' || e.seq !== expected || e.body !== `{"seq":${expected}}` || pendingValue !== `v${expected}`) {
        problem = `expected receipt ${expected} after value v${expected}, found ${JSON.stringify(e)} after ${pendingValue}`
        break
      }
      pendingValue = null
      expected++
    }
    expect(problem, `iteration ${i}`).toBeNull()
    const last = expected - 1
    expect(last, `iteration ${i}: acknowledged ${ackedSoFar}, journal holds ${last}`).toBeGreaterThanOrEqual(ackedSoFar)
    await backend.close()
    checkMs += performance.now() - tCheck
    ackedSoFar = last // entries that survived unacknowledged must survive from now on too
  }
  const leftovers = readdirSync(dir).filter((f) => f.includes('.tmp') || f.startsWith('LOCK'))
  console.info(
    `backend kill test: ${ITERATIONS} kills (${killsDuringOpen} before the writer was ready), ${ackedSoFar} receipts, ` +
      `${truncations} torn tails cut, leftover temp/lock files: ${leftovers.length}; ${(childMs / 1000).toFixed(1)} s in writers, ${(checkMs / 1000).toFixed(1)} s reopening`,
  )
  expect(ackedSoFar).toBeGreaterThan(ITERATIONS)
  expect(leftovers).toEqual([])
})
