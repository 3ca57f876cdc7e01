import { defineConfig } from 'tsdown'

const entries = ['index', 'vite', 'webpack', 'rspack', 'rollup', 'rolldown', 'esbuild', 'farm', 'types', 'webpack-inline-map-loader']

export default defineConfig({
  entry: {
    ...Object.fromEntries(entries.map((name) => [name, `src/${name}.ts`])),
    // The deep-nesting worker, loaded by path next to the chunk that starts it (src/core/deep.ts).
    'deep-worker': 'src/core/deep-worker.ts',
    // The dev page's middleware for webpack-dev-server / Rspack, and the app bridge the dev server injects.
    inspector: 'src/inspector/middleware.ts',
    'inspector-client': 'src/inspector/client.ts',
    'inspector-client-http': 'src/inspector/client-http.ts',
  },
  format: ['esm'],
  platform: 'node',
  fixedExtension: true,
  dts: true,
  // No source maps in the package: the output is unminified ESM whose stack frames read as they are, the maps
  // were most of the unpacked size, and with them every .d.mts named a .d.mts.map that was never written.
  sourcemap: false,
  clean: true,
  external: [/^node:/, 'ts-morph', 'magic-string', 'unplugin', 'unplugin-utils', 'zod', 'memory-customs', /^memory-customs\//],
})
