// The Customs contract suite on the Node file backend: every case gets a fresh directory; `reopen` closes the
// Customs and opens a new one on the same directory, so state must come back from the journal on disk.
import { afterAll, describe, it } from 'vitest'
import { createCustoms, type Customs, type CustomsOptions } from '../../src/index.js'
import { createFileBackend } from '../../src/storage/file.js'
import { conditionalAppendCases, contractCases } from './suite.js'
import { tempDir } from '../storage/helpers'

const dirs = new WeakMap<Customs, string>()
const cleanups: Array<() => void> = []
afterAll(() => cleanups.forEach((c) => c()))

async function make(opts: CustomsOptions = {}, dir?: string): Promise<Customs> {
  if (!dir) {
    const t = tempDir('contract')
    cleanups.push(t.cleanup)
    dir = t.dir
  }
  const c = await createCustoms({ ...opts, storage: { file: dir } })
  dirs.set(c, dir)
  return c
}

async function reopen(c: Customs, opts: CustomsOptions = {}): Promise<Customs> {
  await c.close()
  return make(opts, dirs.get(c))
}

describe('contract (file backend)', () => {
  const backend = () => {
    const t = tempDir('contract-head')
    cleanups.push(t.cleanup)
    return createFileBackend(t.dir)
  }
  for (const tc of [...contractCases, ...conditionalAppendCases]) it(tc.name, () => tc.run((o) => make(o), { reopen, backend }))
})
