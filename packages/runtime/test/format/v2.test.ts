/**
 * Format v2 receipt bodies: the hand-written encoder equals the generic canonical encoder (nulls left out),
 * the strict parser accepts exactly what the encoder writes, and hashes/ids derive as documented.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { canonicalize } from '../../src/core/canonical.js'
import { OPS } from '../../src/core/receipt.js'
import { encodeBodyV2, genesisV2, parseBodyV2, receiptHashV2, receiptIdV2, type BodyV2 } from '../../src/format/v2.js'
import { createHash } from 'node:crypto'
import { b64urlToHex, fromBase64url, hexToB64url, toBase64url } from '../../src/crypto/hash.js'

const text = fc.string({ unit: 'grapheme', maxLength: 12 })
const nullable = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null })
const nat = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })
const body: fc.Arbitrary<BodyV2> = fc.record({
  seq: nat,
  ts: nat,
  op: fc.constantFrom(...OPS),
  pool: nullable(fc.constantFrom('decision' as const, 'execution' as const, 'plans' as const, 'observed' as const)),
  key: nullable(text),
  old: nullable(text),
  new: nullable(text),
  // `via` (a wrapper's inner frame) is present or absent, never null
  site: nullable(
    fc.record(
      {
        file: text,
        line: nat,
        column: nat,
        fn: nullable(text),
        via: fc.record({ file: text, line: nat, column: nat, fn: nullable(text) }),
      },
      { requiredKeys: ['file', 'line', 'column', 'fn'] },
    ),
  ),
  tool: nullable(text),
  call: nullable(text),
  actor: nullable(text),
  reason: nullable(text),
  sig: nullable(text),
})

function withoutNulls(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v
  return Object.fromEntries(
    Object.entries(v as object)
      .filter(([, x]) => x !== null)
      .map(([k, x]) => [k, withoutNulls(x)]),
  )
}

describe('format v2 body', () => {
  it('encodes exactly as the canonical encoder does with null fields left out', () => {
    fc.assert(
      fc.property(body, (b) => encodeBodyV2(b) === canonicalize(withoutNulls(b), { integersOnly: true })),
      { numRuns: 2000 },
    )
  })

  it('parses back what it encodes', () => {
    fc.assert(
      fc.property(body, (b) => {
        expect(parseBodyV2(encodeBodyV2(b))).toEqual(b)
      }),
      { numRuns: 2000 },
    )
  })

  it('accepts an altered text only when it is again the canonical encoding of what it parses to', () => {
    fc.assert(
      fc.property(body, fc.nat(), fc.integer({ min: 1, max: 127 }), (b, at, xor) => {
        const t = encodeBodyV2(b)
        const i = at % t.length
        const altered = t.slice(0, i) + String.fromCharCode(t.charCodeAt(i) ^ xor) + t.slice(i + 1)
        const parsed = parseBodyV2(altered)
        if (parsed) expect(encodeBodyV2(parsed)).toBe(altered)
      }),
      { numRuns: 5000 },
    )
  })

  it('rejects an explicit null, a missing required field, floats and leading zeros', () => {
    const ok = encodeBodyV2({
      seq: 1,
      ts: 2,
      op: 'COMMIT',
      pool: 'decision',
      key: 'k',
      old: null,
      new: 'n',
      site: null,
      tool: null,
      call: null,
      actor: null,
      reason: null,
      sig: null,
    })
    expect(ok).toBe('{"key":"k","new":"n","op":"COMMIT","pool":"decision","seq":1,"ts":2}')
    expect(parseBodyV2(ok)).not.toBeNull()
    for (const bad of [
      '{"key":"k","new":"n","old":null,"op":"COMMIT","pool":"decision","seq":1,"ts":2}',
      '{"key":"k","new":"n","op":"COMMIT","pool":"decision","ts":2}',
      '{"key":"k","new":"n","op":"COMMIT","pool":"decision","seq":1.5,"ts":2}',
      '{"key":"k","new":"n","op":"COMMIT","pool":"decision","seq":01,"ts":2}',
      '{"new":"n","key":"k","op":"COMMIT","pool":"decision","seq":1,"ts":2}',
      '{"key":"k", "new":"n","op":"COMMIT","pool":"decision","seq":1,"ts":2}',
    ])
      expect(parseBodyV2(bad), bad).toBeNull()
  })

  it('refuses to encode a lone surrogate or a negative number', () => {
    const b: BodyV2 = {
      seq: 1,
      ts: 2,
      op: 'COMMIT',
      pool: null,
      key: '\ud800',
      old: null,
      new: null,
      site: null,
      tool: null,
      call: null,
      actor: null,
      reason: null,
      sig: null,
    }
    expect(() => encodeBodyV2(b)).toThrow(/key contains a lone surrogate/)
    expect(() => encodeBodyV2({ ...b, key: 'k', seq: -1 })).toThrow(/seq is not a non-negative safe integer/)
  })
})

describe('format v2 hashes and ids (test vectors)', () => {
  it('genesis and receipt hash are SHA-256 as documented', () => {
    const chain = '00112233445566778899aabbccddeeff'
    const g = createHash('sha256').update(`memory-customs/2 genesis\n${chain}`).digest('base64url')
    expect(genesisV2(chain)).toBe(g)
    const b = '{"op":"ROLLBACK","seq":1,"ts":0}'
    expect(receiptHashV2(g, b)).toBe(
      createHash('sha256')
        .update(Buffer.concat([Buffer.from([0]), Buffer.from(g + b)]))
        .digest('base64url'),
    )
    expect(receiptHashV2(g, b)).toHaveLength(43)
  })

  it('ids are UUIDv7 with the receipt time and bits of the hash', () => {
    const id = receiptIdV2(Date.parse('2026-11-30T12:00:00Z'), 'f'.repeat(64))
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.parse('2026-11-30T12:00:00Z'))
  })

  it('ids take the time and the documented hash bits, whatever time was asked before (the time part is cached)', () => {
    const hex = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'))
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 2 ** 48 - 1 }), hex), { minLength: 1, maxLength: 4 }), (calls) => {
        for (const [ts, h] of calls) {
          const t = ts.toString(16).padStart(12, '0')
          const variant = ((parseInt(h[3], 16) & 3) | 8).toString(16)
          const expected = `${t.slice(0, 8)}-${t.slice(8)}-7${h.slice(0, 3)}-${variant}${h.slice(4, 7)}-${h.slice(7, 19)}`
          expect(receiptIdV2(ts, h)).toBe(expected)
        }
      }),
    )
  })

  it('base64url round-trips and is strict', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (b) => {
        expect(fromBase64url(toBase64url(b))).toEqual(b)
      }),
    )
    expect(b64urlToHex(hexToB64url('ab'.repeat(32)))).toBe('ab'.repeat(32))
    // 43 characters (a hash, a commitment) take a faster path: same answers, same strictness.
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (b) => {
        expect(b64urlToHex(toBase64url(b))).toBe(Buffer.from(b).toString('hex'))
      }),
    )
    const h = toBase64url(new Uint8Array(32).fill(7))
    expect(() => b64urlToHex(h.slice(0, 42) + 'B')).toThrow() // non-zero unused bits
    expect(() => b64urlToHex(h.slice(0, 42) + '=')).toThrow()
    expect(() => b64urlToHex(h.slice(0, 42) + 'é')).toThrow()
    expect(() => b64urlToHex(h.slice(0, 41) + '+A')).toThrow()
    expect(() => fromBase64url('AB=')).toThrow()
    expect(() => fromBase64url('AB+/')).toThrow()
    expect(fromBase64url('AQ')).toEqual(new Uint8Array([1]))
    expect(() => fromBase64url('AR')).toThrow() // non-zero unused bits: a second spelling of the same byte
  })
})

describe('HMAC-SHA256 over one-shot hashes', () => {
  it('equals node:crypto createHmac for any key length and any text (hex and base64url)', async () => {
    const { createHmac } = await import('node:crypto')
    const { makeHmac, makeHmacBase64url } = await import('../../src/crypto/hash.js')
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 130 }), fc.string({ unit: 'grapheme', maxLength: 200 }), (key, t) => {
        expect(makeHmac(key)(t)).toBe(createHmac('sha256', key).update(t, 'utf8').digest('hex'))
        expect(makeHmacBase64url(key)(t)).toBe(createHmac('sha256', key).update(t, 'utf8').digest('base64url'))
      }),
      { numRuns: 1000 },
    )
  })

  it('one keyed function stays exact across short texts (a reused buffer) and long ones, in any order', async () => {
    const { createHmac } = await import('node:crypto')
    const { makeHmacBase64url } = await import('../../src/crypto/hash.js')
    const key = new Uint8Array(32).fill(9)
    const hmac = makeHmacBase64url(key)
    const long = fc.string({ unit: 'grapheme', minLength: 1000, maxLength: 1400 })
    const short = fc.string({ unit: 'grapheme', maxLength: 40 })
    fc.assert(
      fc.property(
        fc.array(fc.oneof(long, short, fc.constant('é'.repeat(1024)), fc.constant('😀'.repeat(600))), { maxLength: 6 }),
        (texts) => {
          for (const t of texts) expect(hmac(t)).toBe(createHmac('sha256', key).update(t, 'utf8').digest('base64url'))
        },
      ),
      { numRuns: 200 },
    )
  })
})
