/**
 * Hidden-text normalisation for the scanner: one linear pass that folds the tricks used to hide an instruction
 * from a human reader or from a keyword filter, and keeps a map back to the original offsets.
 *
 * - zero-width characters (ZWSP, ZWNJ, ZWJ, word joiner, BOM, soft hyphen, Mongolian vowel separator) are removed;
 * - bidi controls (LRE/RLE/PDF/LRO/RLO, isolates, LRM/RLM) are removed;
 * - Unicode tag characters (U+E0020–U+E007E, invisible in every renderer) are read as the ASCII they shadow, the
 *   "ASCII smuggling" of an instruction no reader sees; a flag's tag sequence after U+1F3F4 stays as it is;
 * - compatibility forms (full-width ASCII, mathematical alphanumerics, ligatures, circled letters) go through NFKC;
 * - Cyrillic and Greek look-alikes are folded to Latin, but only inside a word that also holds a Latin letter
 *   (a Russian or Greek word stays as it is);
 * - a backspace deletes the character before it, as a terminal shows the text ("igX\bnore" reads "ignore").
 *
 * Every normalised UTF-16 unit knows the source range it came from, so a match in the normalised text can be reported
 * on the original text. Only the hiding that a reader would not notice is recorded as a mark (a zero-width character
 * between two Latin letters, a bidi override, embedding or isolate, a direction mark inside a word, a mixed-script
 * word, a full-width Latin letter); a soft hyphen or a joiner inside an emoji sequence is folded silently.
 */

/** A stretch of the source that held hidden or disguised characters. Offsets are into the source string. */
export interface HiddenMark {
  kind: 'zero-width' | 'bidi' | 'homoglyph' | 'fullwidth' | 'tag' | 'backspace'
  start: number
  end: number
}

/** The normalised text, its map back to the source, and the hiding that was found. */
export interface NormalizedText {
  text: string
  /** `from[i]`/`to[i]`: the source range (UTF-16, end exclusive) that produced normalised unit `i`. */
  from: Int32Array
  to: Int32Array
  marks: HiddenMark[]
  /** False when the normalised text equals the source (then offsets map one to one). */
  changed: boolean
}

const BACKSPACE = 0x08
const ZERO_WIDTH = new Set([0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x00ad, 0x180e])
const SILENT_ZERO_WIDTH = new Set([0x00ad, 0x200c, 0x200d]) // soft hyphen, joiners: legitimate typography

/** LRM, RLM: marks that set the direction of neutral characters next to them, not controls that reorder a run. */
function isDirectionMark(code: number): boolean {
  return code === 0x200e || code === 0x200f
}

function isBidiControl(code: number): boolean {
  return (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069) || isDirectionMark(code)
}

/** Code points whose NFKC form differs and that hide Latin text: full-width, math letters, ligatures, circled. */
function isCompatibilityForm(code: number): boolean {
  return (
    (code >= 0xff01 && code <= 0xff5e) ||
    code === 0x3000 ||
    (code >= 0x1d400 && code <= 0x1d7ff) ||
    (code >= 0xfb00 && code <= 0xfb06) ||
    (code >= 0x2460 && code <= 0x24ff) ||
    (code >= 0x2100 && code <= 0x214f) ||
    (code >= 0x1f130 && code <= 0x1f189)
  )
}

function isAsciiLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)
}

/** Cyrillic and Greek letters that render like a Latin letter in common fonts. */
const HOMOGLYPHS: Record<string, string> = {
  // Cyrillic
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ɡ: 'g',
  ӏ: 'l',
  к: 'k',
  в: 'b',
  м: 'm',
  н: 'h',
  т: 't',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  У: 'Y',
  І: 'I',
  Ј: 'J',
  Ѕ: 'S',
  Ԁ: 'D',
  Ԛ: 'Q',
  Ԝ: 'W',
  Һ: 'H',
  // Greek
  α: 'a',
  ο: 'o',
  ν: 'v',
  ι: 'i',
  κ: 'k',
  ρ: 'p',
  υ: 'u',
  τ: 't',
  ε: 'e',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
}

function isWordLetter(code: number): boolean {
  // Latin (basic, Latin-1, extended), Greek, Cyrillic: the scripts a mixed-script word is made of.
  return (
    isAsciiLetter(code) ||
    (code >= 0xc0 && code <= 0x24f && code !== 0xd7 && code !== 0xf7) ||
    (code >= 0x370 && code <= 0x3ff) ||
    (code >= 0x400 && code <= 0x52f)
  )
}

/**
 * Normalises `source` for the injection detectors (see the module comment) in one linear pass.
 * The result's `from`/`to` map every normalised unit back to the source; `marks` lists the hiding found.
 */
export function normalizeForScan(source: string): NormalizedText {
  const length = source.length
  // Fast path: nothing outside printable ASCII and common CJK means nothing to fold.
  if (
    !/[\b\u00ad\u0370-\u052f\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\u2100-\u24ff\u3000\ufb00-\ufb06\ufeff-\uff5e\ud835\ud83c\udb40]/.test(
      source,
    )
  ) {
    return identity(source)
  }
  const out = new OffsetMap(length)
  const parts: string[] = []
  const marks: HiddenMark[] = []
  // Characters that are neither hidden nor folded are copied in runs (one slice each); only their offsets are
  // written one by one. Chinese text reaches this loop for its full-width punctuation alone.
  const kinds = (unitKinds ??= buildUnitKinds())
  let run = 0
  let i = 0
  while (i < length) {
    const kind = kinds[source.charCodeAt(i)]
    if (kind === PLAIN) {
      out.push(i, i + 1)
      i++
      continue
    }
    const code = source.codePointAt(i) as number
    const width = code > 0xffff ? 2 : 1
    if (kind === HIGH_SURROGATE && !isHiddenAstral(code)) {
      // a character outside the BMP kept as it is: both halves map to the pair
      for (let k = 0; k < width; k++) out.push(i, i + width)
      i += width
      continue
    }
    if (run < i) parts.push(source.slice(run, i))
    i = foldUnit(source, i, code, width, parts, out, marks)
    run = i
  }
  if (run < length) parts.push(run === 0 ? source : source.slice(run))
  let text = parts.join('')
  if (HAS_LOOKALIKE_SCRIPT.test(text)) {
    const units = text.split('')
    foldHomoglyphWords(units, out.from, out.to, marks)
    text = units.join('')
  }
  return { text, from: out.from.slice(0, out.length), to: out.to.slice(0, out.length), marks, changed: text !== source }
}

/** Unit kinds for the copy loop: plain units are copied as they are; the others go through `foldUnit`. */
const PLAIN = 0
const SPECIAL = 1
const HIGH_SURROGATE = 2
let unitKinds: Uint8Array | null = null
/** The kind of every UTF-16 unit, built on the first text that needs folding (64 KiB, a few ms once). */
function buildUnitKinds(): Uint8Array {
  const kinds = new Uint8Array(0x10000)
  for (let code = 0; code < 0x10000; code++) {
    if (code >= 0xd800 && code <= 0xdbff) kinds[code] = HIGH_SURROGATE
    else if (code === BACKSPACE || ZERO_WIDTH.has(code) || isBidiControl(code) || isCompatibilityForm(code)) kinds[code] = SPECIAL
  }
  return kinds
}

/** Characters outside the BMP that `foldUnit` changes: tag characters and the compatibility forms up there. */
function isHiddenAstral(code: number): boolean {
  return (code >= 0xe0020 && code <= 0xe007e) || isCompatibilityForm(code)
}

/** Greek and Cyrillic letters: only a text holding one can hold a disguised word. */
const HAS_LOOKALIKE_SCRIPT = /[\u0370-\u052f]/

/** The normalised units' source offsets, in typed arrays grown as needed. */
class OffsetMap {
  from: Int32Array
  to: Int32Array
  length = 0
  constructor(capacity: number) {
    this.from = new Int32Array(capacity + 16)
    this.to = new Int32Array(capacity + 16)
  }
  push(start: number, end: number): void {
    if (this.length === this.from.length) {
      const from = new Int32Array(this.from.length * 2)
      const to = new Int32Array(this.to.length * 2)
      from.set(this.from)
      to.set(this.to)
      this.from = from
      this.to = to
    }
    this.from[this.length] = start
    this.to[this.length] = end
    this.length++
  }
}

/**
 * Folds the character at `i` (code point `code`, `width` units): a zero-width or bidi control is dropped (and
 * marked when a reader would not notice it), a tag character read as its ASCII, a compatibility form through NFKC,
 * anything else copied. Returns the index after it.
 */
function foldUnit(source: string, i: number, code: number, width: number, parts: string[], out: OffsetMap, marks: HiddenMark[]): number {
  if (code === BACKSPACE) {
    // the character before it is taken back, as a terminal draws the two; a backspace with nothing before it is dropped
    let last = parts.length - 1
    while (last >= 0 && parts[last] === '') last--
    if (last >= 0 && out.length > 0) {
      const part = parts[last]!
      const deleted = out.from[out.length - 1]!
      // one character, both halves of a surrogate pair
      const units = part.length >= 2 && /[\udc00-\udfff]$/.test(part) ? 2 : 1
      parts[last] = part.slice(0, -units)
      out.length -= units
      // a letter slipped into a word and taken back hides the word from a filter ("igX\bnore"); a spinner's "|\b/" is
      // a terminal's animation
      if (isAsciiLetter(source.charCodeAt(deleted - 1)) && isAsciiLetter(source.charCodeAt(i + 1))) {
        pushMark(marks, 'backspace', deleted, i + 1)
      }
    }
    return i + 1
  }
  if (ZERO_WIDTH.has(code)) {
    if (!SILENT_ZERO_WIDTH.has(code) && insideWord(source, i)) {
      pushMark(marks, 'zero-width', i, i + 1)
    } else if (code === 0x200d && insideWord(source, i)) {
      pushMark(marks, 'zero-width', i, i + 1)
    }
    return i + 1
  }
  if (code >= 0xe0020 && code <= 0xe007e && !inFlagSequence(source, i)) {
    parts.push(String.fromCharCode(code - 0xe0000))
    out.push(i, i + 2)
    pushMark(marks, 'tag', i, i + 2)
    return i + 2
  }
  if (isBidiControl(code)) {
    // LRM and RLM reorder nothing on their own: copied posts and right-to-left names carry them at word edges
    // ("\u200f@handle"). Inside a word they split it for a keyword filter, like a zero-width space.
    if (!isDirectionMark(code) || insideWord(source, i)) pushMark(marks, 'bidi', i, i + 1)
    return i + 1
  }
  if (isCompatibilityForm(code)) {
    const folded = String.fromCodePoint(code).normalize('NFKC')
    if ((code >= 0xff21 && code <= 0xff5a) || (code >= 0x1d400 && code <= 0x1d7ff)) {
      pushMark(marks, 'fullwidth', i, i + width)
    }
    parts.push(folded)
    for (let k = 0; k < folded.length; k++) out.push(i, i + width)
    return i + width
  }
  parts.push(source.slice(i, i + width))
  for (let k = 0; k < width; k++) out.push(i, i + width)
  return i + width
}

/**
 * The unchanged text. Its offset maps are built only when read: an unchanged text maps one to one, and the
 * detectors never ask (two 2 KB typed arrays per scan were a tenth of the family's time on clean prose). Exported for
 * the steps that rewrite a raw text rather than a normalised one (the learned layer's decoded text).
 */
export function identity(source: string): NormalizedText {
  return withLazyMaps(source, [], false, () => {
    const from = new Int32Array(source.length)
    const to = new Int32Array(source.length)
    for (let i = 0; i < source.length; i++) {
      from[i] = i
      to[i] = i + 1
    }
    return { from, to }
  })
}

/**
 * A normalised text whose offset maps are built by `build` when first read, once: most texts never map a finding
 * back, and the typed arrays cost more than the work that produced the text.
 */
export function withLazyMaps(
  text: string,
  marks: HiddenMark[],
  changed: boolean,
  build: () => { from: Int32Array; to: Int32Array },
): NormalizedText {
  let maps: { from: Int32Array; to: Int32Array } | null = null
  return {
    text,
    get from() {
      return (maps ??= build()).from
    },
    get to() {
      return (maps ??= build()).to
    },
    marks,
    changed,
  }
}

/**
 * A stretch `[start, end)` of a normalised text read as `glue`. Every unit of the glue maps to the whole stretch, or,
 * when `unitFrom`/`unitTo` are given, unit `k` to `[unitFrom[k], unitTo[k])` of the text replaced (a decoded string
 * whose characters each stand for their own escape).
 */
export interface Replacement {
  start: number
  end: number
  glue: string
  unitFrom?: readonly number[]
  unitTo?: readonly number[]
}

/**
 * `normalized` with `replacements` (in order, none overlapping) applied. The maps back to the source are built when a
 * finding is mapped back, which most texts never need (typed arrays cost more than the replacing).
 */
export function withReplacements(normalized: NormalizedText, replacements: Replacement[]): NormalizedText {
  if (replacements.length === 0) return normalized
  const text = normalized.text
  const parts: string[] = []
  let copied = 0
  for (const replacement of replacements) {
    parts.push(text.slice(copied, replacement.start), replacement.glue)
    copied = replacement.end
  }
  parts.push(text.slice(copied))
  const replaced = parts.join('')
  return withLazyMaps(replaced, normalized.marks, true, () => {
    const from = new Int32Array(replaced.length)
    const to = new Int32Array(replaced.length)
    const sourceFrom = normalized.from
    const sourceTo = normalized.to
    let length = 0
    let next = 0
    for (const replacement of replacements) {
      for (let i = next; i < replacement.start; i++, length++) {
        from[length] = sourceFrom[i]!
        to[length] = sourceTo[i]!
      }
      for (let k = 0; k < replacement.glue.length; k++, length++) {
        from[length] = sourceFrom[replacement.unitFrom?.[k] ?? replacement.start]!
        to[length] = sourceTo[(replacement.unitTo?.[k] ?? replacement.end) - 1]!
      }
      next = replacement.end
    }
    for (let i = next; i < text.length; i++, length++) {
      from[length] = sourceFrom[i]!
      to[length] = sourceTo[i]!
    }
    return { from, to }
  })
}

/** Whether the invisible character at `i` sits between two Latin letters (further invisibles after it skipped). */
function insideWord(source: string, i: number): boolean {
  return isAsciiLetter(source.charCodeAt(i - 1)) && nextIsAsciiLetter(source, i + 1)
}

/** The next character after any further zero-width ones is an ASCII letter (`Ig\u200b\u200bnore`). */
function nextIsAsciiLetter(source: string, index: number): boolean {
  let j = index
  while (j < source.length && ZERO_WIDTH.has(source.charCodeAt(j))) j++
  return isAsciiLetter(source.charCodeAt(j))
}

/** Whether the tag character at `i` belongs to a flag's tag sequence (U+1F3F4, then tags, then U+E007F). */
function inFlagSequence(source: string, i: number): boolean {
  let k = i
  // step back over the tag characters before this one (two code units each)
  while (k >= 2 && source.charCodeAt(k - 2) === 0xdb40) k -= 2
  return source.codePointAt(k - 2) === 0x1f3f4
}

/** Adds a mark, merging it with the previous one of the same kind when they touch (one mark per hidden run). */
function pushMark(marks: HiddenMark[], kind: HiddenMark['kind'], start: number, end: number): void {
  const last = marks[marks.length - 1]
  if (last && last.kind === kind && start - last.end <= 1) {
    last.end = end
    return
  }
  marks.push({ kind, start, end })
}

function foldHomoglyphWords(units: string[], from: Int32Array, to: Int32Array, marks: HiddenMark[]): void {
  let i = 0
  while (i < units.length) {
    if (!isWordLetter(units[i].charCodeAt(0))) {
      i++
      continue
    }
    let j = i
    let latin = false
    let lookalike = false
    let foreign = false
    while (j < units.length && isWordLetter(units[j].charCodeAt(0))) {
      const code = units[j].charCodeAt(0)
      if (isAsciiLetter(code)) latin = true
      else if (HOMOGLYPHS[units[j]] !== undefined) lookalike = true
      else if (code >= 0x370) foreign = true
      j++
    }
    // A word with Latin letters and look-alikes but no Greek/Cyrillic letter that has no Latin twin is disguised.
    if (latin && lookalike && !foreign) {
      for (let k = i; k < j; k++) {
        const latinTwin = HOMOGLYPHS[units[k]]
        if (latinTwin !== undefined) units[k] = latinTwin
      }
      pushMark(marks, 'homoglyph', from[i], to[j - 1])
    }
    i = j
  }
}

/**
 * Maps a range of the normalised text back to the source range it came from (end exclusive).
 * An empty range maps to an empty range at its source position.
 */
export function originalSpan(normalized: NormalizedText, start: number, end: number): { start: number; end: number } {
  const n = normalized.text.length
  if (n === 0) return { start: 0, end: 0 }
  const s = Math.min(Math.max(start, 0), n - 1)
  if (end <= start) return { start: normalized.from[s], end: normalized.from[s] }
  const e = Math.min(end, n) - 1
  return { start: normalized.from[s], end: normalized.to[e] }
}

/** True when a hidden mark lies inside, or touches, the source range `[start, end)`. */
export function marksWithin(normalized: NormalizedText, start: number, end: number): HiddenMark[] {
  return normalized.marks.filter((mark) => mark.start < end && mark.end > start)
}
