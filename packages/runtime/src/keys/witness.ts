/** The witness (last authenticated head) as validated data and as stored text. */
import { KeyStoreError } from '../errors.js'
import type { Witness } from './provider.js'

/** Validates a witness (before saving it, or after reading it); throws KEYS_INVALID naming `location`. */
export function checkWitness(w: unknown, location: string): Witness {
  const bad = (field: string, problem: string): KeyStoreError =>
    new KeyStoreError('KEYS_INVALID', location, `witness field "${field}" ${problem}`, field)
  if (typeof w !== 'object' || w === null || Array.isArray(w)) throw bad('(root)', 'must be an object')
  const o = w as Record<string, unknown>
  if (!Number.isSafeInteger(o.seq) || (o.seq as number) < 0) throw bad('seq', 'must be a non-negative integer')
  for (const f of ['hash', 'mac'] as const) {
    const v = o[f]
    if (typeof v !== 'string' || !/^[A-Za-z0-9+/=_-]{1,512}$/.test(v)) throw bad(f, 'must be 1-512 characters of hex or base64')
  }
  return { seq: o.seq as number, hash: o.hash as string, mac: o.mac as string }
}

/** The witness as stored text: `{"v":1,"seq":…,"hash":…,"mac":…}`. */
export function encodeWitness(w: Witness, location: string): string {
  const c = checkWitness(w, location)
  return JSON.stringify({ v: 1, seq: c.seq, hash: c.hash, mac: c.mac })
}

export function decodeWitness(text: string, location: string): Witness {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw new KeyStoreError('KEYS_INVALID', location, 'witness is not JSON', '(text)')
  }
  if (typeof raw !== 'object' || raw === null || (raw as { v?: unknown }).v !== 1)
    throw new KeyStoreError('KEYS_INVALID', location, 'witness field "v" must be 1', 'v')
  const { v: _v, ...rest } = raw as Record<string, unknown>
  for (const k of Object.keys(rest))
    if (!['seq', 'hash', 'mac'].includes(k))
      throw new KeyStoreError('KEYS_INVALID', location, `witness field "${k}" is not a known field`, k)
  return checkWitness(rest, location)
}
