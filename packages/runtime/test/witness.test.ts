/**
 * The witness beside the keys (format 2): cutting receipts it has seen is TRUNCATED, replacing one is FORK, a
 * forged witness is BAD_MAC; the store then opens read-only. A failed witness write shows in health().
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createCustoms,
  createMemoryBackend,
  createMemoryKeyProvider,
  DamagedStoreError,
  type JournalEntry,
  type KeyProvider,
} from '../src/index.js'

const schemas = { n: z.number() }

async function writeStore(keyStore: KeyProvider): Promise<{ entries: JournalEntry[]; chain: string }> {
  const backend = createMemoryBackend()
  const c = await createCustoms({ storage: backend, keyStore, decision: { schemas } })
  for (let i = 1; i <= 5; i++) c.decision.commit('n', i, { source: 'user' })
  await c.close() // close writes the witness for receipt 5
  return { entries: backend.entries(), chain: c.chain }
}

const receiptLines = (entries: JournalEntry[]) => entries.map((e, i) => [e, i] as const).filter(([e]) => e.t === 'r')

describe('witness', () => {
  it('is written at close and vouches for the head', async () => {
    const keyStore = createMemoryKeyProvider()
    const { chain } = await writeStore(keyStore)
    expect(await keyStore.loadWitness(chain)).toMatchObject({ seq: 5 })
  })

  it('cutting receipts it has seen is TRUNCATED, and the store opens read-only', async () => {
    const keyStore = createMemoryKeyProvider()
    const { entries } = await writeStore(keyStore)
    const lastTwo = receiptLines(entries).slice(-2)[0][1]
    const c = await createCustoms({ storage: createMemoryBackend(entries.slice(0, lastTwo)), keyStore, decision: { schemas } })
    expect(await c.verify()).toMatchObject({ ok: false, firstFailure: { seq: 4, code: 'TRUNCATED' } })
    expect(() => c.decision.commit('n', 9, { source: 'user' })).toThrow(DamagedStoreError)
    await c.close()
  })

  it('a receipt at its seq with another hash is FORK; a forged witness is BAD_MAC', async () => {
    const keyStore = createMemoryKeyProvider()
    const { entries, chain } = await writeStore(keyStore)
    const w = (await keyStore.loadWitness(chain))!
    await keyStore.saveWitness(chain, { ...w, hash: w.hash.startsWith('A') ? 'B' + w.hash.slice(1) : 'A' + w.hash.slice(1) })
    const forged = await createCustoms({ storage: createMemoryBackend(entries), keyStore, decision: { schemas } })
    expect(await forged.verify()).toMatchObject({ ok: false, firstFailure: { seq: 5, code: 'BAD_MAC' } })
    await forged.close()
    // A witness with a valid MAC for another receipt 5: the history it saw was replaced by this one.
    const other = createMemoryKeyProvider()
    await other.save(chain, (await keyStore.load(chain))!)
    const fourth = receiptLines(entries)[3][1]
    const fork = await createCustoms({ storage: createMemoryBackend(entries.slice(0, fourth + 1)), keyStore: other, decision: { schemas } })
    fork.decision.commit('n', 50, { source: 'user' })
    await fork.close()
    await keyStore.saveWitness(chain, (await other.loadWitness(chain))!)
    const d = await createCustoms({ storage: createMemoryBackend(entries), keyStore, decision: { schemas } })
    expect(await d.verify()).toMatchObject({ ok: false, firstFailure: { seq: 5, code: 'FORK' } })
    expect(() => d.decision.commit('n', 9, { source: 'user' })).toThrow(DamagedStoreError)
    await d.close()
  })

  it('a witness that cannot be written shows in health(), and the journal is unaffected', async () => {
    const inner = createMemoryKeyProvider()
    const failing: KeyProvider = {
      ...inner,
      kind: 'failing',
      location: 'failing',
      load: inner.load,
      save: inner.save,
      loadWitness: inner.loadWitness,
      saveWitness: async () => {
        throw new Error('disk full')
      },
    }
    const c = await createCustoms({ keyStore: failing, decision: { schemas } })
    c.decision.commit('n', 1, { source: 'user' })
    await c.checkpoint()
    expect(c.health().storage.witness).toEqual({ seq: 0, error: 'disk full' })
    expect(c.health().ok).toBe(false)
    expect((await c.verify()).ok).toBe(true)
    await c.close()
  })
})
