// The PostgreSQL store itself: versioned migrations recorded once (also when several processes open a new store
// at the same moment), the keyStore a shared store requires, the append-only trigger, and a row tampered with by
// a superuser (trigger disabled) reported by verify with its seq and code.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createCustoms } from '../../src/index.js'
import { OptionError } from '../../src/errors.js'
import { createPostgresBackend } from '../../src/storage/postgres/backend.js'
import { LATEST, MIGRATIONS } from '../../src/storage/postgres/schema.js'
import { sharedOptions } from './options.js'
import { usePostgres } from './server.js'
import { startChild } from './child.js'
import { query } from './query.js'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))
function keyDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'mc-pg-keys-'))
  dirs.push(d)
  return d
}

describe('PostgreSQL store', () => {
  const server = usePostgres()

  it('migrations are recorded once and opening again applies none', async () => {
    const { url } = await server().createDatabase()
    const b = createPostgresBackend({ connectionString: url }, { schema: 'mc_test', store: 's1' })
    await b.open()
    await b.close()
    const again = createPostgresBackend({ connectionString: url }, { schema: 'mc_test', store: 's2' })
    await again.open()
    await again.close()
    const rows = await query<{ version: number; name: string }>(url, 'select version, name from mc_test.migrations order by version')
    expect(rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })))
    expect(rows.at(-1)!.version).toBe(LATEST)
    const heads = await query<{ store: string }>(url, 'select store from mc_test.head order by store')
    expect(heads.map((h) => h.store)).toEqual(['s1', 's2'])
  })

  it('four processes opening a new store at once: one schema, one chain, every one of them writes on it', async () => {
    const { url } = await server().createDatabase()
    const keys = keyDir()
    const children = ['o1', 'o2', 'o3', 'o4'].map((id) => startChild(['open', url, keys, 'fresh', id, '0']))
    const opened = (await Promise.all(children.map((c) => c.next()))) as Array<{ chain: string; size: number }>
    await Promise.all(children.map((c) => c.exited))
    expect(new Set(opened.map((o) => o.chain)).size).toBe(1)
    const migrations = await query<{ n: string }>(url, 'select count(*) as n from memory_customs.migrations')
    expect(Number(migrations[0]!.n)).toBe(MIGRATIONS.length)
    const metas = await query<{ n: string }>(url, "select count(*) as n from memory_customs.journal where kind = 'meta'")
    expect(Number(metas[0]!.n)).toBe(1)
    const c = await createCustoms({ ...sharedOptions(keys), storage: { postgres: { connectionString: url, store: 'fresh' } } })
    expect(c.chain).toBe(opened[0]!.chain)
    expect(c.receipts().map((r) => [r.seq, r.actor])).toHaveLength(4)
    expect(new Set(c.receipts().map((r) => r.actor))).toEqual(new Set(['o1', 'o2', 'o3', 'o4']))
    expect(await c.verify()).toMatchObject({ ok: true, checked: 4 })
    await c.close()
  })

  it('a PostgreSQL store needs a keyStore (keys are never generated implicitly)', async () => {
    const { url } = await server().createDatabase()
    const err = await createCustoms({ storage: { postgres: { connectionString: url } } }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(OptionError)
    expect(err).toMatchObject({ option: 'keyStore', code: 'MISSING_KEY' })
    // nothing was created
    expect(await query<{ t: string | null }>(url, "select to_regclass('memory_customs.journal') as t")).toEqual([{ t: null }])
  })

  it('has the lifecycle members decided at the head, erasure included, and writes to its pools', async () => {
    const { url } = await server().createDatabase()
    const c = await createCustoms({ ...sharedOptions(keyDir()), storage: { postgres: { connectionString: url } } })
    try {
      // docs/postgres.md: the lifecycle goes to the head (lifecycle.test.ts, erasure.test.ts)
      for (const member of ['memories', 'review', 'working', 'context', 'guard', 'as', 'scope', 'forget'])
        expect(member in c, member).toBe(true)
      c.decision.commit('budget', 1, { source: 'user' })
      expect((await c.flush()).map((r) => r.seq)).toEqual([1])
    } finally {
      await c.close()
    }
  })

  it('the journal refuses UPDATE and DELETE; a row changed by a superuser is reported by verify with its seq', async () => {
    const { url } = await server().createDatabase()
    const keys = keyDir()
    const c = await createCustoms({ ...sharedOptions(keys), storage: { postgres: { connectionString: url } } })
    for (let i = 0; i < 6; i++) c.decision.commit('budget', i, { source: 'user' })
    await c.flush()
    expect(await c.verify()).toMatchObject({ ok: true, checked: 6 })

    await expect(query(url, 'update memory_customs.journal set entry = entry where seq = 4')).rejects.toThrow(/append-only/)
    await expect(query(url, 'delete from memory_customs.journal where seq = 6')).rejects.toThrow(/append-only/)
    await expect(query(url, 'truncate memory_customs.journal')).rejects.toThrow(/append-only/)

    // a superuser disables the trigger and rewrites receipt 4's timestamp
    const [row] = await query<{ entry: string }>(url, 'select entry from memory_customs.journal where seq = 4')
    const tampered = row!.entry.replace(/"ts":(\d+)/, (_, ts: string) => `"ts":${Number(ts) + 1000}`)
    expect(tampered).not.toBe(row!.entry)
    await query(
      url,
      `begin;
       alter table memory_customs.journal disable trigger journal_append_only;
       update memory_customs.journal set entry = '${tampered.replace(/'/g, "''")}' where seq = 4;
       alter table memory_customs.journal enable trigger journal_append_only;
       commit;`,
    )
    expect(await c.verify()).toMatchObject({ ok: false, firstFailure: { seq: 4, code: 'BAD_MAC' } })
    await c.close()

    // The rewritten row is a new tuple after the others: read in heap order (a sequential scan, as the planner may
    // choose; pages are read without ORDER BY), the rows are put back in position order before they are verified.
    const seqScan = `${url}?options=${encodeURIComponent('-c enable_indexscan=off -c enable_bitmapscan=off')}`
    const inHeapOrder = await query<{ seq: string | null }>(
      seqScan,
      "select seq from memory_customs.journal where store = 'default' and position > 0",
    )
    const seqs = inHeapOrder
      .map((r) => r.seq)
      .filter((q) => q !== null)
      .map(Number)
    expect(seqs).not.toEqual([...seqs].sort((a, b) => a - b))
    const reader = await createCustoms({ ...sharedOptions(keys), storage: { postgres: { connectionString: seqScan } } })
    expect(await reader.verify()).toMatchObject({ ok: false, firstFailure: { seq: 4, code: 'BAD_MAC' } })
    await reader.close()
  })

  it('rows removed by a superuser over more than a page are reported, not read past as the end of the journal', async () => {
    // A page is a range of positions (backend.ts, pageQuery): a removed run longer than a page leaves an empty page
    // in the middle of the journal, which the read must step over.
    const { url } = await server().createDatabase()
    const keys = keyDir()
    const postgres = { connectionString: url, pageSize: 3 }
    const c = await createCustoms({ ...sharedOptions(keys), storage: { postgres } })
    for (let i = 0; i < 12; i++) c.decision.commit('budget', i, { source: 'user' })
    await c.flush()
    const [first] = await query<{ position: string }>(url, 'select position from memory_customs.journal where seq = 5')
    const from = Number(first!.position)
    await query(
      url,
      `begin;
       alter table memory_customs.journal disable trigger journal_append_only;
       delete from memory_customs.journal where position between ${from} and ${from + 7};
       alter table memory_customs.journal enable trigger journal_append_only;
       commit;`,
    )
    const left = await query<{ seq: string }>(url, 'select seq from memory_customs.journal where seq is not null order by seq')
    expect(left.map((r) => Number(r.seq))).toEqual([1, 2, 3, 4, 9, 10, 11, 12])
    const report = await c.verify()
    expect(report.ok).toBe(false)
    expect(report.checked).toBeGreaterThan(4)
    expect(report.firstFailure).toMatchObject({ seq: 5, code: 'SEQ_GAP' })
    await c.close()
    // a process that joins now reads the whole journal too: it opens read-only, at the receipts after the gap
    const joined = await createCustoms({ ...sharedOptions(keys), storage: { postgres } })
    expect(joined.receipts().map((r) => r.seq)).toEqual(expect.arrayContaining([1, 2, 3, 4]))
    await joined.close()
  })
})
