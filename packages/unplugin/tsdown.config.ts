import { defineConfig } from 'tsdown'

export default defineConfig({
  entry: ['src/index.ts', 'src/vite.ts', 'src/webpack.ts', 'src/rspack.ts', 'src/rollup.ts', 'src/esbuild.ts', 'src/types.ts', 'src/webpack-inline-map-loader.ts'],
  format: ['esm'],
  platform: 'node',
  fixedExtension: true,
  dts: true,
  sourcemap: true,
  clean: true,
  external: [/^node:/, 'ts-morph', 'magic-string', 'unplugin', 'unplugin-utils', 'zod', 'memory-customs', /^memory-customs\//],
})
