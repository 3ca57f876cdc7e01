/**
 * The learned layer's features: what a small linear model sees of a text. Hashed (no vocabulary to ship), binary
 * (a word said twice is one signal), the same in Node and browsers, and computed in one pass over the characters
 * with no string built per feature:
 * - words (runs of letters and digits, lowercased after NFKC), alone and in pairs with the next word;
 * - character trigrams of each word with its edges (`^ig`, `ign`, …, `re$`), which carry inflections, compounds
 *   and misspellings ("ignorieren", "ignoriere", "ingore");
 * - Han, kana and Hangul as single characters and neighbouring pairs (no spaces to find words by).
 * Each feature is FNV-1a hashed (32 bit, seeded by its kind) into `2^bits` buckets.
 */

/** At most this many words are read: what a model is told to do is in the first page of a candidate. */
export const MAX_WORDS = 1000

/** And at most this many UTF-16 units (normalising a whole long text would cost more than the words read). */
export const MAX_CHARS = 16_384

const FNV_OFFSET = 0x811c9dc5
const FNV_PRIME = 0x01000193

function mix(hash: number, code: number): number {
  return Math.imul(hash ^ code, FNV_PRIME) >>> 0
}

const NON_ASCII = /[\u0080-\uffff]/

/** Kinds of feature, hashed first so that a word and a trigram that spell the same do not share a bucket by design. */
const UNIGRAM = 1
const BIGRAM = 2
const TRIGRAM = 3
const CJK_PAIR = 4

const LETTER = /[\p{L}\p{N}\p{M}]/u

/** Han, kana and Hangul blocks: each character a word of its own. */
function isCjk(code: number): boolean {
  return (
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x3040 && code <= 0x30ff) ||
    (code >= 0xac00 && code <= 0xd7af) ||
    (code >= 0x1100 && code <= 0x11ff) ||
    (code >= 0x3130 && code <= 0x318f) ||
    (code >= 0xf900 && code <= 0xfaff)
  )
}

/** The class of each UTF-16 unit seen so far (0: not yet known), so the Unicode test runs once per character. */
const classes = new Uint8Array(0x10000)

/** 1: not part of a word, 2: part of a word, 3: a CJK character (a word of its own). */
function classify(code: number): number {
  if (code < 0x80) return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) ? 2 : 1
  let c = classes[code]!
  if (c === 0) {
    c = code >= 0xd800 && code <= 0xdfff ? 2 : isCjk(code) ? 3 : LETTER.test(String.fromCharCode(code)) ? 2 : 1
    classes[code] = c
  }
  return c
}

/** Marks buckets already taken by this text (one array per size, cleared after each call). */
const marksBySize = new Map<number, Uint8Array>()

/** The distinct buckets a text's features fall into, in the order first seen. */
export function featureBuckets(text: string, bits: number): Uint32Array {
  const mask = (1 << bits) - 1
  let marks = marksBySize.get(bits)
  if (!marks) marksBySize.set(bits, (marks = new Uint8Array(1 << bits)))
  const taken: number[] = []
  const add = (hash: number) => {
    const b = hash & mask
    if (marks[b] === 0) {
      marks[b] = 1
      taken.push(b)
    }
  }
  const head = text.slice(0, MAX_CHARS)
  // NFKC changes nothing in ASCII text, which most candidates are
  const lower = (NON_ASCII.test(head) ? head.normalize('NFKC') : head).toLowerCase()
  const n = lower.length
  let previous = -1
  let previousCjk = -1
  let words = 0
  let i = 0
  while (i < n && words < MAX_WORDS) {
    const code = lower.charCodeAt(i)
    const kind = classify(code)
    if (kind === 1) {
      i++
      previousCjk = -1
      continue
    }
    if (kind === 3) {
      words++
      add(mix(mix(FNV_OFFSET, UNIGRAM), code))
      if (previousCjk !== -1) add(mix(mix(mix(FNV_OFFSET, CJK_PAIR), previousCjk), code))
      previousCjk = code
      previous = -1
      i++
      continue
    }
    previousCjk = -1
    const start = i
    while (i < n && classify(lower.charCodeAt(i)) === 2) i++
    words++
    let unigram = mix(FNV_OFFSET, UNIGRAM)
    for (let j = start; j < i; j++) unigram = mix(unigram, lower.charCodeAt(j))
    add(unigram)
    if (previous !== -1) add(mix(mix(mix(FNV_OFFSET, BIGRAM), previous), unigram))
    previous = unigram
    // trigrams of "^word$": the edges as codes 1 and 2, which no word holds
    const length = i - start + 2
    for (let k = 0; k + 3 <= length; k++) {
      let h = mix(FNV_OFFSET, TRIGRAM)
      for (let j = k; j < k + 3; j++) h = mix(h, j === 0 ? 1 : j === length - 1 ? 2 : lower.charCodeAt(start + j - 1))
      add(h)
    }
  }
  for (const b of taken) marks[b] = 0
  return Uint32Array.from(taken)
}
