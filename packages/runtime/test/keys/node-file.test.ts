/** Node key files on the real file system: modes, default directory, atomic writes, typed errors. */
import { spawnSync } from 'node:child_process'
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KeyStoreError } from '../../src/errors.js'
import { encodeKeySet, generateKeySet, toBase64Url } from '../../src/keys/keyset.js'
import { createNodeFileKeyProvider, defaultKeyDir } from '../../src/keys/node-file.js'
import { secretsOf } from './helpers.js'

const CHAIN = '0123456789abcdef0123456789abcdef'
const mode = (p: string) => statSync(p).mode & 0o777

let root: string
const savedEnv = { XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME, MEMORY_CUSTOMS_KEY_DIR: process.env.MEMORY_CUSTOMS_KEY_DIR }

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'mc-keys-'))
})

afterEach(() => {
  for (const [k, v] of Object.entries(savedEnv)) {
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
  rmSync(root, { recursive: true, force: true })
})

describe('Node key files', () => {
  it('saves and loads a key set; a missing chain is null', async () => {
    const p = createNodeFileKeyProvider({ dir: join(root, 'keys') })
    expect(p.kind).toBe('node-file')
    expect(p.location).toBe(join(root, 'keys'))
    expect(await p.load(CHAIN)).toBeNull()
    expect(await p.loadWitness(CHAIN)).toBeNull()
    const k = await generateKeySet(CHAIN)
    await p.save(CHAIN, k)
    expect(readFileSync(p.keyFile(CHAIN), 'utf8')).toBe(encodeKeySet(k) + '\n')
    expect(await p.load(CHAIN)).toEqual(k)
    // A second provider on the same directory (another process, later) reads the same keys.
    expect(await createNodeFileKeyProvider({ dir: join(root, 'keys') }).load(CHAIN)).toEqual(k)
    expect(await p.load('fedcba9876543210fedcba9876543210')).toBeNull()
  })

  it('creates folders 0700 and files 0600, whatever the umask', async () => {
    // 0o377 would make mkdir/open produce 0400 dirs and files: the chmod must set the exact modes.
    const old = process.umask(0o377)
    try {
      const dir = join(root, 'a', 'b', 'keys')
      const p = createNodeFileKeyProvider({ dir })
      await p.save(CHAIN, await generateKeySet(CHAIN))
      await p.saveWitness(CHAIN, { seq: 3, hash: 'ab'.repeat(32), mac: 'cd'.repeat(32) })
      for (const d of [join(root, 'a'), join(root, 'a', 'b'), dir]) expect(mode(d), d).toBe(0o700)
      expect(mode(p.keyFile(CHAIN))).toBe(0o600)
      expect(mode(p.witnessFile(CHAIN))).toBe(0o600)
    } finally {
      process.umask(old)
    }
    const old2 = process.umask(0o000)
    try {
      const p = createNodeFileKeyProvider({ dir: join(root, 'open-umask') })
      await p.save(CHAIN, await generateKeySet(CHAIN))
      expect(mode(join(root, 'open-umask'))).toBe(0o700)
      expect(mode(p.keyFile(CHAIN))).toBe(0o600)
    } finally {
      process.umask(old2)
    }
  })

  it('tightens an existing key folder or key file open to others, and never loosens', async () => {
    const dir = join(root, 'loose')
    mkdirSync(dir)
    chmodSync(dir, 0o755)
    const p = createNodeFileKeyProvider({ dir })
    const k = await generateKeySet(CHAIN)
    await p.save(CHAIN, k)
    expect(mode(dir)).toBe(0o700)
    chmodSync(p.keyFile(CHAIN), 0o644)
    expect(await createNodeFileKeyProvider({ dir }).load(CHAIN)).toEqual(k)
    expect(mode(p.keyFile(CHAIN))).toBe(0o600)

    const strict = join(root, 'strict')
    mkdirSync(strict)
    chmodSync(strict, 0o500 | 0o200) // 0700 already: untouched
    const q = createNodeFileKeyProvider({ dir: strict })
    await q.save(CHAIN, k)
    chmodSync(q.keyFile(CHAIN), 0o400)
    expect(await q.load(CHAIN)).toEqual(k)
    expect(mode(q.keyFile(CHAIN))).toBe(0o400)
  })

  it('writes atomically: no temp file is left, and temp files of dead processes are removed', async () => {
    const dir = join(root, 'keys')
    const p = createNodeFileKeyProvider({ dir })
    const k = await generateKeySet(CHAIN)
    await p.save(CHAIN, k)
    await p.save(CHAIN, k)
    for (let seq = 1; seq <= 20; seq++) await p.saveWitness(CHAIN, { seq, hash: 'ab'.repeat(32), mac: 'cd'.repeat(32) })
    expect(readdirSync(dir).sort()).toEqual([`${CHAIN}.json`, `${CHAIN}.witness.json`])
    expect(await p.loadWitness(CHAIN)).toEqual({ seq: 20, hash: 'ab'.repeat(32), mac: 'cd'.repeat(32) })

    // A process that died between creating its temp file and the rename.
    const dead = spawnSync(process.execPath, ['-e', '']).pid
    const abandoned = `${CHAIN}.json.tmp-${dead}-0badf00d`
    writeFileSync(join(dir, abandoned), 'partial', { mode: 0o600 })
    // A live process's temp file (another writer mid-write) is left alone.
    const live = `${CHAIN}.json.tmp-${process.ppid}-0badf00d`
    writeFileSync(join(dir, live), 'another writer', { mode: 0o600 })
    await createNodeFileKeyProvider({ dir }).save(CHAIN, k)
    expect(readdirSync(dir).sort()).toEqual([`${CHAIN}.json`, live, `${CHAIN}.witness.json`].sort())
  })

  it('reports a corrupt key file as KEYS_INVALID naming the file, without its content', async () => {
    const p = createNodeFileKeyProvider({ dir: root })
    const file = p.keyFile(CHAIN)
    const k = await generateKeySet(CHAIN)
    const cases = [
      'not json at all',
      '',
      encodeKeySet(k).slice(0, 100),
      encodeKeySet(k).replace(/"auth":"[^"]+"/, `"auth":"${toBase64Url(new Uint8Array(8))}"`),
    ]
    for (const text of cases) {
      writeFileSync(file, text)
      const err = await p.load(CHAIN).then(
        () => null,
        (e: unknown) => e,
      )
      expect(err).toBeInstanceOf(KeyStoreError)
      expect(err).toMatchObject({ code: 'KEYS_INVALID', location: file })
      expect((err as Error).message).toContain(file)
      for (const s of secretsOf(k)) expect((err as Error).message).not.toContain(toBase64Url(s).slice(0, 12))
    }
    writeFileSync(p.witnessFile(CHAIN), '{"v":1,"seq":-1,"hash":"a","mac":"b"}')
    await expect(p.loadWitness(CHAIN)).rejects.toMatchObject({ code: 'KEYS_INVALID', field: 'seq', location: p.witnessFile(CHAIN) })
    writeFileSync(p.witnessFile(CHAIN), '{"seq":1')
    await expect(p.loadWitness(CHAIN)).rejects.toMatchObject({ code: 'KEYS_INVALID', location: p.witnessFile(CHAIN) })
  })

  it('refuses keys of another chain, and chain ids that are not file names', async () => {
    const p = createNodeFileKeyProvider({ dir: root })
    const other = 'fedcba9876543210fedcba9876543210'
    const k = await generateKeySet(CHAIN)
    await expect(p.save(other, k)).rejects.toMatchObject({ code: 'KEYS_INVALID', field: 'chain' })
    await p.save(CHAIN, k)
    copyFileSync(p.keyFile(CHAIN), join(root, `${other}.json`))
    await expect(p.load(other)).rejects.toMatchObject({ code: 'KEYS_INVALID', field: 'chain' })
    for (const bad of ['../x', 'a/b', '', '.json']) {
      await expect(p.load(bad)).rejects.toMatchObject({ code: 'KEYS_INVALID', field: 'chain' })
      await expect(p.saveWitness(bad, { seq: 1, hash: 'a', mac: 'b' })).rejects.toMatchObject({ code: 'KEYS_INVALID' })
    }
    await expect(p.saveWitness(CHAIN, { seq: 1.5, hash: 'a', mac: 'b' })).rejects.toMatchObject({ code: 'KEYS_INVALID', field: 'seq' })
    await expect(p.saveWitness(CHAIN, { seq: 1, hash: 'a\nb', mac: 'b' })).rejects.toMatchObject({ code: 'KEYS_INVALID', field: 'hash' })
  })

  it('reports a key path it cannot use as KEYS_UNAVAILABLE', async () => {
    const file = join(root, 'plain-file')
    writeFileSync(file, 'x')
    const p = createNodeFileKeyProvider({ dir: file })
    await expect(p.save(CHAIN, await generateKeySet(CHAIN))).rejects.toMatchObject({ code: 'KEYS_UNAVAILABLE', location: file })
    mkdirSync(join(root, 'd', `${CHAIN}.json`), { recursive: true })
    await expect(createNodeFileKeyProvider({ dir: join(root, 'd') }).load(CHAIN)).rejects.toMatchObject({ code: 'KEYS_UNAVAILABLE' })
  })

  describe('default directory', () => {
    it('is $MEMORY_CUSTOMS_KEY_DIR when set', async () => {
      process.env.XDG_CONFIG_HOME = join(root, 'xdg')
      process.env.MEMORY_CUSTOMS_KEY_DIR = join(root, 'explicit')
      expect(defaultKeyDir()).toBe(join(root, 'explicit'))
      const p = createNodeFileKeyProvider()
      expect(p.dir).toBe(join(root, 'explicit'))
      await p.save(CHAIN, await generateKeySet(CHAIN))
      expect(readdirSync(join(root, 'explicit'))).toEqual([`${CHAIN}.json`])
    })

    it('else $XDG_CONFIG_HOME/memory-customs/keys', async () => {
      delete process.env.MEMORY_CUSTOMS_KEY_DIR
      process.env.XDG_CONFIG_HOME = join(root, 'xdg')
      const p = createNodeFileKeyProvider()
      expect(p.dir).toBe(join(root, 'xdg', 'memory-customs', 'keys'))
      const k = await generateKeySet(CHAIN)
      await p.save(CHAIN, k)
      expect(mode(join(root, 'xdg'))).toBe(0o700)
      expect(mode(join(root, 'xdg', 'memory-customs'))).toBe(0o700)
      expect(await createNodeFileKeyProvider().load(CHAIN)).toEqual(k)
    })

    it('else ~/.config/memory-customs/keys (a relative XDG_CONFIG_HOME is ignored, as the XDG spec says)', () => {
      delete process.env.MEMORY_CUSTOMS_KEY_DIR
      delete process.env.XDG_CONFIG_HOME
      expect(defaultKeyDir()).toBe(join(homedir(), '.config', 'memory-customs', 'keys'))
      process.env.XDG_CONFIG_HOME = 'relative/config'
      expect(defaultKeyDir()).toBe(join(homedir(), '.config', 'memory-customs', 'keys'))
      expect(defaultKeyDir({ XDG_CONFIG_HOME: '/cfg' })).toBe(join('/cfg', 'memory-customs', 'keys'))
    })
  })
})
