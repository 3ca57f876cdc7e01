/**
 * Matches found from the literal words they must start with, instead of trying every position of the text.
 *
 * Most scanner expressions start with a word or an alternation of words (`\b(?:ignore|disregard|…)\s+…`). V8 tries
 * such an expression at every position of a 2 KB candidate, and the scanner holds a few hundred of them: that was most
 * of a scan's time. Here each expression's possible first words are read from its source once (`literal-prefixes.ts`),
 * every text is read once by one Aho-Corasick automaton over the first words of all the expressions seen so far (and
 * once more, by their first character, for the words that start outside ASCII: the Chinese tables'), and an expression
 * is then tried (sticky) only where one of its first words starts. The matches are exactly those of `re.exec` from
 * position 0: an expression whose first words cannot be derived (it may start with a class, a wildcard, or match
 * nothing) runs as before, and so does every expression on a text whose lower-case form has another length (offsets
 * would not line up).
 */

import { buildAutomaton } from './aho-corasick'
import { isWide, type LiteralWord, literalWords } from './literal-prefixes'

/** Matches found per expression and text: past this many, more of the same adds nothing but time. */
const DEFAULT_LIMIT = 64
/** Above this many candidate positions one scan from the first is cheaper than a sticky try at each. */
const MAX_STICKY_TRIES = 48
/** Prefixes registered at most (the built-in expressions hold a few thousand; expressions built at run time could grow it). */
const MAX_REGISTERED = 20_000
/** The reader is rebuilt when this many prefixes wait for it, or when some have waited this many texts. */
const REBUILD_WAITING = 64
const REBUILD_TEXTS = 16
/** A character outside ASCII: where the reader of the wide words (see `prefixReader`) starts. */
const NON_ASCII = /[\u0080-\uffff]/
/** Texts whose index is kept (a detector reads the whole text, then a stretch of it, then the text again). */
const INDEX_CACHE = 4

/** How an expression is read: from the index (its prefixes' ids and a sticky copy), or position by position. */
interface Entry {
  /** Null when no prefixes could be derived. */
  ids: number[] | null
  sticky: RegExp
  /** The expression itself when global, else a global copy (a scan from a position needs `lastIndex`). */
  global: RegExp
}

const entries = new WeakMap<RegExp, Entry>()
/** Every prefix of every indexed expression, by id, and the ids by text. */
const prefixTexts: string[] = []
/** Whether a prefix, by id, is read only at the start of a word (see `LiteralWord`). */
const prefixAtWordStart: boolean[] = []
const prefixIds = new Map<string, number>()
/** The reader of `prefixTexts[0 .. readerSize)`: prefixes registered since are not read until it is rebuilt. */
let reader: ((lower: string) => Starts) | null = null
let readerSize = 0
let textsSinceBuild = 0

function entryOf(re: RegExp): Entry {
  let entry = entries.get(re)
  if (entry === undefined) {
    // 'iu' folds ſ to s and K to k, which lower-casing the text does not
    const prefixes =
      (re.flags.includes('i') && re.flags.includes('u')) || prefixTexts.length > MAX_REGISTERED ? null : literalWords(re.source)
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

/** A text's occurrences of every prefix the reader knows: start positions by prefix id, ascending. */
interface TextIndex {
  text: string
  lower: string
  /** Null when the lower-case text has another length than the text: offsets would not line up. */
  starts: Starts | null
  /** Prefixes with an id at or past this one were registered after the index was built... */
  known: number
  /** ...unless looked up since, one by one (see `knownStarts`). */
  looked: Set<number>
}

/**
 * A text's start positions by prefix id: a list per id in an array (an expression asks for each of its first words,
 * thousands of asks a scan, which a map's lookups made a twentieth of it), and the ids that have one, in the order found.
 */
class Starts {
  readonly lists: Array<number[] | undefined>
  readonly ids: number[] = []
  constructor(size: number) {
    // a packed array of `size` slots: Array.from({ length }) builds it element by element, 4 µs a text against 0.25
    // oxlint-disable-next-line unicorn/no-new-array
    this.lists = new Array<number[] | undefined>(size).fill(undefined)
  }
  add(id: number, at: number): void {
    const list = this.lists[id]
    if (list !== undefined) list.push(at)
    else {
      this.lists[id] = [at]
      this.ids.push(id)
    }
  }
  set(id: number, list: number[]): void {
    if (this.lists[id] === undefined) this.ids.push(id)
    this.lists[id] = list
  }
}

const recent: TextIndex[] = []

function indexOf(text: string): TextIndex {
  // The text, or the text lower-cased (a table's needs words are read so): its index's `lower`.
  for (const index of recent) if (index.text === text || (index.lower === text && index.text.length === text.length)) return index
  const lower = text.toLowerCase()
  // The text in another case than the one its index was made from: the same positions. The index now answers for
  // this text at the first look (the expressions read the text as written, many times a scan; lower-casing it
  // for each of them cost a tenth of a scan when the needs words had been read first).
  for (const index of recent)
    if (index.lower === lower && index.text.length === text.length) {
      index.text = text
      return index
    }
  // Expressions register on first use, so the first scans register most of them: the reader is rebuilt once
  // enough have waited (or they have waited long enough), not for each; until then they are read as before.
  textsSinceBuild++
  const waiting = prefixTexts.length - readerSize
  if (waiting > 0 && (reader === null || waiting >= REBUILD_WAITING || textsSinceBuild >= REBUILD_TEXTS)) {
    reader = prefixReader(prefixTexts, prefixAtWordStart)
    readerSize = prefixTexts.length
    textsSinceBuild = 0
  }
  const starts = lower.length === text.length && reader ? reader(lower) : null
  const index = { text, lower, starts, known: readerSize, looked: new Set<number>() }
  if (recent.unshift(index) > INDEX_CACHE) recent.pop()
  return index
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
 * The starts of `text`'s index, or null when it cannot answer for all of `ids` (see `TextIndex`). Prefixes registered
 * after the index was built (an expression's first use) are looked up in the lower-case text one by one and added to
 * it, rather than the expression scanning the text: that would compile a second, global copy of each expression
 * (V8 compiles native code per copy; the scanner's expressions hold about 13 MB of it). `maxId`: the largest of `ids`,
 * when the caller knows it (none is then looked up when the index was built after all of them).
 */
function knownStarts(text: string, ids: readonly number[], maxId = Infinity): Starts | null {
  const index = indexOf(text)
  const starts = index.starts
  if (starts === null) return null
  if (maxId < index.known) return starts
  for (const id of ids) {
    if (id < index.known || index.looked.has(id)) continue
    index.looked.add(id)
    const prefix = prefixTexts[id] as string
    const atWordStart = prefixAtWordStart[id]
    let list: number[] | undefined
    for (let at = index.lower.indexOf(prefix); at >= 0; at = index.lower.indexOf(prefix, at + 1))
      if (!atWordStart || !afterWordChar(index.lower, at)) (list ??= []).push(at)
    if (list) starts.set(id, list)
  }
  return starts
}

/**
 * Reads every occurrence of `prefixes` in a lower-case text: the ASCII ones with one automaton, the wide ones (see
 * `isWide`) at each position holding their first character. Start positions by prefix id, each list ascending.
 */
function prefixReader(prefixes: readonly string[], atWordStart: readonly boolean[]): (lower: string) => Starts {
  const asciiIds: number[] = []
  // the wide words (one or two characters: see `MAX_WIDE`) by first character: `groupOf[code]` is 1 + the index of
  // that character's group (0: none), a typed array read for each character outside ASCII rather than a map lookup
  // (Chinese text is all such characters); a group holds the ids of its one-character word and of its pairs, by
  // second character
  const groupOf = new Uint16Array(0x10000)
  const groups: Array<{ alone: number[]; pairs: Map<number, number[]> }> = []
  prefixes.forEach((text, id) => {
    if (!isWide(text)) asciiIds.push(id)
    else {
      const first = text.charCodeAt(0)
      if (groupOf[first] === 0) groupOf[first] = groups.push({ alone: [], pairs: new Map() })
      const group = groups[groupOf[first]! - 1]!
      if (text.length === 1) group.alone.push(id)
      else {
        const second = text.charCodeAt(1)
        const ids = group.pairs.get(second)
        if (ids) ids.push(id)
        else group.pairs.set(second, [id])
      }
    }
  })
  const automaton = asciiIds.length > 0 ? buildAutomaton(asciiIds.map((id) => prefixes[id]!)) : null
  return (lower) => {
    const found = new Starts(prefixes.length)
    automaton?.scan(lower, (word, start) => {
      const id = asciiIds[word]!
      if (!atWordStart[id] || !afterWordChar(lower, start)) found.add(id, start)
    })
    if (groups.length === 0) return found
    // from the first character outside ASCII (a code block may have none)
    for (let at = lower.search(NON_ASCII); at >= 0 && at < lower.length; at++) {
      const code = lower.charCodeAt(at)
      if (code < 0x80) continue
      const slot = groupOf[code]!
      if (slot === 0) continue
      const group = groups[slot - 1]!
      for (const id of group.alone) found.add(id, at)
      const pair = at + 1 < lower.length ? group.pairs.get(lower.charCodeAt(at + 1)) : undefined
      if (pair) for (const id of pair) found.add(id, at)
    }
    return found
  }
}

/**
 * Whether the character before `at` in a lower-case text is a word character for `\b` in every text of that lower
 * case (an index answers for the text and its other cases). "k" is left out: the Kelvin sign (U+212A), which `\b`
 * does not read as a word character, is the one character outside ASCII whose lower case is an ASCII one.
 */
function afterWordChar(lower: string, at: number): boolean {
  if (at === 0) return false
  const code = lower.charCodeAt(at - 1)
  return (code >= 0x61 && code <= 0x7a && code !== 0x6b) || (code >= 0x30 && code <= 0x39) || code === 0x5f
}

function register({ text, atWordStart }: LiteralWord): number {
  const key = `${atWordStart ? 1 : 0}${text}`
  let id = prefixIds.get(key)
  if (id === undefined) {
    id = prefixTexts.push(text) - 1
    prefixAtWordStart.push(atWordStart)
    prefixIds.set(key, id)
  }
  return id
}

/**
 * A reader of distinct literal `words` (lower-case, printable ASCII) from the shared index: given a text (or the text
 * lower-cased), calls `visit` with the index in `words` and the start positions (ascending) of each word that occurs
 * in it, read case-blind, in no particular order, and returns true; returns false, visiting nothing, when the index
 * cannot say (a text read before the words were registered, or whose lower case has another length). A table of a
 * thousand words of which a text holds ten costs ten visits, not a thousand lookups.
 */
export function wordReader(
  words: readonly string[],
): ((text: string, visit: (word: number, starts: readonly number[]) => void) => boolean) | null {
  if (words.some((word) => word.length === 0 || !/^[\x20-\x7e]+$/.test(word)) || prefixTexts.length > MAX_REGISTERED) return null
  const ids = words.map((text) => register({ text, atWordStart: false }))
  const maxId = ids.reduce((max, id) => Math.max(max, id), -1)
  // 1 + the index in `words` of each prefix id (0: not one of them); two words never share an id (the words differ)
  const wordOf = new Int32Array(maxId + 1)
  ids.forEach((id, word) => (wordOf[id] = word + 1))
  return (text, visit) => {
    const starts = knownStarts(text, ids, maxId)
    if (starts === null) return false
    if (starts.ids.length < ids.length) {
      // the prefixes this text holds are fewer than the words: read those
      for (const id of starts.ids) {
        const word = id <= maxId ? wordOf[id]! : 0
        if (word !== 0) visit(word - 1, starts.lists[id]!)
      }
    } else
      for (let word = 0; word < ids.length; word++) {
        const list = starts.lists[ids[word]!]
        if (list !== undefined) visit(word, list)
      }
    return true
  }
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
