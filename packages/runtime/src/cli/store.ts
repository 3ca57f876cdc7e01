import { existsSync, readdirSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
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

/** The directory must be an existing memory-customs store (a journal in a directory); never created here. */
export function checkStoreDir(dirOption: string): string {
  const dir = resolve(dirOption)
  if (!existsSync(dir)) {
    throw storeError(`no store at ${dir}`, 'run the demo first (npm run demo) or pass --store <dir>', 'STORE_MISSING')
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
 * Opens a file store for the CLI. It never creates one: a missing directory, a directory that is not a
 * memory-customs store (no journal) and a store locked by a live writer are all exit code 3, with a
 * message naming the directory; keys missing from the key store are exit code 4, naming where they were
 * looked for. Read-only commands (and `rollback --dry-run`) open without taking the writer lock, so they
 * work next to a running agent; `rollback`, `checkpoint` and `migrate` take it.
 */
export async function openStore(dirOption: string, mode: OpenMode, keyDir: string, extra: StoreOptions = {}): Promise<OpenedStore> {
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
    throw storeError(`cannot open the store at ${dir}: ${e.message}`, undefined, e.code ?? 'STORE_UNREADABLE')
  }
}

/**
 * The journal's entries as stored, read through a second, read-only file backend (no lock, nothing written):
 * what `export` needs and no public method returns (the exact body text of each receipt).
 */
export async function* readJournal(dir: string): AsyncGenerator<JournalEntry> {
  const { createFileBackend } = await import('../storage/file')
  const backend = createFileBackend(dir, { lock: false })
  await backend.open()
  try {
    yield* backend.read()
  } finally {
    await backend.close()
  }
}
