// Transform benchmark (issue 2): the plugin's cost inside a real `vite build`, per file, and in heap.

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runNode } from '../lib/child.mjs'
import { median } from '../lib/stats.mjs'
import { count, mib, ms, ratio, seconds, us } from '../lib/format.mjs'
import { failedRow, firstLine, row } from '../lib/verdict.mjs'
import { generateProject } from './gen.mjs'
import { otherComparisons } from './others.mjs'
import { alternate, perRound } from './compare.mjs'

const here = fileURLToPath(new URL('.', import.meta.url))
const repoRoot = join(here, '../..')

export async function runTransform({ quick, log }) {
  const work = mkdtempSync(join(tmpdir(), 'mc-bench-transform-'))
  const project = join(work, 'project')
  const rows = []
  const notes = []
  try {
    const gen = generateProject(project)
    log(
      `generated ${gen.modules} modules (${gen.averageLines.toFixed(0)} lines on average; ${gen.memoryModules} with ` +
        `${gen.expectedProbes} memory writes, ${gen.cacheModules} with a decoy this.cache.set) in ${project}`,
    )
    notes.push(
      `Input: ${gen.modules} generated modules, ${gen.averageLines.toFixed(0)} lines on average, ${gen.memoryModules} ` +
        `with 3 memory writes each (${gen.expectedProbes} sites), ${gen.cacheModules} with a non-matching \`this.cache.set(\`.`,
    )

    try {
      await viteBuilds({ quick, log, project, work, gen, rows, notes })
    } catch (error) {
      log(`  vite builds failed: ${firstLine(error)}`)
      rows.push(failedRow('`vite build` with plugin ÷ without, first build (median ratio)', '≤ 1.20×', error))
    }
    await perFile({ quick, log, project, rows, notes })
    await otherComparisons({ quick, log, project, work, gen, rows, notes })
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  return {
    id: 'transform',
    title: 'Transform (plugin, issue 2)',
    rows,
    notes,
    method:
      'Each `vite build` (lib mode, ES format, `sourcemap: true`, `minify: false`, the probe module external) runs as a ' +
      'fresh `node` process, timed from spawn to exit, so process start-up and plugin loading count. One untimed ' +
      'build of each variant warms the file cache; then the variants alternate (the order rotates every round). The ' +
      'plugin is built twice a round: a first build (`cache: false`, so every candidate module is parsed) and a ' +
      'repeated build with the default options, which takes the analyses the untimed warm-up build left in the ' +
      'transform cache (`node_modules/.cache/unplugin-memory-customs/transforms` of the generated project; the ' +
      'sources do not change between builds). A ' +
      'fourth variant loads the plugin with `enabled: false`, which isolates the fixed cost of importing it. ' +
      'The ratio is the median of the per-round ratios (with ÷ without); the ratio of the medians is shown too. ' +
      'The CPU time of each build process (user + system over all threads, `process.cpuUsage()` at its end) gives ' +
      'a second ratio, because on a shared 2-core machine wall time also measures other work. ' +
      'The probes in the bundle (`__mc$p(` calls) are counted after every plugin build. The same method (fresh ' +
      'processes, alternating variants, per-round ratios, CPU beside wall time) compares vite-plugin-istanbul, a ' +
      '5,000-module app (first and repeated builds), webpack and Rspack builds and the dev server (those three with ' +
      "`cache: false`; see the notes). The plugin keeps V8's " +
      'compiled code for TypeScript in `node_modules/.cache/unplugin-memory-customs/`; the untimed warm-up build ' +
      'writes it, as a first build on a machine does. Per-file costs come from a ' +
      'separate `node --expose-gc` process, after a warm-up over the whole set: candidates (files that pass the ' +
      "plugin's own `transform.filter.code` RegExp) through the package root exports `analyze` + `instrument`; " +
      "prefilter misses through the plugin's real transform hook (`unplugin.raw(...)`, configured like a Vite " +
      'production build), which re-checks the prefilter in JS for hosts without native filters. Heap growth is ' +
      '`heapUsed` after `gc()` before and after one pass of all 1,000 files through that hook.',
  }
}

async function viteBuilds({ quick, log, project, work, gen, rows, notes }) {
  // A multiple of the four variants: with the order rotating every round, each variant runs in each position equally often.
  const runs = quick ? 4 : 8
  const script = join(here, 'vite-build.mjs')
  const build = (variant) =>
    runNode(script, [project, join(work, `out-${variant}`), variant], { cwd: repoRoot, env: { NODE_ENV: 'production' } })
  // `uncached`: a first build (`cache: false`, every candidate parsed). `with`: the default options, a repeated
  // build of unchanged modules, whose analyses the untimed warm-up build left in the transform cache.
  const plugin = ['uncached', 'with']
  const probeCounts = []
  // The untimed warm-up builds (file cache, the parser's code cache and the transform cache) run in `alternate`.
  const run = await alternate({
    variants: ['without', 'uncached', 'with', 'disabled'],
    runs,
    build: async (variant) => {
      const out = await build(variant)
      if (plugin.includes(variant)) probeCounts.push(out.result.probes)
      else if (out.result.probes !== 0) throw new Error(`the ${variant} build contains ${out.result.probes} probes`)
      return out
    },
    onRound: (r, x) =>
      log(
        `  round ${r + 1}/${runs}: without ${seconds(x.without.wallMs)}, first build ${seconds(x.uncached.wallMs)} ` +
          `(${ratio(x.uncached.wallMs / x.without.wallMs)}), repeated ${seconds(x.with.wallMs)} ` +
          `(${ratio(x.with.wallMs / x.without.wallMs)}), plugin loaded but disabled ${seconds(x.disabled.wallMs)}`,
      ),
  })
  const first = perRound(run, 'uncached', 'without')
  const repeated = perRound(run, 'with', 'without')
  const disabled = perRound(run, 'disabled', 'without')
  const probesOk = probeCounts.every((p) => p === gen.expectedProbes)
  const medianWall = (v) => median(run.wall[v])
  rows.push(
    row({ name: '`vite build` without plugin (median wall time)', value: medianWall('without'), format: seconds, note: `${runs} runs` }),
  )
  rows.push(
    row({
      name: '`vite build` with plugin, first build (median wall time)',
      value: medianWall('uncached'),
      format: seconds,
      note: `${runs} runs`,
    }),
  )
  rows.push(
    row({
      name: '`vite build` with ÷ without, first build (`cache: false`: every candidate parsed; median of per-round ratios)',
      value: median(first),
      format: ratio,
      op: '<=',
      target: 1.2,
      note: `ratio of medians ${ratio(medianWall('uncached') / medianWall('without'))}; per round: ${first.map((x) => x.toFixed(2)).join(', ')}`,
    }),
  )
  rows.push(
    row({
      name: '`vite build` CPU time (user + system, all threads), first build ÷ without, median of per-round ratios',
      value: median(perRound(run, 'uncached', 'without', 'cpu')),
      format: ratio,
      note: `median CPU without ${seconds(median(run.cpu.without))}, with ${seconds(median(run.cpu.uncached))}; less sensitive to other load than wall time`,
    }),
  )
  rows.push(
    row({
      name: '`vite build` with the plugin loaded but `enabled: false` ÷ without (median of per-round ratios)',
      value: median(disabled),
      format: ratio,
      note: `median wall ${seconds(medianWall('disabled'))}: the fixed cost of the plugin with no file analysed (importing it, its config hooks; TypeScript is never loaded)`,
    }),
  )
  rows.push(
    row({
      name: '`vite build` with ÷ without, first build, above the `enabled: false` floor of the same run',
      value: median(first) - median(disabled),
      format: (v) => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(2)}×`,
      op: '<=',
      target: 0.1,
      note: 'the alternative target: at most 0.10× above the cost of loading the plugin at all',
    }),
  )
  rows.push(
    row({
      name: '`vite build` with ÷ without, repeated build of unchanged modules (default options: analyses from the transform cache)',
      value: median(repeated),
      format: ratio,
      op: '<=',
      target: 1.2,
      note:
        `median wall ${seconds(medianWall('with'))}; CPU ${ratio(median(perRound(run, 'with', 'without', 'cpu')))}; ` +
        `per round: ${repeated.map((x) => x.toFixed(2)).join(', ')}`,
    }),
  )
  rows.push(
    row({
      name: 'probes emitted by each plugin build',
      value: probesOk ? gen.expectedProbes : Math.min(...probeCounts),
      format: count,
      op: '>=',
      target: gen.expectedProbes,
      note: probesOk ? `all ${probeCounts.length} builds emitted ${gen.expectedProbes}` : `counts: ${probeCounts.join(', ')}`,
    }),
  )
  if (!probesOk) notes.push(`Probe counts per plugin build: ${probeCounts.join(', ')} (expected ${gen.expectedProbes}).`)
}

async function perFile({ quick, log, project, rows }) {
  const script = join(here, 'per-file.mjs')
  try {
    const { result } = await runNode(script, [project, quick ? '--quick' : ''], {
      nodeArgs: ['--expose-gc'],
      cwd: repoRoot,
      env: { NODE_ENV: 'production' },
    })
    log(`  per-file: candidate ${ms(result.candidateMs)}, skipped ${us(result.skippedUs)}, heap ${mib(result.heapGrowthBytes)}`)
    rows.push(
      row({
        name: 'per file, candidate: `analyze` + `instrument` (+ its source map), median',
        value: result.candidateMs,
        format: ms,
        note: `${result.candidateFiles} prefilter hits (${result.transformedCandidates} transformed) × ${result.rounds} rounds; p95 ${ms(result.candidateP95Ms)}; ${result.sitesPerRound} sites per round; whole transform hook ${ms(result.hookMs)}`,
      }),
    )
    rows.push(
      row({
        name: 'per file, skipped (prefilter miss): the transform hook, median',
        value: result.skippedUs,
        format: us,
        note: `${result.skippedFiles} files, timed in batches of 100 (they include the 300 \`this.cache.set(\` decoys)`,
      }),
    )
    rows.push(
      row({
        name: 'per file, `analyze` forced on a non-candidate file (no prefilter), median',
        value: result.unfilteredMs,
        format: ms,
        note: `what a file would cost without the prefilter (${result.unfilteredFiles} files)`,
      }),
    )
    rows.push(
      row({
        name: 'heap growth over 1,000 files through the plugin path (heapUsed after gc)',
        value: result.heapGrowthBytes,
        format: mib,
        op: '<=',
        target: 4 * 1048576,
        note: `flat = within ±4 MiB; analyze on all 1,000 files without the prefilter: ${mib(result.heapGrowthUnfilteredBytes)}`,
      }),
    )
  } catch (error) {
    log(`  per-file failed: ${firstLine(error)}`)
    rows.push(failedRow('per file, candidate: `analyze` + `instrument`, median', '–', error))
  }
}
