/**
 * docs/getting-started.md's "Then: use the runtime" example runs as it is in a fresh directory (its file store is
 * relative to the working directory), and the built CLI reads back the one receipt it wrote. The page's bundler
 * configs are built by plugin-config-doc.test.ts (and the webpack and Rolldown ones by the packaging and entries tests).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { docBlocks } from './blocks.js'
import { repo } from './snippets.js'

const dir = mkdtempSync(join(tmpdir(), 'mc-getting-started-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('docs/getting-started.md: the runtime example runs, and its receipt is in the store', () => {
  const example = docBlocks('docs/getting-started.md').find((b) => b.lang === 'ts' && b.body.includes('createCustoms('))!
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }))
  writeFileSync(join(dir, 'main.ts'), example.body)
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'))
  const run = (args: string[]) => spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8' })
  const ran = run([join(repo, 'node_modules/tsx/dist/cli.mjs'), 'main.ts'])
  expect(ran.status, ran.stderr).toBe(0)
  const log = run([join(repo, 'packages/runtime/dist/cli.mjs'), 'log', '--json'])
  expect(log.status, log.stderr).toBe(0)
  expect(JSON.parse(log.stdout)).toEqual([expect.objectContaining({ seq: 1, op: 'COMMIT', key: 'riskProfile' })])
})
