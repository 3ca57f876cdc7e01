// Guard bench (issue 10 §3 and §4): guard.checkNow on a store whose shadow graph holds 1,000 memories (mixed
// dependencies, conflicts, findings, ended entries, rendered contexts), against a naive evaluation that finds
// every entry of the closure by scanning all slots, in the same run. The guard is bundled with esbuild from the
// runtime's source (the facade's customs.guard is the same guardApi over the store's lifecycle context), and runs
// in a fresh Node process (node-case.mjs).

import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundleRuntimeSource } from '../lib/bundle-source.mjs'
import { runNode } from '../lib/child.mjs'
import { count, ratio, us } from '../lib/format.mjs'
import { failedRow, row } from '../lib/verdict.mjs'

const here = fileURLToPath(new URL('.', import.meta.url))
const TARGET_US = 200

async function bundle(repoRoot, outDir) {
  return bundleRuntimeSource(repoRoot, join(outDir, 'guard-bundle.mjs'), [
    `export { createCustoms, createMemoryKeyProvider } from './index.ts'`,
    `export { internalsOf } from './core/internals.ts'`,
    `export { guardApi } from './core/memory/guard/check.ts'`,
    `export { guardConfig } from './core/memory/guard/evaluate.ts'`,
    `export { buildShadow, shadowView } from './core/memory/guard/shadow.ts'`,
    `export { evaluateRules } from './core/memory/guard/rules.ts'`,
    `export { decide } from './core/memory/guard/policy.ts'`,
    `export { encodeMeta } from './core/memory/meta.ts'`,
    `export { canonicalize } from './core/canonical.ts'`,
  ])
}

export async function runGuard({ quick, log, repoRoot }) {
  const base = {
    id: 'guard',
    title: 'Shadow guardrail (issue 10)',
    notes: [],
    method:
      '`guard.checkNow` (rules only, one GUARD receipt appended) from `packages/runtime/src/core/memory/guard` ' +
      '(bundled with esbuild), on an in-memory store of 1,000 memories written as PROPOSE receipts: memory i depends ' +
      'on one or two of the 40 before it for a third of them (sparse; the dense variant: every memory on up to three), sources cycle through user, tool:crm, agent and web.fetch with confidences ' +
      'from 0.2 to 1, every 10th has an injection/code/secret finding, every 7th shares a key with the one before ' +
      'and is flagged as conflicting, every 50th is deleted, and a rendered context (READ) after every 25th lists ' +
      'five entries, the next memory being linked to it. A check uses 5 random memories as `call_tool:write` ' +
      '(closures of about 14 entries on average, every rule firing somewhere); one call per sample, after a warm-up. ' +
      'The naive baseline evaluates the same inputs with the same rules, but finds each entry of the closure by ' +
      'scanning every memory, ended entry and context (no maps), without appending; it is checked to reach the same ' +
      'decision. The receipt row appends the reason of the check just timed again, alone: what the record costs ' +
      '(hash, MAC, index row, state apply). The dense rows show how the cost follows the closure; the whole-graph ' +
      'row is one check whose uses ' +
      'are all 1,000 memories, for scale.',
  }
  const names = [
    'guard.checkNow p95, 5 uses, 1,000-entry graph (sparse lineage)',
    'guard.checkNow p50',
    'rules only (shadow + rules + decide) p95',
    'the GUARD receipt alone (append of the same reason) p95',
    'naive closure (scan all slots per id) p95',
    'speed-up over the naive closure (p50)',
    'dense lineage: guard.checkNow p95, 5 uses',
    'whole graph: one check over all 1,000 entries (dense), p50',
  ]
  const outDir = mkdtempSync(join(here, '.bundle-'))
  try {
    const dist = await bundle(repoRoot, outDir)
    const run = (extra) =>
      runNode(join(here, 'node-case.mjs'), [dist, ...(quick ? ['--quick'] : []), ...extra], { cwd: repoRoot, timeoutMs: 10 * 60_000 })
    const { result: r } = await run([])
    log(`  checkNow p50 ${us(r.check.p50)} p95 ${us(r.check.p95)}; naive p50 ${us(r.naive.p50)}; closure mean ${r.closure}`)
    const { result: d } = await run(['--dense'])
    log(`  dense: checkNow p50 ${us(d.check.p50)} p95 ${us(d.check.p95)}; closure mean ${d.closure}`)
    base.notes.push(
      `Sparse graph: ${count(r.samples)} samples, mean closure ${r.closure.toFixed(1)} entries, decisions ${r.decisions}. ` +
        `Dense graph: ${count(d.samples)} samples, mean closure ${d.closure.toFixed(1)} entries, decisions ${d.decisions}.`,
    )
    return {
      ...base,
      rows: [
        row({ name: names[0], value: r.check.p95, format: us, op: '<=', target: TARGET_US }),
        row({ name: names[1], value: r.check.p50, format: us }),
        row({ name: names[2], value: r.rules.p95, format: us }),
        row({ name: names[3], value: r.append.p95, format: us, note: `p50 ${us(r.append.p50)}: what any write's receipt costs` }),
        row({ name: names[4], value: r.naive.p95, format: us }),
        row({ name: names[5], value: r.naive.p50 / r.rules.p50, format: ratio, note: 'naive p50 / rules-only p50' }),
        row({
          name: names[6],
          value: d.check.p95,
          format: us,
          note: `mean closure ${d.closure.toFixed(0)} entries; p50 ${us(d.check.p50)}; rules only p95 ${us(d.rules.p95)}`,
        }),
        row({ name: names[7], value: d.whole.p50, format: us, note: `${d.whole.entries} entries evaluated` }),
      ],
    }
  } catch (error) {
    return { ...base, rows: names.map((n, i) => failedRow(n, i === 0 ? `≤ ${us(TARGET_US)}` : '–', error)) }
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}
