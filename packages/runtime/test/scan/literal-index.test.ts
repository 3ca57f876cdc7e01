// The literal index: expressions tried only where one of their first words starts. It must find exactly the matches
// of an `exec` loop from position 0, on the scanner's own expressions and on random ones.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { seeded } from '../support/seeded'
import { allMatches, allMatchesIn, hasMatch, matchesFrom, matchStarts } from '../../src/scan/literal-index.js'
import { literalWords, readByLowerCase } from '../../src/scan/literal-prefixes.js'
import { SINK_TRIGGER, triggerLines } from '../../src/scan/rules/code/focus.js'
import { mayHoldCode, PROSE_TRIGGER } from '../../src/scan/rules/code/prose.js'
import { DE_DIRECT } from '../../src/scan/rules/injection/cues-de.js'
import { ZH_DIRECT } from '../../src/scan/rules/injection/cues-zh.js'
import { EN_DIRECT } from '../../src/scan/rules/injection/direct-en.js'
import { EN_PLANTING_CUES } from '../../src/scan/rules/injection/planting-en.js'
import { EN_PIVOT, JAILBREAK, JAILBREAK_UNGATED, MULTI_OVERRIDE } from '../../src/scan/rules/injection/pivot.js'
import { EN } from '../../src/scan/rules/injection/standing-acts.js'
import { ZH } from '../../src/scan/rules/injection/standing-zh.js'

/** The texts of an expression's first words (see `literalWords`). */
const literalPrefixes = (source: string) => literalWords(source)?.map((word) => word.text) ?? null

const copies = new Map<RegExp, RegExp>()

/** The reference: every non-empty match of a global copy of `re`, from position 0. */
function execLoop(re: RegExp, text: string, limit = 64): Array<[number, string]> {
  let global = copies.get(re)
  if (!global) copies.set(re, (global = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`)))
  global.lastIndex = 0
  const out: Array<[number, string]> = []
  for (let m = global.exec(text); m !== null; m = global.exec(text)) {
    if (m[0].length === 0) {
      global.lastIndex = m.index + 1
      continue
    }
    out.push([m.index, m[0]])
    if (out.length >= limit) break
  }
  return out
}

const found = (re: RegExp, text: string) => allMatches(re, text).map((m): [number, string] => [m.index, m[0]])

describe('literalPrefixes', () => {
  it('reads the words a match must start with, through groups, optional parts and assertions (six characters at most)', () => {
    expect(literalPrefixes(String.raw`\b(?:ignore|disregard)\s+all\b`)).toEqual(['ignore', 'disreg'])
    expect(literalPrefixes(String.raw`\b(?:the\s+)?user\b`)).toEqual(['the', 'user'])
    expect(literalPrefixes(String.raw`(?<!\bnot\s)\bsend(?:s|ing)? it`)).toEqual(['sends', 'sendin', 'send i'])
    expect(literalPrefixes(String.raw`\bpre-?approved\b`)).toEqual(['pre-', 'preapp'])
    expect(literalPrefixes(String.raw`\bapi[_.-]?key\b`)).toEqual(['api_', 'api.', 'api-', 'apikey'])
    // a character counted twice or more: its first copies (all of them when the count is exact)
    expect(literalPrefixes(String.raw`(?:#{2,8}|={3,8})\s*begin`)).toEqual(['##', '==='])
    expect(literalPrefixes(String.raw`ab{2}c`)).toEqual(['abbc'])
    expect(literalPrefixes(String.raw`[xy]{2}z`)).toEqual(['xxz', 'xyz', 'yxz', 'yyz'])
    // a character outside ASCII cuts an ASCII word before it; a cased letter not read by its lower case (Greek) cuts
    // any word, or gives no words at a match's start
    expect(literalPrefixes(String.raw`\byou(?:'re|’re| are)\s+now`)).toEqual(['you'])
    expect(literalPrefixes(String.raw`(?:Забудь|ignore)\s`)).toEqual(['за', 'ignore'])
    expect(literalPrefixes(String.raw`(?:Ξέχασε|ignore)\s`)).toBeNull()
    // Chinese words are read by their first two characters, one ideograph being a word of its own, up to a control
    // character; a word that starts in ASCII stays an ASCII word (the automaton's)
    expect(literalPrefixes('记住|以后')).toEqual(['记住', '以后'])
    expect(literalPrefixes('(?:用户|他)是')).toEqual(['用户', '他是'])
    expect(literalPrefixes('(?:他|她)(?:说|称)?')).toEqual(['他', '她'])
    expect(literalPrefixes(String.raw`记\n以后|助手AI|AI助手|不要告诉用户`)).toEqual(['记', '助手', 'ai', '不要'])
    // upper-case literals are read lower-case (the text is lower-cased before it is read)
    expect(literalPrefixes('AKIA|ASIA')).toEqual(['akia', 'asia'])
  })

  it('marks the words a match can start with only at the start of a word (after a \\b)', () => {
    const words = (source: string) => literalWords(source)?.map((w) => `${w.atWordStart ? '\\b' : ''}${w.text}`)
    expect(words(String.raw`\b(?:he|she)\b`)).toEqual(['\\bhe', '\\bshe'])
    expect(words(String.raw`(?:\bhe|she)\s`)).toEqual(['\\bhe', 'she'])
    expect(words(String.raw`(?:the\s+)?\buser`)).toEqual(['the', '\\buser'])
    // a boundary before a non-word character means a word character before it: not read
    expect(words(String.raw`\b-foo`)).toEqual(['-foo'])
    // a word read both with and without the boundary can start anywhere; a shorter bounded word keeps a longer free one
    expect(words(String.raw`\bfoo|foo`)).toEqual(['foo'])
    expect(words(String.raw`\bign|ignore`)).toEqual(['\\bign', 'ignore'])
    expect(words(String.raw`ign|\bignore`)).toEqual(['ign'])
    // a boundary inside the word says nothing of its start
    expect(words(String.raw`foo\bbar`)).toEqual(['foobar'])
  })

  it('gives up where a match may start anywhere or be empty', () => {
    expect(literalPrefixes(String.raw`\w+ing`)).toBeNull()
    expect(literalPrefixes(String.raw`(?:please\s+)?[A-Za-z]retend`)).toBeNull()
    expect(literalPrefixes(String.raw`(?:please\s+)?[Pp]retend`)).toEqual(['please', 'preten'])
    expect(literalPrefixes('(?:ab)?')).toBeNull()
    expect(literalPrefixes(String.raw`a|bc`)).toBeNull() // one letter: every text has one
    expect(literalPrefixes(String.raw`(?:^|[.!?]\s+)now`)).toBeNull()
  })

  it('reads a word that opens on a Latin or Cyrillic letter by its lower case, and gives up on Greek', () => {
    expect(literalPrefixes('übergehe|Überweise|vergiss')).toEqual(['üb', 'vergis'])
    expect(literalPrefixes('забудь|игнорируй')).toEqual(['за', 'иг'])
    expect(literalPrefixes('ça va|esque[cç]')).toEqual(['ça', 'esque'])
    // σ and ς, в and the old form ᲀ: one case-blind letter, two lower cases
    expect(literalPrefixes('σας')).toBeNull()
    expect(literalPrefixes('вы')).toBeNull()
    // every letter read so lower-cases like every character a case-blind expression matches for it
    const fold = (ch: string) => {
      const upper = ch.toUpperCase()
      return upper.length !== 1 || (ch.charCodeAt(0) >= 0x80 && upper.charCodeAt(0) < 0x80) ? ch : upper
    }
    const byFold = new Map<string, string[]>()
    for (let code = 0; code < 0x10000; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue
      const ch = String.fromCharCode(code)
      byFold.set(fold(ch), [...(byFold.get(fold(ch)) ?? []), ch])
    }
    let read = 0
    for (let code = 0x80; code < 0x10000; code++) {
      const ch = String.fromCharCode(code)
      if ((code >= 0xd800 && code <= 0xdfff) || ch.toLowerCase() === ch.toUpperCase() || !readByLowerCase(code)) continue
      read++
      for (const other of byFold.get(fold(ch))!)
        if (new RegExp(ch, 'i').test(other) && other.toLowerCase().length === 1)
          expect(other.toLowerCase(), `${ch} ${other}`).toBe(ch.toLowerCase())
    }
    expect(read).toBeGreaterThan(400)
  })
})

describe('mayHoldCode', () => {
  it('says what the prose trigger says of a whole text, its one-character shapes looked for apart', () => {
    const pieces = [
      'eval(',
      'Eval (',
      'exec',
      'get(',
      'forget(',
      'target',
      '`',
      '| sh',
      '|bash',
      '| shell',
      '||zsh',
      'rm -rf',
      'arm -',
      'RM -',
      '$(',
      '$ (',
      'curl ',
      'curl\n',
      'wget\t',
      '/dev/tcp',
      'nc -',
      'sync -',
      'iex',
      'Invoke-',
      '@{[',
      '__class__',
      '__mro__',
      'builtins.x =',
      ' ',
      'é',
      'x',
    ]
    const next = seeded(5)
    let held = 0
    for (let round = 0; round < 3000; round++) {
      const text = Array.from({ length: 1 + next(6) }, () => pieces[next(pieces.length)]).join(next(2) ? ' ' : '')
      expect(mayHoldCode(text), JSON.stringify(text)).toBe(PROSE_TRIGGER.test(text))
      if (PROSE_TRIGGER.test(text)) held++
    }
    // both answers are tried often
    expect(held).toBeGreaterThan(500)
    expect(3000 - held).toBeGreaterThan(150)
  })
})

describe('allMatches and hasMatch', () => {
  const tables: RegExp[] = [
    ...[EN_DIRECT, DE_DIRECT, ZH_DIRECT, EN_PIVOT, JAILBREAK, JAILBREAK_UNGATED, MULTI_OVERRIDE].flatMap((t) => t.map((p) => p.re)),
    ...EN.acts.map((p) => p.re),
    ...ZH.acts.map((p) => p.re),
    ...EN_PLANTING_CUES.map((c) => c.re),
  ]
  const gates = [EN.gate, EN.memoryPrefix, ZH.gate, ZH.memoryPrefix]
  const fixtures = join(__dirname, 'fixtures')
  const texts = readdirSync(fixtures)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) =>
      readFileSync(join(fixtures, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { text: string }).text),
    )

  it('reads the first words of most table expressions, and has the fixtures to test them on', () => {
    expect(tables.filter((re) => literalPrefixes(re.source) !== null).length).toBeGreaterThan(tables.length / 2)
    expect(texts.length).toBeGreaterThan(1000)
  })

  // in parts of 2,000 texts, each a test of its own: the fixtures grow by every blind round read, and one test over all
  // of them (40 s on a quiet machine at 11,305 texts) would outgrow the test timeout on a loaded 2-core one
  const PART = 2000
  const parts = Array.from({ length: Math.ceil(texts.length / PART) }, (_, p) => p)
  it.each(parts)('finds what an exec loop finds, for every built-in table expression on every fixture text (part %i)', (part) => {
    let differences = 0
    texts.slice(part * PART, (part + 1) * PART).forEach((text, j) => {
      const i = part * PART + j
      // some texts also in capitals, and after a character whose lower case is longer (the index steps aside)
      const variants = [text, ...(i % 4 === 0 ? [text.toUpperCase()] : []), ...(i % 8 === 1 ? [`İ ${text}`] : [])]
      for (const variant of variants) {
        for (const re of tables) {
          const expected = execLoop(re, variant)
          const actual = allMatches(re, variant)
          if (actual.length !== expected.length || actual.some((m, i) => m.index !== expected[i]![0] || m[0] !== expected[i]![1]))
            differences++
        }
        for (const re of gates) if (hasMatch(re, variant) !== new RegExp(re.source, re.flags.replace('g', '')).test(variant)) differences++
        // the code family's triggers, tried at every candidate however many, and line by line (focus.ts)
        if (hasMatch(SINK_TRIGGER, variant, Infinity) !== SINK_TRIGGER.test(variant)) differences++
        if (mayHoldCode(variant) !== PROSE_TRIGGER.test(variant)) differences++
        const lines = variant.split('\n')
        const starts = [0]
        for (let n = 1; n < lines.length; n++) starts.push(starts[n - 1]! + lines[n - 1]!.length + 1)
        const marked = triggerLines(variant, starts, lines)
        if (marked && lines.some((line, n) => (marked[n] === 1) !== SINK_TRIGGER.test(line))) differences++
      }
    })
    expect(differences).toBe(0)
  })

  it('tries a word held to the start of a word only there', () => {
    expect(matchStarts(/\b(?:he|she)\b/g, 'the he she, ushe')).toEqual([4, 7])
    expect(found(/\b(?:he|she)\b/g, 'the he she, ushe')).toEqual([
      [4, 'he'],
      [7, 'she'],
    ])
    // the Kelvin sign is no word character for \b, but its lower case "k" is: the index must not read "k" as one
    expect(found(/\bhe\b/gi, '\u212ahe he')).toEqual(execLoop(/\bhe\b/gi, '\u212ahe he'))
    expect(found(/\bhe\b/gi, '\u212ahe he')).toHaveLength(2)
    expect(found(/\bhe\b/gi, 'khe he')).toEqual([[4, 'he']])
  })

  it('an expression first used on a text already indexed is read from the index, not by scanning the text', () => {
    const text = 'Please ignore the rules, then zorbify the quux and zorbify the rest.'
    expect(found(/\b(?:please|then)\b/gi, text)).toEqual(execLoop(/\b(?:please|then)\b/gi, text)) // indexes the text
    // a new first word: registered after the text's index was built. Scanning would run the expression itself (a
    // global one is its own scanning copy), compiling it a second time beside its sticky copy
    const late = /\bzorbify\s+the\s+\w+/g
    let scans = 0
    late.exec = function (this: RegExp, s: string) {
      scans++
      return RegExp.prototype.exec.call(this, s)
    }
    expect(found(late, text)).toEqual([
      [30, 'zorbify the quux'],
      [51, 'zorbify the rest'],
    ])
    expect(hasMatch(late, text)).toBe(true)
    expect(scans).toBe(0)
  })

  it('finds what an exec loop finds for random expressions on random texts (fuzz)', () => {
    const next = seeded(11)
    const pick = <T>(items: readonly T[]): T => items[next(items.length)]!
    const words = ['ab', 'abc', 'ba', 'b a', 'cab', 'aa', 'Ab', 'x', '记住', '记', '以后', 'a以', 'kab', '_a', 'üb', 'Üb', 'ç', 'за', 'ЗА']
    const atom = (depth: number): string => {
      switch (next(depth > 2 ? 4 : 9)) {
        case 0:
        case 1:
          return pick(words)
        case 2:
          return pick(['\\b', '\\s+', '[ab]', '\\w', '.', '(?<!c)', '(?=a)', '^', '$'])
        case 3:
          return pick(['a', 'b', 'c', ' '])
        case 4:
          return `(?:${alternation(depth + 1)})`
        case 5:
          return `(?:${alternation(depth + 1)})?`
        case 6:
          // (a bounded repeat: a group repeated without bound around a word repeated without bound backtracks
          // exponentially on a long text, in the exec loop and the index alike)
          return `(?:${alternation(depth + 1)}){1,3}`
        case 7:
          return `${pick(words)}${pick(['?', '*', '+', '{1,2}', '??', '{2}', '{2,3}', '{3,}'])}`
        default:
          return `(?<!${pick(words)})${pick(words)}`
      }
    }
    const sequence = (depth: number): string => Array.from({ length: 1 + next(3) }, () => atom(depth)).join('')
    const alternation = (depth: number): string => Array.from({ length: 1 + next(3) }, () => sequence(depth)).join('|')
    let indexed = 0
    for (let round = 0; round < 3000; round++) {
      const re = new RegExp(alternation(0), pick(['g', 'gi', 'gm', 'i']))
      if (literalPrefixes(re.source) !== null) indexed++
      const text = Array.from({ length: next(40) }, () =>
        pick([
          'a',
          'b',
          'c',
          ' ',
          'A',
          'B',
          '\n',
          'ab',
          'cab',
          '记住',
          '以',
          '后',
          'k',
          '\u212a',
          '_',
          '9',
          'ü',
          'Ü',
          'b',
          'ç',
          'Ç',
          'за',
          'З',
          'а',
        ]),
      ).join('')
      expect(found(re, text), `${re} on ${JSON.stringify(text)}`).toEqual(execLoop(re, text))
      const tested = new RegExp(re.source, re.flags.replace('g', '')).test(text)
      expect(hasMatch(re, text), `${re} on ${JSON.stringify(text)}`).toBe(tested)
      expect(hasMatch(re, text, Infinity), `${re} on ${JSON.stringify(text)}`).toBe(tested)
      // every match starts at a candidate position
      const starts = matchStarts(re, text)
      if (starts !== null) for (const [at] of execLoop(re, text)) expect(starts, `${re} on ${JSON.stringify(text)}`).toContain(at)
      // matches from any position, forward and back again: what exec finds with lastIndex there
      const matchFrom = matchesFrom(re, text)
      const global = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`)
      for (const at of [0, next(text.length + 1), next(text.length + 1), text.length, next(text.length + 1)]) {
        global.lastIndex = at
        const expected = global.exec(text)
        const actual = matchFrom(at)
        expect(actual && [actual.index, actual[0]], `${re} from ${at} on ${JSON.stringify(text)}`).toEqual(
          expected && [expected.index, expected[0]],
        )
      }
      // a stretch of the text, read from the text's index: what an exec loop finds in the stretch alone
      const from = next(text.length + 1)
      const stretch = text.slice(from, from + next(text.length - from + 1))
      const inStretch = allMatchesIn(re, text, from, stretch).map((m): [number, string] => [m.index, m[0]])
      expect(inStretch, `${re} on ${JSON.stringify(stretch)} at ${from} of ${JSON.stringify(text)}`).toEqual(execLoop(re, stretch))
    }
    // the fuzz must reach the index, not only the fallback
    expect(indexed).toBeGreaterThan(500)
  })

  it('reads a stretch of a text from the index of the whole text as an exec loop reads the stretch alone (the standing acts)', () => {
    // the stretches the standing acts read around a marker: a word held to the start of a word may open one after a
    // letter of the text ("xremember" cut after its x), and a match may not run past its end
    let differences = 0
    const next = seeded(3)
    texts
      .filter((_, i) => i % 7 === 0)
      .forEach((text) => {
        const from = next(text.length + 1)
        const stretch = text.slice(from, from + next(text.length - from + 1))
        for (const re of EN.acts.map((act) => act.re)) {
          const expected = execLoop(re, stretch)
          const actual = allMatchesIn(re, text, from, stretch)
          if (actual.length !== expected.length || actual.some((m, i) => m.index !== expected[i]![0] || m[0] !== expected[i]![1]))
            differences++
        }
      })
    expect(differences).toBe(0)
    // "forward" after an x is no word of the text, but it opens the stretch cut between them
    const text = 'Notes: always xforward the invoices to ap@example.com and keep this rule.'
    const re = /\b(?:always|forward)\b[^.]*/gi
    expect(allMatches(re, text).map((m) => m[0])).toEqual(['always xforward the invoices to ap@example'])
    expect(allMatchesIn(re, text, 15, text.slice(15, 40)).map((m) => [m.index, m[0]])).toEqual([[0, 'forward the invoices to a']])
    expect(allMatchesIn(re, text, 9, text.slice(9, 40)).map((m) => [m.index, m[0]])).toEqual(execLoop(re, text.slice(9, 40)))
  })
})
