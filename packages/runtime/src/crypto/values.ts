/**
 * Value records of format v2: commitments, encryption at rest, and the binding of a tool result to its call.
 *
 * - A value's commitment is HMAC-SHA256(commit key, canonical value text), base64url. Receipts carry only
 *   commitments, so a low-entropy value ("yes") cannot be guessed from a receipt.
 * - A value record is sealed with AES-256-GCM under the current encryption key; the commitment is the
 *   additional authenticated data, so a ciphertext moved to another commitment does not open. Sealing and
 *   opening are synchronous (node:crypto in Node, @noble/ciphers elsewhere): a value is opened lazily on the
 *   first read and checked against its commitment then, and a write never waits on WebCrypto.
 * - A tool result's signature binds (tool, call id, commitment, seq of its STORE receipt), so the stored
 *   result of one call can never be promoted under another call's name.
 */
import { gcm } from '@noble/ciphers/aes.js'
import { fromBase64url, nodeBuiltin, pooledRandomBytes, toBase64url, utf8 } from './hash.js'

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

const nodeCiphers = nodeBuiltin<NodeCiphers>('node:crypto', 'createCipheriv')

const decoder = new TextDecoder('utf-8', { fatal: true })
const TAG = 16

/** The encryption keys of a store: the current key id and every key still needed to read older records. */
export interface ValueKeys {
  current: string
  keys: Record<string, Uint8Array>
}

function aadOf(commit: string): Uint8Array {
  return utf8(`memory-customs/2 value\n${commit}`)
}

/** Seals canonical value text as a record body: `{"ct":…,"iv":…,"kid":…}` (base64url; tag appended to ct). */
export function sealValue(keys: ValueKeys, commit: string, text: string): string {
  const key = keys.keys[keys.current]
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
  return `{"ct":"${toBase64url(ct)}","iv":"${toBase64url(iv)}","kid":${JSON.stringify(keys.current)}}`
}

export class ValueRecordError extends Error {
  constructor(
    readonly problem: 'malformed' | 'unknown-key' | 'decrypt' | 'commitment',
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
  const key = Object.hasOwn(keys.keys, rec.kid) ? keys.keys[rec.kid] : undefined
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
