/**
 * Node key files (the Node default). One directory, outside every store's data folder:
 *
 *   $MEMORY_CUSTOMS_KEY_DIR, else ${XDG_CONFIG_HOME:-~/.config}/memory-customs/keys/
 *     <chain>.json          the key set (docs/keys.md), mode 0600
 *     <chain>.witness.json  the last authenticated head, mode 0600
 *
 * Directories this provider creates get mode 0700, an existing key directory open to group or others is
 * tightened to owner-only, and modes are set with chmod so a permissive umask cannot loosen them. Every write
 * is atomic (temp file created 0600, fsync, rename, fsync of the directory): after a crash the old or the new
 * file is there, never a mix. Node built-ins are reached through `process.getBuiltinModule`, so this module
 * can sit in a browser bundle without pulling `node:*` in.
 */
import type * as Fs from 'node:fs'
import type * as Path from 'node:path'
import type * as Os from 'node:os'
import { KeyStoreError } from '../errors.js'
import { randomBytes, toHex } from '../crypto/hash.js'
import { assertChainId, chainMismatch, checkShape, decodeKeySet, encodeKeySet, type KeySet } from './keyset.js'
import type { KeyProvider, Witness } from './provider.js'
import { decodeWitness, encodeWitness } from './witness.js'

export const KEY_DIR_ENV = 'MEMORY_CUSTOMS_KEY_DIR'
const FILE_MODE = 0o600
const DIR_MODE = 0o700
const TEMP = /\.tmp-(\d+)-[0-9a-f]{8}$/

interface Node {
  fs: typeof Fs
  path: typeof Path
  os: typeof Os
  pid: number
  posix: boolean
}

function node(location: string): Node {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown; pid?: number; platform?: string } }).process
  if (typeof proc?.getBuiltinModule !== 'function')
    throw new KeyStoreError(
      'KEYS_UNAVAILABLE',
      location,
      'Node key files need Node.js >= 20.16 (process.getBuiltinModule); in a browser keys live in IndexedDB',
    )
  return {
    fs: proc.getBuiltinModule('node:fs') as typeof Fs,
    path: proc.getBuiltinModule('node:path') as typeof Path,
    os: proc.getBuiltinModule('node:os') as typeof Os,
    pid: proc.pid ?? 0,
    posix: proc.platform !== 'win32',
  }
}

function errno(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : undefined
}

/**
 * The default key directory: `$MEMORY_CUSTOMS_KEY_DIR` if set, else `$XDG_CONFIG_HOME/memory-customs/keys`
 * (XDG_CONFIG_HOME only when absolute, as the XDG spec says), else `~/.config/memory-customs/keys`.
 */
export function defaultKeyDir(
  env: Record<string, string | undefined> = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {},
): string {
  const { path, os } = node('default key directory')
  const explicit = env[KEY_DIR_ENV]
  if (explicit) return path.resolve(explicit)
  const xdg = env.XDG_CONFIG_HOME
  const config = xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), '.config')
  return path.join(config, 'memory-customs', 'keys')
}

export interface NodeFileKeyProviderOptions {
  /** The key directory; default `defaultKeyDir()` (read when the provider is created). */
  dir?: string
}

export interface NodeFileKeyProvider extends KeyProvider {
  readonly kind: 'node-file'
  /** The absolute key directory (also `location`). */
  readonly dir: string
  keyFile(chain: string): string
  witnessFile(chain: string): string
}

export function createNodeFileKeyProvider(options: NodeFileKeyProviderOptions = {}): NodeFileKeyProvider {
  return new NodeFileKeys(options.dir)
}

class NodeFileKeys implements NodeFileKeyProvider {
  readonly kind = 'node-file'
  readonly dir: string
  readonly location: string
  private readonly n: Node
  /** Set once the directory was created or checked, so the frequent witness writes skip the checks. */
  private dirReady = false

  constructor(dir: string | undefined) {
    this.n = node(dir ?? 'default key directory')
    this.dir = dir === undefined ? defaultKeyDir() : this.n.path.resolve(dir)
    this.location = this.dir
  }

  keyFile(chain: string): string {
    assertChainId(chain, this.location)
    return this.n.path.join(this.dir, `${chain}.json`)
  }

  witnessFile(chain: string): string {
    assertChainId(chain, this.location)
    return this.n.path.join(this.dir, `${chain}.witness.json`)
  }

  async load(chain: string): Promise<KeySet | null> {
    const file = this.keyFile(chain)
    const text = this.read(file)
    if (text === null) return null
    this.tighten(file, FILE_MODE)
    const keys = await decodeKeySet(text, file)
    if (keys.chain !== chain) throw chainMismatch(file, chain, keys.chain)
    return keys
  }

  async save(chain: string, keys: KeySet): Promise<void> {
    const file = this.keyFile(chain)
    checkShape(keys, file)
    if (keys.chain !== chain) throw chainMismatch(file, chain, keys.chain)
    await this.writeAtomic(file, encodeKeySet(keys) + '\n')
  }

  async loadWitness(chain: string): Promise<Witness | null> {
    const file = this.witnessFile(chain)
    const text = this.read(file)
    return text === null ? null : decodeWitness(text, file)
  }

  async saveWitness(chain: string, w: Witness): Promise<void> {
    const file = this.witnessFile(chain)
    await this.writeAtomic(file, encodeWitness(w, file) + '\n')
  }

  private read(file: string): string | null {
    try {
      return this.n.fs.readFileSync(file, 'utf8')
    } catch (err) {
      if (errno(err) === 'ENOENT') return null
      throw new KeyStoreError('KEYS_UNAVAILABLE', file, `cannot read the key file (${errno(err) ?? 'error'})`, undefined, err)
    }
  }

  /** Removes group and other permissions from a file or directory we own (never adds any). */
  private tighten(target: string, mode: number): void {
    if (!this.n.posix) return
    const { fs } = this.n
    try {
      const st = fs.statSync(target)
      if ((st.mode & 0o077) === 0) return
      fs.chmodSync(target, st.mode & mode & 0o777)
    } catch (err) {
      throw new KeyStoreError(
        'KEYS_UNAVAILABLE',
        target,
        `is readable or writable by other users and its mode cannot be tightened (${errno(err) ?? 'error'})`,
        undefined,
        err,
      )
    }
  }

  /** Creates the key directory (0700, parents too) or tightens it; removes temp files of dead processes. */
  private ensureDir(): void {
    if (this.dirReady) return
    const { fs, path } = this.n
    try {
      const first = fs.mkdirSync(this.dir, { recursive: true, mode: DIR_MODE })
      if (first !== undefined) {
        // mkdir applied the umask; chmod each created directory and make its entry durable in its parent.
        const top = path.resolve(first)
        for (let d = this.dir; ; d = path.dirname(d)) {
          if (this.n.posix) fs.chmodSync(d, DIR_MODE)
          this.fsyncDir(path.dirname(d))
          if (d === top) break
        }
      } else {
        if (!fs.statSync(this.dir).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' })
        this.tighten(this.dir, DIR_MODE)
      }
      for (const name of fs.readdirSync(this.dir)) {
        const m = TEMP.exec(name)
        if (m && !alive(Number(m[1]))) fs.rmSync(path.join(this.dir, name), { force: true })
      }
    } catch (err) {
      if (err instanceof KeyStoreError) throw err
      throw new KeyStoreError('KEYS_UNAVAILABLE', this.dir, `cannot create the key directory (${errno(err) ?? 'error'})`, undefined, err)
    }
    this.dirReady = true
  }

  private fsyncDir(dir: string): void {
    const { fs } = this.n
    const fd = fs.openSync(dir, 'r')
    try {
      fs.fsyncSync(fd)
    } finally {
      fs.closeSync(fd)
    }
  }

  /**
   * Temp file created 0600 (and chmod-ed, whatever the umask), fsync, rename over `file`, fsync the directory. The
   * writes and fsyncs run on libuv's threads: the witness is rewritten about once a second while a store is busy,
   * and synchronous fsyncs there would stall every writer of the process each time.
   */
  private async writeAtomic(file: string, text: string): Promise<void> {
    this.ensureDir()
    const { promises: fsp, rmSync } = this.n.fs
    const tmp = `${file}.tmp-${this.n.pid}-${toHex(randomBytes(4))}`
    try {
      const handle = await fsp.open(tmp, 'wx', FILE_MODE)
      try {
        if (this.n.posix) await handle.chmod(FILE_MODE)
        await handle.writeFile(text)
        await handle.sync()
      } finally {
        await handle.close()
      }
      await fsp.rename(tmp, file)
      const dir = await fsp.open(this.dir, 'r')
      try {
        await dir.sync()
      } finally {
        await dir.close()
      }
    } catch (err) {
      rmSync(tmp, { force: true })
      throw new KeyStoreError('KEYS_UNAVAILABLE', file, `cannot write the key file (${errno(err) ?? 'error'})`, undefined, err)
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return errno(err) === 'EPERM'
  }
}
