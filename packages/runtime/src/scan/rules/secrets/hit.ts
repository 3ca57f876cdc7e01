import type { Chunk, RuleHit, Severity } from '../../types'

/** A hit at chunk-local offsets, moved to whole-text offsets as `RuleHit` requires. */
export function hitAt(
  chunk: Chunk,
  localStart: number,
  localEnd: number,
  severity: Severity,
  evidence: string,
  sensitive = false,
): RuleHit {
  const hit: RuleHit = { start: chunk.start + localStart, end: chunk.start + localEnd, severity, evidence }
  if (sensitive) hit.sensitive = true
  return hit
}

/** True when the character before `index` could continue a token, so a match there is inside a longer word. */
export function glued(text: string, index: number): boolean {
  if (index <= 0) return false
  const c = text.charCodeAt(index - 1)
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
}
