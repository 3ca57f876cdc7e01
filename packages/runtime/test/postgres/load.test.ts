// Many processes, one chain, under load: 4 child processes x 16 concurrent writers append about 20,000
// receipts to one PostgreSQL store (decision commits, execution stores, plan records, promotions, races on
// write-once keys that every process commits, one rollback), and one of them is SIGKILLed mid-run after some
// acknowledged writes. A fresh process then reads the store: seq contiguous 1..N, each receipt linked to the
// previous hash, verify ok, every acknowledged receipt there with its hash, one COMMIT per write-once key, the
// rollback's receipts there.
// The children use the built `memory-customs` (run `npm run build` first), bundled once at the start so a
// rebuild of dist during the run cannot pull the package out from under them.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { usePostgres } from './server.js'

const WRITERS = 16
/** Acknowledged receipts each surviving process writes; the victim is killed after KILL_AFTER of its own. */
const QUOTA = 6000
const KILL_AFTER = 1500
const RACE_KEYS = 20

const work = mkdtempSync(join(tmpdir(), 'mc-pg-load-'))
// inside the repository's node_modules so the child's `import('pg')` resolves as it would for an app
const bundleDir = join(import.meta.dirname, '../../../../node_modules/.cache', `memory-customs-pg-load-${process.pid}`)
const CHILD = join(bundleDir, 'load.child.mjs')

beforeAll(async () => {
  expect(existsSync(join(import.meta.dirname, '../../dist/index.mjs')), 'run `npm run build` first').toBe(true)
  mkdirSync(bundleDir, { recursive: true })
  await build({
    entryPoints: [join(import.meta.dirname, 'load.child.mjs')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    external: ['pg', 'sql.js'],
    outfile: CHILD,
    logLevel: 'warning',
  })
})

afterAll(() => {
  rmSync(work, { recursive: true, force: true })
  rmSync(bundleDir, { recursive: true, force: true })
})

interface Child {
  proc: ChildProcess
  /** Receipts the child reported durable: seq -> hash. */
  acked: Map<number, string>
  rollback: Array<{ seq: number; hash: string; op: string }>
  refused: string[]
  lines: string[]
  /** Resolves when a line matching `test` arrives (or rejects when the child exits first). */
  waitFor(test: (line: string) => boolean): Promise<string>
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>
}

function startChild(args: string[]): Child {
  const proc = spawn(process.execPath, [CHILD, ...args], { stdio: ['pipe', 'pipe', 'pipe'] })
  let stderr = ''
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
  const child: Child = {
    proc,
    acked: new Map(),
    rollback: [],
    refused: [],
    lines: [],
    waitFor: (test) =>
      new Promise((resolve, reject) => {
        const found = child.lines.find(test)
        if (found !== undefined) return resolve(found)
        waiters.push({ test, resolve })
        void child.exit.then(({ code, signal }) =>
          reject(new Error(`child ${args.join(' ')} exited (${code ?? signal}) before the line: ${stderr}`)),
        )
      }),
    exit: new Promise((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal, stderr }))),
  }
  const waiters: Array<{ test: (l: string) => boolean; resolve: (l: string) => void }> = []
  createInterface({ input: proc.stdout! }).on('line', (line) => {
    const [kind, a, b, c] = line.split(' ')
    if (kind === 'ack') child.acked.set(Number(a), b!)
    else if (kind === 'rollback') child.rollback.push({ seq: Number(a), hash: b!, op: c! })
    else if (kind === 'refused') child.refused.push(`${a} ${b}`)
    else child.lines.push(line)
    for (let i = waiters.length - 1; i >= 0; i--) if (waiters[i]!.test(line)) waiters.splice(i, 1)[0]!.resolve(line)
  })
  return child
}

type Row = [seq: number, hash: string, prev: string, op: string, key: string | null, actor: string | null, reason: string | null]

describe('PostgreSQL under load', () => {
  const pg = usePostgres()

  it('4 processes x 16 writers, one SIGKILLed mid-run: one contiguous chain, nothing acknowledged lost', async () => {
    const { url } = await pg().createDatabase()
    const keys = join(work, 'keys')
    mkdirSync(keys)
    // the first process creates the store (its concurrent creation is store.test.ts's case); it then writes too
    const ids = ['p1', 'p2', 'p3', 'victim']
    const children: Child[] = []
    for (const id of ids) {
      const quota = id === 'victim' ? 'forever' : String(QUOTA)
      const child = startChild(['write', url, keys, id, quota, String(WRITERS), id === 'p2' ? 'rollback' : ''])
      await child.waitFor((l) => l.startsWith('ready'))
      children.push(child)
    }
    for (const c of children) c.proc.stdin!.write('go\n')

    const victim = children[3]!
    // killed while it writes: after KILL_AFTER acknowledged receipts, with its 16 writers still going
    await new Promise<void>((resolve, reject) => {
      const check = () => (victim.acked.size >= KILL_AFTER ? resolve() : undefined)
      victim.proc.stdout!.on('data', check)
      void victim.exit.then(({ stderr }) => reject(new Error(`the victim exited on its own: ${stderr}`)))
    })
    victim.proc.kill('SIGKILL')
    expect((await victim.exit).signal).toBe('SIGKILL')
    for (const c of children.slice(0, 3)) {
      const { code, stderr } = await c.exit
      expect(code, stderr).toBe(0)
      expect(c.lines.at(-1)).toMatch(/^done \d+$/)
      expect(c.acked.size).toBeGreaterThanOrEqual(QUOTA)
    }

    // a fresh process reads and verifies the whole store
    const reader = startChild(['verify', url, keys])
    const reportLine = await reader.waitFor((l) => l.startsWith('{'))
    expect((await reader.exit).code).toBe(0)
    const report = JSON.parse(reportLine) as { ok: boolean; checked: number; firstFailure: unknown }
    const rows = reader.lines.filter((l) => l.startsWith('[')).map((l) => JSON.parse(l) as Row)
    expect(report).toEqual({ ok: true, checked: rows.length, firstFailure: null })
    expect(rows.length).toBeGreaterThanOrEqual(3 * QUOTA + KILL_AFTER)

    // contiguous 1..N, no fork: one receipt per seq, each linked to the previous one's hash
    expect(rows.map((r) => r[0])).toEqual(rows.map((_, i) => i + 1))
    for (let i = 1; i < rows.length; i++) expect(rows[i]![2]).toBe(rows[i - 1]![1])

    // every acknowledged receipt is there with the hash its process was given
    const hashes = new Map(rows.map((r) => [r[0], r[1]]))
    let acknowledged = 0
    for (const c of children)
      for (const [seq, hash] of c.acked) {
        acknowledged++
        expect(hashes.get(seq), `${seq}`).toBe(hash)
      }
    const everySeq = children.flatMap((c) => [...c.acked.keys()])
    expect(new Set(everySeq).size).toBe(everySeq.length)
    expect(acknowledged).toBeGreaterThanOrEqual(3 * QUOTA + KILL_AFTER)

    // write-once: one COMMIT per key, every other process's attempt refused (and the key raced by several)
    for (let k = 0; k < RACE_KEYS; k++) {
      const ops = rows.filter((r) => r[4] === `w${k}`)
      expect(ops.filter((r) => r[3] === 'COMMIT').length, `w${k}`).toBe(1)
      expect(ops.filter((r) => r[3] !== 'COMMIT').every((r) => r[3] === 'REFUSED' && /WRITE_ONCE/.test(r[6] ?? ''))).toBe(true)
      expect(new Set(ops.map((r) => r[5])).size, `w${k} raced by several processes`).toBeGreaterThan(1)
    }
    const refusals = children.flatMap((c) => c.refused)
    expect(refusals.length).toBeGreaterThan(0)
    expect(refusals.every((r) => r.startsWith('WRITE_ONCE w'))).toBe(true)

    // the mix: stores, plans and promotions from every process; the rollback's receipts are there, in order
    for (const op of ['STORE', 'RECORD_PLAN', 'PROMOTE']) expect(new Set(rows.filter((r) => r[3] === op).map((r) => r[5])).size).toBe(4)
    const rollback = children[1]!.rollback
    expect(rollback.at(-1)?.op).toBe('ROLLBACK')
    expect(rollback.length).toBeGreaterThan(1)
    for (const r of rollback) expect(rows[r.seq - 1]!.slice(0, 4)).toEqual([r.seq, r.hash, rows[r.seq - 2]![1], r.op])
    // the processes wrote at the same time: their receipts interleave in the chain
    expect(new Set(rows.slice(rows.length / 4, rows.length / 2).map((r) => r[5])).size).toBeGreaterThan(1)
  })
})
