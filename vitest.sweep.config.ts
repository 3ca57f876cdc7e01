import { defineConfig } from 'vitest/config'
import { useThrowawayKeyDir } from './packages/runtime/test/support/key-dir.js'

// `npm run test:sweep`: the full tamper sweep of the large store (every byte of every journal line), too long
// for CI. The CI suite (packages/runtime/test/tamper.test.ts) sweeps the small store fully and samples this one.
useThrowawayKeyDir()

export default defineConfig({
  test: {
    name: 'sweep',
    include: ['packages/runtime/test/**/*.sweep.ts'],
    testTimeout: 4 * 3600_000,
    hookTimeout: 600_000,
  },
})
