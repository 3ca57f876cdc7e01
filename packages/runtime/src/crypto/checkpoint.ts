/**
 * Checkpoints as C2SP signed notes (c2sp.org/tlog-checkpoint, c2sp.org/signed-note):
 *
 *   <origin>\n<size>\n<base64 root>\n\n— <key name> <base64(4-byte key id ‖ signature)>\n
 *
 * Ed25519 through WebCrypto is the default, so anyone holding the public key can verify and nobody else can
 * sign. The HMAC-SHA256 mode (signature type 0xff, identifier `memory-customs/hmac-sha256`) is local
 * integrity only: whoever can verify it can also forge it.
 */
import { concatBytes, fromBase64, makeHmac, sha256, toBase64, toHex, utf8, fromHex } from './hash.js'

export type CheckpointAlgorithm = 'ed25519' | 'hmac-sha256'

export interface Checkpoint {
  origin: string
  size: number
  /** Lowercase hex RFC 6962 root over receipt hashes 1..size. */
  root: string
  /** The signed note text; keep a copy outside the store to detect truncation or replacement. */
  note: string
  algorithm: CheckpointAlgorithm
}

export interface CheckpointSigner {
  readonly algorithm: CheckpointAlgorithm
  readonly name: string
  readonly keyId: Uint8Array
  sign(message: Uint8Array): Promise<Uint8Array>
  verify(message: Uint8Array, signature: Uint8Array): Promise<boolean>
}

const HMAC_IDENTIFIER = 'memory-customs/hmac-sha256'

function keyIdFor(name: string, type: number, material: Uint8Array): Uint8Array {
  return sha256(concatBytes(utf8(name), new Uint8Array([0x0a, type]), material)).slice(0, 4)
}

/** Signs with an Ed25519 CryptoKeyPair (WebCrypto). `publicRaw` is the 32-byte public key. */
export function ed25519Signer(name: string, pair: CryptoKeyPair, publicRaw: Uint8Array): CheckpointSigner {
  return {
    algorithm: 'ed25519',
    name,
    keyId: keyIdFor(name, 0x01, publicRaw),
    async sign(message) {
      return new Uint8Array(await globalThis.crypto.subtle.sign('Ed25519', pair.privateKey, message as BufferSource))
    },
    async verify(message, signature) {
      try {
        return await globalThis.crypto.subtle.verify('Ed25519', pair.publicKey, signature as BufferSource, message as BufferSource)
      } catch {
        return false
      }
    },
  }
}

/** Local-integrity-only signer: HMAC-SHA256 under a secret key. */
export function hmacSigner(name: string, key: Uint8Array): CheckpointSigner {
  const mac = makeHmac(key)
  return {
    algorithm: 'hmac-sha256',
    name,
    keyId: keyIdFor(name, 0xff, utf8(HMAC_IDENTIFIER)),
    async sign(message) {
      return fromHex(mac(new TextDecoder().decode(message)))
    },
    async verify(message, signature) {
      return toHex(signature) === mac(new TextDecoder().decode(message))
    },
  }
}

export function checkpointBody(origin: string, size: number, rootHex: string): string {
  return `${origin}\n${size}\n${toBase64(fromHex(rootHex))}\n`
}

export async function signCheckpoint(signer: CheckpointSigner, origin: string, size: number, rootHex: string): Promise<Checkpoint> {
  const body = checkpointBody(origin, size, rootHex)
  const sig = await signer.sign(utf8(body))
  const note = `${body}\n\u2014 ${signer.name} ${toBase64(concatBytes(signer.keyId, sig))}\n`
  return { origin, size, root: rootHex, note, algorithm: signer.algorithm }
}

export interface ParsedNote {
  origin: string
  size: number
  root: string
  body: string
  signatures: Array<{ name: string; keyId: Uint8Array; signature: Uint8Array }>
}

/** Parses a checkpoint note; returns null when it is not well formed. */
export function parseCheckpointNote(note: string): ParsedNote | null {
  const split = note.indexOf('\n\n')
  if (split < 0 || !note.endsWith('\n')) return null
  const body = note.slice(0, split + 1)
  const lines = body.slice(0, -1).split('\n')
  if (lines.length < 3) return null
  const [origin, sizeText, rootB64] = lines
  if (!origin || !/^(0|[1-9]\d*)$/.test(sizeText)) return null
  let root: Uint8Array
  try {
    root = fromBase64(rootB64)
  } catch {
    return null
  }
  if (root.length !== 32) return null
  const signatures: ParsedNote['signatures'] = []
  for (const line of note.slice(split + 2, -1).split('\n')) {
    const m = /^\u2014 (\S+) ([A-Za-z0-9+/=]+)$/.exec(line)
    if (!m) return null
    let raw: Uint8Array
    try {
      raw = fromBase64(m[2])
    } catch {
      return null
    }
    if (raw.length < 5) return null
    signatures.push({ name: m[1], keyId: raw.slice(0, 4), signature: raw.slice(4) })
  }
  if (!signatures.length) return null
  return { origin, size: Number(sizeText), root: toHex(root), body, signatures }
}

export type NoteCheck = { ok: true; note: ParsedNote } | { ok: false; code: 'BAD_ENCODING' | 'UNKNOWN_KEY' | 'BAD_SIGNATURE' }

/**
 * C2SP rules: signatures by unknown keys are ignored, a bad signature by a known key rejects the note,
 * and at least one known, valid signature is required.
 */
export async function checkNote(text: string, signer: CheckpointSigner): Promise<NoteCheck> {
  const note = parseCheckpointNote(text)
  if (!note) return { ok: false, code: 'BAD_ENCODING' }
  let good = 0
  for (const s of note.signatures) {
    if (s.name !== signer.name || toHex(s.keyId) !== toHex(signer.keyId)) continue
    if (!(await signer.verify(utf8(note.body), s.signature))) return { ok: false, code: 'BAD_SIGNATURE' }
    good++
  }
  return good ? { ok: true, note } : { ok: false, code: 'UNKNOWN_KEY' }
}
