import pg from 'pg'
import type { PgPoolLike } from '../../src/storage/postgres/driver.js'

/** What a checked-out client's query is handed to: the real client, to run the query its own way or not at all. */
export type Intercept = (text: string, values: unknown[] | undefined, client: pg.PoolClient) => Promise<pg.QueryResult> | undefined

/** The error a dropped connection raises in node-postgres. */
export function connectionLost(): Error {
  return Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' })
}

/**
 * A real pg.Pool on `url` whose checked-out clients pass every query to `intercept` first (which returns undefined
 * to let it run as usual), for faults injected at a chosen query. With `notifications: false` the clients hear no
 * NOTIFY, so a process catches up only when it next takes the lock.
 */
export function interceptedPool(url: string, intercept: Intercept, { notifications = true } = {}) {
  const pool = new pg.Pool({ connectionString: url, max: 4 })
  pool.on('error', () => {}) // an idle client dropped when the server stops
  const wrapped = {
    query: (text: string, values?: unknown[]) => pool.query(text, values),
    end: () => pool.end(),
    connect: async () => {
      const client = await pool.connect()
      return {
        release: (err?: Error | boolean) => client.release(err),
        on: (event: string, fn: (message: pg.Notification) => void) =>
          event === 'notification' && !notifications ? undefined : client.on(event as 'notification', fn),
        removeAllListeners: (event?: string) => client.removeAllListeners(event),
        query: (text: string, values?: unknown[]) => intercept(text, values, client) ?? client.query(text, values),
      }
    },
  }
  return {
    pool: wrapped as unknown as PgPoolLike,
    end: () => pool.end().catch(() => {}),
    /** Clients checked out and not given back (a connection being opened counts too). */
    checkedOut: () => pool.totalCount - pool.idleCount,
  }
}
