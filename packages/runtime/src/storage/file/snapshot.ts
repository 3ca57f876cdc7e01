import type { JournalEntry, JournalPosition, OpenSnapshotStorage } from '../types.js'
import { FILE_MODE, fsyncDir, type NodeModules } from './node.js'

/**
 * The file backend's side of open snapshots: `<dir>/open-snapshot.bin`, replaced atomically (a temp file named
 * like the ones `removeAbandonedTemps` clears, fsync, rename, fsync of the directory), so a crash leaves either
 * the old snapshot or the new one, never half of one. What the bytes mean is the core's business.
 */
export const SNAPSHOT_FILE = 'open-snapshot.bin'

/** Journal bytes read per call while hashing segments (a multiple of nothing in particular: segments may span reads). */
const DIGEST_CHUNK = 4 << 20

export interface SnapshotFileAccess {
  dir: string
  /** The backend's Node modules; throws CLOSED unless the backend is open. */
  node(): NodeModules
  /** The journal's open descriptor. */
  fd(): number
  /** End of the valid journal (a torn tail excluded). */
  validBytes(): number
  position(): JournalPosition | null
  readBatchesFrom(from: JournalPosition, seq: number): AsyncIterable<JournalEntry[]>
}

export function fileSnapshotStorage(access: SnapshotFileAccess): OpenSnapshotStorage {
  const file = (node: NodeModules) => node.path.join(access.dir, SNAPSHOT_FILE)
  return {
    async load() {
      const node = access.node()
      try {
        const buf = node.fs.readFileSync(file(node))
        return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength)
      } catch {
        // No snapshot (an older store, or a crash before the first close), or one that cannot be read: replay.
        return null
      }
    },

    async save(bytes) {
      const node = access.node()
      const { fs, path, crypto } = node
      const target = file(node)
      const temp = path.join(access.dir, `${SNAPSHOT_FILE}.tmp-${process.pid}-${crypto.randomBytes(4).toString('hex')}`)
      const fd = fs.openSync(temp, 'wx', FILE_MODE)
      try {
        let done = 0
        while (done < bytes.byteLength) done += fs.writeSync(fd, bytes, done, bytes.byteLength - done)
        fs.fsyncSync(fd)
      } catch (err) {
        fs.closeSync(fd)
        fs.rmSync(temp, { force: true })
        throw err
      }
      fs.closeSync(fd)
      fs.renameSync(temp, target)
      fsyncDir(node, access.dir)
    },

    position: () => access.position(),

    async digests(length, segment) {
      const { fs, crypto } = access.node()
      const fd = access.fd()
      if (!(segment > 0) || access.validBytes() < length) return null
      const out: Uint8Array[] = []
      const buf = Buffer.allocUnsafe(Math.min(DIGEST_CHUNK, Math.max(1, length)))
      let hash = crypto.createHash('sha256')
      let inSegment = 0
      let pos = 0
      while (pos < length) {
        const n = fs.readSync(fd, buf, 0, Math.min(buf.byteLength, length - pos), pos)
        if (n <= 0) return null // shrank under us
        let at = 0
        while (at < n) {
          const take = Math.min(n - at, segment - inSegment)
          hash.update(buf.subarray(at, at + take))
          at += take
          inSegment += take
          if (inSegment === segment) {
            out.push(new Uint8Array(hash.digest()))
            hash = crypto.createHash('sha256')
            inSegment = 0
          }
        }
        pos += n
      }
      if (inSegment > 0 || out.length === 0) out.push(new Uint8Array(hash.digest()))
      return out
    },

    readBatchesFrom: (from, seq) => access.readBatchesFrom(from, seq),
  }
}
