/**
 * docs/cli.md (and the CLI part of docs/lineage.md) is a transcript of real runs, and stays one: the demo is built and run as the page's first block says,
 * then every `$ memory-customs ...` line of the page runs in a shell (the built CLI, packages/runtime/dist/cli.mjs,
 * standing in for the `memory-customs` alias) in the demo's directory, and what it prints is compared with the lines
 * shown after it (hashes, commitments and signatures masked; `...` and `…` are the page's elisions). `/tmp/` paths
 * are mapped into the test's scratch directory, and the stores the page assumes beyond the demo's (a truncated copy,
 * a first-release copy, a store with a memory held for review, a forged or torn tail) are made here first.
 */
import { spawnSync } from 'node:child_process'
import { appendFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createCustoms } from 'memory-customs'
import { encodeBodyV2, parseBodyV2 } from 'memory-customs/verify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { docBlocks } from './blocks.js'
import { repo } from './snippets.js'
import { shows, transcript } from './transcript.js'

const DOC = 'docs/cli.md'
const CLI = join(repo, 'packages/runtime/dist/cli.mjs')
const agent = join(repo, 'playground/agent')
/** The doc's shell sits in playground/agent; this directory plays it (inside the repo, so the bundle resolves). */
const cwd = join(repo, 'packages/runtime/test/docs/.snippet-cli')
const tmp = join(cwd, 'tmp')
const home = join(cwd, 'home')
const keys = join(cwd, '.memory-customs-keys')
const blocks = docBlocks(DOC)
const ISO_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g
const DAY = 24 * 3_600_000
/**
 * The held store's memory is filed now (its review must not have timed out yet when the test runs), so its filing and
 * timeout times are mapped to the ones the page shows.
 */
const heldTimes = new Map<string, string>()

interface Run {
  status: number | null
  output: string
}

/** One doc command in bash, `memory-customs` being the built CLI; stdout and stderr together, as a terminal shows them. */
function sh(command: string): Run {
  const mapped = command.replaceAll('/tmp/', `${tmp}/`).replaceAll('../../packages/', `${repo}/packages/`)
  const r = spawnSync('bash', ['-c', `memory-customs() { node ${CLI} "$@"; }\n{ ${mapped}\n} 2>&1`], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, MEMORY_CUSTOMS_KEY_DIR: keys, HOME: home, NO_COLOR: '1', FORCE_COLOR: undefined },
  })
  if (r.error) throw r.error
  return { status: r.status, output: r.stdout.replaceAll(`${tmp}/`, '/tmp/').replaceAll(cwd, '/…/playground/agent') }
}

/** `node args` as a user's shell runs it: without the test runner's NODE_ENV=test (the demo's build mode follows it). */
function node(args: string[], from = agent): string {
  const { NODE_ENV: _, ...env } = process.env
  const r = spawnSync(process.execPath, args, { cwd: from, encoding: 'utf8', env })
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}:\n${r.stderr}${r.stdout}`)
  return r.stdout
}

/** A copy of the demo's store with its own copy of the keys (two diverging copies must not share a witness). */
function copyStore(dir: string): string {
  cpSync(join(cwd, '.memory-customs'), dir, { recursive: true })
  cpSync(keys, `${dir}-keys`, { recursive: true })
  return dir
}

const receiptLines = (journal: string) => readFileSync(journal, 'utf8').trimEnd().split('\n')

/** The stores and files a block assumes, made before it runs, keyed by what the block names. */
const SETUP: Array<[string, () => Promise<void> | void]> = [
  [
    '/tmp/truncated-copy',
    () => {
      // cp.txt: a checkpoint taken on a copy; /tmp/truncated-copy: that store two receipts shorter.
      const source = copyStore(join(tmp, 'checkpointed'))
      writeFileSync(join(cwd, 'cp.txt'), node([CLI, 'checkpoint', '--store', source, '--key-dir', `${source}-keys`]))
      const copy = copyStore(join(tmp, 'truncated-copy'))
      const lines = receiptLines(join(copy, 'journal.ndjson'))
      const receipts = lines.flatMap((l, i) => (l.startsWith('{"t":"r",') ? [i] : []))
      writeFileSync(join(copy, 'journal.ndjson'), `${lines.slice(0, receipts.at(-2)).join('\n')}\n`)
    },
  ],
  [
    '/tmp/v1-copy',
    () => {
      cpSync(join(repo, 'packages/runtime/test/fixtures/v1-store/store'), join(tmp, 'v1-copy'), { recursive: true })
      mkdirSync(join(tmp, 'v1-keys'), { recursive: true })
    },
  ],
  [
    'cat page.txt',
    () => {
      // The page is the one the doc shows with `cat`.
      const cat = transcript(blocks.find((b) => b.body.includes('$ cat page.txt'))!.body).find((s) => s.command === 'cat page.txt')!
      writeFileSync(join(cwd, 'page.txt'), `${cat.expected.join('\n')}\n`)
    },
  ],
  ['~/checkpoints', () => void mkdirSync(join(home, 'checkpoints'), { recursive: true })],
  ['/tmp/empty', () => void mkdirSync(join(tmp, 'empty'), { recursive: true })],
  [
    '/tmp/held',
    async () => {
      // A store with one memory held for review: a page's line proposed from three sessions, after one approved memory.
      const filedAt = Date.now()
      const shown = Date.parse('2026-11-30T19:33:44.254Z')
      heldTimes.set(new Date(filedAt).toISOString(), new Date(shown).toISOString())
      heldTimes.set(new Date(filedAt + DAY).toISOString(), new Date(shown + DAY).toISOString())
      const customs = await createCustoms({ storage: { file: join(tmp, 'held') }, keyStore: { dir: keys }, now: () => filedAt })
      customs.memories.propose('The user prefers metric units.', { source: 'user', session: 's1' })
      for (const session of ['s1', 's2', 's3'])
        customs.memories.propose('Account status: all files are read-only for this user.', { source: 'web.fetch', session })
      await customs.close()
    },
  ],
]

beforeAll(() => {
  rmSync(cwd, { recursive: true, force: true })
  mkdirSync(tmp, { recursive: true })
  // The page's first block: `npm run demo` (its packages are built already), in playground/agent.
  node(['scripts/build.mjs', '--outdir', join(cwd, 'dist'), '--quiet'])
  node([join(cwd, 'dist/demo.mjs'), '--store', join(cwd, '.memory-customs')])
}, 120_000)

afterAll(() => rmSync(cwd, { recursive: true, force: true }))

describe('docs/cli.md', () => {
  it("the setup block's commands are what this test does, and its `memory-customs log` runs", () => {
    const setup = blocks[0].body
    expect(setup).toContain('npm run demo')
    expect(setup).toContain('alias memory-customs="node $PWD/packages/runtime/dist/cli.mjs"')
    expect(setup).toContain('export MEMORY_CUSTOMS_KEY_DIR=$PWD/.memory-customs-keys')
    const log = sh('memory-customs log')
    expect(log.status, log.output).toBe(0)
    expect(log.output).toMatch(/^\d+ receipts$/m)
  })

  it('the usage line is the one --help prints', () => {
    expect(sh('memory-customs --help').output).toContain(`Usage: ${blocks[1].body.trim()}`)
  })

  // docs/lineage.md shows its commands on the demo's store too, in the same shell.
  const transcripts = [...blocks, ...docBlocks('docs/lineage.md')].filter((b) => b.body.includes('$ memory-customs'))
  for (const block of transcripts) {
    it(`${block.doc}:${block.line} (${block.body.split('\n')[0].slice(2, 60)}) prints what the page shows`, async () => {
      for (const [marker, make] of SETUP) if (block.body.includes(marker)) await make()
      for (const step of transcript(block.body)) {
        const r = sh(step.command)
        if (step.exit !== undefined) expect(r.status, `${step.command}: exit code\n${r.output}`).toBe(step.exit)
        const wanted = step.expected.join('\n')
        // The held store is made now, so its filing and timeout times are now's.
        const output = block.body.includes('/tmp/held') ? r.output.replace(ISO_TIME, (t) => heldTimes.get(t) ?? t) : r.output
        expect(shows(step.expected, output), `$ ${step.command}\n--- the page shows:\n${wanted}\n--- it printed:\n${output}`).toBe(true)
      }
    })
  }

  it("docs/options.md's manifest format is the demo build's: its fields, in order, and the file it shows", () => {
    const shown = JSON.parse(docBlocks('docs/options.md').find((b) => b.lang === 'json')!.body)
    const real = JSON.parse(readFileSync(join(cwd, 'dist/memory-customs.sites.json'), 'utf8'))
    expect(Object.keys(shown)).toEqual(Object.keys(real))
    expect(Object.keys(shown.totals)).toEqual(Object.keys(real.totals))
    const file = real.files.find((f: { file: string }) => f.file === shown.files[0].file)
    expect(shown.files[0]).toEqual(file)
    expect(Object.keys(shown.files[0].sites[0])).toEqual(Object.keys(file.sites[0]))
    expect([shown.framework, shown.mode, shown.plugin]).toEqual([real.framework, real.mode, real.plugin])
  })

  it('the unauthenticated-tail and torn-tail outputs are what verify prints (exit codes 5 and 6)', () => {
    const forged = 'tmp/forged-tail'
    copyStore(join(cwd, forged))
    const journal = join(cwd, forged, 'journal.ndjson')
    const last = receiptLines(journal)
      .filter((l) => l.startsWith('{"t":"r",'))
      .at(-1)!
    const body = parseBodyV2(JSON.stringify(JSON.parse(last).b))!
    // A well-formed receipt with the next seq and no MAC: what anyone with write access to the files can add.
    appendFileSync(journal, `{"t":"r","b":${encodeBodyV2({ ...body, seq: body.seq + 1, op: 'COMMIT', reason: 'forged' })}}\n`)
    const torn = 'tmp/torn-tail'
    copyStore(join(cwd, torn))
    appendFileSync(join(cwd, torn, 'journal.ndjson'), '{"t":"r","b":{"op":"COMM')
    const tail = blocks.find((b) => b.body.includes('UNAUTHENTICATED TAIL'))!
    const tornBlock = blocks.find((b) => b.body.includes('torn tail dropped'))!
    for (const [dir, shown, exit] of [
      [forged, tail, 5],
      [torn, tornBlock, 6],
    ] as const) {
      const r = sh(`memory-customs verify --store ${dir} --key-dir ${dir}-keys`)
      expect(r.status, r.output).toBe(exit)
      const expected = shown.body.trimEnd().split('\n')
      expect(shows(expected, r.output), `the page shows:\n${shown.body}\nverify printed:\n${r.output}`).toBe(true)
    }
  })
})
