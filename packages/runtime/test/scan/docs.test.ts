/**
 * docs/scanning.md stays true: its rule table is the registry's (regenerate with `UPDATE_SCAN_DOCS=1` and this test),
 * and its "add a rule" example runs verbatim against the built package and prints what its comments say.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { formatWithOptions } from 'node:util'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { builtinRules, UNSCANNED_TAIL_RULE } from '../../src/scan'
import { renderRulesTable, rulesBlock, withRulesTable } from './support/rules-table'

const repo = join(import.meta.dirname, '../../../..')
const docPath = join(repo, 'docs/scanning.md')
const dir = mkdtempSync(join(repo, 'packages/runtime/test/docs/.snippet-scan-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('docs/scanning.md', () => {
  it('lists every built-in rule with its registry description', () => {
    let doc = readFileSync(docPath, 'utf8')
    const table = renderRulesTable(builtinRules())
    if (process.env.UPDATE_SCAN_DOCS === '1') {
      doc = withRulesTable(doc, table)
      writeFileSync(docPath, doc)
    }
    for (const rule of builtinRules()) expect(doc, `docs/scanning.md does not mention ${rule.id}`).toContain(`\`${rule.id}\``)
    expect(doc).toContain(`\`${UNSCANNED_TAIL_RULE}\``)
    expect(
      rulesBlock(doc),
      'the rule table is stale: run UPDATE_SCAN_DOCS=1 npx vitest run --project runtime packages/runtime/test/scan/docs.test.ts',
    ).toBe(table)
  })

  it('the "add a rule" example runs and prints what its comments say', async () => {
    const doc = readFileSync(docPath, 'utf8')
    const blocks = [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1])
    expect(blocks).toHaveLength(1)
    const file = join(dir, 'example.ts')
    writeFileSync(file, blocks[0])
    const printed: string[] = []
    const spy = vi
      .spyOn(console, 'log')
      .mockImplementation(
        (...args: unknown[]) => void printed.push(formatWithOptions({ colors: false, breakLength: Number.POSITIVE_INFINITY }, ...args)),
      )
    try {
      await import(pathToFileURL(file).href)
    } finally {
      spy.mockRestore()
    }
    // Each console.log in the example is followed by a `// ` comment line holding what it prints.
    const expected = [...blocks[0].matchAll(/console\.log\(.*\)\n\/\/ (.*)/g)].map((m) => m[1])
    expect(expected.length).toBeGreaterThan(0)
    expect(printed).toEqual(expected)
  })
})
