import { describe, expect, it } from 'vitest'
import { decide, familyPenalty, trustScore, type WeightedFinding } from '../../src/scan/score'
import type { Family, Severity } from '../../src/scan/types'

function weighted(family: Family, rule: string, severity: Severity, weight = 1, start = 0): WeightedFinding {
  return { finding: { family, rule, severity, start, end: start + 1, evidence: 'x' }, weight }
}

describe('scoring contract', () => {
  it.each([
    ['low', 0.95],
    ['medium', 0.7],
    ['high', 0.45],
    ['critical', 0],
  ] as const)('a single %s finding at weight 1 scores %s', (severity, score) => {
    expect(trustScore([weighted('pii', 'pii/x', severity)])).toBe(score)
  })

  it('multiplies the severity penalty by the rule weight', () => {
    expect(trustScore([weighted('code', 'acme/hint', 'high', 0.5)])).toBe(0.725)
    expect(trustScore([weighted('secret', 'acme/hint', 'critical', 0.2)])).toBe(0.8)
  })

  it('counts only the strongest finding in secret and pii', () => {
    const findings = [
      weighted('pii', 'pii/email', 'medium'),
      weighted('pii', 'pii/phone', 'medium', 1, 5),
      weighted('pii', 'pii/iban', 'low', 1, 9),
    ]
    expect(familyPenalty('pii', findings)).toBeCloseTo(0.3, 10)
    expect(familyPenalty('secret', [weighted('secret', 'secret/a', 'high'), weighted('secret', 'secret/b', 'high')])).toBeCloseTo(0.55, 10)
  })

  it('adds 0.15 per further distinct injection or code rule at medium or above', () => {
    const two = [weighted('injection', 'injection/a', 'high'), weighted('injection', 'injection/b', 'medium')]
    expect(familyPenalty('injection', two)).toBeCloseTo(0.7, 10)
    // Several findings of one rule corroborate nothing; low findings do not count either.
    const sameRule = [weighted('code', 'code/a', 'medium'), weighted('code', 'code/a', 'medium', 1, 4), weighted('code', 'code/b', 'low')]
    expect(familyPenalty('code', sameRule)).toBeCloseTo(0.3, 10)
    const three = [weighted('code', 'code/a', 'medium'), weighted('code', 'code/b', 'medium'), weighted('code', 'code/c', 'medium')]
    expect(familyPenalty('code', three)).toBeCloseTo(0.6, 10)
    expect(trustScore(three)).toBe(0.4)
  })

  it('scales the corroboration of a hint rule by its weight, and caps a family at 1', () => {
    const hinted = [weighted('injection', 'injection/a', 'medium'), weighted('injection', 'acme/hint', 'medium', 0.2)]
    expect(familyPenalty('injection', hinted)).toBeCloseTo(0.33, 10)
    const many = ['a', 'b', 'c', 'd'].map((name) => weighted('code', `code/${name}`, 'critical'))
    expect(familyPenalty('code', many)).toBe(1)
  })

  it('multiplies families and rounds to 4 decimals', () => {
    const findings = [
      weighted('injection', 'injection/a', 'medium'),
      weighted('pii', 'pii/email', 'low'),
      weighted('secret', 's/x', 'low', 1 / 3),
    ]
    // 0.7 * 0.95 * (1 - 0.05/3) = 0.653916…
    expect(trustScore(findings)).toBe(0.6539)
    expect(trustScore([])).toBe(1)
  })

  it('decides by the thresholds, and a sensitive finding caps approve at review but never lifts reject', () => {
    const thresholds = { approve: 0.9, review: 0.6 }
    expect(decide(0.9, thresholds, false)).toBe('approve')
    expect(decide(0.8999, thresholds, false)).toBe('review')
    expect(decide(0.6, thresholds, false)).toBe('review')
    expect(decide(0.5999, thresholds, false)).toBe('reject')
    expect(decide(1, thresholds, true)).toBe('review')
    expect(decide(0.7, thresholds, true)).toBe('review')
    expect(decide(0.1, thresholds, true)).toBe('reject')
    expect(decide(0.5, { approve: 0.5, review: 0.5 }, false)).toBe('approve')
  })
})
