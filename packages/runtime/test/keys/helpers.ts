import type { KeySet } from '../../src/keys/keyset.js'

/** Every secret byte string of a key set (what must never appear in plaintext outside the key store). */
export function secretsOf(k: KeySet): Uint8Array[] {
  const out = [k.commit, k.signing, k.auth, ...Object.values(k.encryption.keys)]
  if (k.checkpoint.alg === 'ed25519') out.push(k.checkpoint.privateKey)
  return out
}
