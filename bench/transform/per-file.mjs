// Per-file cost of the plugin's pure core and heap growth over 1,000 files. Run with `node --expose-gc`.
//   node --expose-gc bench/transform/per-file.mjs <projectRoot> [--quick]
// Prints one JSON line with the figures.

import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import * as plugin from 'unplugin-memory-customs'
import { median, percentile } from '../lib/stats.mjs'

const [root, flag] = process.argv.slice(2)
const quick = flag === '--quick'
if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc')
const { analyze, instrument } = plugin
if (typeof analyze !== 'function' || typeof instrument !== 'function') {
  throw new Error('unplugin-memory-customs does not export analyze/instrument from its root')
}

const options = typeof plugin.resolveOptions === 'function' ? plugin.resolveOptions({}, { mode: 'production', root }) : {}
const prefilter = findPrefilter(options)

const files = readdirSync(join(root, 'src'))
  .filter((f) => /^m\d+\.ts$/.test(f))
  .sort()
  .map((f) => {
    const id = join(root, 'src', f)
    return { id, code: readFileSync(id, 'utf8') }
  })

/** What the plugin does for one file: the code prefilter, then analyze + instrument on a hit. */
function pluginPath(file) {
  if (prefilter && !prefilter.test(file.code)) return 0
  const sites = analyze(file.code, file.id, options)
  const out = sites.length ? instrument(file.code, file.id, sites, options) : null
  if (out) out.map.toString() // a bundler asks for the map of every transformed module
  return sites.length
}

const candidates = prefilter ? files.filter((f) => prefilter.test(f.code)) : []
const skipped = prefilter ? files.filter((f) => !prefilter.test(f.code)) : []

// Warm-up: one pass over everything so that the JIT and ts-morph are warm.
for (const f of files) pluginPath(f)

const rounds = quick ? 2 : 5
const candidateSamples = []
let sitesPerRound = 0
for (let r = 0; r < rounds; r++) {
  sitesPerRound = 0
  for (const f of candidates) {
    const t0 = performance.now()
    sitesPerRound += pluginPath(f)
    candidateSamples.push(performance.now() - t0)
  }
}

// A prefilter miss costs well under a microsecond: time batches of 100 tests and divide.
const skippedSamples = []
for (let r = 0; r < rounds * 20; r++) {
  const t0 = performance.now()
  let hits = 0
  for (let k = 0; k < 100; k++) hits += pluginPath(skipped[(r * 100 + k) % skipped.length])
  if (hits) throw new Error('a skipped file produced sites')
  skippedSamples.push(((performance.now() - t0) * 1000) / 100)
}

// Without the prefilter, analyze still has to parse a non-candidate file (reported for scale).
const unfilteredFiles = skipped.slice(0, quick ? 100 : 300)
const unfilteredSamples = []
for (const f of unfilteredFiles) {
  const t0 = performance.now()
  analyze(f.code, f.id, options)
  unfilteredSamples.push(performance.now() - t0)
}

function heapAfterGc() {
  globalThis.gc()
  globalThis.gc()
  return process.memoryUsage().heapUsed
}

const before = heapAfterGc()
for (const f of files) pluginPath(f)
const heapGrowthBytes = heapAfterGc() - before

const beforeUnfiltered = heapAfterGc()
for (const f of files) analyze(f.code, f.id, options)
const heapGrowthUnfilteredBytes = heapAfterGc() - beforeUnfiltered

console.log(
  JSON.stringify({
    candidateFiles: candidates.length,
    skippedFiles: skipped.length,
    rounds,
    sitesPerRound,
    candidateMs: median(candidateSamples),
    candidateP95Ms: percentile(candidateSamples, 95),
    skippedUs: median(skippedSamples),
    skippedHow: prefilter
      ? `the plugin's code prefilter ${String(prefilter).slice(0, 80)} rejects the file; measured in batches of 100`
      : 'no prefilter found',
    unfilteredFiles: unfilteredFiles.length,
    unfilteredMs: median(unfilteredSamples),
    heapGrowthBytes,
    heapGrowthUnfilteredBytes,
  }),
)

/** The RegExp the plugin hands to the bundler as `transform.filter.code` (or the core's codePrefilter). */
function findPrefilter(resolved) {
  if (typeof plugin.codePrefilter !== 'function') return null
  const re = plugin.codePrefilter(resolved)
  // A global or sticky RegExp would carry lastIndex from one file to the next.
  return new RegExp(re.source, re.flags.replace(/[gy]/g, ''))
}
