import { describe, expect, it } from 'vitest'
import {
  builtinRules,
  defineRule,
  MAX_SCAN_LENGTH,
  RULESET_VERSION,
  scan,
  ScanOptionError,
  UNSCANNED_TAIL_RULE,
  type Rule,
  type RuleHit,
  type ScanOptions,
} from '../../src/scan'

// The scanner's frame is tested with rules defined here, the built-in families switched off, so these tests say
// nothing about (and do not depend on) what the families find.
const ONLY_USER_RULES = ['injection', 'code', 'secret', 'pii'] as const

/** A rule reporting every occurrence of `word` at `severity`. */
function wordRule(id: string, word: string, severity: RuleHit['severity'], extra: Partial<Rule> = {}): Rule {
  return defineRule({
    id,
    family: 'injection',
    weight: 1,
    description: `Reports the word ${word}.`,
    check(chunk) {
      const hits: RuleHit[] = []
      for (let at = chunk.text.indexOf(word); at !== -1; at = chunk.text.indexOf(word, at + 1)) {
        hits.push({ start: chunk.start + at, end: chunk.start + at + word.length, severity, evidence: `word ${word}` })
      }
      return hits
    },
    ...extra,
  })
}

function scanWith(text: string, rules: Rule[], options: ScanOptions = {}) {
  return scan(text, { disable: [...ONLY_USER_RULES], rules, ...options })
}

describe('scan(): result', () => {
  it('approves a text without findings with score 1 and names the rule set', () => {
    const result = scanWith('nothing to see', [])
    expect(result).toMatchObject({ score: 1, decision: 'approve', findings: [] })
    expect(result.chunks).toMatchObject([{ kind: 'prose', text: 'nothing to see' }])
    expect(result.ruleSet).toBe(`${RULESET_VERSION}-code-injection-pii-secret`)
    expect(scan('x').ruleSet).toBe(RULESET_VERSION)
  })

  it('names user rules in the rule set', () => {
    const result = scan('x', { rules: [wordRule('acme/no-urls', 'http', 'low'), wordRule('acme/b', 'b', 'low')] })
    expect(result.ruleSet).toBe(`${RULESET_VERSION}+user:acme/no-urls+user:acme/b`)
  })

  it('reports findings with offsets into the whole text, sorted by start', () => {
    const text = 'intro\n```js\nfoo(bar)\n```\nbar and foo'
    const result = scanWith(text, [wordRule('t/foo', 'foo', 'low'), wordRule('t/bar', 'bar', 'low')])
    expect(result.findings.map((f) => [f.rule, text.slice(f.start, f.end)])).toEqual([
      ['t/foo', 'foo'],
      ['t/bar', 'bar'],
      ['t/bar', 'bar'],
      ['t/foo', 'foo'],
    ])
    const starts = result.findings.map((f) => f.start)
    expect(starts).toEqual(starts.toSorted((a, b) => a - b))
  })

  it('runs a rule only on the chunk kinds it applies to', () => {
    const text = 'foo in prose\n```python\nfoo(1)\n```'
    const result = scanWith(text, [wordRule('t/foo', 'foo', 'low', { appliesTo: ['code'] })])
    expect(result.findings).toHaveLength(1)
    expect(result.findings[0].start).toBe(text.indexOf('foo(1)'))
  })

  it('merges overlapping findings of one rule into the union with the strongest severity', () => {
    const rule = defineRule({
      id: 't/overlap',
      family: 'code',
      weight: 1,
      description: 'Reports two overlapping spans and a separate one.',
      check: (chunk) => [
        { start: chunk.start, end: chunk.start + 4, severity: 'low', evidence: 'first' },
        { start: chunk.start + 2, end: chunk.start + 6, severity: 'high', evidence: 'second', sensitive: true },
        { start: chunk.start + 6, end: chunk.start + 8, severity: 'low', evidence: 'touching, not overlapping' },
      ],
    })
    const result = scanWith('abcdefghij', [rule])
    expect(result.findings).toEqual([
      { family: 'code', rule: 't/overlap', start: 0, end: 6, severity: 'high', evidence: 'second', sensitive: true },
      { family: 'code', rule: 't/overlap', start: 6, end: 8, severity: 'low', evidence: 'touching, not overlapping' },
    ])
    expect(result.decision).toBe('reject')
  })

  it('scores by the contract: one medium reviews, a corroborating second rule rejects', () => {
    expect(scanWith('alpha', [wordRule('t/a', 'alpha', 'medium')])).toMatchObject({ score: 0.7, decision: 'review' })
    const both = scanWith('alpha beta', [wordRule('t/a', 'alpha', 'medium'), wordRule('t/b', 'beta', 'medium')])
    expect(both).toMatchObject({ score: 0.55, decision: 'reject' })
    expect(scanWith('alpha', [wordRule('t/a', 'alpha', 'low')])).toMatchObject({ score: 0.95, decision: 'approve' })
  })

  it('applies custom thresholds', () => {
    const rules = [wordRule('t/a', 'alpha', 'medium')]
    expect(scanWith('alpha', rules, { thresholds: { approve: 0.7 } }).decision).toBe('approve')
    expect(scanWith('alpha', rules, { thresholds: { approve: 0.95, review: 0.75 } }).decision).toBe('reject')
  })

  it('caps a sensitive low finding at review', () => {
    const rule = defineRule({
      id: 't/card',
      family: 'pii',
      weight: 1,
      description: 'A sensitive low finding.',
      check: (chunk) => [{ start: chunk.start, end: chunk.end, severity: 'low', evidence: 'card ****', sensitive: true }],
    })
    expect(scanWith('4111', [rule])).toMatchObject({ score: 0.95, decision: 'review' })
  })

  it('turns a throwing rule into a medium finding of that rule and goes on with the others', () => {
    const broken = defineRule({
      id: 't/broken',
      family: 'secret',
      weight: 0.1,
      description: 'Always throws.',
      check: () => {
        throw new Error('boom')
      },
    })
    const result = scanWith('alpha', [broken, wordRule('t/a', 'alpha', 'low')])
    // Same span: ties are ordered by rule id, so the order does not depend on rule order.
    expect(result.findings).toEqual([
      { family: 'injection', rule: 't/a', start: 0, end: 5, severity: 'low', evidence: 'word alpha' },
      { family: 'secret', rule: 't/broken', start: 0, end: 5, severity: 'medium', evidence: 'rule failed: boom' },
    ])
    // Scored at weight 1, not the rule's 0.1: a broken rule sends the candidate to review.
    expect(result).toMatchObject({ score: 0.665, decision: 'review' })
  })

  it('treats malformed hits as a rule failure, and clamps offsets into the text', () => {
    const malformed = (hits: unknown) =>
      defineRule({ id: 't/bad', family: 'code', weight: 1, description: 'Returns junk.', check: () => hits as RuleHit[] })
    expect(scanWith('abc', [malformed('nope')]).findings[0].evidence).toBe('rule failed: check() did not return an array')
    expect(scanWith('abc', [malformed([{ start: 0, end: 1, severity: 'huge', evidence: '' }])]).findings[0].evidence).toBe(
      'rule failed: check() returned a malformed hit',
    )
    const clamped = scanWith('abc', [malformed([{ start: -5, end: 99, severity: 'low', evidence: 'e' }])])
    expect(clamped.findings[0]).toMatchObject({ start: 0, end: 3 })
    const empty = scanWith('abc', [malformed([{ start: 3, end: 3, severity: 'low', evidence: 'e' }])])
    expect(empty.findings[0]).toMatchObject({ start: 2, end: 3 })
  })

  it('cuts evidence to a sentence', () => {
    const result = scanWith(
      'alpha',
      [wordRule('t/a', 'alpha', 'low', {})].map((rule) => ({
        ...rule,
        check: () => [{ start: 0, end: 1, severity: 'low' as const, evidence: 'e'.repeat(1000) }],
      })),
    )
    expect(result.findings[0].evidence.length).toBeLessThanOrEqual(200)
  })

  it('scans only the first MAX_SCAN_LENGTH units of a longer text and says so', () => {
    const text = `${'a'.repeat(MAX_SCAN_LENGTH - 1)}\u{1F600}tail alpha`
    const result = scanWith(text, [wordRule('t/a', 'alpha', 'low')])
    // The cut falls inside the emoji's surrogate pair, so it moves one unit earlier.
    expect(result.findings).toEqual([
      {
        family: 'injection',
        rule: UNSCANNED_TAIL_RULE,
        start: MAX_SCAN_LENGTH - 1,
        end: text.length,
        severity: 'medium',
        evidence: `${text.length - MAX_SCAN_LENGTH + 1} characters after the first ${MAX_SCAN_LENGTH} were not scanned`,
      },
    ])
    expect(result.decision).toBe('review')
    expect(result.chunks.at(-1)?.end).toBe(MAX_SCAN_LENGTH - 1)
  })

  it('gives rules frozen chunks, so a rule cannot change what the next rule reads', () => {
    const mutator = defineRule({
      id: 't/mutator',
      family: 'code',
      weight: 1,
      description: 'Tries to rewrite the chunk.',
      check: (chunk) => {
        ;(chunk as { text: string }).text = 'changed'
        return []
      },
    })
    const result = scanWith('alpha', [mutator, wordRule('t/a', 'alpha', 'low')])
    expect(result.findings.map((f) => f.rule)).toEqual(['t/a', 't/mutator'])
    expect(result.chunks[0].text).toBe('alpha')
  })
})

describe('scan(): arguments and options', () => {
  it('throws a TypeError naming the argument for a non-string text', () => {
    expect(() => scan(42 as unknown as string)).toThrow(new TypeError('scan(text): text must be a string, got number'))
    expect(() => scan(null as unknown as string)).toThrow(/text must be a string, got null/)
  })

  it.each([
    [{ thresholds: { approve: 1.5 } }, 'thresholds.approve'],
    [{ thresholds: { review: -0.1 } }, 'thresholds.review'],
    [{ thresholds: { review: Number.NaN } }, 'thresholds.review'],
    [{ thresholds: { approve: 0.5, review: 0.7 } }, 'thresholds.review'],
    [{ thresholds: 'high' }, 'thresholds'],
    [{ disable: ['pii/no-such-rule'] }, 'disable[0]'],
    [{ disable: 'pii' }, 'disable'],
    [{ rules: [{ id: 'Bad Id' }] }, 'rules[0].id'],
    [{ rules: 'x' }, 'rules'],
  ])('rejects %j naming %s', (options, option) => {
    let caught: unknown
    try {
      scan('x', options as ScanOptions)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ScanOptionError)
    expect((caught as ScanOptionError).option).toBe(option)
  })

  it('rejects duplicate rule ids, between user rules and against built-ins', () => {
    const rule = wordRule('t/a', 'a', 'low')
    expect(() => scan('x', { rules: [rule, rule] })).toThrow(ScanOptionError)
    const builtin = builtinRules()[0]
    if (builtin) expect(() => scan('x', { rules: [{ ...rule, id: builtin.id }] })).toThrow(/duplicate rule id/)
  })

  it('disables built-in rules by id or family', () => {
    const builtins = builtinRules()
    for (const rule of builtins) {
      expect(scan('x', { disable: [rule.id] }).ruleSet).toBe(`${RULESET_VERSION}-${rule.id}`)
    }
    expect(scan('x', { disable: ['pii'] }).ruleSet).toBe(`${RULESET_VERSION}-pii`)
  })
})

describe('defineRule', () => {
  const valid: Rule = { id: 'acme/no-urls', family: 'injection', weight: 0.5, description: 'No URLs.', check: () => [] }

  it('returns a valid rule unchanged', () => {
    expect(defineRule(valid)).toBe(valid)
    expect(defineRule({ ...valid, id: 'pii/cn.mobile-2', appliesTo: ['prose', 'json'] }).id).toBe('pii/cn.mobile-2')
  })

  it.each([
    [{ id: 'noslash' }, 'rule.id'],
    [{ id: 'Upper/case' }, 'rule.id'],
    [{ id: 'a/' }, 'rule.id'],
    [{ family: 'malware' }, 'rule.family'],
    [{ weight: 0 }, 'rule.weight'],
    [{ weight: 1.01 }, 'rule.weight'],
    [{ weight: '1' }, 'rule.weight'],
    [{ description: ' ' }, 'rule.description'],
    [{ check: 'x' }, 'rule.check'],
    [{ appliesTo: ['markdown'] }, 'rule.appliesTo'],
  ])('rejects %j naming %s', (change, option) => {
    expect(() => defineRule({ ...valid, ...change } as Rule)).toThrow(expect.objectContaining({ option }))
  })

  it('every built-in rule is valid, unique, and namespaced by its family', () => {
    const ids = new Set<string>()
    for (const rule of builtinRules()) {
      expect(defineRule(rule)).toBe(rule)
      expect(rule.id.split('/')[0]).toBe(rule.family)
      expect(ids.has(rule.id)).toBe(false)
      ids.add(rule.id)
    }
  })
})
