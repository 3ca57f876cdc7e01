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
import { wordReader } from '../../literal-index'

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

/** A finder for `words` (lower-case): given a lower-cased text, the set of those words it contains. */
export function needsFinder(words: readonly string[]): (lower: string) => ReadonlySet<string> {
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
  // Adds the words of core `i` that its occurrence at `at` satisfies; returns whether all of them are found.
  const accept = (lower: string, found: Set<string>, i: number, at: number): boolean => {
    let all = true
    for (const w of wordsOfCore[i]!) {
      if (found.has(w.word)) continue
      if ((w.before && !boundary(lower, at - 1)) || (w.after && !boundary(lower, at + cores[i]!.length))) all = false
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
  return (lower) => {
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
    automaton ??= buildAutomaton(cores)
    automaton.scan(lower, (i, at) => void accept(lower, found, i, at))
    return found
  }
}

/**
 * A finder for groups of needs words (a table's patterns, each with its own): given a lower-cased text, which groups
 * hold at least one of their words there, as a 0/1 flag by group (0 for a group without words). Asking the found words
 * of each group in turn costs a lookup per word of the table, 1,766 for the standing acts; marking the groups of
 * the words found costs a step per group of a word the text holds, a few dozen.
 */
export function groupFinder(groups: ReadonlyArray<readonly string[] | undefined>): (lower: string) => Uint8Array {
  const find = needsFinder(groups.flatMap((group) => group ?? []))
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
    const flags = new Uint8Array(groups.length)
    for (const word of find(lower)) for (const index of groupsOf.get(word)!) flags[index] = 1
    return flags
  }
}
