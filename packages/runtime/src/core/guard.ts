/** Whether the store may still be read and written: closed, or opened read-only over a damaged journal. */
import { ClosedError, DamagedStoreError, StorageBackendError } from '../errors.js'
import type { JournalDamage } from './damage.js'

export class StoreGuard {
  closed = false
  /** Set when the journal could not be read to its end: reads work, writes throw DamagedStoreError. */
  damage: JournalDamage | null = null
  /**
   * Set when the journal reads to its end but does not verify at open (or ends in an unauthenticated tail, or
   * before its witness): reads work, writes throw DamagedStoreError, verify reports the failure itself.
   */
  unverified: JournalDamage | null = null
  /**
   * The backend, when it can be opened without the writer lock (`storage: { file, lock: false }`, a follower tab):
   * while it says `readOnly`, writes throw before anything is recorded, instead of failing later at the flush.
   */
  backend: { readonly readOnly?: boolean; readonly location: string } | null = null

  ensureOpen(what: string): void {
    if (this.closed) throw new ClosedError(what)
  }

  /** Whether a write would be accepted now (what `ensureWritable` checks, without throwing). */
  get writable(): boolean {
    return !this.closed && !this.damage && !this.unverified && !this.backend?.readOnly
  }

  /** Open, and the journal was read to its end (nothing may be appended after a damaged record). */
  ensureWritable(what: string): void {
    this.ensureOpen(what)
    const d = this.damage ?? this.unverified
    if (d) throw new DamagedStoreError(what, d)
    if (this.backend?.readOnly)
      throw new StorageBackendError('READ_ONLY', this.backend.location, `${what} refused: the store was opened read-only (lock: false)`)
  }

  /** The verification failure the damage stands for: the first receipt that could not be read. */
  damageFailure(): { seq: number; code: 'BAD_ENCODING'; detail: string } | null {
    const d = this.damage
    return d
      ? {
          seq: d.afterSeq + 1,
          code: 'BAD_ENCODING',
          detail: `journal record ${d.record}${d.byteOffset === undefined ? '' : ` (byte ${d.byteOffset})`} of ${d.location} does not decode`,
        }
      : null
  }
}
