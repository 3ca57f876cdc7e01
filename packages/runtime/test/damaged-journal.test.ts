/**
 * A journal damaged before its tail (one byte in the middle turned into a byte JSON does not allow) still
 * opens: what was read before the damage stays readable, verify() and health() report BAD_ENCODING at the
 * first unreadable receipt, and every write is refused with a typed error naming the store and the record,
 * without appending anything.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createCustoms, StorageError } from '../src/index.js'
import { DamagedStoreError } from '../src/errors.js'

const root = mkdtempSync(join(tmpdir(), 'mc-damaged-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const options = (dir: string) => ({
  storage: { file: dir },
  decision: { schemas: { goal: z.string(), budget: z.number() } },
  bridge: { tools: ['search'] },
})

/** Writes a small store and returns its journal lines. */
async function makeStore(dir: string): Promise<string[]> {
  const c = await createCustoms(options(dir))
  for (let i = 0; i < 8; i++) c.decision.commit(i % 2 ? 'budget' : 'goal', i % 2 ? i : `goal ${i}`, { source: 'user' })
  c.execution.store('search', 'c1', 'result')
  c.plans.record('p1', { references: [{ tool: 'search', callId: 'c1' }] })
  await c.close()
  return readFileSync(join(dir, 'journal.ndjson'), 'utf8').split('\n')
}

/** Replaces the middle byte of journal line `index` (0-based) with 0x01, which JSON allows nowhere. */
function damageLine(dir: string, lines: string[], index: number): { record: number; byteOffset: number } {
  const journal = join(dir, 'journal.ndjson')
  const bytes = readFileSync(journal)
  const byteOffset = Buffer.byteLength(lines.slice(0, index).join('\n')) + 1
  const middle = byteOffset + Math.floor(Buffer.byteLength(lines[index]) / 2)
  bytes[middle] = 0xff // not UTF-8: the record no longer decodes at all
  writeFileSync(journal, bytes)
  return { record: index + 1, byteOffset }
}

/** Seq of a journal line's receipt (format 1 stores it beside the body, format 2 inside it). */
function receiptSeqOf(line: { t?: string; seq?: number; b?: { seq?: number } }): number | undefined {
  return line.t === 'receipt' ? line.seq : line.t === 'r' ? line.b?.seq : undefined
}

describe('damaged journal on open', () => {
  it('opens read-only: reads work, verify and health report BAD_ENCODING after the last readable receipt, writes throw', async () => {
    const dir = join(root, 'middle')
    const lines = await makeStore(dir)
    // Damage the line of receipt 5 (in the middle of the journal, well before its tail).
    const index = lines.findIndex((l) => l.startsWith('{') && receiptSeqOf(JSON.parse(l)) === 5)
    expect(index).toBeGreaterThan(0)
    expect(index).toBeLessThan(lines.length - 3)
    const { record, byteOffset } = damageLine(dir, lines, index)
    const journalBefore = readFileSync(join(dir, 'journal.ndjson'))

    const c = await createCustoms(options(dir))
    try {
      // Everything before the damaged record was kept.
      expect(c.size).toBe(4)
      expect(c.receipts().map((r) => r.seq)).toEqual([1, 2, 3, 4])
      expect(c.decision.get('goal')).toBe('goal 2')
      expect(c.decision.get('budget')).toBe(3)
      expect(c.at(2).decision.get('budget')).toBe(1)
      expect(c.history('goal').map((r) => r.seq)).toEqual([1, 3])

      const report = await c.verify()
      expect(report).toMatchObject({ ok: false, checked: 4, firstFailure: { seq: 5, code: 'BAD_ENCODING' } })
      expect(report.firstFailure!.detail).toContain(`journal record ${record}`)

      const h = c.health()
      expect(h.ok).toBe(false)
      expect(h.verification).toMatchObject({ state: 'failed', firstFailure: { seq: 5, code: 'BAD_ENCODING' } })
      expect(h.storage.damaged).toMatchObject({ record, byteOffset, afterSeq: 4 })
      expect(h.storage.damaged!.location).toContain(dir)
      expect(c.metrics()).toContain('memory_customs_storage_damaged 1')

      const writes: Array<[string, () => unknown]> = [
        ['decision.commit', () => c.decision.commit('goal', 'new goal', { source: 'user' })],
        ['execution.store', () => c.execution.store('search', 'c2', 'x')],
        ['plans.record', () => c.plans.record('p2', { references: [] })],
        ['bridge.promote', () => c.bridge.promote({ tool: 'search', callId: 'c1', to: 'goal', planRef: 'p1' })],
        ['rollback', () => c.rollbackNow({ toSeq: 1 })],
      ]
      for (const [what, write] of writes) {
        let err: unknown
        try {
          write()
        } catch (e) {
          err = e
        }
        expect(err, what).toBeInstanceOf(DamagedStoreError)
        expect(err, what).toBeInstanceOf(StorageError)
        expect(err, what).toMatchObject({ code: 'STORAGE', rule: 'storage.damaged', operation: what, record, afterSeq: 4 })
        expect((err as Error).message, what).toContain(dir)
        expect((err as Error).message, what).toContain(`journal record ${record}`)
      }
      await expect(c.rollback({ toSeq: 1 })).rejects.toBeInstanceOf(DamagedStoreError)
      await expect(c.checkpoint()).rejects.toBeInstanceOf(DamagedStoreError)
      // A dry run is a read.
      expect((await c.rollback({ toSeq: 2 }, { dryRun: true })).diff).toEqual([
        { pool: 'decision', key: 'budget', before: 3, after: 1 },
        { pool: 'decision', key: 'goal', before: 'goal 2', after: 'goal 0' },
      ])
      // Nothing was written: state, chain and journal are as they were.
      expect(c.size).toBe(4)
      expect(c.decision.get('goal')).toBe('goal 2')
      await c.flush()
    } finally {
      await c.close()
    }
    expect(readFileSync(join(dir, 'journal.ndjson')).equals(journalBefore)).toBe(true)
  })

  it('a damaged meta entry (nothing readable) rejects the open with a StorageError naming the store', async () => {
    const dir = join(root, 'meta')
    const lines = await makeStore(dir)
    expect(JSON.parse(lines[0]).t).toBe('meta')
    damageLine(dir, lines, 0)
    const err = await createCustoms(options(dir)).then(
      () => null,
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(StorageError)
    expect((err as Error).message).toContain(dir)
    expect((err as Error).message).toMatch(/damaged at record 1/)
    // The lock was released: a second attempt fails the same way (not LOCKED).
    await expect(createCustoms(options(dir))).rejects.toThrow(/damaged at record 1/)
  })
})
