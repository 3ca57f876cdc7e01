/**
 * One analysis per scanned text: normalise, detect, decode wrapped runs, report hidden characters, and map every
 * offset back to the original text. The rules of the family read the result through a per-input cache, so the
 * text is analysed once however many rules and chunks ask.
 */
import { type NormalizedText, marksWithin, normalizeForScan, originalSpan } from '../../normalize'
import type { ScanInput, Severity } from '../../types'
import { passageReading, readable } from '../../readable'
import { readSlugs } from '../../slugs'
import { joinWrappedLines } from '../../unwrap'
import { atLeastMedium, maxSeverity } from './context'
import { type RawHit, detectInjection, mergeHits } from './detect'
import { rot13IfWrapped, wrappedRuns } from './encoded'
import { scriptDirectiveHits } from './output-directive'
import { splitStringRuns } from './split-strings'

const MAX_HIDDEN_FINDINGS = 16

const cache = new WeakMap<ScanInput, RawHit[]>()

/** The family's hits for `input` (offsets into `input.text`), computed once per input object. */
export function injectionHits(input: ScanInput): RawHit[] {
  let hits = cache.get(input)
  if (!hits) {
    hits = analyzeText(input.text)
    cache.set(input, hits)
  }
  return hits
}

/** Every injection hit of `text`, offsets into `text`. Pure; exported for tests and tools. */
export function analyzeText(text: string): RawHit[] {
  const folded = normalizeForScan(text)
  // nothing to fold (most texts): the reading the learned layer's passage model makes of the same text
  const read = !folded.changed && folded.marks.length === 0 ? passageReading(text) : joinWrappedLines(readable(folded))
  const normalized = readSlugs(read)
  const hits: RawHit[] = []
  for (const hit of detectInjection(normalized.text)) hits.push(mapBack(hit, normalized))
  hits.push(...hiddenTextHits(normalized))
  hits.push(...letterSpacedHits(text))
  hits.push(...terminalEscapeHits(text))
  hits.push(...encodedHits(text))
  hits.push(...assembledHits(text))
  hits.push(...scriptDirectiveHits(text))
  return mergeHits(hits)
}

/** Maps a hit on the normalised text to the original; an instruction that needed normalisation says so. */
function mapBack(hit: RawHit, normalized: NormalizedText): RawHit {
  if (!normalized.changed) return hit
  const span = originalSpan(normalized, hit.start, hit.end)
  const hidden = marksWithin(normalized, span.start, span.end)
  if (hidden.length === 0) return { ...hit, ...span }
  const kinds = [...new Set(hidden.map((mark) => mark.kind))].join(', ')
  return { ...hit, ...span, evidence: `${hit.evidence} (visible only after removing ${kinds})` }
}

const HIDDEN_SEVERITY: Record<string, Severity> = {
  'zero-width': 'medium',
  bidi: 'medium',
  homoglyph: 'medium',
  fullwidth: 'low',
  // ASCII smuggled in tag characters: no renderer shows them, no text needs them
  tag: 'high',
}

/** Hidden characters are a finding of their own: zero-width inside words, bidi controls, mixed-script words. */
function hiddenTextHits(normalized: NormalizedText): RawHit[] {
  const hits: RawHit[] = []
  for (const mark of normalized.marks) {
    if (hits.length >= MAX_HIDDEN_FINDINGS) break
    hits.push({
      rule: 'hidden-text',
      start: mark.start,
      end: mark.end,
      severity: HIDDEN_SEVERITY[mark.kind],
      evidence: `${mark.kind} characters (${mark.end - mark.start} code units)`,
    })
  }
  return hits
}

// Ten or more single Latin letters each followed by one space ("S a y t h a t …"): a keyword filter sees no words.
const LETTER_SPACED = /(?<![A-Za-z0-9])(?:[A-Za-z] ){9,}[A-Za-z](?![A-Za-z0-9])/g

/**
 * Letter-spaced runs hide words from a keyword filter while a model still reads them. An alphabet listed in order
 * ("a b c d e f g h i j") is teaching material, not hiding.
 */
function letterSpacedHits(text: string): RawHit[] {
  const hits: RawHit[] = []
  if (!/[A-Za-z] [A-Za-z] [A-Za-z] [A-Za-z] /.test(text)) return hits
  LETTER_SPACED.lastIndex = 0
  for (const match of text.matchAll(LETTER_SPACED)) {
    if (hits.length >= MAX_HIDDEN_FINDINGS) break
    const letters = match[0].replace(/ /g, '').toLowerCase()
    let ordered = 0
    for (let i = 1; i < letters.length; i++) if (letters.charCodeAt(i) - letters.charCodeAt(i - 1) === 1) ordered++
    if (ordered >= (letters.length - 1) * 0.6 || /^(.)\1+$/.test(letters)) continue
    hits.push({
      rule: 'hidden-text',
      start: match.index,
      end: match.index + match[0].length,
      severity: 'medium',
      evidence: `letter-spaced text: "${letters.slice(0, 60)}"`,
    })
  }
  return hits
}

/** ESC and BEL as an expression's source writes them: the sequences match control characters on purpose. */
const ESC = String.raw`\x1b`
const BEL = String.raw`\x07`
function terminalPattern(source: string): RegExp {
  return new RegExp(source, 'g')
}

/**
 * Terminal escapes that act on whoever prints the memory in a terminal (a CLI, `cat` of a log): text concealed until
 * selected (`ESC[8m`), the clipboard written (`ESC]52;`), a hyperlink whose target the text hides (`ESC]8;;`), the line
 * just printed erased or the cursor moved back over it. Colours (`ESC[32m`) are none of these. A progress bar redraws
 * its line too, so moving back and erasing are only on record; concealing is `medium`, writing the clipboard `high`.
 */
const TERMINAL_ESCAPES: ReadonlyArray<{ re: RegExp; severity: Severity; what: string; keep?: (match: string) => boolean }> = [
  {
    re: terminalPattern(String.raw`${ESC}\[(?:\d{1,3};)*8(?:;\d{1,3})*m`),
    severity: 'medium',
    what: 'a terminal escape that conceals the text after it',
    keep: concealsText,
  },
  {
    re: terminalPattern(String.raw`${ESC}\]52;[^${BEL}${ESC}]{0,4096}(?:${BEL}|${ESC}\\)`),
    severity: 'high',
    what: "a terminal escape that writes the reader's clipboard",
  },
  {
    re: terminalPattern(String.raw`${ESC}\]8;[^;${BEL}${ESC}]{0,200};[^${BEL}${ESC}]{1,2048}(?:${BEL}|${ESC}\\)`),
    severity: 'low',
    what: 'a terminal hyperlink whose target the text hides',
  },
  {
    re: terminalPattern(String.raw`${ESC}\[\d{0,3}[AFJ]|${ESC}\[[12]?K`),
    severity: 'low',
    what: 'a terminal escape that moves back over or erases printed text',
  },
]

/** Whether an SGR sequence's attributes hold 8 (conceal), not as a colour's index or component (`38;5;8`, `48;2;8;8;8`). */
function concealsText(sequence: string): boolean {
  const params = sequence.slice(2, -1).split(';').map(Number)
  for (let i = 0; i < params.length; i++) {
    const p = params[i]
    if (p === 38 || p === 48 || p === 58) i += params[i + 1] === 5 ? 2 : params[i + 1] === 2 ? 4 : 0
    else if (p === 8) return true
  }
  return false
}

function terminalEscapeHits(text: string): RawHit[] {
  const hits: RawHit[] = []
  if (!text.includes('\x1b')) return hits
  for (const { re, severity, what, keep } of TERMINAL_ESCAPES) {
    re.lastIndex = 0
    for (const match of text.matchAll(re)) {
      if (hits.length >= MAX_HIDDEN_FINDINGS) return hits
      if (keep && !keep(match[0])) continue
      const shown = match[0].split('\x1b').join('ESC').split('\x07').join('BEL')
      hits.push({
        rule: 'hidden-text',
        start: match.index,
        end: match.index + match[0].length,
        severity,
        evidence: `${what}: ${JSON.stringify(shown.slice(0, 60))}`,
      })
    }
  }
  return hits
}

/**
 * Base64, hex and Morse runs and rot13 prose decoded and read by the same detectors. A wrapped instruction is at least `high`
 * when the plain one would be at least `medium`: wrapping it is a sign of intent. The finding covers the whole
 * encoded run (for rot13: the detected stretch, whose offsets do not move).
 */
function encodedHits(text: string): RawHit[] {
  const hits: RawHit[] = []
  for (const run of wrappedRuns(text)) {
    const inner = detectInjection(run.decoded).filter((hit) => atLeastMedium(hit.severity))
    if (inner.length === 0) continue
    const strongest = inner.reduce((a, b) => (maxSeverity(a.severity, b.severity) === a.severity ? a : b))
    hits.push({
      rule: 'encoded',
      start: run.start,
      end: run.end,
      severity: maxSeverity(strongest.severity, 'high'),
      evidence: `${run.kind === 'morse' ? 'Morse-coded' : `${run.kind}-wrapped`} ${strongest.evidence}`,
    })
  }
  const rotated = rot13IfWrapped(text)
  if (rotated !== null) {
    for (const hit of detectInjection(rotated)) {
      if (!atLeastMedium(hit.severity)) continue
      hits.push({ ...hit, rule: 'encoded', severity: maxSeverity(hit.severity, 'high'), evidence: `rot13-wrapped ${hit.evidence}` })
    }
  }
  return hits
}

/**
 * Quoted fragments the text asks to be joined, read as the string they assemble, in place (split-strings.ts): what
 * the detectors then find in the assembled string is a finding over the fragments, at least `high` when the plain
 * one would be at least `medium`, as for base64 (cutting a payload up is a sign of intent).
 */
function assembledHits(text: string): RawHit[] {
  const hits: RawHit[] = []
  for (const run of splitStringRuns(text)) {
    const joinedEnd = run.start + run.joined.length
    const assembled = text.slice(0, run.start) + run.joined + text.slice(run.end)
    for (const hit of detectInjection(assembled)) {
      if (hit.end <= run.start || hit.start >= joinedEnd || !atLeastMedium(hit.severity)) continue
      const shift = run.end - joinedEnd
      hits.push({
        ...hit,
        rule: 'encoded',
        start: Math.min(hit.start, run.start),
        end: hit.end > joinedEnd ? hit.end + shift : run.end,
        severity: maxSeverity(hit.severity, 'high'),
        evidence: `split into quoted fragments: ${hit.evidence}`,
      })
    }
  }
  return hits
}
