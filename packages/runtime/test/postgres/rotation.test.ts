// Key rotation across processes on one PostgreSQL store: values another process writes under a key this one has
// not loaded yet are read once its catch-up reloads the key set from the key store they share (core/follow.ts);
// before, they failed with ValueIntegrityError until the process reopened.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createCustoms, type SharedCustoms } from '../../src/index.js'
import { internalsOf } from '../../src/core/internals.js'
import { recordKeyId } from '../../src/crypto/values.js'
import { decodeLine } from '../../src/storage/codec.js'
import type { PostgresCustoms } from '../../src/postgres/postgres-customs.js'
import { sharedOptions } from './options.js'
import { query } from './query.js'
import { usePostgres } from './server.js'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

const open = (url: string, keys: string): Promise<SharedCustoms> =>
  createCustoms({ ...sharedOptions(keys), storage: { postgres: { connectionString: url } } })

describe('key rotation on a shared PostgreSQL store', () => {
  const pg = usePostgres()

  it("a value written under the other process's new key is readable here", async () => {
    const { url } = await pg().createDatabase()
    const keys = mkdtempSync(join(tmpdir(), 'mc-pg-keys-'))
    dirs.push(keys)
    const a = await open(url, keys)
    const b = await open(url, keys)
    a.decision.commit('note', 'before', { source: 'user' })
    await a.flush()
    await a.rotateEncryptionKey()
    a.decision.commit('note', 'after rotation', { source: 'user' })
    await a.flush()
    await (b as PostgresCustoms).sync()
    expect(b.decision.get('note')).toBe('after rotation')
    expect(await b.verify({ values: true })).toMatchObject({ ok: true })
    // b took the rotated key as its current one too: its next value opens in a, and in a process opened afresh.
    b.decision.commit('budget', 120, { source: 'user' })
    await b.flush()
    await (a as PostgresCustoms).sync()
    expect(a.decision.get('budget')).toBe(120)
    const c = await open(url, keys)
    expect([c.decision.get('note'), c.decision.get('budget')]).toEqual(['after rotation', 120])
    await c.close()
    await a.close()
    await b.close()
  })

  // A write's value record is sealed while the write waits for the head lock (src/core/sealed-ahead.ts); a key
  // rotated in between means the head seals it again, under the key current when the record is written.
  it('a value sealed ahead of a rotation is written under the rotated key', async () => {
    const { url } = await pg().createDatabase()
    const keys = mkdtempSync(join(tmpdir(), 'mc-pg-keys-'))
    dirs.push(keys)
    const a = await open(url, keys)
    const values = () => internalsOf((a as unknown as { current: object }).current).lifecycle.ledger.values
    const lastRecordKey = async (): Promise<string | null> => {
      const [row] = await query<{ entry: string }>(
        url,
        "select entry from memory_customs.journal where kind = 'value' order by position desc limit 1",
      )
      const entry = decodeLine(row!.entry)
      return typeof entry === 'object' && entry.t === 'value' ? recordKeyId(entry.body) : null
    }
    a.decision.commit('note', 'sealed ahead', { source: 'user' })
    expect(values().sealedAhead).toBe(1)
    await a.flush()
    expect(values().sealedAhead).toBe(0)
    const first = await lastRecordKey()

    a.decision.commit('note', 'queued before the rotation', { source: 'user' })
    expect(values().sealedAhead).toBe(1)
    // registered before the write's transaction (which starts after I/O), so the head rotates first
    const rotated = await a.rotateEncryptionKey()
    await a.flush()
    expect(values().sealedAhead).toBe(0)
    expect([await lastRecordKey(), rotated]).toEqual([rotated, rotated])
    expect(rotated).not.toBe(first)
    const c = await open(url, keys)
    expect(c.decision.get('note')).toBe('queued before the rotation')
    expect(await c.verify({ values: true })).toMatchObject({ ok: true })
    await c.close()
    await a.close()
  })
})
