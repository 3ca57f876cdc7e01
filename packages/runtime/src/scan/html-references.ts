/**
 * HTML character references read as the characters they stand for. A fetched page's raw HTML may write any character
 * as a reference: apostrophes and quotes (`don&#39;t tell the user`), non-breaking spaces, and whole Chinese sentences
 * (`&#35831;&#24573;&#30053;…`, which a browser shows as 请忽略… and a model reads as such). Escaped, an order has no words
 * for the injection rules to read. Here numeric references (`&#35831;`, `&#x8bf7;`) and the named ones an ordinary
 * page uses for text (`&amp; &lt; &gt; &quot; &apos; &nbsp;`) are decoded before those rules run, and the map back to the
 * source is kept. Chunking and the code, secret and PII rules keep the text as written.
 */
import { type NormalizedText, type Replacement, withReplacements } from './normalize'

const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos|nbsp));/g

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** `normalized` with its character references decoded; `normalized` itself when it holds none. */
export function decodeCharacterReferences(normalized: NormalizedText): NormalizedText {
  const text = normalized.text
  if (!text.includes('&')) return normalized
  const replacements: Replacement[] = []
  for (const reference of text.matchAll(REFERENCE)) {
    const code = reference[3] !== undefined ? -1 : Number.parseInt(reference[1] ?? reference[2]!, reference[1] ? 10 : 16)
    // a code point outside Unicode, a surrogate or NUL is not a character: left as written
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) continue
    const glue = code < 0 ? NAMED[reference[3]!]! : String.fromCodePoint(code)
    replacements.push({ start: reference.index, end: reference.index + reference[0].length, glue })
  }
  return withReplacements(normalized, replacements)
}
