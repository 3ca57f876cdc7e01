import type * as Fs from 'node:fs'
import type * as Path from 'node:path'
import type * as Crypto from 'node:crypto'
import type * as Os from 'node:os'
import { StorageBackendError } from '../../errors.js'

/**
 * The runtime entry is isomorphic and must not import Node built-ins statically; the file backend asks for
 * them only when it is used (process.getBuiltinModule, Node >= 20.16).
 */
export interface NodeModules {
  fs: typeof Fs
  path: typeof Path
  crypto: typeof Crypto
  os: typeof Os
}

let cached: NodeModules | undefined

export function nodeModules(location: string): NodeModules {
  if (cached) return cached
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
  if (typeof proc?.getBuiltinModule !== 'function') {
    throw new StorageBackendError(
      'UNSUPPORTED',
      location,
      'the file backend ({ file: dir }) needs Node.js >= 20.16 (process.getBuiltinModule); in a browser use { indexedDB: name }',
    )
  }
  cached = {
    fs: proc.getBuiltinModule('node:fs') as typeof Fs,
    path: proc.getBuiltinModule('node:path') as typeof Path,
    crypto: proc.getBuiltinModule('node:crypto') as typeof Crypto,
    os: proc.getBuiltinModule('node:os') as typeof Os,
  }
  return cached
}

export function errnoOf(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : undefined
}

/** fsync a directory so that a created, renamed or removed entry in it survives a power loss. */
export function fsyncDir(node: NodeModules, dir: string): void {
  const fd = node.fs.openSync(dir, 'r')
  try {
    node.fs.fsyncSync(fd)
  } finally {
    node.fs.closeSync(fd)
  }
}

/** Store files are readable by their owner only: receipts name keys, tools and sites even when values are sealed. */
export const FILE_MODE = 0o600
export const DIR_MODE = 0o700

/** Creates `dir` (and missing parents, mode 0700) and fsyncs the parent of every directory it created. */
export function ensureDir(node: NodeModules, dir: string): void {
  const first = node.fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE })
  if (first === undefined) return
  // mkdir applies the umask; the store folder itself gets exactly 0700 whatever the umask.
  node.fs.chmodSync(dir, DIR_MODE)
  // mkdir created `first` and everything below it down to `dir`: each one's parent must be made durable.
  let created = node.path.resolve(dir)
  const top = node.path.resolve(first)
  for (;;) {
    fsyncDir(node, node.path.dirname(created))
    if (created === top) break
    created = node.path.dirname(created)
  }
}

const TEMP = /\.tmp-\d+-[0-9a-f]{8}$/

/**
 * Removes temp files (`<name>.tmp-<pid>-<hex>`) that the index-image writer of earlier releases left behind
 * when its process died before the rename. Call it only while holding the directory's writer lock.
 */
export function removeAbandonedTemps(node: NodeModules, dir: string): number {
  let removed = 0
  for (const name of node.fs.readdirSync(dir)) {
    if (!TEMP.test(name)) continue
    node.fs.rmSync(node.path.join(dir, name), { force: true })
    removed++
  }
  return removed
}
