/** Group commit, flush semantics and storage failures (a backend whose append fails, like a full disk). */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createCustoms, createMemoryBackend, StorageError, type JournalEntry, type StorageBackend } from '../src/index.js'

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
    expect(f.inner.entries().filter((e) => e.t === 'receipt')).toHaveLength(500)
    expect(c.health().storage).toMatchObject({ durableSeq: 500, lag: 0 })
    await c.close()
  })

  it('concurrent writers that each await flush share appends (group commit while an append is in flight)', async () => {
    const inner = createMemoryBackend()
    let appends = 0
    // A slow disk: each append takes a few milliseconds, like an fdatasync.
    const slow: StorageBackend = { ...inner, async append(entries) { appends++; await new Promise((r) => setTimeout(r, 3)); return inner.append(entries) } }
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
    expect(inner.entries().filter((e) => e.t === 'receipt').map((e) => (e as { seq: number }).seq)).toEqual(Array.from({ length: 320 }, (_, i) => i + 1))
    await c.close()
  })

  it('a failing append surfaces: flush rejects with StorageError, health reports it, nothing is lost once it recovers', async () => {
    const f = failingBackend()
    const c = await createCustoms({ storage: f.backend, decision: { schemas } })
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
    const seqs = f.inner.entries().flatMap((e) => (e.t === 'receipt' ? [e.seq] : []))
    expect(seqs).toEqual([1, 2, 3])
    await c.close()
    const reopened = await createCustoms({ storage: createMemoryBackend(f.inner.entries()), decision: { schemas } })
    expect(reopened.decision.get('n')).toBe(3)
    expect((await reopened.verify()).ok).toBe(true)
    await reopened.close()
  })

  it('a store created with keys passed in cannot be reopened without them', async () => {
    const backend = createMemoryBackend()
    const keys = { commitKey: 'c'.repeat(32), signingKey: 's'.repeat(32), checkpointKey: 'hmac' as const }
    const c = await createCustoms({ storage: backend, decision: { schemas }, keys })
    c.decision.commit('n', 1, { source: 'user' })
    const cp = await c.checkpoint()
    expect(cp.algorithm).toBe('hmac-sha256')
    await c.close()
    expect(JSON.stringify(backend.entries()[0])).not.toMatch(/"commit"|"signing"/)
    await expect(createCustoms({ storage: createMemoryBackend(backend.entries()), decision: { schemas } })).rejects.toMatchObject({ code: 'MISSING_KEY' })
    const again = await createCustoms({ storage: createMemoryBackend(backend.entries()), decision: { schemas }, keys })
    expect(await again.verify({ checkpoint: cp.note, values: true })).toEqual({ ok: true, checked: 1 })
    await again.close()
    // A different commitment key makes every value commitment fail to match.
    const wrong = await createCustoms({ storage: createMemoryBackend(backend.entries()), decision: { schemas }, keys: { ...keys, commitKey: 'x'.repeat(32) } })
    expect((await wrong.verify({ values: true })).firstFailure).toMatchObject({ seq: 1, code: 'BAD_VALUE' })
    await wrong.close()
  })

  it('a result injected into the journal without a valid signature cannot be promoted', async () => {
    const backend = createMemoryBackend()
    const c = await createCustoms({ storage: backend, decision: { schemas: { risk: z.string() } }, bridge: { tools: ['web'] } })
    const stored = c.execution.store('web', 'c1', 'low')
    c.plans.record('p', { references: [{ tool: 'web', callId: 'c1' }] })
    await c.close()
    const tampered = backend.entries().map((e) => (e.t === 'value' && e.commit === stored.new ? { ...e, body: JSON.stringify({ ...JSON.parse(e.body), data: '"high"' }) } : e))
    const d = await createCustoms({ storage: createMemoryBackend(tampered), decision: { schemas: { risk: z.string() } }, bridge: { tools: ['web'] } })
    expect(() => d.bridge.promote({ tool: 'web', callId: 'c1', to: 'risk', planRef: 'p' })).toThrow(expect.objectContaining({ code: 'SIGNATURE_MISMATCH' }))
    expect(d.decision.get('risk')).toBeUndefined()
    await d.close()
  })

  it('bad options are typed errors naming the option', async () => {
    await expect(createCustoms({ decision: { writeOnce: ['x'] } })).rejects.toMatchObject({ code: 'BAD_OPTION', message: expect.stringContaining('decision.writeOnce') })
    await expect(createCustoms({ snapshotEvery: 0 })).rejects.toMatchObject({ message: expect.stringContaining('snapshotEvery') })
    await expect(createCustoms({ decision: { schemas: { x: {} as never } } })).rejects.toMatchObject({ message: expect.stringContaining('decision.schemas.x') })
    await expect(createCustoms({ keys: { commitKey: 'short' } })).rejects.toMatchObject({ message: expect.stringContaining('keys.commitKey') })
    await expect(createCustoms({ storage: 42 as never })).rejects.toMatchObject({ message: expect.stringContaining('storage') })
  })
})
