/**
 * Synchronous SHA-256 and HMAC-SHA256 for the hot path. Node's own crypto (reached through
 * `process.getBuiltinModule`, so nothing imports `node:*` and the same module loads in browsers) is about
 * four times faster than @noble/hashes, which is the portable fallback. WebCrypto is never used here: every
 * awaited digest costs ~45 µs of promise overhead.
 */
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js'
import { hmac as nobleHmac } from '@noble/hashes/hmac.js'
import { fromBase64, toBase64 } from './base64.js'

export { fromBase64, toBase64 }

interface NodeHash {
  update(data: string | Uint8Array, encoding?: string): NodeHash
  digest(encoding: 'hex' | 'base64url'): string
  digest(): Uint8Array
}
interface NodeCrypto {
  /** One-shot digest (Node >= 20.12): about 3x cheaper than createHash for a receipt-sized input. */
  hash?(alg: 'sha256', data: string | Uint8Array, outputEncoding: 'hex' | 'base64url' | 'latin1' | 'buffer'): string
  createHash(alg: 'sha256'): NodeHash
  createHmac(alg: 'sha256', key: unknown): NodeHash
  createSecretKey(key: Uint8Array): unknown
}

/**
 * A Node built-in module through `process.getBuiltinModule`, or null outside Node: nothing imports `node:*`, so
 * the same module loads in browsers. `has` names a member that must be a function (a stand-in object is not it).
 */
export function nodeBuiltin<T>(id: string, has: string): T | null {
  try {
    const p = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
    const m = p?.getBuiltinModule?.(id) as Record<string, unknown> | undefined
    return m && typeof m[has] === 'function' ? (m as T) : null
  } catch {
    return null
  }
}

function loadNodeCrypto(): NodeCrypto | null {
  return nodeBuiltin<NodeCrypto>('node:crypto', 'createHash')
}

let nodeCrypto: NodeCrypto | null = loadNodeCrypto()
let oneShot = oneShotOf(nodeCrypto)

function oneShotOf(nc: NodeCrypto | null): NodeCrypto['hash'] | null {
  return nc && typeof nc.hash === 'function' ? nc.hash.bind(nc) : null
}

/** Test hook: force the portable implementation (to prove both give identical bytes). */
export function __usePortableHashing(portable: boolean): void {
  nodeCrypto = portable ? null : loadNodeCrypto()
  oneShot = oneShotOf(nodeCrypto)
}

export function hashImplementation(): 'node:crypto' | '@noble/hashes' {
  return nodeCrypto ? 'node:crypto' : '@noble/hashes'
}

const encoder = new TextEncoder()
export const utf8 = (s: string): Uint8Array => encoder.encode(s)

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))
export function toHex(b: Uint8Array): string {
  let s = ''
  for (let i = 0; i < b.length; i++) s += HEX[b[i]]
  return s
}
export function fromHex(h: string): Uint8Array {
  if (h.length % 2 || /[^0-9a-f]/i.test(h)) throw new Error('not a hex string')
  const out = new Uint8Array(h.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(i * 2, i * 2 + 2), 16)
  return out
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let o = 0
  for (const p of parts) {
    out.set(p, o)
    o += p.length
  }
  return out
}

const LEAF_PREFIX = new Uint8Array([0])
const NODE_PREFIX = new Uint8Array([1])

/** SHA-256 of raw bytes. */
export function sha256(data: Uint8Array): Uint8Array {
  if (nodeCrypto) return new Uint8Array(nodeCrypto.createHash('sha256').update(data).digest())
  return nobleSha256(data)
}

/** RFC 6962 leaf hash of a UTF-8 string: hex(SHA-256(0x00 ‖ utf8(text))). This is every receipt's hash. */
export function leafHashHex(text: string): string {
  // '\0' + text encodes to exactly 0x00 ‖ utf8(text).
  if (oneShot) return oneShot('sha256', '\0' + text, 'hex')
  if (nodeCrypto) return nodeCrypto.createHash('sha256').update(LEAF_PREFIX).update(text, 'utf8').digest('hex')
  return toHex(nobleSha256(concatBytes(LEAF_PREFIX, utf8(text))))
}

/** Unpadded base64url (RFC 4648 §5) of raw bytes: v2's spelling of hashes, commitments and MACs. */
export function toBase64url(b: Uint8Array): string {
  const NB = (globalThis as { Buffer?: { from(b: Uint8Array): { toString(enc: string): string } } }).Buffer
  if (NB) return NB.from(b).toString('base64url')
  return toBase64(b).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
}
/** Strict inverse of toBase64url (rejects padding and non-canonical trailing bits). */
export function fromBase64url(s: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(s) || s.length % 4 === 1) throw new Error('not base64url')
  const std = s.replace(/-/g, '+').replace(/_/g, '/')
  return fromBase64(std + '='.repeat((4 - (std.length % 4)) % 4))
}
/** Node's Buffer where there is one (its base64url/hex conversions are native); browsers use the portable code. */
const NodeBuffer = (globalThis as { Buffer?: { from(s: string, enc: string): { toString(enc: string): string } } }).Buffer
const HEX64 = /^[0-9a-f]{64}$/
/** Hex of a base64url value. A 43-character hash or commitment takes the table walk; anything else is checked strictly. */
export const b64urlToHex = (s: string): string => (s.length === 43 && hash43ToHex(s)) || toHex(fromBase64url(s))

const B64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
/** Value of each base64url character by char code, -1 for anything else. */
const B64URL_VALUE = new Int8Array(128).fill(-1)
for (let i = 0; i < 64; i++) B64URL_VALUE[B64URL_ALPHABET.charCodeAt(i)] = i

/** Char codes of the hex digits, and the 64 codes of one hash's hex, filled in place (one flat string at the end). */
const HEX_CODES = Array.from('0123456789abcdef', (c) => c.charCodeAt(0))
const hexCodes: number[] = Array.from({ length: 64 }, () => 0)

/**
 * Hex of a canonical 43-character base64url value (a hash or commitment: 256 bits and 2 zero padding bits), or ''
 * when it is not one (the strict path then says why). A table walk: every receipt the API returns spells its
 * hash this way, and Buffer's conversion behind two RegExp checks cost twice as much. The text is built flat in
 * one step: 32 concatenated pieces would be flattened again by the first slice (the receipt id takes some).
 */
function hash43ToHex(s: string): string {
  let acc = 0
  let bits = 0
  let j = 0
  for (let i = 0; i < 43; i++) {
    const c = s.charCodeAt(i)
    const v = c < 128 ? B64URL_VALUE[c] : -1
    if (v < 0) return ''
    acc = ((acc << 6) | v) & 0xfff
    bits += 6
    if (bits >= 8) {
      bits -= 8
      const b = (acc >> bits) & 255
      hexCodes[j++] = HEX_CODES[b >> 4]
      hexCodes[j++] = HEX_CODES[b & 15]
    }
  }
  return (acc & 3) === 0 ? String.fromCharCode.apply(null, hexCodes) : ''
}
export const hexToB64url = (h: string): string =>
  NodeBuffer && HEX64.test(h) ? NodeBuffer.from(h, 'hex').toString('base64url') : toBase64url(fromHex(h))

/** SHA-256 of UTF-8 text, as unpadded base64url (v2 receipt hashes). */
export function sha256Base64url(text: string): string {
  if (oneShot) return oneShot('sha256', text, 'base64url')
  if (nodeCrypto) return nodeCrypto.createHash('sha256').update(text, 'utf8').digest('base64url')
  return toBase64url(nobleSha256(utf8(text)))
}

/** A reusable HMAC-SHA256 keyed function over UTF-8 text, returning unpadded base64url (v2). */
export function makeHmacBase64url(key: Uint8Array): Hmac {
  return hmacIn(key, 'base64url')
}

/** RFC 6962 interior node: SHA-256(0x01 ‖ left ‖ right). */
export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  if (nodeCrypto) return new Uint8Array(nodeCrypto.createHash('sha256').update(NODE_PREFIX).update(left).update(right).digest())
  return nobleSha256(concatBytes(NODE_PREFIX, left, right))
}

/** A reusable HMAC-SHA256 keyed function over UTF-8 text, returning lowercase hex. */
export type Hmac = (text: string) => string

export function makeHmac(key: Uint8Array): Hmac {
  return hmacIn(key, 'hex')
}

/** HMAC-SHA256 in one output encoding: one-shot hashes, else Node's createHmac, else @noble/hashes. */
function hmacIn(key: Uint8Array, encoding: 'hex' | 'base64url'): Hmac {
  const fast = oneShotHmac(key, encoding)
  if (fast) return fast
  if (nodeCrypto) {
    const nc = nodeCrypto
    const k = nc.createSecretKey(key)
    return (text) => nc.createHmac('sha256', k).update(text, 'utf8').digest(encoding)
  }
  const spell = encoding === 'hex' ? toHex : toBase64url
  return (text) => spell(nobleHmac(nobleSha256, key, utf8(text)))
}

interface NodeBufferStatic {
  allocUnsafe(
    n: number,
  ): Uint8Array & { write(s: string, offset: number, enc: 'utf8' | 'latin1'): number; subarray(start: number, end: number): Uint8Array }
  byteLength(s: string, enc: 'utf8'): number
  from(b: Uint8Array | string, enc?: string): Uint8Array & { toString(enc: string): string }
}

/** UTF-16 code units × 3 of text an HMAC writes into its reused buffer (longer texts get a buffer of their own). */
const SCRATCH_TEXT = 3072

/**
 * HMAC-SHA256 (RFC 2104) as two one-shot SHA-256 calls over preallocated pads: H((K⊕opad) ‖ H((K⊕ipad) ‖ m)).
 * Node's createHmac builds a native object per call (about 4 µs); this is about a third of that, and commitments
 * and result signatures are on the write path. The tests pin it against createHmac and @noble/hashes.
 */
function oneShotHmac(key: Uint8Array, encoding: 'hex' | 'base64url'): Hmac | null {
  const NB = (globalThis as { Buffer?: NodeBufferStatic }).Buffer
  if (!oneShot || !NB) return null
  const hash = oneShot
  const block = new Uint8Array(64)
  block.set(key.length > 64 ? sha256(key) : key)
  const ipad = block.map((b) => b ^ 0x36)
  const opad = NB.allocUnsafe(64 + 32)
  opad.set(block.map((b) => b ^ 0x5c))
  // Short texts (commitments of typical values, result signatures) are written after the pad in one reused buffer.
  const scratch = NB.allocUnsafe(64 + SCRATCH_TEXT)
  scratch.set(ipad)
  return (text) => {
    let inner: Uint8Array
    if (text.length * 3 <= SCRATCH_TEXT) inner = scratch.subarray(0, 64 + scratch.write(text, 64, 'utf8'))
    else {
      const own = NB.allocUnsafe(64 + NB.byteLength(text, 'utf8'))
      own.set(ipad)
      own.write(text, 64, 'utf8')
      inner = own
    }
    // The inner digest as a latin1 string written into place: a 'buffer' digest allocates an ArrayBuffer (~0.5 µs).
    opad.write(hash('sha256', inner, 'latin1'), 64, 'latin1')
    return hash('sha256', opad, encoding)
  }
}

/** Constant-time comparison of two hex strings. */
export function hexEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let d = 0
  for (let i = 0; i < a.length; i++) d |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return d === 0
}

export function randomBytes(n: number): Uint8Array {
  const b = new Uint8Array(n)
  globalThis.crypto.getRandomValues(b)
  return b
}

let randomPool: Uint8Array = new Uint8Array(0)
let randomAt = 0
/**
 * A fresh copy of `n` random bytes drawn from a pooled buffer: one getRandomValues per 4 KiB instead of one
 * per IV, which showed up as 4 % of the write path. Every byte is handed out once.
 */
export function pooledRandomBytes(n: number): Uint8Array {
  if (randomAt + n > randomPool.length) {
    randomPool = randomBytes(Math.max(4096, n))
    randomAt = 0
  }
  const out = randomPool.slice(randomAt, randomAt + n)
  randomAt += n
  return out
}
