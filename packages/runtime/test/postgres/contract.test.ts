// The Customs contract suite (unchanged) on the PostgreSQL backend: one server for the file, one database per
// case; `reopen` opens a new Customs on the same store, so state must come back from the rows in PostgreSQL.
import { describe, it } from 'vitest'
import { createCustoms, type Customs, type CustomsOptions } from '../../src/index.js'
import { createMemoryKeyProvider } from '../../src/keys/memory.js'
import type { KeyProvider } from '../../src/keys/provider.js'
import { createPostgresBackend } from '../../src/storage/postgres/backend.js'
import { conditionalAppendCases, contractCases } from '../contract/suite.js'
import { usePostgres } from './server.js'

describe('contract (PostgreSQL backend)', () => {
  const pg = usePostgres()
  const stores = new WeakMap<Customs, { url: string; keys: KeyProvider }>()

  async function make(opts: CustomsOptions = {}, at?: { url: string; keys: KeyProvider }): Promise<Customs> {
    at ??= { url: (await pg().createDatabase()).url, keys: createMemoryKeyProvider() }
    const c = await createCustoms({ ...opts, keyStore: at.keys, storage: createPostgresBackend({ connectionString: at.url }) })
    stores.set(c, at)
    return c
  }

  async function reopen(c: Customs, opts: CustomsOptions = {}): Promise<Customs> {
    await c.close()
    return make(opts, stores.get(c))
  }

  for (const tc of [...contractCases, ...conditionalAppendCases])
    it(tc.name, async () => {
      // the conditional-append cases take a fresh, unopened backend on an empty database of their own
      const url = (await pg().createDatabase()).url
      await tc.run((o) => make(o), { reopen, backend: () => createPostgresBackend({ connectionString: url }) })
    })
})
