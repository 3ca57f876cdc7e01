import { createHash } from 'node:crypto'
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCustoms } from 'memory-customs'
import { encodeBodyV2, parseBodyV2 } from 'memory-customs/verify'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { buildDemo, repoRoot, run, runAsync, runDemoJson, scratch, sourceLine } from './helpers'

// The built `memory-customs` bin (packages/runtime/dist/cli.mjs) against the store the demo leaves behind.
const CLI = join(repoRoot, 'packages', 'runtime', 'dist', 'cli.mjs')
const work = scratch('cli-test')
const store = join(work, 'store')
/** The demo keeps its keys beside its store (`<store>-keys`); copies made here get their own copy of them. */
const keys = `${store}-keys`
const V1_FIXTURE = join(repoRoot, 'packages', 'runtime', 'test', 'fixtures', 'v1-store')
const manifest = join(work, 'dist', 'memory-customs.sites.json')
const RISK_LINE = sourceLine('src/tools/risk.ts', 'decision.commit(')
let demo: Array<Record<string, any>> = []
let total = 0

/** `--key-dir` for the store named in `args`: its own `<dir>-keys` when there is one, else the demo's keys. */
const withKeys = (args: string[]) => {
  if (args.includes('--key-dir')) return args
  const at = args.indexOf('--store')
  const own = at >= 0 ? `${args[at + 1]}-keys` : ''
  return [...args, '--key-dir', own && existsSync(own) ? own : keys]
}
const cli = (...args: string[]) => run(process.execPath, [CLI, ...withKeys(args)])
const cliAsync = (...args: string[]) => runAsync(process.execPath, [CLI, ...withKeys(args)])
/** Without any --key-dir: the CLI's default key store, from the given environment. */
const cliEnv = (env: Record<string, string | undefined>, ...args: string[]) => run(process.execPath, [CLI, ...args], { env })
const json = (...args: string[]) => {
  const r = cli(...args, '--json')
  if (r.status !== 0) throw new Error(`memory-customs ${args.join(' ')} exited ${r.status}: ${r.stderr}`)
  return JSON.parse(r.stdout)
}
const jsonAsync = async (...args: string[]) => {
  const r = await cliAsync(...args, '--json')
  if (r.status !== 0) throw new Error(`memory-customs ${args.join(' ')} exited ${r.status}: ${r.stderr}`)
  return JSON.parse(r.stdout)
}
/**
 * A private copy of the demo's store, for commands that write, with a private copy of its keys: the witness
 * kept beside the keys follows the chain's head, so two diverging copies must not share one.
 */
const copyStore = (name: string, from = store) => {
  const dir = join(work, name)
  cpSync(from, dir, { recursive: true })
  cpSync(existsSync(`${from}-keys`) ? `${from}-keys` : keys, `${dir}-keys`, { recursive: true })
  return dir
}

beforeAll(() => {
  demo = runDemoJson(buildDemo(join(work, 'dist')), store)
  // The last step writes the store's last receipts.
  total = demo
    .filter((l) => typeof l.step === 'number')
    .at(-1)!
    .receipts.at(-1).seq
})

describe('memory-customs help, version and usage errors', () => {
  it('--help lists every command and the exit codes', () => {
    const r = cli('--help')
    expect(r.status).toBe(0)
    const names = ['log', 'show', 'verify', 'at', 'diff', 'rollback', 'sites', 'export', 'health', 'metrics', 'checkpoint', 'migrate']
    for (const c of [...names, 'memories', 'review', 'scan']) expect(r.stdout).toMatch(new RegExp(`^  ${c} `, 'm'))
    expect(r.stdout).toMatch(/0 +success/)
    expect(r.stdout).toMatch(/3 +store missing/)
    expect(r.stdout).toMatch(/4 +keys missing/)
    expect(r.stdout).toMatch(/5 +verify: ok, but the chain ends in an unauthenticated tail/)
    expect(r.stdout).toMatch(/6 +verify: ok, but a torn tail/)
    expect(r.stdout).toMatch(/7 +scan: the text would be held for review/)
    expect(r.stdout).toContain('--key-dir <dir>')
  })

  it('every command has its own --help', async () => {
    const cases = [
      ['log', 'log [--key <key>]'],
      ['show', 'show <seq>'],
      ['verify', 'verify [--checkpoint <file>] [--values]'],
      ['at', 'at <seq> [key]'],
      ['diff', 'diff <seqA> <seqB>'],
      ['rollback', 'rollback (--to <seq> | --tool <tool> | --call <callId> | --file <file>) [--dry-run]'],
      ['sites', 'sites <manifest> [--coverage]'],
      ['export', 'export --ndjson'],
      ['health', 'health'],
      ['metrics', 'metrics'],
      ['checkpoint', 'checkpoint'],
      ['migrate', 'migrate'],
      ['memories', 'memories [--all]'],
      ['review', 'review [--approve <id> | --reject <id> | --sweep] [--by <name>]'],
      ['scan', 'scan <file|->'],
    ]
    const results = await Promise.all(cases.map(([c]) => cliAsync(c, '--help')))
    cases.forEach(([c, synopsis], i) => {
      expect(results[i].status, c).toBe(0)
      expect(results[i].stdout, c).toContain(`Usage: memory-customs ${synopsis}`)
    })
    expect(cli('help', 'rollback').stdout).toBe(results[5].stdout)
  })

  it('--version prints the package version', () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'packages', 'runtime', 'package.json'), 'utf8'))
    expect(cli('--version').stdout.trim()).toBe(pkg.version)
  })

  it('exits 2 on usage errors, naming what is wrong', async () => {
    const cases: Array<[string[], RegExp]> = [
      [[], /no command given/],
      [['bogus'], /unknown command "bogus"/],
      [['log', '--bogus', '--store', store], /--bogus/],
      [['show', '--store', store], /show needs 1 argument/],
      [['show', 'abc', '--store', store], /<seq> must be a receipt number/],
      [['show', '999', '--store', store], /no receipt 999/],
      [['at', '999', '--store', store], /beyond the last receipt/],
      [['diff', '1', '--store', store], /diff needs 2 arguments/],
      [['log', '--since', 'yesterday-ish', '--store', store], /--since must be/],
      [['rollback', '--store', store], /needs a target/],
      [['rollback', '--tool', 'a', '--call', 'b', '--store', store], /one rollback target, not --tool and --call/],
      [['rollback', '--to', 'x', '--store', store], /--to must be a receipt number/],
      [['export', '--store', store], /needs --ndjson/],
      [['sites', join(work, 'missing.json'), '--store', store], /cannot read/],
      [['verify', '--checkpoint', join(work, 'missing.txt'), '--store', store], /cannot read/],
    ]
    const results = await Promise.all(cases.map(([args]) => cliAsync(...args)))
    cases.forEach(([args, message], i) => {
      expect(results[i].status, args.join(' ')).toBe(2)
      expect(results[i].stderr, args.join(' ')).toMatch(message)
    })
  })

  it('exits 3 for a missing store, a foreign directory or a file, and says so in JSON with --json', () => {
    const missing = cli('log', '--store', join(work, 'nope'))
    expect(missing.status).toBe(3)
    expect(missing.stderr).toMatch(/no store at .*nope/)
    const foreign = cli('verify', '--store', join(repoRoot, 'playground', 'agent', 'src'))
    expect(foreign.status).toBe(3)
    expect(foreign.stderr).toMatch(/is not a memory-customs store: no journal\.ndjson/)
    const file = cli('health', '--store', manifest)
    expect(file.status).toBe(3)
    expect(file.stderr).toMatch(/is not a directory/)
    const asJson = cli('log', '--json', '--store', join(work, 'nope'))
    expect(asJson.status).toBe(3)
    expect(JSON.parse(asJson.stderr)).toMatchObject({ error: { code: 'STORE_MISSING', exitCode: 3 } })
  })
})

describe('memory-customs reading the demo store', () => {
  it('log lists every receipt with file:line, without colour off a terminal', () => {
    const r = cli('log', '--store', store)
    expect(r.status).toBe(0)
    expect(r.stdout).not.toContain('\u001b[')
    expect(r.stdout).toContain(`src/tools/risk.ts:${RISK_LINE}`)
    expect(r.stdout).toContain(`${total} receipts`)
    const all = json('log', '--store', store)
    expect(all.map((x: any) => x.seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1))
  })

  it('log filters by file, call, key, op and since', async () => {
    const [byFile, byCall, byKey, byOp, bySeq, late] = await Promise.all([
      jsonAsync('log', '--file', 'src/tools/risk.ts', '--store', store),
      jsonAsync('log', '--call', 'call-quote-2', '--store', store),
      jsonAsync('log', '--key', 'risk_profile', '--store', store),
      jsonAsync('log', '--op', 'refused', '--store', store),
      jsonAsync('log', '--since', String(total - 2), '--store', store),
      jsonAsync('log', '--since', '2026-03-02T09:05:00Z', '--store', store),
    ])
    expect(byFile).toHaveLength(1)
    expect(byFile[0]).toMatchObject({
      op: 'REFUSED',
      key: 'risk_profile',
      reason: 'COMMIT:WRITE_ONCE',
      site: { file: 'src/tools/risk.ts', line: RISK_LINE },
    })
    expect(byCall.map((x: any) => x.op)).toEqual(['STORE'])
    expect(byKey.map((x: any) => x.op)).toEqual(['COMMIT', 'REFUSED'])
    expect(byOp.map((x: any) => x.reason)).toEqual(['COMMIT:WRITE_ONCE', 'READ:ACCESS_DENIED'])
    expect(bySeq.map((x: any) => x.seq)).toEqual([total - 1, total])
    expect(late.length).toBeGreaterThan(0)
    expect(late.every((x: any) => x.ts >= '2026-03-02T09:05:00')).toBe(true)
    expect(late[0].seq).toBe(demo.find((l) => l.step === 4)!.plan.seq)
  })

  it('show prints one receipt with its site and the values behind its commitments', () => {
    const seq = demo.find((l) => l.step === 2)!.receipt.seq
    const r = cli('show', String(seq), '--store', store)
    expect(r.status).toBe(0)
    expect(r.stdout).toMatch(new RegExp(`site +src/tools/risk\\.ts:${RISK_LINE}:\\d+ \\(fallbackToAggressive\\)`))
    expect(r.stdout).toMatch(/reason +COMMIT:WRITE_ONCE/)
    const j = json('show', String(seq), '--store', store)
    expect(j.receipt).toMatchObject({ seq, op: 'REFUSED' })
    expect(j.values.old.value).toBe('conservative')
  })

  it('verify passes on the demo store, with the authenticated range, and fails on the tampered copy with its seq and code (exit 1)', () => {
    const ok = cli('verify', '--store', store)
    expect(ok.status).toBe(0)
    expect(ok.stdout).toContain(`ok: ${total} receipts verified`)
    expect(ok.stdout).toContain(`authenticated: receipts 1..${total} (MAC under the store's key)`)
    expect(ok.stdout).not.toContain('legacy')
    expect(json('verify', '--store', store)).toEqual({
      ok: true,
      checked: total,
      authenticatedThrough: total,
      legacy: 0,
      unauthenticatedTail: null,
      truncatedTail: null,
    })
    const copy = demo.find((l) => l.step === 6)!.tamperedCopy
    const bad = cli('verify', '--store', copy.location)
    expect(bad.status).toBe(1)
    expect(bad.stdout).toContain(`FAILED at seq ${copy.seq}: BAD_MAC`)
    expect(bad.stdout).toContain(`authenticated: receipts 1..${copy.seq - 1}`)
    const badJson = cli('verify', '--json', '--store', copy.location)
    expect(badJson.status).toBe(1)
    expect(JSON.parse(badJson.stdout)).toMatchObject({ ok: false, firstFailure: { seq: copy.seq, code: 'BAD_MAC' } })
  })

  it('verify --values decrypts every value record; the demo store passes', () => {
    const r = cli('verify', '--values', '--store', store)
    expect(r.status).toBe(0)
    expect(r.stdout).toContain(`ok: ${total} receipts verified, values decrypted and checked`)
  })

  it('the quote rewritten at rest (step 5): verify names BAD_VALUE at its STORE seq; show prints the typed error, not the value', async () => {
    const s5 = demo.find((l) => l.step === 5)!
    const poisoned = s5.atRest.location
    const seq = s5.store.seq
    const [v, vv, shown, shownJson, health, at] = await Promise.all([
      cliAsync('verify', '--store', poisoned),
      cliAsync('verify', '--values', '--json', '--store', poisoned),
      cliAsync('show', String(seq), '--store', poisoned),
      cliAsync('show', String(seq), '--json', '--store', poisoned),
      cliAsync('health', '--json', '--store', poisoned),
      cliAsync('at', String(seq), 'portfolio.quote/call-quote-2', '--store', poisoned),
    ])
    expect(v.status).toBe(1)
    expect(v.stdout).toContain(`FAILED at seq ${seq}: BAD_VALUE`)
    expect(vv.status).toBe(1)
    expect(JSON.parse(vv.stdout).firstFailure).toMatchObject({ seq, code: 'BAD_VALUE' })
    expect(shown.status).toBe(1)
    expect(shown.stdout).toMatch(
      new RegExp(`new +\\S+  \\(VALUE_INTEGRITY: the stored value of receipt ${seq} does not match its commitment`),
    )
    expect(shown.stdout + shown.stderr).not.toMatch(/410\.5|\n +at /)
    expect(JSON.parse(shownJson.stdout).values.new).toEqual({
      error: { code: 'VALUE_INTEGRITY', seq, message: expect.stringContaining(`receipt ${seq}`) },
    })
    expect(JSON.parse(health.stdout).storage.readOnly).toMatch(`receipt ${seq} (BAD_VALUE`)
    expect(at.status).toBe(1)
    // (A point-in-time read does not know the receipt: the runtime's message says "receipt 0" there.)
    expect(at.stderr).toMatch(/^memory-customs: VALUE_INTEGRITY: the stored value of receipt \d+ does not match its commitment/)
    expect(at.stderr).not.toMatch(/410\.5|\n +at /)
    // A write on the read-only store is refused by the runtime: exit 1, with the typed error.
    const dir = copyStore('poisoned-rollback', poisoned)
    const rb = cli('rollback', '--to', '1', '--store', dir)
    expect(rb.status).toBe(1)
    expect(rb.stderr).toMatch(/rollback refused: .*open for reading only/)
  })

  it('at travels in time; diff shows what changed between two receipts', async () => {
    const promoted = demo.find((l) => l.step === 4)!.promote.seq
    const [atPromoted, atBefore, atResult, atZero, atAll, text, d, dText] = await Promise.all([
      jsonAsync('at', String(promoted), 'portfolio_quote', '--store', store),
      jsonAsync('at', String(promoted - 1), 'portfolio_quote', '--store', store),
      jsonAsync('at', String(promoted), 'portfolio.quote/call-quote-1', '--store', store),
      jsonAsync('at', '0', '--store', store),
      jsonAsync('at', String(promoted), '--store', store),
      cliAsync('at', String(promoted), 'portfolio_quote', '--store', store),
      jsonAsync('diff', String(promoted - 1), String(promoted), '--store', store),
      cliAsync('diff', String(promoted - 1), String(promoted), '--store', store),
    ])
    expect(atPromoted.value).toMatchObject({ symbol: 'ACME' })
    expect(atBefore.value).toBeNull()
    expect(atResult.value).toMatchObject({ price: 182.4 })
    expect(atZero.state).toEqual({})
    expect(atAll.state['decision:risk_profile']).toBe('conservative')
    expect(text.stdout).toMatch(/^portfolio_quote = \{.*"ACME"/)
    expect(d.changes).toEqual([{ key: 'decision:portfolio_quote', before: null, after: expect.objectContaining({ symbol: 'ACME' }) }])
    expect(dText.stdout).toMatch(/decision:portfolio_quote: \(none\) -> \{/)
  })

  it('sites --coverage says which instrumented sites produced receipts and which never ran', () => {
    const c = json('sites', manifest, '--coverage', '--store', store)
    // 5 pool writes (src/memory.ts, src/tools/risk.ts), the 4 calls of AgentMemory's @memoryWrite wrappers
    // (src/agent/agent.ts) and the memory proposals of steps 8-10 (src/demo/*). The writes inside the wrappers
    // produce receipts that name their callers: they ran because a call to their wrapper did (its `wraps`).
    expect(c.coverage).toEqual({ sites: 20, ran: 20, neverRan: 0, unsupported: 0 })
    expect(c.sites.filter((s: any) => s.file === 'src/memory.ts').map((s: any) => s.receipts)).toEqual([0, 0, 0, 0])
    expect(c.sites.find((s: any) => s.file === 'src/tools/risk.ts')).toMatchObject({ line: RISK_LINE, receipts: 1, key: 'risk_profile' })
    const text = cli('sites', manifest, '--coverage', '--store', store)
    expect(text.stdout).toContain('coverage: 20 of 20 instrumented sites produced receipts')
  })

  it('sites --coverage lists the sites that never ran in a store that saw none of them', async () => {
    const empty = join(work, 'empty-store')
    const customs = await createCustoms({ storage: { file: empty }, keyStore: { dir: `${empty}-keys` } })
    await customs.close()
    const c = json('sites', manifest, '--coverage', '--store', empty)
    expect(c.coverage).toMatchObject({ sites: 20, ran: 0, neverRan: 20 })
    const text = cli('sites', manifest, '--coverage', '--store', empty)
    expect(text.stdout).toContain('never ran:')
    expect(text.stdout).toContain(`src/tools/risk.ts:${RISK_LINE}:`)
    writeFileSync(join(work, 'not-a-manifest.json'), '{"hello": 1}')
    expect(cli('sites', join(work, 'not-a-manifest.json'), '--store', store).status).toBe(2)
  })

  it('export --ndjson writes the exact hashed bytes: hashes and links recompute', () => {
    const r = cli('export', '--ndjson', '--store', store)
    expect(r.status).toBe(0)
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines).toHaveLength(total)
    const journal = readFileSync(join(store, 'journal.ndjson'), 'utf8')
    const b64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64url')
    let prev: string | null = null
    for (const [i, l] of lines.entries()) {
      expect(l).toMatchObject({ seq: i + 1, v: 2 })
      expect(parseBodyV2(l.body)?.seq).toBe(l.seq)
      expect(journal).toContain(`{"t":"r","b":${l.body},"m":"${l.mac}"}`)
      const hash = createHash('sha256')
        .update(`\0${b64(l.prev)}${l.body}`)
        .digest('hex')
      expect(hash).toBe(l.hash)
      if (prev !== null) expect(l.prev).toBe(prev)
      prev = hash
    }
  })

  it('health and metrics report the store', () => {
    const h = json('health', '--store', store)
    // Step 2's refused fallback write and step 9's refused cross-agent read; steps 7 and 10 roll back.
    expect(h).toMatchObject({ receipts: total, refused: 2, rollbacks: 2 })
    expect(cli('health', '--store', store).stdout).toMatch(/^refusedByCode\.WRITE_ONCE: 1$/m)
    expect(cli('health', '--store', store).stdout).toMatch(/^refusedByCode\.ACCESS_DENIED: 1$/m)
    const m = cli('metrics', '--store', store)
    expect(m.status).toBe(0)
    expect(m.stdout).toMatch(new RegExp(`^memory_customs_receipts ${total}$`, 'm'))
  })
})

describe('memory-customs writing: rollback and checkpoints', () => {
  it('rollback --dry-run prints the diff and writes nothing, without the writer lock (next to a live writer)', async () => {
    const dir = copyStore('dry-run')
    const holder = await createCustoms({ storage: { file: dir }, keyStore: { dir: `${dir}-keys` } })
    try {
      const r = cli('rollback', '--call', 'call-web-1', '--dry-run', '--store', dir)
      expect(r.status).toBe(0)
      expect(r.stdout).toMatch(/dry run: would change 1 entry/)
      expect(r.stdout).toContain('execution:web.fetch/call-web-1')
    } finally {
      await holder.close()
    }
    expect(json('log', '--store', dir)).toHaveLength(total)
  })

  it('rollback --to appends compensating receipts, and the chain still verifies', () => {
    const dir = copyStore('rollback-to')
    const r = json('rollback', '--to', '1', '--store', dir)
    expect(r.dryRun).toBe(false)
    expect(r.receipts.at(-1).op).toBe('ROLLBACK')
    expect(json('at', String(total + r.receipts.length), '--store', dir).state).toEqual({ 'decision:risk_profile': 'conservative' })
    expect(cli('verify', '--store', dir).status).toBe(0)
    expect(json('log', '--store', dir)).toHaveLength(total + r.receipts.length)
  })

  it('rollback --file undoes the writes made from one source file', () => {
    const dir = copyStore('rollback-file')
    const r = json('rollback', '--file', 'src/agent/agent.ts', '--dry-run', '--store', dir)
    expect(r.diff.length).toBeGreaterThan(0)
  })

  it('a store held by a live writer: rollback exits 3, reading still works', async () => {
    const dir = copyStore('locked')
    const holder = await createCustoms({ storage: { file: dir }, keyStore: { dir: `${dir}-keys` } })
    try {
      const r = cli('rollback', '--to', '1', '--store', dir)
      expect(r.status).toBe(3)
      expect(r.stderr).toMatch(/cannot open the store at .*locked/)
      expect(cli('log', '--store', dir).status).toBe(0)
    } finally {
      await holder.close()
    }
  })

  it('checkpoint prints a signed note; verify --checkpoint passes, and detects a truncated copy', () => {
    const dir = copyStore('checkpointed')
    const r = cli('checkpoint', '--store', dir)
    expect(r.status).toBe(0)
    const note = join(work, 'checkpoint.txt')
    writeFileSync(note, r.stdout)
    expect(r.stdout.split('\n')[1]).toBe(String(total))
    const ok = cli('verify', '--checkpoint', note, '--store', dir)
    expect(ok.status).toBe(0)
    expect(ok.stdout).toContain('against the checkpoint')
    // An older copy of the store (two receipts shorter) checked against the newer checkpoint.
    const old = copyStore('truncated')
    const journal = join(old, 'journal.ndjson')
    const lines = readFileSync(journal, 'utf8').split('\n')
    const receiptLines = lines.map((l, i) => (l.startsWith('{"t":"r",') ? i : -1)).filter((i) => i >= 0)
    writeFileSync(journal, `${lines.slice(0, receiptLines.at(-2)).join('\n')}\n`)
    const truncated = cli('verify', '--json', '--checkpoint', note, '--store', old)
    expect(truncated.status).toBe(1)
    expect(JSON.parse(truncated.stdout).firstFailure.code).toBe('TRUNCATED')
  })
})

describe('memory-customs and the key store', () => {
  it('a missing key set is exit 4, naming where it looked; --key-dir and MEMORY_CUSTOMS_KEY_DIR find the keys', () => {
    const empty = mkdtempSync(join(tmpdir(), 'memory-customs-no-keys-'))
    onTestFinished(() => rmSync(empty, { recursive: true, force: true }))
    const missing = cli('log', '--store', store, '--key-dir', empty)
    expect(missing.status).toBe(4)
    expect(missing.stderr).toContain(`are not in the key store at ${empty}`)
    expect(missing.stderr).toMatch(/--key-dir <dir>/)
    const asJson = cli('verify', '--json', '--store', store, '--key-dir', empty)
    expect(asJson.status).toBe(4)
    expect(JSON.parse(asJson.stderr)).toMatchObject({ error: { code: 'KEYS_MISSING', exitCode: 4 } })
    const fromEnv = cliEnv({ MEMORY_CUSTOMS_KEY_DIR: keys }, 'verify', '--store', store)
    expect(fromEnv.status).toBe(0)
    const wrongEnv = cliEnv({ MEMORY_CUSTOMS_KEY_DIR: empty }, 'log', '--store', store)
    expect(wrongEnv.status).toBe(4)
    expect(wrongEnv.stderr).toContain(empty)
  })

  it('verify: receipts appended without the key are an unauthenticated tail (exit 5)', () => {
    const dir = copyStore('forged-tail')
    const journal = join(dir, 'journal.ndjson')
    const last = readFileSync(journal, 'utf8')
      .trimEnd()
      .split('\n')
      .filter((l) => l.startsWith('{"t":"r",'))
      .at(-1)!
    const body = parseBodyV2(JSON.stringify(JSON.parse(last).b))!
    // A well-formed receipt with the right seq and no MAC: what anyone with write access to the files can add.
    appendFileSync(journal, `{"t":"r","b":${encodeBodyV2({ ...body, seq: total + 1, op: 'COMMIT', reason: 'forged' })}}\n`)
    const r = cli('verify', '--store', dir)
    expect(r.status).toBe(5)
    expect(r.stdout).toContain(`ok: ${total + 1} receipts verified`)
    expect(r.stdout).toContain(`authenticated: receipts 1..${total} `)
    expect(r.stdout).toContain(`UNAUTHENTICATED TAIL: receipts ${total + 1}..${total + 1} were not written with this store's key`)
    const j = cli('verify', '--json', '--store', dir)
    expect(j.status).toBe(5)
    expect(JSON.parse(j.stdout)).toMatchObject({
      ok: true,
      authenticatedThrough: total,
      unauthenticatedTail: { from: total + 1, to: total + 1 },
    })
  })

  it('verify: a torn tail dropped when reading the journal is said, with exit 6', () => {
    const dir = copyStore('torn-tail')
    const torn = '{"t":"r","b":{"op":"COMM'
    appendFileSync(join(dir, 'journal.ndjson'), torn)
    const r = cli('verify', '--store', dir)
    expect(r.status).toBe(6)
    expect(r.stdout).toContain(`ok: ${total} receipts verified`)
    expect(r.stdout).toContain(`torn tail dropped when reading the journal: torn tail: an unterminated last line of ${torn.length} bytes`)
    expect(JSON.parse(cli('verify', '--json', '--store', dir).stdout).truncatedTail).toMatchObject({ bytes: torn.length })
  })

  it('migrate on a format-2 store says so and writes nothing', () => {
    const dir = copyStore('migrate-v2')
    const before = readFileSync(join(dir, 'journal.ndjson'))
    const r = cli('migrate', '--store', dir)
    expect(r.status).toBe(0)
    expect(r.stdout).toContain('already format 2')
    expect(readFileSync(join(dir, 'journal.ndjson')).equals(before)).toBe(true)
  })
})

describe('memory-customs on a store written by the first release (format 1)', () => {
  const expected = JSON.parse(readFileSync(join(V1_FIXTURE, 'expected.json'), 'utf8'))
  const size = readFileSync(join(V1_FIXTURE, 'store', 'journal.ndjson'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{"t":"receipt"')).length
  /** A private copy of the fixture with an empty key directory (the fixture itself is never touched). */
  const v1Copy = (name: string) => {
    const root = mkdtempSync(join(tmpdir(), `memory-customs-v1-${name}-`))
    onTestFinished(() => rmSync(root, { recursive: true, force: true }))
    cpSync(join(V1_FIXTURE, 'store'), join(root, 'store'), { recursive: true })
    return { dir: join(root, 'store'), keyDir: join(root, 'keys') }
  }

  it('verify reports its receipts as legacy (exit 0) and does not migrate it', () => {
    const { dir, keyDir } = v1Copy('verify')
    const before = readFileSync(join(dir, 'journal.ndjson'))
    const r = cli('verify', '--store', dir, '--key-dir', keyDir)
    expect(r.status).toBe(0)
    expect(r.stdout).toContain(`ok: ${size} receipts verified`)
    expect(r.stdout).toContain(`legacy: ${size} format-1 receipts`)
    expect(r.stdout).toContain('authenticated: none')
    expect(JSON.parse(cli('verify', '--json', '--store', dir, '--key-dir', keyDir).stdout)).toMatchObject({
      ok: true,
      checked: size,
      legacy: size,
      authenticatedThrough: 0,
      unauthenticatedTail: null,
    })
    expect(readFileSync(join(dir, 'journal.ndjson')).equals(before)).toBe(true)
    expect(expected).toBeTruthy()
  })

  it('migrate imports its keys into the key store and writes a MIGRATE receipt; the store then verifies in format 2', () => {
    const { dir, keyDir } = v1Copy('migrate')
    const r = cli('migrate', '--store', dir, '--key-dir', keyDir)
    expect(r.status, r.stderr).toBe(0)
    expect(r.stdout).toContain('migrated')
    const chainKeys = readdirSync(keyDir).filter((f) => /^[0-9a-f]+\.json$/.test(f))
    expect(chainKeys).toHaveLength(1)
    expect(r.stdout).toContain(`keys:      imported from the journal into ${join(keyDir, chainKeys[0])}`)
    expect(r.stdout).toContain(`MIGRATE:   receipt #${size + 1} (receipts 1..${size} are legacy, format 1)`)
    const log = json('log', '--op', 'MIGRATE', '--store', dir, '--key-dir', keyDir)
    expect(log.map((x: any) => x.seq)).toEqual([size + 1])
    const v = json('verify', '--store', dir, '--key-dir', keyDir)
    expect(v).toMatchObject({ ok: true, checked: size + 1, legacy: size, authenticatedThrough: size + 1, unauthenticatedTail: null })
    const again = cli('migrate', '--json', '--store', dir, '--key-dir', keyDir)
    expect(again.status).toBe(0)
    expect(JSON.parse(again.stdout)).toMatchObject({ migrated: false, migrateSeq: size + 1, legacy: size, keysImported: false })
  })
})
