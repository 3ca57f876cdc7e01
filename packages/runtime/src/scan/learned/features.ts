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

// The hash as a signed 32-bit integer: the same bits as FNV-1a's unsigned one (every use reads it through `^` and
// `&`), and a value V8 keeps unboxed; an unsigned one above 2^31 is a heap number wherever it is not inlined.
function mix(hash: number, code: number): number {
  return Math.imul(hash ^ code, FNV_PRIME)
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

/** Where the distinct buckets of one text are written before they are copied out (grown when a text needs more). */
let found = new Uint32Array(4096)

/**
 * A text as the features read it: its first `MAX_CHARS` units, NFKC-normalised and lowercased. For the passage
 * model, the same units as the text (offsets into one are offsets into the other) whenever the normalisation keeps
 * the length, which it does for ASCII, Chinese and full-width forms.
 */
export function featureText(text: string): string {
  const head = text.length > MAX_CHARS ? text.slice(0, MAX_CHARS) : text
  // NFKC changes nothing in ASCII text, which most candidates are
  return (NON_ASCII.test(head) ? head.normalize('NFKC') : head).toLowerCase()
}

/** Each kind's hash before its first code (the same for every feature of the kind). */
const UNIGRAM_SEED = mix(FNV_OFFSET, UNIGRAM)
const BIGRAM_SEED = mix(FNV_OFFSET, BIGRAM)
const TRIGRAM_SEED = mix(FNV_OFFSET, TRIGRAM)
const CJK_PAIR_SEED = mix(FNV_OFFSET, CJK_PAIR)

/** A word's trigram hashes, kept until its unigram and bigram are added (the order buckets are first seen in). */
let trigrams = new Int32Array(256)

/**
 * Writes the distinct buckets of the features of `lower[start, end)` (a `featureText`) into `found` and returns how
 * many there are: the one pass both models read with, allocating nothing for a text it has seen the size of. A word's
 * characters are read once, for its unigram and its trigrams together.
 */
export function collectBuckets(lower: string, start: number, end: number, bits: number): number {
  mask = (1 << bits) - 1
  let taken = marksBySize.get(bits)
  if (!taken) marksBySize.set(bits, (taken = new Uint8Array(1 << bits)))
  marks = taken
  count = 0
  // the previous word's unigram hash, if the word before this one was not a CJK character (any 32-bit value)
  let previous = 0
  let hasPrevious = false
  let previousCjk = -1
  let words = 0
  let i = start
  while (i < end && words < MAX_WORDS) {
    const code = lower.charCodeAt(i)
    const kind = classify(code)
    if (kind === 1) {
      i++
      previousCjk = -1
      continue
    }
    if (kind === 3) {
      words++
      add(mix(UNIGRAM_SEED, code))
      if (previousCjk !== -1) add(mix(mix(CJK_PAIR_SEED, previousCjk), code))
      previousCjk = code
      hasPrevious = false
      i++
      continue
    }
    previousCjk = -1
    words++
    // trigrams of "^word$": the edges as codes 1 and 2, which no word holds; `a`, `b` the two codes before this one
    let unigram = UNIGRAM_SEED
    let a = -1
    let b = 1
    let n = 0
    while (i < end) {
      const c = lower.charCodeAt(i)
      if (classify(c) !== 2) break
      unigram = mix(unigram, c)
      if (a !== -1) {
        if (n === trigrams.length) trigrams = grow(trigrams)
        trigrams[n++] = mix(mix(mix(TRIGRAM_SEED, a), b), c)
      }
      a = b
      b = c
      i++
    }
    if (n === trigrams.length) trigrams = grow(trigrams)
    trigrams[n++] = mix(mix(mix(TRIGRAM_SEED, a), b), 2)
    add(unigram)
    if (hasPrevious) add(mix(mix(BIGRAM_SEED, previous), unigram))
    previous = unigram
    hasPrevious = true
    for (let k = 0; k < n; k++) add(trigrams[k]!)
  }
  for (let k = 0; k < count; k++) taken[found[k]!] = 0
  return count
}

function grow<A extends Int32Array<ArrayBuffer> | Uint32Array<ArrayBuffer>>(array: A): A {
  const grown = new (array.constructor as new (length: number) => A)(array.length * 2)
  grown.set(array)
  return grown
}

// The state of the `collectBuckets` call under way (module variables, not a closure made per call: the passage
// model calls it once a sentence)
let mask = 0
let marks: Uint8Array = new Uint8Array(0)
let count = 0

function add(hash: number): void {
  const b = hash & mask
  if (marks[b] === 0) {
    marks[b] = 1
    if (count === found.length) found = grow(found)
    found[count++] = b
  }
}

/** The first `length` buckets `collectBuckets` wrote last (its return value; valid until its next call). */
export function collected(length: number): Uint32Array {
  return found.subarray(0, length)
}

/** The distinct buckets a text's features fall into, in the order first seen. */
export function featureBuckets(text: string, bits: number): Uint32Array {
  const lower = featureText(text)
  return collected(collectBuckets(lower, 0, lower.length, bits)).slice()
}

/**
 * The class of a UTF-16 unit in text of any case (capitals are letters): 1 not part of a word, 2 part of a word,
 * 3 a Han, kana or Hangul character (a word of its own).
 */
export function charClass(code: number): number {
  return code >= 0x41 && code <= 0x5a ? 2 : classify(code)
}
