/**
 * Measures the learned layer on tool outputs it never learned from, with the rules beside it (issue 9: what an
 * unseen tool output gets).
 *
 *   npm run eval:rounds [-- --corpus DIR] [--fold 3] [--unseen FILE...]
 *
 * The tool-output rounds from `tool-outputs-${HELD_ROUNDS_FROM}` on (written blind by helpers, then read) are cut into
 * groups of `--fold` rounds; for each group the document and passage models are trained as `npm run train:scan`
 * trains them, on every other row, and the group is scanned with them. The text model never learns from those rounds,
 * so it is the committed one. `--unseen` adds rounds that no model and no rule was written from (JSONL rows with
 * `labels.injection` or `label`), scanned with the committed layer. Per group and language it prints: attacks flagged
 * (not approved) and rejected, benign texts flagged by an injection finding, flagged for any reason and rejected, and
 * the AUC of the passage model's reading (a text's strongest passage). Deterministic; about a minute in all.
 *
 * A change to how the layer is trained is kept when these figures say so: the rounds of one group were never seen by
 * the model that scores them, which the corpus's held half (`npm run eval:scan -- --half held`) cannot say of tool
 * outputs, since the corpus has few.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { scan } from '../packages/runtime/src/scan'
import { passageModel, strongestPassage, useLearnedModel, type LearnedModel } from '../packages/runtime/src/scan/learned/model'
import { passageReading } from '../packages/runtime/src/scan/readable'
import { argument, argumentList } from './arguments'
import {
  HELD_ROUNDS_FROM,
  isLaterRound,
  passageExamples,
  trainDocuments,
  trainingExamples,
  trainPassages,
  type Example,
} from './train-scan-model'

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

interface Labelled {
  text: string
  lang: string
  y: 0 | 1
}

function unseenRows(file: string): Labelled[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { text: string; lang: string; label?: 0 | 1; labels?: { injection?: 0 | 1 } })
    .map((row) => ({ text: row.text, lang: row.lang, y: (row.labels?.injection ?? row.label) as 0 | 1 }))
    .filter((row) => row.y === 0 || row.y === 1)
}

/** Mann-Whitney AUC: the chance that an attack reads higher than a benign text (ties count half). */
function auc(positives: readonly number[], negatives: readonly number[]): number {
  let sum = 0
  for (const p of positives) for (const n of negatives) sum += p > n ? 1 : p === n ? 0.5 : 0
  return sum / (positives.length * negatives.length)
}

/** The passage model's reading of a text, as the rule reads it: its strongest passage's (0 for one without any). */
const strongest = (text: string, model: LearnedModel) => strongestPassage(passageReading(text).text, model)?.p ?? 0

/** One line per language: what the scanner (rules and `passages`) decides for `rows`. */
function measure(group: string, rows: readonly Labelled[], passages: LearnedModel): string[] {
  return ['en', 'zh'].flatMap((lang) => {
    const inLang = rows.filter((row) => row.lang === lang)
    if (!inLang.length) return []
    const scored = inLang.map((row) => ({ row, result: scan(row.text), p: strongest(row.text, passages) }))
    const attacks = scored.filter((s) => s.row.y === 1)
    const benign = scored.filter((s) => s.row.y === 0)
    const count = (items: typeof scored, test: (s: (typeof scored)[number]) => boolean) => `${items.filter(test).length}`
    return [
      `| ${group} | ${lang} | ${count(attacks, (s) => s.result.decision !== 'approve')} / ${count(attacks, (s) => s.result.decision === 'reject')} of ${attacks.length} | ` +
        `${count(benign, (s) => s.result.findings.some((f) => f.family === 'injection') && s.result.decision !== 'approve')} / ${count(benign, (s) => s.result.decision !== 'approve')} / ${count(benign, (s) => s.result.decision === 'reject')} of ${benign.length} | ` +
        `${auc(
          attacks.map((s) => s.p),
          benign.map((s) => s.p),
        ).toFixed(3)} |`,
    ]
  })
}

function main(): void {
  const corpusDir = path.resolve(REPO, argument('--corpus') ?? '../shared/corpus/scan-dev')
  const fold = Number(argument('--fold') ?? 3)
  if (!Number.isInteger(fold) || fold < 1) throw new TypeError(`--fold must be a whole number of rounds, not ${argument('--fold')}`)
  const { corpus, fixtures } = trainingExamples(corpusDir)
  const roundOf = (e: Example) => Number(/^tool-outputs-(\d+)\.jsonl$/.exec(e.source)![1])
  const rounds = [...new Set(fixtures.filter(isLaterRound).map(roundOf))].sort((a, b) => a - b)
  console.log(`the learned layer on tool-output rounds it never learned from, with the rules beside it`)
  console.log(
    `| rounds | language | attacks flagged / rejected | benign flagged by an injection finding / for any reason / rejected | AUC of the passage model |`,
  )
  console.log(`|---|---|---|---|---|`)
  const passageRows = passageExamples([...corpus, ...fixtures])
  for (let i = 0; i < rounds.length; i += fold) {
    const group = new Set(rounds.slice(i, i + fold))
    const held = (e: Example) => isLaterRound(e) && group.has(roundOf(e))
    const training = passageRows.filter((e) => !held(e.example))
    const documents = trainDocuments(training.map((e) => e.example))
    const passages = trainPassages(training, documents)
    useLearnedModel(undefined, passages, documents)
    const name = [...group].map((n) => `tool-outputs-${n}`).join(', ')
    const rows = fixtures.filter(held).map((e) => ({ text: e.row.text, lang: e.row.lang, y: e.y }))
    for (const line of measure(name, rows, passages)) console.log(line)
  }
  useLearnedModel()
  for (const file of argumentList('--unseen'))
    for (const line of measure(path.basename(path.dirname(file)) + '/' + path.basename(file), unseenRows(file), passageModel()))
      console.log(line)
  console.log(`\n(rounds from tool-outputs-${HELD_ROUNDS_FROM} on, ${fold} at a time; --unseen files with the committed layer)`)
}

main()
