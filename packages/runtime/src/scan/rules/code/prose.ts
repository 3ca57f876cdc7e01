/**
 * Finding code that a chunker left in prose: one-line payloads, commands after a colon, inline code spans. A cheap
 * test keeps ordinary sentences away from the parsers; only the stretches that look like calls or command lines are
 * cut out and analysed.
 */

import { hasMatch } from '../../literal-index'

/** What a code rule could care about in prose, but for its two shapes that open on one character (below). */
const TRIGGER_WORDS = String.raw`(?:eval|exec\w*|spawn\w*|system|popen|Popen|run|call|check_\w+|getoutput|__import__|import_module|compile|execfile|require|import|Function|runIn\w+|get|post|fetch|urlopen|open|connect)\(|\$\(|curl\s|wget\s|\/dev\/(?:tcp|udp)|mkfifo|\brm\s+-|mkfs|\biex\b|invoke-|@\{\[|__(?:class|globals|builtins|subclasses|mro)__|\bnc\s+-|builtins\.\w+\s*=`
/** A pipe into a shell. */
const PIPE_TO_SHELL = String.raw`\|\s*(?:ba|z)?sh\b`

/** Does this line hold anything a code rule could care about? (cheap; most prose stops here) */
export const PROSE_TRIGGER = new RegExp(`${TRIGGER_WORDS}|\`|${PIPE_TO_SHELL}`, 'i')
const TRIGGER_WORDS_RE = new RegExp(TRIGGER_WORDS, 'i')
const PIPE_TO_SHELL_RE = new RegExp(PIPE_TO_SHELL, 'i')

/**
 * `PROSE_TRIGGER.test(text)` for a whole chunk, without V8 trying a 30-word alternation at each of its positions
 * (2 % of a 2 KB prose scan): the backtick and the pipe, which open on one character the literal index does not
 * read, are looked for alone, and the rest only where the index finds its first words.
 */
export function mayHoldCode(text: string): boolean {
  return text.includes('`') || PIPE_TO_SHELL_RE.test(text) || hasMatch(TRIGGER_WORDS_RE, text, Infinity)
}

const CALL_START =
  /(?:[A-Za-z_$][\w$]*\s*\.\s*)*(?:eval|exec\w*|spawn\w*|system|System|popen|Popen|run|call|check_\w+|getoutput|__import__|import_module|compile|execfile|require|import|Function|runIn\w+|get|post|fetch|urlopen|open|connect|fork)\(/g

const SHELL_WORD =
  /\b(?:curl|wget|iwr|irm|invoke-webrequest|mkfifo|nc|ncat|socat|bash|sh|rm|mkfs\.?\w*|dd|tar|scp|iex|powershell)\b|\/dev\/(?:tcp|udp)/gi
const SHELL_STRONG =
  /\/dev\/(?:tcp|udp)|mkfifo|\bcurl\s|\bwget\s|\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\bnc\s+-|\brm\s+-\w*[rf]|mkfs|\biex\b|invoke-webrequest|:\(\)\s*\{/i

/** A stretch of a prose line that looks like code: its text and where it starts in the chunk. */
export interface Segment {
  text: string
  start: number
  kind: 'call' | 'shell' | 'inline'
}

/** Index just after the parenthesis closing the one at `open` (quotes respected), or -1 when it does not close. */
function closeCall(text: string, open: number): number {
  let depth = 0
  let quote = ''
  // Calls written in prose are short; an unclosed one is not looked for past this (keeps many of them linear).
  const limit = Math.min(text.length, open + 4000)
  for (let i = open; i < limit; i++) {
    const c = text[i]
    if (quote) {
      if (c === '\\') i++
      else if (c === quote) quote = ''
      continue
    }
    if (c === '"' || c === "'" || c === '`') quote = c
    else if (c === '(' || c === '[') depth++
    else if ((c === ')' || c === ']') && --depth === 0) return i + 1
  }
  return -1
}

/** Extends a call over `.member(...)`, `[...]` and `(...)` that follow it (`__import__('os').system('…')`). */
function extendChain(text: string, end: number): number {
  let i = end
  for (;;) {
    const rest = /^\s*(?:\.\s*[A-Za-z_$][\w$]*\s*)?[([]/.exec(text.slice(i, i + 200))
    if (!rest) return i
    const close = closeCall(text, i + rest[0].length - 1)
    if (close < 0) return i
    i = close
  }
}

const BUILTINS_ASSIGNMENT = /\b(?:__builtins__|builtins)\.\w+\s*=[^;\n]*/g

function callSegmentsOfLine(line: string, lineStart: number, out: Segment[]): void {
  BUILTINS_ASSIGNMENT.lastIndex = 0
  for (let m = BUILTINS_ASSIGNMENT.exec(line); m; m = BUILTINS_ASSIGNMENT.exec(line))
    out.push({ text: m[0], start: lineStart + m.index, kind: 'call' })
  CALL_START.lastIndex = 0
  let covered = -1
  for (let m = CALL_START.exec(line); m; m = CALL_START.exec(line)) {
    if (m.index < covered) continue
    const close = closeCall(line, m.index + m[0].length - 1)
    if (close < 0) continue
    const end = extendChain(line, close)
    out.push({ text: line.slice(m.index, end), start: lineStart + m.index, kind: 'call' })
    covered = end
    CALL_START.lastIndex = end
  }
}

const SEGMENT_OPENERS = new Set(["'", '"', '`', '(', '：', '，', '\u201c'])

function shellSegments(line: string, lineStart: number, out: Segment[]): void {
  if (!SHELL_STRONG.test(line)) return
  SHELL_WORD.lastIndex = 0
  const m = SHELL_WORD.exec(line)
  if (!m) return
  let start = m.index
  let opener = ''
  for (let i = m.index - 1; i >= 0 && i >= m.index - 200; i--) {
    const c = line[i] as string
    if (SEGMENT_OPENERS.has(c) || (c === ':' && line[i + 1] === ' ')) {
      opener = c
      break
    }
    start = i
  }
  while (start < m.index && /\s/.test(line[start] as string)) start++
  const closer = opener === '(' ? ')' : opener === '\u201c' ? '\u201d' : opener === "'" || opener === '"' || opener === '`' ? opener : ''
  let end = line.length
  if (closer) {
    const close = line.indexOf(closer, m.index)
    if (close >= 0) end = close
  } else {
    const stop = /[.。!?](?:\s|$)|。/.exec(line.slice(m.index))
    if (stop) end = m.index + stop.index
  }
  out.push({ text: line.slice(start, end), start: lineStart + start, kind: 'shell' })
}

function inlineSegments(line: string, lineStart: number, out: Segment[]): void {
  for (let d = line.indexOf('$('); d >= 0; d = line.indexOf('$(', d + 2)) {
    const close = closeCall(line, d + 1)
    if (close < 0) break
    out.push({ text: line.slice(d, close), start: lineStart + d, kind: 'shell' })
    d = close - 2
  }
  let i = line.indexOf('`')
  while (i >= 0) {
    const close = line.indexOf('`', i + 1)
    if (close < 0) return
    const inner = line.slice(i + 1, close)
    if (inner.trim().length > 1) out.push({ text: inner, start: lineStart + i + 1, kind: 'inline' })
    i = line.indexOf('`', close + 1)
  }
}

/** Call-looking stretches only (for shell lines that are really code or sentences with code in them). */
export function callSegments(text: string): Segment[] {
  const out: Segment[] = []
  let lineStart = 0
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart)
    if (lineEnd < 0) lineEnd = text.length
    const line = text.slice(lineStart, lineEnd)
    if (line.length <= 4000) callSegmentsOfLine(line, lineStart, out)
    lineStart = lineEnd + 1
  }
  return out
}

/** The code-looking stretches of prose text (offsets relative to `text`); only command lines when `shellOnly`. */
export function proseSegments(text: string, shellOnly = false): Segment[] {
  const out: Segment[] = []
  let lineStart = 0
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart)
    if (lineEnd < 0) lineEnd = text.length
    const line = text.slice(lineStart, lineEnd)
    if (shellOnly) {
      if (line.length <= 4000) shellSegments(line, lineStart, out)
    } else if (line.length <= 4000 && PROSE_TRIGGER.test(line)) {
      callSegmentsOfLine(line, lineStart, out)
      shellSegments(line, lineStart, out)
      inlineSegments(line, lineStart, out)
    }
    lineStart = lineEnd + 1
  }
  return out
}
