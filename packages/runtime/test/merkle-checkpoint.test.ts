import { describe, expect, it } from 'vitest'
import { MerkleFrontier, merkleRootNaive } from '../src/crypto/merkle.js'
import { checkNote, ed25519Signer, hmacSigner, parseCheckpointNote, signCheckpoint } from '../src/crypto/checkpoint.js'
import { leafHashHex, fromHex, toHex, toBase64, fromBase64, sha256, utf8 } from '../src/crypto/hash.js'

describe('RFC 6962 Merkle tree', () => {
  it('the incremental frontier equals the naive recursive MTH for every size up to 300', () => {
    const leaves = Array.from({ length: 300 }, (_, i) => fromHex(leafHashHex(`leaf ${i}`)))
    const f = new MerkleFrontier()
    expect(f.rootHex()).toBe(toHex(sha256(new Uint8Array(0))))
    for (let n = 1; n <= leaves.length; n++) {
      f.push(leaves[n - 1])
      expect(f.rootHex(), `size ${n}`).toBe(toHex(merkleRootNaive(leaves.slice(0, n))))
    }
  })

  it('matches a known RFC 6962 vector (two leaves of empty data)', () => {
    // Leaf hash of the empty string is SHA-256(0x00); the root of [e, e] is SHA-256(0x01 ‖ e ‖ e).
    const e = sha256(new Uint8Array([0]))
    expect(toHex(e)).toBe('6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d')
    const both = new Uint8Array(65)
    both[0] = 1
    both.set(e, 1)
    both.set(e, 33)
    expect(toHex(merkleRootNaive([e, e]))).toBe(toHex(sha256(both)))
  })

  it('base64 round-trips', () => {
    for (let n = 0; n < 40; n++) {
      const b = sha256(utf8(String(n))).slice(0, n % 33)
      expect(fromBase64(toBase64(b))).toEqual(b)
    }
    expect(toBase64(utf8('foobar'))).toBe('Zm9vYmFy')
    expect(toBase64(utf8('fooba'))).toBe('Zm9vYmE=')
    // Non-zero padding bits would let one signature have several spellings: rejected.
    expect(() => fromBase64('Zm9vYmF=')).toThrow(/canonical/)
  })
})

describe('C2SP signed-note checkpoints', () => {
  async function ed() {
    const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair
    const pub = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))
    return ed25519Signer('example.com/log', pair, pub)
  }
  const root = leafHashHex('root')

  it('signs and verifies with Ed25519; the note has the C2SP shape', async () => {
    const s = await ed()
    const cp = await signCheckpoint(s, 'example.com/log', 5, root)
    expect(cp.note).toMatch(/^example\.com\/log\n5\n[A-Za-z0-9+/]{43}=\n\n\u2014 example\.com\/log [A-Za-z0-9+/=]+\n$/)
    const parsed = parseCheckpointNote(cp.note)!
    expect(parsed.root).toBe(root)
    expect(parsed.signatures[0].signature.length).toBe(64)
    expect((await checkNote(cp.note, s)).ok).toBe(true)
  })

  it('rejects a bad signature by a known key, ignores unknown keys, requires one known good signature', async () => {
    const s = await ed()
    const other = await ed()
    const cp = await signCheckpoint(s, 'example.com/log', 5, root)
    expect(await checkNote(cp.note.replace('\n5\n', '\n6\n'), s)).toEqual({ ok: false, code: 'BAD_SIGNATURE' })
    expect(await checkNote(cp.note, other)).toEqual({ ok: false, code: 'UNKNOWN_KEY' })
    const otherCp = await signCheckpoint(other, 'example.com/log', 5, root)
    const both = cp.note + otherCp.note.split('\n\n')[1]
    expect((await checkNote(both, s)).ok).toBe(true)
    expect((await checkNote(both, other)).ok).toBe(true)
    expect(await checkNote('garbage', s)).toEqual({ ok: false, code: 'BAD_ENCODING' })
    expect(await checkNote(cp.note.split('\n\n')[0] + '\n\n', s)).toEqual({ ok: false, code: 'BAD_ENCODING' })
  })

  it('HMAC mode verifies with the same key only', async () => {
    const a = hmacSigner('o', utf8('a'.repeat(32)))
    const b = hmacSigner('o', utf8('b'.repeat(32)))
    const cp = await signCheckpoint(a, 'o', 3, root)
    expect(cp.algorithm).toBe('hmac-sha256')
    expect((await checkNote(cp.note, a)).ok).toBe(true)
    expect(await checkNote(cp.note, b)).toEqual({ ok: false, code: 'BAD_SIGNATURE' })
  })

  it('parse -> serialise -> parse is stable under byte flips (never accepts what it did not sign)', async () => {
    const s = await ed()
    // Several notes, so the last base64 character takes many values (padding-bit flips included).
    for (let size = 1230; size < 1242; size++) {
      const cp = await signCheckpoint(s, 'example.com/log', size, root)
      for (let i = 0; i < cp.note.length; i++) {
        const ch = cp.note.charCodeAt(i)
        const flipped = cp.note.slice(0, i) + String.fromCharCode(ch ^ 1) + cp.note.slice(i + 1)
        const res = await checkNote(flipped, s)
        expect(res.ok, `flip at ${i}`).toBe(false)
      }
    }
  })
})

describe('MerkleFrontier save/restore', () => {
  it('continues from a saved compact range to the same roots, and refuses data that is not one', () => {
    const leaves = Array.from({ length: 45 }, (_, i) => sha256(new TextEncoder().encode(`leaf ${i}`)))
    const whole = new MerkleFrontier()
    for (const l of leaves) whole.push(l)
    for (const cut of [0, 1, 2, 7, 8, 31, 44]) {
      const head = new MerkleFrontier()
      for (const l of leaves.slice(0, cut)) head.push(l)
      const resumed = MerkleFrontier.restore(JSON.parse(JSON.stringify(head.save())))!
      for (const l of leaves.slice(cut)) resumed.push(l)
      expect(resumed.rootHex()).toBe(whole.rootHex())
    }
    expect(toHex(whole.root())).toBe(toHex(merkleRootNaive(leaves)))
    const saved = whole.save()
    expect(MerkleFrontier.restore({ ...saved, size: saved.size + 1 })).toBeNull()
    expect(MerkleFrontier.restore({ ...saved, sizes: [...saved.sizes].reverse() })).toBeNull()
    expect(MerkleFrontier.restore({ ...saved, roots: saved.roots.map(() => 'AAAA') })).toBeNull()
  })
})
