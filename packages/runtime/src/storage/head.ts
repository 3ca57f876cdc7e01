/** Journal heads, shared by the backends' conditional append (`expectedHead`). */
import { HeadMovedError } from '../errors.js'
import type { AppendOptions, JournalEntry, JournalHead } from './types.js'

export const EMPTY_HEAD: Readonly<JournalHead> = Object.freeze({ seq: 0, hash: '0'.repeat(64) })

/** The head after `entries` are appended to a journal whose head is `base`: their last receipt, or `base`. */
export function headOf(entries: readonly JournalEntry[], base: JournalHead = EMPTY_HEAD): JournalHead {
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]
    if (e.t === 'receipt') return { seq: e.seq, hash: e.hash }
  }
  return { seq: base.seq, hash: base.hash }
}

export function sameHead(a: JournalHead, b: JournalHead): boolean {
  return a.seq === b.seq && a.hash === b.hash
}

/** Throws HeadMovedError when a conditional append's `expectedHead` is not the journal's head `actual`. */
export function checkExpectedHead(options: AppendOptions | undefined, actual: JournalHead, location: string): void {
  const expected = options?.expectedHead
  if (expected && !sameHead(expected, actual)) throw new HeadMovedError(location, { seq: expected.seq, hash: expected.hash }, actual)
}
