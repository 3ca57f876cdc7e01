/**
 * Erasure through the public API: `memories.propose(content, { source, subject })` and `customs.forget({ subject })`.
 * What each read does with an erased entry (docs/erasure.md, "Reads"): `get`, `inspect`, `value(commit)` and
 * `at(seq).memories.get` throw ErasedError; `list`, `search`, `at(seq).memories.entries` and `context.render`
 * leave the entry out (one erased entry must not make a whole context unrenderable).
 */
import { describe, expect, it } from 'vitest'
import {
  createCustoms,
  createMemoryBackend,
  createMemoryKeyProvider,
  KeyStoreError,
  type Customs,
  type CustomsOptions,
  type StorageOption,
} from '../../src/index.js'
import { decodeMeta } from '../../src/core/memory/meta.js'
import { createEnvKeyProvider } from '../../src/keys/env.js'
import { exportKeys } from '../../src/keys/keyset.js'
import { createNodeFileKeyProvider } from '../../src/keys/node-file.js'
import { erasedBy } from './erased-by.js'
import { testDir } from '../support/temp-dir.js'

type LocalOptions = CustomsOptions & { storage?: Exclude<StorageOption, { indexedDB: string }> }

const open = (extra: Partial<LocalOptions> = {}): Promise<Customs> =>
  createCustoms({ keyStore: createMemoryKeyProvider(), scan: { disable: ['injection', 'code', 'secret', 'pii'] }, ...extra })

const ALICE = 'user:alice@example.com'

describe('customs.forget({ subject })', () => {
  it('erases the subject entries from every read; the chain keeps its receipts and verifies', async () => {
    const c = await open()
    const a1 = c.memories.propose('Lives at 12 Rue de la Paix.', { source: 'user', subject: ALICE })
    const a2 = c.memories.propose('Allergic to peanuts.', { source: 'user', subject: ALICE, key: 'allergy' })
    const b = c.memories.propose('Lives in Oslo.', { source: 'user', subject: 'user:bob' })
    const n = c.memories.propose('The office closes at six.', { source: 'user' })
    await c.flush()
    const a1Commit = c.history(a1.id).at(-1)!.new!
    const before = c.size
    expect(c.memories.inspect(a1.id)!.content).toBe('Lives at 12 Rue de la Paix.')

    const { receipt, shredded } = await c.forget({ subject: ALICE })
    expect(shredded).toEqual([a1.id, a2.id])
    expect(receipt).toMatchObject({ op: 'FORGET' })
    expect(decodeMeta(receipt.reason).shredded).toEqual([a1.id, a2.id])

    for (const id of [a1.id, a2.id]) {
      expect(erasedBy(() => c.memories.get(id))).toMatchObject({ code: 'ERASED', id, forgetSeq: receipt.seq })
      expect(erasedBy(() => c.memories.inspect(id)).id).toBe(id)
    }
    expect(erasedBy(() => c.value(a1Commit)).id).toBe(a1.id)
    expect(erasedBy(() => c.at(before).memories.get(a1.id)).id).toBe(a1.id)
    expect(
      c
        .at(before)
        .memories.entries()
        .map((m) => m.id),
    ).toEqual([b.id, n.id])
    expect(
      c.memories
        .list()
        .map((m) => m.id)
        .sort(),
    ).toEqual([b.id, n.id].sort())
    expect(c.memories.search({ text: 'Lives' }).map((m) => m.id)).toEqual([b.id])
    const ctx = c.context.render()
    expect(ctx.text).toContain('Lives in Oslo.')
    expect(ctx.text).not.toContain('Rue de la Paix')
    expect(c.memories.get(b.id)!.content).toBe('Lives in Oslo.')

    // History stays: the PROPOSE receipts are there, with commitments only, and the chain verifies.
    expect(c.history(a1.id).map((r) => r.op)).toContain('PROPOSE')
    expect(await c.verify()).toMatchObject({ ok: true })
    expect(await c.verify({ values: true })).toMatchObject({ ok: true, erased: 2 })
    await c.close()
  })

  it('never writes the subject or the erased content into a receipt', async () => {
    const c = await open()
    c.memories.propose('Card ending 4242.', { source: 'user', subject: ALICE, key: 'card' })
    await c.forget({ subject: ALICE, reason: 'erasure request 17' })
    const receipts = JSON.stringify(c.receipts())
    expect(receipts).not.toContain('alice')
    // the content's words, not its digits alone: "4242" also turns up by chance in hex hashes and ids
    expect(receipts).not.toContain('Card ending')
    expect(receipts).not.toContain('ending 4242')
    await c.close()
  })

  it('keeps the same content proposed for a subject and for nobody apart, in either order', async () => {
    const c = await open()
    const text = 'Prefers the window seat.'
    const owned = c.memories.propose(text, { source: 'user', subject: ALICE })
    const shared = c.memories.propose(text, { source: 'user' })
    const c2 = c.memories.propose('Takes the 8:15 train.', { source: 'user' })
    const owned2 = c.memories.propose('Takes the 8:15 train.', { source: 'user', subject: ALICE })
    expect(shared.id).not.toBe(owned.id)
    expect(owned2.id).not.toBe(c2.id)
    await c.forget({ subject: ALICE })
    expect(c.memories.get(shared.id)!.content).toBe(text)
    expect(c.memories.get(c2.id)!.content).toBe('Takes the 8:15 train.')
    expect(erasedBy(() => c.memories.get(owned.id)).id).toBe(owned.id)
    expect(erasedBy(() => c.memories.get(owned2.id)).id).toBe(owned2.id)
    await c.close()
  })

  it('files content proposed again for a forgotten subject as a new, readable memory', async () => {
    const c = await open()
    const old = c.memories.propose('Is 41 years old.', { source: 'user', subject: ALICE })
    await c.forget({ subject: ALICE })
    const again = c.memories.propose('Is 41 years old.', { source: 'user', subject: ALICE })
    expect(again.id).not.toBe(old.id)
    expect(c.memories.get(again.id)!.content).toBe('Is 41 years old.')
    await c.close()
  })

  it('erases every version of an updated memory, and refuses to update an erased one', async () => {
    const c = await open()
    const a = c.memories.propose('Earns 50k.', { source: 'user', subject: ALICE, key: 'salary' })
    const first = c.history(a.id).at(-1)!
    c.memories.update(a.id, 'Earns 60k.')
    const second = c.history(a.id).at(-1)!
    expect(second.op).toBe('UPDATE')
    expect(c.value(first.new!)).toBe('Earns 50k.')
    const { receipt } = await c.forget({ subject: ALICE })
    for (const r of [first, second]) expect(erasedBy(() => c.value(r.new!)).forgetSeq).toBe(receipt.seq)
    expect(erasedBy(() => c.at(first.seq).memories.get(a.id)).id).toBe(a.id)
    expect(erasedBy(() => c.memories.update(a.id, 'Earns 70k.')).id).toBe(a.id)
    expect(await c.verify({ values: true })).toMatchObject({ ok: true, erased: 2 })
    await c.close()
  })

  it('survives restarts of a file store', async () => {
    const dir = testDir('mc-erasure-e2e-')
    const keyDir = testDir('mc-erasure-e2e-keys-')
    const opts = (): Partial<LocalOptions> => ({ storage: { file: dir }, keyStore: createNodeFileKeyProvider({ dir: keyDir }) })
    let c = await open(opts())
    const a = c.memories.propose('Lives at 12 Rue de la Paix.', { source: 'user', subject: ALICE })
    const b = c.memories.propose('Lives in Oslo.', { source: 'user', subject: 'user:bob' })
    await c.close()
    c = await open(opts())
    const { receipt } = await c.forget({ subject: ALICE })
    await c.close()
    c = await open(opts())
    expect(erasedBy(() => c.memories.get(a.id))).toMatchObject({ id: a.id, forgetSeq: receipt.seq })
    expect(c.memories.list().map((m) => m.id)).toEqual([b.id])
    expect(await c.verify({ values: true })).toMatchObject({ ok: true, erased: 1 })
    await c.close()
  })

  it('a close while forget destroys the key waits for it: the FORGET receipt is on disk after reopening', async () => {
    const dir = testDir('mc-erasure-close-')
    const keyDir = testDir('mc-erasure-close-keys-')
    const opts = (): Partial<LocalOptions> => ({ storage: { file: dir }, keyStore: createNodeFileKeyProvider({ dir: keyDir }) })
    let c = await open(opts())
    const a = c.memories.propose('Lives at 12 Rue de la Paix.', { source: 'user', subject: ALICE })
    await c.flush()
    // Not awaited: close() is called while the key store is still saving the key set without the key.
    const forgetting = c.forget({ subject: ALICE })
    await c.close()
    const { receipt } = await forgetting
    c = await open(opts())
    expect(c.receipts({ op: 'FORGET' }).map((r) => r.seq)).toEqual([receipt.seq])
    expect(erasedBy(() => c.memories.get(a.id))).toMatchObject({ id: a.id, forgetSeq: receipt.seq })
    expect(await c.verify({ values: true })).toMatchObject({ ok: true, erased: 1 })
    await c.close()
  })

  it('fails before any receipt with keys from an environment variable', async () => {
    const backend = createMemoryBackend()
    const keys = createMemoryKeyProvider()
    const first = await open({ storage: backend, keyStore: keys })
    await first.close()
    const env = createEnvKeyProvider({ variable: 'KEYS', env: { KEYS: exportKeys((await keys.load(first.chain))!) } })
    const c = await open({ storage: backend, keyStore: env })
    const size = c.size
    expect(() => c.memories.propose('Is 41 years old.', { source: 'user', subject: ALICE })).toThrow(KeyStoreError)
    await expect(c.forget({ subject: ALICE })).rejects.toMatchObject({ code: 'KEYS_READ_ONLY' })
    expect(c.size).toBe(size)
    await c.close()
  })
})
