/**
 * Tamper sweep: alter the journal entries of a real store (bodies, hashes, values, order, count), open a new
 * Customs on the altered entries, and check that verify fails at the right seq with the right code. It must
 * never pass.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createCustoms, createMemoryBackend, type Customs, type JournalEntry, type VerifyReport } from '../src/index.js'
import { isCanonical } from '../src/core/canonical.js'
import { encodeBody, STATE_OPS, type ReceiptBody } from '../src/core/receipt.js'
import { leafHashHex } from '../src/crypto/hash.js'

const options = {
  decision: { schemas: { risk: z.string(), budget: z.number(), any: z.unknown() } },
  bridge: { tools: ['web'] },
}

type R = Extract<JournalEntry, { t: 'receipt' }>
type V = Extract<JournalEntry, { t: 'value' }>

let entries: JournalEntry[]
let receipts: R[]
let checkpointNote: string

async function open(list: JournalEntry[]): Promise<Customs> {
  return createCustoms({ ...options, storage: createMemoryBackend(list) })
}

async function verifyEntries(list: JournalEntry[], opts: { values?: boolean; checkpoint?: string } = {}): Promise<VerifyReport> {
  const c = await open(list)
  try {
    return await c.verify(opts)
  } finally {
    await c.close()
  }
}

/** Position (1-based) of a receipt entry among receipt entries. */
const posOf = (list: JournalEntry[], e: JournalEntry) => list.filter((x) => x.t === 'receipt').indexOf(e as R) + 1

function replaceEntry(list: JournalEntry[], target: JournalEntry, next: JournalEntry): JournalEntry[] {
  return list.map((e) => (e === target ? next : e))
}

/** Re-chains receipts from index `from` on, as an attacker without keys can (hashes are not keyed). */
function rehash(list: JournalEntry[], edit: (b: ReceiptBody, i: number) => ReceiptBody): JournalEntry[] {
  let prev = '0'.repeat(64)
  let i = 0
  return list.map((e) => {
    if (e.t !== 'receipt') return e
    const b = edit({ ...(JSON.parse(e.body) as ReceiptBody), prev }, i++)
    const body = encodeBody(b)
    const hash = leafHashHex(body)
    prev = hash
    return { t: 'receipt', seq: b.seq, hash, body }
  })
}

beforeAll(async () => {
  const backend = createMemoryBackend()
  const c = await createCustoms({ ...options, storage: backend })
  c.decision.commit('risk', 'low', { source: 'user' })
  c.decision.commit('budget', 10.5, { source: 'plan' })
  c.execution.store('web', 'c1', 'high')
  c.plans.record('p', { references: [{ tool: 'web', callId: 'c1' }] })
  c.bridge.promote({ tool: 'web', callId: 'c1', to: 'risk', planRef: 'p' })
  expect(() => c.decision.commit('nope', 1, { source: 'user' })).toThrow()
  await c.checkpoint()
  c.decision.commit('any', { nested: ['é€😀', 1e-7] }, { source: 'user' })
  c.observeWrite({ site: { file: 'src/x.ts', line: 1, column: 2, fn: null, callee: 'm.set', rule: 'MW-1', key: 'k', keyKind: 'static', keyIndex: 0, valueIndex: 1 }, key: 'k', value: 1, hasValue: true })
  await c.rollback({ tool: 'web' })
  c.decision.commit('budget', 11, { source: 'user' })
  checkpointNote = (await c.checkpoint()).note
  await c.close()
  entries = backend.entries()
  receipts = entries.filter((e): e is R => e.t === 'receipt')
  expect(receipts.length).toBe(12)
  expect(await verifyEntries(entries, { values: true, checkpoint: checkpointNote })).toEqual({ ok: true, checked: 12 })
})

/** BAD_ENCODING unless the text is still exactly the canonical encoding of a well-formed v1 receipt body. */
function expectedBodyCode(text: string): 'BAD_ENCODING' | 'BAD_HASH' {
  if (!isCanonical(text, true)) return 'BAD_ENCODING'
  const b = JSON.parse(text) as ReceiptBody
  try {
    return b.v === 1 && encodeBody(b) === text ? 'BAD_HASH' : 'BAD_ENCODING'
  } catch {
    return 'BAD_ENCODING'
  }
}

const flip = (s: string, i: number) => s.slice(0, i) + String.fromCharCode(s.charCodeAt(i) ^ 1) + s.slice(i + 1)

describe('tamper sweep', () => {
  it('every byte of every receipt body in the index: fails at that seq with the right code, never passes', async () => {
    // Editing the index row is the fast path (no reopen per flip); the journal path is sampled below.
    const c = await open(entries)
    let tried = 0
    try {
      for (const r of receipts) {
        const pos = posOf(entries, r)
        for (let i = 0; i < r.body.length; i++) {
          const body = flip(r.body, i)
          c.index.run('UPDATE receipts SET body = ? WHERE pos = ?', [body, pos])
          const report = await c.verify()
          expect(report.ok, `receipt ${pos} byte ${i}`).toBe(false)
          expect(report.firstFailure?.seq, `receipt ${pos} byte ${i}`).toBe(pos)
          expect(report.firstFailure?.code, `receipt ${pos} byte ${i}: ${body}`).toBe(expectedBodyCode(body))
          tried++
        }
        c.index.run('UPDATE receipts SET body = ? WHERE pos = ?', [r.body, pos])
      }
      expect(await c.verify()).toEqual({ ok: true, checked: receipts.length })
    } finally {
      await c.close()
    }
    expect(tried).toBeGreaterThan(3000)
  })

  it('a sample of body bytes flipped in the journal itself, then reopened', async () => {
    for (const r of receipts) {
      const pos = posOf(entries, r)
      for (let i = pos % 17; i < r.body.length; i += 61) {
        const body = flip(r.body, i)
        const report = await verifyEntries(replaceEntry(entries, r, { ...r, body }))
        expect(report.firstFailure, `receipt ${pos} byte ${i}`).toMatchObject({ seq: pos, code: expectedBodyCode(body) })
      }
    }
  })

  it('every hex digit of every stored hash: BAD_HASH at that seq', async () => {
    for (const r of receipts) {
      const pos = posOf(entries, r)
      for (let i = pos % 8; i < 64; i += 8) {
        const hash = r.hash.slice(0, i) + (r.hash[i] === '0' ? '1' : '0') + r.hash.slice(i + 1)
        const report = await verifyEntries(replaceEntry(entries, r, { ...r, hash }))
        expect(report.firstFailure, `receipt ${pos} hex ${i}`).toEqual({ seq: pos, code: 'BAD_HASH' })
      }
    }
  })

  it('every byte of every value record: BAD_VALUE at the first receipt that commits to it (with values: true)', async () => {
    const values = entries.filter((e): e is V => e.t === 'value')
    expect(values.length).toBeGreaterThanOrEqual(6)
    for (const v of values) {
      const firstSeq = receipts.map((r) => JSON.parse(r.body) as ReceiptBody).find((b) => STATE_OPS.has(b.op) && b.new === v.commit)!.seq
      for (let i = 0; i < v.body.length; i += i < 12 || i > v.body.length - 4 ? 1 : 5) {
        const report = await verifyEntries(replaceEntry(entries, v, { ...v, body: flip(v.body, i) }), { values: true })
        expect(report.ok, `value ${v.commit.slice(0, 8)} byte ${i}`).toBe(false)
        expect(report.firstFailure?.seq).toBe(firstSeq)
        expect(report.firstFailure?.code).toBe('BAD_VALUE')
      }
      const missing = await verifyEntries(entries.filter((e) => e !== v), { values: true })
      expect(missing.firstFailure).toMatchObject({ seq: firstSeq, code: 'BAD_VALUE' })
    }
  })

  it('delete, duplicate, reorder and insert receipts', async () => {
    const n = receipts.length
    for (let k = 0; k < n; k++) {
      const r = receipts[k]
      const seq = k + 1
      const deleted = await verifyEntries(entries.filter((e) => e !== r), { checkpoint: checkpointNote })
      expect(deleted.firstFailure, `delete #${seq}`).toMatchObject(seq === n ? { seq, code: 'TRUNCATED' } : { seq, code: 'SEQ_GAP' })
      const dup = entries.flatMap((e) => (e === r ? [e, { ...r }] : [e]))
      expect((await verifyEntries(dup)).firstFailure, `duplicate #${seq}`).toMatchObject({ seq: seq + 1, code: 'SEQ_DUP' })
      if (k + 1 < n) {
        const next = receipts[k + 1]
        const swapped = entries.map((e) => (e === r ? next : e === next ? r : e))
        expect((await verifyEntries(swapped)).firstFailure, `swap #${seq}`).toMatchObject({ seq, code: 'SEQ_GAP' })
      }
    }
    // A well-formed receipt inserted after #4, chained to it: the next genuine receipt is then a duplicate seq.
    const b4 = JSON.parse(receipts[3].body) as ReceiptBody
    const forgedBody = encodeBody({ ...b4, seq: 5, prev: receipts[3].hash, op: 'COMMIT', key: 'risk', pool: 'decision' })
    const forged: R = { t: 'receipt', seq: 5, hash: leafHashHex(forgedBody), body: forgedBody }
    const inserted = entries.flatMap((e) => (e === receipts[3] ? [e, forged] : [e]))
    expect((await verifyEntries(inserted)).firstFailure).toMatchObject({ seq: 6, code: 'SEQ_DUP' })
    // An inserted receipt with a stale link.
    const stale = encodeBody({ ...b4, seq: 5 })
    const insertedStale = entries.flatMap((e) => (e === receipts[3] ? [e, { t: 'receipt' as const, seq: 5, hash: leafHashHex(stale), body: stale }] : [e]))
    expect((await verifyEntries(insertedStale)).firstFailure).toMatchObject({ seq: 5, code: 'BROKEN_LINK' })
  })

  it('a consistently rewritten and re-hashed history: caught by the stored checkpoint (ROOT_MISMATCH) and by a kept one (FORK)', async () => {
    const rewritten = rehash(entries, (b, i) => (i === 1 ? { ...b, actor: 'mallory' } : b))
    const report = await verifyEntries(rewritten)
    // The first stored checkpoint covers 6 receipts.
    expect(report.firstFailure).toMatchObject({ seq: 6, code: 'ROOT_MISMATCH' })
    const noStored = rewritten.filter((e) => e.t !== 'checkpoint')
    expect(await verifyEntries(noStored)).toEqual({ ok: true, checked: 12 })
    expect((await verifyEntries(noStored, { checkpoint: checkpointNote })).firstFailure).toMatchObject({ seq: 12, code: 'FORK' })
  })

  it('truncation and replacement of the whole store are only caught against a checkpoint kept elsewhere', async () => {
    const truncated = entries.filter((e) => e.t !== 'checkpoint' && !(e.t === 'receipt' && e.seq > 9))
    expect(await verifyEntries(truncated)).toEqual({ ok: true, checked: 9 }) // the documented limitation
    expect((await verifyEntries(truncated, { checkpoint: checkpointNote })).firstFailure).toMatchObject({ seq: 10, code: 'TRUNCATED' })
    // A stored checkpoint beyond the end of the (truncated) chain is caught too.
    const truncatedKeepCp = entries.filter((e) => !(e.t === 'receipt' && e.seq > 9))
    expect((await verifyEntries(truncatedKeepCp)).firstFailure).toMatchObject({ seq: 10, code: 'TRUNCATED' })
  })

  it('receipts moved in from another chain break the link', async () => {
    const other = rehash(entries, (b) => ({ ...b, chain: 'f'.repeat(32) }))
    const [meta] = entries
    const mixed = [meta, ...other.slice(1)]
    expect((await verifyEntries(mixed)).firstFailure).toMatchObject({ seq: 1, code: 'BROKEN_LINK' })
  })

  it('projections edited in the sql.js index are caught', async () => {
    const columns: Array<[string, string]> = [
      ['key', "'x'"],
      ['op', "'COMMIT'"],
      ['ts', "'2000-01-01T00:00:00.000Z'"],
      ['new', "'00'"],
      ['tool', "'evil'"],
      ['site_file', "'src/evil.ts'"],
      ['prev', "'00'"],
      ['seq', '99'],
    ]
    for (const [col, v] of columns) {
      const c = await open(entries)
      c.index.run(`UPDATE receipts SET ${col} = ${v} WHERE pos = 5`)
      const report = await c.verify()
      expect(report.firstFailure, col).toMatchObject({ seq: 5, code: 'PROJECTION_MISMATCH' })
      await c.close()
    }
    const c = await open(entries)
    c.index.run(`UPDATE receipts SET hash = '${'0'.repeat(64)}' WHERE pos = 3`)
    expect((await c.verify()).firstFailure).toMatchObject({ seq: 3, code: 'BAD_HASH' })
    await c.close()
  })

  it('opening damaged entries never throws; health reports the cheap check', async () => {
    const r = receipts[2]
    const c = await open(replaceEntry(entries, r, { ...r, body: r.body.replace('"v":1', '"v":2') }))
    expect(c.health().verification).toMatchObject({ state: 'failed', firstFailure: { seq: 3, code: 'BAD_HASH' } })
    expect(c.health().ok).toBe(false)
    await c.close()
    const garbage = await open(replaceEntry(entries, r, { ...r, body: '{not json' }))
    expect((await garbage.verify()).firstFailure).toMatchObject({ seq: 3, code: 'BAD_ENCODING' })
    await garbage.close()
  })
})
