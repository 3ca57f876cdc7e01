// Checking a client out of a real pg.Pool (storage/postgres/driver.ts, connectQuietly). The pool drops its own
// `error` listener when it hands a client out, and the caller's `await pool.connect()` resumes a microtask later.
// A server's FATAL (pg_terminate_backend just after a connection's startup) read in the same socket chunk as the
// startup's ReadyForQuery is emitted in between: with nobody listening, the process died of an unhandled error
// (seen once in CI, in outage.test.ts). The test emits the error at that same point (a nextTick queued in the
// pool's 'acquire' event runs before the caller's continuation).
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { connectQuietly } from '../../src/storage/postgres/driver.js'
import { usePostgres } from './server.js'

describe('checking a client out of a pool', () => {
  const server = usePostgres()

  it('an error emitted before the await resumes has a listener; a plain connect() has none (the window is real)', async () => {
    const { url } = await server().createDatabase()
    const pool = new pg.Pool({ connectionString: url, max: 2 })
    pool.on('error', () => {})
    const unhandled: unknown[] = []
    pool.on('acquire', (client) =>
      process.nextTick(() => {
        const fatal = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })
        try {
          client.emit('error', fatal)
        } catch (e) {
          unhandled.push(e)
        }
      }),
    )
    const held: { release(err: boolean): void }[] = []
    try {
      held.push(await connectQuietly(pool))
      expect(unhandled).toEqual([])

      // the hook is gone once no quiet connect is pending: a plain connect() is as exposed as before
      held.push(await pool.connect())
      expect(unhandled).toHaveLength(1)
      expect((unhandled[0] as { code?: string }).code).toBe('57P01')
    } finally {
      // given back whatever failed, or end() would wait for them
      for (const c of held) c.release(true)
      await pool.end()
    }
  })

  it('concurrent quiet connects share one hook, removed when the last one resolves', async () => {
    const { url } = await server().createDatabase()
    const pool = new pg.Pool({ connectionString: url, max: 4 })
    pool.on('error', () => {})
    const clients = await Promise.all([connectQuietly(pool), connectQuietly(pool), connectQuietly(pool)])
    try {
      expect(pool.listenerCount('acquire')).toBe(0)
      for (const c of clients) {
        expect((c as unknown as pg.PoolClient).listenerCount('error')).toBeGreaterThanOrEqual(1)
        expect((await c.query<{ one: number }>('select 1 as one')).rows[0]?.one).toBe(1)
      }
    } finally {
      for (const c of clients) c.release()
      await pool.end()
    }
  })
})
