/**
 * Value records: what a store keeps of each committed value, and how a value is read back.
 *
 * Values written in this process are held as canonical text and trusted for the life of the process. Values
 * loaded from storage are kept as stored (sealed) and opened on their first read, synchronously: decrypted,
 * then checked against the commitment their receipt holds. A value that fails is never returned: the read
 * throws ValueIntegrityError naming the receipt. Format-1 records (`{"data":…,"sig":…}`, plaintext, hex
 * commitments) are read the same way with the legacy keys.
 */
import { ValueIntegrityError } from '../errors.js'
import { hexEqual } from '../crypto/hash.js'
import type { Ring } from '../crypto/ring.js'
import { isSealedBody, openValue, sealValue, ValueRecordError } from '../crypto/values.js'

/** Format-1 commitments are 64 hex characters; format-2 ones 43 base64url characters. */
const isLegacyCommit = (commit: string): boolean => commit.length === 64

export class ValueStore {
  /** Canonical value text by commitment: written here, or opened and checked once. */
  private readonly plain = new Map<string, string>()
  /** Records read from the journal at open, as stored (sealed); opened on first read, then dropped from here. */
  private readonly stored = new Map<string, string>()
  /** Format-1 result signatures by commitment (format 2 keeps them in the STORE receipt). */
  private readonly legacySigs = new Map<string, string>()

  constructor(
    private readonly ring: Ring,
    /** Seal new records with AES-GCM (the default), or store them as plaintext `{"data":…}`. */
    private readonly encrypt: boolean,
  ) {}

  /** Whether a record for this commitment is already stored (the same value is stored once). */
  has(commit: string): boolean {
    return this.plain.has(commit) || this.stored.has(commit)
  }

  /** A value written in this process: held as text; its journal record is sealed by `recordFor` at flush. */
  remember(commit: string, text: string): void {
    this.plain.set(commit, text)
  }

  /** The journal body of a value written in this process (sealed unless encryption is off). */
  recordFor(commit: string, text: string): string {
    return this.encrypt ? sealValue(this.ring.values, commit, text) : JSON.stringify({ data: text })
  }

  /** A record read from the journal at open: kept as stored, opened on first read. */
  loadStored(commit: string, body: string): void {
    if (!this.plain.has(commit)) this.stored.set(commit, body)
  }

  /**
   * The canonical text behind a commitment, checked; undefined when no record is stored for it. Throws
   * ValueIntegrityError (naming `seq`) when the stored record does not open or does not match.
   */
  text(commit: string, seq = 0): string | undefined {
    const cached = this.plain.get(commit)
    if (cached !== undefined) return cached
    const body = this.stored.get(commit)
    if (body === undefined) return undefined
    const text = this.open(commit, body, seq)
    this.plain.set(commit, text)
    this.stored.delete(commit)
    return text
  }

  /** A fresh copy of the value behind a commitment, or undefined. */
  read(commit: string | null | undefined, seq = 0): unknown {
    if (!commit) return undefined
    const text = this.text(commit, seq)
    return text === undefined ? undefined : JSON.parse(text)
  }

  /** Format-1 tool results carry their signature in the record; undefined for format-2 records. */
  legacySignature(commit: string): string | undefined {
    this.text(commit)
    return this.legacySigs.get(commit)
  }

  private open(commit: string, body: string, seq: number): string {
    let text: string
    if (isSealedBody(body)) {
      try {
        text = openValue(this.ring.values, commit, body)
      } catch (e) {
        throw new ValueIntegrityError(
          seq,
          commit,
          e instanceof ValueRecordError && e.problem === 'unknown-key'
            ? `is sealed with a key the key store does not hold (${e.message})`
            : 'does not decrypt (altered, moved to another commitment, or sealed with another key)',
        )
      }
    } else {
      let rec: { data?: unknown; sig?: unknown }
      try {
        rec = JSON.parse(body) as typeof rec
      } catch {
        throw new ValueIntegrityError(seq, commit, 'is not a readable record')
      }
      if (typeof rec?.data !== 'string') throw new ValueIntegrityError(seq, commit, 'is not a readable record')
      text = rec.data
      if (typeof rec.sig === 'string') this.legacySigs.set(commit, rec.sig)
    }
    const expected = isLegacyCommit(commit) ? this.ring.legacy.commit(text) : this.ring.commit(text)
    if (!hexEqual(expected, commit))
      throw new ValueIntegrityError(seq, commit, 'does not match its commitment (swapped or altered at rest)')
    return text
  }
}
