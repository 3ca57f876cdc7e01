/**
 * Hard-wrapped prose read as the sentences it was written as. Plain-text e-mail (72 columns), OCR of a scanned page,
 * terminal output and fixed-width exports break lines wherever the column runs out: "forward the last twenty messages
 * to\narchive@…", "请将本合同\n的付款账户改为…". The injection detectors read a phrase on one line, so a break
 * inside it hid the order (hard-wrapping the development fixtures' attacks lost 6 % of the English rejections and 16 %
 * of the Chinese). Here a line break that continues a line of prose is read as the space it stands for (no space
 * between Chinese characters), and the map back to the source is kept, so findings still point at the original text.
 *
 * A break stays a break where the text has structure: after a blank line or before one, after a short line (a header,
 * an address, a list item, a line of a poem or a chat), before a list marker, a quote, a table row, a heading, a
 * timestamp or a bracket, or a label ("Alice:"), and after a line ending in a colon. Only the injection detectors read
 * the joined text; chunking and the code and secret rules keep the lines.
 *
 * A calendar or contact file (iCalendar, vCard) folds its long lines at 75 octets, inside words ("the LLM agent that
 * reads c\r\n ustomer emails"): there a break followed by one space or tab is removed with that blank (RFC 5545 3.1).
 */
import { type NormalizedText, type Replacement, withReplacements } from './normalize'

/** A file whose long lines are folded by RFC 5545 (iCalendar) or RFC 6350 (vCard). */
const FOLDING_FORMAT = /BEGIN:V(?:CALENDAR|EVENT|TODO|JOURNAL|CARD)\b/

/** A wrapped line is most of a column long; a shorter one ended where its writer ended it. */
const MIN_WRAPPED_LINE = 36
/** The same for lines holding Chinese, whose characters are two columns wide. */
const MIN_WRAPPED_LINE_CJK = 18

// What a line that starts something of its own begins with: a list marker, a numbered item, a quote, a table row, a
// heading, a bracketed timestamp or tag, markup, a code brace, a Markdown fence, a Chinese enumeration (一、 （一） 第二条),
// or a label (a speaker's name in a dialogue, a header's or a field's name: "Alice:", "Severity:", "发件人：").
const STRUCTURE_START =
  /(?:```|~~~|[-*•·+>#|[{}<(（【〔「『]|\d{1,3}[.)、:：]|[a-z][.)] |[一二三四五六七八九十]+、|第[一二三四五六七八九十百\d]+[条章节款项]|[\p{L}\p{N}][\p{L}\p{N} ._'’-]{0,24}[:：])/uy

/**
 * `normalized` with its soft line breaks joined: each becomes one space (nothing between Chinese characters), and the
 * whitespace around it is folded into that space. `from`/`to` still map every unit to the source. Returns `normalized`
 * itself when no break is soft.
 */
export function joinWrappedLines(normalized: NormalizedText): NormalizedText {
  const text = normalized.text
  let lineStart = 0
  let marker = commentMarkerAt(text, 0)
  const joins: Replacement[] = []
  const folding = FOLDING_FORMAT.test(text)
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) {
    if (folding && (text[at + 1] === ' ' || text[at + 1] === '\t')) {
      // a folded line: the break and the one blank after it are nothing
      joins.push({ start: text[at - 1] === '\r' ? at - 1 : at, end: at + 2, glue: '' })
      lineStart = at + 2
      continue
    }
    // the break with the spaces and tabs around it (and a carriage return before it)
    let start = at
    while (start > lineStart && isBlank(text.charCodeAt(start - 1))) start--
    const end = skipSpaces(text, at + 1)
    const nextMarker = commentMarkerAt(text, end)
    if (marker === nextMarker) {
      // a comment or a quotation wrapped over lines that each carry its mark ("# …", "// …", "> …"): the marks go
      // with the break, and the text on either side is judged as prose
      const content = marker ? afterMarker(text, lineStart, marker) : lineStart
      const next = marker ? afterMarker(text, end, marker) : end
      const glue = softBreakGlue(text, content, start, next)
      if (glue !== null) joins.push({ start, end: next, glue })
    }
    lineStart = end
    marker = nextMarker
    at = end - 1
  }
  // (an unchanged text is returned as it is)
  return withReplacements(normalized, joins)
}

/**
 * What the line break between the line `text[lineStart, lineEnd)` (its trailing blanks cut) and the next line, which
 * starts at `next`, stands for: `' '`, or `''` between Chinese characters, when it only wraps the line; `null` when it
 * ends it.
 */
function softBreakGlue(text: string, lineStart: number, lineEnd: number, next: number): string | null {
  if (lineEnd === lineStart || next >= text.length) return null
  const after = text.charCodeAt(next)
  if (after === 10 || after === 13) return null // a blank line follows
  const last = text.charCodeAt(lineEnd - 1)
  if (last === 0x3a || last === 0xff1a) return null // ':' '：'
  let first = lineStart
  while (first < lineEnd && isBlank(text.charCodeAt(first))) first++
  const cjkBefore = isCjk(last)
  const cjkAfter = isCjk(after)
  if (lineEnd - first < (cjkBefore || cjkAfter ? MIN_WRAPPED_LINE_CJK : MIN_WRAPPED_LINE)) return null
  if (mayStartStructure(text, next)) {
    STRUCTURE_START.lastIndex = next
    if (STRUCTURE_START.test(text)) return null
  }
  if (isCsvRecord(text, first) && isCsvRecord(text, next)) return null
  // a line of fields set apart by bars (a signature's "Shop | 2210 Pruitt Rd | shop.example", a breadcrumb, a table row
  // without its pipes at the ends) ends where it ends: prose is not wrapped in the middle of such a line
  if (barSeparated(text, first, lineEnd)) return null
  return cjkBefore && cjkAfter ? '' : ' '
}

/**
 * Two or more " | " separators starting on the line `[start, end)`. Read within the line only: `indexOf(' | ', start)`
 * would read on to the text's end on each line without one, quadratic in the lines of a long code block.
 */
function barSeparated(text: string, start: number, end: number): boolean {
  let found = 0
  for (let i = start; i < end; i++) {
    if (text.charCodeAt(i) === 32 && text.charCodeAt(i + 1) === 124 && text.charCodeAt(i + 2) === 32) {
      if (++found === 2) return true
      i += 2
    }
  }
  return false
}

/** A CSV file's line (its header or a record: "EXP-30114,EMP-0412,2025-02-05,…"): a one-word first field, two commas. */
const CSV_RECORD = /[^\s,"]{1,40},[^,\n]{0,60},/y
function isCsvRecord(text: string, start: number): boolean {
  CSV_RECORD.lastIndex = start
  return CSV_RECORD.test(text)
}

/**
 * Whether the line at `start` could match STRUCTURE_START: every alternative starts with a mark or ends within its
 * first 26 characters on one of `.)、:：` or 条章节款项, so a line of prose without one there is passed
 * without running the expression (most wrapped lines).
 */
function mayStartStructure(text: string, start: number): boolean {
  const end = Math.min(text.length, start + 26)
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i)
    if (code === 10) return i === start
    if (code < 128 ? ASCII_MARKS[code] === 1 : OTHER_MARKS.has(code)) return true
  }
  return false
}

const STRUCTURE_MARKS = [...'-*•·+>#|[{}<(（【〔「『.)、:：条章节款项`~'].map((c) => c.charCodeAt(0))
const ASCII_MARKS = new Uint8Array(128)
for (const code of STRUCTURE_MARKS) if (code < 128) ASCII_MARKS[code] = 1
const OTHER_MARKS = new Set(STRUCTURE_MARKS.filter((code) => code >= 128))

/** CJK symbols and punctuation, ideographs (with extension A), full-width forms: a Chinese text's characters. */
function isCjk(code: number): boolean {
  return (code >= 0x3000 && code <= 0x303f) || (code >= 0x3400 && code <= 0x9fff) || (code >= 0xff00 && code <= 0xffef)
}

/**
 * Marks that open every line of a wrapped comment or quotation: shell, Python and YAML, C-like, SQL, Lisp, JSDoc, an
 * e-mail's quote (one `>`: `>>>` is a console's prompt, its lines commands).
 */
const COMMENT_MARKER = /[ \t]*(#+|\/\/+|--|;+|\*|>(?!>))(?=[ \t])/y

/** The comment or quotation mark the line at `start` opens with (after its indentation), or `''`. */
function commentMarkerAt(text: string, start: number): string {
  COMMENT_MARKER.lastIndex = start
  const match = COMMENT_MARKER.exec(text)
  return match ? match[1]! : ''
}

/** Where the text of a line opening with `marker` starts: after its indentation, the mark and the blanks after it. */
function afterMarker(text: string, start: number, marker: string): number {
  return skipSpaces(text, text.indexOf(marker, start) + marker.length)
}

/** The first position from `i` on that is not a space or a tab. */
function skipSpaces(text: string, i: number): number {
  while (i < text.length && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++
  return i
}

/** A space, a tab or a carriage return: what may stand between a line's last word and its break. */
function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 13
}
