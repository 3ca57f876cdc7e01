/**
 * An Aho-Corasick automaton over a list of words, as one table of transitions on character classes (the characters
 * the words use, and one class for every other character): a text is read once, a few array reads a character,
 * whatever the number of words. An alternation of the words in one RegExp, which V8 tries word by word at each
 * position, cost more than a `String.includes` per word; this costs less than either. Used by the scanner's shared
 * literal index (text-index.ts) and by the tables' needs words (rules/injection/needs-words.ts).
 */
export interface Automaton {
  /** Calls `report(word, start)` for every occurrence of every word in `text` (by index in the list), overlapping ones included. */
  scan(text: string, report: (word: number, start: number) => void): void
}

/** Builds the automaton of `words` (non-empty strings, matched as they are: lower-case them and the text to ignore case). */
export function buildAutomaton(words: readonly string[]): Automaton {
  // classes: 0 for characters no word uses; ASCII ones in an array, others in a map only when a word has one
  const ascii = new Uint16Array(128)
  const others = new Map<number, number>()
  let width = 1
  for (const word of words)
    for (let i = 0; i < word.length; i++) {
      const code = word.charCodeAt(i)
      if (code < 128 ? ascii[code] === 0 : !others.has(code)) {
        if (code < 128) ascii[code] = width++
        else others.set(code, width++)
      }
    }
  const classOf = (code: number): number => (code < 128 ? ascii[code]! : (others.get(code) ?? 0))
  // the trie, in one table of transitions (row = node, column = class; 0 = none, the root being node 0): at most one
  // node a character of the words, so the table is allocated once (a row per node as an array cost more to build
  // than the rest together); node numbers fit 16 bits for the scanner's word lists, which halves the table
  let chars = 0
  for (const word of words) chars += word.length
  const delta = chars < 0xffff ? new Uint16Array((chars + 1) * width) : new Int32Array((chars + 1) * width)
  const parent = new Int32Array(chars + 1)
  const ends: number[][] = [[]]
  let nodes = 1
  words.forEach((word, index) => {
    let node = 0
    for (let i = 0; i < word.length; i++) {
      const at = node * width + classOf(word.charCodeAt(i))
      let next = delta[at]!
      if (next === 0) {
        next = nodes++
        ends.push([])
        parent[next] = node
        delta[at] = next
      }
      node = next
    }
    ends[node]!.push(index)
  })
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
  const lengths = words.map((word) => word.length)
  const output = ends.map((list) => (list.length === 0 ? null : list))
  // Each character's class from one table: 128 entries for ASCII-only words (a character outside ASCII is class 0:
  // Chinese text through English words), all 64 K UTF-16 units (128 KB) for words with others, not a map lookup each
  // (Chinese text is nothing but such characters).
  let classes = ascii
  if (others.size > 0) {
    classes = new Uint16Array(0x10000)
    classes.set(ascii)
    for (const [code, cls] of others) classes[code] = cls
  }
  const size = classes.length
  return {
    scan(text, report) {
      let state = 0
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i)
        state = delta[state * width + (code < size ? classes[code]! : 0)]!
        const found = output[state]
        if (found !== null) for (const word of found!) report(word, i + 1 - lengths[word]!)
      }
    },
  }
}
