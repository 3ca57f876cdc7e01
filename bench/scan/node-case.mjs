// The Node half of the scan benchmark, in its own process: times the built `memory-customs/scan` on the shared
// candidates and prints one JSON line (per-group and per-variant percentiles, in ms).

import v8 from 'node:v8'
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

/** Bytes in V8's code spaces: after the scans, mostly the native code of the scanner's regular expressions. */
const codeSpace = () =>
  v8
    .getHeapSpaceStatistics()
    .filter((space) => space.space_name.startsWith('code'))
    .reduce((sum, space) => sum + space.space_used_size, 0)

const codeBefore = codeSpace()
const prose = summarise(proseCandidates())
const code = summarise(codeCandidates())
console.log(JSON.stringify({ runs: options.runs, prose, code, codeSpaceBytes: codeSpace() - codeBefore }))
