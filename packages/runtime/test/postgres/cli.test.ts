// The CLI on a PostgreSQL store (issue 12: "verify() and the CLI verify a PostgreSQL store; memory-customs export of a
// PostgreSQL store verifies with the same code as a file store"): the built CLI run with `--store postgres://…` on a
// store that two processes' worth of Customs wrote, read-only by default, a rollback appended conditionally, and the
// export recomputed exactly as the file store's is.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCustoms } from '../../src/index.js'
import { parseBodyV2 } from '../../src/format/v2.js'
import { sharedOptions } from './options.js'
import { usePostgres } from './server.js'

const cliPath = join(import.meta.dirname, '../../dist/cli.mjs')

describe('memory-customs CLI on a PostgreSQL store', () => {
  const pg = usePostgres()
  const keyDir = mkdtempSync(join(tmpdir(), 'mc-pg-cli-keys-'))
  let url: string
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [cliPath, ...args, '--store', url, '--pg-store', 'agents', '--key-dir', keyDir], {
      encoding: 'utf8',
    })

  beforeAll(async () => {
    url = (await pg().createDatabase()).url
    const options = { ...sharedOptions(keyDir), storage: { postgres: { connectionString: url, store: 'agents' } } }
    // two writers of one chain, as two agent processes would be
    const a = await createCustoms(options)
    const b = await createCustoms(options)
    a.decision.commit('note', 'from a', { source: 'user' })
    b.execution.store('web_search', 'call-1', { hits: 3 })
    await Promise.all([a.flush(), b.flush()])
    b.decision.commit('budget', 120, { source: 'user' })
    await b.flush()
    // a value sealed with a subject's key, which lives in the database, not in the key directory
    await a.memories.propose('Prefers aisle seats.', { source: 'user', subject: 'user:alice' })
    await a.close()
    await b.close()
  })
  afterAll(() => rmSync(keyDir, { recursive: true, force: true }))

  it('verify, log and health read it without writing', () => {
    const v = cli('verify', '--json')
    expect(v.status, v.stderr).toBe(0)
    expect(JSON.parse(v.stdout)).toMatchObject({ ok: true, checked: 4 })
    // the subject's value decrypts with its key from the database
    const values = cli('verify', '--values', '--json')
    expect(values.status, values.stdout + values.stderr).toBe(0)
    expect(JSON.parse(values.stdout)).toMatchObject({ ok: true, checked: 4 })
    const log = JSON.parse(cli('log', '--json').stdout) as Array<{ seq: number; op: string; key: string }>
    expect(log.map((r) => [r.seq, r.op, r.key])).toEqual([
      [1, expect.any(String), expect.any(String)],
      [2, expect.any(String), expect.any(String)],
      [3, 'COMMIT', 'budget'],
      [4, 'PROPOSE', expect.any(String)],
    ])
    expect(JSON.parse(cli('health', '--json').stdout)).toMatchObject({ receipts: 4 })
    expect(JSON.parse(cli('verify', '--json').stdout)).toMatchObject({ checked: 4 })
  })

  it('export --ndjson: hashes and links recompute as for a file store', () => {
    const r = cli('export', '--ndjson')
    expect(r.status, r.stderr).toBe(0)
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { seq: number; v: number; hash: string; prev: string; body: string; mac: string })
    expect(lines.map((l) => l.seq)).toEqual([1, 2, 3, 4])
    const b64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64url')
    let prev: string | null = null
    for (const l of lines) {
      expect(l.v).toBe(2)
      expect(parseBodyV2(l.body)?.seq).toBe(l.seq)
      expect(l.mac).toMatch(/^[A-Za-z0-9_-]{43}$/)
      const hash = createHash('sha256')
        .update(`\0${b64(l.prev)}${l.body}`)
        .digest('hex')
      expect(hash).toBe(l.hash)
      if (prev !== null) expect(l.prev).toBe(prev)
      prev = hash
    }
  })

  it('rollback appends to the shared chain; a missing store, a wrong store name and missing keys are clear', async () => {
    const dry = cli('rollback', '--to', '2', '--dry-run', '--json')
    expect(dry.status, dry.stderr).toBe(0)
    expect(JSON.parse(cli('health', '--json').stdout)).toMatchObject({ receipts: 4 })
    const r = cli('rollback', '--to', '2', '--reason', 'budget was a typo', '--json')
    expect(r.status, r.stderr).toBe(0)
    // another process sees the rollback in the one chain
    const c = await createCustoms({ ...sharedOptions(keyDir), storage: { postgres: { connectionString: url, store: 'agents' } } })
    try {
      expect(c.size).toBeGreaterThan(4)
      expect(c.receipts({ op: 'ROLLBACK' })).toHaveLength(1)
      expect(c.decision.get('budget')).toBeUndefined()
      expect((await c.verify()).ok).toBe(true)
    } finally {
      await c.close()
    }
    const other = spawnSync(process.execPath, [cliPath, 'verify', '--store', url, '--pg-store', 'nobody', '--key-dir', keyDir], {
      encoding: 'utf8',
    })
    expect(other.status).toBe(3)
    expect(other.stderr).toContain('no memory-customs store at')
    expect(other.stderr).not.toContain(new URL(url).password || '\u0000')
    const emptyKeys = mkdtempSync(join(tmpdir(), 'mc-pg-cli-nokeys-'))
    const noKeys = spawnSync(process.execPath, [cliPath, 'verify', '--store', url, '--pg-store', 'agents', '--key-dir', emptyKeys], {
      encoding: 'utf8',
    })
    rmSync(emptyKeys, { recursive: true, force: true })
    expect(noKeys.status, noKeys.stderr).toBe(4)
  })
})
