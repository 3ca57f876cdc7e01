// The Chromium half of the scan benchmark: the same candidates and loop as bench/scan/node-case.mjs, timed with the
// page's performance.now() (5 µs grain when cross-origin isolated). Figures are left on `window.__benchResult`.

import { scan } from 'memory-customs/scan'
import { percentile } from '../../lib/stats.mjs'
import { codeCandidates, proseCandidates, timeScans } from '../inputs.mjs'

const params = new URLSearchParams(location.search)
const options = { warmup: Number(params.get('warmup') ?? 300), runs: Number(params.get('runs') ?? 2000), now: () => performance.now() }

function summarise(candidates) {
  const { all } = timeScans(scan, candidates, options)
  return { p50: percentile(all, 50), p95: percentile(all, 95), p99: percentile(all, 99) }
}

/** The smallest non-zero step of performance.now() in this page, in ms. */
function timerGrain() {
  let grain = Number.POSITIVE_INFINITY
  for (let i = 0; i < 50; i++) {
    const a = performance.now()
    let b = performance.now()
    while (b === a) b = performance.now()
    grain = Math.min(grain, b - a)
  }
  return grain
}

try {
  const prose = summarise(proseCandidates())
  const code = summarise(codeCandidates())
  window.__benchResult = {
    prose,
    code,
    runs: options.runs,
    userAgent: navigator.userAgent,
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    timerGrainMs: timerGrain(),
  }
  document.getElementById('out').textContent = JSON.stringify(window.__benchResult, null, 2)
} catch (error) {
  window.__benchError = String(error?.stack ?? error)
}
