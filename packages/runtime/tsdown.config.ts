import { defineConfig } from 'tsdown'

export default defineConfig({
  entry: ['src/index.ts', 'src/probe.ts', 'src/verify.ts', 'src/scan.ts', 'src/cli.ts'],
  format: ['esm'],
  platform: 'neutral',
  fixedExtension: true,
  dts: true,
  sourcemap: true,
  clean: true,
  external: [/^node:/, 'sql.js', 'zod', /^@noble\//, /^@lezer\//],
})
