/**
 * The progress line of long CLI work: drawn on a terminal only (a real pseudo-terminal through util-linux
 * `script`), never under --json, never when stderr is not a terminal, never over output streamed to the same
 * terminal; at most 10 redraws a second, with rate and ETA; erased at the end.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProgress, progressLine } from '../../src/cli/progress'
import { createCustoms } from '../../src/index'

const CLEAR = '\r\u001b[2K'

/** A stream that says it is a terminal and records what is written. */
function terminal(isTTY = true) {
  const writes: string[] = []
  return { writes, stream: { isTTY, columns: 200, write: (s: string) => writes.push(s) } }
}

describe('createProgress', () => {
  it('redraws one line at most every 100 ms, with done/total, rate and ETA, and erases it at the end', () => {
    let t = 1_000
    const { writes, stream } = terminal()
    const p = createProgress(stream, { label: 'verify', enabled: true, now: () => t })
    t = 2_000
    p.update(100_000, 1_000_000) // first update: drawn at once
    t = 2_050
    p.update(110_000, 1_000_000) // 50 ms later: skipped
    t = 2_100
    p.update(120_000, 1_000_000) // 100 ms later: drawn
    p.done()
    expect(writes).toEqual([
      `${CLEAR}verify  100,000/1,000,000 receipts (10%)  100,000/s  ETA 9s`,
      `${CLEAR}verify  120,000/1,000,000 receipts (12%)  109,091/s  ETA 9s`,
      CLEAR,
    ])
  })

  it('draws nothing when disabled (--json) or when the stream is not a terminal', () => {
    for (const [enabled, isTTY] of [
      [false, true],
      [true, false],
    ]) {
      const { writes, stream } = terminal(isTTY)
      const p = createProgress(stream, { label: 'export', enabled })
      p.update(5, 10)
      p.done()
      expect(writes).toEqual([])
    }
  })

  it('writes counts alone when the total is unknown, and long ETAs in minutes and hours', () => {
    expect(progressLine('rollback: planning', 'keys', 8192, null, 2)).toBe('rollback: planning  8,192 keys  4,096/s')
    expect(progressLine('export', 'receipts', 1000, 100_000, 10)).toBe('export  1,000/100,000 receipts (1%)  100/s  ETA 16m30s')
    expect(progressLine('export', 'receipts', 1, 100_000, 10)).toBe('export  1/100,000 receipts (0%)  0/s  ETA 277h46m')
  })
})

describe('the core progress callbacks', () => {
  it('rollback planning reports every 4,096 keys with the total; verify reports receipts read', async () => {
    const c = await createCustoms()
    for (let i = 0; i < 9000; i++) c.execution.store('web.fetch', `call-${i}`, { i })
    const planned: Array<[number, number | null]> = []
    const result = await c.rollback({ tool: 'web.fetch' }, { dryRun: true, onProgress: (done, total) => planned.push([done, total]) })
    expect(result.diff).toHaveLength(9000)
    expect(planned).toEqual([
      [4096, 9000],
      [8192, 9000],
    ])
    const toStart: Array<[number, number | null]> = []
    await c.rollback({ toSeq: 0 }, { dryRun: true, onProgress: (done, total) => toStart.push([done, total]) })
    expect(toStart).toEqual([
      [4096, null],
      [8192, null],
    ])
    const read: number[] = []
    expect((await c.verify({ onProgress: (n) => read.push(n) })).ok).toBe(true)
    expect(read.at(-1)).toBe(9000)
    expect(read).toEqual([...read].sort((a, b) => a - b))
    await expect(c.rollback({ tool: 'web.fetch' }, { dryRun: true, onProgress: 'yes' as never })).rejects.toThrow(/onProgress/)
    await c.close()
  })
})

const HAS_SCRIPT = spawnSync('script', ['--version']).status === 0
const repo = fileURLToPath(new URL('../../../../', import.meta.url))
const cliSource = path.join(repo, 'packages/runtime/src/cli.ts')

describe.skipIf(!HAS_SCRIPT)('on a real pseudo-terminal (util-linux script)', () => {
  let work: string
  let store: string
  let keys: string
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'memory-customs-progress-'))
    store = path.join(work, 'store')
    keys = path.join(work, 'keys')
    const c = await createCustoms({ storage: { file: store }, keyStore: { dir: keys } })
    for (let i = 0; i < 50; i++) c.execution.store('web.fetch', `call-${i}`, { page: i })
    await c.close()
  })
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true })
  })

  /** Runs the CLI (from source, through tsx) with stdout and stderr on one pseudo-terminal; returns what it showed. */
  function onTerminal(...args: string[]): string {
    const quoted = [process.execPath, '--import', 'tsx', cliSource, ...args, '--store', store].map((a) => `'${a}'`).join(' ')
    const r = spawnSync('script', ['-qec', quoted, '/dev/null'], {
      cwd: repo,
      encoding: 'utf8',
      env: { ...process.env, MEMORY_CUSTOMS_KEY_DIR: keys, NO_COLOR: '1' },
    })
    expect(r.status, r.stderr).toBe(0)
    return r.stdout
  }

  it('verify shows its progress line and erases it before the result', () => {
    const shown = onTerminal('verify')
    expect(shown).toContain(`${CLEAR}verify  50/50 receipts (100%)`)
    expect(shown.indexOf(CLEAR, shown.indexOf('verify  50/50'))).toBeLessThan(shown.indexOf('ok: 50 receipts verified'))
  })

  it('stays quiet under --json and when the output streams to the same terminal (export)', () => {
    expect(onTerminal('verify', '--json')).not.toContain(CLEAR)
    const exported = onTerminal('export', '--ndjson')
    expect(exported).not.toContain(CLEAR)
    expect(exported.trim().split(/\r?\n/)).toHaveLength(50)
  })

  it('report shows it too, on the same terminal where it prints its summary', () => {
    const shown = onTerminal('report', '--out', path.join(work, 'r.html'))
    expect(shown).toContain(`${CLEAR}report: verify  50/50 receipts (100%)`)
    expect(shown).toContain(`${CLEAR}report: charts  50/50 receipts (100%)`)
    expect(shown).toContain('verify: ok (50 receipts)')
  })
})
