/**
 * Typed, scoped memory over a real store: typed fields and their checks, principals and access levels (a refused
 * read is a receipt), namespaces and search, validity windows and the expiry sweep, conflicts under each resolution
 * policy, and automatic linking of a write to the context rendered before it. All of it is state derived from the
 * chain: a reopened store answers the same.
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  AccessDeniedError,
  createCustoms,
  createMemoryKeyProvider,
  OptionError,
  SchemaError,
  ValueError,
  type ConflictPolicy,
  type CustomsOptions,
  type StorageOption,
} from '../../src/index.js'
import { testDir } from '../support/temp-dir.js'

/** Single-writer stores only (a tab-shared IndexedDB store has no memory lifecycle yet). */
type LocalOptions = CustomsOptions & { storage?: Exclude<StorageOption, { indexedDB: string }> }

const HOUR = 3_600_000
const DAY = 24 * HOUR

function clock(start = Date.parse('2026-11-30T10:00:00Z')) {
  let t = start
  return { now: () => t, advance: (ms: number) => (t += ms) }
}

function options(extra: Partial<LocalOptions> = {}): LocalOptions {
  return { keyStore: createMemoryKeyProvider(), scan: { disable: ['injection', 'code', 'secret', 'pii'] }, ...extra }
}

const reasonOf = (c: { receipt(seq: number): { reason: string | null } | undefined }, seq: number) =>
  JSON.parse(c.receipt(seq)!.reason!) as Record<string, unknown>

describe('typed entries', () => {
  it('records key, type, access, confidence, validity, subject and dependencies, and returns them', async () => {
    const t = clock()
    const c = await createCustoms(options({ now: t.now }))
    const base = c.memories.propose('Invoices are due in 30 days.', { source: 'user', key: 'billing.terms', type: 'constraint' })
    const r = c.memories.propose('Acme pays within 45 days.', {
      source: 'tool:crm',
      key: 'acme.terms',
      type: 'fact',
      access: 'private',
      confidence: 0.7,
      validFrom: '2026-11-30T09:00:00Z',
      validUntil: Date.parse('2026-12-31T00:00:00Z'),
      subject: 'customer:acme',
      dependsOn: [base.id],
    })
    expect(c.memories.get(r.id)).toMatchObject({
      key: 'acme.terms',
      type: 'fact',
      owner: 'system',
      access: 'private',
      confidence: 0.7,
      validFrom: '2026-11-30T09:00:00.000Z',
      expiresAt: '2026-12-31T00:00:00.000Z',
      dependsOn: [base.id],
      version: 1,
      conflicted: false,
      namespace: [],
    })
    // The subject is personal data: entries and receipts carry its keyed tag, never the subject itself.
    const subject = c.memories.get(r.id)!.subject!
    expect(subject).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    expect(JSON.stringify(c.receipts())).not.toContain('customer:acme')
    expect(c.memories.get(base.id)).toMatchObject({ type: 'constraint', access: 'internal', confidence: 1, subject: null })
    c.memories.update(r.id, 'Acme pays within 40 days.', { confidence: 0.9 })
    expect(c.memories.get(r.id)).toMatchObject({ content: 'Acme pays within 40 days.', confidence: 0.9, version: 2 })
  })

  it('checks a type against its schema (zod or Standard Schema) and refuses with a receipt', async () => {
    const standard = {
      '~standard': {
        version: 1 as const,
        vendor: 'test',
        validate: (v: unknown) =>
          typeof v === 'string' && v.startsWith('http') ? { value: v } : { issues: [{ message: 'must be a URL' }] },
      },
    }
    const c = await createCustoms(
      options({ memory: { types: { endpoint: standard, budget: z.object({ amount: z.number().positive(), currency: z.string() }) } } }),
    )
    expect(c.memories.propose('https://api.example.com', { source: 'user', type: 'endpoint' }).status).toBe('approved')
    expect(() => c.memories.propose('not a url', { source: 'user', type: 'endpoint' })).toThrow(SchemaError)
    expect(c.receipt(c.size)).toMatchObject({ op: 'REFUSED', reason: 'PROPOSE:SCHEMA_VIOLATION' })
    expect(c.memories.propose('{"amount": 120, "currency": "EUR"}', { source: 'user', type: 'budget' }).status).toBe('approved')
    const bad = (() => {
      try {
        c.memories.propose('{"amount": -1, "currency": "EUR"}', { source: 'user', type: 'budget', key: 'trip.budget' })
      } catch (e) {
        return e
      }
    })()
    expect(bad).toBeInstanceOf(SchemaError)
    expect((bad as SchemaError).message).toContain('trip.budget')
    expect(c.memories.list()).toHaveLength(2)
  })

  it('names the option at fault and keeps what was recorded', async () => {
    const c = await createCustoms(options())
    const kept = c.memories.propose('kept', { source: 'user' })
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: 'opinion' }, 'type'],
      [{ access: 'secret' }, 'access'],
      [{ access: { readers: 'everyone' } }, 'access.readers'],
      [{ confidence: 1.5 }, 'confidence'],
      [{ validFrom: 'yesterday' }, 'validFrom'],
      [{ validUntil: '2020-01-01T00:00:00Z' }, 'validUntil'],
      [{ key: 'has space' }, 'key'],
      [{ dependsOn: ['m_999'] }, 'dependsOn'],
      [{ subject: '' }, 'subject'],
    ]
    for (const [extra, field] of cases) {
      const err = (() => {
        try {
          c.memories.propose('x', { source: 'user', ...extra })
        } catch (e) {
          return e
        }
      })()
      expect(err, field).toBeInstanceOf(ValueError)
      expect((err as ValueError).path).toBe(field)
      expect(c.receipt(c.size)?.op).toBe('REFUSED')
    }
    expect(c.memories.list().map((m) => m.id)).toEqual([kept.id])
    await expect(createCustoms(options({ memory: { types: { x: {} as never } } }))).rejects.toThrow(OptionError)
    await expect(createCustoms(options({ memory: { conflicts: 'oldest' as ConflictPolicy } }))).rejects.toThrow(/memory.conflicts/)
  })
})

describe('principals and access', () => {
  it('refuses a private entry to another principal with a receipt, and hides it from its lists and context', async () => {
    const c = await createCustoms(options())
    const payments = c.as('agent:payments')
    const analysis = c.as('agent:analysis')
    const secret = payments.memories.propose('Payments API key rotates on Fridays.', {
      source: 'agent',
      access: 'private',
      key: 'rotation',
    })
    const shared = payments.memories.propose('Refunds go through the payments module.', { source: 'agent' })
    expect(payments.memories.get(secret.id)?.owner).toBe('agent:payments')
    expect(() => analysis.memories.get(secret.id)).toThrow(AccessDeniedError)
    const refused = c.receipt(c.size)!
    expect(refused).toMatchObject({ op: 'REFUSED', reason: 'READ:ACCESS_DENIED', key: secret.id, actor: 'agent:analysis' })
    expect(analysis.memories.list().map((m) => m.id)).toEqual([shared.id])
    const rendered = analysis.context.render()
    expect(rendered.entries.map((e) => e.id)).toEqual([shared.id])
    expect(rendered.text).not.toContain('Fridays')
    expect(c.memories.get(secret.id)?.content).toBe('Payments API key rotates on Fridays.')
    expect(() => analysis.memories.update(shared.id, 'Refunds are manual.')).toThrow(AccessDeniedError)
    expect(c.receipt(c.size)).toMatchObject({ reason: 'UPDATE:ACCESS_DENIED', actor: 'agent:analysis' })
    expect(() => analysis.memories.delete(shared.id)).toThrow(AccessDeniedError)
    expect(c.memories.get(shared.id)?.content).toBe('Refunds go through the payments module.')
  })

  it('internal entries are for every principal but external ones; lists grant reading and writing', async () => {
    const c = await createCustoms(options())
    const owner = c.as('agent:a')
    const internal = owner.memories.propose('internal note', { source: 'agent' })
    const open = owner.memories.propose('public note', { source: 'agent', access: 'public' })
    const listed = owner.memories.propose('for b only', { source: 'agent', access: { readers: ['agent:b'], writers: ['agent:c'] } })
    const user = c.as('user:alice', { external: true })
    expect(user.memories.list().map((m) => m.id)).toEqual([open.id])
    expect(() => user.memories.get(internal.id)).toThrow(AccessDeniedError)
    expect(c.as('agent:b').memories.get(listed.id)?.content).toBe('for b only')
    expect(() => c.as('agent:d').memories.get(listed.id)).toThrow(AccessDeniedError)
    expect(c.as('agent:c').memories.update(listed.id, 'for b, edited by c').status).toBe('approved')
    expect(() => c.as('agent:b').memories.update(listed.id, 'b may only read')).toThrow(AccessDeniedError)
    expect(c.as('agent:z').memories.get(internal.id)?.content).toBe('internal note')
    expect(() => c.as('')).toThrow(ValueError)
  })
})

describe('namespaces and search', () => {
  it('files proposals in the handle namespace and finds them by prefix, type, tags, key, owner and words', async () => {
    const c = await createCustoms(options())
    const alice = c.scope({ user: 'alice' })
    const a1 = alice.scope({ agent: 'planner' }).memories.propose('Alice prefers window seats.', {
      source: 'user',
      type: 'preference',
      tags: ['travel'],
    })
    const a2 = alice.memories.propose('Alice lives in Lyon.', { source: 'user', key: 'home.city' })
    const b1 = c.scope({ user: 'bob' }).memories.propose('Bob prefers aisle seats.', { source: 'user', type: 'preference' })
    expect(c.memories.get(a1.id)?.namespace).toEqual(['user:alice', 'agent:planner'])
    expect(alice.memories.list().map((m) => m.id)).toEqual([a2.id, a1.id])
    expect(
      c
        .scope({ user: 'bob' })
        .memories.list()
        .map((m) => m.id),
    ).toEqual([b1.id])
    expect(c.memories.search({ type: 'preference' }).map((m) => m.id)).toEqual([b1.id, a1.id])
    expect(c.memories.search({ namespacePrefix: ['user:alice', 'agent:planner'] }).map((m) => m.id)).toEqual([a1.id])
    expect(alice.memories.search({ namespacePrefix: ['agent:planner'] }).map((m) => m.id)).toEqual([a1.id])
    expect(c.memories.search({ tags: ['travel'], text: 'WINDOW  seats' }).map((m) => m.id)).toEqual([a1.id])
    expect(c.memories.search({ key: 'home.city' }).map((m) => m.id)).toEqual([a2.id])
    expect(c.memories.search({ text: 'lyon paris' })).toEqual([])
    // The same words in two users' scopes are two memories, not one sighting.
    const again = c.scope({ user: 'bob' }).memories.propose('Alice lives in Lyon.', { source: 'user' })
    expect(again.id).not.toBe(a2.id)
    expect(() => c.memories.search({ limit: 0 })).toThrow(/memories.search limit/)
    expect(() => c.scope({})).toThrow(ValueError)
  })

  it('ranks with a supplied retriever over readable, approved entries only', async () => {
    const c = await createCustoms(options())
    const a = c.as('agent:a')
    const keep = a.memories.propose('The staging database is read-only.', { source: 'agent' })
    const other = a.memories.propose('Deploys happen on Tuesdays.', { source: 'agent' })
    const hidden = c.as('agent:b').memories.propose('Private note of b.', { source: 'agent', access: 'private' })
    const seen: string[][] = []
    const ranked = await a.memories.retrieve('database', (text, candidates) => {
      seen.push(candidates.map((x) => x.id))
      return [
        { id: hidden.id, relevance: 9 },
        { id: other.id, relevance: 0.1 },
        { id: keep.id, relevance: text === 'database' ? 0.9 : 0 },
      ]
    })
    expect(seen).toEqual([[other.id, keep.id]])
    expect(ranked.map((r) => [r.id, r.relevance])).toEqual([
      [keep.id, 0.9],
      [other.id, 0.1],
    ])
  })
})

describe('validity', () => {
  it('hides entries outside their window, and the sweep puts expiry on the record', async () => {
    const t = clock()
    const c = await createCustoms(options({ now: t.now }))
    const later = c.memories.propose('Office moves to Dock 5.', { source: 'user', validFrom: t.now() + DAY })
    const ends = c.memories.propose('Promo code valid this week.', {
      source: 'user',
      validUntil: new Date(t.now() + 2 * DAY).toISOString(),
    })
    expect(c.memories.list().map((m) => m.id)).toEqual([ends.id])
    expect(c.memories.get(later.id)).toBeUndefined()
    expect(c.memories.search({ validAt: t.now() + DAY + 1 }).map((m) => m.id)).toEqual([ends.id, later.id].sort().reverse())
    t.advance(3 * DAY)
    expect(c.memories.sweep()).toEqual({ memories: [ends.id], working: 0 })
    expect(c.receipt(c.size)).toMatchObject({ op: 'EXPIRE', key: ends.id })
    expect(JSON.parse(c.receipt(c.size)!.reason!).why).toBe('validity')
    expect(c.memories.list().map((m) => m.id)).toEqual([later.id])
    expect(c.memories.sweep().memories).toEqual([])
  })
})

describe('conflicts', () => {
  async function staging(policy?: ConflictPolicy) {
    const t = clock()
    const c = await createCustoms(options({ now: t.now, ...(policy ? { memory: { conflicts: policy } } : {}) }))
    const old = c.memories.propose('Production is at https://staging.example.com', { source: 'agent', key: 'prod.url', confidence: 0.9 })
    t.advance(3 * DAY)
    const fresh = c.memories.propose('Production is at https://prod.example.com', { source: 'user', key: 'prod.url', confidence: 0.6 })
    return { c, t, old, fresh }
  }

  it('newest wins by default: the older entry validity ends when the newer is written; both are flagged', async () => {
    const { c, old, fresh } = await staging()
    expect(fresh.status).toBe('approved')
    const meta = reasonOf(c, c.history(fresh.id)[0].seq)
    expect(meta).toMatchObject({ conflicts: [old.id], ends: [old.id], policy: 'newest' })
    expect(c.memories.list().map((m) => m.id)).toEqual([fresh.id])
    expect(c.memories.get(fresh.id)).toMatchObject({ conflicted: true, conflictsWith: [old.id] })
    expect(c.memories.inspect(old.id)).toBeUndefined() // its validity ended: the read wrote its EXPIRE
    expect(c.receipts({ op: 'EXPIRE' }).map((r) => r.key)).toEqual([old.id])
    const rendered = c.context.render()
    expect(rendered.text).not.toContain('staging')
    expect(rendered.entries[0].label).toContain(`CONFLICTS with ${old.id}`)
  })

  it('trust and user policies pick what reads return without ending anything; review holds the newer one', async () => {
    const trust = await staging('trust')
    expect(trust.c.memories.list().map((m) => m.id)).toEqual([trust.old.id])
    expect(trust.c.memories.get(trust.fresh.id)).toBeUndefined()
    expect(trust.c.memories.inspect(trust.fresh.id)).toMatchObject({ status: 'approved', conflicted: true })
    const user = await staging('user')
    expect(user.c.memories.list().map((m) => m.id)).toEqual([user.fresh.id])
    expect(user.c.memories.inspect(user.old.id)).toMatchObject({ conflictsWith: [user.fresh.id] })
    const review = await staging('review')
    expect(review.fresh.status).toBe('pending_review')
    expect(review.c.memories.list().map((m) => m.id)).toEqual([review.old.id])
    review.c.review.approve(review.fresh.id, { by: 'ops' })
    expect(review.c.memories.list().map((m) => m.id)).toEqual([review.fresh.id])
  })

  it('the same subject and key conflicts across namespaces; the same content is no conflict', async () => {
    const c = await createCustoms(options())
    const a = c.scope({ agent: 'a' }).memories.propose('Ada is 36.', { source: 'agent', key: 'age', subject: 'person:ada' })
    const b = c.scope({ agent: 'b' }).memories.propose('Ada is 37.', { source: 'agent', key: 'age', subject: 'person:ada' })
    expect(c.memories.inspect(b.id)?.conflictsWith).toEqual([a.id])
    // Another namespace disagreeing is a contradiction, not an update: nothing ends, reads pick the newer.
    expect(reasonOf(c, c.history(b.id)[0].seq)).toMatchObject({ conflicts: [a.id] })
    expect(reasonOf(c, c.history(b.id)[0].seq).ends).toBeUndefined()
    expect(c.memories.inspect(a.id)).toMatchObject({ conflictsWith: [b.id], expiresAt: null })
    expect(c.memories.search({ key: 'age' }).map((m) => m.id)).toEqual([b.id])
    expect(
      c
        .scope({ agent: 'a' })
        .memories.list()
        .map((m) => m.id),
    ).toEqual([a.id])
    const same = c.scope({ agent: 'a' }).memories.propose('ada is  36.', { source: 'agent', key: 'age', subject: 'person:ada' })
    expect(same.id).toBe(a.id)
  })
})

describe('automatic linking', () => {
  it('links the next write in a session to the context rendered before it, once', async () => {
    const c = await createCustoms(options())
    const fact = c.memories.propose('The report is due Friday.', { source: 'user' })
    const ctx = c.context.render({ session: 's1' })
    const derived = c.memories.propose('Start the report on Wednesday.', { source: 'agent', session: 's1' })
    const next = c.memories.propose('Book a room for the review.', { source: 'agent', session: 's1' })
    expect(c.memories.get(derived.id)?.context).toBe(ctx.contextId)
    expect(c.memories.get(next.id)?.context).toBeNull()
    c.context.render({ session: 's1' })
    const unlinked = c.memories.propose('Unrelated.', { source: 'agent', session: 's1', link: false, dependsOn: [fact.id] })
    expect(c.memories.get(unlinked.id)).toMatchObject({ context: null, dependsOn: [fact.id] })
    const w = c.working('s2')
    const ctx2 = c.context.render({ session: 's2' })
    w.put('draft', 'outline', { dependsOn: [fact.id] })
    expect(reasonOf(c, c.size)).toMatchObject({ ctx: ctx2.contextId, deps: [fact.id] })
  })
})

describe('replay', () => {
  it('a reopened store answers the same: owners, access, namespaces, conflicts, links', async () => {
    const dir = testDir('mc-typed-')
    const keyStore = createMemoryKeyProvider()
    const t = clock()
    const first = await createCustoms(options({ storage: { file: dir }, keyStore, now: t.now }))
    const p = first.as('agent:p').scope({ user: 'u' })
    const priv = p.memories.propose('private', { source: 'agent', access: 'private' })
    const a = p.memories.propose('v1', { source: 'agent', key: 'k' })
    first.context.render({ session: 's' })
    const b = p.memories.propose('v2', { source: 'agent', key: 'k', session: 's' })
    const snapshot = JSON.stringify(first.memories.search({}))
    await first.close()
    const again = await createCustoms(options({ storage: { file: dir }, keyStore, now: t.now }))
    expect(JSON.stringify(again.memories.search({}))).toBe(snapshot)
    expect(() => again.as('agent:q').memories.get(priv.id)).toThrow(AccessDeniedError)
    expect(again.memories.get(b.id)).toMatchObject({ conflictsWith: [a.id], namespace: ['user:u'], owner: 'agent:p' })
    expect((await again.verify()).ok).toBe(true)
    await again.close()
  })
})

describe('the guard through a principal', () => {
  it('refuses, with a receipt, a check that names an entry the principal may not read', async () => {
    const c = await createCustoms(options())
    const secret = c.as('agent:payments').memories.propose('Payout batch at 17:00.', { source: 'user', access: 'private' })
    const own = c.as('agent:analysis').memories.propose('Churn rose 2%.', { source: 'agent', confidence: 0.9 })
    await expect(c.as('agent:analysis').guard.check({ action: 'final_output', uses: [secret.id] })).rejects.toThrow(AccessDeniedError)
    expect(c.receipt(c.size)).toMatchObject({ op: 'REFUSED', reason: 'GUARD:ACCESS_DENIED', key: secret.id, actor: 'agent:analysis' })
    const ok = await c.as('agent:analysis').guard.check({ action: 'final_output', uses: [own.id] })
    expect(c.receipt(ok.seq)).toMatchObject({ op: 'GUARD', actor: 'agent:analysis' })
    expect((await c.guard.check({ action: 'final_output', uses: [secret.id] })).decision).toBe('proceed')
  })
})
