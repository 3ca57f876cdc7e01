/**
 * Erasure by crypto-shredding, below the facade: values are written the way `memories.propose(…, { subject })`
 * writes them (a PROPOSE receipt and `ledger.append(draft, { commit, text, subject })`), and forgotten with
 * `forgetSubject` on the root lifecycle context. The facade's end-to-end test is erasure-e2e.test.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  createCustoms,
  createMemoryBackend,
  createMemoryKeyProvider,
  KeyStoreError,
  ValueError,
  type Customs,
  type CustomsOptions,
  type KeyProvider,
  type StorageOption,
} from '../../src/index.js'
import { internalsOf } from '../../src/core/internals.js'
import { forgetSubject } from '../../src/core/memory/erasure.js'
import { decodeMeta, encodeMeta } from '../../src/core/memory/meta.js'
import { createEnvKeyProvider } from '../../src/keys/env.js'
import { exportKeys } from '../../src/keys/keyset.js'
import { createNodeFileKeyProvider } from '../../src/keys/node-file.js'
import { erasedBy } from './erased-by.js'
import { testDir } from '../support/temp-dir.js'

type LocalOptions = CustomsOptions & { storage?: Exclude<StorageOption, { indexedDB: string }> }

const open = (extra: Partial<LocalOptions> = {}): Promise<Customs> =>
  createCustoms({ keyStore: createMemoryKeyProvider(), scan: { disable: ['injection', 'code', 'secret', 'pii'] }, ...extra })

/** Writes a memory as the lifecycle does: its PROPOSE receipt, with the value sealed for `subject` when given. */
function write(c: Customs, content: string, subject?: string): { id: string; commit: string } {
  const { ledger, ring } = internalsOf(c).lifecycle
  const text = JSON.stringify(content)
  const id = `m_${ledger.headSeq + 1}`
  const r = ledger.append(
    {
      op: 'PROPOSE',
      pool: 'memory',
      key: id,
      old: null,
      new: ring.commit(text),
      site: null,
      tool: null,
      call: null,
      actor: null,
      reason: encodeMeta({ status: 'approved', score: 1, source: 'user' }),
    },
    { commit: ring.commit(text), text, subject },
  )
  return { id, commit: r.new! }
}

const forget = (c: Customs, subject: string, options?: { actor?: string; reason?: string }) =>
  forgetSubject(internalsOf(c).lifecycle, subject, options)

/** A KeyProvider that records what happens around each save (the store's receipts at that moment). */
function recordingProvider(inner: KeyProvider = createMemoryKeyProvider()) {
  const saves: Array<{ subjectKeys: string[]; erased: string[]; forgetReceipts: number }> = []
  let customs: Customs | undefined
  let failNext: Error | null = null
  const provider: KeyProvider = {
    kind: 'recording',
    location: 'recording',
    load: (chain) => inner.load(chain),
    async save(chain, keys) {
      if (failNext) {
        const e = failNext
        failNext = null
        throw e
      }
      saves.push({
        subjectKeys: Object.keys(keys.subjects?.keys ?? {}),
        erased: Object.keys(keys.subjects?.erased ?? {}),
        forgetReceipts: customs ? customs.receipts({ op: 'FORGET' }).length : 0,
      })
      return inner.save(chain, keys)
    },
    loadWitness: (chain) => inner.loadWitness(chain),
    saveWitness: (chain, w) => inner.saveWitness(chain, w),
  }
  return {
    provider,
    saves,
    watch: (c: Customs) => void (customs = c),
    failNextSave: (e: Error) => void (failNext = e),
  }
}

describe('forgetSubject', () => {
  it('shreds the subject values only; reads throw ERASED naming the memory and the FORGET receipt', async () => {
    const c = await open()
    const a1 = write(c, 'Alice lives in Lyon.', 'user:alice')
    const a2 = write(c, 'Alice is allergic to peanuts.', 'user:alice')
    const b = write(c, 'Bob lives in Oslo.', 'user:bob')
    const n = write(c, 'The office closes at six.')
    await c.flush()
    expect(c.value(a1.commit)).toBe('Alice lives in Lyon.')

    const { receipt, shredded } = await forget(c, 'user:alice', { reason: 'erasure request 17' })
    await c.flush()
    expect(shredded).toEqual([a1.id, a2.id])
    expect(receipt).toMatchObject({ op: 'FORGET', pool: null, key: null })
    const meta = decodeMeta(receipt.reason)
    expect(meta).toMatchObject({ shredded: [a1.id, a2.id], why: 'erasure request 17' })
    expect(meta.subjectTag).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(receipt.reason).not.toContain('alice')

    for (const v of [a1, a2]) {
      const e = erasedBy(() => c.value(v.commit))
      expect(e).toMatchObject({ code: 'ERASED', id: v.id, forgetSeq: receipt.seq })
    }
    expect(c.value(b.commit)).toBe('Bob lives in Oslo.')
    expect(c.value(n.commit)).toBe('The office closes at six.')
    const life = internalsOf(c).liveState.lifecycle
    expect(life.memories.get(a1.id)!.erased).toBe(receipt.seq)
    expect(life.memories.get(b.id)!.erased).toBeNull()

    expect(await c.verify()).toMatchObject({ ok: true })
    // Two records are erased; bob's and the plain value open and match their commitments.
    expect(await c.verify({ values: true })).toMatchObject({ ok: true, erased: 2 })
    await c.close()
  })

  it('keeps the same text written for a subject, for another and for none in separate records', async () => {
    const c = await open()
    const text = 'Prefers the window seat.'
    const alice = write(c, text, 'user:alice')
    const bob = write(c, text, 'user:bob')
    const none = write(c, text)
    const again = write(c, text, 'user:alice')
    expect(new Set([alice.commit, bob.commit, none.commit]).size).toBe(3)
    // The unowned value keeps the plain commitment; the same subject deduplicates with itself.
    expect(none.commit).toBe(internalsOf(c).lifecycle.ring.commit(JSON.stringify(text)))
    expect(again.commit).toBe(alice.commit)
    await c.flush()
    await forget(c, 'user:alice')
    expect(erasedBy(() => c.value(alice.commit)).code).toBe('ERASED')
    expect(c.value(bob.commit)).toBe(text)
    expect(c.value(none.commit)).toBe(text)
    await c.close()
  })

  it('saves the key set without the key before the FORGET receipt, and keeps a tombstone', async () => {
    const keys = recordingProvider()
    const c = await open({ keyStore: keys.provider })
    keys.watch(c)
    write(c, 'Carol works nights.', 'user:carol')
    await c.flush()
    // The first flush saved the new subject key before its record went out.
    const made = keys.saves.at(-1)!
    expect(made.subjectKeys).toHaveLength(1)
    const kid = made.subjectKeys[0]

    const { receipt } = await forget(c, 'user:carol')
    const last = keys.saves.at(-1)!
    expect(last).toEqual({ subjectKeys: [], erased: [kid], forgetReceipts: 0 })
    expect(receipt.seq).toBe(c.size)
    const stored = (await keys.provider.load(c.chain))!
    expect(stored.subjects).toEqual({ keys: {}, tags: {}, erased: { [kid]: decodeMeta(receipt.reason).subjectTag } })
    await c.close()
  })

  it('writes nothing and keeps the values when the key store refuses the save', async () => {
    const keys = recordingProvider()
    const c = await open({ keyStore: keys.provider })
    const v = write(c, 'Dan drives a red car.', 'user:dan')
    await c.flush()
    const size = c.size
    keys.failNextSave(new KeyStoreError('KEYS_UNAVAILABLE', 'recording', 'disk full'))
    await expect(forget(c, 'user:dan')).rejects.toMatchObject({ code: 'KEYS_UNAVAILABLE' })
    expect(c.size).toBe(size)
    expect(c.value(v.commit)).toBe('Dan drives a red car.')
    // Retried, it goes through.
    await forget(c, 'user:dan')
    expect(erasedBy(() => c.value(v.commit)).code).toBe('ERASED')
    await c.close()
  })

  it('does not write a record sealed with a new subject key before the key is saved', async () => {
    const keys = recordingProvider()
    const backend = createMemoryBackend()
    const c = await open({ keyStore: keys.provider, storage: backend })
    write(c, 'Eve plays the cello.', 'user:eve')
    keys.failNextSave(new KeyStoreError('KEYS_UNAVAILABLE', 'recording', 'locked'))
    await expect(c.flush()).rejects.toThrow(/locked/)
    const journal = () => backend.entries()
    expect(journal().filter((e) => e.t === 'value')).toHaveLength(0)
    await c.flush()
    const records = journal().filter((e) => e.t === 'value') as Array<{ body: string }>
    const kid = Object.keys((await keys.provider.load(c.chain))!.subjects!.keys)[0]
    expect(records.map((r) => JSON.parse(r.body).kid)).toEqual([kid])
    await c.close()
  })

  it('erases a value forgotten while it still waited for group commit', async () => {
    const backend = createMemoryBackend()
    const keyStore = createMemoryKeyProvider()
    const c = await open({ storage: backend, keyStore })
    const v = write(c, 'Frank moved to Porto.', 'user:frank')
    // No flush: the record is still pending when the key is destroyed, and is sealed under a key nobody keeps.
    const { shredded } = await forget(c, 'user:frank')
    await c.flush()
    expect(shredded).toEqual([v.id])
    expect(erasedBy(() => c.value(v.commit)).id).toBe(v.id)
    expect(await c.verify({ values: true })).toMatchObject({ ok: true, erased: 1 })
    await c.close()
    const again = await open({ storage: backend, keyStore })
    expect(erasedBy(() => again.value(v.commit)).id).toBe(v.id)
    expect(await again.verify({ values: true })).toMatchObject({ ok: true, erased: 1 })
    await again.close()
  })

  it('gives the subject a new key after forget; a second forget shreds only the new values', async () => {
    const c = await open()
    const old = write(c, 'Gina is 41.', 'user:gina')
    const first = await forget(c, 'user:gina')
    const fresh = write(c, 'Gina is 42.', 'user:gina')
    expect(c.value(fresh.commit)).toBe('Gina is 42.')
    const second = await forget(c, 'user:gina')
    expect(second.shredded).toEqual([fresh.id])
    expect(erasedBy(() => c.value(old.commit)).forgetSeq).toBe(first.receipt.seq)
    expect(erasedBy(() => c.value(fresh.commit)).forgetSeq).toBe(second.receipt.seq)
    // A subject nothing was written for: the request is still on the record.
    const none = await forget(c, 'user:nobody')
    expect(none.shredded).toEqual([])
    expect(decodeMeta(none.receipt.reason).shredded).toEqual([])
    await c.flush()
    expect(await c.verify({ values: true })).toMatchObject({ ok: true, erased: 2 })
    await c.close()
  })

  it('refuses a bad subject, actor or reason with a REFUSED receipt that does not hold the subject', async () => {
    const c = await open()
    for (const [subject, options, field] of [
      ['', undefined, 'subject'],
      [42, undefined, 'subject'],
      ['user:h', { actor: 7 }, 'actor'],
      ['user:h', { reason: 'x'.repeat(5000) }, 'reason'],
    ] as const) {
      const err = await forget(c, subject as string, options as never).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(ValueError)
      expect((err as ValueError).message).toContain(field)
      const refused = c.receipt((err as ValueError).seq!)!
      expect(refused).toMatchObject({ op: 'REFUSED', key: null, reason: `FORGET:${(err as ValueError).code}` })
    }
    expect(c.receipts({ op: 'FORGET' })).toEqual([])
    await c.close()
  })

  it('keeps time travel: history stays, the erased values do not come back at earlier seqs', async () => {
    const c = await open()
    const v = write(c, 'Hugo earns 50k.', 'user:hugo')
    const before = c.size
    const { receipt } = await forget(c, 'user:hugo')
    expect(c.receipt(before)).toMatchObject({ op: 'PROPOSE', key: v.id, new: v.commit })
    const past = c.at(before)
    expect(erasedBy(() => past.memories.get(v.id))).toMatchObject({ id: v.id, forgetSeq: receipt.seq })
    expect(c.stateAt(before).lifecycle.memories.get(v.id)!.erased).toBeNull()
    await c.close()
  })
})

describe('read-only key stores', () => {
  it('an environment key store refuses subject values and forget before any receipt, saying why', async () => {
    const backend = createMemoryBackend()
    const keys = createMemoryKeyProvider()
    const first = await open({ storage: backend, keyStore: keys })
    write(first, 'Ida reads Tolstoy.')
    await first.close()
    const env = createEnvKeyProvider({ variable: 'KEYS', env: { KEYS: exportKeys((await keys.load(first.chain))!) } })
    const c = await open({ storage: backend, keyStore: env })
    const size = c.size
    const write1 = (() => {
      try {
        write(c, 'Ida is 30.', 'user:ida')
      } catch (e) {
        return e
      }
    })()
    expect(write1).toMatchObject({ code: 'KEYS_READ_ONLY', location: 'env:KEYS' })
    expect(String(write1)).toMatch(/cannot be written/)
    const err = await forget(c, 'user:ida').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(KeyStoreError)
    expect(err).toMatchObject({ code: 'KEYS_READ_ONLY', location: 'env:KEYS' })
    expect(String(err)).toMatch(/read-only key store.*no FORGET receipt was written/)
    expect(c.size).toBe(size)
    await c.close()
  })
})

/** Every file under `dir`, as bytes. */
function filesUnder(dir: string): Array<{ path: string; bytes: Buffer }> {
  const out: Array<{ path: string; bytes: Buffer }> = []
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) out.push(...filesUnder(p))
    else out.push({ path: p, bytes: readFileSync(p) })
  }
  return out
}

describe('erasure across restarts (file store, key files)', () => {
  it('survives reopening; no plaintext of the erased value in the journal, the open snapshot or the index', async () => {
    const dir = testDir('mc-erasure-')
    const keyDir = testDir('mc-erasure-keys-')
    // Plaintext records for values without a subject, so the check below can tell it would see plaintext.
    const opts = (): Partial<LocalOptions> => ({
      storage: { file: dir },
      keyStore: createNodeFileKeyProvider({ dir: keyDir }),
      encryption: false,
    })
    const secret = 'Jane Roe SSN 078-05-1120'
    const kept = 'Quarterly report due Friday'
    let c = await open(opts())
    const v = write(c, secret, 'user:jane')
    const k = write(c, kept)
    await c.close()

    c = await open(opts())
    expect(c.value(v.commit)).toBe(secret)
    const { receipt } = await forget(c, 'user:jane')
    await c.close()

    c = await open(opts())
    expect(erasedBy(() => c.value(v.commit))).toMatchObject({ id: v.id, forgetSeq: receipt.seq })
    expect(c.value(k.commit)).toBe(kept)
    expect(internalsOf(c).liveState.lifecycle.memories.get(v.id)!.erased).toBe(receipt.seq)
    expect(await c.verify({ values: true })).toMatchObject({ ok: true, erased: 1 })
    const index = Buffer.from(internalsOf(c).index().export())
    await c.close()

    const files = filesUnder(dir)
    expect(files.some((f) => /snap/i.test(f.path))).toBe(true)
    const all = Buffer.concat([...files.map((f) => f.bytes), index])
    expect(all.includes(kept)).toBe(true)
    expect(all.includes('078-05-1120')).toBe(false)
    expect(all.includes('user:jane')).toBe(false)
    // The key file keeps the tombstone, not the key.
    const keyText = readFileSync(join(keyDir, `${c.chain}.json`), 'utf8')
    const subjects = JSON.parse(keyText).subjects
    expect(subjects.keys).toEqual({})
    expect(Object.values(subjects.erased)).toEqual([decodeMeta(receipt.reason).subjectTag])
  })
})
