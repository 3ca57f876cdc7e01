// Exposes the IndexedDB backend to the test, which drives it with page.evaluate. Errors are returned as
// plain objects so the test can assert on their type and codes.
import { JournalCorruptError, StorageBackendError } from '../../../src/errors'
import { createIndexedDBBackend } from '../../../src/storage/indexeddb'
import type { JournalEntry, StorageBackend } from '../../../src/storage/types'

type Backend = ReturnType<typeof createIndexedDBBackend>

export interface ErrorReport {
  error: string
  name: string
  code?: string
  storageCode?: string
  location?: string
  record?: number
  afterSeq?: number
}

function report(err: unknown): ErrorReport {
  const e = err as Error & Partial<StorageBackendError> & Partial<JournalCorruptError>
  return {
    error: e.message,
    name: e.name,
    code: e.code,
    storageCode: e instanceof StorageBackendError ? e.storageCode : undefined,
    location: e.location,
    record: e instanceof JournalCorruptError ? e.record : undefined,
    afterSeq: e instanceof JournalCorruptError ? e.afterSeq : undefined,
  }
}

const open = new Map<string, Backend>()

async function readAll(b: StorageBackend): Promise<JournalEntry[]> {
  const out: JournalEntry[] = []
  for await (const e of b.read()) out.push(e)
  return out
}

const api = {
  async open(name: string) {
    try {
      const b = createIndexedDBBackend(name)
      const r = await b.open()
      open.set(name, b)
      return { report: r, kind: b.kind, durability: b.durability, location: b.location, persisted: b.persisted, writerLock: b.writerLock }
    } catch (err) {
      return report(err)
    }
  },
  async append(name: string, entries: JournalEntry[]) {
    try {
      await open.get(name)!.append(entries)
      return { ok: true, commits: open.get(name)!.commits }
    } catch (err) {
      return report(err)
    }
  },
  async read(name: string) {
    const seen: JournalEntry[] = []
    try {
      for await (const e of open.get(name)!.read()) seen.push(e)
      return { entries: seen }
    } catch (err) {
      return { entries: seen, ...report(err) }
    }
  },
  async close(name: string) {
    await open.get(name)?.close()
    open.delete(name)
  },
  /** Writes a raw record into the entries store behind the backend's back (the backend must be closed). */
  async putRaw(name: string, value: unknown) {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name)
      req.onsuccess = () => resolve(req.result)
      req.onerror = () => reject(req.error)
    })
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('entries', 'readwrite')
      tx.objectStore('entries').add(value)
      tx.oncomplete = () => resolve()
      tx.onabort = () => reject(tx.error)
    })
    db.close()
  },
  readAll,
}

declare global {
  interface Window {
    mcBackend: typeof api
    __ready: boolean
  }
}
window.mcBackend = api
window.__ready = true
