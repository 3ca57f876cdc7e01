import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { chromiumProblem } from './packages/runtime/test/browser/chromium.js'
import { useThrowawayKeyDir } from './packages/runtime/test/support/key-dir.js'

useThrowawayKeyDir()

const CHROMIUM_CHECK = 'packages/runtime/test/browser/chromium.browser.test.ts'

// One project per area so a failing area is obvious in the report; browser suites drive the system
// Chromium through playwright-core from Node, so they run in the Node environment too.
export default defineConfig({
  test: {
    // Vitest runs cores - 1 files at once: one at a time on CI's two cores. Most of a file's time here is spent
    // waiting on child processes (bundlers, PostgreSQL, the CLI, Chromium), so a second file overlaps that wait:
    // npm test took 896 s instead of 1,336 s on a two-core machine. The browser project stays one file at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'plugin',
          include: ['packages/unplugin/test/**/*.test.ts'],
          exclude: ['**/*.browser.test.ts', '**/node_modules/**', '**/fixtures/**'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'runtime',
          include: ['packages/runtime/test/**/*.test.ts'],
          exclude: ['**/*.browser.test.ts', '**/node_modules/**', 'packages/runtime/test/crash/**'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // SIGKILL suites: hundreds of killed child processes. Their own project (npm run test:crash), which CI runs
        // after npm test, so a failure there reads on its own and npm test stays quick to read.
        test: {
          name: 'crash',
          include: ['packages/runtime/test/crash/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['playground/*/test/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['**/*.browser.test.ts', '**/node_modules/**'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'browser',
          // Without Chromium only the check that names what to install runs (one failing test, one line), so the
          // other projects still run; MEMORY_CUSTOMS_CHROMIUM names another binary.
          include: chromiumProblem() === undefined ? ['**/*.browser.test.ts'] : [CHROMIUM_CHECK],
          exclude: ['**/node_modules/**'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
