import { StorageBackendError } from '../../errors.js'
import { errnoOf, type NodeModules } from './node.js'

/**
 * Single writer per directory: `<dir>/LOCK` holds the writer's pid, host, process start time and a random
 * token. It is created with link(2) from a fully written temp file, so the lock file is never seen empty
 * or half written. A lock whose process is gone (or whose pid now belongs to a newer process) is stale and
 * is taken over; a live one makes `open()` fail with LOCKED naming the directory and the holder.
 */
interface Holder {
  pid: number
  host: string
  /** /proc/<pid>/stat start time, to tell a reused pid from the original holder (Linux only). */
  procStart: string | null
  since: string
  token: string
}

export interface HeldLock {
  release(): void
}

function procStartOf(node: NodeModules, pid: number): string | null {
  try {
    const stat = node.fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Field 22 (starttime); the command name (field 2) may contain spaces, so count from its closing paren.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return rest[19] ?? null
  } catch {
    return null
  }
}

function readHolder(node: NodeModules, file: string): Holder | null {
  try {
    const h = JSON.parse(node.fs.readFileSync(file, 'utf8')) as Holder
    return typeof h.pid === 'number' && typeof h.token === 'string' ? h : null
  } catch {
    return null
  }
}

function isAlive(node: NodeModules, h: Holder): boolean {
  if (h.host !== node.os.hostname()) return true // another machine on a shared disk: cannot tell, assume alive
  if (h.pid === process.pid) return true // opened twice in this very process
  try {
    process.kill(h.pid, 0)
  } catch (err) {
    return errnoOf(err) === 'EPERM' // exists but belongs to someone else
  }
  if (h.procStart !== null) {
    const now = procStartOf(node, h.pid)
    if (now !== null && now !== h.procStart) return false // the pid was reused by a newer process
  }
  return true
}

export function acquireLock(node: NodeModules, dir: string): HeldLock {
  const { fs, path, crypto, os } = node
  const lockFile = path.join(dir, 'LOCK')
  const me: Holder = {
    pid: process.pid,
    host: os.hostname(),
    procStart: procStartOf(node, process.pid),
    since: new Date().toISOString(),
    token: crypto.randomBytes(12).toString('hex'),
  }
  const tmp = path.join(dir, `LOCK.${process.pid}.${me.token}.tmp`)
  const fd = fs.openSync(tmp, 'wx', 0o600)
  try {
    fs.writeSync(fd, JSON.stringify(me))
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        fs.linkSync(tmp, lockFile)
        break
      } catch (err) {
        if (errnoOf(err) !== 'EEXIST') throw err
      }
      const holder = readHolder(node, lockFile)
      if (holder && isAlive(node, holder)) {
        throw new StorageBackendError(
          'LOCKED',
          dir,
          `${dir} is already open for writing by pid ${holder.pid} on ${holder.host} since ${holder.since} (${lockFile}); close that Customs first, or read it without the lock: createCustoms({ storage: { file: ${JSON.stringify(dir)}, lock: false } })`,
        )
      }
      if (attempt >= 3) {
        throw new StorageBackendError('LOCKED', dir, `could not take over the stale lock ${lockFile} after ${attempt} attempts`)
      }
      takeOverStale(node, lockFile, holder)
    }
  } finally {
    fs.rmSync(tmp, { force: true })
  }
  removeLeftoverTemps(node, dir)
  let released = false
  return {
    release() {
      if (released) return
      released = true
      const holder = readHolder(node, lockFile)
      if (holder?.token === me.token) fs.rmSync(lockFile, { force: true })
    },
  }
}

/**
 * Moves the stale lock aside with rename(2), which is atomic on the inode: if, between our check and the
 * rename, another process replaced it with a live lock, we notice (different token) and put that one back.
 */
function takeOverStale(node: NodeModules, lockFile: string, stale: Holder | null): void {
  const { fs, crypto } = node
  const aside = `${lockFile}.stale-${process.pid}-${crypto.randomBytes(4).toString('hex')}`
  try {
    fs.renameSync(lockFile, aside)
  } catch (err) {
    if (errnoOf(err) === 'ENOENT') return // someone else removed it; retry the link
    throw err
  }
  const moved = readHolder(node, aside)
  if (moved !== null && moved.token !== stale?.token) {
    try {
      fs.linkSync(aside, lockFile)
    } catch {
      // a third process already holds LOCK; the moved live lock's owner will find its lock replaced
    }
  }
  fs.rmSync(aside, { force: true })
}

/** `LOCK.<pid>.<token>.tmp` files left by processes killed while taking the lock. */
function removeLeftoverTemps(node: NodeModules, dir: string): void {
  for (const name of node.fs.readdirSync(dir)) {
    const m = /^LOCK\.(\d+)\.[0-9a-f]+\.tmp$/.exec(name)
    if (!m || Number(m[1]) === process.pid) continue
    try {
      process.kill(Number(m[1]), 0)
    } catch (err) {
      if (errnoOf(err) === 'ESRCH') node.fs.rmSync(node.path.join(dir, name), { force: true })
    }
  }
}
