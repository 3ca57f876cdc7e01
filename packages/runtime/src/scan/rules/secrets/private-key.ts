/**
 * PEM and OpenSSH private key blocks (`-----BEGIN … PRIVATE KEY-----`, incl. PGP `PRIVATE KEY BLOCK`).
 *
 * The header alone says a key was pasted; the body says whether it is a real one. A DER key body starts with
 * `MI` (an ASN.1 SEQUENCE), an OpenSSH one with the base64 of `openssh-key-v1`: such a block is `critical`.
 * Another long base64 body is `high`; a header with prose, `...` or `***` as body is a placeholder (`low`) or
 * a mention worth a look (`medium`).
 */
import type { Rule, RuleHit, Severity } from '../../types'
import { hitAt } from './hit'

const HEADER = /-----BEGIN ((?:[A-Z0-9]+ ){0,3})PRIVATE KEY( BLOCK)?-----/g
const FOOTER = /-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/y
/** How far a body may reach: an 8192-bit RSA key in PEM is under 7 KB. */
const MAX_BODY = 12_000
/** Armor headers of encrypted PEM and PGP blocks (`Proc-Type: 4,ENCRYPTED`, `Version: …`). */
const ARMOR_LINE = /^[A-Za-z-]+: .*$/gm
const ESCAPED_NEWLINE = /\\r|\\n/g
const BASE64_BODY = /^[A-Za-z0-9+/=]+$/
const PLACEHOLDER_BODY = /^(?:\.+|\*+|x+|X+|\u2026|<.*>|\.\.\..*)$/

interface BlockVerdict {
  severity: Severity
  what: string
}

function judgeBody(body: string, kind: string): BlockVerdict {
  const compact = body.replace(ESCAPED_NEWLINE, '').replace(ARMOR_LINE, '').replace(/\s+/g, '')
  if (compact.length === 0 || PLACEHOLDER_BODY.test(compact) || /^(?:\.\.\.|…)/.test(compact)) {
    return { severity: 'low', what: 'placeholder' }
  }
  if (BASE64_BODY.test(compact) && compact.length >= 64) {
    const looksReal = compact.startsWith('MI') || compact.startsWith('b3BlbnNzaC1rZXktdjE') || kind.includes('PGP')
    return looksReal ? { severity: 'critical', what: 'key material' } : { severity: 'high', what: 'encoded body' }
  }
  return { severity: 'medium', what: 'header with a short or non-key body' }
}

/** Private key blocks; the whole block (header to footer) is the finding's span. */
export const privateKeyRule: Rule = {
  id: 'secret/private-key',
  family: 'secret',
  weight: 1,
  description: 'PEM, OpenSSH and PGP private key blocks (-----BEGIN … PRIVATE KEY-----).',
  check(chunk) {
    const text = chunk.text
    const hits: RuleHit[] = []
    HEADER.lastIndex = 0
    let m: RegExpExecArray | null
    while ((m = HEADER.exec(text)) !== null) {
      const kind = `${m[1] ?? ''}PRIVATE KEY${m[2] ?? ''}`.trim()
      const bodyStart = m.index + m[0].length
      const limit = Math.min(text.length, bodyStart + MAX_BODY)
      const endAt = text.indexOf('-----END', bodyStart)
      let bodyEnd = endAt >= 0 && endAt < limit ? endAt : -1
      let blockEnd = bodyEnd
      if (bodyEnd >= 0) {
        FOOTER.lastIndex = bodyEnd
        const fm = FOOTER.exec(text)
        blockEnd = fm ? bodyEnd + fm[0].length : bodyEnd + 8
      } else {
        // No footer (a truncated paste): the body runs to the first blank line or quote.
        const stop = text.slice(bodyStart, limit).search(/\n\s*\n|["']/)
        bodyEnd = stop >= 0 ? bodyStart + stop : limit
        blockEnd = bodyEnd
      }
      const verdict = judgeBody(text.slice(bodyStart, bodyEnd), kind)
      const sensitive = verdict.severity !== 'low'
      hits.push(hitAt(chunk, m.index, blockEnd, verdict.severity, `${kind} block (${verdict.what})`, sensitive))
      HEADER.lastIndex = Math.max(blockEnd, m.index + 1)
    }
    return hits
  },
}
