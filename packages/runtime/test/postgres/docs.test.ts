// docs/postgres.md runs as written (checkDoc: its ts blocks against the built package, each `// =>` comment
// checked) on a real server: DATABASE_URL is a fresh database and KEY_DIR a fresh key directory, the two
// variables the examples read. The "Roles" SQL block is roles.test.ts's.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'vitest'
import { checkDoc } from '../docs/snippets.js'
import { usePostgres } from './server.js'

describe('docs/postgres.md', () => {
  const pg = usePostgres()

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
