/// <reference types="vite/client" />
// Erasure in Chromium through the built package: an IndexedDB store with the IndexedDB key provider (the browser
// default), values written for a subject, forget, and reads after a reload.
import { createCustoms, createIndexedDBBackend, type Customs } from 'memory-customs'
import wasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url'

const sqlJs = { locateFile: () => wasmUrl }

function open(name: string): Promise<Customs> {
  return createCustoms({ storage: createIndexedDBBackend(name), sqlJs })
}

/** A read's outcome as data: the content, or the error's name and code. */
function attempt(read: () => unknown): { ok: unknown } | { error: string; code: unknown; id?: unknown } {
  try {
    return { ok: read() }
  } catch (e) {
    const err = e as { name?: string; code?: unknown; id?: unknown }
    return { error: String(err.name), code: err.code, id: err.id }
  }
}

const api = {
  async write(name: string) {
    const c = await open(name)
    const alice = c.memories.propose('Alice lives at 12 Rue de la Paix.', { source: 'user', subject: 'user:alice' })
    const bob = c.memories.propose('Bob lives in Oslo.', { source: 'user', subject: 'user:bob' })
    const none = c.memories.propose('The office closes at six.', { source: 'user' })
    await c.close()
    return { alice: alice.id, bob: bob.id, none: none.id }
  },
  async forget(name: string) {
    const c = await open(name)
    const { receipt, shredded } = await c.forget({ subject: 'user:alice' })
    await c.close()
    return { op: receipt.op, seq: receipt.seq, shredded, reason: receipt.reason }
  },
  async read(name: string, ids: { alice: string; bob: string; none: string }) {
    const c = await open(name)
    const out = {
      alice: attempt(() => c.memories.get(ids.alice)?.content),
      bob: attempt(() => c.memories.get(ids.bob)?.content),
      none: attempt(() => c.memories.get(ids.none)?.content),
      list: c.memories.list().map((m) => m.id),
      verify: await c.verify({ values: true }),
    }
    await c.close()
    return out
  },
}

declare global {
  interface Window {
    mcErasure: typeof api
    __ready: boolean
  }
}
window.mcErasure = api
window.__ready = true
