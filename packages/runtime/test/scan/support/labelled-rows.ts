import { readFileSync } from 'node:fs'
import { scan } from '../../../src/scan'
import { injectionDecision } from './injection-decision'

/** The rows of a JSON-lines fixture in `test/scan/fixtures/`. */
export function fixtureRows<Row>(name: string): Row[] {
  return readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Row)
}

/** The injection findings of `text` (every family scanned). */
export const injectionFindings = (text: string) => scan(text).findings.filter((finding) => finding.family === 'injection')

/** The injection findings of `text` as `rule:severity` ("injection/override:high"). */
export const injectionRules = (text: string) => injectionFindings(text).map((finding) => `${finding.rule}:${finding.severity}`)

/** Held or rejected with an injection finding: the family's "flagged" of eval:scan. */
export const flagged = (row: { text: string }) => injectionDecision(row.text) !== 'approve' && injectionFindings(row.text).length > 0

/** Rejected on the injection family's findings alone. */
export const rejected = (row: { text: string }) => injectionDecision(row.text) === 'reject'
