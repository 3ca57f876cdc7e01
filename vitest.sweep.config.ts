import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from 'vitest/config'

// `npm run test:sweep`: the full tamper sweep of the large store (every byte of every journal line), too long
// for CI. The CI suite (packages/runtime/test/tamper.test.ts) sweeps the small store fully and samples this one.
process.env.MEMORY_CUSTOMS_KEY_DIR ??= mkdtempSync(join(tmpdir(), 'memory-customs-test-keys-'))

export default defineConfig({
  test: {
    name: 'sweep',
    include: ['packages/runtime/test/**/*.sweep.ts'],
    testTimeout: 4 * 3600_000,
    hookTimeout: 600_000,
  },
})
