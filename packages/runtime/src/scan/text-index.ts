/**
 * The shared index of a text's first words: every literal word the scanner's expressions can start with (and the
 * tables' needs words) is registered here once, and each text is read once by one Aho-Corasick automaton over all of
 * them (plus, by first character, the words that start outside ASCII: the Chinese tables'). A text's index gives the
 * start positions of every registered word in it, by word id; `literal-index.ts` tries expressions only there, and
 * `wordReader` hands a table the words a text holds.
 *
 * The index is read from the lower-case text (an index answers for the text in any case of the same length), and the
 * last few texts' indexes are kept: a detector reads the whole text, then a stretch of it, then the text again.
 */

import { buildAutomaton } from './aho-corasick'
import { isWide, type LiteralWord } from './literal-prefixes'

/** Prefixes registered at most (the built-in expressions hold a few thousand; expressions built at run time could grow it). */
const MAX_REGISTERED = 20_000
/** The reader is rebuilt when this many prefixes wait for it, or when some have waited this many texts. */
const REBUILD_WAITING = 64
const REBUILD_TEXTS = 16
/** A character outside ASCII: where the reader of the wide words (see `prefixReader`) starts. */
const NON_ASCII = /[\u0080-\uffff]/
/** Texts whose index is kept (a detector reads the whole text, then a stretch of it, then the text again). */
const INDEX_CACHE = 4

/** Every prefix of every indexed expression, by id, and the ids by text. */
const prefixTexts: string[] = []
/** Whether a prefix, by id, is read only at the start of a word (see `LiteralWord`). */
const prefixAtWordStart: boolean[] = []
const prefixIds = new Map<string, number>()
/** The reader of `prefixTexts[0 .. readerSize)`: prefixes registered since are not read until it is rebuilt. */
let reader: ((lower: string) => Starts) | null = null
let readerSize = 0
let textsSinceBuild = 0

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
export class Starts {
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
 * The starts of `text`'s index, or null when it cannot answer for all of `ids` (see `TextIndex`). Prefixes registered
 * after the index was built (an expression's first use) are looked up in the lower-case text one by one and added to
 * it, rather than the expression scanning the text: that would compile a second, global copy of each expression
 * (V8 compiles native code per copy; the scanner's expressions hold about 13 MB of it). `maxId`: the largest of `ids`,
 * when the caller knows it (none is then looked up when the index was built after all of them).
 */
export function knownStarts(text: string, ids: readonly number[], maxId = Infinity): Starts | null {
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

export function register({ text, atWordStart }: LiteralWord): number {
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

/** Whether no more words may be registered (expressions built at run time could grow the index without end). */
export function registryFull(): boolean {
  return prefixTexts.length > MAX_REGISTERED
}
