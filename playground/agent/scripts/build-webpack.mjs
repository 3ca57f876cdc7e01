#!/usr/bin/env node
// The same agent built by webpack for Node (esbuild-loader for TypeScript). esbuild-loader drops the map the
// plugin hands it, so the plugin inlines its map into the code instead (`inlineSourceMap: true`), which
// esbuild-loader reads and chains: the site lines stay those of src/ either way, because the probes never
// add or remove a line.
import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import webpack from 'webpack'
import memoryCustoms from 'unplugin-memory-customs/webpack'
import { agentRoot, memoryCustomsOptions } from '../memory-customs.config.mjs'

const { values } = parseArgs({ options: { outdir: { type: 'string' }, quiet: { type: 'boolean' } } })
const outdir = resolve(values.outdir ?? resolve(agentRoot, 'dist-webpack'))
rmSync(outdir, { recursive: true, force: true })

/** Bare package imports stay imports (the runtime is one shared copy, as in the esbuild build). */
function externalPackages({ request }, callback) {
  if (request && !request.startsWith('.') && !request.startsWith('/') && !request.startsWith('node:'))
    return callback(null, `module ${request}`)
  callback()
}

const compiler = webpack({
  context: agentRoot,
  mode: 'production',
  target: 'node20',
  entry: { demo: './src/main.ts' },
  devtool: 'source-map',
  optimization: { minimize: false },
  experiments: { outputModule: true },
  output: { path: outdir, filename: '[name].mjs', module: true, chunkFormat: 'module', library: { type: 'module' } },
  externalsType: 'module',
  externals: [externalPackages],
  resolve: { extensions: ['.ts', '.js', '.mjs'] },
  module: {
    // `import.meta.url` must stay the bundle's own URL at run time (the demo finds its package from it).
    parser: { javascript: { importMeta: false } },
    rules: [{ test: /\.ts$/, loader: 'esbuild-loader', options: { target: 'node20', sourcemap: true } }],
  },
  plugins: [memoryCustoms({ ...memoryCustomsOptions, inlineSourceMap: true })],
  infrastructureLogging: { level: 'warn' },
})

const started = performance.now()
const stats = await new Promise((done, fail) => compiler.run((err, s) => (err ? fail(err) : done(s))))
await new Promise((done) => compiler.close(done))
if (stats.hasErrors()) {
  process.stderr.write(`${stats.toString({ all: false, errors: true })}\n`)
  process.exit(1)
}
if (!values.quiet)
  process.stdout.write(
    `built ${outdir}/demo.mjs with webpack through unplugin-memory-customs in ${Math.round(performance.now() - started)} ms\n`,
  )
