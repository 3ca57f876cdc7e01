// The Customs contract suite (./suite.ts) on the in-memory backend. Runners for the other backends sit beside
// this one (file.test.ts); the IndexedDB runner is test/browser/contract.browser.test.ts (needs Chromium).
import { describe, it } from 'vitest'
import { createCustoms, createMemoryBackend, type Customs, type CustomsOptions, type MemoryBackend } from '../../src/index.js'
import { conditionalAppendCases, contractCases } from './suite.js'

// The memory backend stands in for a store that outlives a Customs: reopen hands the same backend to a new one.
const stores = new WeakMap<Customs, MemoryBackend>()

async function make(opts: CustomsOptions = {}, backend = createMemoryBackend()): Promise<Customs> {
  const c = await createCustoms({ ...opts, storage: backend })
  stores.set(c, backend)
  return c
}

async function reopen(c: Customs, opts: CustomsOptions = {}): Promise<Customs> {
  const backend = stores.get(c)!
  await c.close()
  return make(opts, backend)
}

describe('contract (memory backend)', () => {
  for (const tc of [...contractCases, ...conditionalAppendCases])
    it(tc.name, () => tc.run((o) => make(o), { reopen, backend: () => createMemoryBackend() }))
})
