/**
 * Orders against the user that corroborate each other. One standing order in a memory note stays `medium`: a person
 * decides, since some read like a strict preference of the user's ("don't mention the change in the cover emails").
 * Two of different kinds in one note are an attack beyond reasonable doubt: a payee swapped and the change kept from
 * the user, a stranger's mail given the user's authority and its wires pre-approved, the user denied a setting and
 * told no when she asks. Findings of one rule do not add up in the score (docs/scanning.md, "Scoring"), so this is
 * where they do: the first of two such `memory-planting` hits becomes `high`.
 */
import type { RawHit } from './detect'

/**
 * How close two orders stand to be one note: a memory note or one paragraph of a page (a long page that mentions a
 * payee change in one section and a quiet report in another is two things).
 */
const SPAN = 400

/** Raises the first `medium` memory-planting hit that another of a different kind, close by and apart, corroborates. */
export function corroborateOrders(hits: RawHit[]): void {
  // Neither may be damped: a lesson quoting two shapes is still a lesson.
  const orders = hits.filter((h) => h.rule === 'memory-planting' && h.kind !== undefined && h.severity === 'medium' && !h.damped)
  for (const a of orders) {
    const other = orders.find((b) => b.kind !== a.kind && (b.start >= a.end || b.end <= a.start) && Math.abs(b.start - a.start) <= SPAN)
    if (!other) continue
    a.severity = 'high'
    a.evidence += `; with ${other.evidence}`
    return
  }
}
