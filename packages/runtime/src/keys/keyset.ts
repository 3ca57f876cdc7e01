/**
 * The key set of one chain, and its text form (used by key files, the environment variable and backups).
 *
 * Text form, version 1: one line of JSON, every byte string in unpadded base64url (RFC 4648 §5):
 *
 *   {"format":"memory-customs/keys","v":1,"chain":"<chain id>",
 *    "commit":"<32 bytes>","signing":"<32 bytes>","auth":"<32 bytes>",
 *    "checkpoint":{"alg":"ed25519","publicKey":"<32 bytes raw>","privateKey":"<PKCS #8>"} | {"alg":"hmac"},
 *    "encryption":{"current":"<key id>","keys":{"<key id>":"<32 bytes>", ...}},
 *    "subjects":{"keys":{"<key id>":"<32 bytes>", ...},"tags":{"<subject tag>":"<key id>", ...},
 *                "erased":{"<key id>":"<subject tag>", ...}}}
 *
 * `subjects` (per-subject value keys, docs/erasure.md) is left out while a chain has none, so the key text of a
 * store that never used `subject` is what earlier releases wrote and read; a runtime that predates erasure
 * refuses a key set that has it (KEYS_INVALID naming `subjects`) rather than dropping keys it does not know.
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
  /** Per-subject value keys (crypto-shredding); absent while the chain has none. */
  subjects?: SubjectKeySet
}

/**
 * The keys of values written for a subject (`memories.propose(…, { subject })`). Each subject gets a random
 * AES-256-GCM key: a key derived from the master keys could always be derived again, a random one is gone once
 * every copy of the key set lacks it. Subjects appear only as keyed tags (HMAC under `commit`), never in clear.
 */
export interface SubjectKeySet {
  /** AES-256-GCM key by key id. Ids are distinct from `encryption.keys` ids. */
  keys: Record<string, Uint8Array>
  /** The key id a subject's new values are sealed with, by subject tag. */
  tags: Record<string, string>
  /** Key ids destroyed by `forget`, with the tag of the subject they served: a record under one is erased, not damaged. */
  erased: Record<string, string>
}

/** Chain ids and key ids: they name files and appear in records, so they are restricted to a safe alphabet. */
const CHAIN_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/
const KEY_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/
const CHAIN_RULE = 'must be 1-128 characters of A-Z a-z 0-9 _ -, starting with a letter or digit'
const KEY_ID_RULE = 'has a key id that is not 1-64 characters of A-Z a-z 0-9 _ -, starting with a letter or digit'
const SECRET_BYTES = 32
/** Key text can hold many subject keys (about 130 bytes each): 32 MiB leaves room for the limits below. */
const MAX_TEXT = 32 << 20
const MAX_ENCRYPTION_KEYS = 1000
/** Subjects with a live key, and destroyed key ids kept as tombstones (docs/erasure.md, "Scale"). */
export const MAX_SUBJECT_KEYS = 100_000
export const MAX_ERASED_KEYS = 200_000
/** A subject tag: a base64url HMAC-SHA256 (43 characters). */
const SUBJECT_TAG = /^[A-Za-z0-9_-]{43}$/

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

function newKeyId(taken: Record<string, Uint8Array>, prefix = 'k', ...alsoTaken: Array<Record<string, unknown>>): string {
  for (;;) {
    const id = prefix + toBase64Url(randomBytes(prefix === 'k' ? 6 : 9))
    if (!Object.hasOwn(taken, id) && !alsoTaken.some((t) => Object.hasOwn(t, id))) return id
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
  const id = newKeyId(copy.encryption.keys, 'k', copy.subjects?.keys ?? {}, copy.subjects?.erased ?? {})
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
    ...(keys.subjects ? { subjects: cloneSubjectKeys(keys.subjects) } : {}),
  }
}

/** A deep copy of a subject key section. */
export function cloneSubjectKeys(s: SubjectKeySet): SubjectKeySet {
  const keys: Record<string, Uint8Array> = {}
  for (const [id, k] of Object.entries(s.keys)) keys[id] = k.slice()
  return { keys, tags: { ...s.tags }, erased: { ...s.erased } }
}

/** Whether a subject key section holds nothing (then the key text leaves it out). */
export function isEmptySubjectKeys(s: SubjectKeySet | undefined): boolean {
  return !s || (!Object.keys(s.keys).length && !Object.keys(s.tags).length && !Object.keys(s.erased).length)
}

/**
 * A fresh random key id for a subject key: `s` and 12 base64url characters, taken by no encryption key, subject
 * key or tombstone of `keys` (a destroyed id is never reused, so a record under it can only mean "erased").
 */
export function newSubjectKeyId(encryption: Record<string, unknown>, subjects: SubjectKeySet): string {
  return newKeyId(subjects.keys, 's', encryption, subjects.erased)
}

/** 32 random bytes: a new subject key. */
export function newSubjectKey(): Uint8Array {
  return randomBytes(SECRET_BYTES)
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
    ...(isEmptySubjectKeys(keys.subjects) ? {} : { subjects: encodeSubjectKeys(keys.subjects!) }),
  })
}

function encodeSubjectKeys(s: SubjectKeySet): {
  keys: Record<string, string>
  tags: Record<string, string>
  erased: Record<string, string>
} {
  const keys: Record<string, string> = {}
  for (const id of Object.keys(s.keys).sort()) keys[id] = toBase64Url(s.keys[id])
  const sorted = (o: Record<string, string>) =>
    Object.fromEntries(
      Object.keys(o)
        .sort()
        .map((k) => [k, o[k]]),
    )
  return { keys, tags: sorted(s.tags), erased: sorted(s.erased) }
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
  const root = obj(raw, '(root)', ['format', 'v', 'chain', 'commit', 'signing', 'auth', 'checkpoint', 'encryption', 'subjects'])
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
  const out: KeySet = { v: 1, chain: root.chain, commit, signing, auth, checkpoint, encryption: { current: e.current, keys } }
  if (root.subjects !== undefined) {
    const sj = obj(root.subjects, 'subjects', ['keys', 'tags', 'erased'])
    const map = (v: unknown, field: string): Record<string, unknown> => {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) throw bad(field, 'must be an object')
      return v as Record<string, unknown>
    }
    const subjectKeys: Record<string, Uint8Array> = {}
    for (const [id, k] of Object.entries(map(sj.keys, 'subjects.keys'))) subjectKeys[id] = bytes(k, `subjects.keys.${id}`, SECRET_BYTES)
    const strings = (v: unknown, field: string): Record<string, string> => {
      const o = map(v, field)
      for (const [k, x] of Object.entries(o)) if (typeof x !== 'string') throw bad(`${field}.${k}`, 'must be a string')
      return o as Record<string, string>
    }
    out.subjects = { keys: subjectKeys, tags: strings(sj.tags, 'subjects.tags'), erased: strings(sj.erased, 'subjects.erased') }
    const problem = subjectKeysProblem(out.subjects, keys)
    if (problem) throw bad(problem[0], problem[1])
  }
  return out
}

/** What is wrong with a subject key section, as [field, problem], or null. Ids of all three maps never overlap. */
function subjectKeysProblem(s: SubjectKeySet, encryption: Record<string, unknown>): [string, string] | null {
  const ids = Object.keys(s.keys)
  if (ids.length > MAX_SUBJECT_KEYS) return ['subjects.keys', `holds more than ${MAX_SUBJECT_KEYS} keys`]
  if (Object.keys(s.erased).length > MAX_ERASED_KEYS) return ['subjects.erased', `holds more than ${MAX_ERASED_KEYS} key ids`]
  for (const id of ids) {
    if (!KEY_ID.test(id)) return ['subjects.keys', KEY_ID_RULE]
    if (Object.hasOwn(encryption, id)) return [`subjects.keys.${id}`, 'has the id of an encryption key']
    if (Object.hasOwn(s.erased, id)) return [`subjects.keys.${id}`, 'is also listed as erased']
  }
  const served = new Set<string>()
  for (const [tag, id] of Object.entries(s.tags)) {
    if (!SUBJECT_TAG.test(tag)) return ['subjects.tags', 'has a subject tag that is not 43 base64url characters']
    if (!Object.hasOwn(s.keys, id)) return [`subjects.tags.${tag}`, 'must be the id of one of subjects.keys']
    if (served.has(id)) return [`subjects.tags.${tag}`, 'names a key another subject uses']
    served.add(id)
  }
  for (const [id, tag] of Object.entries(s.erased)) {
    if (!KEY_ID.test(id)) return ['subjects.erased', KEY_ID_RULE]
    if (Object.hasOwn(encryption, id)) return [`subjects.erased.${id}`, 'has the id of an encryption key']
    if (!SUBJECT_TAG.test(tag)) return [`subjects.erased.${id}`, 'must be a subject tag (43 base64url characters)']
  }
  return null
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
  const sj = keys.subjects
  if (sj === undefined) return
  if (typeof sj !== 'object' || sj === null) throw bad('subjects', 'must be { keys, tags, erased }')
  for (const f of ['keys', 'tags', 'erased'] as const)
    if (typeof sj[f] !== 'object' || sj[f] === null) throw bad(`subjects.${f}`, 'must be an object')
  for (const [id, k] of Object.entries(sj.keys))
    if (!isBytes(k, SECRET_BYTES)) throw bad(`subjects.keys.${id}`, `must be a Uint8Array of ${SECRET_BYTES} bytes`)
  for (const f of ['tags', 'erased'] as const)
    for (const [k, v] of Object.entries(sj[f])) if (typeof v !== 'string') throw bad(`subjects.${f}.${k}`, 'must be a string')
  const problem = subjectKeysProblem(sj, enc.keys)
  if (problem) throw bad(problem[0], problem[1])
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
