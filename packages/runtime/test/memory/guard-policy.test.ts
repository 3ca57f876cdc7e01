/**
 * The policy matrix: the defaults, overrides, user-defined kinds, the option checks (each bad field named),
 * and the property that matters: more risk never yields a milder decision, for every kind and random policies.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { OptionError } from '../../src/errors.js'
import {
  BUILTIN_KINDS,
  checkGuardOptions,
  decide,
  DECISIONS,
  DEFAULT_POLICY,
  DIMENSIONS,
  policyMatrix,
} from '../../src/core/memory/guard/policy.js'
import type { GuardDecision, RiskVector } from '../../src/core/memory/guard/types.js'
import { guardApi } from '../../src/core/memory/guard/check.js'
import { guardStore } from './guard-fixture.js'

const risk = (over: Partial<RiskVector> = {}): RiskVector => ({ consistency: 0, factuality: 0, safety: 0, dependency: 0, ...over })

function optionError(f: () => unknown): OptionError {
  try {
    f()
  } catch (e) {
    expect(e).toBeInstanceOf(OptionError)
    return e as OptionError
  }
  throw new Error('no OptionError thrown')
}

describe('the default matrix', () => {
  it('halts writes and final output on safety and dependency and redirects them on the rest', () => {
    for (const kind of ['call_tool:write', 'final_output']) {
      expect(decide(kind, risk({ safety: 0.9 }), 0.5)).toBe('halt')
      expect(decide(kind, risk({ dependency: 0.5 }), 0.5)).toBe('halt')
      expect(decide(kind, risk({ consistency: 1 }), 0.5)).toBe('redirect')
      expect(decide(kind, risk({ factuality: 0.7 }), 0.5)).toBe('redirect')
      expect(decide(kind, risk({ factuality: 0.7, safety: 0.6 }), 0.5)).toBe('halt')
      expect(decide(kind, risk({ factuality: 0.49 }), 0.5)).toBe('proceed')
    }
  })

  it('warns reads on any risk, lets internal reasoning proceed, and warns a kind nobody configured', () => {
    for (const dim of DIMENSIONS) {
      expect(decide('call_tool:read', risk({ [dim]: 1 }), 0.5)).toBe('warn')
      expect(decide('internal_reasoning', risk({ [dim]: 1 }), 0.5)).toBe('proceed')
      expect(decide('send_invoice', risk({ [dim]: 1 }), 0.5)).toBe('warn')
    }
    expect(decide('send_invoice', risk(), 0.5)).toBe('proceed')
  })

  it('lays guard.policy over the defaults, dimension by dimension; a partial user row warns elsewhere', () => {
    const m = policyMatrix({ 'call_tool:write': { consistency: 'halt' }, send_invoice: { factuality: 'halt' } })
    expect(m['call_tool:write']).toEqual({ ...DEFAULT_POLICY['call_tool:write'], consistency: 'halt' })
    expect(decide('send_invoice', risk({ factuality: 1 }), 0.5, m)).toBe('halt')
    expect(decide('send_invoice', risk({ safety: 1 }), 0.5, m)).toBe('warn')
    // The defaults themselves are not changed by an override.
    expect(DEFAULT_POLICY['call_tool:write'].consistency).toBe('redirect')
  })
})

describe('checkGuardOptions', () => {
  it('accepts the documented options and nothing', () => {
    expect(() => checkGuardOptions(undefined)).not.toThrow()
    expect(() =>
      checkGuardOptions({
        policy: { final_output: { safety: 'warn' }, mine: {} },
        trust: { 'tool:*': 'untrusted' },
        threshold: 0.6,
        lowConfidence: 0.3,
        highConfidence: 0.9,
        uncertainty: 0.1,
        evaluator: () => ({}),
        evaluatorTimeoutMs: 500,
      }),
    ).not.toThrow()
  })

  it.each([
    [{ policy: { final_output: { safety: 'stop' } } }, 'guard.policy.final_output.safety'],
    [{ policy: { final_output: { speed: 'halt' } } }, 'guard.policy.final_output.speed'],
    [{ policy: { final_output: 'halt' } }, 'guard.policy.final_output'],
    [{ policy: [] }, 'guard.policy'],
    [{ trust: { 'web.*': 'maybe' } }, 'guard.trust.web.*'],
    [{ threshold: 1.5 }, 'guard.threshold'],
    [{ threshold: 0 }, 'guard.threshold'],
    [{ lowConfidence: Number.NaN }, 'guard.lowConfidence'],
    [{ lowConfidence: 0.9, highConfidence: 0.8 }, 'guard.lowConfidence'],
    [{ uncertainty: -0.1 }, 'guard.uncertainty'],
    [{ evaluator: 'gpt' }, 'guard.evaluator'],
    [{ evaluatorTimeoutMs: 0 }, 'guard.evaluatorTimeoutMs'],
    [{ treshold: 0.5 }, 'guard.treshold'],
    ['strict', 'guard'],
  ])('names the bad field: %j -> %s', (options, field) => {
    expect(optionError(() => checkGuardOptions(options)).option).toBe(field)
  })

  it('is what the guard checks when it is built over a store, so a bad option fails createCustoms', async () => {
    const bad = { guard: { policy: { final_output: { safety: 'block' as GuardDecision } } } }
    await expect(guardStore(bad)).rejects.toMatchObject({ name: 'OptionError', option: 'guard.policy.final_output.safety' })
    const s = await guardStore()
    expect(optionError(() => guardApi({ ...s.ctx, rules: { ...s.ctx.rules, guard: { threshold: 2 } } })).option).toBe('guard.threshold')
    await s.customs.close()
  })
})

describe('monotonicity', () => {
  const decision = fc.constantFrom(...DECISIONS)
  const row = fc.record({ consistency: decision, factuality: decision, safety: decision, dependency: decision }, { requiredKeys: [] })
  const kinds = [...BUILTIN_KINDS, 'user_kind']
  const policy = fc.dictionary(fc.constantFrom(...kinds), row)
  const unit = fc.double({ min: 0, max: 1, noNaN: true })
  const vector = fc.record({ consistency: unit, factuality: unit, safety: unit, dependency: unit })
  const rank = (d: GuardDecision) => DECISIONS.indexOf(d)

  it('raising any dimension never yields a milder decision, for every kind and random valid policies', () => {
    fc.assert(
      fc.property(
        policy,
        fc.constantFrom(...kinds),
        vector,
        fc.constantFrom(...DIMENSIONS),
        unit,
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        (p, kind, r, dim, up, threshold) => {
          checkGuardOptions({ policy: p, threshold })
          const m = policyMatrix(p)
          const raised = { ...r, [dim]: Math.max(r[dim], up) }
          expect(rank(decide(kind, raised, threshold, m))).toBeGreaterThanOrEqual(rank(decide(kind, r, threshold, m)))
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('a decision is one of the row’s decisions for a dimension at or above the threshold, or proceed', () => {
    fc.assert(
      fc.property(policy, fc.constantFrom(...kinds), vector, (p, kind, r) => {
        const m = policyMatrix(p)
        const d = decide(kind, r, 0.5, m)
        const row = m[kind] ?? { consistency: 'warn', factuality: 'warn', safety: 'warn', dependency: 'warn' }
        const over = DIMENSIONS.filter((x) => r[x] >= 0.5)
        if (d === 'proceed') expect(over.every((x) => row[x] === 'proceed')).toBe(true)
        else expect(over.map((x) => row[x])).toContain(d)
      }),
    )
  })
})
