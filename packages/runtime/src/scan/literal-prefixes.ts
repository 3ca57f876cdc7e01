/**
 * The literal words every match of a regular expression starts with, read from its source: what the scanner's literal
 * index (literal-index.ts) tries an expression at. A small recursive-descent reader of the RegExp syntax follows
 * literals through groups, optional parts and look-arounds; anything it cannot follow (a class, a wildcard, a
 * modifier) ends the words there or, at a match's start, gives no words at all.
 */

/**
 * First words are cut to this many characters. A longer one adds little selectivity and many automaton states: the
 * table (a row per character of the words) is read anew by each scan's first text, mostly from memory, not cache; at
 * 12 characters a 2 KB prose scan took 4.5 % more CPU (round-robin over the bench's four candidates, three processes
 * of each alternating), with the same matches.
 */
const MAX_PREFIX = 6
/**
 * A word that starts outside ASCII is cut to this many characters: a pair of ideographs is as rare as an English
 * word, and the Chinese tables' words, read to 12 characters (as all words once were), numbered 3,323 (856 starting with 不).
 */
const MAX_WIDE = 2
/** An expression with more first words than this gets none (the index then reads it position by position). */
const MAX_PREFIXES = 512

interface Prefix {
  /** Lower-case literal text every match starting here begins with. */
  text: string
  /** True when `text` covers the whole rest of the sequence it came from (it may be extended by what follows). */
  open: boolean
  /** True when a `\b` holds just before `text` (read from the source; see `LiteralWord.atWordStart`). */
  bounded: boolean
}

/** A first word of an expression, and whether a match can start with it only at the start of a word. */
export interface LiteralWord {
  text: string
  /**
   * The expression asserts a word boundary (`\b`) before the word, and the word opens with a word character: a match
   * never starts with it right after a letter, digit or `_` ("he" in `\b(?:he|she)\b` is not tried inside "the").
   */
  atWordStart: boolean
}

class NotLiteral extends Error {}

/**
 * The lower-case literal first words every match of `source` starts with, and where each can start, or null when none
 * can be derived. Sound, not complete: a match always starts with one of them (read case-insensitively), a word need not
 * lead to a match. Kept: printable ASCII words of at least two characters (the shared automaton reads them), and words
 * that start with another character, uncased or read by its lower case (see `readByLowerCase`), of one or `MAX_WIDE`
 * characters (a Chinese word, "üb", "за"; see `isWide`).
 */
export function literalWords(source: string): LiteralWord[] | null {
  let alternatives: Prefix[]
  try {
    const parser = new PrefixParser(source)
    const tree = parser.alternation()
    if (parser.at !== source.length) return null
    alternatives = alternationPrefixes(tree, MAX_PREFIX)
  } catch (error) {
    if (error instanceof NotLiteral) return null
    throw error
  }
  // the automaton reads printable ASCII: a prefix that starts with it is cut before any other character ("you’re" →
  // "you"); one that starts with another character is cut before a control character (a cased letter outside ASCII
  // not read by its lower case is read as one: see `lowerCased`)
  const words = new Map<string, boolean>()
  for (const p of alternatives) {
    const text = isWide(p.text) ? beforeControl(p.text).slice(0, MAX_WIDE) : /^[\x20-\x7e]*/.exec(p.text)![0]
    const atWordStart = p.bounded && /^[a-z0-9_]/.test(text)
    // a word read both after a `\b` and without one can start anywhere
    words.set(text, (words.get(text) ?? true) && atWordStart)
  }
  const sorted = [...words].map(([text, atWordStart]) => ({ text, atWordStart })).sort((a, b) => a.text.length - b.text.length)
  const kept: LiteralWord[] = []
  for (const word of sorted) {
    // one ASCII letter starts a match almost anywhere; one ideograph of the thousands is a word of its own
    if (word.text.length < (isWide(word.text) ? 1 : 2)) return null
    // "ignore" adds nothing beside "ign": every position that starts one starts the other (unless only "ign" is
    // held to the start of a word)
    if (!kept.some((shorter) => word.text.startsWith(shorter.text) && (!shorter.atWordStart || word.atWordStart))) kept.push(word)
  }
  return kept.length === 0 || kept.length > MAX_PREFIXES ? null : kept
}

/**
 * Whether a prefix starts with a character outside ASCII (uncased, or read by its lower case: see `lowerCased`). The literal index
 * reads these by their first character rather than with its automaton, whose table grows with every distinct
 * character its words use: the Chinese tables alone use hundreds.
 */
export function isWide(prefix: string): boolean {
  return prefix.length > 0 && prefix.charCodeAt(0) >= 0x80
}

/** `text` up to its first control character. */
function beforeControl(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x20 || code === 0x7f) return text.slice(0, i)
  }
  return text
}

type Term =
  | { kind: 'assertion' }
  | { kind: 'boundary' }
  | { kind: 'chars'; chars: string[]; min: number; max: number }
  | { kind: 'group'; alternatives: Term[][]; min: number; max: number }
  | { kind: 'other' }

/** A recursive-descent reader of the RegExp syntax, just enough to follow literals from the start of a match. */
class PrefixParser {
  at = 0
  constructor(private readonly source: string) {}

  /** The alternatives at this level, each a sequence of terms (prefixes are read from them on demand). */
  alternation(): Term[][] {
    const all: Term[][] = []
    for (;;) {
      const terms: Term[] = []
      while (this.at < this.source.length && this.source[this.at] !== '|' && this.source[this.at] !== ')') terms.push(this.term())
      all.push(terms)
      if (this.source[this.at] !== '|') return all
      this.at++
    }
  }

  private term(): Term {
    const s = this.source
    const c = s[this.at]!
    if (c === '^' || c === '$') {
      this.at++
      return { kind: 'assertion' }
    }
    if (c === '(') return this.group()
    if (c === '[') {
      const chars = this.characterClass()
      const count = this.quantifier()
      return chars ? { kind: 'chars', chars, ...count } : { kind: 'other' }
    }
    if (c === '.') {
      this.at++
      this.quantifier()
      return { kind: 'other' }
    }
    if (c === '\\' && (s[this.at + 1] === 'b' || s[this.at + 1] === 'B')) {
      this.at += 2
      return { kind: s[this.at - 1] === 'b' ? 'boundary' : 'assertion' }
    }
    if (c === '*' || c === '+' || c === '?' || c === ')' || c === ']' || c === '{' || c === '}') throw new NotLiteral()
    const char = c === '\\' ? this.escape() : (this.at++, c)
    const count = this.quantifier()
    return char === null ? { kind: 'other' } : { kind: 'chars', chars: [char], ...count }
  }

  private group(): Term {
    const s = this.source
    const lookaround = /^\(\?(?:=|!|<=|<!)/.exec(s.slice(this.at, this.at + 4))
    if (lookaround) {
      this.at += lookaround[0].length
      this.alternation()
      this.close()
      this.quantifier()
      return { kind: 'assertion' }
    }
    if (s.startsWith('(?:', this.at)) this.at += 3
    else if (s.startsWith('(?<', this.at)) this.at = s.indexOf('>', this.at) + 1
    else if (s.startsWith('(?', this.at)) throw new NotLiteral() // modifiers
    else this.at++
    const alternatives = this.alternation()
    this.close()
    return { kind: 'group', alternatives, ...this.quantifier() }
  }

  private close(): void {
    if (this.source[this.at] !== ')') throw new NotLiteral()
    this.at++
  }

  private quantifier(): { min: number; max: number } {
    const s = this.source
    let count: { min: number; max: number }
    const c = s[this.at]
    if (c === '?') count = { min: 0, max: 1 }
    else if (c === '*') count = { min: 0, max: Infinity }
    else if (c === '+') count = { min: 1, max: Infinity }
    else if (c === '{') {
      const braces = /^\{(\d+)(,(\d*))?\}/.exec(s.slice(this.at, this.at + 24))
      if (!braces) throw new NotLiteral()
      const min = Number(braces[1])
      count = { min, max: braces[2] === undefined ? min : braces[3] ? Number(braces[3]) : Infinity }
      this.at += braces[0].length - 1
    } else return { min: 1, max: 1 }
    this.at++
    if (s[this.at] === '?') this.at++ // lazy: the same strings
    return count
  }

  /** The character an escape stands for, or null for a class escape or a back-reference. */
  private escape(): string | null {
    const s = this.source
    const e = s[this.at + 1]
    this.at += 2
    if (e === undefined) throw new NotLiteral()
    if ('dDwWsS'.includes(e)) return null
    if (e === 'p' || e === 'P') {
      this.at = s.indexOf('}', this.at) + 1
      return null
    }
    if (e === 'k') {
      this.at = s.indexOf('>', this.at) + 1
      return null
    }
    if (/[1-9]/.test(e)) {
      while (/[0-9]/.test(s[this.at] ?? '')) this.at++
      return null
    }
    const control: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', v: '\v', '0': '\0' }
    if (control[e] !== undefined) return control[e]!
    if (e === 'x') {
      this.at += 2
      return String.fromCharCode(parseInt(s.slice(this.at - 2, this.at), 16))
    }
    if (e === 'u') {
      if (s[this.at] === '{') {
        const end = s.indexOf('}', this.at)
        const code = parseInt(s.slice(this.at + 1, end), 16)
        this.at = end + 1
        return String.fromCodePoint(code)
      }
      this.at += 4
      return String.fromCharCode(parseInt(s.slice(this.at - 4, this.at), 16))
    }
    if (e === 'c') throw new NotLiteral()
    return e
  }

  /** A class's characters when it is a short list of literal ones (`[''’]`, `[sz]`), else null. */
  private characterClass(): string[] | null {
    const s = this.source
    this.at++
    let literal = s[this.at] !== '^'
    if (!literal) this.at++
    const chars: string[] = []
    while (this.at < s.length && s[this.at] !== ']') {
      const from = s[this.at] === '\\' ? this.escape() : s[this.at++]!
      if (s[this.at] === '-' && s[this.at + 1] !== ']') {
        this.at++
        const to = s[this.at] === '\\' ? this.escape() : s[this.at++]!
        if (from === null || to === null || to.codePointAt(0)! - from.codePointAt(0)! > 8) literal = false
        else for (let code = from.codePointAt(0)!; code <= to.codePointAt(0)!; code++) chars.push(String.fromCodePoint(code))
        continue
      }
      if (from === null) literal = false
      else chars.push(from)
    }
    if (s[this.at] !== ']') throw new NotLiteral()
    this.at++
    return literal && chars.length > 0 && chars.length <= 8 ? chars : null
  }
}

/**
 * Cyrillic letters that an expression read case-blind (`i`, without `u`) matches in a form whose lower case is
 * another letter: в, д, о, с, т, ъ and ѣ also match the old letter forms U+1C80–U+1C88, which lower-case to themselves.
 */
const CYRILLIC_FOLDED_APART = new Set([0x412, 0x414, 0x41e, 0x421, 0x422, 0x42a, 0x432, 0x434, 0x43e, 0x441, 0x442, 0x44a, 0x462, 0x463])

/**
 * Whether a cased letter outside ASCII is read by its lower case: every character a case-blind expression matches
 * for it lower-cases to the letter's lower case, as the index reads the text. Latin-1 and Latin Extended-A/B ("ü",
 * "ç") and Cyrillic but the letters above are; Greek is not (σ and ς, µ and μ fold together and lower-case apart).
 */
export function readByLowerCase(code: number): boolean {
  return (code >= 0xc0 && code <= 0x24f) || (code >= 0x400 && code <= 0x4ff && !CYRILLIC_FOLDED_APART.has(code))
}

/**
 * Lower-case forms of a term's characters. Another cased letter outside ASCII (its folding varies) ends the words
 * there: it is read as a control character, before which every word is cut (`literalWords`), so a word that opens
 * on one is no word ("вы") and one that meets one later keeps what precedes ("забудь": "за").
 */
function lowerCased(chars: readonly string[]): string[] {
  const out = new Set<string>()
  for (const char of chars) {
    const code = char.codePointAt(0)!
    if (code >= 0x80 && char.toLowerCase() !== char.toUpperCase() && !readByLowerCase(code)) out.add('\u0000')
    else out.add(char.toLowerCase())
  }
  return [...out]
}

/** Spellings of a counted character read at most (`[ab]{2}` has four: aa, ab, ba, bb); more, and only its first copy is read. */
const MAX_REPEATED = 16

/**
 * The heads a character term gives: each character once (open when the term is exactly one), or, for a count of two
 * or more, every spelling of its first `min` copies (`##` for `#{2,8}`; open when `min === max`), as long as there are few.
 */
function repeatedChars(chars: readonly string[], min: number, max: number, budget: number): Prefix[] {
  if (min < 2 || chars.length ** Math.min(min, budget) > MAX_REPEATED)
    return chars.map((text) => ({ text, open: min === 1 && max === 1, bounded: false }))
  const length = Math.min(min, budget)
  let texts = ['']
  for (let n = 0; n < length; n++) texts = texts.flatMap((text) => chars.map((char) => text + char))
  return texts.map((text) => ({ text, open: min === max && length === min, bounded: false }))
}

/** The prefixes, at most `budget` characters long, every match of one of `alternatives` starts with. */
function alternationPrefixes(alternatives: readonly Term[][], budget: number): Prefix[] {
  const out: Prefix[] = []
  for (const terms of alternatives) {
    out.push(...sequencePrefixes(terms, 0, budget))
    if (out.length > MAX_PREFIXES * 4) throw new NotLiteral()
  }
  return out
}

/**
 * The prefixes, at most `budget` characters long, every match of `terms[i..]` starts with. Only as much of the
 * sequence is read as the budget needs: a 1,400-character alternation is not expanded past its first words.
 */
function sequencePrefixes(terms: readonly Term[], i: number, budget: number): Prefix[] {
  if (i >= terms.length) return [{ text: '', open: true, bounded: false }]
  if (budget <= 0) return [{ text: '', open: false, bounded: false }]
  const term = terms[i]!
  if (term.kind === 'assertion') return sequencePrefixes(terms, i + 1, budget)
  // what follows starts where the boundary holds
  if (term.kind === 'boundary') return sequencePrefixes(terms, i + 1, budget).map((p) => ({ ...p, bounded: true }))
  if (term.kind === 'other') return [{ text: '', open: false, bounded: false }]
  const once = term.min === 1 && term.max === 1
  let heads: Prefix[] =
    term.kind === 'chars'
      ? repeatedChars(lowerCased(term.chars), term.min, term.max, budget)
      : alternationPrefixes(term.alternatives, budget).map((p) => ({ ...p, open: p.open && once }))
  if (term.min === 0) heads = [...heads.map((p) => ({ ...p, open: false })), { text: '', open: true, bounded: false }]
  const out: Prefix[] = []
  // what follows, read once for each length of head that is extended
  const rests = new Map<number, Prefix[]>()
  for (const head of heads) {
    const room = budget - head.text.length
    let rest: Prefix[] | undefined
    if (head.open && room > 0) {
      rest = rests.get(room)
      if (!rest) rests.set(room, (rest = sequencePrefixes(terms, i + 1, room)))
    }
    // a head not extended is still a prefix: the set stays small where the words multiply ("in every new …")
    if (!rest || out.length + rest.length > MAX_PREFIXES) {
      out.push({ text: head.text, open: false, bounded: head.bounded })
      continue
    }
    // an empty head and its tail start at one position: a boundary before either holds before the word
    for (const tail of rest)
      out.push({ text: head.text + tail.text, open: tail.open, bounded: head.bounded || (head.text === '' && tail.bounded) })
    if (out.length > MAX_PREFIXES * 4) throw new NotLiteral()
  }
  return out
}
