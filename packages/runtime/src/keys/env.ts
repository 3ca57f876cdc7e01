/**
 * Keys from an environment variable (`keyStore: { env: 'NAME' }`): the documented default for containers and
 * serverless, where HOME is ephemeral and a key file would vanish with the instance. The variable holds the
 * text of `exportKeys()` for one chain. Read-only: `save` throws KEYS_READ_ONLY (with nothing secret in it).
 *
 * The witness (last authenticated head) goes to `<witnessDir>/<chain>.witness.json` when `witnessDir` is
 * given, else it is kept in memory for the life of the process: then truncation of the journal by someone
 * who can restart the process is detected only against a checkpoint kept elsewhere.
 */
import { KeyStoreError } from '../errors.js'
import { assertChainId, chainMismatch, importKeys, type KeySet } from './keyset.js'
import { createMemoryKeyProvider } from './memory.js'
import { createNodeFileKeyProvider } from './node-file.js'
import type { KeyProvider, Witness } from './provider.js'

export interface EnvKeyProviderOptions {
  /** The variable's name, e.g. `MEMORY_CUSTOMS_KEYS`. */
  variable: string
  /** Directory for the witness file (Node); default: the witness is kept in memory only. */
  witnessDir?: string
  /** The environment to read (default `process.env`). */
  env?: Record<string, string | undefined>
}

export interface EnvKeyProvider extends KeyProvider {
  readonly kind: 'env'
  readonly variable: string
  /** `file` when witnesses go to `witnessDir`, `memory` when they last only as long as the process. */
  readonly witness: 'file' | 'memory'
}

export function createEnvKeyProvider(options: EnvKeyProviderOptions): EnvKeyProvider {
  const { variable } = options
  const location = `env:${variable}`
  const witnesses: Pick<KeyProvider, 'loadWitness' | 'saveWitness'> =
    options.witnessDir === undefined ? createMemoryKeyProvider() : createNodeFileKeyProvider({ dir: options.witnessDir })
  const env = (): Record<string, string | undefined> =>
    options.env ?? (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {}
  return {
    kind: 'env',
    location,
    variable,
    witness: options.witnessDir === undefined ? 'memory' : 'file',
    async load(chain: string): Promise<KeySet | null> {
      assertChainId(chain, location)
      const text = env()[variable]
      if (text === undefined || text.trim() === '') return null
      const keys = await importKeys(text, location)
      if (keys.chain !== chain) throw chainMismatch(location, chain, keys.chain)
      return keys
    },
    async save(chain: string): Promise<void> {
      assertChainId(chain, location)
      throw new KeyStoreError(
        'KEYS_READ_ONLY',
        location,
        `the keys of chain ${chain} come from the environment variable ${variable}, which memory-customs cannot write: ` +
          `generate them once (generateKeySet("${chain}") then exportKeys(), see docs/keys.md), keep the text in your secret store and set ${variable} to it`,
      )
    },
    loadWitness: (chain: string): Promise<Witness | null> => witnesses.loadWitness(chain),
    saveWitness: (chain: string, w: Witness): Promise<void> => witnesses.saveWitness(chain, w),
  }
}
