import { defineConfig } from 'tsdown'

const entries = ['index', 'vite', 'webpack', 'rspack', 'rollup', 'esbuild', 'types', 'webpack-inline-map-loader']

export default defineConfig({
  entry: {
    ...Object.fromEntries(entries.map((name) => [name, `src/${name}.ts`])),
    // The deep-nesting worker, loaded by path next to the chunk that starts it (src/core/deep.ts).
    'deep-worker': 'src/core/deep-worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  fixedExtension: true,
  dts: true,
  sourcemap: true,
  clean: true,
  external: [/^node:/, 'ts-morph', 'magic-string', 'unplugin', 'unplugin-utils', 'zod', 'memory-customs', /^memory-customs\//],
})
