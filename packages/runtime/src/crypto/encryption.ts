/**
 * AES-256-GCM encryption of value records (WebCrypto, async, off the hot path: values are encrypted in the
 * flush path just before their batch is appended, and decrypted once when a store is opened). The record's
 * commitment is the additional authenticated data, so a ciphertext cannot be moved to another commitment.
 */
import { fromBase64, randomBytes, toBase64, utf8 } from './hash.js'

export interface EncryptionOptions {
  /** Key id used for new values; stored next to each ciphertext so rotation keeps old values readable. */
  currentKeyId: string
  /** Returns the AES-GCM CryptoKey for an id (current or older). */
  getKey(id: string): CryptoKey | Promise<CryptoKey>
}

export interface EncryptedRecord {
  kid: string
  iv: string
  ct: string
}

export async function encryptRecord(enc: EncryptionOptions, commit: string, plaintext: string): Promise<string> {
  const key = await enc.getKey(enc.currentKeyId)
  const iv = randomBytes(12)
  const ct = new Uint8Array(
    await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv: iv as BufferSource, additionalData: utf8(commit) as BufferSource }, key, utf8(plaintext) as BufferSource),
  )
  const rec: EncryptedRecord = { kid: enc.currentKeyId, iv: toBase64(iv), ct: toBase64(ct) }
  return JSON.stringify({ ct: rec.ct, iv: rec.iv, kid: rec.kid })
}

export function isEncryptedBody(body: string): boolean {
  return body.startsWith('{"ct":')
}

/** Decrypts a stored body; throws when the key is unknown or authentication fails. */
export async function decryptRecord(enc: EncryptionOptions, commit: string, body: string): Promise<string> {
  const rec = JSON.parse(body) as EncryptedRecord
  const key = await enc.getKey(rec.kid)
  const pt = await globalThis.crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(rec.iv) as BufferSource, additionalData: utf8(commit) as BufferSource },
    key,
    fromBase64(rec.ct) as BufferSource,
  )
  return new TextDecoder().decode(pt)
}
