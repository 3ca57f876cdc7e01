// Bundles named exports of the runtime's TypeScript source into one ES module with esbuild, for benchmarks that
// time internals the package does not export (the lineage queries, the guard's stages, the erasure path). Its
// dependencies stay external and load from the repository's node_modules, next to the bundle, as the package's do.

import { join } from 'node:path'
import { build } from 'esbuild'

/**
 * @param {string} repoRoot
 * @param {string} outfile where the bundle is written
 * @param {string[]} lines `export { … } from './path.ts'` lines, relative to packages/runtime/src
 */
export async function bundleRuntimeSource(repoRoot, outfile, lines) {
  await build({
    stdin: { contents: lines.join('\n'), resolveDir: join(repoRoot, 'packages/runtime/src'), loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    outfile,
    logLevel: 'silent',
  })
  return outfile
}
