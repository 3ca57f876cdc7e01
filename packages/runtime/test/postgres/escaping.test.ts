// The shared writer inlines journal rows into its one INSERT statement as escaped SQL literals (one round trip
// under the head lock): text with quotes, backslashes, an SQL-looking payload and non-ASCII must come back from
// another view byte for byte, and the chain must verify.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import { afterAll, describe, expect, it } from 'vitest'
import { createCustoms } from '../../src/index.js'
import { usePostgres } from './server.js'

const keyDir = mkdtempSync(join(tmpdir(), 'mc-pg-escape-keys-'))
afterAll(() => rmSync(keyDir, { recursive: true, force: true }))

const NASTY = [
  "O'Brien's note",
  'back\\slash \\\\ and \\x27 and \\u0027',
  "'); DROP TABLE memory_customs.journal; --",
  "E'\\'' $$ $tag$ dollar $$",
  'quotes " \' ` and a tab\tand a newline\n',
  '中文 · emoji 🧾 · ünïcödé',
]

describe('PostgreSQL rows written as escaped literals', () => {
  const pg = usePostgres()

  it('quotes, backslashes and SQL-looking text round-trip exactly and the chain verifies', async () => {
    const { url } = await pg().createDatabase()
    const options = {
      keyStore: { dir: keyDir },
      decision: { schemas: { note: z.string() } },
      storage: { postgres: { connectionString: url, store: "it's" } },
    }
    const writer = await createCustoms(options)
    for (const [i, text] of NASTY.entries())
      writer.decision.commit('note', text, { source: 'user', reason: `reason ${i}: ${text}`, actor: text.slice(0, 20) })
    await writer.flush()
    await writer.close()
    const reader = await createCustoms(options)
    try {
      const history = reader.history('note')
      expect(history.map((r) => r.reason)).toEqual(NASTY.map((t, i) => `reason ${i}: ${t}`))
      expect(history.map((r) => reader.value(r.new!))).toEqual(NASTY)
      expect(reader.decision.get('note')).toBe(NASTY.at(-1))
      expect(await reader.verify({ values: true })).toMatchObject({ ok: true, checked: NASTY.length })
    } finally {
      await reader.close()
    }
  })
})
