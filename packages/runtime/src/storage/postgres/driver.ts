/**
 * node-postgres (`pg`) as the PostgreSQL backend uses it: an optional peer dependency, imported lazily the
 * first time a PostgreSQL store is opened (a browser bundle or a file-store process never loads it), typed here
 * by the few members the backend calls so the published types name no `pg` type. Also: which errors mean the
 * connection was lost (retried with backoff) and the retry loop itself.
 */
import { OptionError, StorageBackendError } from '../../errors.js'

export interface PgQueryResult<R = Record<string, unknown>> {
  rows: R[]
  rowCount: number | null
}

/** A connection: a `pg.Client`, or a `pg.PoolClient` checked out of a pool. */
export interface PgClientLike {
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<PgQueryResult<R>>
}

export interface PgPoolClientLike extends PgClientLike {
  /** Returns the client to its pool; `release(err)` (truthy) destroys it instead (a broken connection). */
  release(err?: Error | boolean): void
}

/** What the backend needs of a `pg.Pool` (yours, with `{ pool }`, or one it creates from `{ connectionString }`). */
export interface PgPoolLike extends PgClientLike {
  connect(): Promise<PgPoolClientLike>
  end(): Promise<void>
}

/** A standalone connection for LISTEN (a pool would hand the socket to other queries). */
export interface PgListenClientLike extends PgClientLike {
  connect(): Promise<void>
  end(): Promise<void>
  on(event: 'notification', fn: (m: { channel: string; payload?: string }) => void): unknown
  on(event: 'error' | 'end', fn: (e?: Error) => void): unknown
}

export interface PgModule {
  Pool: new (config: { connectionString: string; max?: number }) => PgPoolLike
  Client: new (config: { connectionString: string }) => PgListenClientLike
}

let loaded: Promise<PgModule> | undefined

/** The `pg` module, or an OptionError naming `storage.postgres` that says how to install it. */
export function loadPg(specifier = 'pg'): Promise<PgModule> {
  // A specifier bundlers leave alone: a browser app that imports memory-customs must build (and a Vite dev server
  // must run) without pulling pg into the browser. A parameter, not a constant: the library build folds a local
  // constant into `import("pg")`, which Vite's dependency optimizer then bundles for the browser (and reloads the
  // page when it finds it mid-session).
  loaded ??= import(/* webpackIgnore: true */ /* @vite-ignore */ specifier).then(
    (m: { default?: unknown }) => (m.default ?? m) as PgModule,
    (e: unknown) => {
      loaded = undefined
      throw new OptionError(
        'storage.postgres',
        `needs the node-postgres driver: npm install pg (it is an optional peer dependency of memory-customs) (${e instanceof Error ? e.message : String(e)})`,
      )
    },
  )
  return loaded
}

/** SQLSTATE classes and socket errors after which the same statement may succeed on a new connection. */
const RETRY_SQLSTATE = /^(08|57P0[1-3]|53300)/
const RETRY_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTCONN', 'EHOSTUNREACH', 'ENETUNREACH'])

/** Whether `e` means the connection (not the statement) failed: refused, reset, terminated, the server shutting down. */
export function isConnectionError(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown } | null
  if (!err || typeof err !== 'object') return false
  const code = typeof err.code === 'string' ? err.code : ''
  if (RETRY_SOCKET.has(code) || RETRY_SQLSTATE.test(code)) return true
  const msg = typeof err.message === 'string' ? err.message : ''
  return /Connection terminated|connection is closed|Client has encountered a connection error|the database system is (starting up|shutting down)/i.test(
    msg,
  )
}

const quieted = new WeakSet<object>()

/**
 * Gives a client checked out of a pool a listener for its `error` event (once per client). A pool listens to its
 * idle clients only: a checked-out one whose connection the server ends between two queries (a restart,
 * `pg_terminate_backend`) would emit an unhandled `error` and crash the process. The next query on it fails
 * instead, and is retried on a new connection like any lost connection.
 */
export function quietErrors<C extends object>(client: C): C {
  const c = client as unknown as { on?: (event: 'error', fn: () => void) => unknown }
  if (typeof c.on === 'function' && !quieted.has(client)) {
    quieted.add(client)
    c.on('error', () => {})
  }
  return client
}

type EventfulPool = PgPoolLike & {
  on?: (event: 'acquire', fn: (client: object) => void) => unknown
  removeListener?: (event: 'acquire', fn: (client: object) => void) => unknown
}
const connecting = new WeakMap<object, { pending: number; onAcquire: (client: object) => void }>()

/**
 * `pool.connect()` whose client has its quiet `error` listener from the moment the pool hands it out. The pool
 * drops its own listener then ('acquire'), and the `await` of `connect()` resumes a microtask later; a new
 * connection's socket can deliver the server's FATAL (`pg_terminate_backend` just after the startup) in the same
 * read as the ReadyForQuery that completed it, and that error is emitted in between, with nobody listening. So
 * while one of these connects is pending, every client the pool hands out gets the listener in its 'acquire'
 * event (one the application checks out of its own pool at that moment too: its next query fails instead of the
 * process crashing).
 */
export async function connectQuietly(pool: PgPoolLike): Promise<PgPoolClientLike> {
  const p = pool as EventfulPool
  if (typeof p.on !== 'function' || typeof p.removeListener !== 'function') return quietErrors(await pool.connect())
  let hook = connecting.get(pool)
  if (!hook) {
    hook = { pending: 0, onAcquire: (client) => void quietErrors(client) }
    connecting.set(pool, hook)
  }
  if (hook.pending++ === 0) p.on('acquire', hook.onAcquire)
  try {
    return quietErrors(await pool.connect())
  } finally {
    if (--hook.pending === 0) p.removeListener('acquire', hook.onAcquire)
  }
}

export interface RetryPolicy {
  /** Attempts in all, the first included (default 8). */
  attempts: number
  /** Delay before the second attempt in ms, doubled each time (default 50). */
  baseMs: number
  /** Longest delay between attempts in ms (default 2000): the whole bound is about 5 s. */
  maxMs: number
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 8, baseMs: 50, maxMs: 2000 }

/**
 * Runs `op` again after a lost connection, with exponential backoff, up to `policy.attempts` in all; then a
 * StorageBackendError (IO) that names the store and the last cause. Any other error is thrown as it is.
 */
export async function withRetry<T>(location: string, what: string, policy: RetryPolicy, op: () => Promise<T>): Promise<T> {
  let delay = policy.baseMs
  for (let attempt = 1; ; attempt++) {
    try {
      return await op()
    } catch (e) {
      if (!isConnectionError(e)) throw e
      if (attempt >= policy.attempts)
        throw new StorageBackendError(
          'IO',
          location,
          `${what}: the connection to PostgreSQL was lost and ${policy.attempts} attempts failed (last: ${e instanceof Error ? e.message : String(e)})`,
          { cause: e },
        )
      await new Promise((r) => setTimeout(r, delay))
      delay = Math.min(policy.maxMs, delay * 2)
    }
  }
}
