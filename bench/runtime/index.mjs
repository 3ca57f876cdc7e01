// Runtime benchmarks in Node (issue 3): each case runs in its own process (bench/runtime/node-case.mjs).

import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runNode } from '../lib/child.mjs'
import { bytes, count, ms, perSecond, ratio, us } from '../lib/format.mjs'
import { failedRow, firstLine, row } from '../lib/verdict.mjs'

const here = fileURLToPath(new URL('.', import.meta.url))

export async function runRuntime({ quick, log, repoRoot }) {
  const rows = []
  const notes = []
  const run = async (which) => {
    const started = Date.now()
    try {
      const { result } = await runNode(join(here, 'node-case.mjs'), [which, quick ? '--quick' : ''], {
        nodeArgs: ['--expose-gc', '--max-old-space-size=8192'],
        cwd: repoRoot,
      })
      log(`  ${which}: done in ${((Date.now() - started) / 1000).toFixed(0)} s`)
      return result
    } catch (error) {
      log(`  ${which} failed: ${firstLine(error)}`)
      return { error }
    }
  }

  const c = await run('commit')
  if (c.error) {
    rows.push(failedRow('`decision.commit` p50 at 100k receipts', '≤ 25 µs', c.error))
    rows.push(failedRow('`rollback` of a 50-key pool at 100k receipts', '≤ 5 ms', c.error))
    rows.push(failedRow('`verify` throughput', '≥ 300,000/s', c.error))
  } else {
    const at = `${count(c.n)} receipts`
    rows.push(row({ name: `\`decision.commit\` p50 (${at})`, value: c.p50, format: us, op: '<=', target: 25, note: `last 10k: p50 ${us(c.lastP50)}` }))
    rows.push(row({ name: `\`decision.commit\` p99 (${at})`, value: c.p99, format: us, op: '<=', target: 250, note: `last 10k: p99 ${us(c.lastP99)}; max ${us(c.max)}` }))
    rows.push(
      row({
        name: 'baseline: plain sql.js prepared INSERT of the same rows, p50',
        value: c.baseP50,
        format: us,
        note: `p99 ${us(c.baseP99)}; ${perSecond((c.n / c.baseTotalMs) * 1000)} with BEGIN/COMMIT per 1,000`,
      }),
    )
    rows.push(
      row({
        name: '`decision.commit` p50 ÷ baseline INSERT p50',
        value: c.p50 / c.baseP50,
        format: ratio,
        note: `building ${at} took ${ms(c.buildMs)} (${perSecond((c.n / c.buildMs) * 1000)}) vs baseline ${ms(c.baseTotalMs)}`,
      }),
    )
    rows.push(
      row({
        name: `\`rollback({ toSeq })\` of the 50-key pool at ~${at}, median`,
        value: c.rollbackMs,
        format: ms,
        op: '<=',
        target: 5,
        note: `max ${ms(c.rollbackMaxMs)} over ${c.rollbackAll.length} rollbacks; keys changed: ${c.rollbackChanged.join(', ')}`,
      }),
    )
    rows.push(
      row({
        name: '`verify()` throughput',
        value: c.verifyPerSec,
        format: perSecond,
        op: '>=',
        target: 300_000,
        note: `${count(c.verifyChecked)} receipts checked in ${ms(c.verifyMs)} (median)`,
      }),
    )
  }

  const t = await run('timetravel')
  if (t.error) {
    rows.push(failedRow('`at(seq).decision.get(key)` p50 at 1M receipts', '≤ 30 µs', t.error))
  } else {
    rows.push(
      row({
        name: `\`customs.at(seq).decision.get(key)\` p50, random seq and key (${count(t.n)} receipts)`,
        value: t.p50,
        format: us,
        op: '<=',
        target: 30,
        note: `p99 ${us(t.p99)}; ${count(t.samples)} samples after 500 warm-up reads`,
      }),
    )
    rows.push(
      row({
        name: '`at(seq)` reads that returned a wrong value (all samples checked against the commit sequence)',
        value: t.wrong,
        format: count,
        op: '<=',
        target: 0,
      }),
    )
    rows.push(
      row({
        name: 'baseline: plain sql.js seek `(pool, key, seq ≤ N)` on the same rows, p50',
        value: t.baseP50,
        format: us,
        note: `inserting the same ${count(t.n)} rows into plain sql.js (in index order) took ${ms(t.baseInsertMs)}`,
      }),
    )
    notes.push(
      `Building the ${count(t.n)}-receipt chain with \`decision.commit\` (the fastest public path; \`flush()\` every ` +
        `10,000) took ${ms(t.buildMs)} (${perSecond((t.n / t.buildMs) * 1000)}); JS heap after the build ` +
        `${(t.heapUsed / 1048576).toFixed(0)} MiB, process RSS ${(t.rss / 1048576).toFixed(0)} MiB (sql.js memory included).`,
    )
  }

  const d = await run('durable')
  if (d.error) {
    rows.push(failedRow('durable appends per second with `flush()` (file backend)', '≥ 20,000/s', d.error))
    rows.push(failedRow('bytes per receipt excluding values', '≤ 350 B', d.error))
  } else {
    rows.push(
      row({
        name: `durable appends/s, ${d.writers} concurrent writers each awaiting \`flush()\` after every commit (file backend)`,
        value: d.concurrentPerSec,
        format: perSecond,
        op: '>=',
        target: 20_000,
        note: `${count(d.concurrent)} receipts in ${count(d.concurrentAppends)} backend appends (one fdatasync each): ${(d.concurrent / d.concurrentAppends).toFixed(1)} receipts per append`,
      }),
    )
    rows.push(
      row({
        name: 'durable appends/s, one writer, `commit` then `await flush()` each time',
        value: d.serialPerSec,
        format: perSecond,
        note: `${ms(d.serialMsEach)} per durable commit (one fdatasync each)`,
      }),
    )
    rows.push(row({ name: 'durable appends/s, batches of 1,000 commits per `flush()`', value: d.batchPerSec, format: perSecond }))
    const m = d.mixed
    rows.push(
      row({
        name: 'bytes per receipt excluding values: hashed receipt body (mixed workload, mean)',
        value: m.bodyMean,
        format: bytes,
        op: '<=',
        target: 350,
        note: byOp(m.byOp, 'body'),
      }),
    )
    rows.push(
      row({
        name: 'bytes per receipt excluding values: journal line (body + hash + framing, mixed workload, mean)',
        value: m.lineMean,
        format: bytes,
        op: '<=',
        target: 350,
        note: byOp(m.byOp, 'line'),
      }),
    )
    rows.push(
      row({
        name: 'bytes per receipt, plain `decision.commit` without a site: body / journal line',
        value: d.commitJournal.bodyMean,
        format: bytes,
        note: `journal line ${bytes(d.commitJournal.lineMean)} over ${count(d.commitJournal.receipts)} receipts`,
      }),
    )
    notes.push(
      `Mixed workload for bytes per receipt: ${count(m.receipts)} receipts (probed \`decision.commit\` carrying a site, ` +
        '`execution.store`, `plans.record`, `bridge.promote`), measured in the file journal; value entries ' +
        `(${count(m.valueBytes)} B in total) are excluded.`,
    )
  }

  return {
    id: 'runtime',
    title: 'Runtime in Node (issue 3)',
    rows,
    notes,
    method:
      'Each case runs in a fresh `node --expose-gc` process against the built `memory-customs`. `decision.commit` ' +
      'is timed call by call with `performance.now()` over 100,000 commits (50 keys round-robin, small object values ' +
      'validated by zod, the in-memory store, `flush()` awaited untimed every 1,000 commits) after 5,000 warm-up ' +
      'commits on another store. `commit` is synchronous and the runtime brings its sql.js index up to date in ' +
      '`flush()`, so that work is outside the per-call figure; the build time (wall clock of all commits and ' +
      'flushes) shows the amortised cost. The baseline inserts the very same receipt rows (projections + exact body text) ' +
      'into a fresh in-memory sql.js table through one prepared INSERT each, BEGIN/COMMIT around every 1,000, in the ' +
      'same process. `verify()` runs on that chain; rollbacks go to random seqs in the newer half of the chain, with ' +
      '200 fresh commits between them. `at(seq)` is sampled at random seqs and keys on a 1M-receipt chain. Durable ' +
      'appends use `storage: { file: dir }` in a temp dir (ext4 on the VM disk, `fdatasync`). Bytes per receipt are ' +
      'read from that journal (`journal.ndjson`), values excluded.',
  }
}

function byOp(ops, field) {
  return Object.entries(ops)
    .map(([op, s]) => `${op} ${Math.round(s[field])} B (${s.n})`)
    .join(', ')
}
