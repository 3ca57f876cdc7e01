/**
 * The example of docs/guardrail.md runs verbatim (its 'memory-customs' import resolved to guard-doc-shim.ts) and
 * prints exactly what its comments say.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { inspect } from 'node:util'
import { afterAll, expect, it, vi } from 'vitest'

const repo = join(import.meta.dirname, '../../../..')
const doc = readFileSync(join(repo, 'docs/guardrail.md'), 'utf8')
const dir = mkdtempSync(join(import.meta.dirname, '.guard-doc-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Each console.log of the snippet with the comment that states its output (same line, or the next line). */
function expectedOutputs(code: string): string[] {
  const lines = code.split('\n')
  const out: string[] = []
  lines.forEach((line, i) => {
    if (!line.includes('console.log(')) return
    const same = line.match(/\)\s*\/\/ (.*)$/)
    const next = lines[i + 1]?.match(/^\s*\/\/ (.*)$/)
    out.push((same ?? next)?.[1] ?? '(no comment)')
  })
  return out
}

it('docs/guardrail.md: the example runs and prints what its comments say', async () => {
  const blocks = [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1])
  expect(blocks).toHaveLength(1)
  expect(blocks[0]).toContain("from 'memory-customs'")
  const file = join(dir, 'example.ts')
  writeFileSync(file, blocks[0].replace("from 'memory-customs'", "from '../guard-doc-shim.js'"))
  const printed: string[] = []
  const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    printed.push(args.map((a) => (typeof a === 'string' ? a : inspect(a, { breakLength: Infinity }))).join(' '))
  })
  try {
    await import(pathToFileURL(file).href)
  } finally {
    spy.mockRestore()
  }
  expect(printed).toEqual(expectedOutputs(blocks[0]))
  expect(printed[0]).toMatch(/^redirect /)
  expect(printed).toContain('GUARD_HALT redirect')
})
