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

/** The passages of `text` (its first `MAX_CHARS` units) as [start, end) offsets of their trimmed text, in order. */
export function passageRanges(text: string): Array<[number, number]> {
  const length = Math.min(text.length, MAX_CHARS)
  const ranges: Array<[number, number]> = []
  // the passage under way: its first unit that is not white space (-1: none yet), and its words so far
  let from = -1
  let words = 0
  let inWord = false
  const close = (end: number) => {
    let to = end
    while (to > from && isSpace(text.charCodeAt(to - 1))) to--
    ranges.push([from, to])
    from = -1
    words = 0
  }
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i)
    if (from === -1 && !isSpace(code)) from = i
    const kind = charClass(code)
    if (kind === 2) {
      if (!inWord) words++
      inWord = true
      continue
    }
    inWord = false
    if (kind === 3) words += 0.5
    const ends =
      code === 0x0a ||
      code === 0x3002 ||
      code === 0xff01 ||
      code === 0xff1f ||
      code === 0xff1b ||
      ((code === 0x2e || code === 0x21 || code === 0x3f) && i + 1 < text.length && isSpace(text.charCodeAt(i + 1)))
    if (ends && from !== -1 && words >= MIN_WORDS) close(i + 1)
  }
  if (from !== -1) close(length)
  return ranges
}
