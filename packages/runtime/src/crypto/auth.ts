/**
 * Authenticated appends (format v2). Anyone who can write the journal can append a receipt with the right
 * `prev` and a plain SHA-256: the hash chain alone proves order, not authorship. So every v2 receipt carries
 * a MAC under the store's auth key, which is kept outside the data (docs/keys.md):
 *
 *   mac = SHA-256("memory-customs/2 mac" ‖ key ‖ hash ‖ values), base64url (fields newline-separated)
 *
 * where `hash` is the receipt's 43-character hash and `values` the SHA-256 of the value records written just
 * before it (empty when none). This is a prefix MAC over fixed-layout input, which, unlike a bare H(k ‖ m)
 * over arbitrary-length messages, does not admit length extension (the input cannot be extended without
 * changing the fixed-length fields); it costs one hash instead of HMAC's two, which is what lets `verify`
 * authenticate every receipt and value record at several hundred thousand a second. Value records are thus
 * authenticated through the receipt that introduced them, without decrypting them.
 *
 * A valid MAC on receipt k also authenticates everything before it (its hash covers the chain). Receipts
 * after the last valid MAC are an unauthenticated tail. The witness, the last authenticated head, is written
 * beside the keys (not in the journal) at most about once a second and at every checkpoint and close: a
 * journal that ends before the witness was cut.
 */
import { sha256Base64url, toBase64url } from './hash.js'

/** Authenticates v2 receipts and witnesses with one store's auth key. */
export interface Authenticator {
  receipt(hash: string, valuesDigest: string): string
  witness(chain: string, seq: number, hash: string): string
}

export function createAuthenticator(authKey: Uint8Array): Authenticator {
  if (authKey.length < 32) throw new Error('auth key must be 32 bytes')
  const prefix = `memory-customs/2 mac\n${toBase64url(authKey)}\n`
  return {
    receipt: (hash, valuesDigest) => sha256Base64url(`${prefix}${hash}\n${valuesDigest}`),
    witness: (chain, seq, hash) => sha256Base64url(`${prefix}witness\n${chain}\n${seq}\n${hash}`),
  }
}

/** Digest of the value records (commitment and stored body) written just before one receipt, in order. */
export function valuesDigest(records: ReadonlyArray<{ commit: string; body: string }>): string {
  if (records.length === 0) return ''
  let text = ''
  for (const r of records) text += `${r.commit}\n${r.body.length}\n${r.body}\n`
  return sha256Base64url(text)
}

/** The last authenticated head, kept outside the journal. */
export interface Witness {
  seq: number
  /** Base64url hash of receipt `seq`. */
  hash: string
  mac: string
}
