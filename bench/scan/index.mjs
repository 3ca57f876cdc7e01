// Scan benchmark (issue 9): scan() latency on ~2 KB candidates without code and on candidates with a 200-line code
// block, in Node (its own process, bench/scan/node-case.mjs) and in headless Chromium (bench/scan/page, bundled with
// Vite, served cross-origin isolated for the 5 µs timer), both on the built `memory-customs/scan`.

import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runNode } from '../lib/child.mjs'
import { ms, ratio, us } from '../lib/format.mjs'
import { CHROMIUM, runBenchPage } from '../lib/page.mjs'
import { failedRow, firstLine, row } from '../lib/verdict.mjs'

const here = fileURLToPath(new URL('.', import.meta.url))
const PROSE_TARGET_MS = 1
const CODE_TARGET_MS = 5
const BROWSER_RATIO_TARGET = 2

const latency = (valueMs) => (valueMs < 1 ? us(valueMs * 1000) : ms(valueMs))

export async function runScan({ quick, log, repoRoot }) {
  const base = {
    id: 'scan',
    title: 'Content scanner (issue 9)',
    notes: [],
    method:
      '`scan()` from the built `memory-customs/scan` with the built-in rules and default options. Candidates are ' +
      'built deterministically (`bench/scan/inputs.mjs`, fixed seeds): four ~2 KB texts without code (memory notes, ' +
      'a tool-output e-mail with an IBAN and a phone number, a web page excerpt, Chinese notes) and four texts with ' +
      'a 200-line fenced block (Python, JavaScript, TypeScript, shell) between two short paragraphs. After a warm-up, ' +
      'each group is timed call by call, round-robin over its variants, in a fresh Node process and then in ' +
      'headless `/usr/bin/chromium` (playwright-core; the page is bundled with Vite and served with COOP/COEP so it ' +
      'is cross-origin isolated). p95 is over all calls of the group; the Chromium ratio divides p95 by p95. ' +
      "The code space row is the growth of V8's code spaces (`v8.getHeapSpaceStatistics()`) from before the Node " +
      'scans to after them; the unoptimised row runs the same Node process again with `node --no-regexp-optimization` ' +
      '(300 runs a variant).',
  }
  const rows = []
  let node
  try {
    const { result } = await runNode(join(here, 'node-case.mjs'), quick ? ['--quick'] : [], { cwd: repoRoot, timeoutMs: 10 * 60_000 })
    node = result
    log(`  node: prose p95 ${latency(node.prose.p95)}, code p95 ${latency(node.code.p95)} (${node.runs} runs a variant)`)
    rows.push(
      row({
        name: 'scan() p95, ~2 KB candidate without code (Node)',
        value: node.prose.p95,
        format: latency,
        op: '<=',
        target: PROSE_TARGET_MS,
        note: `p50 ${latency(node.prose.p50)}, p99 ${latency(node.prose.p99)}; ${variantNote(node.prose.variants)}`,
      }),
      row({
        name: 'scan() p95, candidate with a 200-line code block (Node)',
        value: node.code.p95,
        format: latency,
        op: '<=',
        target: CODE_TARGET_MS,
        note: `p50 ${latency(node.code.p50)}, p99 ${latency(node.code.p99)}; ${variantNote(node.code.variants)}`,
      }),
    )
    rows.push(
      row({
        name: "V8 code space grown by the Node scans (mostly the native code of the rules' regular expressions)",
        value: node.codeSpaceBytes / 1e6,
        format: (v) => `${v.toFixed(1)} MB`,
        note: 'V8 compiles an expression without its fast scan once a process has generated 1 MB of regexp code and holds 16 MB of executable memory (next row)',
      }),
    )
    // V8 compiles a regular expression without its fast scan once the process has generated over 1 MB of regexp code
    // and holds over 16 MB of executable memory; the scanner's expressions alone come near both, so in a larger app
    // the ones compiled late are compiled so. The flag compiles every expression so: the slowest a scan can get.
    const { result: plain } = await runNode(join(here, 'node-case.mjs'), ['--quick'], {
      nodeArgs: ['--no-regexp-optimization'],
      cwd: repoRoot,
      timeoutMs: 10 * 60_000,
    })
    log(`  node, regexp optimisation off: prose p50 ${latency(plain.prose.p50)}, code p50 ${latency(plain.code.p50)}`)
    rows.push(
      row({
        name: 'scan() p50 with every regular expression compiled unoptimised (`node --no-regexp-optimization`), without code / with a code block',
        value: plain.prose.p50,
        format: (v) => `${latency(v)} / ${latency(plain.code.p50)}`,
        note: `p95 ${latency(plain.prose.p95)} / ${latency(plain.code.p95)} (${plain.runs} runs a variant); ${ratio(plain.prose.p50 / node.prose.p50)} / ${ratio(plain.code.p50 / node.code.p50)} the p50 of the rows above: what V8 gives a process past its regexp code limits (1 MB generated, 16 MB executable), for expressions compiled after that`,
      }),
    )
  } catch (error) {
    log(`  node case failed: ${firstLine(error)}`)
    rows.push(failedRow('scan() p95, ~2 KB candidate without code (Node)', `≤ ${latency(PROSE_TARGET_MS)}`, error))
    rows.push(failedRow('scan() p95, candidate with a 200-line code block (Node)', `≤ ${latency(CODE_TARGET_MS)}`, error))
  }
  rows.push(...(await browserRows({ quick, log, node, notes: base.notes })))
  return { ...base, rows }
}

function variantNote(variants) {
  return `p95 per variant: ${variants.map((v) => `${v.name} ${latency(v.p95)} (${v.decision})`).join(', ')}`
}

async function browserRows({ quick, log, node, notes }) {
  const names = ['scan() p95 in Chromium ÷ Node, without code', 'scan() p95 in Chromium ÷ Node, with a 200-line code block']
  const target = `≤ ${ratio(BROWSER_RATIO_TARGET)}`
  if (!existsSync(CHROMIUM)) return names.map((name) => failedRow(name, target, `${CHROMIUM} not found`))
  if (!node) return names.map((name) => failedRow(name, target, 'the Node figures are missing'))
  try {
    const { result: r, pageErrors } = await runBenchPage({
      pageDir: join(here, 'page'),
      search: `runs=${quick ? 300 : 2000}&warmup=${quick ? 50 : 300}`,
      timeoutMs: 10 * 60_000,
    })
    log(`  chromium: prose p95 ${latency(r.prose.p95)}, code p95 ${latency(r.code.p95)} (timer grain ${latency(r.timerGrainMs)})`)
    notes.push(
      `Browser: ${r.userAgent}; crossOriginIsolated ${r.crossOriginIsolated}; timer grain ${latency(r.timerGrainMs)} ` +
        '(a 2 KB scan is a few timer steps, so its Chromium p95 is coarse).',
    )
    if (pageErrors.length) notes.push(`Page errors: ${pageErrors.map(firstLine).join('; ')}`)
    return [
      row({
        name: names[0],
        value: r.prose.p95 / node.prose.p95,
        format: ratio,
        op: '<=',
        target: BROWSER_RATIO_TARGET,
        note: `Chromium p50 ${latency(r.prose.p50)}, p95 ${latency(r.prose.p95)}`,
      }),
      row({
        name: names[1],
        value: r.code.p95 / node.code.p95,
        format: ratio,
        op: '<=',
        target: BROWSER_RATIO_TARGET,
        note: `Chromium p50 ${latency(r.code.p50)}, p95 ${latency(r.code.p95)}`,
      }),
    ]
  } catch (error) {
    log(`  chromium failed: ${firstLine(error)}`)
    return names.map((name) => failedRow(name, target, error))
  }
}
