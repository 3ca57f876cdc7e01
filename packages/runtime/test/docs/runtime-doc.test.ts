/**
 * docs/runtime.md against the built package: the import line and the probe example run as they are; every call
 * and property its signature blocks name (`customs.decision.commit(...)`, `view.plans.get(...)`, `customs.size`)
 * exists on a real Customs and its time-travel view; the health block lists exactly the fields `health()` returns;
 * the StorageBackend and JournalEntry it reproduces are the exported types (checked both ways by the compiler).
 * (The Schemas example is schemas.test.ts's.)
 */
import { createCustoms } from 'memory-customs'
import { describe, expect, it } from 'vitest'
import { docBlocks } from './blocks.js'
import { runDocSnippets } from './snippets.js'
import { typecheck } from './typecheck.js'

const DOC = 'docs/runtime.md'
const ts = docBlocks(DOC).filter((b) => b.lang === 'ts')
const RUNNABLE = (body: string) => body.startsWith('import ') && !body.includes("from 'arktype'")
const HEALTH = ts.find((b) => b.body.startsWith('{\n  ok,'))!
const BACKEND = ts.find((b) => b.body.startsWith('interface StorageBackend'))!
const SIGNATURES = ts.filter((b) => !RUNNABLE(b.body) && b !== HEALTH && b !== BACKEND && !b.body.includes("from 'arktype'"))

/** `customs.a.b(` / `view.a(` / `customs.size` references of a signature block: [receiver, path, called]. */
function references(body: string): Array<[string, string, boolean]> {
  const code = body.replace(/\/\/.*$/gm, '')
  return [...code.matchAll(/\b(customs|view)\.([A-Za-z]+(?:\.[A-Za-z]+)*)(\s*\()?/g)].map((m) => [m[1], m[2], !!m[3]])
}

/** Field names of the health block: `a.b` for nested ones; comments, types and `?` dropped. */
function healthFields(body: string): string[] {
  const text = body
    .replace(/\/\/.*$/gm, '')
    .replace(/'[^']*'(\s*\|\s*'[^']*')*/g, '')
    .replace(/\|\s*null/g, '')
  const fields: string[] = []
  const stack: string[] = []
  for (const token of text.matchAll(/([A-Za-z]+)\??\s*(:\s*\{)?|(\})/g)) {
    if (token[3]) stack.pop()
    else if (token[2]) stack.push([...stack, token[1]].join('.'))
    else fields.push([...stack.slice(-1), token[1]].join('.'))
  }
  return fields
}

describe('docs/runtime.md', () => {
  it('the import line and the probe example run against the built package', async () => {
    const runs = await runDocSnippets(DOC, { only: RUNNABLE })
    expect(runs.map((r) => r.block.split('\n')[0])).toEqual([
      "import { createCustoms, CustomsError } from 'memory-customs'",
      "import { createCustoms } from 'memory-customs'",
    ])
  })

  it('every call and property of the signature blocks exists', async () => {
    expect(SIGNATURES.length).toBeGreaterThan(8)
    const customs = await createCustoms()
    const view = customs.at(0)
    const roots: Record<string, unknown> = { customs, view }
    const refs = SIGNATURES.flatMap((b) => references(b.body))
    expect(refs.length).toBeGreaterThan(25)
    for (const [receiver, path, called] of refs) {
      const value = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], roots[receiver])
      if (called) expect(typeof value, `${receiver}.${path}(...)`).toBe('function')
      else expect(value, `${receiver}.${path}`).toBeDefined()
    }
    await customs.close()
  })

  it('the health block lists the fields health() returns', async () => {
    const customs = await createCustoms()
    const health = customs.health() as unknown as Record<string, unknown>
    const real = Object.entries(health).flatMap(([k, v]) =>
      ['pools', 'verification', 'storage'].includes(k) ? Object.keys(v as object).map((n) => `${k}.${n}`) : [k],
    )
    const shown = healthFields(HEALTH.body)
    // firstFailure appears only after a failed verification, lastCheckpoint's fields after a checkpoint (null before).
    const now = shown.filter((f) => !['verification.firstFailure', 'lastCheckpoint.size', 'lastCheckpoint.root'].includes(f))
    expect([...now, 'lastCheckpoint'].sort()).toEqual(real.sort())
    await customs.close()
  })

  it('the StorageBackend and JournalEntry it shows are the exported types', () => {
    const check = `import type { AppendOptions, JournalEntry as Exported, OpenReport, StorageBackend as ExportedBackend } from 'memory-customs'
${BACKEND.body}
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
export const backend: Same<StorageBackend, ExportedBackend> = true
export const entry: Same<JournalEntry, Exported> = true
export type Used = [AppendOptions, OpenReport]
`
    expect(typecheck({ 'backend.ts': check })).toEqual([])
  })
})
