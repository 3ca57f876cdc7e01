/**
 * Standing instructions, the memory-poisoning shape: a persistence marker joined to a risky act (the acts, their
 * decision levels and why: standing-acts.ts). Each act found with a marker near it, or in a text that opens as a
 * memory ("Remember:", 记住), is a `memory-planting` hit; a negated act is not.
 */
import { allMatches, allMatchesIn, hasMatch } from '../../literal-index'
import type { Severity } from '../../types'
import { dampedReading, matchContext, mentionedNotOrdered } from './context'
import { groupReader } from './needs-words'
import type { RawHit } from './detect'
import { type ActPattern, EN, type StandingLanguage } from './standing-acts'
import { clauseWindow } from './standing-clause'
import { ZH } from './standing-zh'

/** Hits kept per act, and matches looked at per act: a candidate is a page, not a corpus (keeps 1 MB inputs fast). */
const MAX_HITS = 32
const MAX_TRIES = 256
const MAX_EVIDENCE = 120

/** How far around a marker an act is looked for: its window (200 back, 120 on), the act, and code 400 below it. */
const REGION_BACK = 500
const REGION_AHEAD = 800
const MAX_REGIONS = 64

/** Global copies of the languages' marker patterns, to list every marker. */
const MARKERS = new Map<StandingLanguage, RegExp>()

/** A stretch of the text to read. */
interface Stretch {
  from: number
  text: string
}

/** Finds standing instructions in `text` (Chinese ones too when `cjk`) and appends `memory-planting` hits. */
export function runStandingInstructions(text: string, cjk: boolean, hits: RawHit[]): void {
  let whole: Stretch[] | null = null
  let lower: string | null = null
  for (const language of cjk ? [EN, ZH] : [EN]) {
    const readActs = readerOf(language)
    const acts = language.acts
    // The acts with a needs word in the whole text, found once a language: most acts stand alone (read with or
    // without a marker), and a candidate holding none of an act's words skips its expression, as a marker's stretch does.
    // The stretches around markers are read from the same pass over the text.
    lower ??= text.toLowerCase()
    const reading = readActs(lower)
    let wholeActs: Uint8Array | null = null
    const inWhole = (act: number) => (wholeActs ??= reading())[act] === 1
    whole ??= [{ from: 0, text }]
    if (!hasMatch(language.gate, text)) {
      // no marker anywhere: only the acts that are standing orders by themselves
      for (let act = 0; act < acts.length; act++)
        if (acts[act]!.standsAlone && inWhole(act)) runAct(text, whole, acts[act]!, language, false, hits)
      continue
    }
    const memoryText = hasMatch(language.memoryPrefix, text)
    // An act needs a marker near it (unless the whole text opens as a memory): only the stretches around markers
    // are read, so a long code block with one "keep it" above it costs a few hundred characters, not the block.
    const near = memoryText ? whole : markerStretches(text, language)
    // The acts with a needs word in the stretches read (a reading of their own when lower-casing changes the text's
    // length: offsets would not line up).
    const nearActs = memoryText
      ? (wholeActs ??= reading())
      : lower.length === text.length
        ? reading(near.map((stretch) => ({ from: stretch.from, to: stretch.from + stretch.text.length })))
        : readActs((near.length === 1 ? near[0]!.text : near.map((stretch) => stretch.text).join('\n')).toLowerCase())()
    for (let act = 0; act < acts.length; act++) {
      const pattern = acts[act]!
      if (pattern.unmarked) {
        if (inWhole(act)) runAct(text, whole, pattern, language, memoryText, hits)
      } else if (nearActs[act] === 1) runAct(text, near, pattern, language, memoryText, hits)
    }
  }
}

/**
 * Which of a language's acts have a `needs` word in a text or stretches of it, found in one pass: one automaton a
 * language, built on first use (one for both would carry the Chinese characters' classes in every English state,
 * several times the size and the build).
 */
const READERS = new Map<StandingLanguage, ReturnType<typeof groupReader>>()
function readerOf(language: StandingLanguage): ReturnType<typeof groupReader> {
  let reader = READERS.get(language)
  if (!reader) READERS.set(language, (reader = groupReader(language.acts.map((act) => act.needs))))
  return reader
}

/** The stretches of `text` around its persistence markers, merged, in order. */
function markerStretches(text: string, language: StandingLanguage): Stretch[] {
  let re = MARKERS.get(language)
  if (!re) MARKERS.set(language, (re = new RegExp(language.persistence.source, 'gi')))
  const regions: Array<[number, number]> = []
  for (const marker of allMatches(re, text, Infinity)) {
    const from = Math.max(0, marker.index - REGION_BACK)
    const to = Math.min(text.length, marker.index + marker[0].length + REGION_AHEAD)
    const last = regions[regions.length - 1]
    if (last && from <= last[1]) last[1] = to
    else if (regions.push([from, to]) > MAX_REGIONS) break
  }
  return regions.map(([from, to]) => {
    return { from, text: text.slice(from, to) }
  })
}

function runAct(
  text: string,
  stretches: readonly Stretch[],
  pattern: ActPattern,
  language: StandingLanguage,
  memoryText: boolean,
  hits: RawHit[],
): void {
  let tries = 0
  let found = 0
  for (const stretch of stretches) {
    for (const match of allMatchesIn(pattern.re, text, stretch.from, stretch.text, MAX_TRIES)) {
      if (++tries > MAX_TRIES || found >= MAX_HITS) return
      const at = stretch.from + match.index
      const span = pattern.locate ? pattern.locate(text, at, at + match[0].length) : null
      if (pattern.locate && !span) continue
      const [start, end] = span ?? [at, at + match[0].length]
      if (mentionedNotOrdered(text, start, end)) continue
      const read = actSeverity(text, start, end, pattern, language, memoryText)
      if (!read) continue
      found++
      const quote = text.slice(start, Math.min(end, start + MAX_EVIDENCE)).replace(/\s+/g, ' ')
      const evidence = `${pattern.what}: "${quote}"`
      hits.push({ rule: 'memory-planting', start, end, severity: read.severity, evidence, kind: pattern.act, damped: read.damped })
    }
  }
}

function actSeverity(
  text: string,
  start: number,
  end: number,
  pattern: ActPattern,
  language: StandingLanguage,
  memoryText: boolean,
): { severity: Severity; damped: boolean } | null {
  if (language.negated.test(text.slice(Math.max(0, start - 40), start))) return null
  const marked = memoryText || language.persistence.test(clauseWindow(text, start, end))
  let severity: Severity | null = marked ? pattern.severity : (pattern.unmarked ?? null)
  if (severity && pattern.refine) severity = pattern.refine(text, start, end, severity)
  if (!severity) return null
  // A lesson or an example quoting the shape weighs less (a quoted one in a security talk is low). The act's own
  // words are not the lesson's: "turn off the phishing warning banner" is an order, not a talk about phishing.
  return dampedReading(severity, matchContext(text, start, end, { ownWords: true }))
}
