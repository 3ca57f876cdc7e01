/**
 * Accuracy of the default matcher against a MW v1 ground-truth list.
 *
 *   npx tsx scripts/accuracy.ts <checkout> <ground-truth.md> [--json]
 *
 * <checkout>: a plain checkout of the listed repository at the listed commit (fetched by hand, outside this
 * repo; never commit it). <ground-truth.md>: markdown whose table rows read `| # | path:line:col | … |`
 * (e.g. /work/shared/research/call-shapes.md §4.1). Walks the checkout with the MW v1 file scope, runs
 * `analyze` with default options on each file, and prints recall and precision by location, the misses and
 * false positives, how many misses the default `excludeCallees` cause, the effect of the code prefilter,
 * and the per-file cost of analyze + instrument.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { analyze } from '../packages/unplugin/src/core/analyze'
import { instrument } from '../packages/unplugin/src/core/instrument'
import { resolveOptions } from '../packages/unplugin/src/core/options'
import { codePrefilter } from '../packages/unplugin/src/core/prefilter'
import type { CallSite } from '../packages/unplugin/src/types'

const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'out', 'coverage', '.next', '.turbo', '.git'])
const TEST_DIRS = new Set(['__tests__', '__mocks__', '__fixtures__', 'fixtures', 'test', 'tests', 'e2e', 'spec'])
const TEST_DIR_SUFFIX = /(?:-test|-tests|_test|_tests)$/
const TEST_FILE = /\.(test|spec|bench|e2e|test-d)\.[cm]?tsx?$/

/** MW v1 file scope (call-shapes.md §2). */
export function inScope(rel: string): boolean {
  if (!/\.(ts|tsx|mts|cts)$/.test(rel) || /\.d\.[cm]?ts$/.test(rel)) return false
  const segs = rel.split('/')
  const dirs = segs.slice(0, -1)
  if (dirs.some((d) => SKIP_DIRS.has(d) || TEST_DIRS.has(d) || TEST_DIR_SUFFIX.test(d))) return false
  return !TEST_FILE.test(segs[segs.length - 1])
}

function* walkFiles(root: string, rel = ''): Generator<string> {
  for (const e of readdirSync(path.join(root, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) yield* walkFiles(root, r)
    } else if (e.isFile() && inScope(r)) yield r
  }
}

interface Truth {
  loc: string
  rule: string
  callee: string
  key: string
  flags: string
}

export function parseGroundTruth(md: string): Truth[] {
  const rows: Truth[] = []
  for (const line of md.split('\n')) {
    const m = /^\|\s*\d+\s*\|\s*([^|\s]+:\d+:\d+)\s*\|[^|]*\|\s*`([^`]*)`\s*\|\s*([^|\s]+)\s*\|\s*([^|\s]+)\s*\|\s*([^|\s]+)\s*\|/.exec(
      line,
    )
    if (m) rows.push({ loc: m[1], callee: m[2], rule: m[3], key: m[4], flags: m[5] })
  }
  return rows
}

/** Multiset difference by location: what `a` has beyond `b`. */
function minus(a: string[], b: string[]): string[] {
  const count = new Map<string, number>()
  for (const x of b) count.set(x, (count.get(x) ?? 0) + 1)
  const out: string[] = []
  for (const x of a) {
    const c = count.get(x) ?? 0
    if (c > 0) count.set(x, c - 1)
    else out.push(x)
  }
  return out
}

const median = (xs: number[]) => {
  if (!xs.length) return NaN
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

function main(): void {
  const [checkout, truthPath] = process.argv.slice(2).filter((a) => !a.startsWith('--'))
  if (!checkout || !truthPath) {
    console.error('usage: npx tsx scripts/accuracy.ts <checkout> <ground-truth.md> [--json]')
    process.exit(2)
  }
  const root = path.resolve(checkout)
  const truth = parseGroundTruth(readFileSync(truthPath, 'utf8'))
  if (!truth.length) throw new Error(`no ground-truth rows like "| 1 | path:line:col | ..." in ${truthPath}`)
  const files = [...walkFiles(root)].sort()
  const defaults = resolveOptions({}, { root, mode: 'production' })
  const noExcludes = resolveOptions({ defaultExcludes: false }, { root, mode: 'production' })
  const prefilter = codePrefilter(defaults)

  const found: CallSite[] = []
  const foundWithoutExcludes: string[] = []
  const foundThroughPrefilter: string[] = []
  const sources = new Map<string, string>()
  for (const rel of files) {
    const code = readFileSync(path.join(root, rel), 'utf8')
    sources.set(rel, code)
    const sites = analyze(code, path.join(root, rel), defaults)
    found.push(...sites)
    if (prefilter.test(code)) foundThroughPrefilter.push(...sites.map((s) => `${s.file}:${s.line}:${s.column}`))
    foundWithoutExcludes.push(...analyze(code, path.join(root, rel), noExcludes).map((s) => `${s.file}:${s.line}:${s.column}`))
  }

  const truthLocs = truth.map((t) => t.loc)
  const foundLocs = found.map((s) => `${s.file}:${s.line}:${s.column}`)
  const misses = minus(truthLocs, foundLocs)
  const falsePositives = minus(foundLocs, truthLocs)
  const tp = truthLocs.length - misses.length
  const recall = tp / truthLocs.length
  const precision = foundLocs.length ? tp / foundLocs.length : 0
  const missesFromExcludes = misses.filter((m) => foundWithoutExcludes.includes(m))
  const prefilterLost = minus(foundLocs, foundThroughPrefilter)

  const ruleByLoc = new Map(found.map((s) => [`${s.file}:${s.line}:${s.column}`, s]))
  const ruleMismatches = truth.filter((t) => {
    const s = ruleByLoc.get(t.loc)
    return s && !truth.some((u) => u.loc === t.loc && u.rule === s.rule)
  })

  // Key kind and flags as the ground truth writes them (`template` is our `pattern`; `-` means no flag).
  const flagText = (s: CallSite) =>
    [s.flags.await && 'await', s.flags.optional && 'opt', s.flags.valueUsed && 'val'].filter(Boolean).join(',') || '-'
  const keyText = (s: CallSite) => (s.keyKind === 'pattern' ? 'template' : s.keyKind)
  const detailMismatches = truth.flatMap((t) => {
    const s = ruleByLoc.get(t.loc)
    if (!s) return []
    const out: string[] = []
    if (keyText(s) !== t.key) out.push(`${t.loc} ${t.callee}: key truth ${t.key}, found ${keyText(s)}`)
    if (flagText(s) !== t.flags) out.push(`${t.loc} ${t.callee}: flags truth ${t.flags}, found ${flagText(s)}`)
    return out
  })

  // Per-file cost of analyze + instrument as the plugin pays it (prefilter first), measured on a second
  // pass so that both kinds of file run with a warm JIT; then every file without the prefilter.
  const all = [...sources]
  const timed = (code: string, id: string, usePrefilter: boolean) => {
    const t0 = performance.now()
    const pass = !usePrefilter || prefilter.test(code)
    if (pass) instrument(code, id, analyze(code, id, defaults), defaults)
    return { pass, ms: performance.now() - t0 }
  }
  for (const [rel, code] of all) timed(code, path.join(root, rel), true)
  const candidateMs: number[] = []
  const skippedMs: number[] = []
  const candidateBytes: number[] = []
  let candidates = 0
  for (const [rel, code] of all) {
    const { pass, ms } = timed(code, path.join(root, rel), true)
    if (pass) {
      candidateMs.push(ms)
      candidateBytes.push(code.length)
      candidates++
    } else skippedMs.push(ms)
  }
  const noPrefilterMs = all.map(([rel, code]) => timed(code, path.join(root, rel), false).ms)

  const report = {
    checkout: root,
    files: files.length,
    groundTruth: truthLocs.length,
    found: foundLocs.length,
    truePositives: tp,
    recall: Number(recall.toFixed(4)),
    precision: Number(precision.toFixed(4)),
    misses,
    missesFromDefaultExcludes: missesFromExcludes,
    falsePositives,
    ruleMismatches: ruleMismatches.map((t) => `${t.loc} ${t.callee}: truth ${t.rule}, found ${ruleByLoc.get(t.loc)?.rule}`),
    keyAndFlagMismatches: detailMismatches,
    prefilter: { filesPassing: candidates, sitesLostByPrefilter: prefilterLost },
    perFileMs: {
      candidateMedian: Number(median(candidateMs).toFixed(3)),
      candidateMedianBytes: median(candidateBytes),
      skippedMedian: Number(median(skippedMs).toFixed(4)),
      everyFileWithoutPrefilterMedian: Number(median(noPrefilterMs).toFixed(3)),
    },
  }
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(report, null, 2))
    return
  }
  console.log(`files in scope: ${report.files}; ground truth: ${report.groundTruth}; found: ${report.found}`)
  console.log(`recall    ${report.recall}  (${tp}/${truthLocs.length})`)
  console.log(`precision ${report.precision}  (${tp}/${foundLocs.length})`)
  console.log(`misses: ${misses.length} (from default excludeCallees: ${missesFromExcludes.length})`)
  for (const m of misses) console.log(`  miss ${m}${missesFromExcludes.includes(m) ? '  [default exclude]' : ''}`)
  console.log(`false positives: ${falsePositives.length}`)
  for (const f of falsePositives) console.log(`  fp   ${f}  ${ruleByLoc.get(f)?.callee} ${ruleByLoc.get(f)?.rule}`)
  console.log(`rule mismatches: ${ruleMismatches.length}`)
  for (const r of report.ruleMismatches) console.log(`  ${r}`)
  console.log(`key/flag mismatches: ${detailMismatches.length}`)
  for (const r of detailMismatches) console.log(`  ${r}`)
  console.log(`prefilter: ${candidates}/${files.length} files pass; sites lost by the prefilter: ${prefilterLost.length}`)
  console.log(
    `per-file analyze+instrument median: candidate ${report.perFileMs.candidateMedian} ms (median ${report.perFileMs.candidateMedianBytes} bytes), skipped ${report.perFileMs.skippedMedian} ms, ` +
      `every file without prefilter ${report.perFileMs.everyFileWithoutPrefilterMedian} ms`,
  )
}

main()
