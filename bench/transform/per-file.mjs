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

// The plugin exactly as a bundler runs it: the raw unplugin hooks, configured like a Vite production build.
const raw = plugin.unplugin.raw({}, { framework: 'vite' })
// Awaited: the plugin sets its native code filter there, for the resolved root and mode.
await raw.vite?.configResolved?.({ mode: 'production', root, command: 'build', base: '/', plugins: [] })
const handler = typeof raw.transform === 'function' ? raw.transform : raw.transform.handler
const warnings = []
const hostContext = {
  warn: (w) => warnings.push(w),
  error: (e) => {
    throw e
  },
}
// The hook is synchronous for prefilter misses and returns a promise for a candidate until the plugin has
// loaded its TypeScript-backed core (once per process), so candidates are awaited.
const transformed = (file) => handler.call(hostContext, file.code, file.id)

const files = readdirSync(join(root, 'src'))
  .filter((f) => /^m\d+\.ts$/.test(f))
  .sort()
  .map((f) => {
    const id = join(root, 'src', f)
    return { id, code: readFileSync(id, 'utf8') }
  })

/** The core on its own: analyze, then instrument (and the map a bundler asks for) when there are sites. */
function core(file) {
  const sites = analyze(file.code, file.id, options)
  const out = sites.length ? instrument(file.code, file.id, sites, options) : null
  if (out) out.map.toString()
  return sites.length
}

// Candidates pass the word filter the plugin hands the bundler as `transform.filter.code` (the hook then
// applies its exact prefilter); the others never reach the hook in Rolldown and are timed as prefilter misses.
const codeFilter = raw.transform.filter?.code
const prefilter = codeFilter instanceof RegExp ? codeFilter : codeFilter?.include
if (!(prefilter instanceof RegExp)) throw new Error('the plugin exposes no transform.filter.code RegExp')
const candidates = files.filter((f) => prefilter.test(f.code))
const skipped = files.filter((f) => !prefilter.test(f.code))
let transformedCandidates = 0
for (const f of candidates) if (await transformed(f)) transformedCandidates++

// Warm-up: one pass over everything so that the JIT and ts-morph are warm.
for (const f of files) core(f)
for (const f of files) await transformed(f)

const rounds = quick ? 2 : 5
const candidateSamples = []
let sitesPerRound = 0
for (let r = 0; r < rounds; r++) {
  sitesPerRound = 0
  for (const f of candidates) {
    const t0 = performance.now()
    sitesPerRound += core(f)
    candidateSamples.push(performance.now() - t0)
  }
}

// The whole transform hook on a candidate, for comparison with the core alone.
const hookSamples = []
for (let r = 0; r < rounds; r++) {
  for (const f of candidates) {
    const t0 = performance.now()
    await transformed(f)
    hookSamples.push(performance.now() - t0)
  }
}

// A prefilter miss costs about a microsecond: time the transform hook (which repeats the prefilter for hosts
// without native filters) in batches of 100 files and divide. Rolldown applies the same RegExp natively.
const skippedSamples = []
for (let r = 0; r < rounds * 20; r++) {
  const t0 = performance.now()
  let hits = 0
  for (let k = 0; k < 100; k++) {
    const out = transformed(skipped[(r * 100 + k) % skipped.length])
    if (out instanceof Promise) throw new Error('a skipped file reached the parser')
    if (out) hits++
  }
  if (hits) throw new Error('a skipped file was transformed')
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
for (const f of files) await transformed(f)
const heapGrowthBytes = heapAfterGc() - before

const beforeUnfiltered = heapAfterGc()
for (const f of files) analyze(f.code, f.id, options)
const heapGrowthUnfilteredBytes = heapAfterGc() - beforeUnfiltered

console.log(
  JSON.stringify({
    candidateFiles: candidates.length,
    transformedCandidates,
    prefilter: String(prefilter).slice(0, 120),
    skippedFiles: skipped.length,
    rounds,
    sitesPerRound,
    candidateMs: median(candidateSamples),
    candidateP95Ms: percentile(candidateSamples, 95),
    hookMs: median(hookSamples),
    skippedUs: median(skippedSamples),
    warnings: warnings.length,
    unfilteredFiles: unfilteredFiles.length,
    unfilteredMs: median(unfilteredSamples),
    heapGrowthBytes,
    heapGrowthUnfilteredBytes,
  }),
)
