// Exposes the IndexedDB key provider to the test, which drives it with page.evaluate. Key sets cross the
// page boundary as exported text; errors as plain objects; raw IndexedDB records as JSON-able dumps.
import { KeyStoreError } from '../../../src/errors'
import { createIndexedDBKeyProvider, KEYS_DATABASE } from '../../../src/keys/indexeddb'
import { exportKeys, generateKeySet, importKeys } from '../../../src/keys/keyset'
import type { Witness } from '../../../src/keys/provider'

const provider = createIndexedDBKeyProvider()

function report(err: unknown) {
  const e = err as Error & Partial<KeyStoreError>
  return { error: e.message, name: e.name, code: e.code, field: e.field, location: e.location }
}

async function guard<T>(run: () => Promise<T>) {
  try {
    return { ok: await run() }
  } catch (err) {
    return report(err)
  }
}

/** A structured-clone value made JSON-able: bytes as number arrays, CryptoKeys described. */
function dump(v: unknown): unknown {
  if (v instanceof ArrayBuffer) return { bytes: Array.from(new Uint8Array(v)) }
  if (ArrayBuffer.isView(v)) return { bytes: Array.from(new Uint8Array(v.buffer, v.byteOffset, v.byteLength)) }
  if (v instanceof CryptoKey) return { cryptoKey: { type: v.type, extractable: v.extractable, algorithm: v.algorithm, usages: v.usages } }
  if (Array.isArray(v)) return v.map(dump)
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, dump(x)]))
  return v
}

function openRaw(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(KEYS_DATABASE)
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })
}

async function rawStore(store: string, change?: (key: IDBValidKey, value: unknown) => unknown) {
  const db = await openRaw()
  try {
    return await new Promise<Record<string, unknown>>((resolve, reject) => {
      const out: Record<string, unknown> = {}
      const tx = db.transaction(store, change ? 'readwrite' : 'readonly')
      const req = tx.objectStore(store).openCursor()
      req.onsuccess = () => {
        const c = req.result
        if (!c) return
        out[String(c.key)] = dump(c.value)
        if (change) {
          const next = change(c.key, c.value)
          if (next === undefined) c.delete()
          else c.update(next)
        }
        c.continue()
      }
      tx.oncomplete = () => resolve(out)
      tx.onabort = () => reject(tx.error)
    })
  } finally {
    db.close()
  }
}

const api = {
  async generate(chain: string) {
    return exportKeys(await generateKeySet(chain))
  },
  save: (chain: string, text: string) => guard(async () => provider.save(chain, await importKeys(text))),
  load: (chain: string) =>
    guard(async () => {
      const k = await provider.load(chain)
      return k && exportKeys(k)
    }),
  saveWitness: (chain: string, w: Witness) => guard(() => provider.saveWitness(chain, w)),
  loadWitness: (chain: string) => guard(() => provider.loadWitness(chain)),
  /** Every record of the key database, as stored (what someone copying the browser profile would get). */
  async raw() {
    provider.close()
    return { wrapping: await rawStore('wrapping'), keysets: await rawStore('keysets'), witness: await rawStore('witness') }
  },
  /** Flips one bit of a chain's stored (wrapped) commit key. */
  async flipCommitBit(chain: string) {
    provider.close()
    await rawStore('keysets', (key, value) => {
      if (key !== chain) return value
      const rec = value as { commit: ArrayBuffer }
      const b = new Uint8Array(rec.commit.slice(0))
      b[5] ^= 1
      return { ...rec, commit: b.buffer }
    })
  },
  async dropWrappingKey() {
    provider.close()
    await rawStore('wrapping', () => undefined)
  },
}

declare global {
  interface Window {
    mcKeys: typeof api
    __ready: boolean
  }
}
window.mcKeys = api
window.__ready = true
