// The needs finder: which of a table's gate words a text holds, in one pass. An edge space is a word boundary, so a
// gate stays specific ("oxy " is not "oxygen") without missing its keyword beside punctuation ("how much oxy?").
import { describe, expect, it } from 'vitest'
import { seeded } from '../support/seeded'
import { groupFinder, needsFinder, needsReader, substringGroupFinder } from '../../src/scan/rules/injection/needs-words.js'

/** Five words outside printable ASCII: a table holding them reads texts with its own automaton. */
const OTHERS = ['药师', '层', 'i’m your', '“x', '‘y']

describe('needsFinder', () => {
  const find = needsFinder(['oxy ', ' pin', ' without ', 'filter', 'filtering', 'legal', 'into my ', '药师'])
  const words = (text: string) => [...find(text.toLowerCase())].sort()

  it('finds plain words anywhere, overlapping ones and the shorter words a longer one starts with', () => {
    expect(words('Illegal filtering')).toEqual(['filter', 'filtering', 'legal'])
    expect(words('王药师')).toEqual(['药师'])
    expect(words('nothing here')).toEqual([])
  })

  it('reads an edge space as a word boundary: punctuation, a line break or either end of the text', () => {
    expect(words('how much oxy?')).toEqual(['oxy '])
    expect(words('oxy')).toEqual(['oxy '])
    expect(words('oxy\nnext')).toEqual(['oxy '])
    expect(words('an oxygen tank')).toEqual([])
    expect(words('(pin code)')).toEqual([' pin'])
    expect(words('a spin class')).toEqual([])
    expect(words('do it without.')).toEqual([' without '])
    expect(words('withoutdoors')).toEqual([])
    expect(words('into my account')).toEqual(['into my '])
    expect(words('into myself')).toEqual([])
    // letters of other scripts are word characters too
    expect(words('oxyé')).toEqual([])
  })

  it('reads ASCII-only tables from the shared literal index with the same answers', () => {
    // no Chinese word: these are read from the index the scanner's expressions share (text-index.ts)
    const ascii = needsFinder(['oxy ', ' pin', ' without ', 'filter', 'filtering', 'legal', 'into my '])
    const asciiWords = (text: string) => [...ascii(text.toLowerCase())].sort()
    for (const text of [
      'Illegal filtering',
      'how much oxy?',
      'oxy',
      'an oxygen tank',
      '(pin code)',
      'a spin class',
      'do it without.',
      'withoutdoors',
      'into my account',
      'into myself',
      'oxyé',
      'İ oxy',
    ]) {
      expect(asciiWords(text), text).toEqual(words(text).filter((word) => word !== '药师'))
    }
    expect(asciiWords('Illegal filtering')).toEqual(['filter', 'filtering', 'legal'])
  })

  it('finds a word whose first occurrence lacks its boundary at a later one, in texts holding few or all of the words', () => {
    // the shared reader visits the words a text holds, or every word of the table when the text holds that many
    // prefixes: both ways give the answers of the table's own automaton (five words outside ASCII keep `own` off the index)
    const ascii = needsFinder(['oxy ', 'oxy', ' pin', ' without ', 'filter', 'filtering', 'legal', 'into my '])
    const own = needsFinder(['oxy ', 'oxy', ' pin', ' without ', 'filter', 'filtering', 'legal', 'into my ', ...OTHERS])
    const pieces = [
      'oxy',
      'oxygen',
      ' ',
      '?',
      'pin',
      'spin',
      'without',
      'filter',
      'filtering',
      'illegal',
      'into my',
      'into myself',
      'é',
      '\n',
      'x',
    ]
    const next = seeded(7)
    for (let round = 0; round < 2000; round++) {
      const text = Array.from({ length: 1 + next(24) }, () => pieces[next(pieces.length)]).join('')
      const expected = [...own(text)].filter((word) => !OTHERS.includes(word)).sort()
      expect([...ascii(text)].sort(), JSON.stringify(text)).toEqual(expected)
    }
    expect([...ascii('an oxygen tank, then oxy.')].sort()).toEqual(['oxy', 'oxy '])
  })

  it('reads a table with a few words outside ASCII from the index, those words looked for alone, with the same answers', () => {
    // up to four such words (a curly apostrophe, an ideograph) are searched for one by one beside the shared index;
    // with five, the table reads the text with its own automaton
    const ascii = ['oxy ', ' pin', 'filter', 'legal', 'into my ']
    const mixed = needsFinder([...ascii, 'i’m your', ' 药师', '层 ', '“ok'])
    const own = needsFinder([...ascii, 'i’m your', ' 药师', '层 ', '“ok', 'ünique'])
    const pieces = [
      'oxy',
      ' ',
      'pin',
      'filter',
      'legal',
      'into my',
      'i’m your',
      'i’m yours',
      '王药师',
      '药师',
      '层',
      '层楼',
      '“ok',
      '“',
      'é',
      'x',
      '\n',
    ]
    const next = seeded(23)
    for (let round = 0; round < 2000; round++) {
      const text = Array.from({ length: 1 + next(12) }, () => pieces[next(pieces.length)]).join('')
      const expected = [...own(text)].filter((word) => word !== 'ünique').sort()
      expect([...mixed(text)].sort(), JSON.stringify(text)).toEqual(expected)
    }
    expect([...mixed('so i’m your helper 药师 说 层 and “ok')].sort()).toEqual([' 药师', 'i’m your', '“ok', '层 '])
    expect([...mixed('王 药师 层楼')].sort()).toEqual([' 药师'])
  })

  it('reads stretches of a text from the pass over the whole text as it reads the stretches joined by line breaks', () => {
    // the standing acts read the stretches around a marker so: an edge space is a boundary at a stretch's edge even
    // where the text goes on with a letter, and a word across the gap between two stretches is in neither
    for (const table of [
      [...OTHERS, 'oxy ', ' pin', 'filter', 'into my ', 'legal'],
      ['oxy ', ' pin', 'filter', 'into my ', 'legal'],
    ]) {
      const read = needsReader(table)
      const pieces = ['oxy', 'oxygen', ' ', 'pin', 'spin', 'filter', 'illegal', 'into my', '药师', '“x', 'é', 'x', '\n']
      const next = seeded(17)
      for (let round = 0; round < 2000; round++) {
        const text = Array.from({ length: 1 + next(10) }, () => pieces[next(pieces.length)]).join('')
        // up to three stretches, ascending, a character or more apart
        const stretches: Array<{ from: number; to: number }> = []
        let at = next(4)
        for (let n = next(4); n > 0 && at < text.length; n--) {
          const to = Math.min(text.length, at + 1 + next(12))
          stretches.push({ from: at, to })
          at = to + 1 + next(5)
        }
        const joined = stretches.map((stretch) => text.slice(stretch.from, stretch.to)).join('\n')
        const reading = read(text)
        expect([...reading(stretches)].sort(), `${JSON.stringify(stretches)} of ${JSON.stringify(text)}`).toEqual(
          [...read(joined)()].sort(),
        )
        expect([...reading()].sort()).toEqual([...read(text)()].sort())
      }
    }
    const reading = needsReader(['oxy ', ' pin', ...OTHERS])('xoxyz spin')
    expect([...reading()]).toEqual([])
    expect([...reading([{ from: 1, to: 4 }])]).toEqual(['oxy '])
    expect([...reading([{ from: 7, to: 10 }])]).toEqual([' pin'])
    // a word that starts before a stretch and ends in it is in neither the stretch nor the gap
    const gap = needsReader(['filter', 'legal', ...OTHERS])('filterx legal')
    expect([...gap([{ from: 2, to: 7 }])]).toEqual([])
    expect([
      ...gap([
        { from: 0, to: 4 },
        { from: 5, to: 13 },
      ]),
    ]).toEqual(['legal'])
    expect([...gap([{ from: 0, to: 6 }])]).toEqual(['filter'])
  })

  it('reads a table written as substrings as `includes` does, an edge space as a space', () => {
    const groups = [['before', 'step'], ['then'], ['other files', 'sync'], [], [' not ', 'cannot'], undefined]
    const flags = substringGroupFinder(groups)
    for (const text of [
      'do this before that',
      'steps then',
      'async other files',
      'beforehand',
      'nothing',
      'is not allowed',
      'is\nnot allowed',
      'not',
      'cannot',
    ]) {
      expect([...flags(text)], text).toEqual(groups.map((group) => ((group ?? []).some((word) => text.includes(word)) ? 1 : 0)))
    }
  })

  it('answers for a table without words', () => {
    expect([...needsFinder([])('any text')]).toEqual([])
    expect([...needsFinder([' '])('any text')]).toEqual([])
  })

  it('flags the groups with a word in the text, as asking each group its words would', () => {
    const groups = [['oxy ', 'filter'], undefined, [], ['filter', 'legal'], ['药师'], [' pin', 'into my '], ['legal']]
    const find = needsFinder(groups.flatMap((group) => group ?? []))
    const flags = groupFinder(groups)
    const pieces = ['oxy', 'oxygen', ' ', 'pin', 'spin', 'filter', 'illegal', 'into my', '王药师', 'x']
    const next = seeded(11)
    for (let round = 0; round < 1000; round++) {
      const text = Array.from({ length: 1 + next(8) }, () => pieces[next(pieces.length)]).join('')
      const words = find(text)
      const expected = groups.map((group) => ((group ?? []).some((word) => words.has(word)) ? 1 : 0))
      expect([...flags(text)], JSON.stringify(text)).toEqual(expected)
    }
    expect([...flags('an illegal filter')]).toEqual([1, 0, 0, 1, 0, 0, 1])
  })
})
