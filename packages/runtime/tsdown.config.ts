import { defineConfig } from 'tsdown'
import { sqlJsBuild } from './build/sql-js.ts'

export default defineConfig([
  {
    // Framework adapters are subpaths (memory-customs/ai-sdk, /langgraph, /openai-agents): src/adapters/<name>.ts.
    entry: ['src/index.ts', 'src/probe.ts', 'src/verify.ts', 'src/scan.ts', 'src/report.ts', 'src/cli.ts', 'src/adapters/*.ts'],
    format: ['esm'],
    platform: 'neutral',
    fixedExtension: true,
    // Members marked @internal (Customs' constructor and load, which take the opened store with its sql.js index)
    // stay out of the published types, so they name no sql.js type: an app type checks without @types/sql.js.
    dts: { compilerOptions: { stripInternal: true } },
    // No source maps in the package: the output is unminified ESM whose stack frames read as they are, the maps
    // were most of the unpacked size, and with them every .d.mts named a .d.mts.map that was never written.
    sourcemap: false,
    clean: true,
    // pg (node-postgres) is an optional peer, imported lazily by the PostgreSQL backend only.
    external: [/^node:/, 'sql.js', /^@noble\//, /^@lezer\//, /^@langchain\//, /^@openai\//, /^@ai-sdk\//, 'ai', 'pg'],
    // sql.js's glue is bundled as an ES module and its wasm shipped as dist/sql-wasm.wasm: build/sql-js.ts.
    ...sqlJsBuild,
  },
  // `memory-customs/probe` for `require` too: instrumented code kept external by a bundle that a CommonJS test
  // runner (Jest) loads without transforming node_modules. Dependency-free, so one small file.
  {
    entry: { probe: 'src/probe.ts' },
    format: ['cjs'],
    platform: 'neutral',
    fixedExtension: true,
    dts: true,
    sourcemap: false,
  },
])
