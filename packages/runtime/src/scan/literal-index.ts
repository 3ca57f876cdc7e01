/**
 * Matches found from the literal words they must start with, instead of trying every position of the text.
 *
 * Most scanner expressions start with a word or an alternation of words (`\b(?:ignore|disregard|…)\s+…`). V8 tries
 * such an expression at every position of a 2 KB candidate, and the scanner holds a few hundred of them: that was most
 * of a scan's time. Here each expression's possible first words are read from its source once (`literal-prefixes.ts`),
 * every text is read once by one automaton over the first words of all the expressions seen so far (the shared index,
 * `text-index.ts`), and an expression is then tried (sticky) only where one of its first words starts. The matches are exactly those of `re.exec` from
 * position 0: an expression whose first words cannot be derived (it may start with a class, a wildcard, or match
 * nothing) runs as before, and so does every expression on a text whose lower-case form has another length (offsets
 * would not line up).
 */

import { literalWords } from './literal-prefixes'
import { knownStarts, register, registryFull } from './text-index'

/** Matches found per expression and text: past this many, more of the same adds nothing but time. */
const DEFAULT_LIMIT = 64
/** Above this many candidate positions one scan from the first is cheaper than a sticky try at each. */
const MAX_STICKY_TRIES = 48

/** How an expression is read: from the index (its prefixes' ids and a sticky copy), or position by position. */
interface Entry {
  /** Null when no prefixes could be derived. */
  ids: number[] | null
  sticky: RegExp
  /** The expression itself when global, else a global copy (a scan from a position needs `lastIndex`). */
  global: RegExp
}

const entries = new WeakMap<RegExp, Entry>()

function entryOf(re: RegExp): Entry {
  let entry = entries.get(re)
  if (entry === undefined) {
    // 'iu' folds ſ to s and K to k, which lower-casing the text does not
    const prefixes = (re.flags.includes('i') && re.flags.includes('u')) || registryFull() ? null : literalWords(re.source)
    const flags = re.flags.replace(/[gy]/g, '')
    entry = {
      ids: prefixes?.map(register) ?? null,
      sticky: new RegExp(re.source, `${flags}y`),
      global: re.global && !re.sticky ? re : new RegExp(re.source, `${flags}g`),
    }
    entries.set(re, entry)
  }
  return entry
}

/**
 * The positions where a match of `entry` can start in `text`, ascending; null when the index cannot say (then every
 * position can).
 */
function candidatesOf(entry: Entry, text: string): number[] | null {
  const ids = entry.ids
  const starts = ids && knownStarts(text, ids)
  if (!ids || !starts) return null
  // each prefix's starts are ascending; two prefixes never start at one position (none is a prefix of another)
  let candidates: number[] = []
  let lists = 0
  for (const id of ids) {
    const list = starts.lists[id]
    if (list === undefined) continue
    candidates = lists++ === 0 ? list : merged(candidates, list)
  }
  return candidates
}

/** Two ascending lists of positions as one (merged in one pass: the few lists of an expression's first words). */
function merged(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) out.push(a[i]! < b[j]! ? a[i++]! : b[j++]!)
  while (i < a.length) out.push(a[i++]!)
  while (j < b.length) out.push(b[j++]!)
  return out
}

/**
 * Every match of `re` in `text`, in order, as a loop of `exec` from position 0 with a global copy of `re` finds them,
 * at most `limit`; empty matches are skipped. `re.lastIndex` is 0 afterwards when `re` is global.
 */
export function allMatches(re: RegExp, text: string, limit = DEFAULT_LIMIT): RegExpExecArray[] {
  const entry = entryOf(re)
  const candidates = candidatesOf(entry, text)
  if (candidates === null) return scanFrom(entry.global, text, 0, limit)
  return matchesAt(entry, text, candidates, limit)
}

/**
 * `allMatches(re, stretch, limit)` for a `stretch` of `text` that starts at `from` (`text.slice(from, from +
 * stretch.length)`; indices into the stretch), tried where `text`'s index finds first words: a detector that reads
 * the stretches around its markers makes no index of each (an automaton pass over the stretch, as costly as the
 * text's). The stretch's first position is tried too: a first word read only at the start of a word may start the
 * stretch right after a word character of the text.
 */
export function allMatchesIn(re: RegExp, text: string, from: number, stretch: string, limit = DEFAULT_LIMIT): RegExpExecArray[] {
  const entry = entryOf(re)
  const all = from === 0 && stretch.length === text.length ? null : candidatesOf(entry, text)
  if (all === null) return allMatches(re, stretch, limit)
  const to = from + stretch.length
  let k = firstAtOrPast(all, from)
  const candidates = all[k] === from ? [] : [0]
  for (; k < all.length && all[k]! < to; k++) candidates.push(all[k]! - from)
  return matchesAt(entry, stretch, candidates, limit)
}

/** The index of the first of the ascending `positions` at or past `from` (their length when none is), by bisection. */
function firstAtOrPast(positions: readonly number[], from: number): number {
  let low = 0
  let high = positions.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (positions[middle]! < from) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * A reader of `re`'s matches in `text` from any position: `next(from)` is the match `exec` finds with `lastIndex` at
 * `from` (a global `re`'s leftmost match starting there or later), or null. For a loop that moves on from where its
 * own reading ends rather than from the match's end; tried at the index's candidate positions, not at every one.
 */
export function matchesFrom(re: RegExp, text: string): (from: number) => RegExpExecArray | null {
  const entry = entryOf(re)
  const candidates = candidatesOf(entry, text)
  if (candidates === null || candidates.length > MAX_STICKY_TRIES) {
    const global = entry.global
    return (from) => {
      global.lastIndex = Math.max(from, candidates?.[0] ?? 0)
      const match = global.exec(text)
      global.lastIndex = 0
      return match
    }
  }
  const sticky = entry.sticky
  return (from) => {
    for (let k = firstAtOrPast(candidates, from); k < candidates.length; k++) {
      sticky.lastIndex = candidates[k]!
      const match = sticky.exec(text)
      if (match !== null) {
        sticky.lastIndex = 0
        return match
      }
    }
    sticky.lastIndex = 0
    return null
  }
}

/** The matches an `exec` loop finds in `text`, tried at `candidates` (ascending; every match starts at one). */
function matchesAt(entry: Entry, text: string, candidates: readonly number[], limit: number): RegExpExecArray[] {
  if (candidates.length === 0) return []
  if (candidates.length > MAX_STICKY_TRIES) return scanFrom(entry.global, text, candidates[0]!, limit)
  const matches: RegExpExecArray[] = []
  const sticky = entry.sticky
  let next = 0
  for (const at of candidates) {
    if (at < next) continue
    sticky.lastIndex = at
    const match = sticky.exec(text)
    if (match === null || match[0].length === 0) continue
    matches.push(match)
    if (matches.length >= limit) break
    next = at + match[0].length
  }
  sticky.lastIndex = 0
  return matches
}

/**
 * Whether `re` matches anywhere in `text` (as `test` on a non-global copy would say), whatever `re.lastIndex`.
 * `maxTries`: above this many candidate positions, one scan from the first instead of a sticky try at each; pass
 * Infinity for an expression whose scan is slow (see `matchStarts`).
 */
export function hasMatch(re: RegExp, text: string, maxTries = MAX_STICKY_TRIES): boolean {
  const entry = entryOf(re)
  const candidates = candidatesOf(entry, text)
  if (candidates === null || candidates.length > maxTries) {
    const global = entry.global
    global.lastIndex = candidates?.[0] ?? 0
    const found = global.test(text)
    global.lastIndex = 0
    return found
  }
  const sticky = entry.sticky
  let found = false
  for (const at of candidates) {
    sticky.lastIndex = at
    if (sticky.test(text)) {
      found = true
      break
    }
  }
  sticky.lastIndex = 0
  return found
}

/**
 * The positions of `text` where a match of `re` can start, ascending: every match starts at one of them, not every one
 * starts a match. Null when the index cannot say. For an expression tried in a caller's own way (line by line), or
 * one whose scan of a long text must not depend on V8 optimising it: V8 compiles a regular expression without its
 * fast scan (no Boyer-Moore lookahead, no quick checks) once the process has generated over 1 MB of regexp code and
 * holds over 16 MB of executable memory, which the scanner's few hundred expressions alone come near; compiled so,
 * a 70-word alternation scans a 12 KB code block in 0.8 ms instead of 40 µs.
 */
export function matchStarts(re: RegExp, text: string): readonly number[] | null {
  return candidatesOf(entryOf(re), text)
}

/**
 * The match of `re` that starts exactly at `at` in `text` (the indexed text, or a line of it), or null: tried with
 * the sticky copy the index keeps, so that a caller trying `re` at `matchStarts` positions compiles no copy of its own.
 */
export function matchAt(re: RegExp, text: string, at: number): RegExpExecArray | null {
  const sticky = entryOf(re).sticky
  sticky.lastIndex = at
  const match = sticky.exec(text)
  sticky.lastIndex = 0
  return match
}

function scanFrom(re: RegExp, text: string, from: number, limit: number): RegExpExecArray[] {
  const matches: RegExpExecArray[] = []
  re.lastIndex = from
  for (let match = re.exec(text); match !== null; match = re.exec(text)) {
    const end = match.index + match[0].length
    if (end === match.index) {
      re.lastIndex = end + 1
      continue
    }
    matches.push(match)
    if (matches.length >= limit) break
  }
  re.lastIndex = 0
  return matches
}
