/// <reference types="vite/client" />
// The built `memory-customs` in Chromium on IndexedDB: runs the shared contract cases one at a time for the
// test, and offers the steps of the reload and second-tab checks. Results go back as plain objects.
import { createCustoms, type CustomsOptions, type SharedCustoms as Customs } from 'memory-customs'
import wasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url'
import { z } from 'zod'
import { contractCases, type ContractContext, type Make } from '../../contract/suite.js'

const sqlJs = { locateFile: () => wasmUrl }
const run = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
let stores = 0
const names = new WeakMap<Customs, string>()

async function openOn(name: string, opts: CustomsOptions = {}): Promise<Customs> {
  const c = await createCustoms({ ...opts, storage: { indexedDB: name }, sqlJs })
  names.set(c, name)
  return c
}

function errorReport(err: unknown) {
  const e = err as Error & { code?: string; storageCode?: string; location?: string }
  return {
    ok: false as const,
    name: e?.name,
    error: String(e?.stack ?? e),
    code: e?.code,
    storageCode: e?.storageCode,
    location: e?.location,
  }
}

const schemas = { n: z.number().int(), note: z.string() }
const held = new Map<string, Customs>()

const api = {
  caseNames: () => contractCases.map((c) => c.name),

  async runCase(index: number) {
    const tc = contractCases[index]!
    try {
      // the suite is typed against the source Customs, the page runs the built one: same shape, other declaration
      const make = ((opts?: CustomsOptions) => openOn(`contract-${run}-${stores++}`, opts)) as unknown as Make
      const ctx = {
        reopen: async (c: Customs, opts?: CustomsOptions) => {
          await c.close()
          return openOn(names.get(c)!, opts)
        },
      } as unknown as ContractContext
      await tc.run(make, ctx)
      return { ok: true as const }
    } catch (err) {
      return errorReport(err)
    }
  },

  /** Commits `count` receipts on database `name`, flushes, and keeps the Customs open (the tab then reloads). */
  async writeAndKeepOpen(name: string, count: number) {
    try {
      const c = await openOn(name, { decision: { schemas } })
      held.set(name, c)
      for (let i = 0; i < count; i++) c.decision.commit(i % 3 ? 'n' : 'note', i % 3 ? i : `note ${i} é😀`, { source: 'user' })
      await c.flush()
      return { ok: true as const, size: c.size, n: c.decision.get('n'), note: c.decision.get('note'), durability: c.health().storage }
    } catch (err) {
      return errorReport(err)
    }
  },

  async reopenAndVerify(name: string) {
    try {
      const c = await openOn(name, { decision: { schemas } })
      held.set(name, c)
      const verify = await c.verify({ values: true })
      return {
        ok: true as const,
        size: c.size,
        verify,
        n: c.decision.get('n'),
        note: c.decision.get('note'),
        historySeqs: c.history('n').map((r) => r.seq),
      }
    } catch (err) {
      return errorReport(err)
    }
  },

  async close(name: string) {
    await held.get(name)?.close()
    held.delete(name)
  },
}

declare global {
  interface Window {
    mcCustoms: typeof api
    __ready: boolean
  }
}
window.mcCustoms = api
window.__ready = true
