/**
 * Wrapped instructions: base64 runs and rot13 prose, decoded cheaply so the same detectors can read them.
 * Browser-safe (atob and TextDecoder only).
 */

import { allMatches } from '../../literal-index'

/** A decoded stretch and the source range it came from. */
export interface DecodedRun {
  kind: 'base64' | 'rot13'
  /** Source range of the encoded run (for rot13: the whole text, offsets map one to one). */
  start: number
  end: number
  decoded: string
}

// The look-behind starts a run only at its first character: without it the engine retries inside every word.
const BASE64_RUN = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{16,}={0,2}/g
const MAX_RUNS = 64
const MAX_RUN_LENGTH = 16_384
const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Decodes a base64 (or base64url) string to text, or null when it is not mostly printable prose. */
function decodeBase64Text(run: string): string | null {
  let body = run.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '')
  if (body.length % 4 === 1) return null
  body += '='.repeat((4 - (body.length % 4)) % 4)
  let binary: string
  try {
    binary = atob(body)
  } catch {
    return null
  }
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  let text: string
  try {
    text = utf8.decode(bytes)
  } catch {
    return null
  }
  // Prose: printable, with spaces and letters (a hash or a key decodes to binary noise).
  let printable = 0
  let letters = 0
  let spaces = 0
  for (const ch of text) {
    const code = ch.codePointAt(0) as number
    if (code === 32) spaces++
    if ((code >= 32 && code < 127) || code === 10 || code === 9 || code > 0x2e7f) printable++
    if (/\p{L}/u.test(ch)) letters++
  }
  const length = [...text].length
  if (length < 8 || printable / length < 0.95 || letters / length < 0.5) return null
  if (spaces === 0 && !/[\u4e00-\u9fff]/.test(text)) return null
  return text
}

/** 1 for the characters of a base64 (or base64url) run, by ASCII code. */
const RUN_CHAR = new Uint8Array(128)
for (let code = 0; code < 128; code++) RUN_CHAR[code] = /[A-Za-z0-9+/_-]/.test(String.fromCharCode(code)) ? 1 : 0

/**
 * Whether `text` holds 16 run characters in a row, as any match of `BASE64_RUN` does: one pass of table reads, where
 * the expression, tried at each position of a 2 KB text without one (most prose), cost 1.5 % of its scan.
 */
function mayHoldRun(text: string): boolean {
  let run = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 128 && RUN_CHAR[code] === 1) {
      if (++run === 16) return true
    } else run = 0
  }
  return false
}

/** Candidate base64 runs of `text` (≥ 16 characters) that decode to prose. */
export function base64Runs(text: string): DecodedRun[] {
  const runs: DecodedRun[] = []
  if (!mayHoldRun(text)) return runs
  BASE64_RUN.lastIndex = 0
  for (const match of text.matchAll(BASE64_RUN)) {
    if (runs.length >= MAX_RUNS) break
    const run = match[0]
    // A run of only letters or only digits is a word or a number, not an encoding.
    if (run.length > MAX_RUN_LENGTH || !/[0-9+/=]/.test(run) || !/[a-z]/.test(run) || !/[A-Z]/.test(run)) continue
    const decoded = decodeBase64Text(run)
    if (decoded) runs.push({ kind: 'base64', start: match.index, end: match.index + run.length, decoded })
  }
  return runs
}

// rot13 forms of words that carry an instruction (ignore, instructions, previous, system, prompt, assistant,
// disregard, forget, reveal): nonsense in ordinary text, so two of them are a cheap gate before decoding.
const ROT13_GATE = /\b(?:vtaber|vafgehpgvbaf?|cerivbhf|flfgrz|cebzcg|nffvfgnag|qvfertneq|sbetrg|erirny|ehyrf|cnffjbeq)\b/gi

/** The rot13 of `text` when it looks rot13-wrapped (two distinct gate words), else null. */
export function rot13IfWrapped(text: string): string | null {
  const seen = new Set<string>()
  // (where the literal index finds the gate's words, not at every position)
  for (const match of allMatches(ROT13_GATE, text, Infinity)) {
    seen.add(match[0].toLowerCase())
    if (seen.size >= 2) return rot13(text)
  }
  return null
}

/** rot13 over ASCII letters; the result has the same length, so offsets map one to one. */
export function rot13(text: string): string {
  return text.replace(/[A-Za-z]/g, (ch) => {
    const base = ch <= 'Z' ? 65 : 97
    return String.fromCharCode(((ch.charCodeAt(0) - base + 13) % 26) + base)
  })
}
