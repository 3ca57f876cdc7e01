/**
 * Runs the ```ts blocks of a doc against the built package and checks what they print: every `console.log(...)`
 * line whose comment reads `// => <JSON>` must print exactly that value (one argument, compared as data), in order.
 * A snippet a user copies must work verbatim and say truthfully what it prints.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, vi } from 'vitest'

export const repo = join(import.meta.dirname, '../../../..')

/** The expected values of a block, from its `// => <JSON>` comments, in source order. */
export function expectations(block: string): unknown[] {
  // `undefined` is not JSON; printed values are compared after a JSON round trip, where it becomes null.
  return [...block.matchAll(/console\.log\(.*\)\s*\/\/ => (.*)$/gm)].map((m) =>
    m[1].trim() === 'undefined' ? null : (JSON.parse(m[1]) as unknown),
  )
}

export interface SnippetOptions {
  /** Which ts blocks to run (default: all); the others are another test's (type-checked, say), not run here. */
  only?: (block: string) => boolean
}

/** Runs every ts block of `docPath` (repo-relative) in order; returns what each printed (first argument per call). */
export async function runDocSnippets(docPath: string, options: SnippetOptions = {}): Promise<Array<{ block: string; printed: unknown[] }>> {
  const doc = readFileSync(join(repo, docPath), 'utf8')
  const blocks = [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]).filter(options.only ?? (() => true))
  const dir = mkdtempSync(join(repo, 'packages/runtime/test/docs/.snippet-'))
  const out: Array<{ block: string; printed: unknown[] }> = []
  try {
    for (const [i, block] of blocks.entries()) {
      const file = join(dir, `block-${i}.ts`)
      writeFileSync(file, block)
      const printed: unknown[] = []
      const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args[0]))
      try {
        await import(pathToFileURL(file).href)
      } finally {
        spy.mockRestore()
      }
      out.push({ block, printed })
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return out
}

/** Runs the doc and checks every printed value against its `// =>` comment. */
export async function checkDoc(docPath: string, options: SnippetOptions = {}): Promise<void> {
  const runs = await runDocSnippets(docPath, options)
  expect(runs.length, `${docPath} has no ts block`).toBeGreaterThan(0)
  for (const { block, printed } of runs) {
    const expected = expectations(block)
    expect(expected.length, 'a block without // => comments checks nothing').toBeGreaterThan(0)
    // Round-trip through JSON: what the comment can say is data (undefined prints as absent).
    expect(JSON.parse(JSON.stringify(printed))).toEqual(expected)
  }
}
