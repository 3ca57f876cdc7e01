/**
 * The TypeScript example of docs/memory.md runs verbatim against the built package, and prints what its comments
 * say it prints (a snippet a user copies must work).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, expect, it, vi } from 'vitest'

const repo = join(import.meta.dirname, '../../../..')
const doc = readFileSync(join(repo, 'docs/memory.md'), 'utf8')
const dir = mkdtempSync(join(repo, 'packages/runtime/test/docs/.snippet-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('docs/memory.md: the example runs and prints what its comments say', async () => {
  const blocks = [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1])
  expect(blocks).toHaveLength(1)
  const file = join(dir, 'example.ts')
  writeFileSync(file, blocks[0])
  const printed: unknown[][] = []
  const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args))
  try {
    await import(pathToFileURL(file).href)
  } finally {
    spy.mockRestore()
  }
  expect(printed[0][0]).not.toBe('approved')
  expect(printed[1]).toEqual(['The user prefers metric units.'])
  expect(printed[2]).toEqual([[]])
  const expected = [...blocks[0].matchAll(/^\/\/ (\[.*)$/gm)].map((m) => m[1]).join('\n')
  expect(printed[3]).toEqual([expected])
  expect(printed[4]).toEqual(['READ'])
})
