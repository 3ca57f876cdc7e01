/**
 * Journal heads, shared by the backends' conditional append (`expectedHead`).
 *
 * The head is the last receipt's seq and hash (lowercase hex, as `Customs.head` shows it; `{ 0, 64 zeros }`
 * before the first receipt). Format-1 receipts store their hash. Format-2 receipts (`{ t: 'r', body, mac }`)
 * do not: their hash is `receiptHashV2(prev, body)` with the first receipt's `prev` the genesis link of the
 * chain id named by the meta entry, and a v2 receipt after v1 history links to the last v1 hash. So a backend
 * cannot read a v2 head off the last entry; it tracks it (HeadTracker): entries are fed in journal order, one
 * SHA-256 per v2 receipt, the same hash the core computed when it wrote it. Backends start tracking on their
 * first conditional append (one pass over the journal then, nothing for stores that never use `expectedHead`)
 * and then feed what they append (and, for IndexedDB, what other tabs appended since).
 *
 * Comparing seq plus the last body instead would be cheaper, but it is not the same check: two writers that
 * forked earlier can write byte-identical bodies at one seq (same clock, same values), and only the hash
 * covers the whole chain.
 */
import { HeadMovedError } from '../errors.js'
import { b64urlToHex, hexToB64url } from '../crypto/hash.js'
import { genesisV2, receiptHashV2 } from '../format/v2.js'
import type { AppendOptions, JournalEntry, JournalHead } from './types.js'

const ZERO_HEX = '0'.repeat(64)
export const EMPTY_HEAD: Readonly<JournalHead> = Object.freeze({ seq: 0, hash: ZERO_HEX })

/** `seq` of a canonical v2 body: `op` always precedes it, and no string value holds an unescaped quote. */
const SEQ_RE = /,"seq":(\d+)[,}]/

/** A tracked head and the v2 link after it (null before a meta entry names the chain). */
export interface TrackedHead extends JournalHead {
  link: string | null
}

/** Follows a journal's head entry by entry, whichever format wrote its receipts. */
export class HeadTracker {
  private seq = 0
  private hash = ZERO_HEX
  /** The `prev` the next v2 receipt hashes with (base64url); null before the meta entry names the chain. */
  private link: string | null = null

  get head(): JournalHead {
    return { seq: this.seq, hash: this.hash }
  }

  /** Where tracking stands: the head and the link the next v2 receipt hashes with (a backend stores it beside the head). */
  get position(): TrackedHead {
    return { seq: this.seq, hash: this.hash, link: this.link }
  }

  /** Continues tracking from a saved position (a PostgreSQL head row) instead of from the journal's start. */
  static resume(at: TrackedHead): HeadTracker {
    const t = new HeadTracker()
    t.seq = at.seq
    t.hash = at.hash
    t.link = at.link
    return t
  }

  push(e: JournalEntry): void {
    if (e.t === 'receipt') {
      this.seq = e.seq
      this.hash = e.hash
      this.link = /^[0-9a-f]{64}$/.test(e.hash) ? hexToB64url(e.hash) : null
    } else if (e.t === 'r') {
      const m = SEQ_RE.exec(e.body)
      this.seq = m ? Number(m[1]) : this.seq + 1
      if (this.link === null) {
        // no chain id yet (a journal without a meta entry): no hash can match; refuse conditional appends
        this.hash = '?'
        return
      }
      this.link = receiptHashV2(this.link, e.body)
      this.hash = b64urlToHex(this.link)
    } else if (e.t === 'meta' && this.seq === 0) {
      try {
        const chain = (JSON.parse(e.body) as { chain?: unknown }).chain
        if (typeof chain === 'string') this.link = genesisV2(chain)
      } catch {
        // not a meta body this version reads; the core refuses to open it anyway
      }
    }
  }

  pushAll(entries: Iterable<JournalEntry>): this {
    for (const e of entries) this.push(e)
    return this
  }
}

/** A head in the spelling backends compare: hex hash, and the empty head before the first receipt. */
export function normalHead(h: JournalHead): JournalHead {
  if (h.seq === 0) return EMPTY_HEAD
  return { seq: h.seq, hash: h.hash.length === 43 ? b64urlToHex(h.hash) : h.hash.toLowerCase() }
}

export function sameHead(a: JournalHead, b: JournalHead): boolean {
  const x = normalHead(a)
  const y = normalHead(b)
  return x.seq === y.seq && x.hash === y.hash
}

/** Throws HeadMovedError when a conditional append's `expectedHead` is not the journal's head `actual`. */
export function checkExpectedHead(options: AppendOptions | undefined, actual: JournalHead, location: string): void {
  const expected = options?.expectedHead
  if (expected && !sameHead(expected, actual)) throw new HeadMovedError(location, { seq: expected.seq, hash: expected.hash }, actual)
}
