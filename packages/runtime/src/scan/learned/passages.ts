/**
 * The passages the learned layer reads one by one in a long text: its sentences. A planted order is a sentence or two
 * in a page, an e-mail or a record that is otherwise ordinary; read as one bag of words, the whole text drowns it
 * (the features are normalised by their count). A passage ends at a line break, at `.`, `!` or `?` before white
 * space, and at 。！？；. A passage of fewer than `MIN_WORDS` words (a heading, a field name, "OK.") is joined to the
 * next, so that a label and the sentence it introduces are read together.
 */
import { charClass, MAX_CHARS } from './features'

/** A passage shorter than this (words; a Han, kana or Hangul character counts half) is joined to the next. */
export const MIN_WORDS = 4

function isSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d) || code === 0xa0 || code === 0x3000 || (code >= 0x2000 && code <= 0x200a)
}

/** ASCII by what a passage makes of it: 0 other, 1 white space, 2 part of a word, 3 `.`, `!` or `?`, 4 a line break. */
const ASCII_KIND = new Uint8Array(128)
for (let code = 0; code < 128; code++) {
  ASCII_KIND[code] =
    code === 0x0a ? 4 : isSpace(code) ? 1 : charClass(code) === 2 ? 2 : code === 0x2e || code === 0x21 || code === 0x3f ? 3 : 0
}

/** The passages of `text` (its first `MAX_CHARS` units) as [start, end) offsets of their trimmed text, in order. */
export function passageRanges(text: string): Array<[number, number]> {
  const length = Math.min(text.length, MAX_CHARS)
  const ranges: Array<[number, number]> = []
  // the passage under way: its first unit that is not white space (-1: none yet), and its words so far
  let from = -1
  let words = 0
  let inWord = false
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i)
    let ends: boolean
    if (code < 128) {
      // ASCII, most of most texts: one table look-up
      const kind = ASCII_KIND[code]!
      if (kind === 2) {
        if (from === -1) from = i
        if (!inWord) words++
        inWord = true
        continue
      }
      inWord = false
      if (kind === 1) continue
      if (kind === 4) ends = true
      else {
        if (from === -1) from = i
        ends = kind === 3 && i + 1 < text.length && isSpace(text.charCodeAt(i + 1))
      }
    } else {
      if (from === -1 && !isSpace(code)) from = i
      const kind = charClass(code)
      if (kind === 2) {
        if (!inWord) words++
        inWord = true
        continue
      }
      inWord = false
      if (kind === 3) words += 0.5
      ends = code === 0x3002 || code === 0xff01 || code === 0xff1f || code === 0xff1b
    }
    if (ends && from !== -1 && words >= MIN_WORDS) {
      ranges.push([from, trimmedEnd(text, from, i + 1)])
      from = -1
      words = 0
    }
  }
  if (from !== -1) ranges.push([from, trimmedEnd(text, from, length)])
  return ranges
}

/** `end` moved back over the white space that ends `text[from, end)`. */
function trimmedEnd(text: string, from: number, end: number): number {
  let to = end
  while (to > from && isSpace(text.charCodeAt(to - 1))) to--
  return to
}
