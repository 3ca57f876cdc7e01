// docs/postgres.md runs as written (checkDoc: its ts blocks against the built package, each `// =>` comment
// checked) on a real server: DATABASE_URL is a fresh database and KEY_DIR a fresh key directory, the two
// variables the examples read. Its blocks also type-check as a strict app's would (a reader copies them into
// one). The "Roles" SQL block is roles.test.ts's.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkDoc, repo } from '../docs/snippets.js'
import { typecheck } from '../docs/typecheck.js'
import { usePostgres } from './server.js'

describe('docs/postgres.md', () => {
  const pg = usePostgres()

  it('its examples type-check against the published types', () => {
    const doc = readFileSync(join(repo, 'docs/postgres.md'), 'utf8')
    const blocks = [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!)
    expect(blocks.length).toBeGreaterThan(3)
    expect(typecheck(Object.fromEntries(blocks.map((b, i) => [`block-${i}.ts`, b])))).toEqual([])
  })

  it('its examples run and print what their comments say', async () => {
    const { url } = await pg().createDatabase()
    const keys = mkdtempSync(join(tmpdir(), 'mc-pg-doc-keys-'))
    const saved = { DATABASE_URL: process.env.DATABASE_URL, KEY_DIR: process.env.KEY_DIR }
    process.env.DATABASE_URL = url
    process.env.KEY_DIR = keys
    try {
      await checkDoc('docs/postgres.md')
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k]
        else process.env[k] = v
      }
      rmSync(keys, { recursive: true, force: true })
    }
  })
})
