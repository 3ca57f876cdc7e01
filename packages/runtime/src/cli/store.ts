import { existsSync, readdirSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { createCustoms, type Customs } from '../index'
import { storeError } from './errors'

/** The file a Node store's journal lives in (the source of truth; everything else is rebuilt from it). */
export const JOURNAL_FILE = 'journal.ndjson'

export interface OpenedStore {
  dir: string
  customs: Customs
}

/**
 * Opens a file store for the CLI. It never creates one: a missing directory, a directory that is not a
 * memory-customs store (no journal) and a store locked by a live writer are all exit code 3, with a
 * message naming the directory. Read-only commands open without taking the writer lock, so they work
 * next to a running agent; `rollback` and `checkpoint` take it.
 */
export async function openStore(dirOption: string, mode: 'read' | 'write'): Promise<OpenedStore> {
  const dir = resolve(dirOption)
  if (!existsSync(dir)) {
    throw storeError(`no store at ${dir}`, 'run the demo first (npm run demo) or pass --store <dir>', 'STORE_MISSING')
  }
  if (!statSync(dir).isDirectory()) throw storeError(`${dir} is not a directory`, 'pass the store directory with --store <dir>', 'STORE_FOREIGN')
  const names = readdirSync(dir)
  if (!names.includes(JOURNAL_FILE)) {
    const seen = names.length ? `it contains ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', ...' : ''}` : 'it is empty'
    throw storeError(`${dir} is not a memory-customs store: no ${JOURNAL_FILE} (${seen})`, 'pass the store directory with --store <dir>', 'STORE_FOREIGN')
  }
  try {
    // Imported lazily, as the runtime itself does: a static import would make the bundler host the storage
    // modules' shared code in the CLI's entry chunk, so loading a backend would run the CLI.
    const { createFileBackend } = await import('../storage/file')
    const backend = createFileBackend(dir, { lock: mode === 'write' })
    return { dir, customs: await createCustoms({ storage: backend }) }
  } catch (err) {
    const e = err as Error & { code?: string }
    throw storeError(`cannot open the store at ${dir}: ${e.message}`, undefined, e.code ?? 'STORE_UNREADABLE')
  }
}
