import path from 'node:path'

function toPosix(p: string): string {
  return p.replace(/\\/g, '/')
}

/**
 * Turns a bundler module id into the `file` recorded in site metadata: root-relative, POSIX separators,
 * without `\0` prefix, `?query` or `#hash` (Vite adds `?t=…` after HMR and `?raw`/`?url` for assets, and
 * serves files outside the root as `/@fs/<abs>`). Ids that are not absolute paths are kept, normalised.
 */
export function normalizeId(id: string, root: string): { file: string; query: string } {
  let bare = id.startsWith('\0') ? id.slice(1) : id
  let query = ''
  const q = bare.indexOf('?')
  if (q >= 0) {
    query = bare.slice(q)
    bare = bare.slice(0, q)
  }
  // A `#` after the last separator is a hash fragment; one inside a directory name is part of the path.
  const h = bare.lastIndexOf('#')
  if (h >= 0 && !/[\\/]/.test(bare.slice(h))) {
    query = bare.slice(h) + query
    bare = bare.slice(0, h)
  }
  bare = toPosix(bare)
  if (bare.startsWith('/@fs/')) bare = bare.slice(4)
  const posixRoot = toPosix(root).replace(/\/+$/, '')
  const isAbsolute = bare.startsWith('/') || /^[A-Za-z]:\//.test(bare)
  if (!isAbsolute || !posixRoot) return { file: path.posix.normalize(bare).replace(/^\.\//, ''), query }
  const sameDrive = /^[A-Za-z]:/.test(bare) === /^[A-Za-z]:/.test(posixRoot)
  if (!sameDrive) return { file: bare, query }
  const lowerDrive = (p: string) => p.replace(/^([A-Za-z]):/, (_, d: string) => `${d.toLowerCase()}:`)
  const rel = path.posix.relative(lowerDrive(posixRoot), lowerDrive(bare))
  return { file: rel === '' ? path.posix.basename(bare) : rel, query }
}
