/**
 * docs/keys.md: the KMS provider and rotation examples run against the built package and print what their comments
 * say; the "Choosing a provider" menu (browser and /data paths: not runnable here) type-checks against the published
 * types; the text form shown is a real exported key set's, field for field, in order, with the lengths it states.
 */
import { createCustoms, exportKeys, type KeyProvider, type KeySet } from 'memory-customs'
import { describe, expect, it } from 'vitest'
import { docBlocks } from './blocks.js'
import { checkDoc } from './snippets.js'
import { typecheck } from './typecheck.js'

const DOC = 'docs/keys.md'
/** [path, value] of every leaf, in order; a key id under `encryption.keys` is written `<kid>`. */
function leaves(o: unknown, path = ''): Array<[string, unknown]> {
  if (typeof o !== 'object' || o === null) return [[path, o]]
  return Object.entries(o).flatMap(([k, v]) => leaves(v, `${path ? `${path}.` : ''}${path === 'encryption.keys' ? '<kid>' : k}`))
}

const isMenu = (block: string) => block.includes('// Node, default')

describe('docs/keys.md', () => {
  it('the KMS provider and rotation examples print what their comments say', async () => {
    await checkDoc(DOC, { only: (b) => !isMenu(b) })
  })

  it('the provider menu type-checks against the published types', () => {
    const menu = docBlocks(DOC).find((b) => b.lang === 'ts' && isMenu(b.body))!
    expect(typecheck({ 'menu.ts': menu.body })).toEqual([])
  })

  it('the text form is what exportKeys returns: the same fields, in that order, of the stated lengths', async () => {
    let saved: KeySet | undefined
    const capture: KeyProvider = {
      kind: 'capture',
      location: 'test',
      load: async () => null,
      save: async (_chain, keys) => void (saved = keys),
      loadWitness: async () => null,
      saveWitness: async () => undefined,
    }
    const customs = await createCustoms({ keyStore: capture })
    await customs.close()
    const real = JSON.parse(exportKeys(saved!)) as Record<string, unknown>
    const shown = JSON.parse(docBlocks(DOC).find((b) => b.lang === 'json')!.body) as Record<string, unknown>
    const [got, want] = [leaves(shown), leaves(real)]
    expect(got.map(([path]) => path)).toEqual(want.map(([path]) => path))
    got.forEach(([path, value], i) => {
      const stated = /^<(\d+) chars/.exec(String(value))
      if (stated) expect(String(want[i][1]).length, `${path}: ${value}`).toBe(Number(stated[1]))
      else if (['format', 'v', 'checkpoint.alg'].includes(path)) expect(value, path).toBe(want[i][1])
      else expect(typeof value, path).toBe(typeof want[i][1])
    })
    expect(got.filter(([, v]) => /^<\d+ chars/.test(String(v))).length).toBeGreaterThan(4)
  })
})
