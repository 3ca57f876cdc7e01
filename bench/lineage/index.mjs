// Lineage bench (issue 10 §2 and §4): lineage() and influence() on a lifecycle state of 100,000 memories, against
// a naive influence that rebuilds the reverse edges by scanning every slot per query, in the same run. The query
// functions are bundled from the runtime's source with esbuild (the facade's customs.lineage/influence call them
// with the store's replayed state), and run in a fresh Node process (node-case.mjs).

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundleRuntimeSource } from '../lib/bundle-source.mjs'
import { runNode } from '../lib/child.mjs'
import { count, ms, ratio, us } from '../lib/format.mjs'
import { failedRow, row } from '../lib/verdict.mjs'

const here = fileURLToPath(new URL('.', import.meta.url))
const TARGET_MS = 5
const latency = (v) => (v < 1 ? us(v * 1000) : ms(v))

async function bundle(repoRoot, outDir) {
  return bundleRuntimeSource(repoRoot, join(outDir, 'lineage-bundle.mjs'), [
    `export { lineage, influence, dependentsOf } from './core/memory/lineage.ts'`,
    `export { MemoryState } from './core/memory/state.ts'`,
    `export { encodeMeta } from './core/memory/meta.ts'`,
  ])
}

export async function runLineage({ quick, log, repoRoot }) {
  const base = {
    id: 'lineage',
    title: 'Lineage and influence (issue 10)',
    notes: [],
    method:
      '`lineage()` / `influence()` / `dependentsOf()` from `packages/runtime/src/core/memory/lineage.ts` (bundled with ' +
      'esbuild), on a `MemoryState` built through `apply` from synthetic receipts (the replay path): N memories in a ' +
      'tree (memory i depends on memory ⌊(i−1)/4⌋), a rendered context after every 20th memory containing it and its ' +
      'three predecessors, the next memory linked to that context (a cross edge), and a guard check on every 100th ' +
      'memory and its parent. `lineage` is timed on 64 random deepest leaves, `influence` on 64 random nodes five ' +
      'levels below the root and on 64 three levels below (with `dependentsOf`, what a cascading rollback walks), ' +
      'each id the same number of times, round-robin after a warm-up, one ' +
      'call per sample. The naive baseline rebuilds the reverse edges by scanning every memory, working entry, ' +
      'context and guard check, then walks; it is checked to find the same nodes. The whole-graph row is influence ' +
      'of the root (everything), for scale: a query costs what it returns.',
  }
  const name = (what) => `${what}, ${count(quick ? 20_000 : 100_000)} memories`
  const names = [
    name('lineage(leaf) p95'),
    name('influence(node 5 levels down) p95'),
    name('influence(node 3 levels down) p95'),
    'influence(node 3 levels down): naive rebuild-and-walk median ÷ indexed median',
  ]
  const dir = mkdtempSync(join(tmpdir(), 'mc-bench-lineage-'))
  try {
    const file = await bundle(repoRoot, dir)
    const { result: r } = await runNode(join(here, 'node-case.mjs'), [file, ...(quick ? ['--quick'] : [])], {
      cwd: repoRoot,
      timeoutMs: 10 * 60_000,
    })
    log(`  lineage p95 ${latency(r.lineage.p95)}, influence p95 ${latency(r.influence.p95)}, naive p50 ${latency(r.naive.p50)}`)
    base.notes.push(
      `Graph: ${count(r.n)} memories, ${count(r.contexts)} contexts, ${count(r.guards)} guard checks (${count(r.receipts)} ` +
        `receipts, built in ${ms(r.buildMs)}), tree depth ${r.treeDepth}; ${r.runs} timed calls per indexed query.`,
    )
    return {
      ...base,
      rows: [
        row({
          name: names[0],
          value: r.lineage.p95,
          format: latency,
          op: '<=',
          target: TARGET_MS,
          note: `p50 ${latency(r.lineage.p50)}; ${r.lineage.meanSize.toFixed(1)} nodes returned on average`,
        }),
        row({
          name: names[1],
          value: r.small.p95,
          format: latency,
          op: '<=',
          target: TARGET_MS,
          note: `p50 ${latency(r.small.p50)}; ${count(r.small.meanSize)} nodes returned on average`,
        }),
        row({
          name: names[2],
          value: r.influence.p95,
          format: latency,
          op: '<=',
          target: TARGET_MS,
          note:
            `p50 ${latency(r.influence.p50)}; ${count(r.influence.meanSize)} nodes returned on average ` +
            `(median ${count(r.influence.medianSize)}, largest ${count(r.influence.maxSize)}: the tree's last level is under a few ` +
            `of the 64 nodes, so the slowest 5% are mostly the largest blast radii); time per node returned p50 ` +
            `${latency(r.influence.perNodeP50)}, p95 ${latency(r.influence.perNodeP95)}; ` +
            `dependentsOf (the cascade's walk, unsorted ids only) p50 ${latency(r.cascade.p50)}, p95 ${latency(r.cascade.p95)}`,
        }),
        row({
          name: names[3],
          value: r.naive.p50 / r.influence.p50,
          format: ratio,
          note: `naive p50 ${latency(r.naive.p50)}, p95 ${latency(r.naive.p95)} (${r.naive.meanSize.toFixed(0)} nodes found)`,
        }),
        row({
          name: name('influence(root): the whole graph'),
          value: r.root.p50,
          format: latency,
          note: `${count(r.root.meanSize)} nodes returned (median of ${quick ? 3 : 5} calls)`,
        }),
      ],
    }
  } catch (error) {
    return { ...base, rows: names.map((n, i) => failedRow(n, i < 3 ? `≤ ${latency(TARGET_MS)}` : '–', error)) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
