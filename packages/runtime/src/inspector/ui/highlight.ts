// A memory's content cut at its findings' spans, so each stretch a rule matched can be marked. Spans may overlap
// (two rules on one phrase): a piece lists every finding covering it.
import type { InspectorFinding } from '../model.js'

export interface Piece {
  text: string
  start: number
  /** The findings covering this piece (empty: plain text). */
  findings: InspectorFinding[]
}

/** Splits `content` at every finding's start and end (clamped to the content); adjacent plain text stays one piece. */
export function highlightPieces(content: string, findings: InspectorFinding[]): Piece[] {
  const clamp = (n: number) => Math.max(0, Math.min(content.length, n))
  const cuts = new Set<number>([0, content.length])
  for (const f of findings) {
    cuts.add(clamp(f.start))
    cuts.add(clamp(f.end))
  }
  const points = [...cuts].sort((a, b) => a - b)
  const pieces: Piece[] = []
  for (let i = 0; i + 1 < points.length; i++) {
    const start = points[i]!
    const end = points[i + 1]!
    const covering = findings.filter((f) => clamp(f.start) <= start && clamp(f.end) >= end && f.end > f.start)
    const last = pieces[pieces.length - 1]
    if (last && last.findings.length === 0 && covering.length === 0) last.text += content.slice(start, end)
    else pieces.push({ text: content.slice(start, end), start, findings: covering })
  }
  return pieces
}

/** `injection/memory-planting (high)`: how a finding is named on its mark and in lists. */
export const findingName = (f: InspectorFinding) => `${f.rule} (${f.severity})`
