// The Chromium page of the browser benchmark: decision.commit latency with the real runtime (in-memory
// storage, sql.js from its browser build) and the plain sql.js INSERT baseline on the same rows, in one page.
// Parameters come from the query string (?n=100000); figures are left on `window.__benchResult`.

import initSqlJs from 'sql.js'
import wasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url'
import { z } from 'zod'
import { createCustoms } from 'memory-customs'
import { encodeBody } from 'memory-customs/verify'
import { median, percentile } from '../../lib/stats.mjs'
import { baselineRows, decisionKeys, decisionSchemas, decisionValue, timeBaselineInserts, timeCommits } from '../../runtime/scenarios.mjs'

const params = new URLSearchParams(location.search)
const n = Number(params.get('n') ?? 100_000)
const out = document.getElementById('out')

/** Per-call timings are quantised by the browser's timer; 100-call blocks give a finer mean for comparison. */
async function blockMeans(customs, keys, blocks) {
  const means = new Float64Array(blocks)
  const opts = { source: 'user' }
  for (let b = 0; b < blocks; b++) {
    const t0 = performance.now()
    for (let k = 0; k < 100; k++) customs.decision.commit(keys[k % keys.length], decisionValue(b * 100 + k), opts)
    means[b] = ((performance.now() - t0) * 1000) / 100
    if (b % 10 === 9) await customs.flush()
  }
  await customs.flush()
  return means
}

async function run() {
  const sqlJs = { locateFile: () => wasmUrl }
  const keys = decisionKeys(50)
  const make = () => createCustoms({ decision: { schemas: decisionSchemas(z, keys) }, sqlJs })

  const warm = await make()
  await timeCommits(warm, { n: 5000, keys })
  await warm.close()

  const customs = await make()
  const t0 = performance.now()
  const { latencies: lat } = await timeCommits(customs, { n, keys })
  const buildMs = performance.now() - t0
  const rows = baselineRows(customs.receipts(), encodeBody)
  await customs.close()

  const blocks = await make()
  const means = await blockMeans(blocks, keys, Math.max(50, Math.floor(n / 1000)))
  await blocks.close()

  const SQL = await initSqlJs({ locateFile: () => wasmUrl })
  timeBaselineInserts(SQL, rows.slice(0, 5000))
  const base = timeBaselineInserts(SQL, rows)

  return {
    n,
    userAgent: navigator.userAgent,
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    timerGrainUs: timerGrain(),
    buildMs,
    p50: median(lat),
    p99: percentile(lat, 99),
    blockMeanP50: median(means),
    baseP50: median(base.latencies),
    baseP99: percentile(base.latencies, 99),
    baseTotalMs: base.totalMs,
  }
}

/** The smallest non-zero step of performance.now(), in µs (the page's timer resolution). */
function timerGrain() {
  let grain = Infinity
  for (let i = 0; i < 200; i++) {
    const a = performance.now()
    let b = performance.now()
    while (b === a) b = performance.now()
    grain = Math.min(grain, (b - a) * 1000)
  }
  return grain
}

run().then(
  (result) => {
    window.__benchResult = result
    out.textContent = JSON.stringify(result, null, 2)
  },
  (error) => {
    window.__benchError = String(error?.stack ?? error)
    out.textContent = window.__benchError
  },
)
