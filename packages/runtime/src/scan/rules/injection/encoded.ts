/**
 * Wrapped instructions: base64 runs, hex and binary runs, Morse code and Caesar-shifted prose (rot13 among the
 * shifts), decoded cheaply so the same detectors can read them. Browser-safe (atob and TextDecoder only).
 */

import { allMatches } from '../../literal-index'

/** A decoded stretch and the source range it came from. */
export interface DecodedRun {
  kind: 'base64' | 'hex' | 'binary' | 'morse'
  /** Source range of the encoded run. */
  start: number
  end: number
  decoded: string
}

// The look-behind starts a run only at its first character: without it the engine retries inside every word.
const BASE64_RUN = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{16,}={0,2}/g
const MAX_RUNS = 64
const MAX_RUN_LENGTH = 16_384
const utf8 = new TextDecoder('utf-8', { fatal: true })

// Which wrappings a text may hold, found in one pass of table reads (an expression tried at each position, or at each
// of a text's a–f letters, cost 1.5–4 % of a prose scan): 16 base64 characters in a row, 32 hex digits with nothing
// but separators between them, 30 dots, dashes, slashes and blanks in a row, 15 of them dots and dashes.
const BASE64 = 1
const HEX = 2
const MORSE_CODE = 4
const BASE64_CHAR = 1
const HEX_DIGIT = 2
const HEX_SEPARATOR = 4
const MORSE_CHAR = 8
const CHAR_KIND = new Uint8Array(128)
for (let code = 0; code < 128; code++) {
  const ch = String.fromCharCode(code)
  if (/[A-Za-z0-9+/_-]/.test(ch)) CHAR_KIND[code] |= BASE64_CHAR
  if (/[0-9A-Fa-f]/.test(ch)) CHAR_KIND[code] |= HEX_DIGIT
  else if (/[ :\\x]/.test(ch)) CHAR_KIND[code] |= HEX_SEPARATOR
  if (/[.\-/ \t]/.test(ch)) CHAR_KIND[code] |= MORSE_CHAR
}

/** The wrappings (`BASE64 | HEX | MORSE_CODE`) `text` may hold runs of. */
export function encodingsIn(text: string): number {
  let found = 0
  let base64 = 0
  let hex = 0
  let morse = 0
  let marks = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    const kind = code < 128 ? CHAR_KIND[code]! : 0
    if (kind & BASE64_CHAR) {
      if (++base64 === 16) found |= BASE64
    } else base64 = 0
    if (kind & HEX_DIGIT) {
      if (++hex === 32) found |= HEX
    } else if ((kind & HEX_SEPARATOR) === 0) hex = 0
    if (kind & MORSE_CHAR) {
      // (blanks count toward the run's length, not its dots and dashes: an indented line of code is no Morse)
      morse++
      if ((code === 46 || code === 45) && ++marks >= 15 && morse >= 30) found |= MORSE_CODE
    } else morse = marks = 0
  }
  return found
}

/** Every base64, hex, binary and Morse run of `text` that decodes to prose, from one pass over it. */
export function wrappedRuns(text: string): DecodedRun[] {
  const kinds = encodingsIn(text)
  if (kinds === 0) return []
  return [...base64Runs(text, kinds), ...hexRuns(text, kinds), ...binaryRuns(text, kinds), ...morseRuns(text, kinds)]
}

/** Decodes a base64 (or base64url) string to text, or null when it is not mostly printable prose. */
function decodeBase64Text(run: string): string | null {
  // A run of only letters or only digits is a word or a number, not an encoding.
  if (run.length > MAX_RUN_LENGTH || !/[0-9+/=]/.test(run) || !/[a-z]/.test(run) || !/[A-Z]/.test(run)) return null
  let body = run.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '')
  if (body.length % 4 === 1) return null
  body += '='.repeat((4 - (body.length % 4)) % 4)
  let binary: string
  try {
    binary = atob(body)
  } catch {
    return null
  }
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return proseOf(bytes)
}

/** `bytes` as UTF-8 text when that text is mostly printable prose, else null. */
function proseOf(bytes: Uint8Array): string | null {
  let text: string
  try {
    text = utf8.decode(bytes)
  } catch {
    return null
  }
  // Prose: printable, with spaces and letters (a hash or a key decodes to binary noise).
  let printable = 0
  let letters = 0
  let spaces = 0
  for (const ch of text) {
    const code = ch.codePointAt(0) as number
    if (code === 32) spaces++
    if ((code >= 32 && code < 127) || code === 10 || code === 9 || code > 0x2e7f) printable++
    if (/\p{L}/u.test(ch)) letters++
  }
  const length = [...text].length
  if (length < 8 || printable / length < 0.95 || letters / length < 0.5) return null
  if (spaces === 0 && !/[\u4e00-\u9fff]/.test(text)) return null
  return text
}

/**
 * Hex runs: at least 16 bytes as hex digit pairs, written together or set apart by spaces, colons or `\x`
 * ("49676e6f7265…", "49 67 6e 6f", "\x49\x67"), not glued to a word on either side ("payload 4967…" would read "ad"
 * as the first byte). A hash, a UUID or a MAC address decodes to binary noise and is dropped.
 */
const HEX_RUN = /(?<![0-9A-Za-z])(?:\\x)?[0-9A-Fa-f]{2}(?:(?:[ :]|\\x)?[0-9A-Fa-f]{2}){15,}(?![0-9A-Za-z])/g
/** Candidate hex runs of `text` that decode to prose. */
export function hexRuns(text: string, kinds = encodingsIn(text)): DecodedRun[] {
  return (kinds & HEX) === 0 ? [] : decodedRuns(text, HEX_RUN, 'hex', decodeHexText)
}

/** A hex run's bytes as text, or null when it is not mostly printable prose. */
const decodeHexText = (run: string): string | null => proseOfDigits(run.replace(/\\x|[ :]/g, ''), 2, 16)

/** Digits read `width` at a time in `radix` as bytes, as text when that is mostly printable prose; else null. */
function proseOfDigits(digits: string, width: number, radix: number): string | null {
  if (digits.length > MAX_RUN_LENGTH || digits.length % width !== 0) return null
  const bytes = new Uint8Array(digits.length / width)
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(digits.slice(width * i, width * (i + 1)), radix)
  return proseOf(bytes)
}

/**
 * Binary runs: at least 8 bytes as groups of eight 0s and 1s, written together or set apart by blanks ("01001001
 * 01100111 …"). Their digits are hex digits, so the hex gate finds them too.
 */
const BINARY_RUN = /(?<![0-9A-Za-z])[01]{8}(?:[ \t]?[01]{8}){7,}(?![0-9A-Za-z])/g
/** Candidate binary runs of `text` that decode to prose. */
export function binaryRuns(text: string, kinds = encodingsIn(text)): DecodedRun[] {
  return (kinds & HEX) === 0 ? [] : decodedRuns(text, BINARY_RUN, 'binary', decodeBinaryText)
}

/** A binary run's bytes as text, or null when it is not mostly printable prose. */
const decodeBinaryText = (run: string): string | null => proseOfDigits(run.replace(/[ \t]/g, ''), 8, 2)

/** International Morse code: letters, digits and the punctuation an order needs (each character, then its code). */
const MORSE: Record<string, string> = Object.fromEntries(
  [
    String.raw`A.- B-... C-.-. D-.. E. F..-. G--. H.... I.. J.--- K-.- L.-.. M-- N-. O--- P.--. Q--.- R.-. S... T-`,
    String.raw`U..- V...- W.-- X-..- Y-.-- Z--.. 0----- 1.---- 2..--- 3...-- 4....- 5..... 6-.... 7--... 8---..`,
    String.raw`9----. ..-.-.- ,--..-- ?..--.. !-.-.-- '.----. /-..-. :---... (-.--. )-.--.- ".-..-. --....- _..--.-`,
    String.raw`+.-.-. =-...- @.--.-. ;-.-.-. &.-... $...-..-`,
  ]
    .join(' ')
    .split(' ')
    .map((entry) => [entry.slice(1), entry[0]!]),
)

/** Twelve or more Morse letters set apart by blanks, words by two blanks or a slash. */
const MORSE_RUN = /(?<![\w.-])[.-]{1,7}(?:(?:[ \t]{1,3}|[ \t]*\/[ \t]*)[.-]{1,7}){11,}(?![\w.-])/g

/**
 * Morse code runs of `text`, decoded (upper case, `?` for a sequence no character has); a run where more than one
 * sequence in ten is no character, or that decodes to no two words, is not Morse.
 */
export function morseRuns(text: string, kinds = encodingsIn(text)): DecodedRun[] {
  return (kinds & MORSE_CODE) === 0 ? [] : decodedRuns(text, MORSE_RUN, 'morse', decodeMorse)
}

function decodeMorse(run: string): string | null {
  if (run.length > MAX_RUN_LENGTH) return null
  let decoded = ''
  let letters = 0
  let unknown = 0
  for (const word of run.trim().split(/[ \t]*\/[ \t]*|[ \t]{2,}/)) {
    for (const letter of word.split(/[ \t]/)) {
      const ch = MORSE[letter]
      letters++
      if (ch === undefined) unknown++
      decoded += ch ?? '?'
    }
    decoded += ' '
  }
  return unknown * 10 > letters || !/[A-Z]{2,}\s+[A-Z]{2,}/.test(decoded) ? null : decoded.trim()
}

/** Candidate base64 runs of `text` (≥ 16 characters) that decode to prose. */
export function base64Runs(text: string, kinds = encodingsIn(text)): DecodedRun[] {
  return (kinds & BASE64) === 0 ? [] : decodedRuns(text, BASE64_RUN, 'base64', decodeBase64Text)
}

/** The matches of `re` in `text` (at most MAX_RUNS) that `decode` reads as text. */
function decodedRuns(text: string, re: RegExp, kind: DecodedRun['kind'], decode: (run: string) => string | null): DecodedRun[] {
  const runs: DecodedRun[] = []
  re.lastIndex = 0
  for (const match of text.matchAll(re)) {
    if (runs.length >= MAX_RUNS) break
    const decoded = decode(match[0])
    if (decoded !== null) runs.push({ kind, start: match.index, end: match.index + match[0].length, decoded })
  }
  return runs
}

/**
 * Words that carry an instruction (ignore, instructions, previous, system, prompt, assistant, disregard, forget,
 * reveal, rules, password), looked for under every Caesar shift of the alphabet (rot13 is the shift of 13): nonsense
 * in ordinary text, so two distinct ones of one shift are a cheap gate before decoding.
 */
const GATE_WORDS = [
  'ignore',
  'instructions',
  'instruction',
  'previous',
  'system',
  'prompt',
  'assistant',
  'disregard',
  'forget',
  'reveal',
  'rules',
  'password',
]
/** Each gate word under each shift, with its shift. */
const SHIFTED_WORDS = new Map<string, number>()
for (let shift = 1; shift < 26; shift++) for (const word of GATE_WORDS) SHIFTED_WORDS.set(caesar(word, shift), shift)
const SHIFTED_GATE = new RegExp(String.raw`\b(?:${[...SHIFTED_WORDS.keys()].join('|')})\b`, 'gi')

/**
 * `text` shifted back when it looks Caesar-shifted (two distinct gate words of one shift), with that shift; else
 * null. The result has the same length, so offsets map one to one.
 */
export function unshiftedIfWrapped(text: string): { shift: number; decoded: string } | null {
  const seen = new Map<number, Set<string>>()
  // (where the literal index finds the gate's words, not at every position)
  for (const match of allMatches(SHIFTED_GATE, text, Infinity)) {
    const word = match[0].toLowerCase()
    const shift = SHIFTED_WORDS.get(word)!
    const words = seen.get(shift) ?? new Set<string>()
    words.add(word)
    seen.set(shift, words)
    if (words.size >= 2) return { shift, decoded: caesar(text, 26 - shift) }
  }
  return null
}

/** ASCII letters moved `shift` places along the alphabet (13: rot13); the result has the same length. */
export function caesar(text: string, shift: number): string {
  return text.replace(/[A-Za-z]/g, (ch) => {
    const base = ch <= 'Z' ? 65 : 97
    return String.fromCharCode(((ch.charCodeAt(0) - base + shift) % 26) + base)
  })
}
