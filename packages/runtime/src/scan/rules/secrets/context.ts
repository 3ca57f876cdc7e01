/**
 * Secrets recognised by where they stand rather than by their shape: a random-looking value assigned to a key
 * named like a credential (`password=`, `secret:`, `api_key =`, `--api-key`, `"token": "…"`), an
 * `Authorization: Bearer …` header, an `.npmrc` auth token, a 64-hex value named a private key or wallet key.
 *
 * Evidence is entropy plus a generic context word, so these are `medium` (review), never a reject on their own;
 * the `.npmrc` and `Authorization` forms name the credential outright and are `high`.
 */
import { matchesFrom } from '../../literal-index'
import type { Chunk, Rule, RuleHit } from '../../types'
import { redact } from '../../redact'
import { characterClasses, charsetOf, entropyThreshold, shannonEntropy } from './entropy'
import { hitAt } from './hit'
import { isPlaceholder } from './placeholder'

/** Words that name a credential inside a key (`DB_PASSWORD`, `clientSecret`, `x-api-key`, `sl_pass`, `API KEY`). */
const KEYWORD =
  /passw(?:or)?d|passphrase|secret|token|api[ _.-]?key|apikey|access[_.-]?key|auth[_.-]?key|private[_.-]?key|credential|(?<![A-Za-z])(?:pass|pwd|pw|key|pat|auth|creds?)(?![A-Za-z])/gi

/**
 * Keys named "token" that hold an identifier or a position, not a credential: a document's id in Feishu/Lark
 * (`doc_token="doxcn…"`, `wiki_token`, `sheet_token`), a paging cursor (`page_token`, `nextPageToken`,
 * `continuation_token`, `sync_token`). Reading them as secrets held document and mail tool outputs for review.
 */
const IDENTIFIER_TOKEN_KEY =
  /(?:doc|docs|file|folder|wiki|node|sheet|space|page|next[_.-]?page|prev(?:ious)?[_.-]?page|next|continuation|sync|cursor|resume)[_.-]?token$/i

/** Whether the identifier word of IDENTIFIER_TOKEN_KEY opens a word of the key (`page_token`, `nextPageToken`), not ends one (`squarespaceToken`). */
function identifierTokenKey(key: string): boolean {
  const m = IDENTIFIER_TOKEN_KEY.exec(key)
  if (!m) return false
  const before = key[m.index - 1]
  return before === undefined || /[_.-]/.test(before) || (/[a-z0-9]/.test(before) && /[A-Z]/.test(key[m.index]))
}

/**
 * After the keyword: the rest of the key, an assignment, an optional quote and the value. The assignment is any a
 * configuration or program writes: `=`, `:`, `:=`, `=>`, Make's `?=`, `::=` and `:::=`, a compound `.=` (PHP),
 * `+=`, `||=`, `??=`; and the full-width `：` and `＝` of a Chinese note (`AppSecret：…`).
 */
const ASSIGNMENT =
  /[A-Za-z0-9_.-]{0,40}["']?\]?[ \t]{0,4}(?:::?:?=|[?.+]=|\|\|=|\?\?=|=>|=(?!=)|:(?!:)|[：＝]|-(?=[ \t]{1,4}["'`]))[ \t]{0,4}(?:[|>][-+]?[ \t]*\r?\n[ \t]{1,12}|\r?\n[ \t]{1,12}(?=["'`]))?(["'`]?)([^\s"'`,;()[\]{}<>]{1,300})/y
/**
 * A typed declaration: `val apiToken: String = "…"`, `token: str = "…"`, and Go's type after the name
 * (`var apiToken string = "…"`).
 */
const TYPED_ASSIGNMENT =
  /[A-Za-z0-9_.-]{0,40}(?:[ \t]{0,4}:[ \t]{0,4}[A-Za-z_][\w.?<>[\]]{0,30}|[ \t]{1,4}(?:string|\[\]byte))[ \t]{0,4}=[ \t]{0,4}(["'`])([^\s"'`,;()[\]{}<>]{1,300})/y
/**
 * An XML element named like a credential: `<apiToken>…</apiToken>`, also with the value on a line of its own, or
 * wrapped (Jenkins keeps its encrypted secrets as `<secret>{AQAAABAAAAAQ…}</secret>`): its text, up to its closing tag.
 */
const XML_ELEMENT = /([A-Za-z0-9_.-]{0,40})>([^<]{1,300})<\//y
/** The words of an element's text that may be a value. */
const XML_WORD = /[^\s"'`,;()[\]{}<>]{6,300}/g

/**
 * The word of the element opened at `keyStart` that reads most like a secret (the longest that does), as an
 * assignment's match would give it; null unless the element closes with its own name (`<your-token>` is no element).
 */
function xmlElementValue(text: string, keyStart: number, keyEnd: number, min: number): RegExpExecArray | null {
  const m = execAt(XML_ELEMENT, text, keyEnd)
  if (!m) return null
  const name = text.slice(keyStart, keyEnd) + m[1]
  if (!text.startsWith(`${name}>`, m.index + m[0].length)) return null
  let best: RegExpExecArray | null = null
  for (const word of m[2].matchAll(XML_WORD))
    if ((!best || word[0].length > best[0].length) && looksLikeSecretValue(word[0], min)) best = word as RegExpExecArray
  if (!best) return null
  // shaped as the other assignments: [whole match up to the value's end, quote, value]
  const upTo = m[1].length + 1 + best.index! + best[0].length
  const out = [m[0].slice(0, upTo), '', best[0]] as unknown as RegExpExecArray
  out.index = m.index
  return out
}
/**
 * A quoted key and its value as the next argument or item: `System.setProperty("API_TOKEN", "…")`,
 * `headers.set('X-Api-Key', '…')`, `("client_secret", "…")`.
 */
const ARGUMENT_PAIR = /[A-Za-z0-9_.-]{0,40}["'][ \t]{0,4},[ \t]{0,4}(["'])([^\s"'`,;()[\]{}<>]{1,300})(?=["'])/y
/** A C preprocessor definition: `#define IO_KEY "…"`, the value after blanks. */
const MACRO_LINE = /(?:^|\n)[ \t]*#[ \t]*define[ \t]+$/
const MACRO_VALUE = /[A-Za-z0-9_]{0,40}[ \t]{1,40}(["']?)([^\s"'`,;()[\]{}<>]{1,300})/y
/** The same for a command-line flag, whose value may follow a space (`--api-key abcd…`). */
const FLAG_ASSIGNMENT = /[A-Za-z0-9_.-]{0,40}(?:[ \t]{1,4}|=)(["']?)([^\s"'`,;()[\]{}<>]{1,300})/y
/**
 * A key named in one field and its value in the next: .NET's `<add key="ApiKey" value="…"/>`, Spring's
 * `<property name="db.password" value="…"/>`, a container's environment (`- name: DB_PASSWORD` / `value: "…"` in a
 * Kubernetes manifest or a workflow, `{"name": "STRIPE_SECRET", "value": "…"}` in a task definition).
 */
const NAME_VALUE_PAIR =
  /[A-Za-z0-9_.-]{0,40}["']?(?:[ \t]+|[ \t]*,[ \t]*|[ \t]*\r?\n[ \t]*)["']?value["']?[ \t]*[:=][ \t]*(["']?)([^\s"'`,;()[\]{}<>]{1,300})/y
const NAMING_FIELD = /\b(?:key|name)["']?[ \t]*[:=][ \t]*["']?[A-Za-z0-9_.-]{0,40}$/
const KEY_CHAR = /[A-Za-z0-9_.-]/

// Values that are code or prose, not secrets: dotted paths, constants' names, words run together, digits alone.

/**
 * `process.env.API_KEY`, `workloadIdentity.fromX509`: names of at most 40 characters between dots (a JWT-like token's
 * parts are longer), each with its digits in at most two runs, as names write them (`X509`, `v1alpha1`); digits
 * scattered through a part are a token's (`be8dfd.da8a689a46edc282`, a Kubernetes bootstrap token).
 */
const DOTTED_PATH = /^[A-Za-z_$][\w$]{0,39}(?:\.[A-Za-z_$][\w$]{0,39})+$/

/** Whether `part` writes its digits as a name does: in at most two runs. */
function nameDigits(part: string): boolean {
  return (part.match(/\d+/g)?.length ?? 0) <= 2
}

function dottedPath(value: string): boolean {
  return DOTTED_PATH.test(value) && value.split('.').every(nameDigits)
}
const CONSTANT_NAME = /^[A-Z_][A-Z0-9_]*$/
const WORD_PHRASE = /^[A-Za-z]+(?:[_\-. ][A-Za-z]+)*$/
/** The words of a camel-case name: `keepAlive` → keep, Alive; `XMLHttp` → XML, Http. */
const CAMEL_WORD = /[A-Z]?[a-z]+|[A-Z]+(?![a-z])/g

/**
 * A constant's name (`API_KEY_VALUE`, `AES256_GCM`, a short code such as `F12345671`), not a long run of random
 * capitals and digits (`LY027C40U2KNNZLF…`): from 16 characters on, each part between underscores has its digits in at
 * most two runs.
 */
function constantName(value: string): boolean {
  if (!CONSTANT_NAME.test(value)) return false
  return value.length < 16 || value.split('_').every(nameDigits)
}

/**
 * Words run together (`keep_alive_connection_pool`, `ai_summaries`, `matchToToken`), not random letters of both cases
 * (`yvxpthLIcYpZweFp…`): a part between separators whose case changes leave more than half of its camel-case "words"
 * one or two letters long is not a word.
 */
function wordPhrase(value: string): boolean {
  if (!WORD_PHRASE.test(value)) return false
  return value.split(/[_\-. ]/).every((part) => {
    const words = part.match(CAMEL_WORD) ?? []
    return words.length <= 1 || words.filter((word) => word.length <= 2).length * 2 <= words.length
  })
}
const ALL_DIGITS = /^\d+$/
/** A reference to an environment variable named in capitals with an underscore (`$CI_COMMIT_SHA`, `${DB_HOST}`). */
const ENV_REFERENCE = /\$\{?[A-Z][A-Z0-9]*_[A-Z0-9_]+|\$\{[A-Za-z_]/

/** Minimum length of a value: passwords are short, keys and tokens are not. */
function minLength(keyword: string): number {
  return /pass|pw/i.test(keyword) ? 6 : 12
}

/** True when `value` reads like a secret rather than a word, a number, a code reference or a placeholder. */
export function looksLikeSecretValue(value: string, min: number): boolean {
  if (value.length < min || value.includes('://')) return false
  if (isPlaceholder(value) || ALL_DIGITS.test(value)) return false
  if (dottedPath(value) || constantName(value) || wordPhrase(value)) return false
  if (value.startsWith('/') || value.startsWith('./') || value.startsWith('~/')) return false
  // a value built from an environment variable (`key: pip-$CI_COMMIT_REF_SLUG`, `${DB_HOST}`) is filled in elsewhere
  if (ENV_REFERENCE.test(value)) return false
  // a signing tool's reference to where the password is (`--ks-pass env:KEYSTORE_PASS`, `-passin file:pw.txt`)
  if (/^(?:env|file|fd):[\w./$-]/.test(value)) return false
  const hex = charsetOf(value) === 'hex'
  // Random hex always mixes digits and letters; other random text mixes at least two character classes (a
  // single-class value cannot be told from words run together: both reach about 3.8 bits a character).
  if (hex ? !/\d/.test(value) || !/[a-fA-F]/.test(value) : characterClasses(value) < 2) return false
  return shannonEntropy(value) >= entropyThreshold(value)
}

function execAt(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at
  return re.exec(text)
}

function keyStartBefore(text: string, index: number): number {
  let i = index
  while (i > 0 && index - i < 40 && KEY_CHAR.test(text[i - 1])) i--
  return i
}

/**
 * The value given to the key at `keyStart..keyEnd`, by the first form that fits what stands around the key, as a
 * match `[up to the value's end, quote, value]`; null when none does.
 */
function assignmentAt(text: string, keyStart: number, keyEnd: number, min: number): RegExpExecArray | null {
  // `--api-key …`, and PowerShell's one dash (`Connect-VIServer … -Password …`) after a blank
  if (text[keyStart] === '-' && (text[keyStart + 1] === '-' || /\s/.test(text[keyStart - 1] ?? ' ')))
    return execAt(FLAG_ASSIGNMENT, text, keyEnd)
  if (MACRO_LINE.test(text.slice(Math.max(0, keyStart - 24), keyStart))) return execAt(MACRO_VALUE, text, keyEnd)
  const before = text[keyStart - 1]
  if (before === '<') return xmlElementValue(text, keyStart, keyEnd, min)
  const named = NAMING_FIELD.test(text.slice(Math.max(0, keyStart - 12), keyStart)) ? execAt(NAME_VALUE_PAIR, text, keyEnd) : null
  return (
    named ??
    execAt(TYPED_ASSIGNMENT, text, keyEnd) ??
    execAt(ASSIGNMENT, text, keyEnd) ??
    (before === '"' || before === "'" ? execAt(ARGUMENT_PAIR, text, keyEnd) : null)
  )
}

function checkAssignments(chunk: Chunk, hits: RuleHit[]): void {
  const text = chunk.text
  // (tried where the literal index finds the keyword's first words, not at every position)
  const keywordFrom = matchesFrom(KEYWORD, text)
  let lastEnd = -1
  let from = 0
  for (let m = keywordFrom(from); m !== null; m = keywordFrom(from)) {
    const keyEnd = m.index + m[0].length
    from = keyEnd
    if (m.index < lastEnd) continue
    const keyStart = keyStartBefore(text, m.index)
    // A public or publishable key is meant to be shared.
    if (/public|publishable/i.test(text.slice(keyStart, keyEnd + 20))) continue
    // A part of an AWS resource name (`arn:aws:secretsmanager:us-east-1:…:secret:prod/db-AbCdEf`) names no value.
    if (/(?:^|[\s"'`(=,])arn:aws[a-z-]*:[^\s"'`]*$/.test(text.slice(Math.max(0, keyStart - 120), keyStart))) continue
    const am = assignmentAt(text, keyStart, keyEnd, minLength(m[0]))
    if (!am) continue
    const value = am[2]
    if (!looksLikeSecretValue(value, minLength(m[0]))) continue
    const valueStart = keyEnd + am[0].length - value.length
    const key = text.slice(keyStart, keyEnd + (am[0].match(/^[A-Za-z0-9_.-]*/)?.[0].length ?? 0)).slice(0, 40)
    if (identifierTokenKey(key)) continue
    const evidence = `high-entropy value for ${key}: ${redact(value, 'secret')}`
    hits.push(hitAt(chunk, valueStart, valueStart + value.length, 'medium', evidence, true))
    lastEnd = valueStart + value.length
    from = lastEnd
  }
}

/** `Authorization: Bearer <token>` (high) or a bare `Bearer <token>` (medium). */
const BEARER = /(Authorization["']?[ \t]{0,4}[:=][ \t]{0,4}["']?)?\b(Bearer|Basic|Token)[ \t]{1,4}([A-Za-z0-9._~+/=-]{12,2000})/gi

/** How a display masks the rest of a value: stars, bullets, an ellipsis. */
const MASK_CHARACTERS = '*•●…'

/** An `Authorization` header with another scheme than those (`Api-Token …`, `SSWS …`) or none: the value is the credential. */
const AUTHORIZATION =
  /\bAuthorization["']?[ \t]{0,4}[:=][ \t]{0,4}["']?(?:([A-Za-z][A-Za-z-]{1,19})[ \t]{1,4})?([A-Za-z0-9._~+/=-]{12,2000})/gi

function checkAuthorization(chunk: Chunk, hits: RuleHit[]): void {
  const text = chunk.text
  AUTHORIZATION.lastIndex = 0
  let m: RegExpExecArray | null
  while ((m = AUTHORIZATION.exec(text)) !== null) {
    const [, scheme, value] = m
    if (scheme && /^(?:bearer|basic|token)$/i.test(scheme)) continue // checkBearer's
    if (!looksLikeSecretValue(value, 12)) continue
    const start = m.index + m[0].length - value.length
    hits.push(hitAt(chunk, start, start + value.length, 'high', `Authorization credential: ${redact(value, 'secret')}`, true))
  }
}

function checkBearer(chunk: Chunk, hits: RuleHit[]): void {
  const text = chunk.text
  BEARER.lastIndex = 0
  let m: RegExpExecArray | null
  while ((m = BEARER.exec(text)) !== null) {
    const [, header, scheme, value] = m
    if (!header && scheme.toLowerCase() !== 'bearer') continue
    if (!looksLikeSecretValue(value, 12)) continue
    // a token shown masked, as capture tools display one ("Bearer eyJhbGciOiJSUzI1NiJ9.******": a JWT's header, which
    // only names the algorithm, or a short prefix, and stars for the rest), holds no credential
    const masked = MASK_CHARACTERS.includes(text[m.index + m[0].length] ?? '')
    if (masked && (/^eyJ[\w-]+\.$/.test(value) || value.length < 16)) continue
    const start = m.index + m[0].length - value.length
    const severity = header ? 'high' : 'medium'
    hits.push(hitAt(chunk, start, start + value.length, severity, `${scheme} credential: ${redact(value, 'secret')}`, true))
  }
}

/** `.npmrc` registry credentials: `//registry.example/:_authToken=…` (also `_auth`, `_password`). */
const NPMRC = /(?<![A-Za-z0-9:/])\/\/[A-Za-z0-9.-]+(?::\d+)?(?:\/[^\s:]*)?\/:_(?:authToken|auth|password)[ \t]*=[ \t]*(\S+)/g

function checkNpmrc(chunk: Chunk, hits: RuleHit[]): void {
  const text = chunk.text
  NPMRC.lastIndex = 0
  let m: RegExpExecArray | null
  while ((m = NPMRC.exec(text)) !== null) {
    const value = m[1].replace(/^["']|["']$/g, '')
    const start = m.index + m[0].length - m[1].length
    const placeholder = isPlaceholder(value) || value.length < 8
    const evidence = `.npmrc registry credential${placeholder ? ' (placeholder)' : ''}: ${redact(value, 'secret')}`
    hits.push(hitAt(chunk, start, start + m[1].length, placeholder ? 'low' : 'high', evidence, !placeholder))
  }
}

/**
 * Passwords on a command line: `curl -u user:password` (also `--user`, wget's `--password` being a flag the
 * assignments read), `mysql -p<password>` glued to its flag.
 */
const CURL_USER = /(?<![\w-])(?:-u|--user)(?:[ \t]+|=)["']?([^\s:"'@/]{1,64}):([^\s"'@]{6,128})(?=["']?(?:\s|$))/g
const MYSQL_PASSWORD = /\bmysql(?:dump|admin|sh|import)?\b[^\n]{0,160}?[ \t]-p([^\s"'-][^\s"']{5,127})/g

/** A password that ends the command-line match `m`, when it reads as one. */
function commandLinePassword(chunk: Chunk, m: RegExpExecArray, password: string, hits: RuleHit[]): void {
  if (!looksLikeSecretValue(password, 6)) return
  const start = m.index + m[0].length - password.length
  hits.push(hitAt(chunk, start, start + password.length, 'medium', `password on a command line: ${redact(password, 'secret')}`, true))
}

function checkCommandLines(chunk: Chunk, hits: RuleHit[]): void {
  const text = chunk.text
  if (text.includes('curl') || text.includes('wget') || text.includes('http')) {
    CURL_USER.lastIndex = 0
    let m: RegExpExecArray | null
    while ((m = CURL_USER.exec(text)) !== null) {
      const lineStart = text.lastIndexOf('\n', m.index) + 1
      if (/\b(?:curl|wget|http|https)\b/.test(text.slice(lineStart, m.index))) commandLinePassword(chunk, m, m[2], hits)
    }
  }
  if (text.includes('mysql')) {
    MYSQL_PASSWORD.lastIndex = 0
    let m: RegExpExecArray | null
    while ((m = MYSQL_PASSWORD.exec(text)) !== null) commandLinePassword(chunk, m, m[1], hits)
  }
}

/** A session cookie in a `Cookie:` or `Set-Cookie:` header: whoever holds it is logged in. */
const COOKIE_HEADER = /\b(?:Set-)?Cookie[ \t]*:[^\n]*/gi
const SESSION_COOKIE = /(?:^|[\s;:])([A-Za-z0-9_.-]*(?:sess|sid|auth|token|jwt)[A-Za-z0-9_.-]*)=([^;\s"']{16,4096})/gi

function checkCookies(chunk: Chunk, hits: RuleHit[]): void {
  const text = chunk.text
  if (!/cookie/i.test(text)) return
  COOKIE_HEADER.lastIndex = 0
  let header: RegExpExecArray | null
  while ((header = COOKIE_HEADER.exec(text)) !== null) {
    SESSION_COOKIE.lastIndex = 0
    let m: RegExpExecArray | null
    while ((m = SESSION_COOKIE.exec(header[0])) !== null) {
      const value = m[2]
      if (!looksLikeSecretValue(value, 16)) continue
      const start = header.index + m.index + m[0].length - value.length
      hits.push(hitAt(chunk, start, start + value.length, 'medium', `session cookie ${m[1]}: ${redact(value, 'secret')}`, true))
    }
  }
}

/** A 0x-prefixed 32-byte hex value: a private key when named so nearby, else just as likely a hash. */
const HEX_KEY = /(?<![A-Za-z0-9])0x[0-9a-fA-F]{64}(?![A-Za-z0-9])/g
const KEY_CONTEXT = /private|wallet|secret|mnemonic|seed|signing key/i

function checkHexKeys(chunk: Chunk, hits: RuleHit[]): void {
  const text = chunk.text
  HEX_KEY.lastIndex = 0
  let m: RegExpExecArray | null
  while ((m = HEX_KEY.exec(text)) !== null) {
    const value = m[0]
    if (isPlaceholder(value.slice(2))) continue
    const around = text.slice(Math.max(0, m.index - 120), Math.min(text.length, m.index + value.length + 120))
    if (!KEY_CONTEXT.test(around)) continue
    hits.push(hitAt(chunk, m.index, m.index + value.length, 'medium', `32-byte hex key near key words: ${redact(value, 'secret')}`, true))
  }
}

/** High-entropy values in a credential context. */
export const contextSecretRule: Rule = {
  id: 'secret/context-entropy',
  family: 'secret',
  weight: 1,
  description:
    'Random-looking values assigned to credential-named keys (also a name field followed by its value field), Authorization headers, .npmrc auth tokens, a password on a curl or mysql command line, a session cookie; not a key named "token" that holds a document\'s id or a paging cursor (`doc_token`, `nextPageToken`, `sync_token`).',
  check(chunk) {
    const hits: RuleHit[] = []
    checkAssignments(chunk, hits)
    checkBearer(chunk, hits)
    checkAuthorization(chunk, hits)
    checkNpmrc(chunk, hits)
    checkHexKeys(chunk, hits)
    checkCommandLines(chunk, hits)
    checkCookies(chunk, hits)
    return hits
  },
}
