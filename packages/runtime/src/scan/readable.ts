/**
 * What the injection detectors read: the text as its reader would see it, not as it was encoded for transport. A tool's
 * output arrives as JSON with escaped strings, as a page's HTML with tags and character references; each step below
 * undoes one encoding and keeps the map back to the source (`string-escapes.ts`, `markup.ts`, `html-references.ts`).
 * The order matters: a JSON string may hold a page, and `&lt;p&gt;` in a page is text that shows a tag, not a tag.
 * Chunking and the code, secret and PII rules read the text as written.
 */
import { decodeCharacterReferences } from './html-references'
import { readMarkup } from './markup'
import { type NormalizedText, identity } from './normalize'
import { decodeQuotedEscapes } from './string-escapes'

/** `normalized` read as its reader would see it; `normalized` itself when nothing in it is encoded. */
export function readable(normalized: NormalizedText): NormalizedText {
  return decodeCharacterReferences(readMarkup(decodeQuotedEscapes(normalized)))
}

/** `text` read as its reader would see it, for readers that need no map back (the learned layer). */
export function readableText(text: string): string {
  return readable(identity(text)).text
}
