// The Node half of the scan benchmark, in its own process: times the built `memory-customs/scan` on the shared
// candidates and prints one JSON line (per-group and per-variant percentiles, in ms).

import { performance } from 'node:perf_hooks'
import { scan } from 'memory-customs/scan'
import { percentile } from '../lib/stats.mjs'
import { codeCandidates, proseCandidates, timeScans } from './inputs.mjs'

const quick = process.argv.includes('--quick')
const options = { warmup: quick ? 50 : 300, runs: quick ? 300 : 2000, now: () => performance.now() }

function summarise(candidates) {
  const { all, perVariant } = timeScans(scan, candidates, options)
  return {
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    p99: percentile(all, 99),
    variants: candidates.map((c, i) => ({
      name: c.name,
      chars: c.text.length,
      p95: percentile(perVariant[i], 95),
      decision: scan(c.text).decision,
    })),
  }
}

const prose = summarise(proseCandidates())
const code = summarise(codeCandidates())
console.log(JSON.stringify({ runs: options.runs, prose, code }))
