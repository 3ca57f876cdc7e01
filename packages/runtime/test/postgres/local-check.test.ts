// The local check of a PostgreSQL process's writes (src/postgres/local-check.ts): the real gates on a light ledger.
// A refusal that does not depend on the journal is thrown at once, with the single writer's code, and its REFUSED
// receipt is appended at the head (the error learns that receipt's seq); everything that depends on the journal
// (write-once, a promotion's result and plan) is decided at the head, in the order a single writer decides it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createCustoms, isPending, type SharedCustoms } from '../../src/index.js'
import { CustomsError, ResultMissingError, SchemaError, UnknownKeyError, WriteOnceError } from '../../src/errors.js'
import { sharedOptions } from './options.js'
import { usePostgres } from './server.js'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

describe('local check of a PostgreSQL process', () => {
  const pg = usePostgres()

  it('refuses locally what does not depend on the journal, and leaves the rest to the head', async () => {
    const { url } = await pg().createDatabase()
    const keys = mkdtempSync(join(tmpdir(), 'mc-pg-keys-'))
    dirs.push(keys)
    const open = (): Promise<SharedCustoms> => createCustoms({ ...sharedOptions(keys), storage: { postgres: { connectionString: url } } })
    const a = await open()
    const b = await open()
    try {
      // local refusals: thrown at once, with the code a single writer gives; the REFUSED receipt goes to the head
      const unknown = (() => {
        try {
          a.decision.commit('nope', 1, { source: 'user' })
        } catch (e) {
          return e
        }
      })()
      expect(unknown).toBeInstanceOf(UnknownKeyError)
      expect(() => a.decision.commit('budget', 'not a number', { source: 'user' })).toThrow(SchemaError)
      // an accepted write is pending, with what is known before the head: pool, key, actor
      const p = a.decision.commit('winner', 'a', { source: 'user', actor: 'agent-a' })
      expect(isPending(p)).toBe(true)
      expect(p).toMatchObject({ seq: null, hash: null, pool: 'decision', key: 'winner', actor: 'agent-a' })
      // the refusals went to the head in call order, in the same transaction as the write after them
      expect((await a.flush())![0]).toMatchObject({ seq: 3, op: 'COMMIT', key: 'winner', actor: 'agent-a' })
      expect(a.receipts().map((r) => [r.seq, r.op, r.key, r.reason])).toEqual([
        [1, 'REFUSED', 'nope', 'COMMIT:UNKNOWN_KEY'],
        [2, 'REFUSED', 'budget', 'COMMIT:SCHEMA_VIOLATION'],
        [3, 'COMMIT', 'winner', null],
      ])
      // the error thrown before the transaction learns the seq of the receipt that records it
      expect((unknown as CustomsError).seq).toBe(1)

      // write-once is the head's: b has not seen a's commit, its write is accepted locally and refused at the head
      const late = b.decision.commit('winner', 'b', { source: 'user' })
      expect(isPending(late)).toBe(true)
      await expect(b.flush()).rejects.toBeInstanceOf(WriteOnceError)
      // once the view holds the key, write-once comes before the schema, as with a single writer: no local
      // SCHEMA_VIOLATION for a value the head refuses as WRITE_ONCE
      b.decision.commit('winner', 42 as unknown as string, { source: 'user' })
      await expect(b.flush()).rejects.toBeInstanceOf(WriteOnceError)

      // a promotion's result and plan are looked up at the head only
      b.bridge.promote({ tool: 'web_search', callId: 'c1', to: 'note', planRef: 'p1' })
      await expect(b.flush()).rejects.toBeInstanceOf(ResultMissingError)
      expect(b.receipts().map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6])
      expect(await b.verify()).toMatchObject({ ok: true, checked: 6 })
    } finally {
      await a.close()
      await b.close()
    }
  })
})
