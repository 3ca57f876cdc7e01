/**
 * Standing instructions, the memory-poisoning shape: a persistence marker joined to a risky act (the acts, their
 * decision levels and why: standing-acts.ts). Each act found with a marker near it, or in a text that opens as a
 * memory ("Remember:", 记住), is a `memory-planting` hit; a negated act is not.
 */
import type { Severity } from '../../types'
import { dampedSeverity, matchContext } from './context'
import type { RawHit } from './detect'
import { type ActPattern, EN, type StandingLanguage, ZH, window } from './standing-acts'

/** Hits kept per act, and matches looked at per act: a candidate is a page, not a corpus (keeps 1 MB inputs fast). */
const MAX_HITS = 32
const MAX_TRIES = 256
const MAX_EVIDENCE = 120

/** Finds standing instructions in `text` (Chinese ones too when `cjk`) and appends `memory-planting` hits. */
export function runStandingInstructions(text: string, cjk: boolean, hits: RawHit[]): void {
  let lower: string | null = null
  for (const language of cjk ? [EN, ZH] : [EN]) {
    if (!language.gate.test(text)) continue
    lower ??= text.toLowerCase()
    const memoryText = language.memoryPrefix.test(text)
    for (const pattern of language.acts) {
      if (!pattern.needs.some((word) => lower!.includes(word))) continue
      runAct(text, pattern, language, memoryText, hits)
    }
  }
}

function runAct(text: string, pattern: ActPattern, language: StandingLanguage, memoryText: boolean, hits: RawHit[]): void {
  pattern.re.lastIndex = 0
  let tries = 0
  let found = 0
  for (const match of text.matchAll(pattern.re)) {
    if (++tries > MAX_TRIES || found >= MAX_HITS) break
    const start = match.index
    const end = start + match[0].length
    const severity = actSeverity(text, start, end, pattern, language, memoryText)
    if (!severity) continue
    found++
    const quote = text.slice(start, Math.min(end, start + MAX_EVIDENCE)).replace(/\s+/g, ' ')
    hits.push({ rule: 'memory-planting', start, end, severity, evidence: `${pattern.what}: "${quote}"` })
  }
}

function actSeverity(
  text: string,
  start: number,
  end: number,
  pattern: ActPattern,
  language: StandingLanguage,
  memoryText: boolean,
): Severity | null {
  if (language.negated.test(text.slice(Math.max(0, start - 40), start))) return null
  const marked = memoryText || language.persistence.test(window(text, start, end))
  let severity: Severity | null = marked ? pattern.severity : (pattern.unmarked ?? null)
  if (severity && pattern.refine) severity = pattern.refine(text, start, end, severity)
  if (!severity) return null
  // A lesson or an example quoting the shape weighs less (a quoted one in a security talk is low).
  return dampedSeverity(severity, matchContext(text, start, end))
}
