/**
 * One pass over a text to learn which of a table's `needs` words it holds. Patterns that name the words every match
 * contains are skipped when none is there; testing each word with `includes` costs a scan of the text per word
 * (sixty words: sixty scans of a 2 KB candidate), one alternation of them all costs one.
 *
 * A space at either end of a word stands for a word boundary there, not for a space character: `'oxy '` is "oxy" at
 * the end of a word, followed by a space, punctuation, a line break or the end of the text ("how much oxy?"), and
 * not "oxygen"; `' pin'` is "pin" at the start of a word ("(pin code"), not "spin". A table keeps its gate specific
 * that way without missing the keyword its pattern matches beside punctuation.
 */
import { type Automaton, buildAutomaton } from '../../aho-corasick'
import { wordReader } from '../../text-index'

interface NeedsWord {
  /** The word as the table wrote it (what the finder reports). */
  word: string
  /** The word without its edge spaces: what is searched for. */
  core: string
  /** A word boundary before, after the core. */
  before: boolean
  after: boolean
}

/** A table with at most this many words outside printable ASCII still reads its other words from the shared index. */
const MAX_SEARCHED = 4

/** Letters and digits of any script: a boundary is a position next to none of them. */
const WORD_CHAR = /[\p{L}\p{N}_]/u

/** Whether the character at `i` (the one before or after a core) leaves a word boundary: none there, or no word character. */
function boundary(lower: string, i: number): boolean {
  if (i < 0 || i >= lower.length) return true
  const code = lower.charCodeAt(i)
  // the text is lower-cased: ASCII word characters are a-z, 0-9 and _
  if (code < 128) return !((code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 95)
  return !WORD_CHAR.test(lower[i]!)
}

/** A stretch `[from, to)` of a lower-cased text. */
export interface Stretch {
  from: number
  to: number
}

/**
 * A text's reading by a table: the table's words it holds, in the whole text or only in `stretches` of it (ascending,
 * apart), read as the stretches' texts joined by line breaks would be. One pass of the table's automaton serves both.
 */
export type NeedsReading = (stretches?: readonly Stretch[]) => ReadonlySet<string>

/** A finder for `words` (lower-case): given a lower-cased text, the set of those words it contains. */
export function needsFinder(words: readonly string[]): (lower: string) => ReadonlySet<string> {
  const read = needsReader(words)
  return (lower) => read(lower)()
}

/** A reader of `words` (lower-case): given a lower-cased text, its reading (see `NeedsReading`). */
export function needsReader(words: readonly string[]): (lower: string) => NeedsReading {
  const parsed: NeedsWord[] = [...new Set(words)].map((word) => ({
    word,
    core: word.trim(),
    before: word.startsWith(' '),
    after: word.endsWith(' '),
  }))
  // the cores searched for, and the words of each, by the core's index
  const byCore = new Map<string, NeedsWord[]>()
  for (const w of parsed) if (w.core !== '') byCore.set(w.core, [...(byCore.get(w.core) ?? []), w])
  const cores = [...byCore.keys()]
  const wordsOfCore = [...byCore.values()]
  // Adds the words of core `i` that its occurrence at `at` satisfies, read in `lower[from, to)` (outside it is a
  // boundary, as a line break joining stretches is); returns whether all of them are found.
  const accept = (lower: string, found: Set<string>, i: number, at: number, from = 0, to = lower.length): boolean => {
    let all = true
    const end = at + cores[i]!.length
    for (const w of wordsOfCore[i]!) {
      if (found.has(w.word)) continue
      if ((w.before && at > from && !boundary(lower, at - 1)) || (w.after && end < to && !boundary(lower, end))) all = false
      else found.add(w.word)
    }
    return all
  }
  // A table of printable ASCII words is read from the scanner's shared index (one pass a text for all the tables),
  // and so is one with a few other words, each of those then looked for alone ("i’m your", 层: a search of the text
  // for a rare first character costs less than a pass of an automaton). The table's own automaton reads a table with
  // more (the standing acts' curly quotes, Chinese) and a text the shared index cannot answer for. (The standing acts'
  // 1,587 ASCII words read from the index by their first six characters, the rest compared where those start, and the
  // others by their own automaton, cost the same.)
  const ascii: number[] = []
  const others: number[] = []
  cores.forEach((core, i) => (/^[\x20-\x7e]+$/.test(core) ? ascii : others).push(i))
  const shared = others.length <= MAX_SEARCHED ? wordReader(ascii.map((i) => cores[i]!)) : null
  let automaton: Automaton | null = null
  /** Every occurrence of a core in `lower`, as pairs (core, start) ordered by their ends. */
  const occurrences = (lower: string): number[] => {
    const seen: number[] = []
    automaton ??= buildAutomaton(cores)
    automaton.scan(lower, (i, at) => void seen.push(i, at))
    return seen
  }
  const whole = (lower: string, seen: () => readonly number[]): ReadonlySet<string> => {
    const found = new Set<string>()
    const answered = shared?.(lower, (k, starts) => {
      // (the first occurrence settles a core whose words need no boundary, or whose boundaries it has)
      for (const at of starts) if (accept(lower, found, ascii[k]!, at)) break
    })
    if (answered) {
      for (const i of others)
        for (let at = lower.indexOf(cores[i]!); at >= 0; at = lower.indexOf(cores[i]!, at + 1)) if (accept(lower, found, i, at)) break
      return found
    }
    const all = seen()
    for (let k = 0; k < all.length; k += 2) accept(lower, found, all[k]!, all[k + 1]!)
    return found
  }
  // Stretches are read from the whole text's occurrences when the table has its own automaton and no word that a
  // stretch's edge could read otherwise than the whole text does (a line break; a Greek sigma, lower-cased by context).
  const readsStretches = shared === null && !cores.some((core) => /[\nσς]/.test(core))
  return (lower) => {
    let seen: number[] | null = null
    const seenOnce = () => (seen ??= occurrences(lower))
    return (stretches) => {
      if (stretches === undefined) return whole(lower, seenOnce)
      if (!readsStretches) {
        const joined = stretches.map((s) => lower.slice(s.from, s.to)).join('\n')
        return whole(joined, () => occurrences(joined))
      }
      const found = new Set<string>()
      const all = seenOnce()
      let n = 0
      for (let k = 0; k < all.length && n < stretches.length; k += 2) {
        const i = all[k]!
        const at = all[k + 1]!
        const end = at + cores[i]!.length
        while (n < stretches.length && stretches[n]!.to < end) n++
        const stretch = stretches[n]
        if (stretch && stretch.from <= at) accept(lower, found, i, at, stretch.from, stretch.to)
      }
      return found
    }
  }
}

/**
 * A finder for groups of needs words (a table's patterns, each with its own): given a lower-cased text, which groups
 * hold at least one of their words there, as a 0/1 flag by group (0 for a group without words). Asking the found words
 * of each group in turn costs a lookup per word of the table, 1,766 for the standing acts; marking the groups of
 * the words found costs a step per group of a word the text holds, a few dozen.
 */
export function groupFinder(groups: ReadonlyArray<readonly string[] | undefined>): (lower: string) => Uint8Array {
  const read = groupReader(groups)
  return (lower) => read(lower)()
}

/** `groupFinder` for the whole text or stretches of it (see `NeedsReading`), from one reading of the text. */
export function groupReader(
  groups: ReadonlyArray<readonly string[] | undefined>,
): (lower: string) => (stretches?: readonly Stretch[]) => Uint8Array {
  const read = needsReader(groups.flatMap((group) => group ?? []))
  // the groups of each word
  const groupsOf = new Map<string, number[]>()
  groups.forEach((group, index) => {
    for (const word of group ?? []) {
      const list = groupsOf.get(word)
      if (list === undefined) groupsOf.set(word, [index])
      else if (list[list.length - 1] !== index) list.push(index)
    }
  })
  return (lower) => {
    const reading = read(lower)
    return (stretches) => {
      const flags = new Uint8Array(groups.length)
      for (const word of reading(stretches)) for (const index of groupsOf.get(word)!) flags[index] = 1
      return flags
    }
  }
}

/**
 * `groupFinder` for a table whose needs words were written as plain substrings (each gate was a `String.includes` of
 * the text): the finder answers as `includes` does for words without edge spaces; a word with one (" not ": a word
 * boundary to the finder, a space to `includes`) is still asked with `includes`, so the table reads as it was written.
 */
export function substringGroupFinder(groups: ReadonlyArray<readonly string[] | undefined>): (lower: string) => Uint8Array {
  const spaced = groups.map((group) => (group ?? []).filter((word) => word !== word.trim()))
  const find = groupFinder(groups.map((group) => (group ?? []).filter((word) => word === word.trim())))
  return (lower) => {
    const flags = find(lower)
    spaced.forEach((words, index) => {
      if (flags[index] === 0 && words.some((word) => lower.includes(word))) flags[index] = 1
    })
    return flags
  }
}
