#!/usr/bin/env node
// Bundles the agent for Node with esbuild, THROUGH the plugin: every memory write in src/ is wrapped with a
// probe carrying its file, line, column and function, and the site manifest is written next to the bundle.
// The plugin goes first: esbuild lets the first onLoad that matches a file win (docs/getting-started).
import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { build } from 'esbuild'
import memoryCustoms from 'unplugin-memory-customs/esbuild'
import { agentRoot, memoryCustomsOptions } from '../memory-customs.config.mjs'

const { values } = parseArgs({ options: { outdir: { type: 'string' }, quiet: { type: 'boolean' } } })
const outdir = resolve(values.outdir ?? resolve(agentRoot, 'dist'))
rmSync(outdir, { recursive: true, force: true })

const started = performance.now()
const result = await build({
  absWorkingDir: agentRoot,
  entryPoints: { demo: 'src/main.ts' },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // The runtime is a dependency, not part of the app: one copy, shared with the CLI.
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [memoryCustoms(memoryCustomsOptions)],
})
if (result.errors.length) process.exit(1)
if (!values.quiet) {
  process.stdout.write(`built ${outdir}/demo.mjs through unplugin-memory-customs in ${Math.round(performance.now() - started)} ms\n`)
}
