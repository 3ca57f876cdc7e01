/**
 * JSON Web Tokens: base64url parts separated by dots whose first part decodes to a JSON header with `alg`.
 * A signed token (three parts) is a bearer credential (`high`); an unsigned one still leaks claims (`medium`).
 * A token base64-encoded once more (`ZXlK…`, as a Kubernetes Secret's `data:` or a CI variable holds it) is read too.
 */
import type { Rule, RuleHit } from '../../types'
import { redact } from '../../redact'
import { hitAt } from './hit'

const CANDIDATE = /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,2000}\.[A-Za-z0-9_-]{4,8000}(?:\.[A-Za-z0-9_-]{0,2000})?/g
/** "eyJ" base64-encoded: the start of every JWT wrapped once more. */
const WRAPPED = /(?<![A-Za-z0-9+/_-])ZXlK[A-Za-z0-9+/_-]{40,16000}={0,2}/g
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

/** What a candidate token says of itself: null when its header names no algorithm or its payload is no JSON object. */
function readToken(token: string): { signed: boolean; alg: string } | null {
  const parts = token.split('.')
  const header = parseJsonObject(decodeBase64Url(parts[0]))
  if (!header || typeof header.alg !== 'string') return null
  const payloadText = decodeBase64Url(parts[1] ?? '')
  if (payloadText === null || !payloadText.trimStart().startsWith('{')) return null
  return { signed: parts.length === 3 && parts[2].length >= 16 && header.alg.toLowerCase() !== 'none', alg: header.alg }
}

/** JWTs whose header decodes to JSON naming an algorithm. */
export const jwtRule: Rule = {
  id: 'secret/jwt',
  family: 'secret',
  weight: 1,
  description: 'JSON Web Tokens (base64url header with "alg", payload, signature), also base64-encoded once more.',
  check(chunk) {
    const hits: RuleHit[] = []
    CANDIDATE.lastIndex = 0
    let m: RegExpExecArray | null
    while ((m = CANDIDATE.exec(chunk.text)) !== null) {
      const token = m[0].endsWith('.') ? m[0].slice(0, -1) : m[0]
      const read = readToken(token)
      if (!read) continue
      const evidence = `${read.signed ? 'signed' : 'unsigned'} JWT (alg ${read.alg.slice(0, 12)}): ${redact(token, 'secret')}`
      hits.push(hitAt(chunk, m.index, m.index + token.length, read.signed ? 'high' : 'medium', evidence, true))
    }
    if (!chunk.text.includes('ZXlK')) return hits
    WRAPPED.lastIndex = 0
    while ((m = WRAPPED.exec(chunk.text)) !== null) {
      const decoded = decodeBase64Url(m[0].replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'))
      const inner = decoded && /^eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]*)?/.exec(decoded.trim())
      const read = inner && readToken(inner[0])
      if (!read) continue
      const evidence = `base64-encoded ${read.signed ? 'signed' : 'unsigned'} JWT (alg ${read.alg.slice(0, 12)}): ${redact(m[0], 'secret')}`
      hits.push(hitAt(chunk, m.index, m.index + m[0].length, read.signed ? 'high' : 'medium', evidence, true))
    }
    return hits
  },
}
