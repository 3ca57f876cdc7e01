/**
 * The key set of one chain, and its text form (used by key files, the environment variable and backups).
 *
 * Text form, version 1: one line of JSON, every byte string in unpadded base64url (RFC 4648 §5):
 *
 *   {"format":"memory-customs/keys","v":1,"chain":"<chain id>",
 *    "commit":"<32 bytes>","signing":"<32 bytes>","auth":"<32 bytes>",
 *    "checkpoint":{"alg":"ed25519","publicKey":"<32 bytes raw>","privateKey":"<PKCS #8>"} | {"alg":"hmac"},
 *    "encryption":{"current":"<key id>","keys":{"<key id>":"<32 bytes>", ...}}}
 *
 * Decoding is strict: unknown fields, wrong types, wrong lengths, non-canonical base64url, a private key that
 * WebCrypto refuses or that does not match the public key are all a KeyStoreError (`KEYS_INVALID`) naming the
 * field. The text is secret: whoever holds it can forge receipts and read encrypted values.
 */
import { KeyStoreError } from '../errors.js'
import { fromBase64url as fromBase64Url, randomBytes, toBase64url as toBase64Url, utf8 } from '../crypto/hash.js'

export const KEYSET_FORMAT = 'memory-customs/keys'
export const KEYSET_VERSION = 1

export type CheckpointKeys = { alg: 'ed25519'; publicKey: Uint8Array; privateKey: Uint8Array } | { alg: 'hmac' }

export interface KeySet {
  v: 1
  /** The chain these keys belong to (the journal's chain id). */
  chain: string
  /** 32 bytes: HMAC key of value commitments. */
  commit: Uint8Array
  /** 32 bytes: HMAC key of stored tool results. */
  signing: Uint8Array
  /** 32 bytes: HMAC key authenticating appended heads (and the witness). */
  auth: Uint8Array
  /** Ed25519 pair (raw 32-byte public key, PKCS #8 private key), or HMAC checkpoints (local integrity only). */
  checkpoint: CheckpointKeys
  /** AES-256-GCM keys by id; `current` encrypts new values, the others stay to read old ones. */
  encryption: { current: string; keys: Record<string, Uint8Array> }
}

/** Chain ids and key ids: they name files and appear in records, so they are restricted to a safe alphabet. */
const CHAIN_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/
const KEY_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/
const CHAIN_RULE = 'must be 1-128 characters of A-Z a-z 0-9 _ -, starting with a letter or digit'
const KEY_ID_RULE = 'has a key id that is not 1-64 characters of A-Z a-z 0-9 _ -, starting with a letter or digit'
const SECRET_BYTES = 32
const MAX_TEXT = 1 << 20
const MAX_ENCRYPTION_KEYS = 1000

export function isValidChainId(chain: unknown): chain is string {
  return typeof chain === 'string' && CHAIN_ID.test(chain)
}

/** Throws KEYS_INVALID unless `chain` can name a key set (and a key file). */
export function assertChainId(chain: unknown, location: string): asserts chain is string {
  if (!isValidChainId(chain)) throw new KeyStoreError('KEYS_INVALID', location, `chain ${CHAIN_RULE}`, 'chain')
}

/** The key text spells bytes as unpadded base64url, with the strict decoder of crypto/hash.ts (one spelling each). */
export { toBase64url as toBase64Url, fromBase64url as fromBase64Url } from '../crypto/hash.js'

function subtle(): SubtleCrypto | undefined {
  return (globalThis as { crypto?: Crypto }).crypto?.subtle
}

function newKeyId(taken: Record<string, Uint8Array>): string {
  for (;;) {
    const id = 'k' + toBase64Url(randomBytes(6))
    if (!Object.hasOwn(taken, id)) return id
  }
}

/** A fresh Ed25519 pair through WebCrypto, or `{ alg: 'hmac' }` where the platform lacks Ed25519. */
async function generateCheckpointKeys(): Promise<CheckpointKeys> {
  const s = subtle()
  if (!s) return { alg: 'hmac' }
  try {
    const pair = (await s.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair
    const publicKey = new Uint8Array(await s.exportKey('raw', pair.publicKey))
    const privateKey = new Uint8Array(await s.exportKey('pkcs8', pair.privateKey))
    return { alg: 'ed25519', publicKey, privateKey }
  } catch {
    return { alg: 'hmac' }
  }
}

/** Generates every key of a new chain (random 32-byte secrets, an Ed25519 pair, one encryption key). */
export async function generateKeySet(chain: string): Promise<KeySet> {
  assertChainId(chain, 'generateKeySet')
  const keys: Record<string, Uint8Array> = {}
  const current = newKeyId(keys)
  keys[current] = randomBytes(SECRET_BYTES)
  return {
    v: 1,
    chain,
    commit: randomBytes(SECRET_BYTES),
    signing: randomBytes(SECRET_BYTES),
    auth: randomBytes(SECRET_BYTES),
    checkpoint: await generateCheckpointKeys(),
    encryption: { current, keys },
  }
}

/**
 * A new KeySet whose current encryption key is fresh; every older key id stays so old values stay readable.
 * The argument is not modified. Persist the result (`provider.save`) before encrypting anything with it.
 */
export function rotateEncryptionKey(keys: KeySet): KeySet {
  const copy = cloneKeySet(keys)
  const id = newKeyId(copy.encryption.keys)
  copy.encryption.keys[id] = randomBytes(SECRET_BYTES)
  copy.encryption.current = id
  return copy
}

/** A deep copy (no byte array shared with the original). */
export function cloneKeySet(keys: KeySet): KeySet {
  const enc: Record<string, Uint8Array> = {}
  for (const [id, k] of Object.entries(keys.encryption.keys)) enc[id] = k.slice()
  return {
    v: 1,
    chain: keys.chain,
    commit: keys.commit.slice(),
    signing: keys.signing.slice(),
    auth: keys.auth.slice(),
    checkpoint:
      keys.checkpoint.alg === 'ed25519'
        ? { alg: 'ed25519', publicKey: keys.checkpoint.publicKey.slice(), privateKey: keys.checkpoint.privateKey.slice() }
        : { alg: 'hmac' },
    encryption: { current: keys.encryption.current, keys: enc },
  }
}

/** The version-1 text of a key set (one line, no trailing newline). Validates the key set first. */
export function encodeKeySet(keys: KeySet): string {
  checkShape(keys, 'encodeKeySet')
  const enc: Record<string, string> = {}
  for (const id of Object.keys(keys.encryption.keys).sort()) enc[id] = toBase64Url(keys.encryption.keys[id])
  return JSON.stringify({
    format: KEYSET_FORMAT,
    v: KEYSET_VERSION,
    chain: keys.chain,
    commit: toBase64Url(keys.commit),
    signing: toBase64Url(keys.signing),
    auth: toBase64Url(keys.auth),
    checkpoint:
      keys.checkpoint.alg === 'ed25519'
        ? { alg: 'ed25519', publicKey: toBase64Url(keys.checkpoint.publicKey), privateKey: toBase64Url(keys.checkpoint.privateKey) }
        : { alg: 'hmac' },
    encryption: { current: keys.encryption.current, keys: enc },
  })
}

/**
 * Parses and validates key text. `location` (a file, `env:NAME`...) is put into errors. Async because the
 * Ed25519 private key is imported through WebCrypto and checked against the public key.
 */
export async function decodeKeySet(text: string, location = 'key text'): Promise<KeySet> {
  const bad = (field: string, problem: string): KeyStoreError =>
    new KeyStoreError('KEYS_INVALID', location, `key set field "${field}" ${problem}`, field)
  if (typeof text !== 'string') throw bad('(text)', 'must be a string')
  if (text.length > MAX_TEXT) throw bad('(text)', `is longer than ${MAX_TEXT} characters`)
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    // The parser's message may quote the text, which is secret.
    throw bad('(text)', 'is not JSON')
  }
  const obj = (v: unknown, field: string, allowed: string[]): Record<string, unknown> => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw bad(field, 'must be an object')
    for (const k of Object.keys(v)) if (!allowed.includes(k)) throw bad(field === '(root)' ? k : `${field}.${k}`, 'is not a known field')
    return v as Record<string, unknown>
  }
  const bytes = (v: unknown, field: string, length?: number): Uint8Array => {
    if (typeof v !== 'string') throw bad(field, 'must be a base64url string')
    let b: Uint8Array
    try {
      b = fromBase64Url(v)
    } catch {
      throw bad(field, 'is not canonical unpadded base64url')
    }
    if (length !== undefined && b.length !== length) throw bad(field, `must be ${length} bytes, not ${b.length}`)
    return b
  }
  const root = obj(raw, '(root)', ['format', 'v', 'chain', 'commit', 'signing', 'auth', 'checkpoint', 'encryption'])
  if (root.format !== KEYSET_FORMAT) throw bad('format', `must be "${KEYSET_FORMAT}"`)
  if (root.v !== KEYSET_VERSION) throw bad('v', `must be ${KEYSET_VERSION} (this runtime reads key sets of version ${KEYSET_VERSION})`)
  if (!isValidChainId(root.chain)) throw bad('chain', CHAIN_RULE)
  const commit = bytes(root.commit, 'commit', SECRET_BYTES)
  const signing = bytes(root.signing, 'signing', SECRET_BYTES)
  const auth = bytes(root.auth, 'auth', SECRET_BYTES)

  const cp = obj(root.checkpoint, 'checkpoint', ['alg', 'publicKey', 'privateKey'])
  let checkpoint: CheckpointKeys
  if (cp.alg === 'hmac') {
    if ('publicKey' in cp || 'privateKey' in cp) throw bad('checkpoint', 'with alg "hmac" holds no key pair')
    checkpoint = { alg: 'hmac' }
  } else if (cp.alg === 'ed25519') {
    const publicKey = bytes(cp.publicKey, 'checkpoint.publicKey', 32)
    const privateKey = bytes(cp.privateKey, 'checkpoint.privateKey')
    if (privateKey.length < 48 || privateKey.length > 256 || privateKey[0] !== 0x30)
      throw bad('checkpoint.privateKey', 'is not an Ed25519 PKCS #8 key')
    await checkEd25519Pair(publicKey, privateKey, bad)
    checkpoint = { alg: 'ed25519', publicKey, privateKey }
  } else throw bad('checkpoint.alg', 'must be "ed25519" or "hmac"')

  const e = obj(root.encryption, 'encryption', ['current', 'keys'])
  if (typeof e.keys !== 'object' || e.keys === null || Array.isArray(e.keys)) throw bad('encryption.keys', 'must be an object')
  const ek = e.keys as Record<string, unknown>
  const ids = Object.keys(ek)
  if (!ids.length) throw bad('encryption.keys', 'must hold at least one key')
  if (ids.length > MAX_ENCRYPTION_KEYS) throw bad('encryption.keys', `holds more than ${MAX_ENCRYPTION_KEYS} keys`)
  const keys: Record<string, Uint8Array> = {}
  for (const id of ids) {
    if (!KEY_ID.test(id)) throw bad('encryption.keys', KEY_ID_RULE)
    keys[id] = bytes(ek[id], `encryption.keys.${id}`, SECRET_BYTES)
  }
  if (typeof e.current !== 'string' || !Object.hasOwn(keys, e.current))
    throw bad('encryption.current', 'must be the id of one of encryption.keys')
  return { v: 1, chain: root.chain, commit, signing, auth, checkpoint, encryption: { current: e.current, keys } }
}

/** Imports the private key and checks that it signs what the public key verifies. */
async function checkEd25519Pair(
  publicKey: Uint8Array,
  privateKey: Uint8Array,
  bad: (field: string, problem: string) => KeyStoreError,
): Promise<void> {
  const s = subtle()
  if (!s) return
  let priv: CryptoKey
  let pub: CryptoKey
  try {
    pub = await s.importKey('raw', publicKey as BufferSource, { name: 'Ed25519' }, false, ['verify'])
  } catch (err) {
    // A platform without Ed25519 cannot check the pair; the store will say so when it needs to sign.
    if (isNotSupported(err)) return
    throw bad('checkpoint.publicKey', 'is not an Ed25519 public key')
  }
  try {
    priv = await s.importKey('pkcs8', privateKey as BufferSource, { name: 'Ed25519' }, false, ['sign'])
  } catch {
    throw bad('checkpoint.privateKey', 'is not an Ed25519 PKCS #8 key')
  }
  const probe = utf8('memory-customs/keys pair check')
  let ok = false
  try {
    ok = await s.verify('Ed25519', pub, (await s.sign('Ed25519', priv, probe as BufferSource)) as BufferSource, probe as BufferSource)
  } catch {
    ok = false
  }
  if (!ok) throw bad('checkpoint.privateKey', 'does not belong to checkpoint.publicKey')
}

function isNotSupported(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'NotSupportedError'
}

/** Structural check of an in-memory KeySet (before encoding or saving); throws KEYS_INVALID naming the field. */
export function checkShape(keys: KeySet, location: string): void {
  const bad = (field: string, problem: string): KeyStoreError =>
    new KeyStoreError('KEYS_INVALID', location, `key set field "${field}" ${problem}`, field)
  const isBytes = (v: unknown, n?: number): v is Uint8Array => v instanceof Uint8Array && (n === undefined || v.length === n)
  if (typeof keys !== 'object' || keys === null) throw bad('(root)', 'must be an object')
  if (keys.v !== 1) throw bad('v', 'must be 1')
  if (!isValidChainId(keys.chain)) throw bad('chain', CHAIN_RULE)
  for (const f of ['commit', 'signing', 'auth'] as const)
    if (!isBytes(keys[f], SECRET_BYTES)) throw bad(f, `must be a Uint8Array of ${SECRET_BYTES} bytes`)
  const cp = keys.checkpoint as CheckpointKeys | undefined
  if (cp?.alg === 'ed25519') {
    if (!isBytes(cp.publicKey, 32)) throw bad('checkpoint.publicKey', 'must be a Uint8Array of 32 bytes')
    if (!isBytes(cp.privateKey) || cp.privateKey.length < 48 || cp.privateKey.length > 256)
      throw bad('checkpoint.privateKey', 'must be a PKCS #8 Uint8Array')
  } else if (cp?.alg !== 'hmac') throw bad('checkpoint.alg', 'must be "ed25519" or "hmac"')
  const enc = keys.encryption
  if (typeof enc !== 'object' || enc === null || typeof enc.keys !== 'object' || enc.keys === null)
    throw bad('encryption', 'must be { current, keys }')
  const ids = Object.keys(enc.keys)
  if (!ids.length || ids.length > MAX_ENCRYPTION_KEYS) throw bad('encryption.keys', `must hold 1-${MAX_ENCRYPTION_KEYS} keys`)
  for (const id of ids) {
    if (!KEY_ID.test(id)) throw bad('encryption.keys', KEY_ID_RULE)
    if (!isBytes(enc.keys[id], SECRET_BYTES)) throw bad(`encryption.keys.${id}`, `must be a Uint8Array of ${SECRET_BYTES} bytes`)
  }
  if (typeof enc.current !== 'string' || !Object.hasOwn(enc.keys, enc.current))
    throw bad('encryption.current', 'must be the id of one of encryption.keys')
}

/** Backup: the key set as text (the same version-1 text as a key file; see docs/keys.md). Secret. */
export function exportKeys(keys: KeySet): string {
  return encodeKeySet(keys)
}

/** Restores a backup made by `exportKeys` (or a key file's content); validates it like `decodeKeySet`. */
export function importKeys(text: string, location = 'imported keys'): Promise<KeySet> {
  return decodeKeySet(typeof text === 'string' ? text.trim() : text, location)
}

/** A key set saved under another chain than its own (a wiring bug: the keys would sign the wrong chain). */
export function chainMismatch(location: string, chain: string, keysChain: string): KeyStoreError {
  return new KeyStoreError('KEYS_INVALID', location, `keys of chain ${keysChain} cannot be saved or loaded as chain ${chain}`, 'chain')
}
