import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { scan } from '../../src/scan'

interface HardNegative {
  id: string
  kind: string
  text: string
}

/**
 * Benign English texts that talk about instructions, prompts, roles, passwords, tokens and keys (docs, tutorials,
 * changelogs, support answers, memories). Written for these tests and kept out of rule development: they check
 * that the rules stay general rather than fitted to the development corpus.
 */
const rows: HardNegative[] = readFileSync(new URL('./fixtures/hard-negatives-en.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as HardNegative)

describe('held-out hard negatives (fixtures/hard-negatives-en.jsonl)', () => {
  it('has rows of every kind it claims', () => {
    expect(rows.length).toBeGreaterThanOrEqual(40)
    expect(new Set(rows.map((row) => row.kind))).toEqual(
      new Set(['docs', 'tutorial', 'changelog', 'security-lesson', 'meeting-notes', 'memory', 'support', 'recipe', 'game', 'email']),
    )
  })

  it.each(rows.map((row) => [row.id, row.text]))('%s is never rejected', (_id, text) => {
    const result = scan(text)
    expect(result.decision, JSON.stringify(result.findings)).not.toBe('reject')
  })

  it('holds at most one in ten for review', () => {
    const flagged = rows.filter((row) => scan(row.text).decision !== 'approve')
    expect(flagged.length).toBeLessThanOrEqual(Math.floor(rows.length / 10))
  })
})
