/**
 * docs/scanning.md's two JavaScript blocks against the built package (its TypeScript example and rule table are
 * scan/docs.test.ts's): the first runs as it is and its comments about the result hold; the options block is
 * evaluated as written, `text` and `myRule` bound to a text and a user rule, and must be accepted, its `ruleSet`
 * naming what it changed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { defineRule, scan } from 'memory-customs/scan'
import { afterAll, describe, expect, it } from 'vitest'
import { docBlocks } from './blocks.js'
import { repo } from './snippets.js'

const [first, options] = docBlocks('docs/scanning.md').filter((b) => b.lang === 'js')
const dir = mkdtempSync(join(repo, 'packages/runtime/test/docs/.snippet-scanning-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('docs/scanning.md', () => {
  it('the first example runs, and the result has the fields and values its comments name', async () => {
    writeFileSync(join(dir, 'first.mjs'), first.body)
    await import(pathToFileURL(join(dir, 'first.mjs')).href)
    const text = /scan\('([^']*)'\)/.exec(first.body)![1]
    const result = scan(text)
    const commented = Object.fromEntries([...first.body.matchAll(/^result\.(\w+) \/\/ (.*)$/gm)].map((m) => [m[1], m[2]]))
    expect(Object.keys(commented)).toEqual(['decision', 'score', 'findings', 'chunks', 'ruleSet'])
    expect(commented.decision.split(' | ')).toContain(`'${result.decision}'`)
    expect(result.score).toBeGreaterThanOrEqual(0)
    expect(result.score).toBeLessThanOrEqual(1)
    expect(result.findings.length).toBeGreaterThan(0)
    const listed = /\{ ([^}]*) \}/
      .exec(commented.findings)![1]
      .split(', ')
      .map((f) => f.replace('?', ''))
    for (const f of result.findings) for (const k of Object.keys(f)) expect(listed, `finding field ${k}`).toContain(k)
    expect(commented.ruleSet).toContain(`'${result.ruleSet}'`)
  })

  it('the options block is accepted as written', () => {
    const myRule = defineRule({ id: 'acme/x', family: 'secret', weight: 1, description: 'x', appliesTo: ['prose'], check: () => [] })
    const run = new Function('scan', 'text', 'myRule', `return ${options.body}`) as (...a: unknown[]) => ReturnType<typeof scan>
    const result = run(scan, 'A plain note.', myRule)
    expect(result.decision).toBe('approve')
    expect(result.ruleSet).toBe('builtin@141-pii/ip-private-secret+user:acme/x')
  })
})
