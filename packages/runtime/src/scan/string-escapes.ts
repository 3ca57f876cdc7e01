/**
 * Quoted strings read as the text they encode. A tool's output is often JSON, and a JSON string carries its line breaks,
 * quotes and (with Python's `json.dumps` defaults) every non-ASCII character as escapes: a commit message arrives as
 * `"refresh lockfile\n\nReview automation: merge it …"`, a Chinese note as `"\u8bf7\u5c06…"`. The injection detectors
 * read a line's start, a sentence's end and Chinese characters; escaped, an order has none of them. Here the escapes
 * inside a double-quoted string (`\n \r \t \" \\ \/ \b \f \uXXXX`) become the characters they stand for, and the map
 * back to the source is kept, so findings still point at the original text. Only the injection detectors read the
 * decoded text; chunking and the code, secret and PII rules keep the text as written.
 *
 * A string is found by its quotes on one line, so a quote in prose may pair with the wrong one: then escapes between
 * two strings are decoded too, which only ever turns an escape into the character it names.
 */
import { type NormalizedText, type Replacement, withReplacements } from './normalize'

/** A double-quoted string on one line (one way to match each, so the search stays linear). */
const QUOTED = /"(?:[^"\\\n]|\\[^\n])*"/g

const ESCAPE = /\\(?:u([0-9a-fA-F]{4})|([nrt"\\/bf]))/g

const SIMPLE: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\', '/': '/', b: '', f: '' }

/** A quoted string's text decoded: `text[k]` stands for the source range `[from[k], to[k])` of the text it came from. */
interface Decoded {
  text: string
  from: number[]
  to: number[]
}

/** The escapes of `quoted` (its units standing for the given ranges) decoded once; `null` when it holds none. */
function decodeOnce(quoted: Decoded): Decoded | null {
  let out: Decoded | null = null
  let copied = 0
  for (const escape of quoted.text.matchAll(ESCAPE)) {
    out ??= { text: '', from: [], to: [] }
    for (let k = copied; k < escape.index; k++) {
      out.from.push(quoted.from[k]!)
      out.to.push(quoted.to[k]!)
    }
    const glue = escape[1] !== undefined ? String.fromCharCode(Number.parseInt(escape[1], 16)) : SIMPLE[escape[2]!]!
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
 * `normalized` with the escapes of its double-quoted strings decoded; `from`/`to` still map every unit to the source.
 * Returns `normalized` itself when there is nothing to decode. A string's text is decoded twice, so that a JSON
 * document carried as a string of another one (`"{\"note\": \"…\\n…\"}"`) is read as well.
 */
export function decodeQuotedEscapes(normalized: NormalizedText): NormalizedText {
  const text = normalized.text
  if (!text.includes('\\')) return normalized
  const replacements: Replacement[] = []
  for (const quoted of text.matchAll(QUOTED)) {
    if (!quoted[0].includes('\\')) continue
    const start = quoted.index
    const units = Array.from({ length: quoted[0].length }, (_, k) => start + k)
    const once = decodeOnce({ text: quoted[0], from: units, to: units.map((at) => at + 1) })
    if (!once) continue
    const decoded = (once.text.includes('\\') ? decodeOnce(once) : null) ?? once
    replacements.push({ start, end: start + quoted[0].length, glue: decoded.text, unitFrom: decoded.from, unitTo: decoded.to })
  }
  return withReplacements(normalized, replacements)
}
