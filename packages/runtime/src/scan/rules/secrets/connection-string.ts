/**
 * Credentials inside connection strings: `scheme://user:password@host` URLs (databases, brokers, HTTP basic
 * auth, FTP, git), and `password=` parameters of JDBC / ADO.NET style strings.
 *
 * Templates (`${password}`, `{{pass}}`, `<password>`) and placeholder words (`password`, `changeme`) are `low`.
 */
import type { Rule, RuleHit } from '../../types'
import { redact } from '../../redact'
import { shannonEntropy } from './entropy'
import { hitAt } from './hit'
import { isPlaceholder } from './placeholder'

/**
 * scheme://user:password@host. The password may itself contain `@` (the last `@` before the host wins), so the
 * password part is bounded and greedy up to a host-looking tail.
 */
const URL_WITH_PASSWORD =
  /(?<![A-Za-z0-9+.-])([A-Za-z][A-Za-z0-9+.-]{1,24}):\/\/([^\s:@/?#"'`<>]{0,128}):([^\s/?#"'`<>]{1,256})@([A-Za-z0-9_.-]*[A-Za-z0-9](?::\d{1,5})?)/g

/** `password=` / `pwd=` parameters; only reported here when the line is a connection string. */
const PASSWORD_PARAM = /(?<![A-Za-z0-9_])(?:password|pwd)\s?=\s?([^;&\s"'`<>]{1,128})/gi
const CONNECTION_LINE = /jdbc:|odbc:|(?:^|;)\s*(?:server|data source|host|user id|uid|database|initial catalog)\s*=/i

/** Parts of a URL userinfo that say "put yours here" (x-oauth-basic: the user part is the token). */
const TOKEN_AS_USER = /^(?:x-oauth-basic|x-access-token|oauth2)$/i

function isWeakPassword(password: string): boolean {
  return isPlaceholder(password) || password.length < 3
}

function lineAround(text: string, index: number): string {
  const from = text.lastIndexOf('\n', index) + 1
  const to = text.indexOf('\n', index)
  return text.slice(from, to < 0 ? text.length : to)
}

/** Passwords in connection strings and URLs. */
export const connectionStringRule: Rule = {
  id: 'secret/connection-string',
  family: 'secret',
  weight: 1,
  description: 'Connection strings and URLs carrying a password (postgres://user:pass@, mongodb+srv://, jdbc …;password=).',
  check(chunk) {
    const text = chunk.text
    const hits: RuleHit[] = []
    // Cheap guard: the URL regex would otherwise be tried at every letter of the chunk.
    URL_WITH_PASSWORD.lastIndex = text.includes('://') ? 0 : text.length
    let m: RegExpExecArray | null
    while ((m = URL_WITH_PASSWORD.exec(text)) !== null) {
      const [whole, scheme, user, password, host] = m
      const start = m.index
      const end = start + whole.length
      const credentialIsUser = TOKEN_AS_USER.test(password) || password === user
      const secret = credentialIsUser ? user : password
      const weak = credentialIsUser
        ? secret.length < 16 || isPlaceholder(secret) || shannonEntropy(secret) < 3
        : isWeakPassword(password) || (isPlaceholder(user) && isPlaceholder(password))
      const what = credentialIsUser ? 'token as user name' : 'password'
      const evidence = `${scheme}:// URL with ${weak ? 'a placeholder ' : 'a '}${what} (${redact(secret, 'secret')}) @${host}`
      hits.push(hitAt(chunk, start, end, weak ? 'low' : 'high', evidence, !weak))
    }
    PASSWORD_PARAM.lastIndex = 0
    while ((m = PASSWORD_PARAM.exec(text)) !== null) {
      const value = m[1]
      if (isPlaceholder(value) || !CONNECTION_LINE.test(lineAround(text, m.index))) continue
      const start = m.index + m[0].length - value.length
      hits.push(hitAt(chunk, start, start + value.length, 'high', `connection string password: ${redact(value, 'secret')}`, true))
    }
    return hits
  },
}
