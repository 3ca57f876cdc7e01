import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from 'vitest/config'

// `npm run test:sweep`: the full tamper sweep of the large store (every byte of every journal line), too long
// for CI. The CI suite (packages/runtime/test/tamper.test.ts) sweeps the small store fully and samples this one.
if (!process.env.MEMORY_CUSTOMS_KEY_DIR) {
  const keyDir = mkdtempSync(join(tmpdir(), 'memory-customs-test-keys-'))
  process.env.MEMORY_CUSTOMS_KEY_DIR = keyDir
  // removed when the run's process exits, so runs do not pile key directories up in /tmp
  process.on('exit', () => rmSync(keyDir, { recursive: true, force: true }))
}

export default defineConfig({
  test: {
    name: 'sweep',
    include: ['packages/runtime/test/**/*.sweep.ts'],
    testTimeout: 4 * 3600_000,
    hookTimeout: 600_000,
  },
})
