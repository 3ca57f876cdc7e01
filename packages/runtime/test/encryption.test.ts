/**
 * Values at rest are sealed with AES-256-GCM by default (keys from the key store, never in the journal);
 * tampering with a sealed record is caught at open (the receipt's MAC covers the record) and on read (the
 * record must decrypt under its commitment and match it); `encryption: false` stores plaintext records.
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createCustoms,
  createMemoryBackend,
  createMemoryKeyProvider,
  DamagedStoreError,
  type CustomsOptions,
  type JournalEntry,
} from '../src/index.js'

const base = (keyStore = createMemoryKeyProvider()): CustomsOptions => ({
  keyStore,
  decision: { schemas: { secret: z.string(), other: z.string() } },
})

async function writeStore(options: CustomsOptions): Promise<{ entries: JournalEntry[]; seqs: number[]; commits: string[] }> {
  const backend = createMemoryBackend()
  const c = await createCustoms({ ...options, storage: backend })
  const a = c.decision.commit('secret', 'the launch code is 0000', { source: 'user' })
  const b = c.decision.commit('other', 'nothing to see', { source: 'user' })
  await c.close()
  return { entries: backend.entries(), seqs: [a.seq, b.seq], commits: [a.new!, b.new!] }
}

const values = (entries: JournalEntry[]) => entries.filter((e): e is Extract<JournalEntry, { t: 'value' }> => e.t === 'value')

describe('values at rest', () => {
  it('are sealed by default: no plaintext in the journal, readable after reopening', async () => {
    const options = base()
    const { entries } = await writeStore(options)
    const text = JSON.stringify(entries)
    expect(text).not.toContain('launch code')
    expect(text).not.toContain('nothing to see')
    for (const v of values(entries))
      expect(JSON.parse(v.body)).toEqual({ ct: expect.any(String), iv: expect.any(String), kid: expect.any(String) })
    const c = await createCustoms({ ...options, storage: createMemoryBackend(entries) })
    expect(c.decision.get('secret')).toBe('the launch code is 0000')
    expect(await c.verify({ values: true })).toEqual({ ok: true, checked: 2, authenticatedThrough: 2, legacy: 0 })
    await c.close()
  })

  it('encryption: false stores plaintext records, still authenticated and checked', async () => {
    const options = { ...base(), encryption: false }
    const { entries } = await writeStore(options)
    expect(values(entries).map((v) => JSON.parse(v.body))).toEqual([{ data: '"the launch code is 0000"' }, { data: '"nothing to see"' }])
    const c = await createCustoms({ ...options, storage: createMemoryBackend(entries) })
    expect(await c.verify({ values: true })).toMatchObject({ ok: true })
    await c.close()
  })

  for (const [what, edit] of [
    [
      'a flipped ciphertext byte',
      (r: { ct: string; iv: string; kid: string }) => ({ ...r, ct: (r.ct[0] === 'A' ? 'B' : 'A') + r.ct.slice(1) }),
    ],
    ['another IV', (r: { ct: string; iv: string; kid: string }) => ({ ...r, iv: (r.iv[0] === 'A' ? 'B' : 'A') + r.iv.slice(1) })],
    ['an unknown key id', (r: { ct: string; iv: string; kid: string }) => ({ ...r, kid: 'kNope' })],
  ] as const)
    it(`${what}: the store opens read-only, verify names the receipt, the value is never returned`, async () => {
      const options = base()
      const { entries, seqs, commits } = await writeStore(options)
      const tampered = entries.map((e) =>
        e.t === 'value' && e.commit === commits[0] ? { ...e, body: JSON.stringify(edit(JSON.parse(e.body))) } : e,
      )
      const c = await createCustoms({ ...options, storage: createMemoryBackend(tampered) })
      expect(await c.verify()).toMatchObject({ ok: false, firstFailure: { seq: seqs[0], code: 'BAD_VALUE' } })
      expect(() => c.decision.get('secret')).toThrow(expect.objectContaining({ code: 'VALUE_INTEGRITY', seq: seqs[0] }))
      expect(c.decision.get('other')).toBe('nothing to see')
      expect(() => c.decision.commit('other', 'x', { source: 'user' })).toThrow(DamagedStoreError)
      await c.close()
    })

  it('a ciphertext moved to another commitment does not open (the commitment is the additional data)', async () => {
    const options = base()
    const { entries, commits } = await writeStore(options)
    const [first, second] = values(entries)
    const moved = entries.map((e) =>
      e === entries.find((x) => x.t === 'value' && x.commit === commits[1]) ? { ...second, body: first.body } : e,
    )
    const c = await createCustoms({ ...options, storage: createMemoryBackend(moved) })
    expect(() => c.decision.get('other')).toThrow(expect.objectContaining({ code: 'VALUE_INTEGRITY' }))
    expect((await c.verify()).ok).toBe(false)
    await c.close()
  })

  it('values written under an older key stay readable after rotation; a key set without that key fails loudly', async () => {
    const keyStore = createMemoryKeyProvider()
    const backend = createMemoryBackend()
    const c = await createCustoms({ ...base(keyStore), storage: backend })
    c.decision.commit('secret', 'old key', { source: 'user' })
    const before = (await keyStore.load(c.chain))!.encryption.current
    const after = await c.rotateEncryptionKey()
    expect(after).not.toBe(before)
    c.decision.commit('other', 'new key', { source: 'user' })
    await c.close()
    const kids = values(backend.entries()).map((v) => JSON.parse(v.body).kid)
    expect(kids).toEqual([before, after])
    const d = await createCustoms({ ...base(keyStore), storage: createMemoryBackend(backend.entries()) })
    expect(d.decision.entries()).toEqual([
      ['other', 'new key'],
      ['secret', 'old key'],
    ])
    await d.close()
    // The old key dropped from the key set: the old value is refused, never returned wrong.
    const keys = (await keyStore.load(d.chain))!
    delete keys.encryption.keys[before]
    await keyStore.save(d.chain, keys)
    const e = await createCustoms({ ...base(keyStore), storage: createMemoryBackend(backend.entries()) })
    expect(() => e.decision.get('secret')).toThrow(expect.objectContaining({ code: 'VALUE_INTEGRITY' }))
    expect(await e.verify({ values: true })).toMatchObject({ ok: false, firstFailure: { seq: 1, code: 'DECRYPT_FAILED' } })
    await e.close()
  })
})
