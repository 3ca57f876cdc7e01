/**
 * Value records of format v2: commitments, encryption at rest, and the binding of a tool result to its call.
 *
 * - A value's commitment is HMAC-SHA256(commit key, canonical value text), base64url. Receipts carry only
 *   commitments, so a low-entropy value ("yes") cannot be guessed from a receipt.
 * - A value record is sealed with AES-256-GCM under the current encryption key; the commitment is the
 *   additional authenticated data, so a ciphertext moved to another commitment does not open. Sealing and
 *   opening are synchronous (node:crypto in Node, @noble/ciphers elsewhere): a value is opened lazily on the
 *   first read and checked against its commitment then, and a write never waits on WebCrypto.
 * - A value written for a subject (erasure, docs/erasure.md) is sealed with that subject's own random key, named
 *   by its key id in the record like any other; its commitment is domain-separated by that key id, so the same
 *   text written for another subject or for none never shares its record. Once `forget` destroys the key, the
 *   record cannot be opened by anyone, and a read says so (ValueRecordError 'erased').
 * - A tool result's signature binds (tool, call id, commitment, seq of its STORE receipt), so the stored
 *   result of one call can never be promoted under another call's name.
 */
import { gcm } from '@noble/ciphers/aes.js'
import type { SubjectKeySet } from '../keys/keyset.js'
import { fromBase64url, nodeBuiltin, pooledRandomBytes, randomBytes, toBase64url, utf8, type Hmac } from './hash.js'

interface NodeCipher {
  setAAD(aad: Uint8Array): NodeCipher
  update(data: Uint8Array): Uint8Array
  final(): Uint8Array
  getAuthTag(): Uint8Array
  setAuthTag(tag: Uint8Array): NodeCipher
}
interface NodeCiphers {
  createCipheriv(alg: 'aes-256-gcm', key: unknown, iv: Uint8Array): NodeCipher
  createDecipheriv(alg: 'aes-256-gcm', key: unknown, iv: Uint8Array): NodeCipher
  createSecretKey(key: Uint8Array): unknown
}

/** Node KeyObjects by raw key: creating the cipher from a KeyObject skips a key import per value (~25 % of sealing). */
const keyObjects = new WeakMap<Uint8Array, unknown>()
function nodeKey(nc: NodeCiphers, key: Uint8Array): unknown {
  let k = keyObjects.get(key)
  if (k === undefined) keyObjects.set(key, (k = nc.createSecretKey(key)))
  return k
}

/** Drops the cached KeyObject of a destroyed key (its bytes stay in that object until it is collected). */
export function forgetKeyObject(key: Uint8Array): void {
  keyObjects.delete(key)
}

const nodeCiphers = nodeBuiltin<NodeCiphers>('node:crypto', 'createCipheriv')

const decoder = new TextDecoder('utf-8', { fatal: true })
const TAG = 16

/** The encryption keys of a store: the current key id and every key still needed to read older records. */
export interface ValueKeys {
  current: string
  keys: Record<string, Uint8Array>
  /** Per-subject keys and the tombstones of destroyed ones (shared with the store's ValueStore, which updates it). */
  subjects?: SubjectKeySet
}

/**
 * The keyed tag of a subject: what receipts, key sets and errors name instead of the subject (personal data).
 * Canonical value text never starts with `memory-customs/`, so no value's commitment can equal a tag.
 */
export function subjectTag(commit: Hmac, subject: string): string {
  return commit(`memory-customs/subject\n${subject}`)
}

/**
 * What the commitment of a value written for a subject is computed over: the text, domain-separated by the
 * subject's key id. The same text for another subject (or a later key of the same subject) or for no subject
 * gets another commitment, hence another record: forgetting one never touches the other.
 */
export function subjectValueInput(kid: string, text: string): string {
  return `memory-customs/subject-value\n${kid}\n${text}`
}

/** The key id a sealed record body names (the last field of what `sealValue` writes), or null. */
export function recordKeyId(body: string): string | null {
  const at = body.lastIndexOf(',"kid":"')
  if (at < 0 || !body.endsWith('"}')) return null
  return body.slice(at + 8, body.length - 2)
}

/** Whether `kid` is a subject key id the key set holds or destroyed (its records are subject values). */
export function isSubjectKeyId(keys: ValueKeys, kid: string): boolean {
  const s = keys.subjects
  return !!s && (Object.hasOwn(s.keys, kid) || Object.hasOwn(s.erased, kid))
}

function aadOf(commit: string): Uint8Array {
  return utf8(`memory-customs/2 value\n${commit}`)
}

/**
 * Seals canonical value text as a record body: `{"ct":…,"iv":…,"kid":…}` (base64url; tag appended to ct), under
 * the current key, or under subject key `kid`. A subject key destroyed between the write and its sealing (a
 * `forget` that ran while the value waited for group commit) seals under a random key nobody keeps: the record
 * is written, covered by the next receipt's MAC as usual, and erased from the start.
 */
export function sealValue(keys: ValueKeys, commit: string, text: string, kid?: string): string {
  const id = kid ?? keys.current
  const key = kid === undefined ? keys.keys[id] : (keys.subjects?.keys[kid] ?? shreddedKey(keys, kid))
  const iv = pooledRandomBytes(12)
  const aad = aadOf(commit)
  let ct: Uint8Array
  if (nodeCiphers) {
    const c = nodeCiphers.createCipheriv('aes-256-gcm', nodeKey(nodeCiphers, key), iv).setAAD(aad)
    const head = c.update(utf8(text))
    const tail = c.final()
    const tag = c.getAuthTag()
    ct = new Uint8Array(head.length + tail.length + TAG)
    ct.set(head, 0)
    ct.set(tail, head.length)
    ct.set(tag, head.length + tail.length)
  } else ct = gcm(key, iv, aad).encrypt(utf8(text))
  return `{"ct":"${toBase64url(ct)}","iv":"${toBase64url(iv)}","kid":${JSON.stringify(id)}}`
}

function shreddedKey(keys: ValueKeys, kid: string): Uint8Array {
  if (!keys.subjects || !Object.hasOwn(keys.subjects.erased, kid))
    throw new ValueRecordError('unknown-key', `subject key id ${JSON.stringify(kid)} is neither held nor erased`)
  return randomBytes(32)
}

export class ValueRecordError extends Error {
  constructor(
    readonly problem: 'malformed' | 'unknown-key' | 'erased' | 'decrypt' | 'commitment',
    message: string,
  ) {
    super(message)
  }
}

/** Whether a record body is a sealed (encrypted) record rather than a plaintext `{"data":…}` one. */
export function isSealedBody(body: string): boolean {
  return body.startsWith('{"ct":')
}

/** Opens a sealed record body and returns the value text; throws ValueRecordError. Does not check the commitment. */
export function openValue(keys: ValueKeys, commit: string, body: string): string {
  let rec: { ct?: unknown; iv?: unknown; kid?: unknown }
  try {
    rec = JSON.parse(body) as typeof rec
  } catch {
    throw new ValueRecordError('malformed', 'value record is not JSON')
  }
  if (typeof rec.ct !== 'string' || typeof rec.iv !== 'string' || typeof rec.kid !== 'string')
    throw new ValueRecordError('malformed', 'value record lacks ct/iv/kid')
  const subjects = keys.subjects
  const key = Object.hasOwn(keys.keys, rec.kid)
    ? keys.keys[rec.kid]
    : subjects && Object.hasOwn(subjects.keys, rec.kid)
      ? subjects.keys[rec.kid]
      : undefined
  if (!key && subjects && Object.hasOwn(subjects.erased, rec.kid))
    throw new ValueRecordError('erased', `value record is sealed with subject key ${JSON.stringify(rec.kid)}, destroyed by forget`)
  if (!key)
    throw new ValueRecordError(
      'unknown-key',
      `value record is sealed with key id ${JSON.stringify(rec.kid)}, which the key set does not hold`,
    )
  let ct: Uint8Array
  let iv: Uint8Array
  try {
    ct = fromBase64url(rec.ct)
    iv = fromBase64url(rec.iv)
  } catch {
    throw new ValueRecordError('malformed', 'value record ct/iv is not base64url')
  }
  if (iv.length !== 12 || ct.length < TAG) throw new ValueRecordError('malformed', 'value record iv/ct has the wrong length')
  const aad = aadOf(commit)
  try {
    let pt: Uint8Array
    if (nodeCiphers) {
      const d = nodeCiphers
        .createDecipheriv('aes-256-gcm', nodeKey(nodeCiphers, key), iv)
        .setAAD(aad)
        .setAuthTag(ct.subarray(ct.length - TAG))
      const head = d.update(ct.subarray(0, ct.length - TAG))
      const tail = d.final()
      pt = tail.length ? new Uint8Array([...head, ...tail]) : head
    } else pt = gcm(key, iv, aad).decrypt(ct)
    return decoder.decode(pt)
  } catch {
    throw new ValueRecordError('decrypt', 'value record does not decrypt (wrong key, altered, or moved to another commitment)')
  }
}

/** The text a tool result's signature covers. */
export function resultSigInput(tool: string, call: string, commit: string, seq: number): string {
  return `memory-customs/2 result\n${JSON.stringify([tool, call, commit, seq])}`
}
