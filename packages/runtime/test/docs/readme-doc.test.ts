/**
 * README.md's "Core runtime calls" example runs verbatim against the built package, twice in a row (a copied snippet
 * that only works once is a trap), and its comments about what the calls return hold.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, expect, it } from 'vitest'
import { repo } from './snippets.js'

const dir = mkdtempSync(join(repo, 'packages/runtime/test/docs/.snippet-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function coreBlock(): string {
  const readme = readFileSync(join(repo, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('## Core runtime calls'))
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1]
  if (!block) throw new Error('README.md has no ts block under "Core runtime calls"')
  return block
}

it('README core runtime example runs twice in a row, and at(3) sees no promoted quote yet', async () => {
  const block = coreBlock()
  for (const run of [1, 2]) {
    // Expose what the example computes without changing its lines: the last statements are probed after it ran.
    const file = join(dir, `readme-${run}.ts`)
    const probe = block
      .replace("customs.at(3).decision.get('quote')", "globalThis.__at3 = customs.at(3).decision.get('quote')")
      .replace('await customs.verify() ', 'globalThis.__verify = await customs.verify() ')
    expect(probe.match(/globalThis\.__/g), 'both statements found in the README block').toHaveLength(2)
    writeFileSync(file, probe)
    await import(pathToFileURL(file).href)
    const g = globalThis as { __at3?: unknown; __verify?: { ok: boolean } }
    expect(g).toHaveProperty('__at3')
    expect(g.__at3, `run ${run}`).toBeUndefined()
    expect(g.__verify?.ok, `run ${run}`).toBe(true)
  }
})
