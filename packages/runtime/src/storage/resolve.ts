/**
 * Maps the `storage` option to a backend: nothing -> in-memory; `{ file: dir }` -> the Node file backend
 * (`{ file: dir, lock: false }`: read-only, without the writer lock, next to a process that holds it);
 * `{ indexedDB: name }` -> the browser IndexedDB backend; `{ postgres }` -> the PostgreSQL backend; an object with `open`/`read`/`append` -> itself.
 * The file and IndexedDB modules are imported lazily so a browser bundle never loads file-system code and a
 * Node process never loads IndexedDB code.
 */
import { OptionError } from '../errors.js'
import { createMemoryBackend } from './memory.js'
import { requireNodeRuntime } from './runtime.js'
import type { StorageBackend } from './types.js'
import type { PostgresStorageOption } from '../postgres/postgres-customs.js'

export type StorageOption =
  | undefined
  | 'memory'
  | { file: string; lock?: boolean }
  | { indexedDB: string }
  | { postgres: PostgresStorageOption }
  | StorageBackend

export async function resolveStorage(storage: StorageOption): Promise<StorageBackend> {
  if (storage === undefined || storage === 'memory') return createMemoryBackend()
  if (typeof storage !== 'object' || storage === null)
    throw new OptionError('storage', 'must be { file: dir }, { indexedDB: name } or a StorageBackend object')
  if ('append' in storage && 'read' in storage && 'open' in storage) return storage as StorageBackend
  if ('file' in storage) {
    if (typeof storage.file !== 'string' || !storage.file) throw new OptionError('storage.file', 'must be a directory path')
    const lock = (storage as { lock?: unknown }).lock
    if (lock !== undefined && typeof lock !== 'boolean')
      throw new OptionError('storage.lock', 'must be a boolean (false opens the store read-only)')
    requireNodeRuntime('file', storage.file)
    const { createFileBackend } = await import('./file.js')
    return createFileBackend(storage.file, lock === undefined ? {} : { lock })
  }
  if ('indexedDB' in storage) {
    if (typeof storage.indexedDB !== 'string' || !storage.indexedDB) throw new OptionError('storage.indexedDB', 'must be a database name')
    const { createIndexedDBBackend } = await import('./indexeddb.js')
    return createIndexedDBBackend(storage.indexedDB)
  }
  if ('postgres' in storage) {
    // createCustoms opens a PostgreSQL store in the shared-writer mode (postgres/postgres-customs.ts); this is
    // the backend alone, for tools that open it as a single Customs.
    const pg = storage.postgres
    if (typeof pg !== 'object' || pg === null) throw new OptionError('storage.postgres', 'must be { connectionString } or { pool }')
    requireNodeRuntime('postgres', 'postgres')
    const { createPostgresBackend } = await import('./postgres/backend.js')
    const connection = 'pool' in pg && pg.pool ? { pool: pg.pool } : { connectionString: pg.connectionString! }
    return createPostgresBackend(connection, pg)
  }
  throw new OptionError('storage', 'must be { file: dir }, { indexedDB: name }, { postgres } or an object with open/read/append')
}
