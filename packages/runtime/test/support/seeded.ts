/**
 * A seeded draw for fuzz tests: `next(n)` is an integer in [0, n). An LCG written as `(seed * 1103515245 + 12345) %
 * 2 ** 31` multiplies past 2^53 and loses its low bits, so `seed % n` for a small `n` barely moves: a fuzz test drawing
 * with it can miss whole cases and pass with the check it exists for removed. This one multiplies in 32 bits
 * (`Math.imul`) and draws from the high bits.
 */
export function seeded(seed: number): (n: number) => number {
  let state = seed >>> 0
  return (n) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0
    return Math.floor((state / 2 ** 32) * n)
  }
}
