// Browser benchmark: bundles bench/browser/page with Vite, serves it on 127.0.0.1 (cross-origin isolated, so
// the page gets the finer 5 µs timer), runs it in headless Debian Chromium through playwright-core, reads back.

import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { perSecond, ratio, us } from '../lib/format.mjs'
import { CHROMIUM, runBenchPage } from '../lib/page.mjs'
import { failedRow, firstLine, row } from '../lib/verdict.mjs'

const here = fileURLToPath(new URL('.', import.meta.url))

export async function runBrowser({ quick, log }) {
  const n = quick ? 20_000 : 100_000
  const base = {
    id: 'browser',
    title: 'Runtime in Chromium (issue 3)',
    notes: [],
    method:
      'The page (`bench/browser/page`) is bundled with Vite (`build()`, production) and imports the built ' +
      '`memory-customs` with the in-memory store and sql.js from its browser build (`sql-wasm-browser.wasm`). A ' +
      'small `node:http` server on 127.0.0.1 serves it with COOP/COEP headers so the page is cross-origin isolated ' +
      '(timer resolution 5 µs instead of 100 µs). Headless `/usr/bin/chromium` (playwright-core, `--no-sandbox ' +
      '--disable-gpu --disable-background-networking --disable-component-update --no-first-run`) loads it; after ' +
      `5,000 warm-up commits on a separate store, ${n.toLocaleString('en-US')} \`decision.commit\` calls (50 keys, ` +
      'round-robin, `flush()` awaited untimed every 1,000) are timed one by one; the same rows then go through ' +
      'plain sql.js prepared INSERTs in the same page. Per-call figures are quantised to the page timer; the mean ' +
      'over 100-call blocks is shown as a cross-check.',
  }
  if (!existsSync(CHROMIUM)) return { ...base, rows: [failedRow('`decision.commit` p50 in Chromium', '≤ 60 µs', `${CHROMIUM} not found`)] }
  try {
    const { result: r, pageErrors: consoleErrors } = await runBenchPage({
      pageDir: join(here, 'page'),
      search: `n=${n}`,
      timeoutMs: 15 * 60_000,
      log,
    })
    log(`  chromium: p50 ${us(r.p50)}, p99 ${us(r.p99)}, baseline p50 ${us(r.baseP50)} (timer grain ${us(r.timerGrainUs)})`)
    const rows = [
      row({
        name: `\`decision.commit\` p50 in Chromium (${r.n.toLocaleString('en-US')} receipts)`,
        value: r.p50,
        format: us,
        op: '<=',
        target: 60,
        note: `p99 ${us(r.p99)}; 100-call block mean (median of blocks) ${us(r.blockMeanP50)}`,
      }),
      row({
        name: 'baseline: plain sql.js prepared INSERT of the same rows, p50',
        value: r.baseP50,
        format: us,
        note: `p99 ${us(r.baseP99)}; ${perSecond((r.n / r.baseTotalMs) * 1000)} with BEGIN/COMMIT per 1,000`,
      }),
      row({
        name: '`decision.commit` p50 ÷ baseline INSERT p50',
        value: r.p50 / r.baseP50,
        format: ratio,
        note: `both quantised to the ${us(r.timerGrainUs)} page timer`,
      }),
    ]
    base.notes.push(
      `Browser: ${r.userAgent}; crossOriginIsolated ${r.crossOriginIsolated}; timer grain ${us(r.timerGrainUs)}; ` +
        `building the ${r.n.toLocaleString('en-US')} receipts took ${(r.buildMs / 1000).toFixed(1)} s in total.`,
    )
    if (consoleErrors.length) base.notes.push(`Page errors: ${consoleErrors.map(firstLine).join('; ')}`)
    return { ...base, rows }
  } catch (error) {
    log(`  browser benchmark failed: ${firstLine(error)}`)
    return { ...base, rows: [failedRow('`decision.commit` p50 in Chromium', '≤ 60 µs', error)] }
  }
}
