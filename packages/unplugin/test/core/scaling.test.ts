import { describe, expect, it } from 'vitest'
import { analyze } from '../../src/core/analyze'
import { instrument, instrumentWork } from '../../src/core/instrument'

/**
 * `instrument` must do work linear in the size of the module. No clock is read here: the test counts the
 * work the algorithm does (`instrumentWork`) at n and 4n sites. Before the fix each site was looked up
 * from the root of the tree, scanning every sibling list on its path, so the node visits grew 16× when the
 * sites grew 4×; and edits handed to magic-string out of position order make it walk back over its chunk
 * list, which is what the `backwardEdits` count guards.
 */

const ROOT = '/virtual/app'
const ID = `${ROOT}/src/many.ts`

/** One function with `n` memory writes, one per line. */
function flat(n: number): string {
  const lines = ['export function run(store: Map<string, number>) {']
  for (let i = 0; i < n; i++) lines.push(`  store.set('k${i}', ${i})`)
  lines.push('}', '')
  return lines.join('\n')
}

/** `n` memory writes nested in each other's arguments: `store.set(0, store.set(1, ...))`. */
function nested(n: number): string {
  let expr = '0'
  for (let i = n - 1; i >= 0; i--) expr = `store.set(${i}, ${expr})`
  return `export function run(store: any) {\n  return ${expr}\n}\n`
}

function work(code: string) {
  const sites = analyze(code, ID, { root: ROOT })
  const out = instrument(code, ID, sites, { root: ROOT })
  expect(out).not.toBeNull()
  return { sites: sites.length, ...instrumentWork }
}

describe('instrument scales linearly with the sites of a module', () => {
  for (const [name, gen, n] of [
    ['one site per line', flat, 1000],
    ['sites nested in each other', nested, 150],
  ] as const) {
    it(`${name}: 4× the sites cost at most ~4× the work, and edits are applied in order`, () => {
      const small = work(gen(n))
      const large = work(gen(4 * n))
      expect(small.sites).toBe(n)
      expect(large.sites).toBe(4 * n)
      // Each node of the tree is visited once; the tree grows 4× (within a constant), not 16×.
      expect(large.nodesVisited / small.nodesVisited).toBeLessThan(4.5)
      // One header edit plus four per site, each handed to magic-string at or after the previous one.
      expect(small.edits).toBe(4 * n + 1)
      expect(large.edits).toBe(16 * n + 1)
      expect(small.backwardEdits).toBe(0)
      expect(large.backwardEdits).toBe(0)
    })
  }
})
