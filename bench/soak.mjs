// Soak (issue 8, "Long runs"): one writer on a file store for 30 minutes, RSS and heap sampled every 10 s.
//   npm run bench:soak                         30 minutes, 2,000 receipts/s
//   npm run bench:soak -- --minutes 2          shorter (the verdict says so)
//   npm run bench:soak -- --rate 1000          another write rate
//   npm run bench:soak -- --max-rss-mb 4000    stop the writer once its RSS passes this (default 4000)
//   npm run bench:soak -- --no-write           print only, leave docs/benchmarks.md alone
// The writer runs in its own process (bench/runtime/soak-writer.mjs); this process only starts it, prints its
// samples as they come and writes the soak section of docs/benchmarks.md.

import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { count, mb, ms, perSecond, ratio } from './lib/format.mjs'
import { renderTable, replaceBlock } from './lib/report.mjs'
import { row } from './lib/verdict.mjs'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))
const argv = process.argv.slice(2)
const arg = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback)
const minutes = Number(arg('--minutes', '30'))
const rate = Number(arg('--rate', '2000'))
const maxRssMb = Number(arg('--max-rss-mb', '4000'))
const write = !argv.includes('--no-write')
if (!(minutes > 0) || !(rate > 0)) {
  console.error('usage: npm run bench:soak -- [--minutes N] [--rate R] [--no-write]')
  process.exit(2)
}
const command = `npm run bench:soak${argv.length ? ` -- ${argv.join(' ')}` : ''}`
const MB = 1e6
/** The rule for "RSS flat" (documented in the section this script writes). */
const SLOPE_LIMIT_MB_PER_MIN = 1
const GROWTH_LIMIT = 1.5
const REFERENCE_MIN = 2
const KEEP_UP = 0.9

const date = new Date().toISOString()
const loadAtStart = loadavg()[0]
const dir = mkdtempSync(join(tmpdir(), 'mc-soak-'))
let final
try {
  final = await runWriter([
    '--expose-gc',
    join(repoRoot, 'bench/runtime/soak-writer.mjs'),
    '--minutes',
    String(minutes),
    '--rate',
    String(rate),
    '--dir',
    join(dir, 'store'),
    '--max-rss-mb',
    String(maxRssMb),
  ])
} finally {
  rmSync(dir, { recursive: true, force: true })
}
const load = `1-min load average ${loadAtStart.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end`

const samples = final.samples
const tMin = (s) => s.tMs / 60_000
const last = samples[samples.length - 1]
// RSS at minute 2: the first sample at or after 2:00 (the last one in a shorter run).
const reference = samples.find((s) => tMin(s) >= REFERENCE_MIN) ?? last
const secondHalf = samples.filter((s) => tMin(s) >= tMin(last) / 2)
const slope = leastSquaresSlope(secondHalf.map((s) => [tMin(s), s.rss / MB]))
const heapSlope = leastSquaresSlope(secondHalf.map((s) => [tMin(s), s.heapUsed / MB]))
// ArrayBuffers hold sql.js's WASM memory (the query index) besides Node's buffers: what grows there is not JS heap.
const bufferSlope = leastSquaresSlope(secondHalf.map((s) => [tMin(s), s.arrayBuffers / MB]))
// Growth per receipt written: a store whose memory follows its history (not its live state) shows a constant here.
const receiptsPerMin = leastSquaresSlope(secondHalf.map((s) => [tMin(s), s.receipts]))
const perReceipt = (mbPerMinute) =>
  receiptsPerMin > 0 ? `${Math.round((mbPerMinute * MB) / receiptsPerMin)} B per receipt written` : 'n/a'
const growth = last.rss / reference.rss

const rows = [
  row({
    name: 'RSS slope over the second half (least squares)',
    value: slope,
    format: mbPerMin,
    op: '<=',
    target: SLOPE_LIMIT_MB_PER_MIN,
    note: `${secondHalf.length} samples from ${clock(secondHalf[0].tMs)} to ${clock(last.tMs)}`,
  }),
  row({
    name: `final RSS ÷ RSS at minute ${REFERENCE_MIN}`,
    value: growth,
    format: ratio,
    op: '<=',
    target: GROWTH_LIMIT,
    note: `${mb(last.rss)} at ${clock(last.tMs)} vs ${mb(reference.rss)} at ${clock(reference.tMs)}`,
  }),
  row({
    name: 'writes kept up: achieved receipts/s',
    value: final.achievedPerSec,
    format: perSecond,
    op: '>=',
    target: KEEP_UP * rate,
    note: `${count(final.written)} receipts in ${(final.seconds / 60).toFixed(1)} min (target rate ${perSecond(rate)}); ${kinds(final.byKind)}`,
  }),
  row({
    name: 'JS heap slope over the second half (heapUsed after forced GC)',
    value: heapSlope,
    format: mbPerMin,
    note: `heapUsed ${mb(samples[0].heapUsed)} first, ${mb(last.heapUsed)} last; ${perReceipt(heapSlope)}`,
  }),
  row({
    name: 'ArrayBuffers slope over the second half (sql.js WASM memory among them)',
    value: bufferSlope,
    format: mbPerMin,
    note: `arrayBuffers ${mb(samples[0].arrayBuffers)} first, ${mb(last.arrayBuffers)} last; ${perReceipt(bufferSlope)}`,
  }),
  row({
    name: '`flush()` every 100 ms: median / max duration',
    value: final.flushP50Ms,
    format: ms,
    note: `max ${ms(final.flushMaxMs)} over ${count(final.flushes)} flushes`,
  }),
  row({
    name: '`checkpoint()` every 10 s: count / slowest',
    value: final.checkpoints,
    format: count,
    note: `slowest ${ms(final.maxCheckpointMs)}`,
  }),
  row({ name: '`verify()` after the run', value: final.verify.checked, format: count, note: final.verify.ok ? 'ok' : 'FAILED' }),
]
const flat = rows.slice(0, 2).every((r) => r.verdict === 'PASS')
const kept = rows[2].verdict === 'PASS'
const verdict = `${flat && !final.stopped ? 'RSS flat' : 'RSS NOT flat'}${final.stopped ? ` (${final.stopped})` : ''}${kept ? '' : '; the writer fell behind its rate'}${minutes < 30 ? ` (a ${minutes}-minute run, not the 30-minute soak)` : ''}`

console.log('\n  time    receipts        RSS       heap')
for (const s of samples)
  console.log(`  ${clock(s.tMs).padStart(5)} ${count(s.receipts).padStart(11)} ${mb(s.rss).padStart(10)} ${mb(s.heapUsed).padStart(10)}`)
for (const r of rows)
  console.log(
    `  ${r.verdict.padEnd(12)} ${r.figure.padStart(12)}  ${r.name}${r.target === '–' ? '' : `  (target ${r.target})`}${r.note ? `  [${r.note}]` : ''}`,
  )
console.log(`\nverdict: ${verdict}`)

if (write) {
  const path = join(repoRoot, 'docs/benchmarks.md')
  replaceBlock(path, 'soak', section())
  console.log(`wrote the soak section of ${path}`)
}
process.exitCode = flat && kept && !final.stopped && final.verify.ok ? 0 : 1

function section() {
  const out = []
  out.push('## Soak: one writer on a file store (issue 8)')
  out.push('')
  out.push(`Written by \`bench/soak.mjs\`, not by \`npm run bench\` (which keeps this section as it is).`)
  out.push('')
  out.push(`- Date: ${date}`)
  out.push(`- Command: \`${command}\`${minutes < 30 ? ` (${minutes} minutes: a check that the soak runs, not the 30-minute soak)` : ''}`)
  out.push(`- Load: ${load}`)
  out.push(`- Verdict: **${verdict}**`)
  out.push('')
  out.push(renderTable(rows))
  out.push('')
  out.push('Samples (RSS and heapUsed after a forced GC; MB = 10⁶ B):')
  out.push('')
  out.push('| time | receipts | RSS | heapUsed | external | arrayBuffers |')
  out.push('|---|---|---|---|---|---|')
  for (const s of samples)
    out.push(`| ${clock(s.tMs)} | ${count(s.receipts)} | ${mb(s.rss)} | ${mb(s.heapUsed)} | ${mb(s.external)} | ${mb(s.arrayBuffers)} |`)
  out.push('')
  out.push(
    `**Method.** \`npm run bench:soak\` builds the packages and starts one writer process (\`node --expose-gc bench/runtime/soak-writer.mjs\`) ` +
      `on a fresh file store in a temp dir. For ${minutes === 30 ? '30 minutes' : `${minutes} minutes (\`--minutes\`; 30 by default)`} it writes ${perSecond(rate)} ` +
      '(`--rate`) in units of five receipts: two `decision.commit` over 50 keys, one `execution.store` with a new call id, one ' +
      '`plans.record` (1,000 plan ids reused) referencing it, and one `bridge.promote` of that result; tool results expire after 60 s ' +
      '(`execution.ttlMs`), so the live state stays bounded while the history grows. It awaits `flush()` every 100 ms and ' +
      '`checkpoint()` every 10 s, and every 10 s calls `gc()` and records `process.memoryUsage()`. ' +
      `**RSS flat** means both: the least-squares slope of RSS against time over the second half of the samples is ≤ ${SLOPE_LIMIT_MB_PER_MIN} MB/min, ` +
      `and the final RSS is ≤ ${GROWTH_LIMIT}× the RSS at minute ${REFERENCE_MIN} (the first sample at or after 2:00, once start-up and JIT warm-up are over; ` +
      `in a run of 2 minutes or less that is the last sample, so the ratio says nothing). The writer must also keep up: at least ${KEEP_UP * 100}% of the ` +
      'requested rate, since a writer that stalls could look flat. To protect a shared machine the writer stops once its RSS passes ' +
      '`--max-rss-mb` (4,000 by default), which fails the soak. `verify()` runs once after the last sample. The command exits ' +
      'non-zero when a verdict fails.',
  )
  return out.join('\n')
}

function runWriter(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] })
    let buffer = ''
    let lastLine = ''
    child.stdout.on('data', (d) => {
      buffer += d
      let nl
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + 1)
        if (line.startsWith('sample ')) {
          const s = JSON.parse(line.slice(7))
          console.log(
            `  ${clock(s.tMs).padStart(5)}  receipts ${count(s.receipts).padStart(10)}  RSS ${mb(s.rss).padStart(8)}  heap ${mb(s.heapUsed).padStart(8)}  lag ${s.lag}`,
          )
        } else if (line.trim()) lastLine = line
      }
    })
    child.on('error', reject)
    child.on('close', (code, signal) => {
      if (buffer.trim()) lastLine = buffer.trim()
      if (code !== 0) return reject(new Error(`soak writer exited with ${code ?? signal}`))
      try {
        resolve(JSON.parse(lastLine))
      } catch {
        reject(new Error(`soak writer printed no result: ${lastLine}`))
      }
    })
  })
}

function leastSquaresSlope(points) {
  const n = points.length
  if (n < 2) return Number.NaN
  let sx = 0
  let sy = 0
  for (const [x, y] of points) {
    sx += x
    sy += y
  }
  const mx = sx / n
  const my = sy / n
  let num = 0
  let den = 0
  for (const [x, y] of points) {
    num += (x - mx) * (y - my)
    den += (x - mx) ** 2
  }
  return den ? num / den : Number.NaN
}

function mbPerMin(value) {
  return Number.isFinite(value) ? `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(2)} MB/min` : 'n/a'
}

function clock(msValue) {
  const s = Math.round(msValue / 1000)
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

function kinds(byKind) {
  return Object.entries(byKind)
    .map(([k, n]) => `${k} ${count(n)}`)
    .join(', ')
}
