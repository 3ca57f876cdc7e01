/**
 * Value records sealed before their write reaches the journal writer.
 *
 * A PostgreSQL process checks a write locally when it is made and applies it at the store's head later, under a
 * lock that every process of the store takes in turn: the lock's hold sets the store's throughput. Sealing the
 * value (AES-GCM) while the write waits for the lock, rather than under it, takes that work out of the hold.
 * A record is taken once, and used only if it was sealed under the key that is current when the journal writer
 * needs it (after a key rotation it is sealed again).
 */

/** The most text held sealed ahead: records of writes the head refused, or whose value it already held, are never taken. */
const MAX_CHARS = 4 * 1024 * 1024

export class SealedAhead {
  private readonly records = new Map<string, { kid: string; body: string }>()
  private chars = 0

  has(commit: string): boolean {
    return this.records.has(commit)
  }

  /** Keeps the record of `commit`, sealed under key `kid`; when full, what was kept is dropped first. */
  put(commit: string, kid: string, body: string): void {
    if (this.chars + body.length > MAX_CHARS) {
      this.records.clear()
      this.chars = 0
    }
    this.records.set(commit, { kid, body })
    this.chars += body.length
  }

  /** The record of `commit` if it was sealed under `kid`, removed either way; undefined when there is none. */
  take(commit: string, kid: string): string | undefined {
    const r = this.records.get(commit)
    if (r === undefined) return undefined
    this.records.delete(commit)
    this.chars -= r.body.length
    return r.kid === kid ? r.body : undefined
  }

  get size(): number {
    return this.records.size
  }
}
