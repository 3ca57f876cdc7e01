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
  const cores = [...new Set(parsed.map((w) => w.core))].filter((core) => core !== '')
  const byCore = new Map<string, NeedsWord[]>()
  for (const w of parsed) byCore.set(w.core, [...(byCore.get(w.core) ?? []), w])
  const accept = (lower: string, found: Set<string>, core: string, at: number): void => {
    for (const w of byCore.get(core)!) {
      if (found.has(w.word)) continue
      if (w.before && !boundary(lower, at - 1)) continue
      if (w.after && !boundary(lower, at + core.length)) continue
      found.add(w.word)
    }
  }
  // ASCII words are read from the scanner's shared index (one pass a text for all the tables); the table's own
  // automaton reads the others, and a text the shared index cannot answer for
  const shared = wordReader(cores)
  let automaton: Automaton | null = null
  return (lower) => {
    const found = new Set<string>()
    const starts = shared?.(lower)
    if (starts) {
      cores.forEach((core, i) => {
        for (const at of starts[i] ?? []) accept(lower, found, core, at)
      })
      return found
    }
    automaton ??= buildAutomaton(cores)
    automaton.scan(lower, (core, at) => accept(lower, found, core, at))
    return found
  }
}

/**
 * An Aho-Corasick automaton over the cores, as a table of transitions on character classes (the characters the
 * cores use, and one class for every other character): a text is read once, a few array reads a character, whatever
 * the number of words. An alternation of the words in one RegExp, which V8 tries word by word at each position, cost
 * more than a `String.includes` per word; this costs less than either.
 */
interface Automaton {
  /** Calls `report(core, start)` for every occurrence of every core in `text`, overlapping ones included. */
  scan(text: string, report: (core: string, start: number) => void): void
}

function buildAutomaton(cores: readonly string[]): Automaton {
  // character classes: 0 for characters no core uses
  const classOf = new Map<number, number>()
  for (const core of cores)
    for (let i = 0; i < core.length; i++) if (!classOf.has(core.charCodeAt(i))) classOf.set(core.charCodeAt(i), classOf.size + 1)
  const width = classOf.size + 1
  const ascii = new Uint16Array(128)
  for (const [code, cls] of classOf) if (code < 128) ascii[code] = cls
  // the trie, in one table of transitions (row = node, column = class; 0 = none, the root being node 0): at most one
  // node a character of the cores, so the table is allocated once (a row per node as an array cost more to build
  // than the rest together)
  let chars = 0
  for (const core of cores) chars += core.length
  const delta = new Int32Array((chars + 1) * width)
  const parent = new Int32Array(chars + 1)
  const ends: string[][] = [[]]
  let nodes = 1
  for (const core of cores) {
    let node = 0
    for (let i = 0; i < core.length; i++) {
      const at = node * width + classOf.get(core.charCodeAt(i))!
      let next = delta[at]!
      if (next === 0) {
        next = nodes++
        ends.push([])
        parent[next] = node
        delta[at] = next
      }
      node = next
    }
    ends[node]!.push(core)
  }
  // failure links breadth first; each node's missing transitions become its failure node's, written into the same
  // table, so reading never backtracks. A transition already filled in leads no deeper than the node itself, so a
  // node's real children are the entries whose parent it is.
  const fail = new Int32Array(nodes)
  const queue: number[] = []
  for (let cls = 0; cls < width; cls++) if (delta[cls] !== 0) queue.push(delta[cls]!)
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!
    ends[node]!.push(...ends[fail[node]!]!)
    const row = node * width
    const failRow = fail[node]! * width
    for (let cls = 0; cls < width; cls++) {
      const child = delta[row + cls]!
      if (child !== 0 && parent[child] === node) {
        fail[child] = delta[failRow + cls]!
        queue.push(child)
      } else delta[row + cls] = delta[failRow + cls]!
    }
  }
  const output = ends.map((list) => (list.length === 0 ? null : list))
  return {
    scan(text, report) {
      let state = 0
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i)
        state = delta[state * width + (code < 128 ? ascii[code]! : (classOf.get(code) ?? 0))]!
        const hits = output[state]
        if (hits !== null) for (const core of hits!) report(core, i + 1 - core.length)
      }
    },
  }
}
