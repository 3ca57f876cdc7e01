// Runtime benchmarks in Node (issues 3 and 7): each case runs in its own process (bench/runtime/node-case.mjs).

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runNode } from '../lib/child.mjs'
import { bytes, count, mb, mbPerSecond, ms, perSecond, ratio, us } from '../lib/format.mjs'
import { median } from '../lib/stats.mjs'
import { failedRow, firstLine, row } from '../lib/verdict.mjs'

const here = fileURLToPath(new URL('.', import.meta.url))

export async function runRuntime({ quick, log, repoRoot }) {
  const rows = []
  const notes = []
  const run = async (which, extra = []) => {
    const started = Date.now()
    try {
      const { result, wallMs } = await runNode(join(here, 'node-case.mjs'), [which, ...(quick ? ['--quick'] : []), ...extra], {
        nodeArgs: ['--expose-gc', '--max-old-space-size=8192'],
        cwd: repoRoot,
      })
      log(`  ${which}: done in ${((Date.now() - started) / 1000).toFixed(0)} s`)
      return { ...result, wallMs }
    } catch (error) {
      log(`  ${which} failed: ${firstLine(error)}`)
      return { error }
    }
  }

  // ------------------------------------------------------------ decision.commit, rollback
  const c = await run('commit')
  if (c.error) {
    rows.push(failedRow('`decision.commit` p50 ÷ `InMemoryStore.put` p50', '≤ 10.00×', c.error))
    rows.push(failedRow('`decision.commit` p99 at 100k receipts', '≤ 250 µs', c.error))
    rows.push(failedRow('`rollback` of a 50-key pool at 100k receipts', '≤ 5 ms', c.error))
  } else {
    const at = `${count(c.n)} receipts`
    rows.push(
      row({ name: `\`decision.commit\` p50 (${at}, in-memory store)`, value: c.p50, format: us, note: `last 10k: p50 ${us(c.lastP50)}` }),
    )
    rows.push(
      row({
        name: `baseline: LangGraph \`InMemoryStore.put\` (unaudited, @langchain/langgraph-checkpoint ${c.putVersion}), p50`,
        value: c.putP50,
        format: us,
        note: `p99 ${us(c.putP99)}; ${count(c.n)} awaited puts, same keys and values, in ${ms(c.putTotalMs)}`,
      }),
    )
    rows.push(
      row({ name: '`decision.commit` p50 ÷ `InMemoryStore.put` p50', value: c.p50 / c.putP50, format: ratio, op: '<=', target: 10 }),
    )
    rows.push(
      row({
        name: `\`decision.commit\` p99 (${at})`,
        value: c.p99,
        format: us,
        op: '<=',
        target: 250,
        note: `last 10k: p99 ${us(c.lastP99)}; max ${us(c.max)}; put p99 ${us(c.putP99)}`,
      }),
    )
    rows.push(
      row({
        name: 'baseline: plain sql.js prepared INSERT of the same rows, p50',
        value: c.baseP50,
        format: us,
        note: `p99 ${us(c.baseP99)}; ${perSecond((c.n / c.baseTotalMs) * 1000)} with BEGIN/COMMIT per 1,000; commit p50 ÷ INSERT p50 ${ratio(c.p50 / c.baseP50)}`,
      }),
    )
    notes.push(
      `Building the ${at} of the commit case (all commits and flushes) took ${ms(c.buildMs)} (${perSecond((c.n / c.buildMs) * 1000)}).`,
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
  }

  // ------------------------------------------------------------ at(seq)
  const t = await run('timetravel')
  if (t.error) {
    rows.push(failedRow('`at(seq).decision.get(key)` p50 at 1M receipts', '≤ 30.0 µs', t.error))
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
      `Building the ${count(t.n)}-receipt in-memory chain for \`at(seq)\` with \`decision.commit\` (\`flush()\` every ` +
        `10,000) took ${ms(t.buildMs)} (${perSecond((t.n / t.buildMs) * 1000)}).`,
    )
  }

  // ------------------------------------------------------------ verify on a file store
  const v = await run('verify')
  if (v.error) {
    rows.push(failedRow('`verify()` throughput on a file store', '≥ 300,000/s', v.error))
  } else {
    rows.push(
      row({
        name: `\`verify()\` throughput on a file store, receipts/s (${count(v.receipts)} receipts, ${count(v.valueRecords)} value records, each authenticated)`,
        value: v.verifyPerSec,
        format: perSecond,
        op: '>=',
        target: 300_000,
        note: `median ${ms(v.verifyMs)} of 3 (${v.verifyAll.map(ms).join(', ')}); receipts + value records ${perSecond(v.recordsPerSec)}; ${mbPerSecond(v.verifyMBps)} of journal`,
      }),
    )
    rows.push(
      row({
        name: '`verify({ values: true })` (also decrypts every value record and checks its commitment), receipts/s',
        value: v.receipts / (v.deepMs / 1000),
        format: perSecond,
        note: `median ${ms(v.deepMs)} of 3 (${v.deepAll.map(ms).join(', ')})`,
      }),
    )
    rows.push(
      row({
        name: 'baseline: raw SHA-256 (node:crypto) of the same journal bytes',
        value: v.hashMBps,
        format: mbPerSecond,
        note: `${count(v.journalBytes)} B in ${v.journalFiles} file(s): ${ms(v.hashMs)} (median of 5); reading them took ${ms(v.readMs)}`,
      }),
    )
    rows.push(row({ name: '`verify` time ÷ raw SHA-256 time of the journal bytes', value: v.verifyMs / v.hashMs, format: ratio }))
  }

  // ------------------------------------------------------------ durable appends, bytes per receipt
  const d = await run('durable')
  if (d.error) {
    rows.push(failedRow('durable appends/s, 64 writers each awaiting `flush()` after every commit (file store)', '≥ 20,000/s', d.error))
    rows.push(failedRow('journal bytes per receipt, values excluded', '≤ 350 B', d.error))
  } else {
    rows.push(
      row({
        name: `durable appends/s, ${d.writers} writers each looping \`commit\` one receipt → \`await flush()\` (file store, fdatasync)`,
        value: d.concurrentPerSec,
        format: perSecond,
        op: '>=',
        target: 20_000,
        note: `${count(d.concurrent)} receipts in ${count(d.concurrentAppends)} backend appends: ${(d.concurrent / d.concurrentAppends).toFixed(1)} receipts per append; ${bytes(d.bytesPerCommit)} of journal per commit`,
      }),
    )
    rows.push(
      row({
        name: `baseline: raw group commit, ${d.writers} async writers appending ${bytes(d.rawLineBytes)} lines, one write + fdatasync per drained batch`,
        value: d.rawPerSec,
        format: perSecond,
        note: `median of 2 runs (${d.raw.map((r) => perSecond(r.perSec)).join(', ')}); ${count(d.rawSyncs)} fdatasyncs for ${count(d.concurrent)} lines`,
      }),
    )
    rows.push(row({ name: 'durable appends: runtime ÷ raw group-commit baseline', value: d.concurrentPerSec / d.rawPerSec, format: ratio }))
    rows.push(
      row({
        name: 'durable appends/s, one writer, `commit` then `await flush()` each time',
        value: d.serialPerSec,
        format: perSecond,
        note: `${ms(d.serialMsEach)} per durable commit (one fdatasync each)`,
      }),
    )
    rows.push(row({ name: 'durable appends/s, batches of 1,000 commits per `flush()`', value: d.batchPerSec, format: perSecond }))
    const j = d.commits
    rows.push(
      row({
        name: `journal bytes per receipt, values excluded, after ${count(j.receipts)} \`decision.commit\` (file store)`,
        value: j.perReceipt,
        format: bytes,
        op: '<=',
        target: 350,
        note: `receipt lines alone ${bytes(j.receiptLinesPerReceipt)}; other non-value lines ${count(j.otherBytes)} B; journal: ${j.tags}`,
      }),
    )
    const m = d.mixed
    rows.push(
      row({
        name: `journal bytes per receipt, values excluded, mixed workload with sites (${count(m.receipts)} receipts)`,
        value: m.perReceipt,
        format: bytes,
        op: '<=',
        target: 350,
        note: `receipt lines alone ${bytes(m.receiptLinesPerReceipt)}; journal: ${m.tags}`,
      }),
    )
  }

  // ------------------------------------------------------------ open an existing 1M-receipt file store
  const size = quick ? '100k' : '1M'
  const dir = mkdtempSync(join(tmpdir(), 'mc-bench-open-'))
  try {
    const store = join(dir, 'store')
    const b = await run('build-store', ['--dir', store])
    const opens = []
    let openError = b.error
    for (let r = 0; r < 3 && !openError; r++) {
      const o = await run('open', ['--dir', store])
      if (o.error) openError = o.error
      else opens.push(o)
    }
    if (openError) {
      rows.push(failedRow(`open an existing ${size}-receipt file store until the first read`, '≤ 3.00 s', openError))
      rows.push(failedRow(`RSS with the ${size}-receipt store open (after one read and a forced GC)`, '≤ 400 MB', openError))
    } else {
      const at = `${count(opens[0].receipts)}-receipt`
      rows.push(
        row({
          name: `open an existing ${at} file store until the first read (\`createCustoms\` + one \`decision.get\`), median of 3 fresh processes`,
          value: median(opens.map((o) => o.firstReadMs)),
          format: ms,
          op: '<=',
          target: 3000,
          note: `runs ${opens.map((o) => ms(o.firstReadMs)).join(', ')}; the read itself ${us(median(opens.map((o) => o.readMs)) * 1000)}; whole process, spawn to exit: ${opens.map((o) => ms(o.wallMs)).join(', ')}`,
        }),
      )
      rows.push(
        row({
          name: `RSS with the ${at} store open, after one read and a forced GC, median of 3`,
          value: median(opens.map((o) => o.rss)),
          format: mb,
          op: '<=',
          target: 400e6,
          note: `runs ${opens.map((o) => mb(o.rss)).join(', ')}`,
        }),
      )
      rows.push(
        row({
          name: `JS heap with the ${at} store open (heapUsed after forced GC), median of 3`,
          value: median(opens.map((o) => o.heapUsed)),
          format: mb,
          note: `heapTotal ${mb(median(opens.map((o) => o.heapTotal)))}; external ${mb(median(opens.map((o) => o.external)))} (ArrayBuffers ${mb(median(opens.map((o) => o.arrayBuffers)))}, the sql.js WASM memory among them)`,
        }),
      )
      notes.push(
        `The store for the open rows was written once in this run by \`decision.commit\` (50 keys, \`flush()\` every 10,000) ` +
          `in ${ms(b.buildMs)} (${perSecond((b.receipts / b.buildMs) * 1000)}); journal ${mb(b.journalBytes)}` +
          (quick ? '; quick mode: 100k receipts, not the 1M of the target.' : '.'),
      )
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }

  return {
    id: 'runtime',
    title: 'Runtime in Node (issues 3 and 7)',
    rows,
    notes,
    method: METHOD,
  }
}

const METHOD = [
  "Each case runs in a fresh `node --expose-gc` process (`node bench/runtime/node-case.mjs <case> [--quick]`) against the built `memory-customs`, through its public API only (`createCustoms`, the pools' writes, `flush`, `verify`, `checkpoint`, `close`, `at`, `rollback`, `health`), so the cases keep working while the core and the receipt format are rewritten. Files go to a temp dir (ext4 on the VM disk).",
  '*Commit latency* (`commit`): `decision.commit` is timed call by call with `performance.now()` over 100,000 commits (50 keys round-robin, small object values validated by zod, the in-memory store, `flush()` awaited untimed every 1,000) after 5,000 warm-up commits on another store. `commit` is synchronous; index upkeep happens in `flush()`, outside the per-call figure. The unaudited baseline is LangGraph\'s `InMemoryStore.put(["decision"], key, value)` from `@langchain/langgraph-checkpoint` (pinned root devDependency), each call awaited and timed on its own, same keys and values, same count, after 5,000 warm-up puts, in the same process. The target is the ratio of the two p50s (≤ 10×) and the commit p99 (≤ 250 µs). A second baseline inserts the same receipt rows (projections + body text) into in-memory sql.js with one prepared INSERT each. Rollbacks go to random seqs in the newer half of that chain, 200 fresh commits between them.',
  '*Time travel* (`timetravel`): `at(seq).decision.get(key)` at random seqs and keys on a 1M-receipt in-memory chain, every read checked against the commit sequence; the baseline is the same seek on plain sql.js.',
  '*Verify* (`verify`): 100,000 `decision.commit` on a file store (`storage: { file }`, `flush()` every 1,000), closed and opened again, then `verify()` three times (for every receipt its encoding, link and MAC, and every value record, authenticated through the MAC of the receipt written after it, without decrypting it); the median gives receipts/s (the target) and receipts + value records/s. `verify({ values: true })`, which also decrypts every value record and checks it against its commitment, is then timed the same way (an info row). The baseline reads every journal file of the store and hashes its bytes with `node:crypto` SHA-256 in the same process (median of 5, bytes already in memory; the read time is shown apart); the ratio is verify time ÷ hash time.',
  "*Durable appends* (`durable`): after 300 warm-up durable commits, 64 async writers each loop `decision.commit` one receipt → `await flush()` on a file store (the backend's fdatasync per append) until 20,000 receipts; the journal bytes appended per commit in that phase (receipt, value and any per-batch lines) are measured. The raw group-commit baseline then runs on the same disk: 64 async writers append 20,000 lines of that same byte size to one file, each awaiting its line; one drain loop takes everything queued, writes it with one positioned `write` and one `fdatasync`, then resolves those writers (median of 2 runs). The ratio is runtime ÷ baseline.",
  "*Bytes per receipt*: a fresh file store gets 10,000 plain `decision.commit` (and, second row, a 1,000-receipt mix written through the probe protocol so receipts carry sites: `decision.commit`, `execution.store`, `plans.record`, `bridge.promote`). The journal files are then read as lines (`bench/runtime/journal.mjs`, independent of the runtime's codec): a line is a value record when its JSON `t` is `value` (format v1, `packages/runtime/src/storage/codec.ts`) or `v`, a receipt line when `t` is `receipt` or `r`; every other line (meta, checkpoint, per-batch authentication, anything that does not parse) counts as a non-value line. The figure is the bytes of all non-value lines (newlines included) ÷ the receipts in the store (`health().receipts`).",
  '*Open* (`build-store`, `open`): one 1,000,000-receipt file store (100,000 with `--quick`) is written per run by `decision.commit` (50 keys, `flush()` every 10,000) in a temp dir; then three fresh processes each time `createCustoms({ storage: { file } })` + one `decision.get` (its value checked), call `gc()` twice and read `process.memoryUsage()` with the store still open (MB = 10⁶ B). The open time excludes process start-up and module loading; the spawn-to-exit time of each process is shown in the notes column.',
].join(' ')
