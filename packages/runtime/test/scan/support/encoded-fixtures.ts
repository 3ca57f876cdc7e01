import { readdirSync } from 'node:fs'
import { expect, it } from 'vitest'
import { scan } from '../../../src/scan'
import { fixtureRows, flagged } from './labelled-rows'

export interface ToolOutputRow {
  id: string
  text: string
  lang: string
  labels: { injection: 0 | 1 }
}

/** Every row of the tool-output fixtures (`tool-outputs*.jsonl`). */
export function toolOutputRows(): ToolOutputRow[] {
  return readdirSync(new URL('../fixtures/', import.meta.url))
    .filter((name) => name.startsWith('tool-outputs'))
    .flatMap((file) => fixtureRows<ToolOutputRow>(file))
}

/**
 * The two tests an encoding the scanner reads through owes the fixtures: attacks rejected as written stay rejected
 * encoded (at least `floor` of them, per language), and benign rows encoded are flagged by an injection rule at most
 * `slack` times more than as written. `how` names the encoding in the tests' titles ("escaped", "as a page").
 */
export function encodedFixtureTests(
  how: string,
  encode: (text: string) => string,
  floor: Readonly<Record<'en' | 'zh', number>>,
  slack: Readonly<Record<'en' | 'zh', number>>,
): void {
  const rows = toolOutputRows()

  it.each(['en', 'zh'] as const)(`%s attacks keep their rejections ${how}`, (lang) => {
    const attacks = rows.filter((row) => row.lang === lang && row.labels.injection === 1 && scan(row.text).decision === 'reject')
    const kept = attacks.filter((row) => scan(encode(row.text)).decision === 'reject')
    expect(attacks.length).toBeGreaterThan(500)
    expect(kept.length / attacks.length).toBeGreaterThanOrEqual(floor[lang])
  })

  it.each(['en', 'zh'] as const)(`%s benign rows ${how} are flagged as injections no more often than as written`, (lang) => {
    const benign = rows.filter((row) => row.lang === lang && row.labels.injection === 0)
    const flaggedAsWritten = benign.filter(flagged).length
    const flaggedEncoded = benign.filter((row) => flagged({ text: encode(row.text) })).length
    expect(benign.length).toBeGreaterThan(1000)
    expect(flaggedEncoded).toBeLessThanOrEqual(flaggedAsWritten + slack[lang])
  })
}
