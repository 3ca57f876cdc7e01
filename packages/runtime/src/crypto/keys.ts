/**
 * Key material: the commitment key (HMAC for old/new commitments), the signing key (HMAC over stored tool
 * results) and the checkpoint key (Ed25519 pair, or HMAC for local integrity only).
 *
 * Keys not passed in options are generated once and written to the store's `meta` journal entry, so a
 * reopened store keeps verifying. That convenience has a price: whoever holds the store then holds the keys
 * and can rewrite history and re-sign it. Pass the keys in (and keep checkpoints elsewhere) to avoid that.
 */
import { OptionError } from '../errors.js'
import { ed25519Signer, hmacSigner, type CheckpointSigner } from './checkpoint.js'
import { fromBase64, fromHex, makeHmac, randomBytes, toBase64, toHex, utf8, type Hmac } from './hash.js'

export interface KeyOptions {
  /** HMAC key for value commitments (`old`/`new`). Strings are taken as UTF-8. At least 16 bytes. */
  commitKey?: Uint8Array | string
  /** HMAC key that signs tool results in the Execution pool. Strings are taken as UTF-8. At least 16 bytes. */
  signingKey?: Uint8Array | string
  /** Ed25519 CryptoKeyPair for checkpoints, or `'hmac'` (local integrity only, keyed from the signing key). */
  checkpointKey?: CryptoKeyPair | 'hmac'
}

export interface StoredKeys {
  commit?: string
  signing?: string
  checkpoint?: { alg: 'ed25519'; publicKey: string; privateKey: string } | { alg: 'hmac' }
}

export interface KeyRing {
  commit: Hmac
  sign: Hmac
  checkpoint: CheckpointSigner
}

function keyBytes(name: string, v: Uint8Array | string): Uint8Array {
  const b = typeof v === 'string' ? utf8(v) : v
  if (!(b instanceof Uint8Array) || b.length < 16) throw new OptionError(`keys.${name}`, 'must be a Uint8Array or string of at least 16 bytes')
  return b
}

async function generateEd25519(): Promise<{ pair: CryptoKeyPair; stored: StoredKeys['checkpoint'] } | null> {
  try {
    const pair = (await globalThis.crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair
    const pub = new Uint8Array(await globalThis.crypto.subtle.exportKey('raw', pair.publicKey))
    const priv = new Uint8Array(await globalThis.crypto.subtle.exportKey('pkcs8', pair.privateKey))
    return { pair, stored: { alg: 'ed25519', publicKey: toBase64(pub), privateKey: toBase64(priv) } }
  } catch {
    return null
  }
}

async function importEd25519(s: { publicKey: string; privateKey: string }): Promise<{ pair: CryptoKeyPair; pub: Uint8Array }> {
  const pub = fromBase64(s.publicKey)
  const publicKey = await globalThis.crypto.subtle.importKey('raw', pub as BufferSource, { name: 'Ed25519' }, true, ['verify'])
  const privateKey = await globalThis.crypto.subtle.importKey('pkcs8', fromBase64(s.privateKey) as BufferSource, { name: 'Ed25519' }, false, ['sign'])
  return { pair: { publicKey, privateKey }, pub }
}

/**
 * Builds the key ring from options and the keys stored in meta. Returns the keys to store when the store is
 * new (`generated`), i.e. those that were neither passed nor stored.
 */
export async function resolveKeys(
  options: KeyOptions | undefined,
  stored: StoredKeys | null,
  origin: string,
  creating: boolean,
): Promise<{ ring: KeyRing; generated: StoredKeys }> {
  const generated: StoredKeys = {}
  const pick = (name: 'commit' | 'signing', given: Uint8Array | string | undefined): Uint8Array => {
    if (given !== undefined) return keyBytes(`${name}Key`, given)
    const s = stored?.[name]
    if (s) return fromHex(s)
    if (!creating)
      throw new OptionError(`keys.${name}Key`, 'is required: this store was created with a key passed in options, and it is not stored with the data', 'MISSING_KEY')
    const k = randomBytes(32)
    generated[name] = toHex(k)
    return k
  }
  const commitKey = pick('commit', options?.commitKey)
  const signingKey = pick('signing', options?.signingKey)

  let checkpoint: CheckpointSigner
  const hmacKey = utf8(makeHmac(signingKey)('memory-customs/checkpoint-key'))
  const given = options?.checkpointKey
  if (given === 'hmac') checkpoint = hmacSigner(origin, hmacKey)
  else if (given) {
    const pub = new Uint8Array(await globalThis.crypto.subtle.exportKey('raw', given.publicKey))
    checkpoint = ed25519Signer(origin, given, pub)
  } else if (stored?.checkpoint?.alg === 'ed25519') {
    const { pair, pub } = await importEd25519(stored.checkpoint)
    checkpoint = ed25519Signer(origin, pair, pub)
  } else if (stored?.checkpoint?.alg === 'hmac') checkpoint = hmacSigner(origin, hmacKey)
  else if (!creating)
    throw new OptionError('keys.checkpointKey', 'is required: this store was created with a checkpoint key passed in options', 'MISSING_KEY')
  else {
    const made = await generateEd25519()
    if (made && made.stored?.alg === 'ed25519') {
      generated.checkpoint = made.stored
      checkpoint = ed25519Signer(origin, made.pair, fromBase64(made.stored.publicKey))
    } else {
      generated.checkpoint = { alg: 'hmac' }
      checkpoint = hmacSigner(origin, hmacKey)
    }
  }
  return { ring: { commit: makeHmac(commitKey), sign: makeHmac(signingKey), checkpoint }, generated }
}
