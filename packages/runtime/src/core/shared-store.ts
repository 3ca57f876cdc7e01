/**
 * The base of a store shared by several writers (a PostgreSQL store's processes, browser tabs sharing an IndexedDB
 * store): reads from the writer's own view (`ViewReads`), and a typed refusal for the memory lifecycle, whose writes
 * are not forwarded to the head yet (docs/typed-memory.md, "Limits"). Without it, `memories` on such a store would be
 * `undefined` and a JavaScript caller would meet a TypeError far from the cause.
 */
import { StorageBackendError } from '../errors.js'
import { ViewReads } from './view-reads.js'

const LIFECYCLE = 'memories, review, working, context, guard, as and forget'

export abstract class SharedStore extends ViewReads {
  /** The store's location, named in errors. */
  protected abstract get storeLocation(): string

  private lifecycleUnsupported(member: string): StorageBackendError {
    return new StorageBackendError(
      'UNSUPPORTED',
      this.storeLocation,
      `${member}: the memory lifecycle (${LIFECYCLE}) is not available on a store shared by several writers yet (its ` +
        'writes are not forwarded to the head); use a single-writer store for typed memory: in memory, { file }, or ' +
        'createIndexedDBBackend(name) in a browser',
    )
  }

  /** Not on a shared store yet: throws a StorageBackendError (`UNSUPPORTED`). */
  get memories(): never {
    throw this.lifecycleUnsupported('memories')
  }
  /** Not on a shared store yet: throws a StorageBackendError (`UNSUPPORTED`). */
  get review(): never {
    throw this.lifecycleUnsupported('review')
  }
  /** Not on a shared store yet: throws a StorageBackendError (`UNSUPPORTED`). */
  get context(): never {
    throw this.lifecycleUnsupported('context')
  }
  /** Not on a shared store yet: throws a StorageBackendError (`UNSUPPORTED`). */
  get guard(): never {
    throw this.lifecycleUnsupported('guard')
  }
  /** Not on a shared store yet: throws a StorageBackendError (`UNSUPPORTED`). */
  working(_session: string): never {
    throw this.lifecycleUnsupported('working()')
  }
  /** Not on a shared store yet: throws a StorageBackendError (`UNSUPPORTED`). */
  as(_principal: string): never {
    throw this.lifecycleUnsupported('as()')
  }
  /** Not on a shared store yet: rejects with a StorageBackendError (`UNSUPPORTED`). */
  forget(_request: { subject: string }): Promise<never> {
    return Promise.reject(this.lifecycleUnsupported('forget()'))
  }
}
