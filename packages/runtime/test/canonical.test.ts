import { describe, expect, it } from 'vitest'
import { canonicalize, CanonicalError, isCanonical, sameCanonical } from '../src/core/canonical.js'
import fc from 'fast-check'
import { encodeBody, parseCanonicalBody, uuidv7, type ReceiptBody } from '../src/core/receipt.js'
import { __usePortableHashing, hashImplementation, leafHashHex, makeHmac, toHex, utf8 } from '../src/crypto/hash.js'
import { sha256 } from '@noble/hashes/sha2.js'

describe('canonical JSON (RFC 8785, strict profile)', () => {
  it('sorts keys by UTF-16 code units and serialises numbers the ECMAScript way', () => {
    // RFC 8785 §3.2.3 sorting example: keys compare by UTF-16 code units, not code points.
    const sorted = canonicalize({
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    })
    // (Read the order from the text: JSON.parse would move the integer-like key "1" first.)
    expect([...sorted.matchAll(/"([^"]*)":/g)].map((m) => JSON.parse(`"${m[1]}"`))).toEqual([
      '\r',
      '1',
      '\u0080',
      '\u00f6',
      '\u20ac',
      '\ud83d\ude00',
      '\ufb33',
    ])
    // RFC 8785 §3.2.2.3 number examples.
    expect(canonicalize([Number('333333333.33333329'), 1e30, 4.5, 0.002, 1e-27, -0, 0.1 + 0.2])).toBe(
      '[333333333.3333333,1e+30,4.5,0.002,1e-27,0,0.30000000000000004]',
    )
    expect(canonicalize({ b: [true, null, 'é'], a: { d: 1, c: '\u2028' } })).toBe('{"a":{"c":"\u2028","d":1},"b":[true,null,"é"]}')
    expect(canonicalize('\u0000"\\\n')).toBe('"\\u0000\\"\\\\\\n"')
  })

  it('keeps look-alike keys apart (no Unicode normalisation)', () => {
    expect(canonicalize({ '\u00e9': 2, 'e\u0301': 1 })).toBe('{"e\u0301":1,"\u00e9":2}')
  })

  const rejected: Array<[string, unknown, RegExp]> = [
    ['undefined', undefined, /is undefined/],
    ['undefined field', { a: undefined }, /value\.a is undefined/],
    ['NaN', [1, Number.NaN], /value\[1\] is NaN/],
    ['Infinity', Infinity, /not a finite number/],
    ['BigInt', { n: 1n }, /BigInt/],
    ['Date', { d: new Date(0) }, /value\.d is a Date/],
    ['Map', new Map(), /is a Map/],
    ['class instance', new (class Foo {})(), /is a Foo/],
    ['function', () => 1, /function/],
    ['symbol', Symbol('x'), /symbol/],
    ['lone surrogate', 'a\ud800b', /lone surrogate/],
    ['lone surrogate key', { ['\udc00']: 1 }, /lone surrogate/],
    ['__proto__ key', JSON.parse('{"__proto__":1}'), /forbidden key "__proto__"/],
    ['constructor key', { nested: { constructor: 'x' } }, /value\.nested\.constructor uses the forbidden key/],
    // oxlint-disable-next-line no-sparse-arrays -- the hole is the point
    ['sparse array', [1, , 3], /hole/],
  ]
  for (const [name, v, msg] of rejected)
    it(`rejects ${name} before hashing`, () => {
      expect(() => canonicalize(v)).toThrow(CanonicalError)
      expect(() => canonicalize(v)).toThrow(msg)
    })

  it('rejects cycles but not shared references', () => {
    const shared = { x: 1 }
    expect(canonicalize({ a: shared, b: shared })).toBe('{"a":{"x":1},"b":{"x":1}}')
    const cyc: unknown[] = []
    cyc.push(cyc)
    expect(() => canonicalize(cyc)).toThrow(/cyclic/)
  })

  it('receipt bodies take safe integers only', () => {
    expect(() => canonicalize({ seq: 1.5 }, { integersOnly: true })).toThrow(/safe integers/)
    expect(() => canonicalize({ seq: -0 }, { integersOnly: true })).toThrow(/-0/)
    expect(() => canonicalize({ seq: 2 ** 53 }, { integersOnly: true })).toThrow(/safe integers/)
    expect(canonicalize({ seq: 2 ** 53 - 1 }, { integersOnly: true })).toBe('{"seq":9007199254740991}')
  })

  it('stops early when the output grows past maxLength', () => {
    expect(() => canonicalize({ s: 'x'.repeat(100) }, { maxLength: 50 })).toThrow(/larger than 50/)
  })

  it('isCanonical accepts exactly the canonical text', () => {
    expect(isCanonical('{"a":1,"b":2}')).toBe(true)
    expect(isCanonical('{"b":2,"a":1}')).toBe(false)
    expect(isCanonical('{"a": 1}')).toBe(false)
    expect(isCanonical('{"a":1.0}')).toBe(false)
    expect(isCanonical('{"a":1.5}', true)).toBe(false)
    expect(isCanonical('{"a":"\\u00e9"}')).toBe(false)
  })
})

describe('receipt body encoding', () => {
  const body: ReceiptBody = {
    v: 1,
    chain: 'c0ffee',
    seq: 42,
    id: uuidv7(1_700_000_000_000),
    ts: '2026-01-01T00:00:00.000Z',
    actor: 'agent "7"',
    op: 'COMMIT',
    pool: 'decision',
    key: 'risk\u00e9\ud83d\ude00',
    old: null,
    new: 'ab'.repeat(32),
    site: { file: 'src/a.ts', line: 3, column: 9, fn: 'Agent.remember' },
    tool: null,
    call: null,
    reason: 'line\nbreak',
    prev: '0'.repeat(64),
  }

  it('the fast encoder equals the generic canonical encoder', () => {
    expect(encodeBody(body)).toBe(canonicalize(body, { integersOnly: true }))
    const noSite = { ...body, site: null, pool: null, key: null }
    expect(encodeBody(noSite)).toBe(canonicalize(noSite, { integersOnly: true }))
  })

  it('refuses lone surrogates and non-integers in bodies', () => {
    expect(() => encodeBody({ ...body, key: '\ud800' })).toThrow(/lone surrogate/)
    expect(() => encodeBody({ ...body, seq: 1.5 })).toThrow(/safe integer/)
  })

  it('golden vector: fixed body -> fixed bytes -> fixed hash', () => {
    const fixed = { ...body, id: '018bcfe5-6800-7000-8000-000000000000' }
    const text = encodeBody(fixed)
    expect(text).toBe(
      '{"actor":"agent \\"7\\"","call":null,"chain":"c0ffee","id":"018bcfe5-6800-7000-8000-000000000000","key":"riské😀","new":"' +
        'ab'.repeat(32) +
        '","old":null,"op":"COMMIT","pool":"decision","prev":"' +
        '0'.repeat(64) +
        '","reason":"line\\nbreak","seq":42,"site":{"column":9,"file":"src/a.ts","fn":"Agent.remember","line":3},"tool":null,"ts":"2026-01-01T00:00:00.000Z","v":1}',
    )
    // Leaf hash = SHA-256(0x00 ‖ bytes), checked against an independent computation.
    const bytes = utf8(text)
    const withPrefix = new Uint8Array(bytes.length + 1)
    withPrefix.set(bytes, 1)
    expect(leafHashHex(text)).toBe(toHex(sha256(withPrefix)))
  })

  it('the fast body parser accepts exactly what encodeBody writes (property, with mutations)', () => {
    const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom('\u2028', '\u007f', '\b\t\n\f\r\u000b', '"\\/'))
    const nullable = fc.option(text, { nil: null })
    const uint = fc.oneof(fc.nat(), fc.constant(Number.MAX_SAFE_INTEGER))
    const bodyArb = fc.record({
      v: fc.constant(1 as const),
      chain: text,
      seq: uint,
      id: text,
      ts: text,
      actor: nullable,
      op: text as fc.Arbitrary<ReceiptBody['op']>,
      pool: nullable as fc.Arbitrary<ReceiptBody['pool']>,
      key: nullable,
      old: nullable,
      new: nullable,
      site: fc.option(fc.record({ file: text, line: uint, column: uint, fn: nullable }), { nil: null }),
      tool: nullable,
      call: nullable,
      reason: nullable,
      prev: text,
    })
    fc.assert(
      fc.property(bodyArb, fc.nat(), fc.integer({ min: 0, max: 0xffff }), (b, at, code) => {
        let encoded: string
        try {
          encoded = encodeBody(b)
        } catch {
          return // lone surrogates: not encodable, nothing to parse
        }
        expect(parseCanonicalBody(encoded)).toEqual(b)
        // Replace one code unit: the parser accepts the result exactly when it is still a canonical body.
        const i = at % encoded.length
        const mutated = encoded.slice(0, i) + String.fromCharCode(code) + encoded.slice(i + 1)
        let canonical = false
        try {
          canonical = encodeBody(JSON.parse(mutated) as ReceiptBody) === mutated && (JSON.parse(mutated) as ReceiptBody).v === 1
        } catch {
          canonical = false
        }
        expect(parseCanonicalBody(mutated) !== null, mutated).toBe(canonical)
      }),
      { numRuns: 3000, seed: 8785 },
    )
  })

  it('uuidv7 has the version and variant bits and the timestamp prefix', () => {
    const id = uuidv7(0x018bcfe56800)
    expect(id).toMatch(/^018bcfe5-6800-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })
})

describe('hashing backends agree', () => {
  it('node:crypto and @noble/hashes give identical leaf hashes and HMACs', () => {
    const key = utf8('k'.repeat(32))
    const texts = ['', 'a', 'é€😀', 'x'.repeat(10_000)]
    const viaNode = texts.map((t) => [leafHashHex(t), makeHmac(key)(t)])
    expect(hashImplementation()).toBe('node:crypto')
    __usePortableHashing(true)
    try {
      expect(hashImplementation()).toBe('@noble/hashes')
      expect(texts.map((t) => [leafHashHex(t), makeHmac(key)(t)])).toEqual(viaNode)
    } finally {
      __usePortableHashing(false)
    }
  })
})

describe('sameCanonical (the decision gate skips re-encoding a schema output that equals its input)', () => {
  const json = fc.jsonValue({ maxDepth: 6 })
  it('true only when both encode the same', () => {
    fc.assert(
      fc.property(json, json, fc.boolean(), (a, other, copy) => {
        // half the time a fresh copy of `a` (what zod returns), half the time an unrelated value
        const b = copy ? (JSON.parse(JSON.stringify(a)) as unknown) : other
        let encoded: string
        try {
          encoded = canonicalize(a) // its precondition: a value canonicalize accepts (no `__proto__` key, ...)
        } catch {
          return
        }
        if (sameCanonical(a, b)) expect(canonicalize(b)).toBe(encoded)
      }),
      { numRuns: 500 },
    )
  })
  it('a fresh copy is recognised, a changed leaf or key, a class instance or a hole is not', () => {
    const a = { risk: 'low', limits: [1, 2, { max: 3 }], note: null }
    expect(sameCanonical(a, structuredClone(a))).toBe(true)
    expect(sameCanonical(a, { ...a, limits: [1, 2, { max: 4 }] })).toBe(false)
    expect(sameCanonical(a, { risk: 'low', limits: a.limits, notes: null })).toBe(false)
    expect(sameCanonical({ at: {} }, { at: new Date(0) })).toBe(false)
    // eslint-disable-next-line no-sparse-arrays
    expect(sameCanonical([1, null], [1, ,])).toBe(false)
  })
})
