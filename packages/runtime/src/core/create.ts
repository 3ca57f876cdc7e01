/**
 * `createCustoms`: which kind of store the options ask for. A file, memory or IndexedDB store opened by one writer is
 * a Customs (core/customs.ts); `{ indexedDB }` where tabs can share is a tab store (tabs/), `{ postgres }` a store
 * that many processes append to (postgres/). The latter two are loaded only when asked for.
 */
import type { PostgresCustoms, PostgresStorageOption } from '../postgres/postgres-customs.js'
import type { StorageOption } from '../storage/resolve.js'
import { requireNodeRuntime } from '../storage/runtime.js'
import { openCustoms, type Customs } from './customs.js'
import type { CustomsOptions } from './options.js'
import type { SharedCustoms } from './surface.js'

/**
 * Opens (or creates) a Customs over the configured storage: reads the journal, rebuilds the sql.js index and
 * the pool state, and checks hashes and links on the way (see `health().verification`).
 *
 * `{ indexedDB: name }` in a browser with BroadcastChannel and Web Locks opens the store shared by the tabs
 * of that browser (tabs/tab-customs.ts): the tab that gets the Web Lock is the leader (today's synchronous
 * single-writer semantics, and it serves the other tabs), every other tab a follower whose writes return
 * pending receipts until `flush()`. Without either API (an insecure context has no Web Locks) it is a
 * single-writer Customs as before, and a second tab fails with LOCKED.
 *
 * `{ postgres: { connectionString } | { pool } }` (with a `keyStore` every process shares) opens a store that any
 * number of processes append to (postgres/postgres-customs.ts, docs/postgres.md): writes return pending receipts
 * and `flush()` commits them in one transaction against the head of the chain.
 */
export function createCustoms(options: CustomsOptions & { storage: { indexedDB: string } }): Promise<SharedCustoms>
export function createCustoms(options: CustomsOptions & { storage: { postgres: PostgresStorageOption } }): Promise<PostgresCustoms>
export function createCustoms(options?: CustomsOptions & { storage?: Exclude<StorageOption, { indexedDB: string }> }): Promise<Customs>
export function createCustoms(options?: CustomsOptions): Promise<SharedCustoms>
export async function createCustoms(options: CustomsOptions = {}): Promise<SharedCustoms> {
  const storage = options.storage
  if (typeof storage === 'object' && storage !== null && 'postgres' in storage && !('append' in storage)) {
    // Many processes, one chain: writes are pending until the transaction of flush() (docs/postgres.md).
    requireNodeRuntime('postgres', 'postgres')
    const { openPostgresCustoms } = await import('../postgres/postgres-customs.js')
    return openPostgresCustoms(options as CustomsOptions & { storage: { postgres: PostgresStorageOption } })
  }
  if (tabsCanShare(options.storage)) {
    const { openTabCustoms } = await import('../tabs/tab-customs.js')
    return openTabCustoms(options as CustomsOptions & { storage: { indexedDB: string } })
  }
  return openCustoms(options)
}

/** `{ indexedDB }` on a platform where tabs can elect a writer (Web Locks) and forward to it (BroadcastChannel). */
function tabsCanShare(storage: StorageOption): boolean {
  if (typeof storage !== 'object' || storage === null || !('indexedDB' in storage) || 'append' in storage) return false
  const g = globalThis as { BroadcastChannel?: unknown; navigator?: { locks?: { request?: unknown } } }
  return typeof g.BroadcastChannel === 'function' && typeof g.navigator?.locks?.request === 'function'
}
