/**
 * Property: over any sequence of writes (for a few subjects or none, with repeated texts), forgets, flushes and
 * reopenings, a value reads back exactly when no forget of its subject came after it was written, and throws
 * ERASED otherwise; the chain verifies with `values: true`, counting each erased record once.
 */
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { createCustoms, createMemoryBackend, createMemoryKeyProvider, ErasedError, type Customs } from '../../src/index.js'
import { internalsOf } from '../../src/core/internals.js'
import { forgetSubject } from '../../src/core/memory/erasure.js'
import { encodeMeta } from '../../src/core/memory/meta.js'

const SUBJECTS = ['user:a', 'user:b', 'user:c']
const TEXTS = ['same text', 'other text', 'third text']

type Op = { t: 'write'; subject: number | null; text: number } | { t: 'forget'; subject: number } | { t: 'flush' } | { t: 'reopen' }

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ t: fc.constant('write' as const), subject: fc.option(fc.nat(2), { nil: null }), text: fc.nat(2) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('forget' as const), subject: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.constant({ t: 'flush' as const }) },
  { weight: 1, arbitrary: fc.constant({ t: 'reopen' as const }) },
)

interface Written {
  commit: string
  text: string
  subject: string | null
  erased: boolean
}

function write(c: Customs, content: string, subject: string | undefined): string {
  const { ledger, ring } = internalsOf(c).lifecycle
  const text = JSON.stringify(content)
  const id = `m_${ledger.headSeq + 1}`
  const draft = { op: 'PROPOSE' as const, pool: 'memory' as const, key: id, old: null, site: null, tool: null, call: null, actor: null }
  const reason = encodeMeta({ status: 'approved', score: 1, source: 'user' })
  return ledger.append({ ...draft, new: ring.commit(text), reason }, { commit: ring.commit(text), text, subject }).new!
}

async function check(ops: Op[]): Promise<void> {
  const backend = createMemoryBackend()
  const keyStore = createMemoryKeyProvider()
  const open = () => createCustoms({ storage: backend, keyStore, scan: { disable: ['injection', 'code', 'secret', 'pii'] } })
  let c = await open()
  const written: Written[] = []
  for (const op of ops) {
    if (op.t === 'write') {
      const subject = op.subject === null ? null : SUBJECTS[op.subject]
      const commit = write(c, TEXTS[op.text], subject ?? undefined)
      if (!written.some((w) => w.commit === commit)) written.push({ commit, text: TEXTS[op.text], subject, erased: false })
    } else if (op.t === 'forget') {
      await forgetSubject(internalsOf(c).lifecycle, SUBJECTS[op.subject])
      for (const w of written) if (w.subject === SUBJECTS[op.subject]) w.erased = true
    } else if (op.t === 'flush') await c.flush()
    else {
      await c.close()
      c = await open()
    }
  }
  for (const w of written) {
    if (!w.erased) expect(c.value(w.commit)).toBe(w.text)
    else expect(() => c.value(w.commit)).toThrow(ErasedError)
  }
  const erased = written.filter((w) => w.erased).length
  const report = await c.verify({ values: true })
  expect(report).toMatchObject({ ok: true })
  expect(report.erased ?? 0).toBe(erased)
  await c.close()
}

it('reads back exactly the values of subjects not forgotten since, and verifies', async () => {
  await fc.assert(fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 24 }), check), { numRuns: 40 })
})
