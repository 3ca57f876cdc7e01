// The plugin in Vite's dev server, as a fresh process (usage below). The dev server transforms a module when
// the browser asks for it, so this drives Vite's own pipeline (`environment.transformRequest`: resolve, load,
// every plugin's transform, import analysis) for exactly the requests a page load and an edit make, without a
// browser: a browser adds its own parsing and network time, the same with and without the plugin, and on a
// shared machine far more noise than signal.
//   node bench/transform/dev-server.mjs <projectRoot> <with|without> <edits>
// - first load: from the start of `createServer` (plugin import included) until `src/index.ts` and the modules
//   it imports are transformed, requested all at once as a browser does after reading the entry;
// - HMR update: `edits` times, a module is edited on disk, its module is invalidated as Vite's watcher does,
//   and requested again: the median time of that request, for a module with memory writes (a candidate the
//   plugin analyses and instruments) and for one without (which the plugin's filter skips).
// Prints one JSON line: { firstLoadMs, cpuMs, candidateEditMs, plainEditMs, probes }.

import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'

const [root, variant, editsArg] = process.argv.slice(2)
if (!root || !['with', 'without'].includes(variant)) {
  console.error('usage: dev-server.mjs <projectRoot> <with|without> <edits>')
  process.exit(2)
}
const edits = Number(editsArg) || 15
const started = performance.now()
const { createServer } = await import('vite')
const plugins = []
if (variant === 'with') {
  const { default: memoryCustoms } = await import('unplugin-memory-customs/vite')
  // `cache: false`: every build parses its candidates, as a first build does (the repeated-build case is measured
  // with Vite, bench/transform/vite-build.mjs).
  plugins.push(memoryCustoms({ cache: false }))
}
const server = await createServer({
  root,
  configFile: false,
  logLevel: 'silent',
  plugins,
  // The probe runtime is the application's dependency; the generated project has no node_modules of its own.
  resolve: { alias: [{ find: /^memory-customs\/probe$/, replacement: fileURLToPath(import.meta.resolve('memory-customs/probe')) }] },
  server: { hmr: false, ws: false, watch: null, preTransformRequests: false },
  optimizeDeps: { noDiscovery: true, include: [] },
})
const env = server.environments.client
const index = readFileSync(join(root, 'src/index.ts'), 'utf8')
const urls = [...index.matchAll(/from '\.\/(m\d+)'/g)].map((m) => `/src/${m[1]}.ts`)
await env.transformRequest('/src/index.ts')
const results = await Promise.all(urls.map((u) => env.transformRequest(u)))
const firstLoadMs = performance.now() - started
const probes = results.reduce((n, r) => n + (r?.code.match(/__mc\$p\(/g) ?? []).length, 0)

async function editTimes(name) {
  const file = join(root, 'src', `${name}.ts`)
  const original = readFileSync(file, 'utf8')
  const times = []
  try {
    for (let i = 0; i < edits; i++) {
      writeFileSync(file, `${original}\n// edit ${i}\n`)
      const t = performance.now()
      // What Vite's watcher does on a change: the module's cached transform is dropped, then the browser asks again.
      env.moduleGraph.onFileChange(file)
      await env.transformRequest(`/src/${name}.ts`)
      times.push(performance.now() - t)
    }
  } finally {
    writeFileSync(file, original)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)]
}
// m0007 holds three memory writes; m0001 none (see gen.mjs `moduleKind`).
const candidateEditMs = await editTimes('m0007')
const plainEditMs = await editTimes('m0001')
await server.close()
const cpu = process.cpuUsage()
console.log(JSON.stringify({ firstLoadMs, cpuMs: (cpu.user + cpu.system) / 1000, candidateEditMs, plainEditMs, probes }))
