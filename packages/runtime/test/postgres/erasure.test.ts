// Erasure on a PostgreSQL store: subject keys live in the database (postgres/subject-keys.ts), wrapped under the
// chain's encryption key. Two hosts each hold their own copy of the key files: a value host A wrote for a subject
// reads on host B; `forget` on B erases it for A, for a process opened afterwards and in the table (a tombstone that
// no role can turn back into a key); two hosts writing for one new subject at once share one key; nothing of a
// subject key reaches the key files.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createCustoms, ErasedError, type CustomsOptions } from '../../src/index.js'
import { internalsOf } from '../../src/core/internals.js'
import { decodeMeta } from '../../src/core/memory/meta.js'
import type { SubjectKeySet } from '../../src/keys/keyset.js'
import { createNodeFileKeyProvider } from '../../src/keys/node-file.js'
import type { PostgresCustoms } from '../../src/postgres/postgres-customs.js'
import { createPostgresBackend } from '../../src/storage/postgres/backend.js'
import { erasedBy } from '../memory/erased-by.js'
import { sharedOptions } from './options.js'
import { query as sql } from './query.js'
import { usePostgres } from './server.js'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

const ALICE = 'user:alice@example.com'
const scan = { disable: ['injection', 'code', 'secret', 'pii'] as const }

describe('erasure on PostgreSQL', () => {
  const server = usePostgres()

  /**
   * A fresh store, and an opener per host: each host has its own copy of the key directory, copied when the host
   * first opens (so after the first host's first write, which creates the chain and its keys).
   */
  async function hosts(): Promise<{
    url: string
    open: (host: string, extra?: Partial<CustomsOptions>) => Promise<PostgresCustoms>
    keyDirs: string[]
  }> {
    const { url } = await server().createDatabase()
    const first = mkdtempSync(join(tmpdir(), 'mc-pg-erase-'))
    dirs.push(first)
    const keyDirs = [first]
    const opened = new Map<string, string>()
    const open = async (host: string, extra: Partial<CustomsOptions> = {}) => {
      let dir = opened.get(host)
      if (!dir) {
        if (opened.size === 0) dir = first
        else {
          dir = mkdtempSync(join(tmpdir(), `mc-pg-erase-${host}-`))
          dirs.push(dir)
          keyDirs.push(dir)
          cpSync(first, dir, { recursive: true })
        }
        opened.set(host, dir)
      }
      return createCustoms({
        ...sharedOptions(dir),
        scan: { disable: [...scan.disable] },
        ...extra,
        storage: { postgres: { connectionString: url } },
      })
    }
    return { url, open, keyDirs }
  }

  it('a value written for a subject on one host reads on another, and forget on either erases it for all', async () => {
    const { url, open, keyDirs } = await hosts()
    const a = await open('a')
    const address = await a.memories.propose('Lives at 12 Rue de la Paix.', { source: 'user', subject: ALICE })
    const office = await a.memories.propose('The office closes at six.', { source: 'user' })
    const b = await open('b')
    try {
      // host B has never seen the subject's key: it comes from the database
      expect(b.memories.get(address.id)?.content).toBe('Lives at 12 Rue de la Paix.')
      const allergy = await b.memories.propose('Allergic to peanuts.', { source: 'user', subject: ALICE, key: 'allergy' })
      await a.sync()
      expect(a.memories.get(allergy.id)?.content).toBe('Allergic to peanuts.')
      // one key serves the subject, whichever host wrote
      const live = await sql<{ kid: string; tag: string }>(
        url,
        'select kid, tag from memory_customs.subject_keys where wrapped is not null',
      )
      expect(live).toHaveLength(1)

      const { receipt, shredded } = await b.forget({ subject: ALICE, reason: 'erasure request #17' })
      expect(receipt.op).toBe('FORGET')
      expect(shredded).toEqual([address.id, allergy.id])
      expect(decodeMeta(receipt.reason).shredded).toEqual([address.id, allergy.id])
      expect(erasedBy(() => b.memories.get(address.id)).forgetSeq).toBe(receipt.seq)

      // host A held the key and had opened both values: following the FORGET receipt drops them
      await a.sync()
      for (const id of [address.id, allergy.id]) expect(erasedBy(() => a.memories.get(id)).forgetSeq).toBe(receipt.seq)
      expect(a.memories.get(office.id)?.content).toBe('The office closes at six.')

      // the table keeps a tombstone, which no role can turn back into a key or remove
      const rows = await sql<{ kid: string; wrapped: string | null; erased_at: Date | null }>(
        url,
        'select kid, wrapped, erased_at from memory_customs.subject_keys',
      )
      expect(rows).toEqual([{ kid: live[0]!.kid, wrapped: null, erased_at: expect.any(Date) }])
      await expect(sql(url, "update memory_customs.subject_keys set wrapped = 'x'")).rejects.toThrow(/can only be destroyed/)
      await expect(sql(url, 'delete from memory_customs.subject_keys')).rejects.toThrow(/can only be destroyed/)
      await expect(sql(url, 'truncate memory_customs.subject_keys')).rejects.toThrow(/can only be destroyed/)

      // written for the subject again: a new key, readable everywhere
      const again = await a.memories.propose('Moved to Oslo.', { source: 'user', subject: ALICE })
      await b.sync()
      expect(b.memories.get(again.id)?.content).toBe('Moved to Oslo.')
    } finally {
      await a.close()
      await b.close()
    }

    // a process opened afterwards, on a third host: erased stays erased, the rest reads and verifies
    const c = await open('c')
    try {
      const forgets = c.receipts().filter((r) => r.op === 'FORGET')
      expect(forgets).toHaveLength(1)
      const erased = c.receipts().filter((r) => r.op === 'PROPOSE' && r.new && decodeMeta(forgets[0]!.reason).shredded!.includes(r.key!))
      expect(erased).toHaveLength(2)
      for (const r of erased) expect(erasedBy(() => c.memories.get(r.key!)).forgetSeq).toBe(forgets[0]!.seq)
      expect(
        c.memories
          .list()
          .map((m) => m.content)
          .sort(),
      ).toEqual(['Moved to Oslo.', 'The office closes at six.'])
      const report = await c.verify({ values: true })
      expect(report.ok).toBe(true)
    } finally {
      await c.close()
    }
    // no subject key was written to any host's key files
    for (const dir of keyDirs) for (const f of readdirSync(dir)) expect(readFileSync(join(dir, f), 'utf8')).not.toContain('"subjects"')
  })

  it('keys from an environment variable take subject values: the subject keys go to the database', async () => {
    const { open, keyDirs } = await hosts()
    const a = await open('a')
    await a.memories.propose('The office closes at six.', { source: 'user' })
    await a.close()
    const [file] = readdirSync(keyDirs[0]!).filter((f) => !f.includes('witness'))
    process.env.MC_PG_ERASURE_KEYS = readFileSync(join(keyDirs[0]!, file!), 'utf8')
    const witnessDir = mkdtempSync(join(tmpdir(), 'mc-pg-erase-witness-'))
    dirs.push(witnessDir)
    const e = await open('a', { keyStore: { env: 'MC_PG_ERASURE_KEYS', witnessDir } })
    try {
      const seat = await e.memories.propose('Prefers aisle seats.', { source: 'user', subject: ALICE })
      expect(e.memories.get(seat.id)?.content).toBe('Prefers aisle seats.')
      expect((await e.forget({ subject: ALICE })).shredded).toEqual([seat.id])
      expect(() => e.memories.get(seat.id)).toThrow(ErasedError)
    } finally {
      await e.close()
      delete process.env.MC_PG_ERASURE_KEYS
    }
  })

  it('subject keys an earlier release saved in the key files are read, copied to the database, and erased from both', async () => {
    const { url, open, keyDirs } = await hosts()
    const a = await open('a')
    const seat = await a.memories.propose('Prefers aisle seats.', { source: 'user', subject: ALICE })
    // what an earlier release left: the subject's key in the key file, none in the database
    const subjects = internalsOf((a as unknown as { current: object }).current).lifecycle.ledger.values
    const section = (subjects as unknown as { subjects: SubjectKeySet }).subjects
    const kid = Object.values(section.tags)[0]!
    const legacy: SubjectKeySet = { keys: { [kid]: section.keys[kid]!.slice() }, tags: { ...section.tags }, erased: {} }
    const chain = a.receipts()[0]!.chain
    await a.close()
    const files = createNodeFileKeyProvider({ dir: keyDirs[0]! })
    await files.save(chain, { ...(await files.load(chain))!, subjects: legacy })
    await sql(
      url,
      `alter table memory_customs.subject_keys disable trigger user;
       delete from memory_customs.subject_keys;
       alter table memory_customs.subject_keys enable trigger user;
       update memory_customs.head set keys_version = 0`,
    )

    const b = await open('a')
    try {
      expect(b.memories.get(seat.id)?.content).toBe('Prefers aisle seats.')
      await b.memories.propose('The office closes at six.', { source: 'user' })
      expect(await sql(url, 'select kid from memory_customs.subject_keys where wrapped is not null')).toEqual([{ kid }])
      expect((await b.forget({ subject: ALICE })).shredded).toEqual([seat.id])
      const left = (await files.load(chain))!.subjects!
      expect(left.keys).toEqual({})
      expect(left.erased).toEqual({ [kid]: Object.keys(legacy.tags)[0] })
      expect(await sql(url, 'select kid, wrapped from memory_customs.subject_keys')).toEqual([{ kid, wrapped: null }])
    } finally {
      await b.close()
    }
    const c = await open('c')
    try {
      expect(() => c.memories.get(seat.id)).toThrow(ErasedError)
    } finally {
      await c.close()
    }
  })

  it('a store opened on a plain PostgreSQL backend keeps subject keys in the database too', async () => {
    const { url, open, keyDirs } = await hosts()
    const a = await open('a')
    await a.memories.propose('The office closes at six.', { source: 'user' })
    await a.close()
    const single = await createCustoms({
      ...sharedOptions(keyDirs[0]!),
      scan: { disable: [...scan.disable] },
      storage: createPostgresBackend({ connectionString: url }),
    })
    const seat = single.memories.propose('Prefers aisle seats.', { source: 'user', subject: ALICE })
    await single.flush()
    await single.close()
    expect(await sql(url, 'select count(*)::int as n from memory_customs.subject_keys where wrapped is not null')).toEqual([{ n: 1 }])
    for (const f of readdirSync(keyDirs[0]!)) expect(readFileSync(join(keyDirs[0]!, f), 'utf8')).not.toContain('"subjects"')
    const b = await open('b')
    try {
      expect(b.memories.get(seat.id)?.content).toBe('Prefers aisle seats.')
    } finally {
      await b.close()
    }
  })

  it('two hosts writing for one new subject at once share one key', async () => {
    const { url, open } = await hosts()
    const a = await open('a')
    await a.memories.propose('The office closes at six.', { source: 'user' })
    const b = await open('b')
    try {
      const subjects = Array.from({ length: 6 }, (_, i) => `user:${i}`)
      const written = await Promise.all(
        subjects.flatMap((subject) => [
          a.memories.propose(`A about ${subject}`, { source: 'user', subject }),
          b.memories.propose(`B about ${subject}`, { source: 'user', subject }),
        ]),
      )
      const perTag = await sql<{ tag: string; n: string }>(
        url,
        'select tag, count(*) as n from memory_customs.subject_keys where wrapped is not null group by tag',
      )
      expect(perTag).toHaveLength(subjects.length)
      expect(perTag.every((r) => Number(r.n) === 1)).toBe(true)

      await Promise.all([a.sync(), b.sync()])
      const { shredded } = await a.forget({ subject: 'user:3' })
      expect(shredded.sort()).toEqual(
        written
          .slice(6, 8)
          .map((w) => w.id)
          .sort(),
      )
      await b.sync()
      for (const w of written) {
        const content = w === written[6] || w === written[7] ? undefined : b.memories.get(w.id)?.content
        if (content === undefined) expect(() => b.memories.get(w.id)).toThrow(ErasedError)
        else expect(content).toMatch(/^[AB] about user:\d$/)
      }
    } finally {
      await a.close()
      await b.close()
    }
  })
})
