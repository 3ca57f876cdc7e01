/**
 * The CLI's first contact: its own argument messages (never node:util parseArgs' text), `--op` checked against the
 * ops, `health` exiting non-zero when not ok and saying when the chain was not verified, `--json` keeping stdout
 * to one JSON document, the lock error's advice (the `lock: false` it names works), and no repository-only advice
 * from an installed package. In-process through `main()` (src), except the installed-package case, which runs
 * the bin of the packed tarball.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCustoms, OptionError, StorageError } from '../src/index'
import { main } from '../src/cli/main'

let work: string
let store: string
let keys: string

interface Ran {
  code: number
  stdout: string
  stderr: string
}

/** Runs the CLI in-process against the test store and its keys. */
async function cli(...args: string[]): Promise<Ran> {
  let stdout = ''
  let stderr = ''
  const io = {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    env: { MEMORY_CUSTOMS_KEY_DIR: keys },
    cwd: work,
  }
  const code = await main([...args, '--store', store], io)
  return { code, stdout, stderr }
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'memory-customs-cli-polish-'))
  store = path.join(work, 'store')
  keys = path.join(work, 'keys')
  const customs = await createCustoms({ storage: { file: store }, keyStore: { dir: keys } })
  customs.execution.store('web.fetch', 'call-1', { page: 'one' })
  customs.execution.store('web.fetch', 'call-2', { page: 'two' })
  customs.execution.store('risk.assess', 'call-3', { risk: 'low' })
  await customs.close()
})

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('argument errors are the CLI’s own', () => {
  it('names what is wrong, in its words, with exit code 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      // A negative number is an argument the command checks, not an unknown option '-1'.
      [['at', '-1'], /^memory-customs: <seq> must be a receipt number \(a non-negative integer\), got "-1"$/m],
      [['diff', '1', '-2'], /<seqB> must be a receipt number \(a non-negative integer\), got "-2"/],
      [['rollback', '--to', '-1'], /--to must be a receipt number \(a non-negative integer\), got "-1"/],
      [
        ['show', '--nope', '1'],
        /unknown option --nope for show; show takes no options of its own \(and --store, --key-dir, --pg-store, --pg-schema, --json/,
      ],
      [['log', '-x'], /unknown option -x for log; log takes --key, --tool, --call, --file, --op, --since \(and --store/],
      [
        ['--bogus'],
        /unknown option --bogus; the options without a command are --store, --key-dir, --pg-store, --pg-schema, --json, --help, --version/,
      ],
      [['log', '--since'], /--since needs a value: memory-customs log \[--key <key>\]/],
      // `--to --dry-run`: the next option is not the value of --to.
      [['rollback', '--to', '--dry-run'], /--to needs a value: memory-customs rollback/],
      [['log', '--json=3'], /--json takes no value \(got "3"\)/],
    ]
    for (const [args, message] of cases) {
      const r = await cli(...args)
      expect(r.code, args.join(' ')).toBe(2)
      expect(r.stderr, args.join(' ')).toMatch(message)
      // None of parseArgs' own phrasing leaks through.
      expect(r.stderr, args.join(' ')).not.toMatch(/Unknown option|ambiguous|To specify/)
    }
  })

  it('under --json a usage error is one JSON object on stderr and stdout stays empty', async () => {
    const r = await cli('log', '--json', '--since')
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(JSON.parse(r.stderr)).toEqual({
      error: { code: 'USAGE', message: expect.stringMatching(/^--since needs a value/), exitCode: 2 },
    })
  })

  it('--op is checked against the receipt ops (case-insensitive), listing them when unknown', async () => {
    const bad = await cli('log', '--op', 'stor')
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/--op "stor" is not an op; the ops are COMMIT, STORE, RECORD_PLAN, .*FORGET/)
    const good = await cli('log', '--op', 'store', '--json')
    expect(good.code).toBe(0)
    expect(JSON.parse(good.stdout).map((r: { op: string }) => r.op)).toEqual(['STORE', 'STORE', 'STORE'])
  })
})

describe('--json keeps stdout to one JSON document', () => {
  it('for every reading command', async () => {
    const commands = [
      ['log'],
      ['show', '1'],
      ['at', '2'],
      ['diff', '1', '3'],
      ['verify'],
      ['health'],
      ['metrics'],
      ['memories'],
      ['review'],
    ]
    for (const args of commands) {
      const r = await cli(...args, '--json')
      expect(r.code, args.join(' ')).toBe(0)
      expect(() => JSON.parse(r.stdout), `${args.join(' ')}: ${r.stdout.slice(0, 200)}`).not.toThrow()
    }
  })
})

describe('health', () => {
  it('says when the chain was not verified, and --verify verifies it', async () => {
    const plain = await cli('health')
    expect(plain.code).toBe(0)
    expect(plain.stdout).toMatch(/^verification\.state: unverified$/m)
    expect(plain.stdout).toContain('the chain was not verified by this command: run "memory-customs health --verify"')
    const verified = await cli('health', '--verify', '--json')
    expect(verified.code).toBe(0)
    expect(JSON.parse(verified.stdout).verification).toMatchObject({ state: 'ok', checked: 3 })
    const text = await cli('health', '--verify')
    expect(text.stdout).toMatch(/^verification\.state: ok$/m)
    expect(text.stdout).not.toMatch(/undefined|not verified/)
  })

  it('exits 1 when the report is not ok (a receipt altered at rest), still with the JSON report on stdout', async () => {
    const copy = path.join(work, 'tampered')
    execFileSync('cp', ['-r', store, copy])
    const journal = path.join(copy, 'journal.ndjson')
    const lines = readFileSync(journal, 'utf8').split('\n')
    // The second receipt's key changes from call-2 to call-9: its MAC no longer matches.
    const at = lines.findIndex((l) => l.includes('call-2'))
    expect(at).toBeGreaterThan(0)
    lines[at] = lines[at].replace('call-2', 'call-9')
    writeFileSync(journal, lines.join('\n'))
    let stdout = ''
    const io = {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: () => true },
      env: { MEMORY_CUSTOMS_KEY_DIR: keys },
      cwd: work,
    }
    const code = await main(['health', '--json', '--store', copy], io)
    const report = JSON.parse(stdout)
    expect(report.ok).toBe(false)
    expect(report.storage.readOnly).toMatch(/receipt \d+ \(BAD_/)
    expect(code).toBe(1)
  })
})

describe('the writer lock', () => {
  it('the CLI says what to do on the command line; the runtime’s advice { lock: false } works as written', async () => {
    const holder = await createCustoms({ storage: { file: store }, keyStore: { dir: keys } })
    try {
      const r = await cli('rollback', '--to', '1')
      expect(r.code).toBe(3)
      expect(r.stderr).toMatch(/cannot open the store at .* for writing: .* is already open for writing by pid \d+/)
      expect(r.stderr).toMatch(/the reading commands \(log, show, verify/)
      expect(r.stderr).not.toContain('lock: false')

      // What the runtime's message suggests to code: it opens next to the writer and reads.
      const second = await createCustoms({ storage: { file: store }, keyStore: { dir: keys } }).catch((e: Error) => e)
      expect(second).toBeInstanceOf(StorageError)
      expect((second as Error).message).toContain(`createCustoms({ storage: { file: ${JSON.stringify(store)}, lock: false } })`)
      const before = readFileSync(path.join(store, 'journal.ndjson'), 'utf8')
      const reader = await createCustoms({ storage: { file: store, lock: false }, keyStore: { dir: keys } })
      try {
        expect(reader.receipts().map((x) => x.seq)).toEqual([1, 2, 3])
        // A write is refused at once, typed, with nothing recorded (not a failure at the next flush).
        expect(() => reader.execution.store('web.fetch', 'call-4', {})).toThrow(
          expect.objectContaining({
            code: 'STORAGE',
            storageCode: 'READ_ONLY',
            message: expect.stringMatching(/execution\.store refused/),
          }),
        )
        await reader.flush()
        expect(reader.receipts()).toHaveLength(3)
      } finally {
        await reader.close()
      }
      expect(readFileSync(path.join(store, 'journal.ndjson'), 'utf8')).toBe(before)
    } finally {
      await holder.close()
    }
  })

  it('storage.lock must be a boolean', async () => {
    const err = await createCustoms({ storage: { file: store, lock: 'no' as unknown as boolean }, keyStore: { dir: keys } }).catch((e) => e)
    expect(err).toBeInstanceOf(OptionError)
    expect(err.message).toMatch(/storage\.lock/)
  })
})

describe('installed from the tarball', () => {
  it('gives no repository-only advice (npm run demo); in this repository it does', () => {
    const runtimeDir = path.resolve(import.meta.dirname, '..')
    const packDir = path.join(work, 'pack')
    mkdirSync(packDir)
    const out = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', packDir], {
      cwd: runtimeDir,
      encoding: 'utf8',
    })
    const tarball = path.join(packDir, (JSON.parse(out) as Array<{ filename: string }>)[0].filename)
    const project = path.join(work, 'app')
    const installed = path.join(project, 'node_modules', 'memory-customs')
    mkdirSync(installed, { recursive: true })
    execFileSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1'])
    // The bin's dependencies come from the repository's install, as a package manager would have put them.
    execFileSync('ln', ['-s', path.resolve(runtimeDir, '..', '..', 'node_modules'), path.join(installed, 'node_modules')])
    const run = (bin: string) =>
      spawnSync(process.execPath, [bin, 'log', '--store', path.join(project, 'nowhere')], { cwd: project, encoding: 'utf8' })
    const fromNpm = run(path.join(installed, 'dist', 'cli.mjs'))
    expect(fromNpm.status).toBe(3)
    expect(fromNpm.stderr).toMatch(/no store at .*nowhere/)
    expect(fromNpm.stderr).toContain('pass --store <dir>: the directory your agent gave createCustoms({ storage: { file: dir } })')
    expect(fromNpm.stderr).not.toContain('npm run demo')
    const fromRepo = run(path.join(runtimeDir, 'dist', 'cli.mjs'))
    expect(fromRepo.status).toBe(3)
    expect(fromRepo.stderr).toContain('"npm run demo"')
  })
})
