import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createCustoms, type Customs, type JournalEntry } from '../index'
import { keysError, storeError } from './errors'

/** The file a Node store's journal lives in (the source of truth; everything else is rebuilt from it). */
export const JOURNAL_FILE = 'journal.ndjson'

export interface OpenedStore {
  dir: string
  /** The key directory the store's keys were looked up in (absolute). */
  keyDir: string
  customs: Customs
}

/** `createCustoms` options a command may set besides storage and keys. */
export interface StoreOptions {
  review?: { timeoutMs?: number }
  /** The clock (epoch ms); the real one when absent. */
  now?: () => number
}

/** How a command opens the store: `write` takes the writer lock, `read` opens the journal read-only. */
export type OpenMode = 'read' | 'write'

/**
 * The key directory: `--key-dir`, else the Node key store default (`$MEMORY_CUSTOMS_KEY_DIR`, else
 * `${XDG_CONFIG_HOME:-~/.config}/memory-customs/keys`), resolved against the environment the CLI runs in.
 */
export async function keyDirFor(option: string | undefined, env: Record<string, string | undefined>, cwd: string): Promise<string> {
  if (option !== undefined) return resolve(cwd, option)
  // Imported lazily, like the storage backend below (see there).
  const { defaultKeyDir } = await import('../keys/node-file')
  return defaultKeyDir(env)
}

/** Where a PostgreSQL store lives inside its database: `--pg-store` and `--pg-schema` (the backend's defaults). */
export interface PostgresLocation {
  store?: string
  schema?: string
}

/** `--store postgres://…` (or `postgresql://…`) names a PostgreSQL store instead of a directory. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(location)
}

/** A connection string without its password, for messages. */
export function redactUrl(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:/@]*:)[^@]*@/i, '$1***@')
}

/** The directory must be an existing memory-customs store (a journal in a directory); never created here. */
export function checkStoreDir(dirOption: string): string {
  const dir = resolve(dirOption)
  if (!existsSync(dir)) {
    const demo = inSourceRepository() ? ' (in the memory-customs repository, "npm run demo" leaves one in playground/agent)' : ''
    throw storeError(
      `no store at ${dir}`,
      `pass --store <dir>: the directory your agent gave createCustoms({ storage: { file: dir } })${demo}`,
      'STORE_MISSING',
    )
  }
  if (!statSync(dir).isDirectory())
    throw storeError(`${dir} is not a directory`, 'pass the store directory with --store <dir>', 'STORE_FOREIGN')
  const names = readdirSync(dir)
  if (!names.includes(JOURNAL_FILE)) {
    const seen = names.length ? `it contains ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', ...' : ''}` : 'it is empty'
    throw storeError(
      `${dir} is not a memory-customs store: no ${JOURNAL_FILE} (${seen})`,
      'pass the store directory with --store <dir>',
      'STORE_FOREIGN',
    )
  }
  return dir
}

/**
 * Whether this CLI runs from a checkout of the memory-customs repository (its `dist` or `src`, below the monorepo's
 * package.json), where the demo is one command away; an installed package never is.
 */
function inSourceRepository(): boolean {
  const here = fileURLToPath(import.meta.url)
  // dist/<chunk>.mjs and src/cli/store.ts sit two or three levels below packages/runtime/.. /..
  for (const up of ['../../../package.json', '../../../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(resolve(here, up), 'utf8')) as { name?: string }
      if (pkg.name === 'memory-customs-monorepo') return true
    } catch {
      // No package.json there: try the other layout.
    }
  }
  return false
}

/**
 * Opens a file store for the CLI. It never creates one: a missing directory, a directory that is not a
 * memory-customs store (no journal) and a store locked by a live writer are all exit code 3, with a
 * message naming the directory; keys missing from the key store are exit code 4, naming where they were
 * looked for. Read-only commands (and `rollback --dry-run`) open without taking the writer lock, so they
 * work next to a running agent; `rollback`, `checkpoint` and `migrate` take it.
 */
export async function openStore(
  dirOption: string,
  mode: OpenMode,
  keyDir: string,
  extra: StoreOptions = {},
  pg: PostgresLocation = {},
): Promise<OpenedStore> {
  if (isPostgresUrl(dirOption)) return openPostgresStore(dirOption, mode, keyDir, extra, pg)
  const dir = checkStoreDir(dirOption)
  try {
    // Imported lazily, as the runtime itself does: a static import would make the bundler host the storage
    // modules' shared code in the CLI's entry chunk, so loading a backend would run the CLI.
    const { createFileBackend } = await import('../storage/file')
    const backend = createFileBackend(dir, { lock: mode === 'write' })
    return { dir, keyDir, customs: await createCustoms({ ...extra, storage: backend, keyStore: { dir: keyDir } }) }
  } catch (err) {
    const e = err as Error & { code?: string; location?: string }
    if (e.code === 'KEYS_MISSING')
      throw keysError(
        `the keys of the store at ${dir} are not in the key store at ${e.location ?? keyDir}`,
        'pass the directory that holds them with --key-dir <dir> (or set MEMORY_CUSTOMS_KEY_DIR), or restore them from a backup (docs/keys.md)',
        e.code,
      )
    if (e.code === 'KEYS_INVALID' || e.code === 'KEYS_UNAVAILABLE')
      throw keysError(`cannot use the keys of the store at ${dir} (key store ${e.location ?? keyDir}): ${e.message}`, undefined, e.code)
    if (e.code === 'STORAGE' && (e as { storageCode?: string }).storageCode === 'LOCKED') {
      // The runtime's advice (`storage: { file, lock: false }`) is for code; on the command line it is the commands.
      throw storeError(
        `cannot open the store at ${dir} for writing: ${e.message.replace(/; close that Customs first.*$/s, '')}`,
        'stop that process first; the reading commands (log, show, verify, at, diff, health, rollback --dry-run, ...) work next to it',
        'LOCKED',
      )
    }
    throw storeError(`cannot open the store at ${dir}: ${e.message}`, undefined, e.code ?? 'STORE_UNREADABLE')
  }
}

/**
 * The journal's entries as stored, read through a second, read-only file backend (no lock, nothing written):
 * what `export` needs and no public method returns (the exact body text of each receipt).
 */
export async function* readJournal(dir: string, pg: PostgresLocation = {}): AsyncGenerator<JournalEntry> {
  const backend = isPostgresUrl(dir)
    ? (await import('../storage/postgres/backend')).createPostgresBackend({ connectionString: dir }, { ...pg, readOnly: true })
    : (await import('../storage/file')).createFileBackend(dir, { lock: false })
  await backend.open()
  try {
    yield* backend.read()
  } finally {
    await backend.close()
  }
}

/**
 * Opens a PostgreSQL store for the CLI. Reading commands open it read-only (nothing written, not even a
 * migration). Writing commands (`rollback`, `checkpoint`) append conditionally on the head they read: if another
 * process appended meanwhile, the write is refused (`HEAD_MOVED`) with nothing written, and running it again
 * works. The CLI never creates a store: a database without this store is exit code 3.
 */
async function openPostgresStore(
  url: string,
  mode: OpenMode,
  keyDir: string,
  extra: StoreOptions,
  pg: PostgresLocation,
): Promise<OpenedStore> {
  const where = `${redactUrl(url)} (store ${pg.store ?? 'default'}, schema ${pg.schema ?? 'memory_customs'})`
  let createPostgresBackend: typeof import('../storage/postgres/backend').createPostgresBackend
  try {
    ;({ createPostgresBackend } = await import('../storage/postgres/backend'))
  } catch (err) {
    throw storeError(`cannot use the PostgreSQL store at ${where}: ${(err as Error).message}`, undefined, 'STORE_UNREADABLE')
  }
  // Look before opening: a Customs opened on an empty store would create one.
  const probe = createPostgresBackend({ connectionString: url }, { ...pg, readOnly: true })
  let hasMeta = false
  try {
    await probe.open()
    for await (const e of probe.read()) {
      hasMeta = e.t === 'meta'
      break
    }
  } catch (err) {
    throw storeError(`cannot read the PostgreSQL store at ${where}: ${(err as Error).message}`, undefined, 'STORE_UNREADABLE')
  } finally {
    await probe.close().catch(() => {})
  }
  if (!hasMeta)
    throw storeError(
      `no memory-customs store at ${where}`,
      'pass --pg-store <name> (and --pg-schema) as your agent gave them to storage: { postgres: { store, schema } }',
      'STORE_MISSING',
    )
  try {
    const backend = createPostgresBackend({ connectionString: url }, { ...pg, readOnly: mode === 'read' })
    // (subject keys come from the database: core/open.ts)
    return { dir: url, keyDir, customs: await createCustoms({ ...extra, storage: backend, keyStore: { dir: keyDir } }) }
  } catch (err) {
    const e = err as Error & { code?: string; location?: string }
    if (e.code === 'KEYS_MISSING')
      throw keysError(
        `the keys of the store at ${where} are not in the key store at ${e.location ?? keyDir}`,
        'pass the directory every agent process of the store loads its keys from with --key-dir <dir> (docs/postgres.md)',
        e.code,
      )
    throw storeError(`cannot open the PostgreSQL store at ${where}: ${e.message}`, undefined, e.code ?? 'STORE_UNREADABLE')
  }
}
