// One webpack or Rspack production build of the generated project, as a fresh process (the parent times it, as
// for `vite-build.mjs`). TypeScript is compiled the way such projects usually do it (webpack: esbuild-loader;
// Rspack: its built-in SWC loader); source maps on, no minifier, the probe runtime external. Usage:
//   node bench/transform/bundler-build.mjs <webpack|rspack> <projectRoot> <outDir> <with|without>
// Prints one JSON line: { bundler, variant, probes, bytes, cpuMs }.

import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const [bundler, root, outDir, variant] = process.argv.slice(2)
if (!['webpack', 'rspack'].includes(bundler) || !root || !outDir || !['with', 'without'].includes(variant)) {
  console.error('usage: bundler-build.mjs <webpack|rspack> <projectRoot> <outDir> <with|without>')
  process.exit(2)
}

const tsRule =
  bundler === 'webpack'
    ? { test: /\.ts$/, loader: createRequire(import.meta.url).resolve('esbuild-loader'), options: { loader: 'ts', target: 'es2022' } }
    : { test: /\.ts$/, loader: 'builtin:swc-loader', options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } } }
const plugins = []
if (variant === 'with') {
  const { default: memoryCustoms } = await import(`unplugin-memory-customs/${bundler}`)
  // `cache: false`: every build parses its candidates, as a first build does (the repeated-build case is measured
  // with Vite, bench/transform/vite-build.mjs).
  plugins.push(memoryCustoms({ cache: false }))
}
const config = {
  mode: 'production',
  context: root,
  entry: join(root, 'src/index.ts'),
  target: 'node20',
  devtool: 'source-map',
  output: { path: outDir, filename: 'bench.js', library: { type: 'commonjs2' }, clean: true },
  resolve: { extensions: ['.ts', '.js'] },
  module: { rules: [tsRule] },
  // The probe runtime is the application's dependency, not part of this synthetic library.
  externals: [/^memory-customs(\/|$)/],
  externalsType: 'commonjs',
  optimization: { minimize: false },
  cache: false,
  infrastructureLogging: { level: 'error' },
  stats: 'errors-only',
  plugins,
}
const compile = bundler === 'webpack' ? (await import('webpack')).default : (await import('@rspack/core')).rspack
await new Promise((resolve, reject) => {
  compile(config, (err, stats) => {
    if (err) return reject(err)
    if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only')))
    resolve()
  })
})
const bundle = readFileSync(join(outDir, 'bench.js'), 'utf8')
// Imports are rewritten to `(0, _probe.__mc$p)(...)` in these bundles.
const probes = (bundle.match(/__mc\$p\)?\(/g) ?? []).length
const cpu = process.cpuUsage()
console.log(JSON.stringify({ bundler, variant, probes, bytes: bundle.length, cpuMs: (cpu.user + cpu.system) / 1000 }))
