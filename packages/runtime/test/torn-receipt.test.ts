/**
 * A crash can tear the receipt line of a batch after its value record was written whole: the torn line is cut at
 * open, the value record (a line that parses) stays. The next receipt then follows it in the journal, so its MAC
 * must cover it; otherwise the store fails verification (BAD_VALUE) after the next write. Found by the SIGKILL
 * suite (test/crash/kill.test.ts, about one run in three at 100 kills); reproduced here byte for byte.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { z } from 'zod'
import { createCustoms, createMemoryKeyProvider } from '../src/index.js'

it('a value record left before a torn receipt line is covered by the next receipt: the store still verifies', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mc-torn-receipt-'))
  const keyStore = createMemoryKeyProvider()
  const options = { storage: { file: dir }, keyStore, decision: { schemas: { note: z.string() } } }
  const first = await createCustoms(options)
  first.decision.commit('note', 'one', { source: 'user' })
  first.decision.commit('note', 'two', { source: 'user' })
  await first.close()

  // A batch whose value record reached the disk whole and whose receipt line was torn, as a crash mid-append
  // leaves it (the record is a sealed copy of one already stored, so it is a record this store's keys made).
  const journal = join(dir, 'journal.ndjson')
  const text = readFileSync(journal, 'utf8')
  const lines = text.split('\n')
  const last = lines.length - 2 // the final element is '' after the trailing newline
  expect(JSON.parse(lines[last]).t).toBe('r')
  expect(JSON.parse(lines[last - 1]).t).toBe('v')
  writeFileSync(journal, `${text}${lines[last - 1]}\n${lines[last].slice(0, 20)}`)

  const second = await createCustoms(options)
  expect(second.health().storage.truncatedTail).toBeTruthy()
  expect(second.size).toBe(2)
  second.decision.commit('note', 'three', { source: 'user' })
  await second.close()

  const third = await createCustoms(options)
  expect(await third.verify({ values: true })).toEqual({ ok: true, checked: 3, authenticatedThrough: 3, legacy: 0 })
  expect(third.decision.get('note')).toBe('three')
  await third.close()
  rmSync(dir, { recursive: true, force: true })
})
