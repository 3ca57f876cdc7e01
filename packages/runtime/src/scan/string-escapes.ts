/**
 * Quoted strings read as the text they encode. A tool's output is often JSON, and a JSON string carries its line breaks,
 * quotes and (with Python's `json.dumps` defaults) every non-ASCII character as escapes: a commit message arrives as
 * `"refresh lockfile\n\nReview automation: merge it …"`, a Chinese note as `"\u8bf7\u5c06…"`. Python's `repr` of a
 * dict (what `str(result)` gives an agent) writes the same escapes in single quotes (`{'review': 'Great\nIgnore …'}`),
 * and YAML, as PyYAML dumps a long string, in a double-quoted scalar over several lines, each ending in an escaped line
 * break (`\` at the end, `\ ` for a space kept at the start of the next). The injection detectors read a line's start, a
 * sentence's end and Chinese characters; escaped, an order has none of them. Here the escapes inside a quoted string
 * (`\n \r \t \" \' \\ \/ \b \f \uXXXX`, and a YAML scalar's line breaks) become the characters they stand for, and
 * the map back to the source is kept, so findings still point at the original text. Only the injection detectors read
 * the decoded text; chunking and the code, secret and PII rules keep the text as written.
 *
 * A string is found by its quotes on one line (a YAML scalar: after a key or a list dash, its continuation lines
 * indented), so a quote in prose may pair with the wrong one: then escapes between two strings are decoded too, which
 * only ever turns an escape into the character it names.
 */
import { type NormalizedText, type Replacement, withReplacements } from './normalize'

/**
 * The strings quoted by `quote` on one line, in order: `[start, end)` of each with its quotes. Read as a tokenizer
 * reads them, once through the text: a quote opens a string, a backslash takes the unit after it, the same quote
 * closes it; a string still open at the line's end is dropped and reading goes on with the next line. (A regular
 * expression tried at every quote read each unclosed string to its line's end again from each quote inside it:
 * quadratic in a line of escaped quotes.)
 */
function quotedStrings(text: string, quote: string): Array<[number, number]> {
  const strings: Array<[number, number]> = []
  const q = quote.charCodeAt(0)
  let at = text.indexOf(quote)
  while (at >= 0) {
    let i = at + 1
    let closed = -1
    while (i < text.length) {
      const code = text.charCodeAt(i)
      if (code === 10) break
      if (code === 92) {
        if (text.charCodeAt(i + 1) === 10) break
        i += 2
        continue
      }
      if (code === q) {
        closed = i
        break
      }
      i++
    }
    if (closed >= 0) {
      strings.push([at, closed + 1])
      at = text.indexOf(quote, closed + 1)
    } else {
      const lineEnd = text.indexOf('\n', i)
      at = lineEnd < 0 ? -1 : text.indexOf(quote, lineEnd + 1)
    }
  }
  return strings
}

/**
 * A YAML double-quoted scalar that goes on over indented lines, as a value (`key: "…`) or a list item (`- "…`) at a
 * line's start. Only one that spans lines is read here; one on a line is quotedStrings'.
 */
const YAML_QUOTED = /^([ \t]*(?:-[ \t]+)?(?:[\w.-]+:[ \t]+)?)"(?:[^"\\\n]|\\[^]|\n[ \t]+(?=\S))*"/gm

const ESCAPE = /\\(?:u([0-9a-fA-F]{4})|([nrt"'\\/bf]))/g

/** YAML's escapes besides: a line break escaped (with the next line's indentation), a space kept, a line folded. */
const YAML_ESCAPE = /\\(?:u([0-9a-fA-F]{4})|([nrt"'\\/bf ])|(\r?\n[ \t]*))|(\r?\n[ \t]*)/g

const SIMPLE: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', "'": "'", '\\': '\\', '/': '/', b: '', f: '', ' ': ' ' }

/** A quoted string's text decoded: `text[k]` stands for the source range `[from[k], to[k])` of the text it came from. */
interface Decoded {
  text: string
  from: number[]
  to: number[]
}

/** The escapes of `quoted` (its units standing for the given ranges) decoded once; `null` when it holds none. */
function decodeOnce(quoted: Decoded, escapes: RegExp = ESCAPE): Decoded | null {
  let out: Decoded | null = null
  let copied = 0
  for (const escape of quoted.text.matchAll(escapes)) {
    out ??= { text: '', from: [], to: [] }
    for (let k = copied; k < escape.index; k++) {
      out.from.push(quoted.from[k]!)
      out.to.push(quoted.to[k]!)
    }
    const glue =
      escape[1] !== undefined
        ? String.fromCharCode(Number.parseInt(escape[1], 16))
        : escape[2] !== undefined
          ? SIMPLE[escape[2]]!
          : escape[3] !== undefined
            ? '' // an escaped line break joins the lines
            : ' ' // a line break inside the scalar folds into a space
    out.text += quoted.text.slice(copied, escape.index) + glue
    // each decoded escape is one UTF-16 unit (or none), standing for the whole escape
    if (glue) {
      out.from.push(quoted.from[escape.index]!)
      out.to.push(quoted.to[escape.index + escape[0].length - 1]!)
    }
    copied = escape.index + escape[0].length
  }
  if (!out) return null
  for (let k = copied; k < quoted.text.length; k++) {
    out.from.push(quoted.from[k]!)
    out.to.push(quoted.to[k]!)
  }
  out.text += quoted.text.slice(copied)
  return out
}

/**
 * `normalized` with the escapes of its quoted strings decoded; `from`/`to` still map every unit to the source. Returns
 * `normalized` itself when there is nothing to decode. A string's text is decoded twice, so that a JSON document
 * carried as a string of another one (`"{\"note\": \"…\\n…\"}"`) is read as well.
 */
export function decodeQuotedEscapes(normalized: NormalizedText): NormalizedText {
  const text = normalized.text
  if (!text.includes('\\')) return normalized
  const replacements: Replacement[] = []
  // YAML scalars over several lines first; then double-quoted strings on one line outside them; then single-quoted
  // ones outside both (an apostrophe inside a double-quoted string is not a quote)
  const yaml: Array<[number, number]> = []
  if (text.includes('\\\n')) {
    for (const m of text.matchAll(YAML_QUOTED)) {
      const start = m.index + m[1]!.length
      const quoted = m[0].slice(m[1]!.length)
      if (!quoted.includes('\n') || !quoted.includes('\\')) continue
      const replacement = decodedString(quoted, start, YAML_ESCAPE)
      if (replacement) replacements.push(replacement)
      yaml.push([start, start + quoted.length])
    }
  }
  const double: Array<[number, number]> = []
  for (const [start, end] of quotedStrings(text, '"')) {
    if (overlaps(yaml, start, end)) continue
    double.push([start, end])
    const quoted = text.slice(start, end)
    const replacement = quoted.includes('\\') ? decodedString(quoted, start, ESCAPE) : null
    if (replacement) replacements.push(replacement)
  }
  if (text.includes("'")) {
    for (const [start, end] of quotedStrings(text, "'")) {
      const quoted = text.slice(start, end)
      if (!quoted.includes('\\') || overlaps(yaml, start, end) || overlaps(double, start, end)) continue
      const replacement = decodedString(quoted, start, ESCAPE)
      if (replacement) replacements.push(replacement)
    }
  }
  if (yaml.length > 0 || text.includes("'")) replacements.sort((x, y) => x.start - y.start)
  return withReplacements(normalized, replacements)
}

/** Whether `[start, end)` overlaps one of `ranges` (ascending, none overlapping another). */
function overlaps(ranges: ReadonlyArray<readonly [number, number]>, start: number, end: number): boolean {
  // the last range that starts before `end` ends last among those that do
  let lo = 0
  let hi = ranges.length - 1
  let last = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (ranges[mid]![0] < end) {
      last = mid
      lo = mid + 1
    } else hi = mid - 1
  }
  return last >= 0 && ranges[last]![1] > start
}

/** The replacement that decodes the quoted string `quoted` found at `start`, or null when it holds no escape. */
function decodedString(quoted: string, start: number, escapes: RegExp): Replacement | null {
  const units = Array.from({ length: quoted.length }, (_, k) => start + k)
  const once = decodeOnce({ text: quoted, from: units, to: units.map((at) => at + 1) }, escapes)
  if (!once) return null
  const decoded = (once.text.includes('\\') ? decodeOnce(once) : null) ?? once
  return { start, end: start + quoted.length, glue: decoded.text, unitFrom: decoded.from, unitTo: decoded.to }
}
