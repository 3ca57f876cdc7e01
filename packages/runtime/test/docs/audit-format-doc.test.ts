/**
 * docs/audit-format.md against a real file store written by the built package: the promotion body it shows has a real
 * PROMOTE body's fields in canonical order; its by-hand hash command (printf, openssl, basenc) recomputes a real
 * receipt's hash; its journal entry shapes are the exported JournalEntry type's; its journal lines have the real
 * lines' fields; its checkpoint layout is a real note's.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCustoms } from 'memory-customs'
import { z } from 'zod'
import { hexToB64url } from 'memory-customs/verify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { docBlocks } from './blocks.js'
import { typecheck } from './typecheck.js'

const DOC = 'docs/audit-format.md'
const blocks = docBlocks(DOC)
const dir = mkdtempSync(join(tmpdir(), 'mc-audit-doc-'))
let lines: string[] = []
let hashes: string[] = []
let note = ''
let origin = ''

beforeAll(async () => {
  const customs = await createCustoms({
    storage: { file: join(dir, 'store') },
    keyStore: { dir: join(dir, 'keys') },
    decision: { schemas: { risk: z.string(), q: z.object({ price: z.number() }) } },
    bridge: { tools: ['t'] },
  })
  customs.decision.commit('risk', 'low', { source: 'user' })
  customs.execution.store('t', 'c1', { price: 1 })
  customs.plans.record('p', { references: [{ tool: 't', callId: 'c1' }] })
  customs.bridge.promote({ tool: 't', callId: 'c1', to: 'q', planRef: 'p' })
  hashes = customs.receipts().map((r) => r.hash)
  hashes.unshift(customs.receipt(1)!.prev)
  ;({ note, origin } = await customs.checkpoint())
  await customs.close()
  lines = readFileSync(join(dir, 'store/journal.ndjson'), 'utf8').trimEnd().split('\n')
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const receiptBodies = () => lines.filter((l) => l.startsWith('{"t":"r"')).map((l) => JSON.parse(l).b as Record<string, unknown>)
const fields = (line: string) => {
  const o = JSON.parse(line) as Record<string, unknown>
  return Object.entries(o).map(([k, v]) => [
    k,
    typeof v === 'object' && v ? Object.keys(v) : typeof v === 'string' && v.startsWith('{') ? Object.keys(JSON.parse(v)) : typeof v,
  ])
}

describe('docs/audit-format.md', () => {
  it('the promotion body has the fields of a real PROMOTE body, in canonical order', () => {
    const shown = JSON.parse(blocks[0].body) as Record<string, unknown>
    const real = receiptBodies().find((b) => b.op === 'PROMOTE')!
    expect(Object.keys(shown)).toEqual(Object.keys(real))
    expect(String(shown.new)).toHaveLength(String(real.new).length)
  })

  it("the by-hand command recomputes a real receipt's hash", () => {
    const command = blocks.find((b) => b.lang === 'sh')!.body
    const bodies = lines.filter((l) => l.startsWith('{"t":"r"'))
    for (const seq of [1, 4]) {
      // The receipt's exact body bytes: the raw JSON the line embeds.
      const line = bodies[seq - 1]
      const body = line.slice('{"t":"r","b":'.length, line.lastIndexOf(',"m":'))
      writeFileSync(join(dir, 'prev.txt'), hexToB64url(hashes[seq - 1]))
      writeFileSync(join(dir, 'body.txt'), body)
      const r = spawnSync('bash', ['-c', command], { cwd: dir, encoding: 'utf8' })
      expect(r.stderr).toBe('')
      expect(r.stdout.trim(), `receipt ${seq}`).toBe(hexToB64url(hashes[seq]))
    }
  })

  it('the journal entry shapes are the exported JournalEntry variants', () => {
    const shapes = blocks.find((b) => b.lang === 'ts' && b.body.startsWith("{ t: 'meta'"))!.body
    const entries = shapes
      .trimEnd()
      .split('\n')
      .map((l) => l.replace(/\s*\/\/.*$/, ','))
      .join('\n')
    const check = `import type { JournalEntry } from 'memory-customs'
declare const body: string, commit: string, mac: string, size: number, note: string
export const entries: JournalEntry[] = [
${entries}
]
`
    expect(typecheck({ 'entries.ts': check })).toEqual([])
  })

  it("the real lines shown have a real journal's fields", () => {
    const shown = blocks
      .find((b) => b.body.startsWith('{"t":"meta"'))!
      .body.trimEnd()
      .split('\n')
    const kinds = ['meta', 'v', 'r']
    expect(shown.map((l) => JSON.parse(l).t)).toEqual(kinds)
    for (const [i, t] of kinds.entries()) {
      // The first commit of a store, as shown: its value record, then its receipt.
      const real = lines.find((l) => JSON.parse(l).t === t)!
      expect(fields(shown[i]), t).toEqual(fields(real))
    }
  })

  it("the checkpoint layout is a real note's", () => {
    const layout = blocks
      .find((b) => b.body.startsWith('<origin>'))!
      .body.trimEnd()
      .split('\n')
    const real = note.trimEnd().split('\n')
    expect(real).toHaveLength(layout.length)
    expect(layout).toEqual([
      '<origin>',
      '<size>',
      '<base64 Merkle root over receipt hashes 1..size>',
      '',
      '— <key name> <base64(4-byte key id ‖ signature)>',
    ])
    expect(real[0]).toBe(origin)
    expect(real[1]).toBe('4')
    expect(Buffer.from(real[2], 'base64')).toHaveLength(32)
    expect(real[3]).toBe('')
    expect(real[4]).toMatch(new RegExp(`^— ${origin.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} [A-Za-z0-9+/]+=*$`))
  })
})
