/**
 * Where a chain's keys live. Keys never live in the journal: a store asks its KeyProvider for the KeySet of
 * its chain when it opens, and keeps the witness (the last authenticated head) there too, outside the data,
 * so that cutting receipts off the end of the journal is detected without an external checkpoint.
 *
 * Providers: Node key files (`{ dir }`, the Node default), an environment variable (`{ env }`, for containers
 * and serverless), IndexedDB with AES-KW wrapping (the browser default), `'memory'` (tests, in-memory
 * stores), or any object implementing KeyProvider (a KMS wrapper). See docs/keys.md.
 */
import { KeyStoreError, OptionError } from '../errors.js'
import type { KeySet } from './keyset.js'

/** The last authenticated head, kept outside the journal. `mac` is computed by the store with `auth`. */
export interface Witness {
  seq: number
  hash: string
  mac: string
}

export interface KeyProvider {
  /** `node-file`, `env`, `indexeddb`, `memory`, or the custom provider's own name. */
  readonly kind: string
  /** Where the keys are (a directory, `env:NAME`, `indexeddb:<database>`, `memory`), for messages and health. */
  readonly location: string
  /** The chain's keys, or null when this provider holds none for it. Invalid stored keys throw KEYS_INVALID. */
  load(chain: string): Promise<KeySet | null>
  /** Stores (or replaces) the chain's keys durably before resolving. */
  save(chain: string, keys: KeySet): Promise<void>
  loadWitness(chain: string): Promise<Witness | null>
  saveWitness(chain: string, w: Witness): Promise<void>
}

/**
 * The `keyStore` option: undefined (the platform default), `{ dir }` (Node key files in that directory),
 * `{ env, witnessDir? }` (the exported key text in an environment variable), `'memory'`, or a KeyProvider.
 */
export type KeyProviderOption = undefined | 'memory' | { dir: string } | { env: string; witnessDir?: string } | KeyProvider

const METHODS = ['load', 'save', 'loadWitness', 'saveWitness'] as const

/** Maps the option to a provider. Node- and browser-only modules are imported lazily. */
export async function resolveKeyProvider(
  option: KeyProviderOption,
  platformDefault: () => KeyProvider | Promise<KeyProvider>,
): Promise<KeyProvider> {
  if (option === undefined) return platformDefault()
  if (option === 'memory') {
    const { createMemoryKeyProvider } = await import('./memory.js')
    return createMemoryKeyProvider()
  }
  if (typeof option !== 'object' || option === null)
    throw new OptionError('keyStore', "must be 'memory', { dir }, { env } or a KeyProvider object")
  if (METHODS.some((m) => m in option)) {
    const missing = METHODS.filter((m) => typeof (option as unknown as Record<string, unknown>)[m] !== 'function')
    if (missing.length)
      throw new OptionError('keyStore', `is missing KeyProvider method${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`)
    const p = option as KeyProvider
    if (typeof p.kind !== 'string' || typeof p.location !== 'string')
      throw new OptionError('keyStore', 'must have string kind and location')
    return p
  }
  if ('dir' in option) {
    if (typeof option.dir !== 'string' || !option.dir) throw new OptionError('keyStore.dir', 'must be a directory path')
    const { createNodeFileKeyProvider } = await import('./node-file.js')
    return createNodeFileKeyProvider({ dir: option.dir })
  }
  if ('env' in option) {
    if (typeof option.env !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(option.env))
      throw new OptionError('keyStore.env', 'must be an environment variable name')
    if (option.witnessDir !== undefined && (typeof option.witnessDir !== 'string' || !option.witnessDir))
      throw new OptionError('keyStore.witnessDir', 'must be a directory path')
    const { createEnvKeyProvider } = await import('./env.js')
    return createEnvKeyProvider({ variable: option.env, witnessDir: option.witnessDir })
  }
  throw new OptionError('keyStore', "must be 'memory', { dir }, { env } or an object with load/save/loadWitness/saveWitness")
}

/**
 * The keys of an existing chain: KEYS_MISSING when the provider has none. An existing store must never get a
 * fresh key set (its history would no longer verify and its encrypted values would be unreadable).
 */
export async function requireKeys(provider: KeyProvider, chain: string): Promise<KeySet> {
  const keys = await provider.load(chain)
  if (keys) return keys
  throw new KeyStoreError(
    'KEYS_MISSING',
    provider.location,
    `no keys for chain ${chain} in the ${provider.kind} key store: restore them from a backup (importKeys) or point the store at the key store that holds them (docs/keys.md)`,
  )
}

/**
 * The default of the platform: Node key files where `process.getBuiltinModule` exists, IndexedDB where
 * `indexedDB` exists, otherwise an error (pass a provider: nothing durable is available).
 */
export async function platformKeyProvider(): Promise<KeyProvider> {
  const g = globalThis as { process?: { getBuiltinModule?: unknown }; indexedDB?: unknown }
  if (typeof g.process?.getBuiltinModule === 'function') {
    const { createNodeFileKeyProvider } = await import('./node-file.js')
    return createNodeFileKeyProvider()
  }
  if (g.indexedDB) {
    const { createIndexedDBKeyProvider } = await import('./indexeddb.js')
    return createIndexedDBKeyProvider()
  }
  throw new KeyStoreError(
    'KEYS_UNAVAILABLE',
    'platform',
    'this platform has neither Node file access nor IndexedDB: pass a key provider (keyStore option)',
  )
}
