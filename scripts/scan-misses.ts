/**
 * Lists the rows the content scanner gets wrong, for one family, grouped by source file: positives it leaves
 * unflagged or unrejected and negatives it flags. For error analysis during rule work; `eval:scan` gives the figures.
 *
 *   npx tsx scripts/scan-misses.ts --family injection [--lang en] [--half dev|held] [--kind flag|rej|fp] [--corpus DIR]
 *
 * `--half` keeps one half of every source's rows, split by a hash of the row id (`rowHalf` of eval-scan), so rules
 * can be developed on `dev` and checked on `held`.
 */
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { scan } from '../packages/runtime/src/scan'
import type { Family } from '../packages/runtime/src/scan'
import { rowHalf } from './scan-half'

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const arg = (name: string) => {
  const at = process.argv.indexOf(name)
  return at === -1 ? undefined : process.argv[at + 1]
}
const family = (arg('--family') ?? 'injection') as Family
const lang = arg('--lang')
const half = arg('--half')
const kind = arg('--kind') ?? 'flag'
const dir = path.resolve(REPO, arg('--corpus') ?? '../shared/corpus/scan-dev')

for (const file of readdirSync(dir)
  .filter((name) => name.endsWith('.jsonl'))
  .sort()) {
  const rows = readFileSync(path.join(dir, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line))
  const listed: string[] = []
  for (const row of rows) {
    if (row.meta?.scope === 'out' || row.labels[family] === undefined) continue
    if (lang !== undefined && row.lang !== lang) continue
    if (half !== undefined && rowHalf(row.id) !== half) continue
    const result = scan(row.text)
    const own = result.findings.filter((f) => f.family === family)
    const flagged = result.decision !== 'approve' && own.length > 0
    const rejected = result.decision === 'reject' && own.length > 0
    const label = row.labels[family]
    const wrong = kind === 'fp' ? label === 0 && flagged : label === 1 && (kind === 'rej' ? !rejected : !flagged)
    if (!wrong) continue
    const found = own.map((f) => `${f.rule}:${f.severity}`).join(',') || '-'
    listed.push(`  ${row.id} [${result.decision} ${found}] ${JSON.stringify(row.text).slice(0, 400)}`)
  }
  if (listed.length > 0) console.log(`${file} (${listed.length})\n${listed.join('\n')}`)
}
