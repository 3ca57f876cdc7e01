// A transaction whose catch-up under the lock loses its connection between two pages reads its view again
// (resync) and tries again. When the page it had followed ended in a value record (kept for the receipt after
// it), that record belongs to the replaced view: the new attempt must not prepend it to what it reads, or the
// chain it follows repeats seqs the new view already holds and the writer stops as if another had corrupted it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createCustoms } from '../../src/index.js'
import type { PostgresCustoms } from '../../src/postgres/postgres-customs.js'
import { connectionLost, interceptedPool } from './fault-pool.js'
import { sharedOptions } from './options.js'
import { usePostgres } from './server.js'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

/**
 * A pg.Pool whose clients hear no notifications (so catching up waits for the next transaction's lock) and fail
 * the next page read under a lock (a query with values on a checked-out client) like a dropped connection.
 */
function pagesFailingPool(url: string) {
  const fault = { armed: false, injected: 0 }
  const { pool, end } = interceptedPool(
    url,
    (text, values) => {
      if (!fault.armed || !values || !/from \w+\.journal/.test(text)) return undefined
      fault.armed = false
      fault.injected++
      return Promise.reject(connectionLost())
    },
    { notifications: false },
  )
  return { pool, fault, end }
}

describe('resync after a failed catch-up', () => {
  const server = usePostgres()

  it('drops the value record carried from the replaced view: the retry writes on the chain', async () => {
    const { url } = await server().createDatabase()
    const keys = mkdtempSync(join(tmpdir(), 'mc-pg-keys-'))
    dirs.push(keys)
    const a = await createCustoms({ ...sharedOptions(keys), storage: { postgres: { connectionString: url } } })
    const { pool, fault, end } = pagesFailingPool(url)
    const b = (await createCustoms({
      ...sharedOptions(keys),
      storage: { postgres: { pool, pageSize: 3 } },
    })) as PostgresCustoms
    // positions 2..7: value, receipt, value, receipt, value, receipt; b's view stands at 1 (the chain's meta)
    for (const n of ['one', 'two', 'three']) a.decision.commit('note', n, { source: 'user' })
    await a.flush()
    // b's lock reads rows 2-4 with it (ending in a value record), then the next page fails
    fault.armed = true
    b.decision.commit('budget', 5, { source: 'user' })
    const [r] = (await b.flush())!
    expect(fault.injected).toBe(1)
    expect(b.stats.resyncs).toBe(1)
    expect(r!.seq).toBe(4)
    expect(b.decision.get('note')).toBe('three')
    expect(await b.verify({ values: true })).toMatchObject({ ok: true, checked: 4 })
    await a.close()
    await b.close()
    await end()
  })
})
