/**
 * Tamper suite (format v2, issue 8 "Done means"): alter a real store's journal the way someone who can write
 * its files would (bytes flipped, lines deleted, duplicated, swapped with a neighbour, the journal cut), reopen
 * it, and check that every alteration is detected (verify fails, or reports an unauthenticated tail, or the
 * open refuses), at the seq and with the code the threat model expects. The few alterations that pass by
 * design are listed with their reason in tamper/harness.ts (`ADMIT`); the open findings in tamper/known.ts.
 *
 * The full sweep of the large store runs with `npm run test:sweep` (tamper/tamper.sweep.ts), not in CI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createCustoms,
  createMemoryBackend,
  DamagedStoreError,
  SignatureError,
  StorageError,
  ValueIntegrityError,
  type Customs,
  type JournalEntry,
} from '../src/index.js'
import { valuesDigest } from '../src/crypto/auth.js'
import { genesisV2, parseBodyV2, receiptHashV2 } from '../src/format/v2.js'
import {
  allMutations,
  applyMutation,
  buildStore,
  describeMutation,
  describeOutcome,
  disposeStore,
  judge,
  judgeReal,
  keyStoreOf,
  sampleMutations,
  sweep,
  type Mutation,
  type Outcome,
  type Store,
  type SweepResult,
} from './tamper/harness.js'
import { KNOWN } from './tamper/known.js'
import { largeStore, options, smallStore } from './tamper/stores.js'

function unexplained(r: SweepResult): Array<{ mutation: string; expected: string; got: string }> {
  return r.mismatches.filter((m) => !KNOWN.some((k) => k.mutation.test(m.mutation) && k.got.test(m.got)))
}

function table(r: SweepResult): string {
  return Object.entries(r.byClass)
    .map(
      ([cls, c]) =>
        `${cls.padEnd(22)} ${String(c.total).padStart(6)} mutations, ${String(c.detected).padStart(6)} detected, ${c.admitted} admitted, ${c.mismatched} off-code, ${c.slow} judged from the file`,
    )
    .join('\n')
}

let small: Store
let large: Store

beforeAll(async () => {
  small = await smallStore()
  large = await largeStore()
})

afterAll(() => {
  if (small) disposeStore(small)
  if (large) disposeStore(large)
})

const opsOf = (s: Store) => new Set(s.entries.flatMap((e) => (e.t === 'r' ? [parseBodyV2(e.body)!.op] : [])))
const KINDS = ['COMMIT', 'STORE', 'RECORD_PLAN', 'PROMOTE', 'REFUSED', 'OBSERVED_WRITE', 'COMPENSATE', 'ROLLBACK']

describe('the stores under attack', () => {
  it('hold every receipt kind, values and checkpoints, verify clean and are authenticated to the head', async () => {
    for (const [s, lo, hi] of [
      [small, 18, 24],
      [large, 380, 420],
    ] as const) {
      expect([...opsOf(s)].sort()).toEqual([...KINDS].sort())
      expect(s.n).toBeGreaterThanOrEqual(lo)
      expect(s.n).toBeLessThanOrEqual(hi)
      expect(s.entries.filter((e) => e.t === 'checkpoint').length).toBeGreaterThanOrEqual(2)
      expect(s.entries.filter((e) => e.t === 'value').length).toBeGreaterThanOrEqual(8)
      expect(s.witness.seq).toBe(s.n)
      expect(await judge(s, s.lines)).toMatchObject({ kind: 'report', ok: true, tail: false })
    }
  })
})

describe('tamper sweep', () => {
  let smallResult: SweepResult
  let sampleResult: SweepResult

  it('small store: every byte of every line flipped, every line deleted, duplicated, swapped with the next, the journal cut after every line', async () => {
    const mutations = allMutations(small)
    smallResult = await sweep(small, mutations)
    console.log(`small store (${small.n} receipts, ${small.lines.length} lines):\n${table(smallResult)}`)
    expect(smallResult.total).toBeGreaterThan(6000)
    expect(smallResult.undetected).toEqual([])
    expect(unexplained(smallResult)).toEqual([])
  })

  it('large store: a seeded sample of 5,000 mutations', async () => {
    const mutations = sampleMutations(large, 5000, 0x15508)
    sampleResult = await sweep(large, mutations)
    console.log(`large store (${large.n} receipts, ${large.lines.length} lines), seed 0x15508:\n${table(sampleResult)}`)
    expect(sampleResult.total).toBe(5000)
    expect(sampleResult.undetected).toEqual([])
    expect(unexplained(sampleResult)).toEqual([])
  })

  it('the open findings listed in KNOWN still occur (remove an entry once it is fixed)', () => {
    for (const k of KNOWN) {
      const hits = [...smallResult.mismatches, ...sampleResult.mismatches].filter((m) => k.mutation.test(m.mutation) && k.got.test(m.got))
      expect(hits.length, k.finding).toBeGreaterThan(0)
    }
  })

  it('the fast judge equals a real open (memory and file backends), and every detected store opens read-only', async () => {
    // Every 60th mutation of the small store and every 100th of the sample: judged both ways.
    const picks: Array<[Store, Mutation]> = [
      ...allMutations(small)
        .filter((_, i) => i % 60 === 7)
        .map((m) => [small, m] as [Store, Mutation]),
      ...sampleMutations(large, 5000, 0x15508)
        .filter((_, i) => i % 100 === 3)
        .map((m) => [large, m] as [Store, Mutation]),
    ]
    let n = 0
    for (const [s, m] of picks) {
      const lines = applyMutation(s.lines, m)
      const fast = await judge(s, lines)
      const canMemory = fast.path === 'fast'
      const real = await judgeReal(s, lines, canMemory && n % 2 === 0 ? 'memory' : 'file')
      n++
      const what = `${describeMutation(s, m)}: fast ${describeOutcome(fast)}, real (${real.path}) ${describeOutcome(real)}`
      expect(strip(real), what).toEqual(strip(fast))
      if (real.kind === 'report') expect(real.readOnly, `${what}: read-only`).toBe(!real.ok || real.tail)
    }
    expect(n).toBeGreaterThan(100)
  })
})

const strip = (o: Outcome) => (o.kind === 'throws' ? { throws: o.name } : { ok: o.ok, seq: o.seq, code: o.code, tail: o.tail })

describe('the meta line', () => {
  it('removed: the open throws a StorageError (receipts but no meta), never recreates the store', async () => {
    const lines = small.lines.slice(1)
    const entries = small.entries.slice(1)
    await expect(
      createCustoms({ ...options, storage: createMemoryBackend(entries), keyStore: await keyStoreOf(small) }),
    ).rejects.toBeInstanceOf(StorageError)
    expect(await judgeReal(small, lines, 'file')).toMatchObject({ kind: 'throws', name: 'StorageError' })
  })

  it('every byte flipped: the open refuses or verify fails, except in fields the reader does not use (createdAt)', async () => {
    const meta = JSON.parse((small.entries[0] as { body: string }).body) as Record<string, string>
    const admitted: string[] = []
    let judged = 0
    for (let at = 0; at < small.lines[0].length; at++) {
      const m: Mutation = { kind: 'flip', line: 0, at, xor: 1 }
      const lines = applyMutation(small.lines, m)
      const o = await judgeReal(small, lines, at % 3 ? 'file' : 'memory').catch(() => judgeReal(small, lines, 'file'))
      judged++
      if (o.kind === 'throws' || !o.ok || o.tail) continue
      // Passing: the meta fields the store reads must be unchanged.
      let flipped: Record<string, string> | null = null
      try {
        const line = JSON.parse(new TextDecoder().decode(lines[0])) as { body: string }
        flipped = JSON.parse(line.body) as Record<string, string>
      } catch {
        flipped = null
      }
      expect(flipped, `meta byte ${at} passes but does not parse`).not.toBeNull()
      for (const field of ['format', 'chain', 'origin', 'keyCheck']) expect(flipped![field], `meta byte ${at}: ${field}`).toBe(meta[field])
      admitted.push(`byte ${at}`)
    }
    expect(judged).toBe(small.lines[0].length)
    // createdAt is informational (the chain's time is in its receipts); its bytes and its key name are the admitted part.
    expect(admitted.length).toBeLessThanOrEqual('"createdAt":"2026-01-01T00:00:00.000Z"'.length + 4)
  })
})

// ---------------------------------------------------------------------------------------------- named attacks

/** A store for the named attacks: two decision values, three results of one tool, a plan that references c2. */
async function attackStore(): Promise<Store> {
  return buildStore({ ...options }, async (c) => {
    c.decision.commit('risk', 'low', { source: 'user' })
    c.decision.commit('budget', 10, { source: 'user' })
    c.execution.store('web', 'c1', 'medium')
    c.execution.store('web', 'c2', 'benign')
    c.execution.store('web', 'c3', 'INJECTED')
    c.plans.record('p', { references: [{ tool: 'web', callId: 'c2' }] })
    c.decision.commit('budget', 11, { source: 'user' })
    return (await c.checkpoint()).note
  })
}

type R2 = Extract<JournalEntry, { t: 'r' }>
type V = Extract<JournalEntry, { t: 'value' }>

/** Index of the value record of the STORE receipt for `call`, and that receipt's seq. */
function storeOf(s: Store, call: string): { value: number; seq: number } {
  const i = s.entries.findIndex((e) => e.t === 'r' && parseBodyV2(e.body)!.call === call && parseBodyV2(e.body)!.op === 'STORE')
  expect(s.entries[i - 1].t).toBe('value')
  return { value: i - 1, seq: parseBodyV2((s.entries[i] as R2).body)!.seq }
}

function commitOf(s: Store, key: string): { value: number; seq: number } {
  const i = s.entries.findIndex((e) => e.t === 'r' && parseBodyV2(e.body)!.key === key && parseBodyV2(e.body)!.op === 'COMMIT')
  expect(s.entries[i - 1].t).toBe('value')
  return { value: i - 1, seq: parseBodyV2((s.entries[i] as R2).body)!.seq }
}

/** The entries with the value record at `at` given the body of the one at `from` (with `both`, and the other way round). */
function withBodyOf(list: JournalEntry[], at: number, from: number, both = false): JournalEntry[] {
  return list.map((e, i) =>
    i === at ? { ...(e as V), body: (list[from] as V).body } : both && i === from ? { ...(e as V), body: (list[at] as V).body } : e,
  )
}

async function reopen(s: Store, entries: JournalEntry[]): Promise<Customs> {
  return createCustoms({ ...s.options, storage: createMemoryBackend(entries), keyStore: await keyStoreOf(s) })
}

/** What someone holding the auth key (and only it) can do: give every receipt a valid MAC over what the journal now holds. */
function remac(s: Store, entries: JournalEntry[]): JournalEntry[] {
  let prev = genesisV2(s.chain)
  let values: Array<{ commit: string; body: string }> = []
  return entries.map((e) => {
    if (e.t === 'value') values.push({ commit: e.commit, body: e.body })
    if (e.t !== 'r') return e
    const hash = receiptHashV2(prev, e.body)
    prev = hash
    const mac = s.ring.auth.receipt(hash, valuesDigest(values))
    values = []
    return { ...e, mac }
  })
}

describe('named attacks (issue 8)', () => {
  let s: Store
  beforeAll(async () => {
    s = await attackStore()
  })

  it('value swap: the bodies of two value records exchanged, or one replaced by another, is detected at the receipt that wrote it', async () => {
    const c2 = storeOf(s, 'c2')
    const c3 = storeOf(s, 'c3')
    const swapped = withBodyOf(s.entries, c2.value, c3.value, true)
    const replaced = withBodyOf(s.entries, c2.value, c3.value)
    for (const [name, entries, codes] of [
      // Two neighbouring receipts fail in a row, which the verifier reads as an altered receipt (see F2 in the report).
      ['swapped', swapped, ['BAD_VALUE', 'BAD_MAC']],
      ['replaced', replaced, ['BAD_VALUE']],
    ] as const) {
      const c = await reopen(s, entries)
      try {
        const report = await c.verify()
        expect(report.ok, name).toBe(false)
        expect(report.firstFailure?.seq, name).toBe(c2.seq)
        expect(codes, name).toContain(report.firstFailure?.code)
        expect((await c.verify({ values: true })).firstFailure?.seq, name).toBe(c2.seq)
        expect(c.health().ok, name).toBe(false)
      } finally {
        await c.close()
      }
    }
  })

  it('reading a swapped value: get throws ValueIntegrityError naming the seq, never returns the injected value', async () => {
    const c2 = storeOf(s, 'c2')
    const c3 = storeOf(s, 'c3')
    const risk = commitOf(s, 'risk')
    const budget = s.entries.findIndex((e, i) => i > risk.value + 1 && e.t === 'value')
    // The result of c2 replaced by c3's record (no keys), and, separately, by an attacker holding the auth key who re-MACs the journal.
    for (const entries of [withBodyOf(s.entries, c2.value, c3.value), remac(s, withBodyOf(s.entries, c2.value, c3.value))]) {
      const c = await reopen(s, entries)
      try {
        let err: unknown
        try {
          c.execution.get('web', 'c2')
        } catch (e) {
          err = e
        }
        expect(err).toBeInstanceOf(ValueIntegrityError)
        expect((err as ValueIntegrityError).seq).toBe(c2.seq)
        expect((err as Error).message).toContain(`receipt ${c2.seq}`)
        expect(c.execution.get('web', 'c3')).toBe('INJECTED')
      } finally {
        await c.close()
      }
    }
    // A decision value: risk's record replaced by budget's.
    const c = await reopen(s, withBodyOf(s.entries, risk.value, budget))
    try {
      expect(() => c.decision.get('risk')).toThrow(ValueIntegrityError)
      try {
        c.decision.get('risk')
      } catch (e) {
        expect((e as ValueIntegrityError).seq).toBe(risk.seq)
      }
    } finally {
      await c.close()
    }
  })

  it("replayed signed result: c2 and c3 stored bodies swapped, then promote c2: refused (SIGNATURE_MISMATCH), never c3's value", async () => {
    const c2 = storeOf(s, 'c2')
    const c3 = storeOf(s, 'c3')
    const swapped = withBodyOf(s.entries, c2.value, c3.value, true)
    const promote = (c: Customs) => c.bridge.promote({ tool: 'web', callId: 'c2', to: 'risk', planRef: 'p' })

    // Without keys: verification fails at c2's STORE, the store is read-only, and nothing is promoted.
    const plain = await reopen(s, swapped)
    try {
      expect((await plain.verify()).firstFailure?.seq).toBe(c2.seq)
      expect(() => promote(plain)).toThrow(DamagedStoreError)
      expect(plain.decision.get('risk')).toBe('low')
    } finally {
      await plain.close()
    }

    // Holding the auth key (every receipt re-MAC'd so the store opens writable): the sealed records are bound to
    // their commitments and the result signature to (tool, call, commitment, seq), so the Bridge still refuses.
    const forged = await reopen(s, remac(s, swapped))
    try {
      expect(await forged.verify()).toMatchObject({ ok: true }) // the MACs are valid: that is what the auth key grants
      expect((await forged.verify({ values: true })).firstFailure).toMatchObject({ seq: c2.seq, code: 'DECRYPT_FAILED' })
      let err: unknown
      try {
        promote(forged)
      } catch (e) {
        err = e
      }
      expect(err).toBeInstanceOf(SignatureError)
      expect((err as SignatureError).code).toBe('SIGNATURE_MISMATCH')
      expect(forged.decision.get('risk')).toBe('low')
      const refused = forged.receipts({ op: 'REFUSED' }).at(-1)
      expect(refused).toMatchObject({ op: 'REFUSED', key: 'risk', tool: 'web', call: 'c2' })
      expect(refused?.reason).toContain('SIGNATURE_MISMATCH')
    } finally {
      await forged.close()
    }

    // Holding the auth key, c2's STORE receipt pointed at c3's commitment (so the record opens and matches):
    // the result signature binds c2's own commitment, so verify fails there and the store is read-only.
    const c3commit = parseBodyV2((s.entries[c3.value + 1] as R2).body)!.new!
    const retargeted = remac(
      s,
      s.entries.map((e, i) =>
        i === c2.value + 1 ? { ...(e as R2), body: (e as R2).body.replace(parseBodyV2((e as R2).body)!.new!, c3commit) } : e,
      ),
    )
    const re = await reopen(s, retargeted)
    try {
      const report = await re.verify()
      expect(report.firstFailure).toMatchObject({ seq: c2.seq, code: 'BAD_VALUE' })
      expect(() => promote(re)).toThrow(DamagedStoreError)
      expect(re.decision.get('risk')).toBe('low')
    } finally {
      await re.close()
    }
  })

  it('forged extension: a receipt appended with the right prev and hash but no MAC, or a junk one, never passes as authentic; the store opens read-only', async () => {
    const last = s.entries.filter((e): e is R2 => e.t === 'r').at(-1)!
    const b = parseBodyV2(last.body)!
    const forgedBody = last.body.replace(`"seq":${b.seq}`, `"seq":${b.seq + 1}`)
    expect(parseBodyV2(forgedBody)?.seq).toBe(b.seq + 1)
    for (const [name, mac] of [
      ['no MAC', undefined],
      ['junk MAC', 'A'.repeat(43)],
    ] as const) {
      const forged: R2 = mac === undefined ? { t: 'r', body: forgedBody } : { t: 'r', body: forgedBody, mac }
      const c = await reopen(s, [...s.entries, forged])
      try {
        const report = await c.verify({ checkpoint: s.note })
        if (mac === undefined) expect(report, name).toMatchObject({ ok: true, checked: s.n + 1, authenticatedThrough: s.n })
        else expect(report.firstFailure, name).toMatchObject({ seq: s.n + 1, code: 'BAD_MAC' })
        expect(() => c.decision.commit('risk', 'after', { source: 'user' }), name).toThrow(DamagedStoreError)
        await expect(c.checkpoint(), name).rejects.toBeInstanceOf(DamagedStoreError)
        expect(c.health().ok, name).toBe(false)
      } finally {
        await c.close()
      }
    }
  })

  it('meta removal: the open throws a StorageError and no new meta is appended', async () => {
    const backend = createMemoryBackend(s.entries.slice(1))
    await expect(createCustoms({ ...s.options, storage: backend, keyStore: await keyStoreOf(s) })).rejects.toBeInstanceOf(StorageError)
    expect(backend.entries().filter((e) => e.t === 'meta')).toEqual([])
  })
})
