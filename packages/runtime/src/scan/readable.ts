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
import { joinWrappedLines } from './unwrap'

/** `normalized` read as its reader would see it; `normalized` itself when nothing in it is encoded. */
export function readable(normalized: NormalizedText): NormalizedText {
  return decodeCharacterReferences(readMarkup(decodeQuotedEscapes(normalized)))
}

/**
 * `text` with its strings' escapes and character references decoded but its tags kept, for the learned layer's text
 * model: it was trained on pages as written, tags and all, and reads a page stripped of them as a different text (two
 * held-out attacks in HTML fell under its threshold when it read them so).
 */
export function decodedText(text: string): string {
  return decodeCharacterReferences(decodeQuotedEscapes(identity(text))).text
}

/**
 * `text` as the learned layer's passage model reads it, in training and in the rule alike: as its reader would see it
 * (`readable`: a page's tags read as the breaks and nothing they show, so that `<br>` ends a line and a sentence is not
 * glued to the paragraph around it) with hard-wrapped lines joined (a passage ends at a line break).
 */
export function passageReading(text: string): NormalizedText {
  if (text !== lastText) {
    lastReading = joinWrappedLines(readable(identity(text)))
    lastText = text
  }
  return lastReading!
}

// The last text's reading: a scan asks for it twice, from the learned layer and, when normalisation changes nothing,
// from the injection analysis (a NormalizedText is never modified once made, so one object can serve both).
let lastText: string | undefined
let lastReading: NormalizedText | undefined
