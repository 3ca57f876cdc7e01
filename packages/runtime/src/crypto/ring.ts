/**
 * The keys a store works with, built once at open from its KeySet (keys/keyset.ts): HMACs for commitments
 * and tool-result signatures (base64url for format 2, hex for reading format-1 receipts), the authenticator
 * of appended receipts, the value encryption keys and the checkpoint signer.
 */
import { ed25519Signer, hmacSigner, type CheckpointSigner } from './checkpoint.js'
import { fromBase64, fromHex, makeHmac, makeHmacBase64url, randomBytes, utf8, type Hmac } from './hash.js'
import { createAuthenticator, type Authenticator } from './auth.js'
import type { ValueKeys } from './values.js'
import type { KeySet } from '../keys/keyset.js'
import { KeyStoreError } from '../errors.js'

export interface Ring {
  /** Format-2 commitment of canonical value text (base64url). */
  commit: Hmac
  /** Format-2 tool-result signature (base64url) over `resultSigInput(...)`. */
  sign: Hmac
  /** Format-1 commitment and signature (hex), for legacy records. */
  legacy: { commit: Hmac; sign: Hmac }
  auth: Authenticator
  values: ValueKeys
  checkpoint: CheckpointSigner
}

export async function ringFromKeySet(keys: KeySet, origin: string, location = 'key set'): Promise<Ring> {
  let checkpoint: CheckpointSigner
  if (keys.checkpoint.alg === 'ed25519') {
    const s = globalThis.crypto.subtle
    const cp = keys.checkpoint
    const imported = await Promise.all([
      s.importKey('raw', cp.publicKey as BufferSource, { name: 'Ed25519' }, true, ['verify']),
      s.importKey('pkcs8', cp.privateKey as BufferSource, { name: 'Ed25519' }, false, ['sign']),
    ]).catch((e: unknown) => {
      throw new KeyStoreError(
        'KEYS_INVALID',
        location,
        `the checkpoint key pair does not import (${e instanceof Error ? e.message : String(e)})`,
        'checkpoint',
        e,
      )
    })
    checkpoint = ed25519Signer(origin, { publicKey: imported[0], privateKey: imported[1] }, cp.publicKey)
  } else checkpoint = hmacSigner(origin, hmacCheckpointKey(keys.signing))
  return {
    commit: makeHmacBase64url(keys.commit),
    sign: makeHmacBase64url(keys.signing),
    legacy: { commit: makeHmac(keys.commit), sign: makeHmac(keys.signing) },
    auth: createAuthenticator(keys.auth),
    // Subject keys (docs/erasure.md) live beside the encryption keys; the ValueStore adds and destroys them.
    values: { current: keys.encryption.current, keys: keys.encryption.keys, subjects: keys.subjects ?? { keys: {}, tags: {}, erased: {} } },
    checkpoint,
  }
}

/** Format 1 derived its HMAC checkpoint key from the signing key this way; kept so old notes still verify. */
function hmacCheckpointKey(signing: Uint8Array): Uint8Array {
  return utf8(makeHmac(signing)('memory-customs/checkpoint-key'))
}

/** Keys a format-1 meta entry held (hex HMAC keys, base64 Ed25519 pair) or `{}` when they were passed in options. */
export interface V1StoredKeys {
  commit?: string
  signing?: string
  checkpoint?: { alg: 'ed25519'; publicKey: string; privateKey: string } | { alg: 'hmac' }
}

/**
 * The KeySet of a format-1 store being migrated: its commitment, signing and checkpoint keys (from its meta
 * entry, or from `given` when they were passed in options) and fresh auth and encryption keys, which have
 * never been in the journal.
 */
export function keySetFromV1(
  chain: string,
  stored: V1StoredKeys,
  given: { commit?: Uint8Array; signing?: Uint8Array; checkpoint?: KeySet['checkpoint'] },
): KeySet {
  const need = (name: string, v: Uint8Array | undefined): Uint8Array => {
    if (!v)
      throw new KeyStoreError(
        'KEYS_MISSING',
        'format-1 store',
        `its ${name} key was passed in options when it was created; pass keys.${name}Key to migrate it`,
        name,
      )
    return v
  }
  // The meta line of a first-release store is only as trustworthy as its files: junk in it is a typed error.
  const decode = <T>(field: string, f: () => T): T => {
    try {
      return f()
    } catch (e) {
      throw new KeyStoreError(
        'KEYS_INVALID',
        'format-1 meta entry',
        `its ${field} key is not valid ${field === 'checkpoint' ? 'base64' : 'hex'}`,
        field,
        e,
      )
    }
  }
  const commit = need('commit', given.commit ?? (stored.commit ? decode('commit', () => fromHex(stored.commit!)) : undefined))
  const signing = need('signing', given.signing ?? (stored.signing ? decode('signing', () => fromHex(stored.signing!)) : undefined))
  const cp = stored.checkpoint
  const checkpoint: KeySet['checkpoint'] =
    given.checkpoint ??
    (cp?.alg === 'ed25519'
      ? decode('checkpoint', () => ({
          alg: 'ed25519' as const,
          publicKey: fromBase64(cp.publicKey),
          privateKey: fromBase64(cp.privateKey),
        }))
      : cp?.alg === 'hmac'
        ? { alg: 'hmac' }
        : undefined) ??
    (() => {
      throw new KeyStoreError(
        'KEYS_MISSING',
        'format-1 store',
        'its checkpoint key was passed in options when it was created; pass keys.checkpointKey to migrate it',
        'checkpoint',
      )
    })()
  return { v: 1, chain, commit, signing, auth: randomBytes(32), checkpoint, encryption: { current: 'k1', keys: { k1: randomBytes(32) } } }
}

/** What the verifier needs of a ring; format-1 keys only for a store created by the first release. */
export function verifierKeys(ring: Ring, createdInV1: boolean) {
  return {
    auth: ring.auth,
    legacy: createdInV1 ? ring.legacy : null,
    commit: ring.commit,
    sign: ring.sign,
    valueKeys: ring.values,
    checkpoint: ring.checkpoint,
  }
}

/**
 * Takes into a ring's value keys what a key set saved in the key store holds and the ring lacks: encryption keys,
 * the current encryption key, and subject keys this ring has not seen destroyed. Keys are only added, never dropped
 * (after a rotation here, or one another process sharing the key store made).
 */
export function adoptValueKeys(values: ValueKeys, keys: KeySet): void {
  for (const [kid, key] of Object.entries(keys.encryption.keys)) if (!Object.hasOwn(values.keys, kid)) values.keys[kid] = key
  values.current = keys.encryption.current
  const subjects = values.subjects
  if (subjects && keys.subjects)
    for (const [kid, key] of Object.entries(keys.subjects.keys))
      if (!Object.hasOwn(subjects.keys, kid) && !Object.hasOwn(subjects.erased, kid)) subjects.keys[kid] = key
}
