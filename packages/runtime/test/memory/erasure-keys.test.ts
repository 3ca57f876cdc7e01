/**
 * The subject section of a key set (docs/erasure.md): its text form, strict validation field by field, copies,
 * rotation beside it, and persistence through the memory and key-file providers.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { KeyStoreError } from '../../src/errors.js'
import {
  checkShape,
  cloneKeySet,
  decodeKeySet,
  encodeKeySet,
  generateKeySet,
  newSubjectKey,
  newSubjectKeyId,
  rotateEncryptionKey,
  toBase64Url,
  type KeySet,
} from '../../src/keys/keyset.js'
import { createMemoryKeyProvider } from '../../src/keys/memory.js'
import { createNodeFileKeyProvider } from '../../src/keys/node-file.js'
import { testDir } from '../support/temp-dir.js'

const CHAIN = '2a8d032effa832a85267738d08f61c18'
const TAG_A = 'A'.repeat(43)
const TAG_B = 'b_-'.repeat(14) + 'b'

/** A key set with one live subject key (TAG_A) and one tombstone (TAG_B). */
async function withSubjects(): Promise<{ keys: KeySet; live: string; gone: string }> {
  const keys = await generateKeySet(CHAIN)
  keys.subjects = { keys: {}, tags: {}, erased: {} }
  const live = newSubjectKeyId(keys.encryption.keys, keys.subjects)
  keys.subjects.keys[live] = newSubjectKey()
  keys.subjects.tags[TAG_A] = live
  const gone = newSubjectKeyId(keys.encryption.keys, keys.subjects)
  keys.subjects.erased[gone] = TAG_B
  return { keys, live, gone }
}

/** Decodes `text` changed by `edit` (on its parsed JSON) and returns the KEYS_INVALID error's field. */
async function fieldRefused(text: string, edit: (o: any) => void): Promise<string | undefined> {
  const o = JSON.parse(text)
  edit(o)
  const err = await decodeKeySet(JSON.stringify(o), 'test').catch((e: unknown) => e)
  expect(err).toBeInstanceOf(KeyStoreError)
  expect(err).toMatchObject({ code: 'KEYS_INVALID', location: 'test' })
  return (err as KeyStoreError).field
}

describe('subject keys in the key set', () => {
  it('round-trips through the text form; a key set without subjects writes no subjects field', async () => {
    const { keys, live, gone } = await withSubjects()
    const text = encodeKeySet(keys)
    const o = JSON.parse(text)
    expect(o.subjects).toEqual({
      keys: { [live]: toBase64Url(keys.subjects!.keys[live]) },
      tags: { [TAG_A]: live },
      erased: { [gone]: TAG_B },
    })
    const back = await decodeKeySet(text)
    expect(back.subjects).toEqual(keys.subjects)
    expect(encodeKeySet(back)).toBe(text)

    const plain = await generateKeySet(CHAIN)
    expect(Object.keys(JSON.parse(encodeKeySet(plain)))).not.toContain('subjects')
    expect(Object.keys(JSON.parse(encodeKeySet({ ...plain, subjects: { keys: {}, tags: {}, erased: {} } })))).not.toContain('subjects')
    expect((await decodeKeySet(encodeKeySet(plain))).subjects).toBeUndefined()
  })

  it('gives subject keys ids that no encryption key, subject key or tombstone has', async () => {
    const { keys, live, gone } = await withSubjects()
    expect(live).toMatch(/^s[A-Za-z0-9_-]{12}$/)
    const ids = new Set([live, gone, ...Object.keys(keys.encryption.keys)])
    for (let i = 0; i < 200; i++) {
      const id = newSubjectKeyId(keys.encryption.keys, keys.subjects!)
      expect(ids.has(id)).toBe(false)
      ids.add(id)
    }
    expect(newSubjectKey()).toHaveLength(32)
  })

  it('refuses a malformed subject section, naming the field', async () => {
    const { keys, live, gone } = await withSubjects()
    const text = encodeKeySet(keys)
    const enc = Object.keys(keys.encryption.keys)[0]
    expect(await fieldRefused(text, (o) => (o.subjects = []))).toBe('subjects')
    expect(await fieldRefused(text, (o) => (o.subjects.extra = {}))).toBe('subjects.extra')
    expect(await fieldRefused(text, (o) => (o.subjects.keys[live] = 'AAAA'))).toBe(`subjects.keys.${live}`)
    expect(await fieldRefused(text, (o) => (o.subjects.keys['bad id!'] = o.subjects.keys[live]))).toBe('subjects.keys')
    expect(await fieldRefused(text, (o) => (o.subjects.tags['short'] = live))).toBe('subjects.tags')
    expect(await fieldRefused(text, (o) => (o.subjects.tags[TAG_A] = 'sMissing'))).toBe(`subjects.tags.${TAG_A}`)
    expect(await fieldRefused(text, (o) => (o.subjects.tags[TAG_B] = live))).toBe(`subjects.tags.${TAG_B}`)
    expect(await fieldRefused(text, (o) => (o.subjects.erased[live] = TAG_A))).toBe(`subjects.keys.${live}`)
    expect(await fieldRefused(text, (o) => (o.subjects.erased[gone] = 'not a tag'))).toBe(`subjects.erased.${gone}`)
    expect(await fieldRefused(text, (o) => (o.subjects.keys[enc] = o.subjects.keys[live]))).toBe(`subjects.keys.${enc}`)
    expect(await fieldRefused(text, (o) => (o.subjects.erased[enc] = TAG_B))).toBe(`subjects.erased.${enc}`)
    expect(await fieldRefused(text, (o) => (o.subjects.tags[TAG_A] = 5))).toBe(`subjects.tags.${TAG_A}`)
  })

  it('checks the in-memory shape before saving, with the same rules', async () => {
    const { keys, live } = await withSubjects()
    const provider = createMemoryKeyProvider()
    const bad = cloneKeySet(keys)
    bad.subjects!.keys[live] = new Uint8Array(16)
    await expect(provider.save(CHAIN, bad)).rejects.toMatchObject({ code: 'KEYS_INVALID', field: `subjects.keys.${live}` })
    const orphanTag = cloneKeySet(keys)
    orphanTag.subjects!.tags[TAG_B] = 'sNotAKey'
    expect(() => checkShape(orphanTag, 'test')).toThrow(/subjects\.tags/)
    await provider.save(CHAIN, keys)
    const loaded = (await provider.load(CHAIN))!
    expect(loaded.subjects).toEqual(keys.subjects)
    // Copies in and out: changing what was loaded changes nothing stored.
    loaded.subjects!.keys[live].fill(0)
    expect((await provider.load(CHAIN))!.subjects!.keys[live]).toEqual(keys.subjects!.keys[live])
  })

  it('copies deeply, and rotation keeps the subject keys and never reuses their ids', async () => {
    const { keys, live, gone } = await withSubjects()
    const copy = cloneKeySet(keys)
    copy.subjects!.keys[live][0] ^= 1
    delete copy.subjects!.tags[TAG_A]
    expect(keys.subjects!.tags[TAG_A]).toBe(live)
    expect(copy.subjects!.keys[live][0]).not.toBe(keys.subjects!.keys[live][0])
    const rotated = rotateEncryptionKey(keys)
    expect(rotated.subjects).toEqual(keys.subjects)
    expect([live, gone]).not.toContain(rotated.encryption.current)
  })

  it('survives a key file, whose text names subject tags and key ids, never a subject', async () => {
    const dir = testDir('mc-subject-keys-')
    const provider = createNodeFileKeyProvider({ dir })
    const { keys } = await withSubjects()
    await provider.save(CHAIN, keys)
    const text = readFileSync(join(dir, `${CHAIN}.json`), 'utf8')
    expect(JSON.parse(text).subjects.tags).toEqual({ [TAG_A]: keys.subjects!.tags[TAG_A] })
    expect((await provider.load(CHAIN))!.subjects).toEqual(keys.subjects)
  })
})
