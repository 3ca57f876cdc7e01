/**
 * JSON Web Tokens: base64url parts separated by dots whose first part decodes to a JSON header with `alg`.
 * A signed token (three parts) is a bearer credential (`high`); an unsigned one still leaks claims (`medium`).
 */
import type { Rule, RuleHit } from '../../types'
import { redact } from '../../redact'
import { hitAt } from './hit'

const CANDIDATE = /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,2000}\.[A-Za-z0-9_-]{4,8000}(?:\.[A-Za-z0-9_-]{0,2000})?/g
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** Decodes base64url to a Latin-1 string (enough to read JSON keys); null when the input is not base64url. */
export function decodeBase64Url(part: string): string | null {
  let bits = 0
  let buffer = 0
  let out = ''
  for (let i = 0; i < part.length; i++) {
    const v = B64URL.indexOf(part[i])
    if (v < 0) return null
    buffer = (buffer << 6) | v
    bits += 6
    if (bits >= 8) {
      bits -= 8
      out += String.fromCharCode((buffer >> bits) & 0xff)
    }
  }
  // A single leftover character cannot be valid base64.
  if (part.length % 4 === 1) return null
  return out
}

function parseJsonObject(text: string | null): Record<string, unknown> | null {
  if (text === null) return null
  try {
    const value: unknown = JSON.parse(text)
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** JWTs whose header decodes to JSON naming an algorithm. */
export const jwtRule: Rule = {
  id: 'secret/jwt',
  family: 'secret',
  weight: 1,
  description: 'JSON Web Tokens (base64url header with "alg", payload, signature).',
  check(chunk) {
    const hits: RuleHit[] = []
    CANDIDATE.lastIndex = 0
    let m: RegExpExecArray | null
    while ((m = CANDIDATE.exec(chunk.text)) !== null) {
      const token = m[0].endsWith('.') ? m[0].slice(0, -1) : m[0]
      const parts = token.split('.')
      const header = parseJsonObject(decodeBase64Url(parts[0]))
      if (!header || typeof header.alg !== 'string') continue
      const payloadText = decodeBase64Url(parts[1])
      if (payloadText === null || !payloadText.trimStart().startsWith('{')) continue
      const signed = parts.length === 3 && parts[2].length >= 16 && header.alg.toLowerCase() !== 'none'
      const severity = signed ? 'high' : 'medium'
      const evidence = `${signed ? 'signed' : 'unsigned'} JWT (alg ${header.alg.slice(0, 12)}): ${redact(token, 'secret')}`
      hits.push(hitAt(chunk, m.index, m.index + token.length, severity, evidence, true))
    }
    return hits
  },
}
