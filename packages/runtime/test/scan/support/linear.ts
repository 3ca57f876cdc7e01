import { expect } from 'vitest'

/**
 * A guard against a super-linear path (a regular expression that backtracks, a loop over a loop), not a speed target:
 * the repository measures speed with `npm run bench`. On the inputs these tests build (up to 1 MB of hostile text) a
 * linear scan takes well under a second on a quiet machine and a quadratic one minutes, so the bound is set far from
 * both, where a loaded 2-core CI runner's pauses cannot reach it (a bound of 1.5 s was once missed by 21 ms under load).
 */
const GUARD_MS = 8000

/** Runs `work` on `make(n)` and asserts it finished within the guard. */
export function expectNoBlowUp(work: (text: string) => unknown, make: (n: number) => string, n: number): void {
  const text = make(n)
  const started = performance.now()
  work(text)
  expect(performance.now() - started).toBeLessThan(GUARD_MS)
}
