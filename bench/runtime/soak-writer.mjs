// The soak's writer (bench/soak.mjs starts it): steady writes on a file store for a number of minutes.
//   node --expose-gc bench/runtime/soak-writer.mjs --minutes N --rate R --dir D
// Prints one `sample {...}` line every 10 s and a final JSON line with the totals.

import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { z } from 'zod'
import { createCustoms } from 'memory-customs'
import { decisionKeys, decisionSchemas, decisionValue } from './scenarios.mjs'

const argv = process.argv.slice(2)
const arg = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback)
const minutes = Number(arg('--minutes', '30'))
const rate = Number(arg('--rate', '2000'))
const dir = arg('--dir')
// A guard for a shared machine: a writer whose RSS passes this is stopped (the soak has failed by then anyway).
const maxRss = Number(arg('--max-rss-mb', '4000')) * 1e6
if (!dir || !(minutes > 0) || !(rate > 0)) throw new Error('usage: soak-writer.mjs --dir D [--minutes N] [--rate R]')
if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc')

const FLUSH_MS = 100
const CHECKPOINT_MS = 10_000
const SAMPLE_MS = 10_000
const TOOLS = ['search', 'calendar']
const PLAN_IDS = 1000
const keys = decisionKeys(50)
const customs = await createCustoms({
  storage: { file: dir },
  decision: { schemas: decisionSchemas(z, keys) },
  bridge: { tools: TOOLS },
  // Tool results stay promotable for a minute: the live state is bounded (50 decision keys, 1,000 plan ids reused,
  // ~one minute of tool results), so a store that keeps live state in memory and history on disk can stay flat.
  execution: { ttlMs: 60_000 },
})

// One unit of the mix is 5 receipts: 2 decision commits, a tool result, a plan that references it, its promotion.
let written = 0
let unit = 0
const byKind = { commit: 0, store: 0, plan: 0, promote: 0, refused: 0 }
function writeUnit() {
  const u = unit++
  customs.decision.commit(keys[u % keys.length], decisionValue(u), { source: 'user' })
  customs.decision.commit(keys[(u * 7 + 3) % keys.length], decisionValue(u + 1), { source: 'user' })
  const tool = TOOLS[u % 2]
  const callId = `call_${u}`
  customs.execution.store(tool, callId, decisionValue(u + 2))
  const planId = `plan_${u % PLAN_IDS}`
  customs.plans.record(planId, { references: [{ tool, callId }] })
  try {
    customs.bridge.promote({ tool, callId, to: keys[(u + 11) % keys.length], planRef: planId })
    byKind.promote++
  } catch {
    byKind.refused++ // a refusal is written as a receipt too
  }
  byKind.commit += 2
  byKind.store++
  byKind.plan++
  written += 5
}

const samples = []
const flushMs = []
let checkpoints = 0
let maxCheckpointMs = 0
const started = performance.now()
const elapsed = () => performance.now() - started
const endAt = minutes * 60_000

function sample() {
  globalThis.gc()
  const m = process.memoryUsage()
  const h = customs.health()
  const s = {
    tMs: Math.round(elapsed()),
    receipts: h.receipts,
    lag: h.storage?.lag ?? null,
    rss: m.rss,
    heapUsed: m.heapUsed,
    heapTotal: m.heapTotal,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
  }
  samples.push(s)
  console.log(`sample ${JSON.stringify(s)}`)
}

let nextFlush = FLUSH_MS
let nextCheckpoint = CHECKPOINT_MS
let nextSample = 0
let flushing = null
let stopped = null
while (elapsed() < endAt && !stopped) {
  const now = elapsed()
  // Write up to where the rate says we should be (a writer that falls behind shows in the achieved rate).
  const due = Math.floor((now / 1000) * rate)
  while (written + 5 <= due) writeUnit()
  if (now >= nextFlush && !flushing) {
    nextFlush = now + FLUSH_MS
    const f0 = performance.now()
    flushing = customs.flush().then(() => {
      flushMs.push(performance.now() - f0)
      flushing = null
    })
  }
  if (now >= nextCheckpoint) {
    nextCheckpoint = now + CHECKPOINT_MS
    if (flushing) await flushing
    const c0 = performance.now()
    await customs.checkpoint()
    maxCheckpointMs = Math.max(maxCheckpointMs, performance.now() - c0)
    checkpoints++
  }
  if (now >= nextSample) {
    nextSample += SAMPLE_MS
    sample()
    const rss = samples[samples.length - 1].rss
    if (rss > maxRss)
      stopped = `stopped at ${(elapsed() / 60_000).toFixed(1)} min: RSS ${(rss / 1e6).toFixed(0)} MB passed the --max-rss-mb guard of ${(maxRss / 1e6).toFixed(0)} MB`
  }
  await sleep(5)
}
if (flushing) await flushing
await customs.flush()
sample()
const seconds = elapsed() / 1000
const report = await customs.verify()
await customs.close()
flushMs.sort((a, b) => a - b)
console.log(
  JSON.stringify({
    minutes,
    rate,
    stopped,
    seconds,
    written,
    achievedPerSec: written / seconds,
    byKind,
    checkpoints,
    maxCheckpointMs,
    flushes: flushMs.length,
    flushP50Ms: flushMs[flushMs.length >> 1] ?? null,
    flushMaxMs: flushMs[flushMs.length - 1] ?? null,
    verify: { ok: report.ok, checked: report.checked },
    samples,
  }),
)
