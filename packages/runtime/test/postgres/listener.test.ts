// The LISTEN connection (storage/postgres/notify.ts) on a real server: it hears the store's own notices only, and
// whatever happens while it (re)connects, its client is kept or given back. A client left checked out makes the
// pool's end(), and so the store's close(), wait forever: a LISTEN that fails, or a stop() while LISTEN is in
// flight (a store closed while its listener reconnects after a server restart). Notices sent while it reconnects
// are lost: the store then catches up to the head on its own.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type pg from 'pg'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createCustoms } from '../../src/index.js'
import { channelOf, encodeNotice, HeadListener, type HeadNotice } from '../../src/storage/postgres/notify.js'
import { connectionLost, interceptedPool } from './fault-pool.js'
import { sharedOptions } from './options.js'
import { usePostgres } from './server.js'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

/** A promise with its resolve, for holding a query until the test lets it go. */
function deferred<T = void>() {
  let resolve!: (v: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

describe('the LISTEN connection', () => {
  const pg = usePostgres()
  const channel = channelOf('listener_test')

  it('hears the notices of its store, not those of another store or foreign payloads', async () => {
    const { url } = await pg().createDatabase()
    const { pool, end, checkedOut } = interceptedPool(url, () => undefined)
    const heard: HeadNotice[] = []
    const arrived = deferred()
    const listener = new HeadListener(
      pool,
      channel,
      'mine',
      (n) => {
        heard.push(n)
        if (n.seq === 2) arrived.resolve()
      },
      () => {},
    )
    await listener.start()
    expect(checkedOut()).toBe(1)
    for (const payload of [
      'not json',
      encodeNotice({ store: 'other', position: 9, seq: 9 }),
      encodeNotice({ store: 'mine', position: 3, seq: 2 }),
    ])
      await pool.query('select pg_notify($1, $2)', [channel, payload])
    await arrived.promise
    expect(heard).toEqual([{ store: 'mine', position: 3, seq: 2 }])
    await listener.stop()
    expect(checkedOut()).toBe(0)
    await end()
  })

  it('gives its client back when LISTEN fails, and listens on the next start()', async () => {
    const { url } = await pg().createDatabase()
    let failNext = true
    const { pool, end, checkedOut } = interceptedPool(url, (text) => {
      if (!text.startsWith('listen') || !failNext) return undefined
      failNext = false
      return Promise.reject(connectionLost())
    })
    const listener = new HeadListener(
      pool,
      channel,
      'mine',
      () => {},
      () => {},
    )
    await expect(listener.start()).rejects.toThrow(/Connection terminated/)
    expect(checkedOut()).toBe(0)
    await listener.start()
    expect(checkedOut()).toBe(1)
    await listener.stop()
    expect(checkedOut()).toBe(0)
    await end()
  })

  it('a stop() while LISTEN is in flight: the client is closed, not kept, and the pool ends', async () => {
    const { url } = await pg().createDatabase()
    const listening = deferred()
    const letGo = deferred()
    const { pool, end, checkedOut } = interceptedPool(url, (text, values, client) => {
      if (!text.startsWith('listen')) return undefined
      listening.resolve()
      return letGo.promise.then(() => client.query(text, values))
    })
    const heard: HeadNotice[] = []
    const listener = new HeadListener(
      pool,
      channel,
      'mine',
      (n) => heard.push(n),
      () => {},
    )
    const started = listener.start()
    await listening.promise
    await listener.stop()
    letGo.resolve()
    await started
    expect(checkedOut()).toBe(0)
    // the pool's end() resolves only once every client is back: before the fix it never did
    await end()
    expect(heard).toEqual([])
  })

  it('a commit announced while the listener reconnects is lost; once it listens again, the store catches up to the head', async () => {
    const { url } = await pg().createDatabase()
    const keys = mkdtempSync(join(tmpdir(), 'mc-pg-keys-'))
    dirs.push(keys)
    let listeningPid = 0
    let holdRelisten = false
    const relistening = deferred()
    const letGo = deferred()
    const { pool, end } = interceptedPool(url, (text, values, client: pg.PoolClient & { processID?: number }) => {
      if (!text.startsWith('listen')) return undefined
      if (!holdRelisten) {
        listeningPid = client.processID!
        return undefined
      }
      relistening.resolve()
      return letGo.promise.then(() => client.query(text, values))
    })
    const writer = await createCustoms({ ...sharedOptions(keys), storage: { postgres: { connectionString: url } } })
    const reader = await createCustoms({ ...sharedOptions(keys), storage: { postgres: { pool } } })

    holdRelisten = true
    await pool.query('select pg_terminate_backend($1)', [listeningPid])
    await relistening.promise
    // committed while the reader's listener is down: its NOTIFY reaches no one
    writer.decision.commit('note', 'while deaf', { source: 'user' })
    await writer.flush()
    letGo.resolve()
    // no further notice, and the reader writes nothing: only the catch-up after reconnecting can bring it
    await vi.waitFor(() => expect(reader.decision.get('note')).toBe('while deaf'), { timeout: 15_000, interval: 20 })

    await writer.close()
    await reader.close()
    await end()
  })
})
