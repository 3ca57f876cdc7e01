// One `vite build` of the generated project, as a fresh process (the parent times it from spawn to exit, so
// process start-up and plugin loading count, as they do for a user). Usage:
//   node bench/transform/vite-build.mjs <projectRoot> <outDir> <with|without|disabled|istanbul>
// `disabled` loads the plugin with `enabled: false`: what importing it costs when it transforms nothing.
// `uncached` builds with `cache: false`: every candidate is parsed, as in a first build (the transform cache of
// earlier builds is not read).
// `istanbul` builds with vite-plugin-istanbul instead (every statement of every module instrumented): the
// build-time instrumenter users already accept, as a reference.
// Prints one JSON line: { variant, probes, bytes, cpuMs } where `probes` counts instrumented calls in the bundle.

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'vite'

const [root, outDir, variant] = process.argv.slice(2)
if (!root || !outDir || !['with', 'without', 'disabled', 'istanbul', 'uncached'].includes(variant)) {
  console.error('usage: vite-build.mjs <projectRoot> <outDir> <with|without|disabled|istanbul|uncached>')
  process.exit(2)
}

const plugins = []
if (variant === 'istanbul') {
  // ESM-only package; configured to instrument the same 1,000 modules in a production build.
  const { default: istanbul } = await import('vite-plugin-istanbul')
  plugins.push(istanbul({ cwd: root, include: 'src/**', extension: ['.ts'], forceBuildInstrument: true, requireEnv: false }))
} else if (variant !== 'without') {
  const { default: memoryCustoms } = await import('unplugin-memory-customs/vite')
  plugins.push(memoryCustoms(variant === 'disabled' ? { enabled: false } : variant === 'uncached' ? { cache: false } : {}))
}

await build({
  root,
  configFile: false,
  logLevel: 'silent',
  plugins,
  build: {
    outDir,
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    reportCompressedSize: false,
    lib: { entry: join(root, 'src/index.ts'), formats: ['es'], fileName: 'bench' },
    // The probe runtime is the application's dependency, not part of this synthetic library.
    rolldownOptions: { external: [/^memory-customs(\/|$)/] },
  },
})

const bundle = readFileSync(join(outDir, 'bench.js'), 'utf8')
// Every instrumented call site is `__mc$p(<table>, <index>, [...])`; the import names `__mc$p` without a paren.
const probes = (bundle.match(/__mc\$p\(/g) ?? []).length
// CPU time of the whole process (all threads, start-up included): far less sensitive than wall time to other
// work on the machine, so it is reported next to the wall-clock ratio.
const cpu = process.cpuUsage()
console.log(JSON.stringify({ variant, probes, bytes: bundle.length, cpuMs: (cpu.user + cpu.system) / 1000 }))
