// Runs the benchmarks of docs/benchmarks.md and rewrites that file with the figures of this run.
//   npm run bench                          every area
//   npm run bench -- transform runtime     a subset (areas: transform, runtime, browser, scaling, scan, lineage, typed, erasure, postgres, …)
//   npm run bench -- --quick               fewer runs and smaller sizes, for a fast look (marked as such)
//   npm run bench -- --no-write            print only, leave docs/benchmarks.md alone

import { cpus, loadavg, totalmem } from 'node:os'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { consoleTable, renderMarkdown, writeMarkdown } from './lib/report.mjs'
import { failedRow } from './lib/verdict.mjs'

const AREAS = {
  transform: async (opts) => (await import('./transform/index.mjs')).runTransform(opts),
  runtime: async (opts) => (await import('./runtime/index.mjs')).runRuntime(opts),
  browser: async (opts) => (await import('./browser/index.mjs')).runBrowser(opts),
  scaling: async (opts) => (await import('./transform/scaling.mjs')).runScaling(opts),
  scan: async (opts) => (await import('./scan/index.mjs')).runScan(opts),
  lineage: async (opts) => (await import('./lineage/index.mjs')).runLineage(opts),
  typed: async (opts) => (await import('./typed/index.mjs')).runTyped(opts),
  guard: async (opts) => (await import('./guard/index.mjs')).runGuard(opts),
  erasure: async (opts) => (await import('./erasure/index.mjs')).runErasure(opts),
  postgres: async (opts) => (await import('./postgres/index.mjs')).runPostgres(opts),
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url))
const argv = process.argv.slice(2)
const quick = argv.includes('--quick')
const write = !argv.includes('--no-write')
const unknown = argv.filter((a) => !a.startsWith('--') && !(a in AREAS))
if (unknown.length) {
  console.error(`unknown benchmark area(s): ${unknown.join(', ')}; known: ${Object.keys(AREAS).join(', ')}`)
  process.exit(2)
}
const selected = argv.filter((a) => a in AREAS)
const names = selected.length ? selected : Object.keys(AREAS)
const command = `npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}`
const log = (line) => console.log(line)

for (const pkg of ['packages/runtime/dist/index.mjs', 'packages/unplugin/dist/index.mjs']) {
  if (!existsSync(join(repoRoot, pkg))) log(`warning: ${pkg} is missing; run \`npm run build\` first (npm run bench does)`)
}

const started = Date.now()
const loadAtStart = loadavg()[0]
const areas = []
for (const name of names) {
  log(`\n# ${name}${quick ? ' (quick)' : ''}`)
  const areaStarted = Date.now()
  let area
  try {
    area = await AREAS[name]({ quick, log, repoRoot })
  } catch (error) {
    console.error(error)
    area = {
      id: name,
      title: name,
      rows: [failedRow(`${name} benchmarks`, '–', error)],
      method: 'The area failed before it produced figures.',
    }
  }
  area.command = `npm run bench -- ${name}${quick ? ' --quick' : ''}`
  areas.push(area)
  log(consoleTable(area))
  log(`  (${((Date.now() - areaStarted) / 1000).toFixed(0)} s)`)
}

const cpuList = cpus()
const machine = {
  node: process.version,
  cpus: cpuList.length,
  cpuModel: cpuList[0]?.model.trim() ?? 'unknown CPU',
  memGiB: Math.round(totalmem() / 2 ** 30),
  platform: `${process.platform} ${process.arch}`,
  // Other work on the machine skews every figure; the 1-minute load average says how busy it was.
  load: `1-min load average ${loadAtStart.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end`,
}
const durationMs = Date.now() - started
const docPath = join(repoRoot, 'docs/benchmarks.md')
if (write) {
  // The document always describes exactly one run: a subset run replaces it with that subset (the command says so).
  writeMarkdown(docPath, renderMarkdown({ areas, machine, command, date: new Date().toISOString(), durationMs, quick }))
  log(`\nwrote ${docPath}`)
}
const missed = areas.flatMap((a) => a.rows).filter((r) => r.verdict === 'MISS' || r.verdict === 'NOT MEASURED').length
log(`\ndone in ${(durationMs / 1000).toFixed(0)} s; ${missed} target(s) missed or not measured`)
