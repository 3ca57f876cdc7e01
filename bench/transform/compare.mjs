// Fresh-process comparisons for the transform benchmark: variants alternate round by round (the order rotates, so
// no variant always runs first or last), every build is its own `node` process, and the figures kept are the
// per-round ratios (a slow round slows both sides) and the CPU time of each process beside its wall time.

import { median } from '../lib/stats.mjs'
import { count, ratio } from '../lib/format.mjs'
import { row } from '../lib/verdict.mjs'

/**
 * Runs every variant once untimed (file cache; unless `warmUp` is false), then `runs` rounds of all variants.
 * `build(variant)` resolves `{ wallMs, result }` with `result.cpuMs`. Returns per-variant lists of wall times,
 * CPU times and results, in round order.
 */
export async function alternate({ variants, runs, build, warmUp = true, onRound }) {
  const wall = Object.fromEntries(variants.map((v) => [v, []]))
  const cpu = Object.fromEntries(variants.map((v) => [v, []]))
  const results = Object.fromEntries(variants.map((v) => [v, []]))
  if (warmUp) for (const v of variants) await build(v)
  for (let r = 0; r < runs; r++) {
    const order = variants.map((_, i) => variants[(i + r) % variants.length])
    const round = {}
    for (const v of order) {
      const { wallMs, result } = await build(v)
      wall[v].push(wallMs)
      cpu[v].push(result.cpuMs)
      results[v].push(result)
      round[v] = { wallMs, cpuMs: result.cpuMs, result }
    }
    onRound?.(r, round)
  }
  return { wall, cpu, results }
}

/** Per-round ratios `a ÷ b` of a measure (`wall`, `cpu`, or a function of each round's result). */
export function perRound(run, a, b, measure = 'wall') {
  const pick = (v) => (typeof measure === 'function' ? run.results[v].map(measure) : run[measure][v])
  const top = pick(a)
  const bottom = pick(b)
  return top.map((x, i) => x / bottom[i])
}

/** Two rows: the median per-round wall ratio (against `target` when given) and the CPU-time ratio beside it. */
export function ratioRows({ name, run, a, b, target, what = '' }) {
  const wall = perRound(run, a, b)
  const cpu = perRound(run, a, b, 'cpu')
  const rounds = wall.length
  return [
    row({
      name: `${name}, with ÷ without (median of per-round wall-time ratios)`,
      value: median(wall),
      format: ratio,
      op: target === undefined ? null : '<=',
      target,
      note: `${rounds} round(s): ${wall.map((x) => x.toFixed(2)).join(', ')}${what ? `; ${what}` : ''}`,
    }),
    row({
      name: `${name}, CPU time (user + system, all threads) with ÷ without`,
      value: median(cpu),
      format: ratio,
      note: `median CPU ${(median(run.cpu[b]) / 1000).toFixed(2)} s without, ${(median(run.cpu[a]) / 1000).toFixed(2)} s with`,
    }),
  ]
}

/** A row checking that every plugin build emitted the probes the generator planted. */
export function probeRow(name, counts, expected) {
  const ok = counts.every((p) => p === expected)
  return row({
    name,
    value: ok ? expected : Math.min(...counts),
    format: count,
    op: '>=',
    target: expected,
    note: ok ? `all ${counts.length} builds emitted ${expected}` : `counts: ${counts.join(', ')}`,
  })
}
