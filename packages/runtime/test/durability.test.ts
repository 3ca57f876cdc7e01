/** Group commit, flush semantics and storage failures (a backend whose append fails, like a full disk). */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createCustoms,
  createMemoryBackend,
  createMemoryKeyProvider,
  DamagedStoreError,
  StorageError,
  type JournalEntry,
  type StorageBackend,
} from '../src/index.js'

/** Seqs of the receipts among journal entries, in order (format 2 keeps the seq in the body). */
function receiptSeqs(entries: JournalEntry[]): number[] {
  return entries.flatMap((e) => (e.t === 'r' ? [JSON.parse(e.body).seq as number] : e.t === 'receipt' ? [e.seq] : []))
}

function failingBackend() {
  const inner = createMemoryBackend()
  let failing = false
  const appends: number[] = []
  const backend: StorageBackend = {
    ...inner,
    kind: 'test-failing',
    async append(entries: JournalEntry[]) {
      if (failing) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })
      appends.push(entries.length)
      return inner.append(entries)
    },
  }
  return { backend, inner, appends, setFailing: (f: boolean) => void (failing = f) }
}

const schemas = { n: z.number() }

describe('durability', () => {
  it('batches concurrent writes (group commit) and flush resolves when all are appended', async () => {
    const f = failingBackend()
    const c = await createCustoms({ storage: f.backend, decision: { schemas } })
    f.appends.length = 0
    for (let i = 0; i < 500; i++) c.decision.commit('n', i, { source: 'user' })
    await c.flush()
    expect(f.appends.length).toBe(1)
    expect(receiptSeqs(f.inner.entries())).toHaveLength(500)
    expect(c.health().storage).toMatchObject({ durableSeq: 500, lag: 0 })
    await c.close()
  })

  it('concurrent writers that each await flush share appends (group commit while an append is in flight)', async () => {
    const inner = createMemoryBackend()
    let appends = 0
    // A slow disk: each append takes a few milliseconds, like an fdatasync.
    const slow: StorageBackend = {
      ...inner,
      async append(entries) {
        appends++
        await new Promise((r) => setTimeout(r, 3))
        return inner.append(entries)
      },
    }
    const c = await createCustoms({ storage: slow, decision: { schemas } })
    appends = 0
    const writer = async (w: number) => {
      for (let i = 0; i < 10; i++) {
        const r = c.decision.commit('n', w * 100 + i, { source: 'user' })
        await c.flush()
        expect(c.health().storage.durableSeq).toBeGreaterThanOrEqual(r.seq)
      }
    }
    await Promise.all(Array.from({ length: 32 }, (_, w) => writer(w)))
    expect(c.size).toBe(320)
    expect(appends).toBeLessThan(40)
    expect(receiptSeqs(inner.entries())).toEqual(Array.from({ length: 320 }, (_, i) => i + 1))
    await c.close()
  })

  it('a failing append surfaces: flush rejects with StorageError, health reports it, nothing is lost once it recovers', async () => {
    const f = failingBackend()
    const keyStore = createMemoryKeyProvider()
    const c = await createCustoms({ storage: f.backend, keyStore, decision: { schemas } })
    c.decision.commit('n', 1, { source: 'user' })
    await c.flush()
    f.setFailing(true)
    c.decision.commit('n', 2, { source: 'user' })
    c.decision.commit('n', 3, { source: 'user' })
    const err = await c.flush().catch((e) => e)
    expect(err).toBeInstanceOf(StorageError)
    expect(err.code).toBe('STORAGE')
    expect(err.message).toMatch(/ENOSPC/)
    const h = c.health()
    expect(h.ok).toBe(false)
    expect(h.storage).toMatchObject({ durableSeq: 1, lag: 2, errors: expect.any(Number) })
    expect(h.storage.error?.message).toMatch(/ENOSPC/)
    expect(c.metrics()).toMatch(/memory_customs_storage_lag_receipts 2/)
    f.setFailing(false)
    await c.flush()
    expect(c.health().storage).toMatchObject({ durableSeq: 3, lag: 0, error: null })
    const seqs = receiptSeqs(f.inner.entries())
    expect(seqs).toEqual([1, 2, 3])
    await c.close()
    const reopened = await createCustoms({ storage: createMemoryBackend(f.inner.entries()), keyStore, decision: { schemas } })
    expect(reopened.decision.get('n')).toBe(3)
    expect((await reopened.verify()).ok).toBe(true)
    await reopened.close()
  })

  it('keys live in the key store, never in the journal; a store whose keys are missing never gets fresh ones', async () => {
    const backend = createMemoryBackend()
    const keyStore = createMemoryKeyProvider()
    const keys = { commitKey: 'c'.repeat(32), signingKey: 's'.repeat(32), checkpointKey: 'hmac' as const }
    const c = await createCustoms({ storage: backend, keyStore, decision: { schemas }, keys })
    c.decision.commit('n', 1, { source: 'user' })
    const cp = await c.checkpoint()
    expect(cp.algorithm).toBe('hmac-sha256')
    await c.close()
    expect(JSON.stringify(backend.entries())).not.toMatch(/"commit":"[0-9a-f]{64}"|"signing"|privateKey|"auth"/)
    await expect(
      createCustoms({ storage: createMemoryBackend(backend.entries()), keyStore: createMemoryKeyProvider(), decision: { schemas } }),
    ).rejects.toMatchObject({ code: 'KEYS_MISSING' })
    const again = await createCustoms({ storage: createMemoryBackend(backend.entries()), keyStore, decision: { schemas } })
    expect(await again.verify({ checkpoint: cp.note, values: true })).toEqual({ ok: true, checked: 1, authenticatedThrough: 1, legacy: 0 })
    await again.close()
    // Another chain's keys are refused at open, not discovered later as a sea of bad MACs.
    const other = createMemoryKeyProvider()
    const otherStore = await createCustoms({ storage: createMemoryBackend(), keyStore: other })
    const stolen = (await other.load(otherStore.chain))!
    await otherStore.close()
    const wrong = createMemoryKeyProvider()
    const chain = JSON.parse((backend.entries()[0] as { body: string }).body).chain as string
    await wrong.save(chain, { ...stolen, chain })
    await expect(
      createCustoms({ storage: createMemoryBackend(backend.entries()), keyStore: wrong, decision: { schemas } }),
    ).rejects.toMatchObject({ code: 'KEYS_INVALID' })
  })

  it('a tool result altered at rest is never promoted nor returned: the store opens read-only and names the receipt', async () => {
    const backend = createMemoryBackend()
    const opts = { decision: { schemas: { risk: z.string() } }, bridge: { tools: ['web'] } }
    const c = await createCustoms({ storage: backend, ...opts })
    const stored = c.execution.store('web', 'c1', 'low')
    c.plans.record('p', { references: [{ tool: 'web', callId: 'c1' }] })
    await c.close()
    const tampered = backend
      .entries()
      .map((e) => (e.t === 'value' && e.commit === stored.new ? { ...e, body: JSON.stringify({ data: '"high"' }) } : e))
    const d = await createCustoms({ storage: createMemoryBackend(tampered), ...opts })
    expect(() => d.bridge.promote({ tool: 'web', callId: 'c1', to: 'risk', planRef: 'p' })).toThrow(DamagedStoreError)
    expect(() => d.execution.get('web', 'c1')).toThrow(expect.objectContaining({ code: 'VALUE_INTEGRITY', seq: stored.seq }))
    expect(d.decision.get('risk')).toBeUndefined()
    expect((await d.verify()).firstFailure).toMatchObject({ seq: stored.seq, code: 'BAD_VALUE' })
    await d.close()
  })

  it('bad options are typed errors naming the option', async () => {
    await expect(createCustoms({ decision: { writeOnce: ['x'] } })).rejects.toMatchObject({
      code: 'BAD_OPTION',
      message: expect.stringContaining('decision.writeOnce'),
    })
    await expect(createCustoms({ snapshotEvery: 0 })).rejects.toMatchObject({ message: expect.stringContaining('snapshotEvery') })
    await expect(createCustoms({ decision: { schemas: { x: {} as never } } })).rejects.toMatchObject({
      message: expect.stringContaining('decision.schemas.x'),
    })
    await expect(createCustoms({ keys: { commitKey: 'short' } })).rejects.toMatchObject({
      message: expect.stringContaining('keys.commitKey'),
    })
    await expect(createCustoms({ storage: 42 as never })).rejects.toMatchObject({ message: expect.stringContaining('storage') })
  })
})
