/** The environment-variable and in-memory providers, and how the key store option is resolved. */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KeyStoreError, OptionError } from '../../src/errors.js'
import { createEnvKeyProvider } from '../../src/keys/env.js'
import { exportKeys, generateKeySet, toBase64Url } from '../../src/keys/keyset.js'
import { createMemoryKeyProvider } from '../../src/keys/memory.js'
import { platformKeyProvider, requireKeys, resolveKeyProvider, type KeyProvider, type Witness } from '../../src/keys/provider.js'
import { secretsOf } from './helpers.js'

const CHAIN = '0123456789abcdef0123456789abcdef'
const VAR = 'MC_TEST_KEYS_' + process.pid
const witness: Witness = { seq: 7, hash: 'ab'.repeat(32), mac: 'cd'.repeat(32) }

let root: string
const savedDir = process.env.MEMORY_CUSTOMS_KEY_DIR
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'mc-keys-'))
})
afterEach(() => {
  delete process.env[VAR]
  if (savedDir === undefined) delete process.env.MEMORY_CUSTOMS_KEY_DIR
  else process.env.MEMORY_CUSTOMS_KEY_DIR = savedDir
  rmSync(root, { recursive: true, force: true })
})

describe('environment variable provider', () => {
  it('loads the exported key text from process.env; unset or empty is null', async () => {
    const p = createEnvKeyProvider({ variable: VAR })
    expect(p).toMatchObject({ kind: 'env', location: `env:${VAR}`, witness: 'memory' })
    expect(await p.load(CHAIN)).toBeNull()
    process.env[VAR] = '  '
    expect(await p.load(CHAIN)).toBeNull()
    const k = await generateKeySet(CHAIN)
    process.env[VAR] = exportKeys(k) + '\n'
    expect(await p.load(CHAIN)).toEqual(k)
  })

  it('refuses keys of another chain and junk, naming the variable but not its content', async () => {
    const p = createEnvKeyProvider({ variable: VAR })
    const k = await generateKeySet(CHAIN)
    process.env[VAR] = exportKeys(k)
    await expect(p.load('fedcba9876543210fedcba9876543210')).rejects.toMatchObject({
      code: 'KEYS_INVALID',
      field: 'chain',
      location: `env:${VAR}`,
    })
    process.env[VAR] = 'hunter2-not-a-key-set'
    const err = await p.load(CHAIN).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(KeyStoreError)
    expect(err).toMatchObject({ code: 'KEYS_INVALID', location: `env:${VAR}` })
    expect((err as Error).message).not.toContain('hunter2')
  })

  it('is read-only: save throws KEYS_READ_ONLY telling to set the variable, with nothing secret in it', async () => {
    const p = createEnvKeyProvider({ variable: VAR })
    const k = await generateKeySet(CHAIN)
    const err = await p.save(CHAIN, k).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(KeyStoreError)
    expect(err).toMatchObject({ code: 'KEYS_READ_ONLY', location: `env:${VAR}` })
    expect((err as Error).message).toContain(`set ${VAR}`)
    const everything = JSON.stringify({ ...(err as object), message: (err as Error).message, stack: (err as Error).stack })
    for (const s of secretsOf(k)) expect(everything).not.toContain(toBase64Url(s).slice(0, 12))
    expect(process.env[VAR]).toBeUndefined()
  })

  it('keeps the witness in memory by default (lost with the process), or in witnessDir', async () => {
    const mem = createEnvKeyProvider({ variable: VAR })
    await mem.saveWitness(CHAIN, witness)
    expect(await mem.loadWitness(CHAIN)).toEqual(witness)
    expect(await createEnvKeyProvider({ variable: VAR }).loadWitness(CHAIN)).toBeNull()

    const dir = join(root, 'witness')
    const file = createEnvKeyProvider({ variable: VAR, witnessDir: dir })
    expect(file.witness).toBe('file')
    await file.saveWitness(CHAIN, witness)
    expect(readdirSync(dir)).toEqual([`${CHAIN}.witness.json`])
    expect(statSync(join(dir, `${CHAIN}.witness.json`)).mode & 0o777).toBe(0o600)
    expect(await createEnvKeyProvider({ variable: VAR, witnessDir: dir }).loadWitness(CHAIN)).toEqual(witness)
  })

  it('reads a given environment object instead of process.env', async () => {
    const k = await generateKeySet(CHAIN)
    const p = createEnvKeyProvider({ variable: 'KEYS', env: { KEYS: exportKeys(k) } })
    expect(await p.load(CHAIN)).toEqual(k)
  })
})

describe('memory provider', () => {
  it('stores copies for the life of the provider object', async () => {
    const p = createMemoryKeyProvider()
    expect(p).toMatchObject({ kind: 'memory', location: 'memory' })
    expect(await p.load(CHAIN)).toBeNull()
    const k = await generateKeySet(CHAIN)
    await p.save(CHAIN, k)
    const first = await p.load(CHAIN)
    expect(first).toEqual(k)
    k.commit[0] ^= 1 // the caller's object is not the stored one
    first!.auth[0] ^= 1 // nor is what load returned
    const again = await p.load(CHAIN)
    expect(again!.commit[0]).toBe(k.commit[0] ^ 1)
    expect(again!.auth).not.toEqual(first!.auth)
    expect(await createMemoryKeyProvider().load(CHAIN)).toBeNull()
    await expect(p.save('fedcba9876543210fedcba9876543210', again!)).rejects.toMatchObject({ code: 'KEYS_INVALID', field: 'chain' })
    await expect(p.save(CHAIN, { ...again!, signing: new Uint8Array(3) })).rejects.toMatchObject({ code: 'KEYS_INVALID', field: 'signing' })
  })

  it('keeps the witness, validated', async () => {
    const p = createMemoryKeyProvider()
    expect(await p.loadWitness(CHAIN)).toBeNull()
    await p.saveWitness(CHAIN, witness)
    expect(await p.loadWitness(CHAIN)).toEqual(witness)
    await expect(p.saveWitness(CHAIN, { ...witness, mac: '' })).rejects.toMatchObject({ code: 'KEYS_INVALID', field: 'mac' })
  })
})

describe('requireKeys', () => {
  it('returns the keys of an existing chain, and KEYS_MISSING (never fresh keys) when there are none', async () => {
    const p = createMemoryKeyProvider()
    const err = await requireKeys(p, CHAIN).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(KeyStoreError)
    expect(err).toMatchObject({ code: 'KEYS_MISSING', location: 'memory' })
    expect((err as Error).message).toContain(CHAIN)
    expect(await p.load(CHAIN)).toBeNull()
    const k = await generateKeySet(CHAIN)
    await p.save(CHAIN, k)
    expect(await requireKeys(p, CHAIN)).toEqual(k)
  })
})

describe('resolveKeyProvider', () => {
  const neverDefault = (): KeyProvider => {
    throw new Error('the platform default must not be used')
  }

  it('maps each option form to its provider', async () => {
    const custom = createMemoryKeyProvider()
    const sentinel = { ...createMemoryKeyProvider(), kind: 'kms', location: 'kms:test' }
    expect(await resolveKeyProvider(undefined, () => custom)).toBe(custom)
    expect(await resolveKeyProvider(undefined, async () => custom)).toBe(custom)
    expect(await resolveKeyProvider(sentinel, neverDefault)).toBe(sentinel)
    expect(await resolveKeyProvider('memory', neverDefault)).toMatchObject({ kind: 'memory' })
    expect(await resolveKeyProvider({ dir: root }, neverDefault)).toMatchObject({ kind: 'node-file', location: root })
    expect(await resolveKeyProvider({ env: VAR }, neverDefault)).toMatchObject({ kind: 'env', location: `env:${VAR}`, witness: 'memory' })
    expect(await resolveKeyProvider({ env: VAR, witnessDir: root }, neverDefault)).toMatchObject({ kind: 'env', witness: 'file' })
  })

  it('a KMS wrapper is any object implementing KeyProvider', async () => {
    // Keys kept as exported text by an external service (here: a Map standing in for the service's storage).
    const vault = new Map<string, string>()
    const { importKeys } = await import('../../src/keys/keyset.js')
    const kms: KeyProvider = {
      kind: 'kms',
      location: 'kms:projects/p/keyRings/r',
      load: async (chain) => (vault.has(chain) ? importKeys(vault.get(chain)!) : null),
      save: async (chain, keys) => void vault.set(chain, exportKeys(keys)),
      loadWitness: async () => null,
      saveWitness: async () => undefined,
    }
    const p = await resolveKeyProvider(kms, neverDefault)
    const k = await generateKeySet(CHAIN)
    await p.save(CHAIN, k)
    expect(await p.load(CHAIN)).toEqual(k)
  })

  it('rejects malformed options with an OptionError naming the option', async () => {
    const cases: Array<[unknown, string]> = [
      ['file', 'keyStore'],
      [42, 'keyStore'],
      [null, 'keyStore'],
      [{}, 'keyStore'],
      [{ dir: '' }, 'keyStore.dir'],
      [{ dir: 5 }, 'keyStore.dir'],
      [{ env: 'HAS SPACE' }, 'keyStore.env'],
      [{ env: VAR, witnessDir: '' }, 'keyStore.witnessDir'],
      [{ kind: 'x', location: 'y', load: async () => null }, 'keyStore'],
    ]
    for (const [option, name] of cases) {
      const err = await resolveKeyProvider(option as never, neverDefault).catch((e: unknown) => e)
      expect(err, JSON.stringify(option)).toBeInstanceOf(OptionError)
      expect((err as Error).message).toContain(name)
    }
    const partial = await resolveKeyProvider({ kind: 'x', location: 'y', load: async () => null } as never, neverDefault).catch(
      (e: Error) => e,
    )
    expect((partial as Error).message).toMatch(/save, loadWitness, saveWitness/)
  })

  it('the Node platform default is the key file directory', async () => {
    process.env.MEMORY_CUSTOMS_KEY_DIR = root
    expect(await resolveKeyProvider(undefined, platformKeyProvider)).toMatchObject({ kind: 'node-file', location: root })
  })
})
