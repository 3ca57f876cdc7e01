import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { redact, redactSpans } from '../../src/scan/redact'
import { ALNUM, UPPER_DIGITS, randomText } from './secrets-helpers'

describe('redact', () => {
  it('keeps a provider prefix and the length of a secret', () => {
    const aws = `AKIA${randomText(UPPER_DIGITS, 16, 1)}`
    expect(redact(aws, 'secret')).toBe('AKIA\u2026(20 chars)')
    expect(redact(`ghp_${randomText(ALNUM, 36, 2)}`, 'secret')).toBe('ghp_\u2026(40 chars)')
    expect(redact(`sk-proj-${randomText(ALNUM, 60, 3)}`, 'secret')).toBe('sk-proj-\u2026(68 chars)')
  })

  it('shows nothing of a short secret', () => {
    expect(redact('hunter2xyz', 'secret')).toBe('\u2026(10 chars)')
  })

  it('never repeats the body of a secret: at most a 14-character prefix, at least 12 characters hidden', () => {
    // Checked on what is kept rather than by searching the output for the value's tail: a random value whose tail
    // repeats its own prefix ("defineGettAAA_…defineGett") would fail that search without anything leaking.
    fc.assert(
      fc.property(fc.string({ minLength: 16, maxLength: 120, unit: fc.constantFrom(...`${ALNUM}_-.`) }), (value) => {
        const shown = redact(value, 'secret')
        const kept = shown.slice(0, shown.indexOf('\u2026'))
        expect(value.startsWith(kept)).toBe(true)
        expect(kept.length).toBeLessThanOrEqual(14)
        expect(value.length - kept.length).toBeGreaterThanOrEqual(12)
        expect(shown).toBe(`${kept}\u2026(${value.length} chars)`)
      }),
    )
  })

  it('e-mail: first letter and domain', () => {
    expect(redact('jane.doe@example.com', 'email')).toBe('j***@example.com')
  })

  it('phone, card, SSN: digits masked, last two or four kept for phones and cards', () => {
    expect(redact('+1 415 555 0132', 'phone')).toBe('+* *** *** **32')
    expect(redact('4111 1111 1111 1111', 'card')).toBe('**** **** **** 1111')
    expect(redact('123-45-6789', 'ssn')).toBe('***-**-****')
  })

  it('IBAN: country and last four; CN ID: province only; IP: first octet or group', () => {
    expect(redact('DE82 3704 0044 0532 0139 99', 'iban')).toBe('DE** **** \u2026 3999 (22 chars)')
    expect(redact('110105194910011237', 'cn-id')).toBe('11****************')
    expect(redact('203.0.113.7', 'ip')).toBe('203.x.x.x')
    expect(redact('2001:db8::1', 'ip')).toBe('2001:\u2026 (IPv6)')
  })

  it('generic: length only', () => {
    expect(redact('anything at all', 'generic')).toBe('\u2026(15 chars)')
  })
})

describe('redactSpans', () => {
  it('replaces spans with labels, merging overlaps and clipping to the text', () => {
    const text = 'user ana@example.org key AKIA1234567890ABCDEF end'
    const email = { start: 5, end: 20, label: 'pii/email' }
    const key = { start: 25, end: 45, label: 'secret/provider-token' }
    expect(redactSpans(text, [key, email])).toBe('user [pii/email] key [secret/provider-token] end')
    expect(
      redactSpans(text, [
        { start: 5, end: 12 },
        { start: 10, end: 20 },
      ]),
    ).toBe('user [REDACTED] key AKIA1234567890ABCDEF end')
    expect(
      redactSpans('abc', [
        { start: 2, end: 99 },
        { start: -5, end: 0 },
      ]),
    ).toBe('ab[REDACTED]')
  })
})
