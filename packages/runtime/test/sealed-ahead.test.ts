// Value records sealed ahead (src/core/sealed-ahead.ts): a PostgreSQL process seals a value's record while its
// write waits for the head lock, and the journal writer takes that record instead of sealing under the lock.
import { describe, expect, it } from 'vitest'
import { SealedAhead } from '../src/core/sealed-ahead.js'
import { ValueStore } from '../src/core/values.js'
import { ringFromKeySet, type Ring } from '../src/crypto/ring.js'
import { openValue, recordKeyId } from '../src/crypto/values.js'
import { generateKeySet } from '../src/keys/keyset.js'

const ringOf = async (): Promise<Ring> => ringFromKeySet(await generateKeySet('sealed-ahead-test'), 'test')

describe('a value record sealed ahead', () => {
  it('is the record the journal writer takes, once', async () => {
    const ring = await ringOf()
    const values = new ValueStore(ring, true)
    const text = '"checked the supplier quote"'
    values.sealAhead(text)
    values.sealAhead(text) // the same value again: one record
    expect(values.sealedAhead).toBe(1)
    const commit = ring.commit(text)
    // The key's bytes change after sealing ahead: a record sealed now would open only with the new ones. The
    // record taken opens with the old ones, so it is the one sealed ahead.
    const kid = ring.values.current
    const old = ring.values.keys[kid]!
    ring.values.keys[kid] = crypto.getRandomValues(new Uint8Array(32))
    const body = values.recordFor(commit, text)
    expect(values.sealedAhead).toBe(0)
    expect(openValue({ ...ring.values, keys: { [kid]: old } }, commit, body)).toBe(text)
    // taken once: the next record of it is sealed afresh, under the key's bytes of now
    const again = values.recordFor(commit, text)
    expect(openValue(ring.values, commit, again)).toBe(text)
    expect(() => openValue({ ...ring.values, keys: { [kid]: old } }, commit, again)).toThrow()
  })

  it('is sealed again when the key rotated after it was sealed', async () => {
    const ring = await ringOf()
    const values = new ValueStore(ring, true)
    const text = '120'
    values.sealAhead(text)
    const rotated = 'k-rotated'
    ring.values.keys[rotated] = crypto.getRandomValues(new Uint8Array(32))
    ring.values.current = rotated
    const body = values.recordFor(ring.commit(text), text)
    expect(recordKeyId(body)).toBe(rotated)
    expect(values.sealedAhead).toBe(0)
  })

  it('is not used for a subject value, nor made for a value already held, nor without encryption', async () => {
    const ring = await ringOf()
    const values = new ValueStore(ring, true)
    values.sealAhead('"a"')
    const kid = values.subjectKeyId('user-7')
    const commit = ring.commit('"a"')
    expect(recordKeyId(values.recordFor(commit, '"a"', kid))).toBe(kid)
    expect(values.sealedAhead).toBe(1)

    values.remember(ring.commit('"held"'), '"held"')
    values.sealAhead('"held"')
    expect(values.sealedAhead).toBe(1)

    const plain = new ValueStore(ring, false)
    plain.sealAhead('"b"')
    expect(plain.sealedAhead).toBe(0)
    expect(plain.recordFor(ring.commit('"b"'), '"b"')).toBe('{"data":"\\"b\\""}')
  })
})

describe('SealedAhead', () => {
  it('drops what it holds when a record would take it past its bound', () => {
    const ahead = new SealedAhead()
    const big = 'x'.repeat(1024 * 1024)
    for (let i = 0; i < 4; i++) ahead.put(`c${i}`, 'k', big)
    expect(ahead.size).toBe(4)
    ahead.put('c4', 'k', big)
    expect([ahead.size, ahead.has('c0'), ahead.has('c4')]).toEqual([1, false, true])
    // a record sealed under another key is removed and not returned
    expect(ahead.take('c4', 'other')).toBeUndefined()
    expect(ahead.has('c4')).toBe(false)
    ahead.put('c5', 'k', 'body')
    expect(ahead.take('c5', 'k')).toBe('body')
    expect(ahead.take('c5', 'k')).toBeUndefined()
  })
})
