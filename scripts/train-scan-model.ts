/**
 * Trains the scanner's learned layer (packages/runtime/src/scan/learned/) from the development corpus and writes
 * its weights (the text model's in weights.ts, the document model's in document-weights.ts, the passage model's,
 * `trainPassages` below, in passage-weights.ts), so that the committed weights are reproduced by anyone who has the
 * corpus:
 *
 *   npm run train:scan [-- --corpus DIR] [--train all|dev] [--check]
 *
 * Logistic regressions over hashed word, word-pair and character-trigram features (learned/features.ts) of the rows
 * labelled for `injection` (0 or 1; rows marked `meta.scope: "out"` left out): the text model's of the corpus and the
 * handwritten fixtures of `TRAINING_FIXTURES`, the document and passage models' of the corpus and every fixture
 * (packages/runtime/test/scan/fixtures/; a fixture without labels holds benign texts only). Deterministic: a seeded
 * shuffle, fixed epochs, no clock. Before training on `--train` (default `all`), it trains the text model once on
 * the `dev` half of its rows (scripts/scan-half.ts) and prints how it does on the `held` half, which it never saw,
 * and the passage model once without the latest tool-output rounds and prints how it reads them: the figures that
 * say whether the layer generalises (`npm run eval:scan -- --half held` scores with the models trained on a half;
 * `npm run eval:rounds` with the rules beside them). `--check` writes nothing and fails if the committed weights
 * differ from what training gives.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { featureBuckets } from '../packages/runtime/src/scan/learned/features'
import { encodeWeights, MODEL_BITS, probabilityOf, readPassages, type LearnedModel } from '../packages/runtime/src/scan/learned/model'
import { passageReading } from '../packages/runtime/src/scan/readable'
import { rng } from '../bench/lib/stats.mjs'
import { rowHalf } from './scan-half'
import { argument } from './arguments'

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const OUT = path.join(REPO, 'packages/runtime/src/scan/learned/weights.ts')
const PASSAGES_OUT = path.join(REPO, 'packages/runtime/src/scan/learned/passage-weights.ts')
const DOCUMENTS_OUT = path.join(REPO, 'packages/runtime/src/scan/learned/document-weights.ts')
const FIXTURES = path.join(REPO, 'packages/runtime/test/scan/fixtures')

interface Row {
  id: string
  text: string
  /** Absent in the fixtures of benign texts only (hard negatives, standing preferences). */
  labels?: { injection?: 0 | 1 | 'review' }
  lang: string
  meta?: Record<string, unknown>
}
export interface Example {
  row: Row
  source: string
  y: 0 | 1
  x: Uint32Array
}

/** The rows of one JSONL file labelled for injection (rows without labels: a fixture of benign texts, all 0). */
export function examples(file: string): Example[] {
  const source = path.basename(file)
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Row)
    .map((row) => ({ row, y: row.labels ? row.labels.injection : 0 }))
    .filter(({ row, y }) => (y === 0 || y === 1) && row.meta?.scope !== 'out')
    .map(({ row, y }) => ({ row, source, y: y as 0 | 1, x: featureBuckets(row.text, MODEL_BITS) }))
}

const EPOCHS = 30
const RATE = 0.4
// Chosen on the held half with the rules beside the model (2026-12-01): with 1e-3, PI-1's English injections the
// rules alone flag 70 % of were flagged 77 % at the rule's threshold of 0.9 (80 % at 0.85, 82 % at 0.8), and no benign
// row the rules pass (1 of 731 at 0.85, 3 at 0.8); 3e-4 flagged 80 % at 0.9 but 3 benign rows, 3e-3 75 % and none.
const L2 = 1e-3

/**
 * Logistic regression by AdaGrad on L2-normalised binary features; positives and negatives weighted to count the
 * same in all. Returns float weights and bias.
 */
function train(data: readonly { x: Uint32Array; y: 0 | 1 }[], epochs = EPOCHS): { weights: Float64Array; bias: number } {
  const size = 1 << MODEL_BITS
  const weights = new Float64Array(size)
  const squares = new Float64Array(size).fill(1e-8)
  let bias = 0
  let biasSquares = 1e-8
  const positives = data.filter((e) => e.y === 1).length
  const classWeight = [data.length / (2 * (data.length - positives)), data.length / (2 * positives)]
  const order = data.map((_, i) => i)
  // mulberry32, seeded: the shuffle (and so the weights) are the same on every run
  const next = rng(1)
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1))
      ;[order[i], order[j]] = [order[j]!, order[i]!]
    }
    for (const index of order) {
      const { x, y } = data[index]!
      const value = 1 / Math.sqrt(Math.max(1, x.length))
      let z = bias
      for (const b of x) z += weights[b]! * value
      const p = 1 / (1 + Math.exp(-z))
      const g = (p - y) * classWeight[y]!
      for (const b of x) {
        const grad = g * value + L2 * weights[b]!
        squares[b]! += grad * grad
        weights[b]! -= (RATE * grad) / Math.sqrt(squares[b]!)
      }
      biasSquares += g * g
      bias -= (RATE * g) / Math.sqrt(biasSquares)
    }
  }
  return { weights, bias }
}

/** The weights rounded to 8 bits as the runtime holds them. */
function quantise(trained: { weights: Float64Array; bias: number }): LearnedModel {
  let max = 0
  for (const w of trained.weights) max = Math.max(max, Math.abs(w))
  const scale = max / 127
  const weights = new Int8Array(trained.weights.length)
  for (let i = 0; i < weights.length; i++) weights[i] = Math.round(trained.weights[i]! / scale)
  return { bits: MODEL_BITS, scale, bias: trained.bias, weights }
}

const THRESHOLDS = [0.7, 0.8, 0.85, 0.9]

function report(title: string, model: LearnedModel, data: readonly Example[]): void {
  console.log(`\n${title}`)
  console.log(`| source | n+ | n- | ${THRESHOLDS.map((t) => `R@${t} / FPR@${t}`).join(' | ')} |`)
  const groups = new Map<string, Example[]>()
  for (const e of data) {
    const key = `${e.source} ${e.row.lang ?? ''}`
    groups.set(key, [...(groups.get(key) ?? []), e])
  }
  for (const [key, group] of [...groups].sort()) {
    const pos = group.filter((e) => e.y === 1)
    const neg = group.filter((e) => e.y === 0)
    const cells = THRESHOLDS.map((t) => {
      const r = pos.length ? `${((100 * pos.filter((e) => probabilityOf(e.x, model) >= t).length) / pos.length).toFixed(0)}%` : '—'
      const f = neg.length ? `${((100 * neg.filter((e) => probabilityOf(e.x, model) >= t).length) / neg.length).toFixed(1)}%` : '—'
      return `${r} / ${f}`
    })
    console.log(`| ${key} | ${pos.length} | ${neg.length} | ${cells.join(' | ')} |`)
  }
}

function jsonlFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
}

/**
 * The handwritten fixtures the text model learns from besides the corpus. The fixtures written after them (the blind
 * rounds read since: tool-outputs-9 and on, memory-notes-11 and on) are left out of it on purpose: trained on them as
 * well, the agent-style tool outputs pull it off the corpus's classic injections (stop 41: 270 rows of the corpus and
 * fixtures moved the wrong way, 108 the right way; stop 50, with blind103-114 too: the corpus's English R_flag 92.3 ->
 * 85.8 %, 84.0 -> 81.5 % on its held half). The passage model learns from every fixture.
 */
export const TRAINING_FIXTURES: readonly string[] = [
  'chat-prompts.jsonl',
  'chat-prompts-2.jsonl',
  'chat-prompts-3.jsonl',
  'hard-negatives-en.jsonl',
  'indirect-agents.jsonl',
  'jailbreak-shapes.jsonl',
  'memory-notes.jsonl',
  ...[2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => `memory-notes-${n}.jsonl`),
  'output-directives.jsonl',
  'standing-preferences-en.jsonl',
  'tool-outputs.jsonl',
  ...[2, 3, 4, 5, 6, 7, 8].map((n) => `tool-outputs-${n}.jsonl`),
]

/**
 * Every labelled row the layer learns from: the corpus, and every handwritten fixture in name order (the seeded
 * shuffle, so the weights, depend on it); `textFixtures` says which of them the text model reads.
 */
export function trainingExamples(corpusDir: string): { corpus: Example[]; fixtures: Example[] } {
  if (!existsSync(corpusDir)) throw new Error(`no corpus at ${corpusDir} (pass --corpus DIR)`)
  const missing = TRAINING_FIXTURES.filter((f) => !existsSync(path.join(FIXTURES, f)))
  if (missing.length) throw new Error(`training fixtures missing from ${FIXTURES}: ${missing.join(', ')}`)
  return {
    corpus: jsonlFiles(corpusDir).flatMap((f) => examples(path.join(corpusDir, f))),
    fixtures: jsonlFiles(FIXTURES).flatMap((f) => examples(path.join(FIXTURES, f))),
  }
}

/** The fixtures' rows the text model learns from besides the corpus: those of `TRAINING_FIXTURES`. */
export function textFixtures(fixtures: readonly Example[]): Example[] {
  return fixtures.filter((e) => TRAINING_FIXTURES.includes(e.source))
}

/** The model trained on the rows of one half (scripts/scan-half.ts), or on all of them. */
export function trainLearned(rows: readonly Example[], half?: 'dev' | 'held'): LearnedModel {
  return quantise(train(half ? rows.filter((e) => rowHalf(e.row.id) === half) : rows))
}

/** A labelled text cut into its passages (learned/passages.ts), each passage's feature buckets computed once. */
export interface PassageExample {
  example: Example
  x: Uint32Array[]
}

export function passageExamples(rows: readonly Example[]): PassageExample[] {
  return rows.map((example) => {
    const x: Uint32Array[] = []
    // read as the rule reads them (rules/injection/learned.ts)
    readPassages(passageReading(example.row.text).text, MODEL_BITS, (_start, _end, buckets) => x.push(buckets.slice()))
    return { example, x }
  })
}

/**
 * The tool-output rounds from this one on (blind103 to blind114: 960 texts written by helpers who saw neither the
 * rules nor the corpus, read in stops 48 and 49) are what both models are measured on, trained without them, before
 * they are trained on everything: the figure that says whether the layer reads tool outputs it never saw.
 */
export const HELD_ROUNDS_FROM = 72

export function isLaterRound(e: Example): boolean {
  const m = /^tool-outputs-(\d+)\.jsonl$/.exec(e.source)
  return m !== null && Number(m[1]) >= HELD_ROUNDS_FROM
}

const PASSAGE_ROUNDS = 3
// 30 rather than 15 (stop 50): held-out rounds read better in every fold of blind103-117, by a few texts at most
const PASSAGE_EPOCHS = 30

function strongestIndex(scores: readonly number[]): number {
  let best = 0
  for (let i = 1; i < scores.length; i++) if (scores[i]! > scores[best]!) best = i
  return best
}

/**
 * The passage model, by multiple-instance learning: the fixtures label texts, not spans, so every passage of a benign
 * text is a negative, and an injected text gives one positive, its passage likeliest to be the planted one. The
 * first round takes that passage by the document model's reading (a whole-text model trained on the same rows), each
 * later round by the model the round before trained (three rounds: a fourth chose the same passages). That first
 * reader learns from every row given, tool outputs included, unlike the text model: it chooses the planted passages
 * better (stop 50, with 30 epochs a round: blind103-114 held out three rounds at a time, and blind115-117, scanned
 * with the rules beside it: the passage model's AUC up in every fold, English attacks flagged 192 -> 202 of 225,
 * Chinese 185 -> 189, benign texts flagged for any reason 77 -> 78 of 750).
 */
export function trainPassages(rows: readonly PassageExample[], documents = trainDocuments(rows.map((e) => e.example))): LearnedModel {
  let chooser = (x: Uint32Array) => probabilityOf(x, documents)
  let trained: LearnedModel | undefined
  for (let round = 0; round < PASSAGE_ROUNDS; round++) {
    const data: { x: Uint32Array; y: 0 | 1 }[] = []
    for (const { example, x } of rows) {
      if (x.length === 0) continue
      if (example.y === 0) for (const passage of x) data.push({ x: passage, y: 0 })
      else data.push({ x: x[strongestIndex(x.map(chooser))]!, y: 1 })
    }
    const model = quantise(train(data, PASSAGE_EPOCHS))
    chooser = (x) => probabilityOf(x, model)
    trained = model
  }
  return trained!
}

/** A text's reading by the passage model: its strongest passage's probability (0 for a text with no passage). */
function passageScore(example: PassageExample, model: LearnedModel): number {
  let p = 0
  for (const x of example.x) p = Math.max(p, probabilityOf(x, model))
  return p
}

function reportPassages(title: string, model: LearnedModel, data: readonly PassageExample[]): void {
  console.log(`\n${title}`)
  const thresholds = [0.8, 0.9, 0.95, 0.97]
  console.log(`| language | n+ | n- | ${thresholds.map((t) => `R@${t} / FPR@${t}`).join(' | ')} |`)
  for (const lang of ['en', 'zh']) {
    const group = data.filter((e) => e.example.row.lang === lang)
    const pos = group.filter((e) => e.example.y === 1).map((e) => passageScore(e, model))
    const neg = group.filter((e) => e.example.y === 0).map((e) => passageScore(e, model))
    const cells = thresholds.map(
      (t) =>
        `${((100 * pos.filter((p) => p >= t).length) / pos.length).toFixed(0)}% / ${((100 * neg.filter((p) => p >= t).length) / neg.length).toFixed(1)}%`,
    )
    console.log(`| ${lang} | ${pos.length} | ${neg.length} | ${cells.join(' | ')} |`)
  }
}

/**
 * The document model: the text model's logistic regression over every row given, the tool-output fixtures included.
 * It reads long texts (rules/injection/learned.ts, LONG_TEXT) in the text model's place, which may not learn from tool
 * outputs without losing the corpus's short injections, and it is the passage model's first reader (`trainPassages`).
 * Chosen on rows neither model learned from (stop 50): the tool-output rounds of `npm run eval:rounds` (four folds and
 * blind115-117), 6 more attacks of 450 flagged and 6 fewer benign texts of 750 (most of them Chinese); the long rows of
 * each fixture the text model learns from, held out a file at a time for both models, 824 against 825 attacks of 839
 * flagged, 751 against 749 rejected, 60 against 62 benign texts of 1,040 flagged.
 */
export function trainDocuments(rows: readonly Example[]): LearnedModel {
  return trainLearned(rows)
}

/** The three models for a set of rows (all of them, or one half). */
export function trainLayer(
  corpusDir: string,
  half?: 'dev' | 'held',
): { text: LearnedModel; passages: LearnedModel; documents: LearnedModel } {
  const { corpus, fixtures } = trainingExamples(corpusDir)
  const inHalf = (e: Example) => !half || rowHalf(e.row.id) === half
  const rows = [...corpus, ...fixtures].filter(inHalf)
  const documents = trainDocuments(rows)
  return {
    text: trainLearned([...corpus, ...textFixtures(fixtures)].filter(inHalf)),
    passages: trainPassages(passageExamples(rows), documents),
    documents,
  }
}

function main(): void {
  const corpusDir = path.resolve(REPO, argument('--corpus') ?? '../shared/corpus/scan-dev')
  const { corpus, fixtures } = trainingExamples(corpusDir)
  const all = [...corpus, ...textFixtures(fixtures)]
  const devModel = trainLearned(all, 'dev')
  const dev = all.filter((e) => rowHalf(e.row.id) === 'dev')
  console.log(`the text model trained on the dev half (${dev.length} rows); measured on the held half, which it never saw:`)
  report(
    'held half of the corpus',
    devModel,
    corpus.filter((e) => rowHalf(e.row.id) === 'held'),
  )
  report(
    'held half of the handwritten fixtures it learns from',
    devModel,
    textFixtures(fixtures).filter((e) => rowHalf(e.row.id) === 'held'),
  )

  const on = argument('--train') ?? 'all'
  const wholeModel = trainLearned(all)
  const model = on === 'dev' ? devModel : wholeModel

  const passageRows = passageExamples([...corpus, ...fixtures])
  const title = `the tool-output rounds from tool-outputs-${HELD_ROUNDS_FROM} on, which the text model never learns from`
  report(`${title}: the committed text model`, wholeModel, fixtures.filter(isLaterRound))
  reportPassages(
    `${title}: the passage model trained without them (a text's reading is its strongest passage's)`,
    trainPassages(passageRows.filter((e) => !isLaterRound(e.example))),
    passageRows.filter((e) => isLaterRound(e.example)),
  )
  const passageTraining = on === 'dev' ? passageRows.filter((e) => rowHalf(e.example.row.id) === 'dev') : passageRows
  const documentModel = trainDocuments(passageTraining.map((e) => e.example))
  const passageModel = trainPassages(passageTraining, documentModel)

  const outputs: Array<[string, string]> = [
    [OUT, weightsModule('WEIGHTS', model, on === 'dev' ? dev.length : all.length, on)],
    [DOCUMENTS_OUT, weightsModule('DOCUMENT_WEIGHTS', documentModel, passageTraining.length, on)],
    [PASSAGES_OUT, weightsModule('PASSAGE_WEIGHTS', passageModel, passageTraining.length, on)],
  ]
  if (process.argv.includes('--check')) {
    for (const [file, text] of outputs) {
      const committed = existsSync(file) ? readFileSync(file, 'utf8') : ''
      if (committed !== text) {
        console.error(`\n${path.relative(REPO, file)} differs from what training gives: run npm run train:scan`)
        process.exit(1)
      }
      console.log(`\n${path.relative(REPO, file)} is what training gives`)
    }
    return
  }
  for (const [file, text] of outputs) {
    writeFileSync(file, text)
    console.log(`\nwrote ${path.relative(REPO, file)} (trained on ${on === 'dev' ? 'the dev half' : 'the whole corpus and the fixtures'})`)
  }
}

function weightsModule(name: string, model: LearnedModel, rows: number, on: string): string {
  const encoded = encodeWeights(model)
  return `// Generated by \`npm run train:scan\` (scripts/train-scan-model.ts) from ${rows} rows of the development corpus
// (${on === 'dev' ? 'its dev half' : 'all of it'}): do not edit. ${model.weights.length} weights of 8 bits, base64.
export const ${name} = {
  bits: ${model.bits},
  scale: ${model.scale},
  bias: ${model.bias},
  weights:
    '${encoded}',
} as const
`
}

// run as a script, not when eval-scan imports the training functions
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
