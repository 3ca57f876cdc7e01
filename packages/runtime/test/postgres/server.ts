// Typed entry of the test server harness (server.mjs holds the code; bench/ imports that directly).
// One server per test file: `const pg = usePostgres()` at describe level starts it in beforeAll and stops it in
// afterAll; `await pg().createDatabase()` gives each test a database of its own.
import { afterAll, beforeAll } from 'vitest'
import { startEmbedded, startPostgres, type PostgresServer } from './server.mjs'

export { startEmbedded, startPostgres, type PostgresServer }

export function usePostgres(): () => PostgresServer {
  let server: PostgresServer | undefined
  beforeAll(async () => {
    server = await startPostgres()
  })
  afterAll(async () => {
    await server?.stop()
  })
  return () => {
    if (!server) throw new Error('the PostgreSQL server is not started (call usePostgres() at describe level)')
    return server
  }
}
