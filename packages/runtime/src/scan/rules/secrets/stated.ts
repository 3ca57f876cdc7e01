/**
 * Credentials given in a sentence rather than assigned in a file: "my OpenAI key is k3e8…", "the password for the
 * staging box is hunter22", "set the token to …", "数据库密码是 …". Memory is written in prose, so a user telling the
 * agent a password reaches it this way far more often than as `password=` in a config file.
 *
 * A sentence names the credential but not its format, so the value must read as a secret on its own (letters and
 * digits mixed, random enough for its length, not a word, path, version, date or identifier) and the finding is
 * `medium`: review, and never approved, since it is marked sensitive.
 */
import { matchesFrom } from '../../literal-index'
import type { Chunk, Rule, RuleHit } from '../../types'
import { redact } from '../../redact'
import { looksLikeSecretValue } from './context'
import { hitAt } from './hit'

/**
 * What names a credential in English prose, found by its last word: "password", "token", "key" (in "API key",
 * "api_key", "the Stripe key"). Each alternative opens on a literal, so the search skips ahead between candidates.
 */
const NOUN = /(?:pass(?:word|phrase|code)|secret|token|credential|key)s?\b/gi

/**
 * A bare "key" counts only after a word that makes it a credential (an API, access or license key, or a provider's
 * name in capitals: "the Stripe key"), since a keyboard key, a cache key or a primary key is named the same way.
 */
const KEY_QUALIFIER = /(?:^|[^A-Za-z0-9])([A-Za-z][A-Za-z0-9]*)[ _-]$/
const CREDENTIAL_KEY = /^(?:api|access|secret|license|licence|private|signing|encryption|master|auth|admin|root)$/i
const DETERMINER = /^(?:The|This|That|A|An|Each|Every|No|One|Any|Which|What|Its|Our|My|Your|Their|His|Her)$/

/** The credential named by the noun at `at`, with its qualifier, or null when the word names something else. */
function credentialName(text: string, at: number, noun: string): string | null {
  if (at > 0 && /[A-Za-z0-9]/.test(text[at - 1])) return null
  if (!/^keys?$/i.test(noun)) return noun
  const before = KEY_QUALIFIER.exec(text.slice(Math.max(0, at - 32), at))
  if (!before) return null
  const word = before[1]
  const named = CREDENTIAL_KEY.test(word) || (/^[A-Z]/.test(word) && !DETERMINER.test(word))
  return named ? `${word} ${noun}` : null
}

/**
 * Where the value starts after the noun, within the same sentence: a verb of being or setting, or a colon, an
 * equals sign, after which the value may stand on the next line. "the password for the staging box is X", "changed
 * the token to X", "Here is the API key for staging:\n\nX".
 */
const LINK = /\b(?:is|was|are|were|becomes|to|as)\b[ \t]*|[:=][ \t]*(?:\r?\n[ \t]*){0,2}/g

/** Chinese nouns and the verbs or marks that give their value: 密码是…, 令牌为…, 密钥：… */
const ZH_STATEMENT =
  /(?:(?:密码|口令|密钥|秘钥|令牌)(?:[^。！？\n/?&=@]{0,12}?)(?:是|为|改成|改为|设为|设置为|：|:|=)|(?:[Tt]oken|API ?[Kk]ey)[^。！？\n/?&=@:]{0,12}?(?:是|为|改成|改为|设为|设置为))[ \t]*/g

/** The value: one run of printable ASCII up to a space, quote or bracket (a Chinese character ends it too). */
const VALUE = /["'“‘`]?([!#$%&*+\-./0-9=?@A-Z^_a-z|~]{6,200})/y

/** "to" gives a value only after a verb of setting: "set the token to X", not "sent the password to Alice2". */
const SETTING = /\b(?:set|sets|setting|changed?|changes|changing|reset|resets|updated?|updates|rotated?|rotates)\b/i

/** Sentence ends: the value must come before one. */
const SENTENCE_END = /[.!?。！？][ \t\n]|\n/

/** How far after the noun the linking word may stand. */
const REACH = 48

/**
 * What may stand between the name and its linking word: words of the sentence ("for the staging box (prod)"),
 * not a URL's path or query, markup or code.
 */
const FILLER = /^[\p{L}\p{N} \t'’,()_-]*$/u
/** A word after the name that makes the value something about the credential: its hint, id, hash, length, name… */
const ABOUT_IT =
  /^[ \t_-]*(?:hint|id|ids|identifier|name|hash|length|count|limit|format|policy|type|expiry|expiration|prefix|fingerprint|version|number|rotation|usage|field|header|variable|path|file|location|label|scopes?)\b/i
/** The same, when the link is `:` or `=`: only the rest of a key (`"iam-password": …`), which the context rule reads. */
const KEY_REST = /^[\w.\-"'\]]*[ \t]*$/

/** Values that mix letters and digits but are not secrets. */
const VERSION_OR_DATE = /^v?\d+(?:[.\-_/:T]\d+)+[A-Za-z]{0,4}$/
const PORT_AND_PATH = /^\d{2,5}\//
const LOWER_IDENTIFIER = /^[a-z]+(?:[_-][a-z0-9]+)+$/
const EMAIL_OR_HOST = /@[A-Za-z0-9-]+\.|^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/
const FILE_NAME = /\.[A-Za-z]{2,5}$/

/** True when a value found after a credential's name in a sentence reads as the credential itself. */
function statedValue(value: string, noun: string): boolean {
  if (!/[A-Za-z]/.test(value) || !/\d/.test(value)) return false
  if (
    VERSION_OR_DATE.test(value) ||
    LOWER_IDENTIFIER.test(value) ||
    PORT_AND_PATH.test(value) ||
    EMAIL_OR_HOST.test(value) ||
    FILE_NAME.test(value)
  )
    return false
  return looksLikeSecretValue(value, /pass|密码|口令/i.test(noun) ? 6 : 12)
}

/** The value after a linking word at `at`, without closing punctuation; null when there is none. */
function valueAt(text: string, at: number): { start: number; value: string } | null {
  VALUE.lastIndex = at
  const m = VALUE.exec(text)
  if (!m) return null
  // a value cut short ("Tr0ub4dor...", "7f2c9a…") is shown, not given
  if (/(?:\.\.|…|\*\*)$/.test(m[1]) || text[m.index + m[0].length] === '…') return null
  const value = m[1].replace(/[.,;:]+$/, '')
  return { start: m.index + m[0].length - m[1].length, value }
}

function checkEnglish(chunk: Chunk, hits: RuleHit[]): void {
  const text = chunk.text
  // (tried where the literal index finds the nouns' first words, not at every position)
  const nounFrom = matchesFrom(NOUN, text)
  let from = 0
  for (let m = nounFrom(from); m !== null; m = nounFrom(from)) {
    const nounEnd = m.index + m[0].length
    from = nounEnd
    const name = credentialName(text, m.index, m[0])
    if (name === null) continue
    let limit = Math.min(text.length, nounEnd + REACH)
    const end = SENTENCE_END.exec(text.slice(nounEnd, limit))
    if (end) limit = nounEnd + end.index + 1
    LINK.lastIndex = nounEnd
    let link: RegExpExecArray | null
    while ((link = LINK.exec(text)) !== null && link.index < limit) {
      const word = link[0].trim()
      const between = text.slice(nounEnd, link.index)
      if (!FILLER.test(between) || ABOUT_IT.test(between)) break
      // `password: X` and `"api-key" = X` right after the name are assignments, which the context rule reads
      if ((word === ':' || word === '=') && KEY_REST.test(between)) continue
      if (word === 'to' && !SETTING.test(text.slice(Math.max(0, m.index - 40), link.index))) continue
      const found = valueAt(text, link.index + link[0].length)
      if (found && statedValue(found.value, name)) {
        const evidence = `${name} stated in a sentence: ${redact(found.value, 'secret')}`
        hits.push(hitAt(chunk, found.start, found.start + found.value.length, 'medium', evidence, true))
        from = found.start + found.value.length
        break
      }
    }
  }
}

function checkChinese(chunk: Chunk, hits: RuleHit[]): void {
  const text = chunk.text
  ZH_STATEMENT.lastIndex = 0
  let m: RegExpExecArray | null
  while ((m = ZH_STATEMENT.exec(text)) !== null) {
    const found = valueAt(text, m.index + m[0].length)
    if (!found || !statedValue(found.value, m[0])) continue
    const evidence = `credential stated in a sentence: ${redact(found.value, 'secret')}`
    hits.push(hitAt(chunk, found.start, found.start + found.value.length, 'medium', evidence, true))
    ZH_STATEMENT.lastIndex = found.start + found.value.length
  }
}

/** A password, key or token given in a sentence. */
export const statedSecretRule: Rule = {
  id: 'secret/stated',
  family: 'secret',
  weight: 1,
  description:
    'A password, API key or token given in a sentence ("my OpenAI key is …", "the password for staging is …", 密码是 …) whose value mixes letters and digits and reads as random.',
  check(chunk) {
    const hits: RuleHit[] = []
    checkEnglish(chunk, hits)
    if (/[\u4e00-\u9fff]/.test(chunk.text)) checkChinese(chunk, hits)
    return hits
  },
}
