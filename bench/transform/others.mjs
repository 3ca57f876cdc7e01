// The plugin's cost beside the 1,000-module `vite build` (issue 13 §4): vite-plugin-istanbul on the same modules,
// a 5,000-module app, webpack and Rspack, and Vite's dev server (first load, and an HMR update).

import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runNode } from '../lib/child.mjs'
import { median } from '../lib/stats.mjs'
import { ms, ratio, seconds } from '../lib/format.mjs'
import { failedRow, firstLine, row } from '../lib/verdict.mjs'
import { alternate, perRound, probeRow, ratioRows } from './compare.mjs'
import { generateProject } from './gen.mjs'

const here = fileURLToPath(new URL('.', import.meta.url))
const repoRoot = join(here, '../..')
const env = { NODE_ENV: 'production' }

/** Runs each comparison in turn; one that fails becomes a NOT MEASURED row and the others still run. */
export async function otherComparisons({ quick, log, project, work, gen, rows, notes }) {
  const parts = [
    ['vite-plugin-istanbul', () => istanbul({ quick, log, project, work, rows, notes })],
    ['5,000-module app', () => largeApp({ quick, log, work, rows, notes })],
    ['webpack', () => bundler('webpack', { quick, log, project, work, gen, rows })],
    ['Rspack', () => bundler('rspack', { quick, log, project, work, gen, rows })],
    ['Vite dev server', () => devServer({ quick, log, project, gen, rows, notes })],
  ]
  for (const [name, run] of parts) {
    try {
      await run()
    } catch (error) {
      log(`  ${name} failed: ${firstLine(error)}`)
      rows.push(failedRow(`${name}: with ÷ without`, '–', error))
    }
  }
}

const viteBuild = (root, out) => (variant) =>
  runNode(join(here, 'vite-build.mjs'), [root, `${out}-${variant}`, variant], { cwd: repoRoot, env })

async function istanbul({ quick, log, project, work, rows, notes }) {
  // About 40 s of CPU per build here: two rounds, no warm-up (the other builds already warmed the file cache).
  const run = await alternate({
    variants: ['without', 'istanbul'],
    runs: quick ? 1 : 2,
    warmUp: false,
    build: viteBuild(project, join(work, 'out-ist')),
    onRound: (r, x) => log(`  istanbul round ${r + 1}: without ${seconds(x.without.wallMs)}, istanbul ${seconds(x.istanbul.wallMs)}`),
  })
  const [wall, cpu] = ratioRows({
    name: '`vite build` with vite-plugin-istanbul 9.0.1 (same 1,000 modules)',
    run,
    a: 'istanbul',
    b: 'without',
  })
  rows.push({ ...wall, name: wall.name.replace('with ÷ without', 'istanbul ÷ without') }, cpu)
  notes.push(
    'vite-plugin-istanbul 9.0.1 is configured as users configure it for a production build: `cwd` the project ' +
      "root, `include: 'src/**'`, `extension: ['.ts']`, `forceBuildInstrument: true`, `requireEnv: false`; it " +
      'instruments every statement of all 1,000 modules.',
  )
}

async function largeApp({ quick, log, work, rows, notes }) {
  const root = join(work, 'project-5000')
  const gen = generateProject(root, 5000)
  notes.push(`5,000-module app: the same generator, ${gen.memoryModules} modules with ${gen.expectedProbes} memory writes.`)
  const run = await alternate({
    variants: ['without', 'uncached', 'with', 'disabled'],
    runs: quick ? 2 : 5,
    build: viteBuild(root, join(work, 'out-5000')),
    onRound: (r, x) =>
      log(
        `  5,000 modules round ${r + 1}: without ${seconds(x.without.wallMs)}, first build ${seconds(x.uncached.wallMs)}, ` +
          `repeated ${seconds(x.with.wallMs)}, disabled ${seconds(x.disabled.wallMs)}`,
      ),
  })
  rows.push(
    ...ratioRows({ name: '`vite build` of 5,000 modules, first build (`cache: false`)', run, a: 'uncached', b: 'without', target: 1.2 }),
  )
  rows.push(
    ...ratioRows({
      name: '`vite build` of 5,000 modules, repeated build (analyses from the transform cache)',
      run,
      a: 'with',
      b: 'without',
    }),
  )
  rows.push(
    row({
      name: '`vite build` of 5,000 modules, plugin loaded but `enabled: false` ÷ without',
      value: median(perRound(run, 'disabled', 'without')),
      format: ratio,
      note: `CPU ${ratio(median(perRound(run, 'disabled', 'without', 'cpu')))}`,
    }),
  )
  rows.push(
    probeRow(
      'probes emitted by each 5,000-module plugin build',
      [...run.results.uncached, ...run.results.with].map((r) => r.probes),
      gen.expectedProbes,
    ),
  )
}

async function bundler(name, { quick, log, project, work, gen, rows }) {
  const build = (variant) =>
    runNode(join(here, 'bundler-build.mjs'), [name, project, join(work, `out-${name}-${variant}`), variant], { cwd: repoRoot, env })
  const run = await alternate({
    variants: ['without', 'with'],
    runs: quick ? 2 : 5,
    build,
    onRound: (r, x) => log(`  ${name} round ${r + 1}: without ${seconds(x.without.wallMs)}, with ${seconds(x.with.wallMs)}`),
  })
  const label = name === 'webpack' ? 'webpack 5 (esbuild-loader)' : 'Rspack (builtin:swc-loader)'
  rows.push(...ratioRows({ name: `${label} production build, 1,000 modules`, run, a: 'with', b: 'without' }))
  rows.push(
    probeRow(
      `probes emitted by each ${name} plugin build`,
      run.results.with.map((r) => r.probes),
      gen.expectedProbes,
    ),
  )
}

async function devServer({ quick, log, project, gen, rows, notes }) {
  const edits = quick ? 10 : 30
  const build = (variant) => runNode(join(here, 'dev-server.mjs'), [project, variant, String(edits)], { cwd: repoRoot })
  const run = await alternate({
    variants: ['without', 'with'],
    runs: quick ? 2 : 5,
    build,
    onRound: (r, x) =>
      log(
        `  dev server round ${r + 1}: first load ${seconds(x.without.result.firstLoadMs)} vs ${seconds(x.with.result.firstLoadMs)}; ` +
          `edit with writes ${ms(x.without.result.candidateEditMs)} vs ${ms(x.with.result.candidateEditMs)}, ` +
          `without ${ms(x.without.result.plainEditMs)} vs ${ms(x.with.result.plainEditMs)}`,
      ),
  })
  const ratioOf = (measure) => median(perRound(run, 'with', 'without', measure))
  const medianOf = (variant, key) => median(run.results[variant].map((r) => r[key]))
  rows.push(
    row({
      name: 'Vite dev server, first load of the 1,000-module app, with ÷ without (median of per-round ratios)',
      value: ratioOf((r) => r.firstLoadMs),
      format: ratio,
      note: `median ${seconds(medianOf('without', 'firstLoadMs'))} without, ${seconds(medianOf('with', 'firstLoadMs'))} with; process CPU ${ratio(ratioOf('cpu'))}`,
    }),
    row({
      name: 'Vite dev server, HMR update of a module without memory writes, with ÷ without',
      value: ratioOf((r) => r.plainEditMs),
      format: ratio,
      op: '<=',
      target: 1.1,
      note: `median ${ms(medianOf('without', 'plainEditMs'))} without, ${ms(medianOf('with', 'plainEditMs'))} with (${edits} edits per round)`,
    }),
    row({
      name: 'Vite dev server, HMR update of a module with 3 memory writes, with ÷ without',
      value: ratioOf((r) => r.candidateEditMs),
      format: ratio,
      op: '<=',
      target: 1.1,
      note: `median ${ms(medianOf('without', 'candidateEditMs'))} without, ${ms(medianOf('with', 'candidateEditMs'))} with: the plugin parses the module with TypeScript and instruments it`,
    }),
  )
  rows.push(
    probeRow(
      'probes served by each dev-server first load',
      run.results.with.map((r) => r.probes),
      gen.expectedProbes,
    ),
  )
  notes.push(
    "Dev server: measured through Vite's own request pipeline (`environment.transformRequest`) rather than a " +
      'browser, which would add the same parsing and network time to both sides and much noise on a shared ' +
      'machine. First load: from `createServer` (plugin import included) until `src/index.ts` and the 1,000 ' +
      'modules it imports are transformed, requested at once. HMR update: the module is edited on disk, ' +
      'invalidated as the watcher does (`moduleGraph.onFileChange`) and requested again; median of the edits.',
  )
}
