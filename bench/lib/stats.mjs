// Small, dependency-free statistics used by every benchmark (Node and the browser page alike).

/** Sorts a copy numerically (typed arrays included). */
function sorted(values) {
  const copy = Float64Array.from(values)
  copy.sort()
  return copy
}

/** Nearest-rank percentile (p in 0..100) of an unsorted sample. */
export function percentile(values, p) {
  if (!values.length) return Number.NaN
  const s = sorted(values)
  const rank = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))
  return s[rank]
}

export function median(values) {
  if (!values.length) return Number.NaN
  const s = sorted(values)
  const mid = s.length >> 1
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}

export function sum(values) {
  let total = 0
  for (const v of values) total += v
  return total
}

export function mean(values) {
  return values.length ? sum(values) / values.length : Number.NaN
}

/** Deterministic PRNG (mulberry32) so generated inputs and sampled seqs are the same on every run. */
export function rng(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
