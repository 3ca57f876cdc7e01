/**
 * A page's HTML read as the text a browser shows. A fetch tool often returns the raw page, and its markup is not
 * words: an attribute's value beside the text (`<div class="post">AUTH-553 Password …` read as "post … password"), a
 * head of tags read as ordinary text before a lesson's quoted attack, a `</p>` that lets a phrase run into the next
 * paragraph. Here the tags of HTML's own elements become line breaks (block elements: paragraphs, list items, cells,
 * headings, `<br>`) or nothing (inline ones, so `ig<b></b>nore` is one word again); the text an agent reads out of a
 * tag stays, on its own line (`alt`, `title`, `aria-label`, `placeholder`, a `<meta>`'s `content`: a hidden order in an
 * image's alt text is still an order); the text of `<style>` goes; comments stay as they are (the rules read an
 * order hidden in one), and so do the elements that show their text rather than say it (`<pre>`, `<blockquote>`,
 * `<code>`, `<q>`, `<samp>`: the rules tell a lesson's exhibit by them). Tags that are not HTML's (`<INFORMATION>`,
 * `<system>`) are left as written: they are how an injection dresses itself. The map back to the source is kept; only
 * the injection detectors read the result.
 */
import { type NormalizedText, type Replacement, withReplacements } from './normalize'

const BLOCK =
  'address|article|aside|body|br|caption|center|dd|details|dialog|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|head|header|hr|html|li|main|nav|noscript|ol|option|p|section|select|summary|table|tbody|td|textarea|tfoot|th|thead|title|tr|ul'
const INLINE =
  'a|abbr|b|bdi|bdo|button|cite|data|del|dfn|em|font|i|iframe|img|input|ins|kbd|label|link|mark|meta|s|small|source|span|strong|sub|sup|svg|time|u|var|wbr'

/** A tag of one of HTML's own elements, attributes included (quoted values may hold `>`); bounded, so a `<p` never
 * closed costs a bounded look ahead. */
const TAG = new RegExp(
  String.raw`<(/?)(${BLOCK}|${INLINE}|script|style)(?=[\s/>])((?:[^>"']|"[^"]{0,2000}"|'[^']{0,2000}'){0,2000})>`,
  'gi',
)
const IS_BLOCK = new RegExp(String.raw`^(?:${BLOCK})$`, 'i')

/** The attributes whose values a reader of the page is shown or an agent reads out: kept as text. */
const READ_ATTRIBUTE = /\b(?:alt|title|aria-label|placeholder|content)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi

/** The text of `<style>` is CSS, not words; looked for up to this far. */
const MAX_STYLE = 20_000

/** Enough tags of HTML's own to call the text markup: a stray `<b>` in a chat line is left alone. */
const MIN_TAGS = 3

/**
 * What a block element's tag stands for: a `<br>` a line break (none when the source breaks the line there already, as
 * `<br>\n` does), any other block a paragraph's end, so that the wrapped-line join never runs two paragraphs together.
 */
function blockBreak(text: string, name: string, start: number, end: number): string {
  if (name !== 'br') return '\n\n'
  return text[end] === '\n' || text[end] === '\r' || text[start - 1] === '\n' ? '' : '\n'
}

/** `normalized` with its HTML tags read as a browser shows them; `normalized` itself when it is not HTML. */
export function readMarkup(normalized: NormalizedText): NormalizedText {
  const text = normalized.text
  if (!text.includes('<')) return normalized
  const replacements: Replacement[] = []
  let tags = 0
  let skipTo = 0
  for (const tag of text.matchAll(TAG)) {
    if (tag.index < skipTo) continue
    tags++
    const closing = tag[1] === '/'
    const name = tag[2]!.toLowerCase()
    let end = tag.index + tag[0].length
    if (name === 'style' && !closing) {
      const close = text.slice(end, end + MAX_STYLE).search(/<\/style\s*>/i)
      if (close >= 0) end += close
      skipTo = end
    }
    const shown: string[] = []
    if (!closing) for (const attribute of tag[3]!.matchAll(READ_ATTRIBUTE)) shown.push((attribute[1] ?? attribute[2]!).trim())
    const words = shown.filter(Boolean).join('\n')
    const glue = words ? `\n${words}\n` : IS_BLOCK.test(name) ? blockBreak(text, name, tag.index, end) : ''
    replacements.push({ start: tag.index, end, glue })
  }
  return tags < MIN_TAGS ? normalized : withReplacements(normalized, replacements)
}
