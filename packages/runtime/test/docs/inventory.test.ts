/**
 * Docs are tests: every fenced block of README.md and docs/ is run or built by a test (registry.ts says which), or
 * exempted in the markdown itself with `<!-- not run: why -->` right before it. A new block without either fails here.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { docBlocks, inventoriedDocs, type DocBlock } from './blocks.js'
import { COVERAGE } from './registry.js'
import { repo } from './snippets.js'

const docs = inventoriedDocs()
const blocks = docs.flatMap(docBlocks)
const where = (b: DocBlock) => `${b.doc}:${b.line} (block ${b.index}, \`\`\`${b.lang})`

describe('docs inventory', () => {
  it('finds the pages and their blocks', () => {
    expect(docs).toContain('README.md')
    expect(docs).toContain('docs/cli.md')
    expect(blocks.length).toBeGreaterThan(80)
  })

  it('every block is run or built by a test, or exempted with a reason', () => {
    const orphans = blocks
      .filter((b) => !b.exempt && !COVERAGE.some((c) => c.doc === b.doc && c.blocks(b)))
      .map((b) => `${where(b)}: ${b.body.split('\n')[0]}`)
    expect(orphans, 'blocks that no test runs: add a test to registry.ts or a <!-- not run: why --> comment').toEqual([])
  })

  it('exemptions say why, and name test files that exist', () => {
    for (const b of blocks.filter((x) => x.exempt !== undefined)) {
      expect(b.exempt!.length, `${where(b)}: an exemption states its reason`).toBeGreaterThan(10)
      for (const [file] of b.exempt!.matchAll(/[\w./-]+\.test\.ts/g))
        expect(existsSync(join(repo, file)), `${where(b)} names ${file}`).toBe(true)
    }
  })

  it('no exempted block is also claimed by a test (one status per block)', () => {
    const both = blocks.filter((b) => b.exempt && COVERAGE.some((c) => c.doc === b.doc && c.blocks(b))).map(where)
    expect(both).toEqual([])
  })

  it('every registry entry claims a block, and its test exists and names the doc', () => {
    for (const c of COVERAGE) {
      expect(
        docBlocks(c.doc).some((b) => c.blocks(b)),
        `${c.test} (${c.how}) claims no block of ${c.doc}`,
      ).toBe(true)
      const test = join(repo, c.test)
      expect(existsSync(test), `${c.test} exists`).toBe(true)
      expect(readFileSync(test, 'utf8'), `${c.test} names ${c.doc}`).toContain(c.doc.replace(/^docs\//, ''))
    }
  })

  it('exemptions stay a minority of the blocks', () => {
    const exempted = blocks.filter((b) => b.exempt)
    expect(exempted.length).toBeLessThan(blocks.length / 3)
  })
})
