import { defineConfig } from 'tsdown'

export default defineConfig({
  // Framework adapters are subpaths (memory-customs/ai-sdk, /langgraph, /openai-agents): src/adapters/<name>.ts.
  entry: ['src/index.ts', 'src/probe.ts', 'src/verify.ts', 'src/scan.ts', 'src/cli.ts', 'src/adapters/*.ts'],
  format: ['esm'],
  platform: 'neutral',
  fixedExtension: true,
  dts: true,
  sourcemap: true,
  clean: true,
  external: [/^node:/, 'sql.js', 'zod', /^@noble\//, /^@lezer\//, /^@langchain\//, /^@openai\//, /^@ai-sdk\//, 'ai'],
})
