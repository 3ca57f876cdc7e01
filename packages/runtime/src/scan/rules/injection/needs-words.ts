/**
 * One pass over a text to learn which of a table's `needs` words it holds. Patterns that name the words every match
 * contains are skipped when none is there; testing each word with `includes` costs a scan of the text per word
 * (sixty words: sixty scans of a 2 KB candidate), one alternation of them all costs one.
 */
import { escapeRegExp } from '../../../probe'

/** A finder for `words` (lower-case): given a lower-cased text, the set of those words it contains. */
export function needsFinder(words: readonly string[]): (lower: string) => ReadonlySet<string> {
  const sorted = [...new Set(words)].sort((a, b) => b.length - a.length)
  const all = new RegExp(sorted.map(escapeRegExp).join('|'), 'g')
  // A match of "filtering" means "filter" is there too: the words that start a found word.
  const prefixes = new Map(sorted.map((word) => [word, sorted.filter((other) => other !== word && word.startsWith(other))]))
  return (lower) => {
    const found = new Set<string>()
    all.lastIndex = 0
    // Restarting one unit on finds overlapping occurrences too ("legal" inside "illegal").
    for (let match = all.exec(lower); match; match = all.exec(lower)) {
      if (!found.has(match[0])) {
        found.add(match[0])
        for (const prefix of prefixes.get(match[0]) ?? []) found.add(prefix)
      }
      all.lastIndex = match.index + 1
    }
    return found
  }
}
