import { describe, expect, it } from 'vitest'
import { mask, shows } from './transcript.js'

describe('doc transcripts: what is masked', () => {
  it('masks digests and signatures, with or without a digit', () => {
    // The root CI printed once: 44 base64 characters, not one digit.
    expect(mask('SJmqoptLIrP/puwuRBSFAKBzuVIxjTLkNn+jSCVYeqg=')).toBe('<b64>')
    expect(mask('e95Kn+5dqIYAOybAGo+aWy16WGDG1MbaEqZI+CftWW4=')).toBe('<b64>')
    expect(mask('— origin /e8RDZrmfsaLA1g4TS9svRlWdX+bS4pG8TrOUZntb9O9Ab27y3XRq3K5J438QhsIfmnrSW8Y2T4/wHhX6PUoIcmbFAU=')).toBe(
      '— origin <b64>',
    )
    expect(mask('chain 0123456789abcdef0123456789abcdef')).toBe('chain <chain>')
  })

  it('keeps words, paths and kebab-case names of one case and no digit', () => {
    for (const text of [
      'memory-customs.demo/playground-agent',
      'unauthenticated-tail-and-torn-tail-outputs-are-what-verify-prints',
      'packages/runtime/test/docs/snippet/playground/agent/store',
      'SOME_VERY_LONG_CONSTANT_NAME_THAT_IS_UPPER_CASE_ONLY',
    ])
      expect(mask(text)).toBe(text)
  })

  it('compares the rest verbatim, with the elisions', () => {
    expect(
      shows(['size 42', 'root e95Kn+5dqIYAOybAGo+aWy16WGDG1MbaEqZI+CftWW4='], 'size 42\nroot SJmqoptLIrP/puwuRBSFAKBzuVIxjTLkNn+jSCVYeqg='),
    ).toBe(true)
    expect(shows(['size 42'], 'size 43')).toBe(false)
    expect(shows(['a …', '...', 'z'], 'a b c\nx\ny\nz')).toBe(true)
  })
})
