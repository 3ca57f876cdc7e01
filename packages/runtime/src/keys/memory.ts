/**
 * In-process key provider (`keyStore: 'memory'`): for tests and in-memory stores. Nothing survives the
 * process (or the provider object: every `createMemoryKeyProvider()` starts empty). Key sets are copied in
 * and out, so a caller mutating its KeySet changes nothing stored.
 */
import { assertChainId, chainMismatch, checkShape, cloneKeySet, type KeySet } from './keyset.js'
import type { KeyProvider, Witness } from './provider.js'
import { checkWitness } from './witness.js'

export interface MemoryKeyProvider extends KeyProvider {
  readonly kind: 'memory'
}

export function createMemoryKeyProvider(): MemoryKeyProvider {
  const keys = new Map<string, KeySet>()
  const witnesses = new Map<string, Witness>()
  const location = 'memory'
  return {
    kind: 'memory',
    location,
    async load(chain) {
      assertChainId(chain, location)
      const k = keys.get(chain)
      return k ? cloneKeySet(k) : null
    },
    async save(chain, k) {
      assertChainId(chain, location)
      checkShape(k, location)
      if (k.chain !== chain) throw chainMismatch(location, chain, k.chain)
      keys.set(chain, cloneKeySet(k))
    },
    async loadWitness(chain) {
      assertChainId(chain, location)
      const w = witnesses.get(chain)
      return w ? { ...w } : null
    },
    async saveWitness(chain, w) {
      assertChainId(chain, location)
      witnesses.set(chain, checkWitness(w, location))
    },
  }
}

let shared: MemoryKeyProvider | undefined

/**
 * The provider in-memory stores use when none is named: one per process (realm), so that a store reopened
 * over the same in-memory journal in the same process finds its keys, as a file store finds its key file.
 */
export function sharedMemoryKeyProvider(): MemoryKeyProvider {
  return (shared ??= createMemoryKeyProvider())
}
