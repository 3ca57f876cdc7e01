/**
 * The scoring contract the rule families are written against (docs/scanning.md, "Scoring"):
 *
 * - a finding's penalty is its severity's penalty (low 0.05, medium 0.3, high 0.55, critical 1) times its rule's
 *   weight;
 * - per family, the strongest finding's penalty counts; in `injection` and `code`, each further distinct rule with
 *   a finding at medium or above adds 0.15 times that rule's weight (several independent signals of an attack are
 *   worse than one); the family penalty is capped at 1. In `secret` and `pii` only the strongest finding counts
 *   (ten e-mail addresses are not ten times worse than one);
 * - the score is the product over families of (1 − family penalty), rounded to 4 decimals;
 * - the decision follows the thresholds; then a `sensitive` finding turns `approve` into `review` (it never lifts a
 *   `reject`).
 */
import type { Family, Finding, ScanDecision, ScanThresholds, Severity } from './types'

export const SEVERITY_PENALTY: Readonly<Record<Severity, number>> = { low: 0.05, medium: 0.3, high: 0.55, critical: 1 }

/** What each further distinct rule at medium or above adds to an `injection` or `code` family penalty. */
export const CORROBORATION_BONUS = 0.15

export const DEFAULT_THRESHOLDS: Readonly<ScanThresholds> = { approve: 0.9, review: 0.6 }

const CORROBORATED_FAMILIES: ReadonlySet<Family> = new Set(['injection', 'code'])

/** A finding with the weight its rule had (failures of a rule are scored at weight 1: fail towards review). */
export interface WeightedFinding {
  finding: Finding
  weight: number
}

/** The penalty of one family's findings, per the contract above. */
export function familyPenalty(family: Family, findings: readonly WeightedFinding[]): number {
  let strongest = 0
  let strongestRule = ''
  // The heaviest medium-or-above finding per rule, for the corroboration bonus.
  const ruleWeights = new Map<string, number>()
  for (const { finding, weight } of findings) {
    const penalty = SEVERITY_PENALTY[finding.severity] * weight
    if (penalty > strongest) {
      strongest = penalty
      strongestRule = finding.rule
    }
    if (finding.severity !== 'low') ruleWeights.set(finding.rule, Math.max(ruleWeights.get(finding.rule) ?? 0, weight))
  }
  let penalty = strongest
  if (CORROBORATED_FAMILIES.has(family)) {
    for (const [rule, weight] of ruleWeights) if (rule !== strongestRule) penalty += CORROBORATION_BONUS * weight
  }
  return Math.min(1, penalty)
}

/** The trust score in [0, 1] of a set of findings, rounded to 4 decimals. */
export function trustScore(findings: readonly WeightedFinding[]): number {
  const byFamily = new Map<Family, WeightedFinding[]>()
  for (const weighted of findings) {
    const list = byFamily.get(weighted.finding.family)
    if (list) list.push(weighted)
    else byFamily.set(weighted.finding.family, [weighted])
  }
  let score = 1
  for (const [family, list] of byFamily) score *= 1 - familyPenalty(family, list)
  return Math.round(score * 10_000) / 10_000
}

/** The decision for a score under the thresholds, capped at `review` when a sensitive finding is present. */
export function decide(score: number, thresholds: ScanThresholds, sensitive: boolean): ScanDecision {
  const decision: ScanDecision = score >= thresholds.approve ? 'approve' : score >= thresholds.review ? 'review' : 'reject'
  return sensitive && decision === 'approve' ? 'review' : decision
}
