// Many writers, one chain: two shared-writer Customs on one PostgreSQL store in this process, then two child
// processes. Seq stays contiguous, the chain verifies, every acknowledged receipt is there exactly once, and a
// write-once key committed by both is taken by one and refused to the other at flush (WriteOnceError).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createCustoms, isPending, type Receipt, type SharedCustoms } from '../../src/index.js'
import { WriteOnceError } from '../../src/errors.js'
import { PostgresCustoms } from '../../src/postgres/postgres-customs.js'
import { ValueStore } from '../../src/core/values.js'
import { sharedOptions } from './options.js'
import { usePostgres } from './server.js'
import { startChild } from './child.js'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))
function keyDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'mc-pg-keys-'))
  dirs.push(d)
  return d
}

const open = (url: string, keys: string, store = 'default'): Promise<SharedCustoms> =>
  createCustoms({ ...sharedOptions(keys), storage: { postgres: { connectionString: url, store } } })

/** Every receipt of the store, read by a fresh process view: seq 1..n without a gap. */
function expectContiguous(receipts: Receipt[]): void {
  expect(receipts.map((r) => r.seq)).toEqual(receipts.map((_, i) => i + 1))
  for (let i = 1; i < receipts.length; i++) expect(receipts[i]!.prev).toBe(receipts[i - 1]!.hash)
}

describe('shared writer on PostgreSQL', () => {
  const pg = usePostgres()

  it('two Customs in one process: pending receipts, one chain, write-once held across them', async () => {
    const { url } = await pg().createDatabase()
    const keys = keyDir()
    const a = await open(url, keys)
    const b = await open(url, keys)
    expect(a.chain).toBe(b.chain)
    expect(a).toBeInstanceOf(PostgresCustoms)

    const p = a.decision.commit('note', 'from a', { source: 'user' })
    expect(isPending(p)).toBe(true)
    expect(p.seq).toBeNull()
    b.decision.commit('note', 'from b', { source: 'user' })
    const [ra, rb] = await Promise.all([a.flush(), b.flush()])
    expect([...ra!, ...rb!].map((r) => r.seq).sort()).toEqual([1, 2])

    a.decision.commit('winner', 'a', { source: 'user' })
    expect((await a.flush())![0]!.op).toBe('COMMIT')
    b.decision.commit('winner', 'b', { source: 'user' })
    const refused = await b.flush().catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(WriteOnceError)
    // the refusal is a receipt too, decided against the head inside b's transaction
    expect(b.receipt(4)?.op).toBe('REFUSED')
    expect(b.decision.get('winner')).toBe('a')

    // a's view follows b's commits (NOTIFY, or the next transaction): wait for it, then both views agree
    await (a as PostgresCustoms).sync()
    expect(a.size).toBe(4)
    expect(a.head).toEqual(b.head)
    expect(a.history('winner').map((r) => r.op)).toEqual(['COMMIT', 'REFUSED'])
    expect(a.at(3).decision.get('winner')).toBe('a')
    expectContiguous(a.receipts())
    expect(await a.verify({ values: true })).toMatchObject({ ok: true, checked: 4, authenticatedThrough: 4 })
    expect(await b.verify()).toMatchObject({ ok: true, checked: 4 })
    // flushSettled: each write's own outcome, a refusal among them included
    a.decision.commit('note', 'before', { source: 'user' })
    a.decision.commit('winner', 'again', { source: 'user' })
    a.decision.commit('note', 'after', { source: 'user' })
    const settled = await (a as PostgresCustoms).flushSettled()
    expect(settled.map((s) => s.receipt?.op ?? s.error?.name)).toEqual(['COMMIT', 'WriteOnceError', 'COMMIT'])
    expect(settled[1]!.error).toMatchObject({ code: 'WRITE_ONCE', key: 'winner' })
    expect(await a.flush()).toEqual([])
    await a.close()
    await b.close()

    // a third process view opened afterwards reads the same chain and keeps writing on it
    const c = await open(url, keys)
    expect(c.size).toBe(7)
    c.decision.commit('budget', 7, { source: 'user' })
    expect((await c.flush())![0]).toMatchObject({ seq: 8 })
    expect(c.decision.get('note')).toBe('after')
    await c.close()
  })

  it('catching up replays what others appended without decrypting a value; a read decrypts it', async () => {
    const { url } = await pg().createDatabase()
    const keys = keyDir()
    const a = await open(url, keys)
    const b = await open(url, keys)
    // installed before the writes: b may catch up in the background (NOTIFY) as soon as a commits
    const opened = vi.spyOn(ValueStore.prototype as unknown as { open(): string }, 'open')
    try {
      for (let i = 0; i < 20; i++) a.decision.commit('note', `secret ${i}`, { source: 'user' })
      await a.flush()
      await (b as PostgresCustoms).sync()
      expect(b.size).toBe(20)
      expect((b as PostgresCustoms).stats.followedEntries).toBeGreaterThanOrEqual(40)
      expect(opened).not.toHaveBeenCalled()
      expect(b.decision.get('note')).toBe('secret 19')
      expect(opened).toHaveBeenCalledTimes(1)
    } finally {
      opened.mockRestore()
    }
    await a.close()
    await b.close()
  })

  it('catch-up in pages of 3 entries: a value record split from its receipt waits for it (background and locked)', async () => {
    const { url } = await pg().createDatabase()
    const keys = keyDir()
    const a = await open(url, keys)
    const b = (await createCustoms({
      ...sharedOptions(keys),
      storage: { postgres: { connectionString: url, pageSize: 3 } },
    })) as PostgresCustoms
    for (let i = 0; i < 7; i++) a.decision.commit('note', `n${i}`, { source: 'user' })
    await a.flush()
    await b.sync()
    expect(b.size).toBe(7)
    expect(b.decision.get('note')).toBe('n6')
    for (let i = 7; i < 12; i++) a.decision.commit('note', `n${i}`, { source: 'user' })
    await a.flush()
    // b's next transaction catches up under the lock, in pages too, then appends after a's receipts
    b.decision.commit('budget', 1, { source: 'user' })
    expect((await b.flush()).map((r) => r.seq)).toEqual([13])
    expect(b.history('note').length).toBe(12)
    expect(await b.verify({ values: true })).toMatchObject({ ok: true, checked: 13 })
    await a.close()
    await b.close()
  })

  it('rollback and checkpoint run under the head lock; the other process follows them', async () => {
    const { url } = await pg().createDatabase()
    const keys = keyDir()
    const a = await open(url, keys)
    const b = await open(url, keys)
    a.decision.commit('budget', 1, { source: 'user' })
    await a.flush()
    b.decision.commit('budget', 2, { source: 'user' })
    await b.flush()
    // a has not necessarily seen b's commit: the rollback catches up under the lock before it runs
    const result = await a.rollback({ toSeq: 1 })
    expect(result.dryRun).toBe(false)
    expect(a.decision.get('budget')).toBe(1)
    const cp = await b.checkpoint()
    expect(cp.size).toBe(b.size)
    // no explicit catch-up: b's NOTIFY makes a follow in the background
    await vi.waitFor(() => expect(a.head).toEqual(b.head), { timeout: 30_000, interval: 20 })
    expect(await a.verify({ checkpoint: cp.note })).toMatchObject({ ok: true })
    expect(() => a.rollbackNow({ toSeq: 1 })).toThrow(/head lock/)
    await a.close()
    await b.close()
  })

  it('two child processes write concurrently: contiguous seq, no fork, every acknowledged receipt, one winner', async () => {
    const { url } = await pg().createDatabase()
    const keys = keyDir()
    // the store exists before the children start (its concurrent creation is migrations.test.ts's case)
    const parent = await open(url, keys)
    const rounds = 25
    const children = ['p1', 'p2'].map((id) => startChild(['write', url, keys, 'default', id, String(rounds)]))
    await Promise.all(children.map((c) => c.next()))
    for (const c of children) c.send('go')
    const results = (await Promise.all(children.map((c) => c.next()))) as Array<{ acked: number[]; winner: string }>
    await Promise.all(children.map((c) => c.exited))

    expect(results.map((r) => r.winner).sort()).toEqual(['WRITE_ONCE', 'won'])
    const acked = results.flatMap((r) => r.acked)
    expect(acked.length).toBe(2 * 8 * rounds + 1)
    expect(new Set(acked).size).toBe(acked.length)

    await (parent as PostgresCustoms).sync()
    const all = parent.receipts()
    expect(all.length).toBe(2 * 8 * rounds + 2)
    expectContiguous(all)
    for (const seq of acked) expect(parent.receipt(seq)?.op).toBe('COMMIT')
    expect(parent.history('winner').map((r) => r.op)).toEqual(['COMMIT', 'REFUSED'])
    expect(await parent.verify({ values: true })).toMatchObject({ ok: true, checked: all.length, authenticatedThrough: all.length })
    await parent.close()
  })
})
