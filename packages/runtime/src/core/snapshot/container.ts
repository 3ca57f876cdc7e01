/**
 * The byte container of an open snapshot, and its authentication.
 *
 *   "MCOSNAP\n" ‖ u32 len ‖ header JSON ‖ u32 len ‖ mac ‖ part 0 ‖ part 1 ‖ …
 *
 * The header names the format, the chain, the journal prefix the snapshot covers (bytes and records) with the
 * SHA-256 of every `segment` bytes of it, and every part with its length and SHA-256. The MAC covers the header
 * text, so it binds every byte of the parts and of the covered journal prefix.
 *
 * The MAC is HMAC-SHA256 under a key derived from the store's auth key, so only a holder of the store's keys
 * can make one, and it is domain-separated from the receipt MACs (a different construction and key) and from
 * witnesses (the derivation's input names a label no receipt hash can spell: it contains '/').
 */
import type { Ring } from '../../crypto/ring.js'
import { hexEqual, makeHmacBase64url, sha256, toBase64url, utf8 } from '../../crypto/hash.js'

export const SNAPSHOT_FORMAT = 'memory-customs/open-snapshot/2'
const MAGIC = utf8('MCOSNAP\n')
const KEY_LABEL = 'memory-customs/open-snapshot-key'

export interface SnapshotHeader {
  format: string
  chain: string
  journal: { bytes: number; records: number }
  segment: number
  /** SHA-256 (base64url) of each segment of the covered journal prefix. */
  digests: string[]
  parts: Array<{ name: string; bytes: number; sha256: string }>
}

/** The MAC function of one store's snapshots. */
export function snapshotMac(ring: Ring, chain: string): (headerText: string) => string {
  const key = utf8(ring.auth.witness(chain, 0, KEY_LABEL))
  const hmac = makeHmacBase64url(key)
  return (headerText) => hmac(`${SNAPSHOT_FORMAT}\n${headerText}`)
}

export const digestOf = (bytes: Uint8Array): string => toBase64url(sha256(bytes))

/** Lays out header, MAC and parts (the header's part list is filled from `parts`). */
export function encodeContainer(
  header: Omit<SnapshotHeader, 'parts'>,
  parts: Array<{ name: string; bytes: Uint8Array }>,
  mac: (headerText: string) => string,
): Uint8Array {
  const full: SnapshotHeader = {
    ...header,
    parts: parts.map((p) => ({ name: p.name, bytes: p.bytes.byteLength, sha256: digestOf(p.bytes) })),
  }
  const headerBytes = utf8(JSON.stringify(full))
  const macBytes = utf8(mac(JSON.stringify(full)))
  let total = MAGIC.length + 4 + headerBytes.length + 4 + macBytes.length
  for (const p of parts) total += p.bytes.byteLength
  const out = new Uint8Array(total)
  const view = new DataView(out.buffer)
  let at = 0
  const put = (b: Uint8Array) => {
    out.set(b, at)
    at += b.byteLength
  }
  put(MAGIC)
  view.setUint32(at, headerBytes.length, true)
  at += 4
  put(headerBytes)
  view.setUint32(at, macBytes.length, true)
  at += 4
  put(macBytes)
  for (const p of parts) put(p.bytes)
  return out
}

export interface OpenedContainer {
  header: SnapshotHeader
  /** Each part's bytes (views into the container), checked against its digest. */
  part(name: string): Uint8Array
}

const decoder = new TextDecoder('utf-8', { fatal: true })

/**
 * Reads a container and checks its MAC and every part's digest; a sentence saying why it is not usable
 * otherwise. The journal digests are the caller's to compare (it reads the journal).
 */
export function openContainer(bytes: Uint8Array, mac: (headerText: string) => string): OpenedContainer | string {
  if (bytes.byteLength < MAGIC.length + 8) return 'too short'
  for (let i = 0; i < MAGIC.length; i++) if (bytes[i] !== MAGIC[i]) return 'not an open snapshot'
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let at = MAGIC.length
  const take = (): Uint8Array | null => {
    if (at + 4 > bytes.byteLength) return null
    const n = view.getUint32(at, true)
    at += 4
    if (at + n > bytes.byteLength) return null
    const b = bytes.subarray(at, at + n)
    at += n
    return b
  }
  const headerBytes = take()
  const macBytes = take()
  if (!headerBytes || !macBytes) return 'truncated'
  let headerText: string
  let macText: string
  try {
    headerText = decoder.decode(headerBytes)
    macText = decoder.decode(macBytes)
  } catch {
    return 'not UTF-8'
  }
  if (!hexEqual(mac(headerText), macText)) return 'its MAC does not verify (altered, or written with other keys)'
  const header = JSON.parse(headerText) as SnapshotHeader
  if (header.format !== SNAPSHOT_FORMAT) return `unknown format ${String(header.format)}`
  const byName = new Map<string, Uint8Array>()
  for (const p of header.parts) {
    if (at + p.bytes > bytes.byteLength) return `part ${p.name} is truncated`
    const b = bytes.subarray(at, at + p.bytes)
    at += p.bytes
    if (!hexEqual(digestOf(b), p.sha256)) return `part ${p.name} does not match its digest`
    byName.set(p.name, b)
  }
  if (at !== bytes.byteLength) return 'trailing bytes'
  return {
    header,
    part: (name) => {
      const b = byName.get(name)
      if (!b) throw new Error(`open snapshot without part ${name}`)
      return b
    },
  }
}
