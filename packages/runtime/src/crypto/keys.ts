/**
 * Keys a caller may pass for a new store (`createCustoms({ keys })`) instead of generated ones; the key store
 * keeps them from then on (keys/). For a store written by the first release whose keys were passed in options
 * rather than stored in its meta entry, these are the keys to migrate it with.
 */
export interface KeyOptions {
  /** HMAC key for value commitments (`old`/`new`). Strings are taken as UTF-8. At least 16 bytes. */
  commitKey?: Uint8Array | string
  /** HMAC key that signs tool results in the Execution pool. Strings are taken as UTF-8. At least 16 bytes. */
  signingKey?: Uint8Array | string
  /** An extractable Ed25519 CryptoKeyPair for checkpoints, or `'hmac'` (local integrity only, keyed from the signing key). */
  checkpointKey?: CryptoKeyPair | 'hmac'
}
