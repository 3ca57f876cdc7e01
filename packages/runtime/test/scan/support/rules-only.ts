import { describe, expect, it } from 'vitest'
import { scan } from '../../../src/scan'

/**
 * What the rules alone make of a text: the decision with the learned layer off, and the injection rules that found
 * something above low.
 */
export function rulesOnly(text: string): { decision: string; rules: string[] } {
  const result = scan(text, { disable: ['injection/learned'] })
  return {
    decision: result.decision,
    rules: result.findings.filter((f) => f.family === 'injection' && f.severity !== 'low').map((f) => f.rule),
  }
}

/**
 * A pair test read by the rules alone: every text of `flagged` is held by an injection rule, every text of `passing`
 * (each sharing the words of an order beside it) is approved with no injection finding.
 */
export function pairTests(names: { flagged: string; passing: string }, flagged: string[], passing: string[]): void {
  describe(names.flagged, () => {
    it.each(flagged)('%s', (text) => {
      const { decision, rules } = rulesOnly(text)
      expect(decision).not.toBe('approve')
      expect(rules.length).toBeGreaterThan(0)
    })
  })
  describe(names.passing, () => {
    it.each(passing)('%s', (text) => {
      expect(rulesOnly(text)).toEqual({ decision: 'approve', rules: [] })
    })
  })
}

/**
 * Texts that order nothing (described, reported, prevented, or code): no injection finding above low. With
 * `learned: false` the rules are read alone, as `pairTests` reads them.
 */
export function noOrderTests(name: string, texts: string[], { learned = true }: { learned?: boolean } = {}): void {
  describe(name, () => {
    it.each(texts)('%s', (text) => {
      const findings = scan(text, learned ? {} : { disable: ['injection/learned'] }).findings
      expect(findings.filter((f) => f.family === 'injection' && f.severity !== 'low')).toEqual([])
    })
  })
}
