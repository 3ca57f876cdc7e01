/** KeySet: generation, the version-1 text form (strict decoding, field by field), rotation, export/import. */
import { describe, expect, it } from 'vitest'
import { CustomsError, KeyStoreError } from '../../src/errors.js'
import {
  cloneKeySet,
  decodeKeySet,
  encodeKeySet,
  exportKeys,
  fromBase64Url,
  generateKeySet,
  importKeys,
  rotateEncryptionKey,
  toBase64Url,
  type KeySet,
} from '../../src/keys/keyset.js'
import { secretsOf } from './helpers.js'

const CHAIN = '2a8d032effa832a85267738d08f61c18'

async function invalid(text: string, field: string): Promise<KeyStoreError> {
  const err = await decodeKeySet(text, 'test-location').then(
    () => null,
    (e: unknown) => e,
  )
  expect(err, `expected ${field} to be refused`).toBeInstanceOf(KeyStoreError)
  const e = err as KeyStoreError
  expect(e).toBeInstanceOf(CustomsError)
  expect(e.code).toBe('KEYS_INVALID')
  expect(e.field).toBe(field)
  expect(e.location).toBe('test-location')
  expect(e.message).toContain(field)
  return e
}

describe('KeySet', () => {
  it('generates 32-byte secrets, an Ed25519 pair and one encryption key', async () => {
    const k = await generateKeySet(CHAIN)
    expect(k.v).toBe(1)
    expect(k.chain).toBe(CHAIN)
    for (const b of [k.commit, k.signing, k.auth]) expect(b).toHaveLength(32)
    expect(new Set([k.commit, k.signing, k.auth].map(toBase64Url)).size).toBe(3)
    expect(k.checkpoint.alg).toBe('ed25519')
    if (k.checkpoint.alg === 'ed25519') {
      expect(k.checkpoint.publicKey).toHaveLength(32)
      // The private key signs what the public key verifies.
      const priv = await crypto.subtle.importKey('pkcs8', k.checkpoint.privateKey as BufferSource, { name: 'Ed25519' }, false, ['sign'])
      const pub = await crypto.subtle.importKey('raw', k.checkpoint.publicKey as BufferSource, { name: 'Ed25519' }, false, ['verify'])
      const msg = new TextEncoder().encode('checkpoint')
      expect(await crypto.subtle.verify('Ed25519', pub, await crypto.subtle.sign('Ed25519', priv, msg), msg)).toBe(true)
    }
    expect(Object.keys(k.encryption.keys)).toEqual([k.encryption.current])
    expect(k.encryption.keys[k.encryption.current]).toHaveLength(32)
    const other = await generateKeySet(CHAIN)
    expect(toBase64Url(other.commit)).not.toBe(toBase64Url(k.commit))
    expect(other.encryption.current).not.toBe(k.encryption.current)
  })

  it('refuses a chain id that could not name a key file', async () => {
    for (const chain of ['', '../etc', 'a/b', '.hidden', '-x', 'x'.repeat(129), 'é']) {
      await expect(generateKeySet(chain)).rejects.toMatchObject({ code: 'KEYS_INVALID', field: 'chain' })
    }
  })

  it('round-trips through the version-1 text (one line, base64url, no padding)', async () => {
    for (const k of [await generateKeySet(CHAIN), { ...(await generateKeySet('hmac-chain')), checkpoint: { alg: 'hmac' } } as KeySet]) {
      const text = encodeKeySet(k)
      expect(text).not.toContain('\n')
      expect(text).not.toMatch(/[=+/]"/)
      const parsed = JSON.parse(text)
      expect(parsed).toMatchObject({ format: 'memory-customs/keys', v: 1, chain: k.chain, commit: toBase64Url(k.commit) })
      const back = await decodeKeySet(text)
      expect(back).toEqual(k)
      expect(encodeKeySet(back)).toBe(text)
    }
  })

  it('base64url is strict: no padding, no standard alphabet, no stray bits', () => {
    const b = new Uint8Array([0xfb, 0xff, 0x01])
    expect(toBase64Url(b)).toBe('-_8B')
    expect(fromBase64Url('-_8B')).toEqual(b)
    expect(fromBase64Url('AQ')).toEqual(new Uint8Array([1]))
    for (const s of ['AQ==', '+/8B', 'AR', 'A', 'A Q']) expect(() => fromBase64Url(s), s).toThrow()
  })

  describe('decoding names every invalid field', () => {
    let base: Record<string, unknown>
    const text = (mutate: (o: Record<string, any>) => void): string => {
      const o = structuredClone(base) as Record<string, any>
      mutate(o)
      return JSON.stringify(o)
    }

    it('the text itself', async () => {
      base = JSON.parse(encodeKeySet(await generateKeySet(CHAIN)))
      const notJson = await invalid('{"commit":"c2VjcmV0IGtleSBtYXRlcmlhbA", oops', '(text)')
      expect(notJson.message).not.toContain('c2VjcmV0')
      await invalid('[]', '(root)')
      await invalid('null', '(root)')
      await invalid('42', '(root)')
      await invalid('x'.repeat((1 << 20) + 1), '(text)')
      await invalid(
        text((o) => (o.extra = 1)),
        'extra',
      )
      await invalid(
        text((o) => (o.format = 'memory-customs/1')),
        'format',
      )
      await invalid(
        text((o) => delete o.format),
        'format',
      )
      await invalid(
        text((o) => (o.v = 2)),
        'v',
      )
      await invalid(
        text((o) => (o.v = '1')),
        'v',
      )
      for (const chain of ['', '../x', 5, null])
        await invalid(
          text((o) => (o.chain = chain)),
          'chain',
        )
    })

    it('the three HMAC keys', async () => {
      base = JSON.parse(encodeKeySet(await generateKeySet(CHAIN)))
      for (const f of ['commit', 'signing', 'auth']) {
        await invalid(
          text((o) => delete o[f]),
          f,
        )
        await invalid(
          text((o) => (o[f] = 7)),
          f,
        )
        await invalid(
          text((o) => (o[f] = toBase64Url(new Uint8Array(31)))),
          f,
        )
        await invalid(
          text((o) => (o[f] = toBase64Url(new Uint8Array(33)))),
          f,
        )
        await invalid(
          text((o) => (o[f] = o[f] + '=')),
          f,
        )
        await invalid(
          text((o) => (o[f] = o[f].replace(/./, '+'))),
          f,
        )
        // 32 bytes encode to 43 characters whose last one carries 2 unused bits: they must be zero.
        await invalid(
          text((o) => (o[f] = toBase64Url(new Uint8Array(32)).slice(0, 42) + 'B')),
          f,
        )
      }
    })

    it('the checkpoint key', async () => {
      const k = await generateKeySet(CHAIN)
      base = JSON.parse(encodeKeySet(k))
      await invalid(
        text((o) => delete o.checkpoint),
        'checkpoint',
      )
      await invalid(
        text((o) => (o.checkpoint = 'hmac')),
        'checkpoint',
      )
      await invalid(
        text((o) => (o.checkpoint.alg = 'rsa')),
        'checkpoint.alg',
      )
      await invalid(
        text((o) => (o.checkpoint.extra = true)),
        'checkpoint.extra',
      )
      await invalid(
        text((o) => (o.checkpoint.alg = 'hmac')),
        'checkpoint',
      )
      await invalid(
        text((o) => (o.checkpoint.publicKey = toBase64Url(new Uint8Array(31)))),
        'checkpoint.publicKey',
      )
      await invalid(
        text((o) => delete o.checkpoint.privateKey),
        'checkpoint.privateKey',
      )
      await invalid(
        text((o) => (o.checkpoint.privateKey = toBase64Url(new Uint8Array(10)))),
        'checkpoint.privateKey',
      )
      // Junk of the right shape: WebCrypto's DataError becomes a typed error, not a raw DOMException.
      const junk = new Uint8Array(48).fill(0x41)
      junk[0] = 0x30
      const e = await invalid(
        text((o) => (o.checkpoint.privateKey = toBase64Url(junk))),
        'checkpoint.privateKey',
      )
      expect(e.name).toBe('KeyStoreError')
      // A valid key of another pair.
      const other = await generateKeySet(CHAIN)
      if (other.checkpoint.alg !== 'ed25519') throw new Error('Ed25519 expected in Node')
      const priv = toBase64Url(other.checkpoint.privateKey)
      const mismatch = await invalid(
        text((o) => (o.checkpoint.privateKey = priv)),
        'checkpoint.privateKey',
      )
      expect(mismatch.message).toMatch(/does not belong to checkpoint.publicKey/)
      expect(mismatch.message).not.toContain(priv)
    })

    it('the encryption keys', async () => {
      base = JSON.parse(encodeKeySet(await generateKeySet(CHAIN)))
      await invalid(
        text((o) => delete o.encryption),
        'encryption',
      )
      await invalid(
        text((o) => (o.encryption.extra = 1)),
        'encryption.extra',
      )
      await invalid(
        text((o) => (o.encryption.keys = [])),
        'encryption.keys',
      )
      await invalid(
        text((o) => (o.encryption.keys = {})),
        'encryption.keys',
      )
      await invalid(
        text((o) => (o.encryption.keys['../x'] = o.encryption.keys[o.encryption.current])),
        'encryption.keys',
      )
      await invalid(
        text((o) => (o.encryption.keys['k2'] = toBase64Url(new Uint8Array(16)))),
        'encryption.keys.k2',
      )
      await invalid(
        text((o) => (o.encryption.current = 'nope')),
        'encryption.current',
      )
      await invalid(
        text((o) => (o.encryption.current = 1)),
        'encryption.current',
      )
      // An own "__proto__" key from JSON.parse must not become the prototype of the key map.
      const proto = JSON.stringify(base).replace('"keys":{', `"keys":{"__proto__":"${toBase64Url(new Uint8Array(32))}",`)
      await invalid(proto, 'encryption.keys')
    })

    it('never puts key material into the message', async () => {
      const k = await generateKeySet(CHAIN)
      base = JSON.parse(encodeKeySet(k))
      const e = await invalid(
        text((o) => (o.auth = o.auth.slice(1))),
        'auth',
      )
      for (const s of secretsOf(k)) expect(e.message).not.toContain(toBase64Url(s).slice(0, 12))
    })
  })

  it('encodeKeySet refuses a malformed in-memory key set, naming the field', async () => {
    const k = await generateKeySet(CHAIN)
    expect(() => encodeKeySet({ ...k, auth: new Uint8Array(16) })).toThrow(expect.objectContaining({ code: 'KEYS_INVALID', field: 'auth' }))
    expect(() => encodeKeySet({ ...k, encryption: { current: 'x', keys: k.encryption.keys } })).toThrow(
      expect.objectContaining({ field: 'encryption.current' }),
    )
    expect(() => encodeKeySet({ ...k, chain: 'a b' })).toThrow(expect.objectContaining({ field: 'chain' }))
  })

  it('rotation adds a fresh current key and keeps every old id for reading', async () => {
    const k1 = await generateKeySet(CHAIN)
    const before = encodeKeySet(k1)
    const k2 = rotateEncryptionKey(k1)
    const k3 = rotateEncryptionKey(k2)
    expect(encodeKeySet(k1)).toBe(before) // the argument is untouched
    expect(Object.keys(k3.encryption.keys)).toHaveLength(3)
    const ids = [k1.encryption.current, k2.encryption.current, k3.encryption.current]
    expect(new Set(ids).size).toBe(3)
    for (const id of ids) expect(k3.encryption.keys[id]).toHaveLength(32)
    expect(k3.encryption.keys[ids[0]]).toEqual(k1.encryption.keys[ids[0]])
    expect(k3.encryption.keys[ids[1]]).toEqual(k2.encryption.keys[ids[1]])
    expect(toBase64Url(k3.encryption.keys[ids[2]])).not.toBe(toBase64Url(k3.encryption.keys[ids[1]]))
    // Everything else is unchanged.
    expect({ ...k3, encryption: null }).toEqual({ ...k1, encryption: null })
    expect(await decodeKeySet(encodeKeySet(k3))).toEqual(k3)
  })

  it('a value encrypted under an old key id still decrypts after rotation', async () => {
    const k1 = await generateKeySet(CHAIN)
    const oldId = k1.encryption.current
    const aes = (raw: Uint8Array) => crypto.subtle.importKey('raw', raw as BufferSource, 'AES-GCM', false, ['encrypt', 'decrypt'])
    const iv = new Uint8Array(12)
    const ct = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv },
      await aes(k1.encryption.keys[oldId]),
      new TextEncoder().encode('old value'),
    )
    const restored = await importKeys(exportKeys(rotateEncryptionKey(k1)))
    expect(restored.encryption.current).not.toBe(oldId)
    const pt = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, await aes(restored.encryption.keys[oldId]), ct)
    expect(new TextDecoder().decode(pt)).toBe('old value')
  })

  it('export/import is the encoded text; import tolerates surrounding whitespace', async () => {
    const k = await generateKeySet(CHAIN)
    const text = exportKeys(k)
    expect(text).toBe(encodeKeySet(k))
    expect(await importKeys(`\n  ${text}\n`)).toEqual(k)
    await expect(importKeys(text.replace('"v":1', '"v":3'))).rejects.toMatchObject({
      code: 'KEYS_INVALID',
      field: 'v',
      location: 'imported keys',
    })
  })

  it('clones deeply', async () => {
    const k = await generateKeySet(CHAIN)
    const c = cloneKeySet(k)
    c.commit[0] ^= 1
    c.encryption.keys[c.encryption.current][0] ^= 1
    expect(c.commit).not.toEqual(k.commit)
    expect(c.encryption.keys[c.encryption.current]).not.toEqual(k.encryption.keys[k.encryption.current])
  })
})
