/**
 * LangGraph's own store behaviour, as conformance: @langchain/langgraph-checkpoint publishes no store test suite
 * (none ships in the installed packages), so CustomsStore and LangGraph's InMemoryStore run identical random
 * operation sequences (single calls and mixed batches) and must answer alike. The run uses an approve-all review
 * policy (the decision): what is compared is store behaviour, not the scanner.
 *
 * Where the two stores legitimately differ, the comparison says so and why:
 * - search order: InMemoryStore returns insertion order, CustomsStore most recently written first (LangGraph leaves
 *   it unspecified; its database stores order by update time). Full result sets are compared as sets; a page is
 *   checked to be that slice of CustomsStore's own order, and to have the length InMemoryStore's page has.
 * - listNamespaces: InMemoryStore keeps a namespace after its last item is deleted (even a delete of an absent key
 *   creates one); CustomsStore lists namespaces holding items. The reference for it is an InMemoryStore holding
 *   exactly the live items.
 * - a get and a put of the same item in one batch: InMemoryStore's get returns the stored object, which the put
 *   then mutates in place, so it shows the post-batch value; both are meant to read the state before the batch.
 */
import { InMemoryStore, type Item, type Operation } from '@langchain/langgraph-checkpoint'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CustomsStore } from '../../src/adapters/langgraph.js'
import { createCustoms } from '../../src/index.js'

const NAMESPACES = [['a'], ['a', 'b'], ['a', 'B'], ['A'], ['c', 'd', 'e'], ['c']]
// Keys that differ only in case, spacing or width, and ones that need encoding as typed memory keys.
const KEYS = ['k', 'K', 'k k', 'k  k', 'x%20y', 'ｋ', 'long.key/with:parts']

// Few distinct values, some equal up to case: together with the names above they make contents that read as the
// same memory when compared case-, width- and space-insensitively (the store must keep them apart).
const value: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.constantFrom({}, { color: 'red' }, { color: 'Red' }, { color: 'green  light' }),
  fc.record(
    {
      color: fc.constantFrom('red', 'Red', 'blue', 'green light'),
      n: fc.integer({ min: 0, max: 5 }),
      nested: fc.record({ ok: fc.boolean(), list: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }) }),
    },
    { requiredKeys: [] },
  ),
)

const nsArb = fc.constantFrom<string[]>(...NAMESPACES)
const keyArb = fc.constantFrom(...KEYS)
const filterArb = fc.option(
  fc.oneof(
    fc.record({ color: fc.constantFrom('red', 'Red', 'blue') }),
    fc.record({ n: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.record({ $gte: fc.integer({ min: 0, max: 5 }) })) }),
    fc.record({ n: fc.record({ $in: fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 3 }) }) }),
    fc.record({ color: fc.record({ $ne: fc.constantFrom('red', 'blue') }), n: fc.record({ $lt: fc.integer({ min: 0, max: 6 }) }) }),
  ),
  { nil: undefined },
)

type Op =
  | { kind: 'put'; ns: string[]; key: string; value: Record<string, unknown> | null }
  | { kind: 'get'; ns: string[]; key: string }
  | { kind: 'search'; prefix: string[]; filter?: Record<string, unknown>; limit: number; offset: number }
  | { kind: 'list'; prefix?: string[]; suffix?: string[]; maxDepth?: number; limit: number; offset: number }

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('put' as const), ns: nsArb, key: keyArb, value }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('put' as const), ns: nsArb, key: keyArb, value: fc.constant(null) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('get' as const), ns: nsArb, key: keyArb }) },
  {
    weight: 3,
    arbitrary: fc.record(
      {
        kind: fc.constant('search' as const),
        prefix: fc.constantFrom<string[]>([], ['a'], ['c'], ['a', 'b'], ['A']),
        filter: filterArb,
        limit: fc.integer({ min: 1, max: 12 }),
        offset: fc.integer({ min: 0, max: 4 }),
      },
      { requiredKeys: ['kind', 'prefix', 'limit', 'offset'] },
    ),
  },
  {
    weight: 2,
    arbitrary: fc.record(
      {
        kind: fc.constant('list' as const),
        prefix: fc.constantFrom<string[]>(['a'], ['c'], ['*', 'd']),
        suffix: fc.constantFrom<string[]>(['b'], ['*'], ['e']),
        maxDepth: fc.integer({ min: 1, max: 3 }),
        limit: fc.integer({ min: 1, max: 10 }),
        offset: fc.integer({ min: 0, max: 3 }),
      },
      { requiredKeys: ['kind', 'limit', 'offset'] },
    ),
  },
)

/** A step: one operation through the convenience methods, or several as one batch. */
const stepArb = fc.oneof(
  { weight: 3, arbitrary: opArb.map((op) => [op]) },
  { weight: 1, arbitrary: fc.array(opArb, { minLength: 2, maxLength: 5 }) },
)

function toOperation(op: Op): Operation {
  switch (op.kind) {
    case 'put':
      return { namespace: op.ns, key: op.key, value: op.value }
    case 'get':
      return { namespace: op.ns, key: op.key }
    case 'search':
      return { namespacePrefix: op.prefix, filter: op.filter, limit: op.limit, offset: op.offset }
    case 'list': {
      const matchConditions = [
        ...(op.prefix ? [{ matchType: 'prefix' as const, path: op.prefix }] : []),
        ...(op.suffix ? [{ matchType: 'suffix' as const, path: op.suffix }] : []),
      ]
      return {
        matchConditions: matchConditions.length ? matchConditions : undefined,
        maxDepth: op.maxDepth,
        limit: op.limit,
        offset: op.offset,
      }
    }
  }
}

async function single(store: InMemoryStore | CustomsStore, op: Op): Promise<unknown> {
  switch (op.kind) {
    case 'put':
      return op.value === null ? store.delete(op.ns, op.key) : store.put(op.ns, op.key, op.value)
    case 'get':
      return store.get(op.ns, op.key)
    case 'search':
      return store.search(op.prefix, { filter: op.filter, limit: op.limit, offset: op.offset })
    case 'list':
      return store.listNamespaces({ prefix: op.prefix, suffix: op.suffix, maxDepth: op.maxDepth, limit: op.limit, offset: op.offset })
  }
}

const id = (i: Pick<Item, 'namespace' | 'key'>) => JSON.stringify([i.namespace, i.key])
const plain = (i: Item) => ({ namespace: i.namespace, key: i.key, value: i.value })
const bySortKey = (a: { namespace: string[]; key: string }, b: { namespace: string[]; key: string }) => (id(a) < id(b) ? -1 : 1)

/** Every live item of a store, as plain data. */
async function everything(store: InMemoryStore | CustomsStore): Promise<Array<ReturnType<typeof plain>>> {
  return (await store.search([], { limit: 10_000 })).map(plain).sort(bySortKey)
}

async function compare(
  op: Op,
  ours: unknown,
  theirs: unknown,
  context: { before: Array<ReturnType<typeof plain>>; writtenInBatch: Set<string>; full: Item[] | undefined },
): Promise<void> {
  switch (op.kind) {
    case 'put':
      return
    case 'get': {
      if (context.writtenInBatch.has(id({ namespace: op.ns, key: op.key }))) return
      const a = ours as Item | null
      const b = theirs as Item | null
      expect(a && plain(a)).toEqual(b && plain(b))
      if (a) expect(a.updatedAt.getTime()).toBeGreaterThanOrEqual(a.createdAt.getTime())
      return
    }
    case 'search': {
      const a = ours as Item[]
      const b = theirs as Item[]
      expect(a).toHaveLength(b.length)
      // The page is the slice of CustomsStore's full answer (read in the same state) in its own order.
      expect(a.map(id)).toEqual(context.full!.slice(op.offset, op.offset + op.limit).map(id))
      if (op.offset === 0 && b.length < op.limit) expect(a.map(plain).sort(bySortKey)).toEqual(b.map(plain).sort(bySortKey))
      return
    }
    case 'list': {
      // The reference: an InMemoryStore holding exactly the items live before the step (see the header).
      const live = new InMemoryStore()
      for (const item of context.before) await live.put(item.namespace, item.key, item.value)
      expect(ours).toEqual(await single(live, op))
      return
    }
  }
}

describe('CustomsStore behaves like LangGraph InMemoryStore', () => {
  it('on random sequences of puts, deletes, gets, searches, namespace listings and batches', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 25 }), async (steps) => {
        let clock = Date.parse('2026-05-04T08:00:00Z')
        const customs = await createCustoms({ now: () => (clock += 7) })
        // The approve-all policy: a reviewer who approves whatever the scanner holds back, as it is filed.
        customs.review.onPending((item) => customs.review.approve(item.id, { by: 'conformance' }))
        try {
          const mine = new CustomsStore(customs)
          const reference = new InMemoryStore()
          const created = new Map<string, number>()
          for (const step of steps) {
            const before = await everything(reference)
            // Each search is also asked unpaged, in the same batch (so in the same state), for the page check.
            const fullSearches: Op[] = step.flatMap((o) => (o.kind === 'search' ? [{ ...o, limit: 10_000, offset: 0 }] : []))
            let ours: unknown[]
            let theirs: unknown[]
            if (step.length === 1) {
              ours = [await single(mine, step[0]), ...(await Promise.all(fullSearches.map((o) => single(mine, o))))]
              theirs = [await single(reference, step[0])]
            } else {
              ours = await mine.batch([...step, ...fullSearches].map(toOperation))
              theirs = await reference.batch(step.map(toOperation))
            }
            const fulls = ours.slice(step.length) as Item[][]
            const writtenInBatch = new Set(
              step.length > 1 ? step.filter((o) => o.kind === 'put').map((o) => id({ namespace: o.ns, key: o.key })) : [],
            )
            let nextFull = 0
            for (const [i, op] of step.entries()) {
              const full = op.kind === 'search' ? fulls[nextFull++] : undefined
              await compare(op, ours[i], theirs[i], { before, writtenInBatch, full })
            }
            expect(await everything(mine)).toEqual(await everything(reference))
            // createdAt is kept by updates and renewed after a delete, as in InMemoryStore. A delete forgets the
            // creation time before the check: a batch can delete an item and put it again (a new createdAt).
            for (const op of step) if (op.kind === 'put' && op.value === null) created.delete(id({ namespace: op.ns, key: op.key }))
            for (const item of await mine.search([], { limit: 10_000 })) {
              const first = created.get(id(item))
              if (first !== undefined) expect(item.createdAt.getTime()).toBe(first)
              else created.set(id(item), item.createdAt.getTime())
            }
          }
          // Every write was a receipt, and the chain verifies.
          expect((await customs.verify({ values: true })).ok).toBe(true)
        } finally {
          await customs.close()
        }
      }),
      { numRuns: 150 },
    )
  })
})
