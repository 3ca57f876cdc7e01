/**
 * Matches found from the literal words they must start with, instead of trying every position of the text.
 *
 * Most scanner expressions start with a word or an alternation of words (`\b(?:ignore|disregard|…)\s+…`). V8 tries
 * such an expression at every position of a 2 KB candidate, and the scanner holds a few hundred of them: that was most
 * of a scan's time. Here each expression's possible first words are read from its source once (`literalPrefixes`),
 * every text is read once by one Aho-Corasick automaton over the first words of all the expressions seen so far, and
 * an expression is then tried (sticky) only where one of its first words starts. The matches are exactly those of
 * `re.exec` from position 0: an expression whose first words cannot be derived (it may start with a class, a
 * wildcard, or match nothing) runs as before, and so does every expression on a text whose lower-case form has
 * another length (offsets would not line up).
 */

import { type Automaton, buildAutomaton } from './aho-corasick'

/** Matches found per expression and text: past this many, more of the same adds nothing but time. */
const DEFAULT_LIMIT = 64
/** First words are cut to this many characters (a longer one adds no selectivity, only automaton states). */
const MAX_PREFIX = 12
/** An expression with more first words than this is read position by position as before. */
const MAX_PREFIXES = 512
/** Above this many candidate positions one scan from the first is cheaper than a sticky try at each. */
const MAX_STICKY_TRIES = 48
/** Prefixes registered at most (the built-in expressions hold a few thousand; expressions built at run time could grow it). */
const MAX_REGISTERED = 20_000
/** The automaton is rebuilt when this many prefixes wait for it, or when some have waited this many texts. */
const REBUILD_WAITING = 64
const REBUILD_TEXTS = 16
/** Texts whose index is kept (a detector reads the whole text, then a stretch of it, then the text again). */
const INDEX_CACHE = 4

interface Prefix {
  /** Lower-case literal text every match starting here begins with. */
  text: string
  /** True when `text` covers the whole rest of the sequence it came from (it may be extended by what follows). */
  open: boolean
}

class NotLiteral extends Error {}

/**
 * The lower-case literal prefixes every match of `source` starts with, or null when none can be derived. Sound, not
 * complete: a match always starts with one of them (read case-insensitively), a prefix need not lead to a match.
 * Only printable ASCII prefixes of at least two characters are kept, the ones the shared automaton reads.
 */
export function literalPrefixes(source: string): string[] | null {
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
  // the automaton reads printable ASCII: a prefix is cut before any other character ("you’re" → "you")
  const texts = [...new Set(alternatives.map((p) => /^[\x20-\x7e]*/.exec(p.text)![0]))].sort((a, b) => a.length - b.length)
  const kept: string[] = []
  for (const text of texts) {
    if (text.length < 2) return null
    // "ignore" adds nothing beside "ign": every position that starts one starts the other
    if (!kept.some((shorter) => text.startsWith(shorter))) kept.push(text)
  }
  return kept.length === 0 || kept.length > MAX_PREFIXES ? null : kept
}

type Term =
  | { kind: 'assertion' }
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
      return { kind: 'assertion' }
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

/** Lower-case forms of a term's characters; a cased letter outside ASCII ends the derivation (its folding varies). */
function lowerCased(chars: readonly string[]): string[] {
  const out = new Set<string>()
  for (const char of chars) {
    const code = char.codePointAt(0)!
    if (code >= 0x80 && char.toLowerCase() !== char.toUpperCase()) throw new NotLiteral()
    out.add(char.toLowerCase())
  }
  return [...out]
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
  if (i >= terms.length) return [{ text: '', open: true }]
  if (budget <= 0) return [{ text: '', open: false }]
  const term = terms[i]!
  if (term.kind === 'assertion') return sequencePrefixes(terms, i + 1, budget)
  if (term.kind === 'other') return [{ text: '', open: false }]
  const once = term.min === 1 && term.max === 1
  let heads: Prefix[] =
    term.kind === 'chars'
      ? lowerCased(term.chars).map((text) => ({ text, open: once }))
      : alternationPrefixes(term.alternatives, budget).map((p) => ({ text: p.text, open: p.open && once }))
  if (term.min === 0) heads = [...heads.map((p) => ({ text: p.text, open: false })), { text: '', open: true }]
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
      out.push({ text: head.text, open: false })
      continue
    }
    for (const tail of rest) out.push({ text: head.text + tail.text, open: tail.open })
    if (out.length > MAX_PREFIXES * 4) throw new NotLiteral()
  }
  return out
}

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
const prefixIds = new Map<string, number>()
/** The automaton over `prefixTexts[0 .. automatonSize)`: prefixes registered since are not read until it is rebuilt. */
let automaton: Automaton | null = null
let automatonSize = 0
let textsSinceBuild = 0

function entryOf(re: RegExp): Entry {
  let entry = entries.get(re)
  if (entry === undefined) {
    // 'iu' folds ſ to s and K to k, which lower-casing the text does not
    const prefixes =
      (re.flags.includes('i') && re.flags.includes('u')) || prefixTexts.length > MAX_REGISTERED ? null : literalPrefixes(re.source)
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

/** A text's occurrences of every prefix the automaton knows: start positions by prefix id, ascending. */
interface TextIndex {
  text: string
  lower: string
  /** Null when the lower-case text has another length than the text: offsets would not line up. */
  starts: Map<number, number[]> | null
  /** Prefixes with an id at or past this one were registered after the index was built. */
  known: number
}

const recent: TextIndex[] = []

function indexOf(text: string): TextIndex {
  for (const index of recent) if (index.text === text) return index
  const lower = text.toLowerCase()
  // the same text lower-cased (a table's needs words are read so) or the other way round: the same positions
  for (const index of recent) if (index.lower === lower && index.text.length === text.length) return index
  // Expressions register on first use, so the first scans register most of them: the automaton is rebuilt once
  // enough have waited (or they have waited long enough), not for each; until then they are read as before.
  textsSinceBuild++
  const waiting = prefixTexts.length - automatonSize
  if (waiting > 0 && (automaton === null || waiting >= REBUILD_WAITING || textsSinceBuild >= REBUILD_TEXTS)) {
    automaton = buildAutomaton(prefixTexts)
    automatonSize = prefixTexts.length
    textsSinceBuild = 0
  }
  let starts: Map<number, number[]> | null = null
  if (lower.length === text.length && automaton) {
    const found = new Map<number, number[]>()
    automaton.scan(lower, (id, start) => {
      const list = found.get(id)
      if (list) list.push(start)
      else found.set(id, [start])
    })
    starts = found
  }
  const index = { text, lower, starts, known: automatonSize }
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
    const list = starts.get(id)
    if (list === undefined) continue
    candidates = lists++ === 0 ? list : candidates.concat(list)
  }
  if (lists > 1) candidates.sort((a, b) => a - b)
  return candidates
}

/** The starts of `text`'s index, or null when it cannot answer for all of `ids` (see `TextIndex`). */
function knownStarts(text: string, ids: readonly number[]): Map<number, number[]> | null {
  const index = indexOf(text)
  return index.starts === null || ids.some((id) => id >= index.known) ? null : index.starts
}

function register(text: string): number {
  let id = prefixIds.get(text)
  if (id === undefined) {
    id = prefixTexts.push(text) - 1
    prefixIds.set(text, id)
  }
  return id
}

/**
 * A reader of literal `words` (lower-case, printable ASCII) from the shared index: given a text (or the text
 * lower-cased), each word's start positions in it (undefined where it does not occur), read case-blind; null when the
 * index cannot say (a text read before the words were registered, or whose lower case has another length).
 */
export function wordReader(words: readonly string[]): ((text: string) => Array<readonly number[] | undefined> | null) | null {
  if (words.some((word) => word.length === 0 || !/^[\x20-\x7e]+$/.test(word)) || prefixTexts.length > MAX_REGISTERED) return null
  const ids = words.map(register)
  return (text) => {
    const starts = knownStarts(text, ids)
    return starts && ids.map((id) => starts.get(id))
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

/** Whether `re` matches anywhere in `text` (as `test` on a non-global copy would say), whatever `re.lastIndex`. */
export function hasMatch(re: RegExp, text: string): boolean {
  const entry = entryOf(re)
  const candidates = candidatesOf(entry, text)
  if (candidates === null || candidates.length > MAX_STICKY_TRIES) {
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
