import { MAX_SCAN_LENGTH } from '../../../src/scan/scan'
import type { ScanResult } from '../../../src/scan/types'

const SEVERITIES = new Set(['low', 'medium', 'high', 'critical'])
const FAMILIES = new Set(['injection', 'code', 'secret', 'pii'])

/**
 * Everything `scan()` promises about its result's shape, as a list of broken promises (empty when all hold).
 * Used in-process by the property tests and in a child process by the adversarial inputs.
 */
export function problemsOf(text: string, result: ScanResult, thresholds = { approve: 0.9, review: 0.6 }): string[] {
  const problems: string[] = []
  if (!(result.score >= 0 && result.score <= 1)) problems.push(`score ${result.score} outside [0, 1]`)
  if (Math.round(result.score * 10_000) / 10_000 !== result.score) problems.push(`score ${result.score} not rounded to 4 decimals`)
  const sensitive = result.findings.some((finding) => finding.sensitive === true)
  const byScore = result.score >= thresholds.approve ? 'approve' : result.score >= thresholds.review ? 'review' : 'reject'
  const expected = sensitive && byScore === 'approve' ? 'review' : byScore
  if (result.decision !== expected) problems.push(`decision ${result.decision}, expected ${expected} for ${result.score}`)
  let previousStart = 0
  for (const finding of result.findings) {
    if (!(finding.start >= 0 && finding.start < finding.end && finding.end <= text.length)) {
      problems.push(`finding ${finding.rule} at [${finding.start}, ${finding.end}) outside the text`)
    }
    if (finding.start < previousStart) problems.push(`finding ${finding.rule} out of order`)
    previousStart = finding.start
    if (!SEVERITIES.has(finding.severity)) problems.push(`finding ${finding.rule} severity ${finding.severity}`)
    if (!FAMILIES.has(finding.family)) problems.push(`finding ${finding.rule} family ${finding.family}`)
    if (typeof finding.evidence !== 'string') problems.push(`finding ${finding.rule} evidence not a string`)
  }
  let cursor = 0
  for (const chunk of result.chunks) {
    if (chunk.start !== cursor || chunk.end <= chunk.start) problems.push(`chunk [${chunk.start}, ${chunk.end}) after ${cursor}`)
    if (text.slice(chunk.start, chunk.end) !== chunk.text) problems.push(`chunk [${chunk.start}, ${chunk.end}) text differs`)
    cursor = chunk.end
  }
  // Chunks cover the scanned text exactly: all of it, or the first MAX_SCAN_LENGTH units (less one at a pair).
  const covered = text.length <= MAX_SCAN_LENGTH ? cursor === text.length : cursor >= MAX_SCAN_LENGTH - 1 && cursor <= MAX_SCAN_LENGTH
  if (!covered) problems.push(`chunks cover [0, ${cursor}) of a text of ${text.length}`)
  return problems
}
