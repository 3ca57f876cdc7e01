/** AES-GCM value encryption: nothing in plaintext in the journal, tampering and wrong keys surface as DECRYPT_FAILED. */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createCustoms, createMemoryBackend, type CustomsOptions, type JournalEntry } from '../src/index.js'

async function setup() {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
  const opts: CustomsOptions = {
    decision: { schemas: { secret: z.string() } },
    bridge: { tools: ['web'] },
    encryption: { currentKeyId: 'k1', getKey: (id) => (id === 'k1' ? key : Promise.reject(new Error(`no key ${id}`))) },
  }
  const backend = createMemoryBackend()
  const c = await createCustoms({ ...opts, storage: backend })
  c.decision.commit('secret', 'the launch code is 0000', { source: 'user' })
  c.execution.store('web', 'c1', 'also secret tool output')
  await c.close()
  return { opts, entries: backend.entries() }
}

const reopenVerify = async (opts: CustomsOptions, entries: JournalEntry[]) => {
  const c = await createCustoms({ ...opts, storage: createMemoryBackend(entries) })
  try {
    return { report: await c.verify({ values: true }), value: c.decision.get('secret') }
  } finally {
    await c.close()
  }
}

describe('value encryption', () => {
  it('keeps values out of the journal in plaintext and reads them back after reopening', async () => {
    const { opts, entries } = await setup()
    const text = JSON.stringify(entries)
    expect(text).not.toContain('launch code')
    expect(text).not.toContain('tool output')
    const values = entries.filter((e) => e.t === 'value')
    expect(values).toHaveLength(2)
    for (const v of values) expect(JSON.parse((v as { body: string }).body)).toMatchObject({ kid: 'k1', iv: expect.any(String), ct: expect.any(String) })
    const { report, value } = await reopenVerify(opts, entries)
    expect(report).toEqual({ ok: true, checked: 2 })
    expect(value).toBe('the launch code is 0000')
  })

  it('a flipped ciphertext, IV or key id is DECRYPT_FAILED at the receipt that commits to it', async () => {
    const { opts, entries } = await setup()
    for (const field of ['ct', 'iv', 'kid'] as const) {
      const tampered = entries.map((e) => {
        if (e.t !== 'value') return e
        const rec = JSON.parse(e.body) as Record<string, string>
        const s = rec[field]
        rec[field] = (s[0] === 'A' ? 'B' : 'A') + s.slice(1)
        return { ...e, body: JSON.stringify(rec) }
      })
      const { report, value } = await reopenVerify(opts, tampered)
      expect(report.firstFailure, field).toMatchObject({ seq: 1, code: 'DECRYPT_FAILED' })
      expect(value).toBeUndefined()
    }
  })

  it('a ciphertext moved to another commitment does not decrypt (the commitment is the AAD)', async () => {
    const { opts, entries } = await setup()
    const [a, b] = entries.filter((e) => e.t === 'value') as Array<{ t: 'value'; commit: string; body: string }>
    const swapped = entries.map((e) => (e === a ? { ...a, body: b.body } : e === b ? { ...b, body: a.body } : e))
    const { report } = await reopenVerify(opts, swapped)
    expect(report.firstFailure).toMatchObject({ seq: 1, code: 'DECRYPT_FAILED' })
  })
})

describe('key rotation', () => {
  it('values written under an older key stay readable after the current key changes', async () => {
    const k1 = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
    const k2 = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
    const keys: Record<string, CryptoKey> = { k1, k2 }
    const provider = (currentKeyId: string) => ({
      currentKeyId,
      getKey: (id: string) => keys[id] ?? Promise.reject(new Error(`no key ${id}`)),
    })
    const base: CustomsOptions = { decision: { schemas: { note: z.string(), plan: z.string() } } }
    const backend = createMemoryBackend()
    const first = await createCustoms({ ...base, storage: backend, encryption: provider('k1') })
    first.decision.commit('note', 'written under k1', { source: 'user' })
    await first.close()

    const rotated = createMemoryBackend(backend.entries())
    const second = await createCustoms({ ...base, storage: rotated, encryption: provider('k2') })
    second.decision.commit('plan', 'written under k2', { source: 'plan' })
    await second.close()

    const kids = rotated
      .entries()
      .filter((e) => e.t === 'value')
      .map((e) => JSON.parse((e as { body: string }).body).kid)
    expect(kids).toEqual(['k1', 'k2'])
    const reopened = await createCustoms({ ...base, storage: createMemoryBackend(rotated.entries()), encryption: provider('k2') })
    try {
      expect(reopened.decision.get('note')).toBe('written under k1')
      expect(reopened.decision.get('plan')).toBe('written under k2')
      expect(await reopened.verify({ values: true })).toMatchObject({ ok: true })
    } finally {
      await reopened.close()
    }
  })
})
