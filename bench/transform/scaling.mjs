// Plugin scaling (issue 8): `instrument` time for one module with 1k, 4k, 16k and 64k memory-write sites.
//   node --expose-gc bench/transform/scaling.mjs [--quick]     one JSON line with the figures
// `runScaling` (npm run bench -- scaling) runs it as a fresh process and turns the figures into rows.

import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { runNode } from '../lib/child.mjs'
import { count, ms, ratio, us } from '../lib/format.mjs'
import { median } from '../lib/stats.mjs'
import { failedRow, firstLine, row } from '../lib/verdict.mjs'

const SIZES = [1000, 4000, 16000, 64000]
const ROOT = '/virtual/app'
const ID = `${ROOT}/src/many.ts`

/** One exported function with `n` memory writes, one per line (`store.set('k17', 17)`). */
export function manySites(n) {
  const lines = ['export function run(store: Map<string, number>) {']
  for (let i = 0; i < n; i++) lines.push(`  store.set('k${i}', ${i})`)
  lines.push('  return store', '}', '')
  return lines.join('\n')
}

async function measure(quick) {
  const plugin = await import('unplugin-memory-customs')
  const options = plugin.resolveOptions({}, { mode: 'production', root: ROOT })
  const results = []
  // Warm-up, so that the 1k figure is not the JIT's first run.
  const warm = manySites(1000)
  const warmSites = plugin.analyze(warm, ID, options)
  for (let i = 0; i < (quick ? 5 : 20); i++) plugin.instrument(warm, ID, warmSites, options).map.toString()
  for (const n of SIZES) {
    const code = manySites(n)
    const a0 = performance.now()
    const sites = plugin.analyze(code, ID, options)
    const analyzeMs = performance.now() - a0
    if (sites.length !== n) throw new Error(`analyze found ${sites.length} sites in a module with ${n}`)
    const runs = quick ? (n >= 16000 ? 1 : 3) : n >= 64000 ? 3 : n >= 16000 ? 5 : 11
    const times = []
    let probes = 0
    for (let r = 0; r < runs; r++) {
      globalThis.gc?.()
      const t0 = performance.now()
      const out = plugin.instrument(code, ID, sites, options)
      times.push(performance.now() - t0)
      probes = out.code.split('__mc$p(').length - 1
    }
    if (probes !== n) throw new Error(`instrument emitted ${probes} probes for ${n} sites`)
    const instrumentMs = median(times)
    results.push({ sites: n, runs, instrumentMs, perSiteUs: (instrumentMs * 1000) / n, analyzeMs })
  }
  return { results }
}

export async function runScaling({ quick, log }) {
  const rows = []
  const script = fileURLToPath(import.meta.url)
  const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '../..')
  try {
    const { result } = await runNode(script, quick ? ['--quick'] : [], { nodeArgs: ['--expose-gc'], cwd: repoRoot })
    for (const r of result.results) {
      log(`  ${count(r.sites)} sites: instrument ${ms(r.instrumentMs)} (${us(r.perSiteUs)} per site), analyze ${ms(r.analyzeMs)}`)
      rows.push(
        row({
          name: `\`instrument\`, one module with ${count(r.sites)} sites (median)`,
          value: r.instrumentMs,
          format: ms,
          note: `${us(r.perSiteUs)} per site; ${r.runs} runs; \`analyze\` of the same module ${ms(r.analyzeMs)} (one run)`,
        }),
      )
    }
    const first = result.results[0]
    const last = result.results[result.results.length - 1]
    rows.push(
      row({
        name: `linear: \`instrument\` time per site at ${count(last.sites)} sites ÷ per site at ${count(first.sites)}`,
        value: last.perSiteUs / first.perSiteUs,
        format: ratio,
        op: '<=',
        target: 2,
        note: `${us(last.perSiteUs)} vs ${us(first.perSiteUs)} per site; before the fix (issue 8) 1,000 sites took 91 ms and 16,000 took 8.5 s`,
      }),
    )
  } catch (error) {
    log(`  scaling failed: ${firstLine(error)}`)
    rows.push(failedRow('linear: `instrument` time per site at 64,000 sites ÷ per site at 1,000', '≤ 2.00×', error))
  }
  return {
    id: 'scaling',
    title: 'Plugin scaling',
    rows,
    method:
      "One generated module holding N memory writes (`store.set('k<i>', <i>)`, one per line, in one function) for N = " +
      `${SIZES.map(count).join(', ')}, in a fresh \`node --expose-gc\` process through the package root exports. ` +
      '`analyze` runs once per size; then `instrument` (which includes its source map) is timed after a `gc()`, ' +
      'several times per size, and the median is kept. `instrument` is first warmed up 20 times on the 1,000-site ' +
      'module. Time per site is the median divided by N; linear scaling keeps it flat.',
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await measure(process.argv.includes('--quick'))))
}
