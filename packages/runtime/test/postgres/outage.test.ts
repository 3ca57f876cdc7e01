// Outages of a real server under a running load (16 writers of one shared-writer process): every connection of
// the database terminated by a superuser mid-run (pg_terminate_backend) is retried with backoff and the run
// completes; the server restarted mid-run (stop and start of an embedded cluster on the same data directory)
// is survived; a server that stays down past the retry bound is a typed error, and the same Customs writes again
// once it is back. Each time, a fresh view finds every acknowledged receipt with its hash, in one chain.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, onTestFailed } from 'vitest'
import { createCustoms } from '../../src/index.js'
import { StorageBackendError, StorageError } from '../../src/errors.js'
import type { PostgresCustoms } from '../../src/postgres/postgres-customs.js'
import type { RetryPolicy } from '../../src/storage/postgres/driver.js'
import { sharedOptions } from './options.js'
import { startEmbedded, usePostgres } from './server.js'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))
function tempDir(prefix: string): string {
  const d = mkdtempSync(join(tmpdir(), prefix))
  dirs.push(d)
  return d
}

const open = async (url: string, keys: string, retry?: Partial<RetryPolicy>) =>
  (await createCustoms({ ...sharedOptions(keys), storage: { postgres: { connectionString: url, retry } } })) as PostgresCustoms

/**
 * 16 writers committing and flushing in a loop until `total` receipts are acknowledged (and `until()` holds); `acked` (seq -> hash)
 * grows as flushes resolve, so a test can act mid-run. Every write must end with its receipt.
 */
function load(c: PostgresCustoms, total: number, until: () => boolean = () => true) {
  const acked = new Map<number, string>()
  const failures: unknown[] = []
  let issued = 0
  const state = { acked, settled: false, done: undefined as unknown as Promise<void> }
  const done = Promise.all(
    Array.from({ length: 16 }, async (_, w) => {
      // at least `total` writes, then on until `until()` holds (what the test waits for has happened)
      while ((issued < total || !until()) && !failures.length) {
        c.decision.commit('note', `${w}:${issued++}`, { source: 'user' })
        for (const o of await c.flushSettled()) {
          if (o.receipt) acked.set(o.receipt.seq, o.receipt.hash)
          else failures.push(o.error)
        }
      }
    }),
  ).then(() => {
    if (failures.length) throw failures[0]
  })
  state.done = done.finally(() => (state.settled = true))
  return state
}

/**
 * Resolves once `cond()` holds, checked after each macrotask (writes resolve in between); if the load ends first
 * (a write failed), with its error, rather than waiting for what will not come.
 */
async function until(cond: () => boolean, run: { settled: boolean; done: Promise<void> }): Promise<void> {
  while (!cond()) {
    if (run.settled) {
      await run.done
      throw new Error('the load ended before the condition held')
    }
    await new Promise((r) => setImmediate(r))
  }
}

/**
 * Names the step a test is at; if the test fails (a timeout too, which says nothing of where it waited), prints
 * the steps it went through with their times and the store's stats.
 */
function steps(stats: () => unknown) {
  const start = Date.now()
  const seen: string[] = []
  onTestFailed(() => {
    console.error(`failed after these steps (ms since the start):\n${seen.join('\n')}\nstats now: ${JSON.stringify(stats())}`)
  })
  return (name: string) => void seen.push(`${Date.now() - start} ${name} (${JSON.stringify(stats())})`)
}

/** A fresh view of the store: one contiguous chain that verifies, holding every acknowledged receipt. */
async function expectIntact(url: string, keys: string, acked: Map<number, string>): Promise<void> {
  const fresh = await open(url, keys)
  const receipts = fresh.receipts()
  expect(receipts.map((r) => r.seq)).toEqual(receipts.map((_, i) => i + 1))
  for (let i = 1; i < receipts.length; i++) expect(receipts[i]!.prev).toBe(receipts[i - 1]!.hash)
  for (const [seq, hash] of acked) expect(fresh.receipt(seq)?.hash, `receipt ${seq}`).toBe(hash)
  expect(await fresh.verify()).toMatchObject({ ok: true, checked: receipts.length })
  await fresh.close()
}

describe('PostgreSQL outages under load', () => {
  const pg = usePostgres()

  it('every connection terminated mid-run (pg_terminate_backend): retried with backoff, the run completes', async () => {
    const { name, url } = await pg().createDatabase()
    const keys = tempDir('mc-pg-keys-')
    const c = await open(url, keys)
    // the writers go on past 3,000 until a termination has hit a transaction in flight (the view was then replaced):
    // on a loaded machine that can take more tries than 3,000 writes leave room for
    const run = load(c, 3000, () => c.stats.resyncs > 0)
    const step = steps(() => ({ acked: run.acked.size, ...c.stats }))
    let terminated = 0
    while (c.stats.resyncs === 0) {
      const before = run.acked.size
      await until(() => run.acked.size >= before + 100 || c.stats.resyncs > 0, run)
      if (c.stats.resyncs > 0) break
      const r = await pg().withAdmin((a) =>
        a.query<{ n: number }>(
          'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        ),
      )
      terminated += r.rows[0]!.n
      step(`terminated ${terminated} connections`)
    }
    await run.done
    expect(terminated).toBeGreaterThan(0)
    expect(run.acked.size).toBeGreaterThanOrEqual(3000)
    expect(c.size).toBeGreaterThanOrEqual(3000)
    step('closing')
    await c.close()
    step('checking a fresh view')
    await expectIntact(url, keys, run.acked)
  })

  it('a server restart mid-run is survived; down past the retry bound, a typed error, then writes again', async () => {
    const server = await ownCluster()
    try {
      const keys = tempDir('mc-pg-keys-')
      // a bound longer than a restart on a busy machine (about 20 s)
      const c = await open(server.url, keys, { attempts: 40, baseMs: 50, maxMs: 500 })
      const run = load(c, 3000)
      let short: PostgresCustoms | undefined
      const step = steps(() => ({ acked: run.acked.size, ...c.stats, short: short?.stats }))
      await until(() => run.acked.size >= 500, run)
      step('restarting the server')
      await server.restart()
      step('restarted; waiting for the load')
      await run.done
      expect(run.acked.size).toBeGreaterThanOrEqual(3000)
      step('closing')
      await c.close()
      step('checking a fresh view')
      await expectIntact(server.url, keys, run.acked)

      // a short bound: the server stays down past it
      step('opening with a short bound')
      short = await open(server.url, keys, { attempts: 3, baseMs: 10 })
      short.decision.commit('note', 'before', { source: 'user' })
      const before = await short.flush()
      step('stopping the server')
      await server.stopOnly()
      step('flushing while it is down')
      short.decision.commit('note', 'while down', { source: 'user' })
      const err = await short.flush().catch((e: unknown) => e)
      expect(err).toBeInstanceOf(StorageError)
      const cause = err instanceof StorageBackendError ? err : (err as { cause?: unknown }).cause
      expect(cause).toBeInstanceOf(StorageBackendError)
      expect(cause).toMatchObject({ storageCode: 'IO', location: 'postgres:memory_customs/default' })
      expect((cause as Error).message).toMatch(/3 attempts failed/)
      step('starting the server again')
      await server.startAgain()
      step('flushing once it is back')
      short.decision.commit('note', 'after', { source: 'user' })
      const [after] = await short.flush()
      expect(after!.seq).toBe(before[0]!.seq + 1)
      expect(short.decision.get('note')).toBe('after')
      step('closing')
      await short.close()
      step('checking a fresh view')
      await expectIntact(server.url, keys, new Map([...run.acked, [after!.seq, after!.hash]]))
    } finally {
      await server.stop()
    }
  })
})

/** An embedded cluster of this test's own (whatever MEMORY_CUSTOMS_PG_URL says), with persistent data to restart. */
async function ownCluster() {
  const { cluster, url, dir } = await startEmbedded({ persistent: true })
  dirs.push(dir)
  return {
    url,
    /** A fast shutdown (SIGINT: transactions aborted, connections closed), then the same data directory again. */
    async restart() {
      await cluster.stop()
      await cluster.start()
    },
    stopOnly: () => cluster.stop(),
    startAgain: () => cluster.start(),
    stop: () => cluster.stop(),
  }
}
