// The least-privilege role layout of docs/postgres.md ("Roles"), run exactly as documented: an agent role per
// tenant that appends and reads its own store only (row-level security), never updates or deletes a receipt, and
// an auditor that verifies both stores and writes nothing.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createCustoms } from '../../src/index.js'
import { createPostgresBackend } from '../../src/storage/postgres/backend.js'
import { repo } from '../docs/snippets.js'
import { sharedOptions } from './options.js'
import { usePostgres } from './server.js'

/** The ```sql blocks of the doc's "Roles" section, in order. */
function rolesSql(): string {
  const doc = readFileSync(join(repo, 'docs/postgres.md'), 'utf8')
  const start = doc.indexOf('\n## Roles\n')
  expect(start, 'docs/postgres.md has a "## Roles" section').toBeGreaterThan(0)
  const end = doc.indexOf('\n## ', start + 1)
  const section = doc.slice(start, end < 0 ? undefined : end)
  const blocks = [...section.matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1]!)
  expect(blocks.length).toBeGreaterThan(0)
  return blocks.join('\n')
}

const ROLES = ['mc_tenant_a', 'mc_tenant_b', 'mc_audit', 'mc_agent', 'mc_auditor']
/** Passwords as the doc sets them. */
const PASSWORDS = { mc_tenant_a: 'tenant-a-password', mc_tenant_b: 'tenant-b-password', mc_audit: 'audit-password' }

async function as<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}

const keyDir = mkdtempSync(join(tmpdir(), 'mc-pg-roles-keys-'))
afterAll(() => rmSync(keyDir, { recursive: true, force: true }))

describe('PostgreSQL roles (docs/postgres.md)', () => {
  const server = usePostgres()
  afterAll(async () => {
    // roles belong to the cluster, not the database: leave an external server as it was
    await server().withAdmin(async (c) => {
      for (const r of ROLES) {
        const exists = await c.query('select 1 from pg_roles where rolname = $1', [r])
        if (!exists.rowCount) continue
        for (const db of (await c.query<{ datname: string }>("select datname from pg_database where datname like 'mc\\_%'")).rows)
          await as(server().urlAs(db.datname, 'postgres', new URL(server().url).password), (d) => d.query(`drop owned by ${r}`)).catch(
            () => {},
          )
        await c.query(`drop role if exists ${r}`)
      }
    })
  })

  it('agents write their own store only, never update or delete; the auditor verifies and writes nothing', async () => {
    const { name, url } = await server().createDatabase()
    const user = (u: keyof typeof PASSWORDS) => server().urlAs(name, u, PASSWORDS[u])
    // the owner opens both stores first (schema, migrations, head rows), then runs the documented SQL
    for (const store of ['tenant-a', 'tenant-b']) {
      const b = createPostgresBackend({ connectionString: url }, { store })
      await b.open()
      await b.close()
    }
    await as(url, (c) => c.query(rolesSql()))

    const open = (u: keyof typeof PASSWORDS, store: string, readOnly = false) =>
      createCustoms({ ...sharedOptions(keyDir), storage: { postgres: { connectionString: user(u), store, readOnly } } })
    // tenant A's agent creates its chain and writes; tenant B's likewise
    const a = await open('mc_tenant_a', 'tenant-a')
    a.decision.commit('note', 'a1', { source: 'user' })
    a.decision.commit('note', 'a2', { source: 'user' })
    expect((await a.flush()).map((r) => r.seq)).toEqual([1, 2])
    const b = await open('mc_tenant_b', 'tenant-b')
    b.decision.commit('note', 'b1', { source: 'user' })
    await b.flush()
    // subject keys (erasure) under the same roles: each tenant's agent makes and destroys its own
    await b.memories.propose('Prefers window seats.', { source: 'user', subject: 'user:bea' })
    const alice = await a.memories.propose('Prefers aisle seats.', { source: 'user', subject: 'user:alice' })
    expect((await a.forget({ subject: 'user:alice' })).shredded).toEqual([alice.id])
    const sizes = { 'tenant-a': a.size, 'tenant-b': b.size }

    // A sees none of B's rows, cannot open B's store, and cannot write rows into it
    await as(user('mc_tenant_a'), async (c) => {
      const rows = await c.query("select count(*)::int as n from memory_customs.journal where store = 'tenant-b'")
      expect(rows.rows[0].n).toBe(0)
      const own = await c.query("select count(*)::int as n from memory_customs.journal where store = 'tenant-a'")
      expect(own.rows[0].n).toBeGreaterThan(2)
      await expect(
        c.query("insert into memory_customs.journal (store, position, kind, entry) values ('tenant-b', 99, 'meta', '{}')"),
      ).rejects.toThrow(/row-level security/)
      // its own receipts: no UPDATE, no DELETE
      await expect(c.query("update memory_customs.journal set entry = entry where store = 'tenant-a'")).rejects.toThrow(/permission denied/)
      await expect(c.query("delete from memory_customs.journal where store = 'tenant-a'")).rejects.toThrow(/permission denied/)
      // subject keys: its own rows only; a destroyed key stays destroyed, and no row is deleted
      const keys = await c.query<{ store: string; wrapped: string | null }>('select store, wrapped from memory_customs.subject_keys')
      expect(keys.rows).toEqual([{ store: 'tenant-a', wrapped: null }])
      await expect(c.query("update memory_customs.subject_keys set wrapped = 'x' where store = 'tenant-a'")).rejects.toThrow(
        /can only be destroyed/,
      )
      await expect(c.query("delete from memory_customs.subject_keys where store = 'tenant-a'")).rejects.toThrow(/permission denied/)
    })
    await expect(open('mc_tenant_a', 'tenant-b')).rejects.toThrow(/row-level security|permission denied/)

    // the auditor verifies both stores and can write nothing
    for (const [store, n] of Object.entries(sizes)) {
      const audit = await open('mc_audit', store, true)
      expect(await audit.verify({ values: true })).toMatchObject({ ok: true, checked: n, authenticatedThrough: n })
      await audit.close()
    }
    await as(user('mc_audit'), async (c) => {
      await expect(
        c.query("insert into memory_customs.journal (store, position, kind, entry) values ('tenant-a', 99, 'meta', '{}')"),
      ).rejects.toThrow(/permission denied/)
      await expect(c.query("update memory_customs.head set seq = 0 where store = 'tenant-a'")).rejects.toThrow(/permission denied/)
      await expect(c.query("update memory_customs.subject_keys set wrapped = null where store = 'tenant-b'")).rejects.toThrow(
        /permission denied/,
      )
    })

    // the trigger also holds for a role that has UPDATE (the owner, with the trigger left on)
    await expect(as(url, (c) => c.query("delete from memory_customs.journal where store = 'tenant-a'"))).rejects.toThrow(/append-only/)
    await a.close()
    await b.close()
  })
})
