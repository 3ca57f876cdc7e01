#!/usr/bin/env node
/**
 * Writes the inspector's screenshots for the docs (docs/images/inspector-*.png from the dev page on playground/web,
 * docs/images/report-*.png from a store's report.html) by running the two browser tests that take them with
 * MEMORY_CUSTOMS_SCREENSHOTS=docs: the pictures are the ones the tests check (non-empty, the step's text visible).
 *
 * Usage: node scripts/screenshots.mjs (after `npm run build`: the dev page serves the built UI bundle and the app
 * runs on the built packages). Needs Chromium, like `npm run test:browser`.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

const repo = join(import.meta.dirname, '..')
const TESTS = ['packages/runtime/test/browser/inspector-report.browser.test.ts', 'playground/web/test/inspector-page.browser.test.ts']

const run = spawnSync('npx', ['vitest', 'run', '--project', 'browser', ...TESTS], {
  cwd: repo,
  stdio: 'inherit',
  env: { ...process.env, MEMORY_CUSTOMS_SCREENSHOTS: 'docs' },
})
if (run.status !== 0) {
  console.error('screenshots: the browser tests failed, so docs/images may be partly updated; see above.')
  process.exit(run.status ?? 1)
}
const written = readdirSync(join(repo, 'docs/images')).filter((f) => /^(inspector|report)-.*\.png$/.test(f))
console.log(`screenshots: ${written.length} pictures in docs/images: ${written.join(', ')}`)
