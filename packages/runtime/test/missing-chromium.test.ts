// On a machine without Chromium, `npm test` must end the browser project with one line naming what to install, and
// still run the other projects. Proven by pointing MEMORY_CUSTOMS_CHROMIUM at a file that does not exist.
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { chromiumProblem } from './browser/chromium'

const repo = join(import.meta.dirname, '../../..')
const dir = mkdtempSync(join(tmpdir(), 'mc-missing-chromium-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const FIX = 'install it (`apt-get install chromium`) or set MEMORY_CUSTOMS_CHROMIUM to a Chromium binary.'

describe('chromiumProblem', () => {
  test('a missing binary, a directory and a file without the execute bit each get one line with the fix', () => {
    const missing = join(dir, 'missing', 'chromium')
    expect(chromiumProblem(missing)).toBe(`Browser tests need Chromium, but ${missing} does not exist: ${FIX}`)
    const folder = join(dir, 'folder')
    mkdirSync(folder)
    expect(chromiumProblem(folder)).toBe(`Browser tests need Chromium, but ${folder} is not a file: ${FIX}`)
    const plain = join(dir, 'plain')
    writeFileSync(plain, '#!/bin/sh\n')
    chmodSync(plain, 0o644)
    // root may execute nothing without an x bit either, so this holds under CI's root user too.
    expect(chromiumProblem(plain)).toBe(`Browser tests need Chromium, but ${plain} is not executable: ${FIX}`)
  })

  test('an executable file passes (launching it is left to the browser tests)', () => {
    const binary = join(dir, 'chromium')
    writeFileSync(binary, '#!/bin/sh\n')
    chmodSync(binary, 0o755)
    expect(chromiumProblem(binary)).toBeUndefined()
  })
})

test('without Chromium the browser project fails with one line and the other projects still run', () => {
  const missing = join(dir, 'no-such-chromium')
  // A fresh vitest on this repository's config, as `npm test` starts it, restricted to the browser project and one
  // small runtime file; the parent's VITEST* variables would make the child think it runs inside a worker.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')))
  const run = spawnSync(
    process.execPath,
    [
      join(repo, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--project',
      'browser',
      '--project',
      'runtime',
      'packages/runtime/test/browser/',
      'packages/runtime/test/canonical.test.ts',
    ],
    { cwd: repo, encoding: 'utf8', env: { ...env, MEMORY_CUSTOMS_CHROMIUM: missing, NO_COLOR: '1', CI: 'true' } },
  )
  const output = `${run.stdout}\n${run.stderr}`
  expect(run.status, output).toBe(1)
  const line = `Error: Browser tests need Chromium, but ${missing} does not exist: ${FIX}`
  expect(output.split('\n').filter((l) => l.trim() === line)).toHaveLength(1)
  // Only the check ran in the browser project (no page was built, no launch attempted); the runtime file passed.
  expect(output).toMatch(/Test Files\s+1 failed \| 1 passed \(2\)/)
  const browserFiles = new Set(output.match(/[\w-]+\.browser\.test\.ts/g))
  expect([...browserFiles]).toEqual(['chromium.browser.test.ts'])
  expect(output).toContain('packages/runtime/test/canonical.test.ts')
})
