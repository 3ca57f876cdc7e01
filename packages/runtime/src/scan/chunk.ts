/**
 * The chunker: splits a candidate into fenced code blocks, JSON, shell command lines, unfenced code and prose, so
 * each rule reads the chunks that fit it.
 *
 * Guarantees (tested): chunks are in order, non-overlapping, non-empty, and together cover the text exactly;
 * `text.slice(chunk.start, chunk.end) === chunk.text`. A fenced block's chunk is its content without the fence
 * lines (the fence lines themselves fall into the neighbouring prose). Work is linear in the text: each line is
 * classified once with bounded patterns, and each character is looked at by at most one JSON bracket scan.
 */
import { type LineClass, classifyLine } from './chunk-lines'
import { detectCodeLanguage, fenceTagMeaning } from './language'
import type { Chunk, ChunkKind, CodeLanguage } from './types'

/** A line's mark between the two passes; `Consumed` = part of a fenced block or a JSON chunk, never of a run. */
const Mark = { Blank: 0, Shell: 1, Code: 2, CodeWeak: 3, Prose: 4, Consumed: 5 } as const
type Mark = (typeof Mark)[keyof typeof Mark]

const MARK_OF: Record<LineClass, Mark> = {
  blank: Mark.Blank,
  shell: Mark.Shell,
  code: Mark.Code,
  'code-weak': Mark.CodeWeak,
  prose: Mark.Prose,
}

/** Line boundaries as offsets: `starts[i]` to `ends[i]` is line i without its terminator (`\n` or `\r\n`). */
interface Lines {
  count: number
  starts: Int32Array
  ends: Int32Array
}

function splitLines(text: string): Lines {
  let count = 1
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++
  const starts = new Int32Array(count)
  const ends = new Int32Array(count)
  let start = 0
  for (let i = 0; i < count; i++) {
    const newline = text.indexOf('\n', start)
    const stop = newline === -1 ? text.length : newline
    starts[i] = start
    ends[i] = stop > start && text.charCodeAt(stop - 1) === 13 ? stop - 1 : stop
    start = stop + 1
  }
  return { count, starts, ends }
}

interface Fence {
  char: string
  length: number
  info: string
}

const OPENING_FENCE = /^[ \t]*(`{3,}|~{3,})(.*)$/

function openingFence(line: string): Fence | null {
  const match = OPENING_FENCE.exec(line)
  if (!match) return null
  const marker = match[1]
  const info = match[2].trim()
  // CommonMark: a backtick fence's info string may not contain a backtick (that is inline code on one line).
  if (marker[0] === '`' && info.includes('`')) return null
  return { char: marker[0], length: marker.length, info }
}

/** A cheap pre-check: the first non-blank character of a fence line is a backtick or a tilde. */
function mayOpenFence(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i)
    if (c === 32 || c === 9) continue
    return c === 96 || c === 126
  }
  return false
}

function isClosingFence(line: string, fence: Fence): boolean {
  const trimmed = line.trim()
  if (trimmed.length < fence.length) return false
  for (let i = 0; i < trimmed.length; i++) if (trimmed[i] !== fence.char) return false
  return true
}

/**
 * The end (exclusive) of the bracket-balanced stretch starting at `from` (a `{` or `[`), skipping JSON strings;
 * -1 when the text ends first. Returns where the scan stopped either way, so the caller never rescans it.
 */
function balancedEnd(text: string, from: number): { end: number; scanned: number } {
  let depth = 0
  let inString = false
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92) i++
      else if (c === 34) inString = false
      continue
    }
    if (c === 34) inString = true
    else if (c === 123 || c === 91) depth++
    else if (c === 125 || c === 93) {
      depth--
      if (depth === 0) return { end: i + 1, scanned: i + 1 }
    }
  }
  return { end: -1, scanned: text.length }
}

function parsesAsContainer(source: string): boolean {
  try {
    const value: unknown = JSON.parse(source)
    return typeof value === 'object' && value !== null
  } catch {
    return false
  }
}

function isBlank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i)
    if (c !== 32 && c !== 9 && c !== 13) return false
  }
  return true
}

function makeChunk(text: string, kind: ChunkKind, start: number, end: number, extra?: Partial<Chunk>): Chunk {
  return { kind, start, end, text: text.slice(start, end), ...extra }
}

/** What a fenced block's content is, from its tag or, without a usable tag, from the content itself. */
function fencedChunk(text: string, start: number, end: number, info: string): Chunk {
  const meaning = fenceTagMeaning(info)
  if (meaning && (meaning.kind === 'code' || meaning.kind === 'shell')) {
    return makeChunk(text, meaning.kind, start, end, { language: meaning.language, languageFrom: 'tag', fenced: true })
  }
  const content = text.slice(start, end)
  if (meaning?.kind === 'prose') return makeChunk(text, 'prose', start, end, { fenced: true })
  const trimmed = content.trim()
  if ((trimmed[0] === '{' || trimmed[0] === '[') && parsesAsContainer(trimmed)) {
    return makeChunk(text, 'json', start, end, { fenced: true })
  }
  return detectedFencedChunk(text, start, end, content)
}

function detectedFencedChunk(text: string, start: number, end: number, content: string): Chunk {
  let shell = 0
  let code = 0
  let nonBlank = 0
  for (const line of content.split('\n')) {
    const kind = classifyLine(line)
    if (kind === 'blank') continue
    nonBlank++
    if (kind === 'shell') shell++
    else if (kind === 'code' || kind === 'code-weak') code++
  }
  if (shell > 0 && shell * 2 >= nonBlank) {
    return makeChunk(text, 'shell', start, end, { language: 'shell', languageFrom: 'detected', fenced: true })
  }
  if (code > 0) {
    const language: CodeLanguage = detectCodeLanguage(content)
    return makeChunk(text, 'code', start, end, { language, languageFrom: 'detected', fenced: true })
  }
  return makeChunk(text, 'prose', start, end, { fenced: true })
}

/**
 * Pass 1: fenced blocks and JSON become chunks right away; every other line gets a mark for pass 2.
 */
function markLines(text: string, lines: Lines, marks: Uint8Array, special: Chunk[]): void {
  let jsonWatermark = 0
  let previousShellContinues = false
  for (let i = 0; i < lines.count; i++) {
    if (lines.starts[i] === lines.ends[i]) {
      // An empty line: the commonest line of all, and one that can be neither a fence nor JSON.
      marks[i] = Mark.Blank
      previousShellContinues = false
      continue
    }
    const line = text.slice(lines.starts[i], lines.ends[i])
    const fence = mayOpenFence(line) ? openingFence(line) : null
    if (fence) {
      let close = i + 1
      while (close < lines.count && !isClosingFence(text.slice(lines.starts[close], lines.ends[close]), fence)) close++
      const contentStart = i + 1 < lines.count ? lines.starts[i + 1] : text.length
      const contentEnd = close > i + 1 ? lines.ends[close - 1] : contentStart
      if (!isBlank(text, contentStart, contentEnd) && contentEnd > contentStart) {
        special.push(fencedChunk(text, contentStart, contentEnd, fence.info))
      }
      const last = Math.min(close, lines.count - 1)
      marks.fill(Mark.Consumed, i, last + 1)
      i = last
      previousShellContinues = false
      continue
    }
    const offset = lines.starts[i] + (line.length - line.trimStart().length)
    const first = text[offset]
    if ((first === '{' || first === '[') && offset >= jsonWatermark) {
      const { end, scanned } = balancedEnd(text, offset)
      jsonWatermark = scanned
      if (end !== -1) {
        let endLine = i
        while (lines.ends[endLine] < end) endLine++
        if (isBlank(text, end, lines.ends[endLine]) && parsesAsContainer(text.slice(offset, end))) {
          special.push(makeChunk(text, 'json', offset, end))
          marks.fill(Mark.Consumed, i, endLine + 1)
          i = endLine
          previousShellContinues = false
          continue
        }
      }
    }
    const trimmed = line.trim()
    // A shell line ending in a backslash continues on the next line, whatever that line looks like.
    const mark: Mark = previousShellContinues && trimmed !== '' ? Mark.Shell : MARK_OF[classifyLine(line)]
    marks[i] = mark
    previousShellContinues = mark === Mark.Shell && trimmed.endsWith('\\')
  }
}

/** Pass 2: consecutive shell lines become shell chunks; runs of code lines holding a real statement, code chunks. */
function collectRuns(text: string, lines: Lines, marks: Uint8Array, special: Chunk[]): void {
  let i = 0
  while (i < lines.count) {
    const mark = marks[i]
    if (mark === Mark.Shell) {
      let last = i
      while (last + 1 < lines.count && marks[last + 1] === Mark.Shell) last++
      special.push(makeChunk(text, 'shell', lines.starts[i], lines.ends[last], { language: 'shell', languageFrom: 'detected' }))
      i = last + 1
      continue
    }
    if (mark === Mark.Code || mark === Mark.CodeWeak) {
      let last = i
      let strong = mark === Mark.Code
      for (let j = i + 1; j < lines.count; j++) {
        const next = marks[j]
        if (next === Mark.Code || next === Mark.CodeWeak) {
          last = j
          if (next === Mark.Code) strong = true
        } else if (next !== Mark.Blank) break
      }
      if (strong) {
        const start = lines.starts[i]
        const end = lines.ends[last]
        const chunkText = text.slice(start, end)
        special.push({ kind: 'code', start, end, text: chunkText, language: detectCodeLanguage(chunkText), languageFrom: 'detected' })
      }
      i = last + 1
      continue
    }
    i++
  }
}

/**
 * Splits `text` into chunks (see the module comment for the guarantees). An empty text has no chunks.
 *
 * Only whole lines become shell or unfenced code chunks: code quoted inside a sentence ("never call
 * `eval(input)`") stays in the prose chunk, where rules treat it as a mention.
 */
export function chunkText(text: string): Chunk[] {
  if (text.length === 0) return []
  const lines = splitLines(text)
  const marks = new Uint8Array(lines.count)
  const special: Chunk[] = []
  markLines(text, lines, marks, special)
  collectRuns(text, lines, marks, special)
  special.sort((a, b) => a.start - b.start)
  const chunks: Chunk[] = []
  let cursor = 0
  for (const chunk of special) {
    if (chunk.start > cursor) chunks.push(makeChunk(text, 'prose', cursor, chunk.start))
    chunks.push(chunk)
    cursor = chunk.end
  }
  if (cursor < text.length) chunks.push(makeChunk(text, 'prose', cursor, text.length))
  return chunks
}
