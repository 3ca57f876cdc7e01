/**
 * A store written by the first release (format 1, keys in its meta line) still opens, reads the same state and
 * point-in-time values, verifies (also against checkpoints v1 signed), is migrated once (keys imported into the
 * key store, a MIGRATE receipt, earlier receipts reported as legacy) and takes new writes. The fixture was
 * written by the 0.1.0 runtime (test/fixtures/make-v1-store.ts), not by hand.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createCustoms } from '../src/index.js'

const fixture = join(import.meta.dirname, 'fixtures/v1-store')
const expected = JSON.parse(readFileSync(join(fixture, 'expected.json'), 'utf8'))
const midNote = readFileSync(join(fixture, 'checkpoint-mid.note'), 'utf8')
const finalNote = readFileSync(join(fixture, 'checkpoint-final.note'), 'utf8')

let work: string
let store: string
let keyDir: string
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'mc-v1-'))
  store = join(work, 'store')
  keyDir = join(work, 'keys')
  cpSync(join(fixture, 'store'), store, { recursive: true })
})
afterEach(() => rmSync(work, { recursive: true, force: true }))

const options = () => ({
  storage: { file: store },
  keyStore: { dir: keyDir },
  decision: { schemas: { risk: z.enum(['low', 'high']), budget: z.number(), note: z.unknown() }, writeOnce: ['risk'] },
  bridge: { tools: ['web'] },
  execution: { ttlMs: 10 * 365 * 24 * 3600 * 1000 },
})

describe('a format-1 store', () => {
  it('reads the same state, history and point-in-time values as the release that wrote it', async () => {
    const c = await createCustoms(options())
    try {
      expect(c.decision.entries()).toEqual(expected.decision)
      expect(c.execution.entries().map((e) => ({ tool: e.tool, callId: e.callId, result: e.result }))).toEqual(expected.execution)
      expect(c.plans.get('p1')).toEqual(expected.plans.p1)
      expect(c.at(expected.atMid.seq).decision.entries()).toEqual(expected.atMid.decision)
      const legacy = c.receipts({ toSeq: expected.size })
      expect(
        legacy.map((r) => ({ seq: r.seq, op: r.op, pool: r.pool, key: r.key, tool: r.tool, call: r.call, reason: r.reason, hash: r.hash })),
      ).toEqual(expected.receipts)
    } finally {
      await c.close()
    }
  })

  it('is migrated once: keys imported, a MIGRATE receipt, legacy receipts, new writes in format 2', async () => {
    const c = await createCustoms(options())
    const migrate = c.receipt(expected.size + 1)!
    expect(migrate.op).toBe('MIGRATE')
    expect(migrate.prev).toBe(expected.head.hash)
    const r = c.decision.commit('budget', 20, { source: 'user' })
    expect(r.seq).toBe(expected.size + 2)
    expect(r.v).toBe(2)
    await c.flush()
    const report = await c.verify()
    expect(report).toMatchObject({ ok: true, checked: expected.size + 2, legacy: expected.size, authenticatedThrough: expected.size + 2 })
    expect((await c.verify({ checkpoint: midNote })).ok).toBe(true)
    expect((await c.verify({ checkpoint: finalNote })).ok).toBe(true)
    await c.close()

    const keyFiles = statSync(keyDir)
    expect(keyFiles.mode & 0o777).toBe(0o700)
    const again = await createCustoms(options())
    try {
      expect(again.receipts({ op: 'MIGRATE' as never })).toHaveLength(1)
      expect(again.decision.get('budget')).toBe(20)
      expect((await again.verify()).ok).toBe(true)
    } finally {
      await again.close()
    }
  })

  it('a cut-off v1 tail is reported against the v1-signed checkpoint (migration then forks from it)', async () => {
    const journal = join(store, 'journal.ndjson')
    const lines = readFileSync(journal, 'utf8').split('\n').filter(Boolean)
    const lastReceipt = lines
      .map((l, i) => [l, i] as const)
      .filter(([l]) => l.startsWith('{"t":"receipt"'))
      .pop()![1]
    const { writeFileSync } = await import('node:fs')
    writeFileSync(journal, lines.slice(0, lastReceipt).join('\n') + '\n')
    const c = await createCustoms({ ...options(), storage: { file: store } })
    try {
      const report = await c.verify({ checkpoint: finalNote })
      expect(report.ok).toBe(false)
      // Receipt 11 was cut; migration appended MIGRATE as the new 11, which the v1 note does not cover.
      expect(report.firstFailure).toMatchObject({ seq: expected.size, code: 'FORK' })
    } finally {
      await c.close()
    }
  })
})

describe('a format-1 store with junk keys in its meta line', () => {
  for (const [what, edit] of [
    [
      'a private key that is not a key',
      (k: Record<string, unknown>) => ({
        ...k,
        checkpoint: { alg: 'ed25519', publicKey: (k.checkpoint as { publicKey: string }).publicKey, privateKey: 'AAAA' },
      }),
    ],
    ['a commitment key that is not hex', (k: Record<string, unknown>) => ({ ...k, commit: 'not hex at all' })],
  ] as const)
    it(`${what}: a typed KEYS_INVALID error naming the field, and nothing written`, async () => {
      const { readFileSync, writeFileSync } = await import('node:fs')
      const journal = join(store, 'journal.ndjson')
      const lines = readFileSync(journal, 'utf8').split('\n')
      const meta = JSON.parse(lines[0]) as { t: string; body: string }
      const body = JSON.parse(meta.body) as { keys: Record<string, unknown> }
      lines[0] = JSON.stringify({ ...meta, body: JSON.stringify({ ...body, keys: edit(body.keys) }) })
      writeFileSync(journal, lines.join('\n'))
      const before = readFileSync(journal, 'utf8')
      await expect(createCustoms(options())).rejects.toMatchObject({ code: 'KEYS_INVALID' })
      expect(readFileSync(journal, 'utf8')).toBe(before)
    })
})
