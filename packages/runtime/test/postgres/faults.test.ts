// Connection faults of the PostgreSQL backend, injected into a real pool on a real server: a COMMIT whose
// acknowledgement is lost is settled by reading the row back (never appended twice), a connection lost before
// COMMIT is retried as a new transaction, and a server that stays unreachable is a typed error after the bound.
import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { createCustoms } from '../../src/index.js'
import { StorageBackendError } from '../../src/errors.js'
import { createMemoryKeyProvider } from '../../src/keys/memory.js'
import { createPostgresBackend } from '../../src/storage/postgres/backend.js'
import { connectionLost, interceptedPool } from './fault-pool.js'
import { usePostgres } from './server.js'

/** A pg.Pool whose clients fail the next COMMIT like a dropped connection, after (`after`) or instead of it. */
function faultyPool(url: string) {
  const fault: { next: 'after-commit' | 'before-commit' | null; injected: number } = { next: null, injected: 0 }
  const { pool, end } = interceptedPool(url, (text, _values, client) => {
    // the append's last round trip ends in its COMMIT (backend.ts folds it into the insert's simple query)
    const commit = /;\s*commit\s*$/.exec(text)
    if (!commit || !fault.next) return undefined
    const kind = fault.next
    fault.next = null
    fault.injected++
    const run =
      kind === 'after-commit' ? client.query(text) : client.query(text.slice(0, commit.index)).then(() => client.query('rollback'))
    return run.then(() => Promise.reject(connectionLost()))
  })
  return { pool, fault, end }
}

const decision = { schemas: { a: z.number(), b: z.number(), c: z.number() } }

describe('PostgreSQL faults', () => {
  const server = usePostgres()

  it('a COMMIT acknowledgement lost after the commit: read back, acknowledged once, never appended twice', async () => {
    const { url } = await server().createDatabase()
    const { pool, fault, end } = faultyPool(url)
    const backend = createPostgresBackend({ pool })
    const c = await createCustoms({ decision, keyStore: createMemoryKeyProvider(), storage: backend })
    c.decision.commit('a', 1, { source: 'user' })
    await c.flush()
    fault.next = 'after-commit'
    c.decision.commit('a', 2, { source: 'user' })
    await c.flush()
    expect(fault.injected).toBe(1)
    expect(backend.unknownCommits).toBe(1)
    c.decision.commit('a', 3, { source: 'user' })
    await c.flush()
    const seqs = await pool.query<{ seq: string }>("select seq from memory_customs.journal where kind = 'r' order by position")
    expect(seqs.rows.map((r) => Number(r.seq))).toEqual([1, 2, 3])
    expect(await c.verify()).toMatchObject({ ok: true, checked: 3 })
    await c.close()
    await end()
  })

  it('a connection lost before the COMMIT took effect: the append runs again as a new transaction, once', async () => {
    const { url } = await server().createDatabase()
    const { pool, fault, end } = faultyPool(url)
    const backend = createPostgresBackend({ pool })
    const c = await createCustoms({ decision, keyStore: createMemoryKeyProvider(), storage: backend })
    fault.next = 'before-commit'
    c.decision.commit('a', 1, { source: 'user' })
    c.decision.commit('b', 2, { source: 'user' })
    await c.flush()
    expect(fault.injected).toBe(1)
    expect(backend.unknownCommits).toBe(0)
    const rows = await pool.query<{ n: number }>("select count(*)::int as n from memory_customs.journal where kind = 'r'")
    expect(rows.rows[0]!.n).toBe(2)
    expect(await c.verify()).toMatchObject({ ok: true, checked: 2 })
    await c.close()
    await end()
  })

  it('the shared writer survives a lost COMMIT acknowledgement too: its pending receipts settle once', async () => {
    const { url } = await server().createDatabase()
    const { pool, fault, end } = faultyPool(url)
    const keyStore = createMemoryKeyProvider()
    const c = await createCustoms({ decision, keyStore, storage: { postgres: { pool } } })
    fault.next = 'after-commit'
    c.decision.commit('a', 1, { source: 'user' })
    c.decision.commit('b', 2, { source: 'user' })
    expect((await c.flush()).map((r) => r.seq)).toEqual([1, 2])
    fault.next = 'before-commit'
    c.decision.commit('c', 3, { source: 'user' })
    expect((await c.flush()).map((r) => r.seq)).toEqual([3])
    expect(fault.injected).toBe(2)
    expect(await c.verify()).toMatchObject({ ok: true, checked: 3 })
    await c.close()
    await end()
  })

  it("a subject's new key rides with its transaction: lost before COMMIT, made again; acknowledgement lost, kept once", async () => {
    const { url } = await server().createDatabase()
    const { pool, fault, end } = faultyPool(url)
    const keyStore = createMemoryKeyProvider()
    const options = { decision, keyStore, scan: { disable: ['injection', 'code', 'secret', 'pii'] }, storage: { postgres: { pool } } }
    const c = await createCustoms(options)
    c.decision.commit('a', 1, { source: 'user' })
    await c.flush()
    fault.next = 'before-commit'
    const alice = await c.memories.propose('Prefers aisle seats.', { source: 'user', subject: 'user:alice' })
    fault.next = 'after-commit'
    const bob = await c.memories.propose('Prefers window seats.', { source: 'user', subject: 'user:bob' })
    expect(fault.injected).toBe(2)
    const keys = await pool.query<{ tag: string; n: number }>(
      'select tag, count(*)::int as n from memory_customs.subject_keys where wrapped is not null group by tag',
    )
    expect(keys.rows.map((r) => r.n)).toEqual([1, 1])
    await c.close()
    // a process opened afterwards reads both with the keys the database kept
    const d = await createCustoms(options)
    expect([d.memories.get(alice.id)?.content, d.memories.get(bob.id)?.content]).toEqual(['Prefers aisle seats.', 'Prefers window seats.'])
    expect(await d.verify({ values: true })).toMatchObject({ ok: true })
    await d.close()
    await end()
  })

  it('an unreachable server: retried with backoff, then a StorageBackendError (IO) naming the store', async () => {
    const { url } = await server().createDatabase()
    const dead = new URL(url)
    dead.port = '1' // nothing listens there
    const backend = createPostgresBackend({ connectionString: dead.toString() }, { retry: { attempts: 3, baseMs: 5 } })
    const err = await backend.open().catch((e: unknown) => e)
    expect(err).toBeInstanceOf(StorageBackendError)
    expect(err).toMatchObject({ storageCode: 'IO', location: 'postgres:memory_customs/default' })
    expect((err as Error).message).toMatch(/3 attempts failed/)
  })
})
