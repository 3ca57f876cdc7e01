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
import { unshiftedIfWrapped, wrappedRuns } from './encoded'
import { scriptDirectiveHits } from './output-directive'
import { splitStringRuns } from './split-strings'
import { terminalEscapeHits } from './terminal-escapes'

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
  // a letter typed into a word and deleted again: the word a filter reads is not the word shown
  backspace: 'medium',
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

/**
 * Base64, hex, binary and Morse runs and Caesar-shifted prose decoded and read by the same detectors. A wrapped
 * instruction is at least `high` when the plain one would be at least `medium`: wrapping it is a sign of intent. The
 * finding covers the whole encoded run (for shifted prose: the detected stretch, whose offsets do not move).
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
  const unshifted = unshiftedIfWrapped(text)
  if (unshifted !== null) {
    const wrapping = unshifted.shift === 13 ? 'rot13-wrapped' : `Caesar-shifted (${unshifted.shift})`
    for (const hit of detectInjection(unshifted.decoded)) {
      if (!atLeastMedium(hit.severity)) continue
      hits.push({ ...hit, rule: 'encoded', severity: maxSeverity(hit.severity, 'high'), evidence: `${wrapping} ${hit.evidence}` })
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
