// Child of load.test.ts: one agent process on a shared PostgreSQL store (the built `memory-customs`, like the
// crash children), 16 concurrent writers mixing decision commits, execution stores, plan records and
// promotions, and races on write-once keys that every process commits too. Prints one line per acknowledged
// receipt (`ack <seq> <hash>`) only after the flush that settled it resolved, so a line on stdout is a durable
// receipt even if the process is SIGKILLed right after.
//   node load.child.mjs write <url> <keyDir> <id> <quota|forever> <writers> [rollback]
//   node load.child.mjs verify <url> <keyDir>      (a fresh process: verify report, then every receipt)
import { createCustoms } from 'memory-customs'
import { z } from 'zod'

const [mode, url, keyDir, id, quotaArg, writersArg, rollbackArg] = process.argv.slice(2)
/** Write-once keys every process races on, one after the other. */
const RACE_KEYS = 20
const out = (line) => process.stdout.write(`${line}\n`)

const schemas = { note: z.string(), risk: z.string() }
for (let k = 0; k < RACE_KEYS; k++) schemas[`w${k}`] = z.string()
const customs = await createCustoms({
  keyStore: { dir: keyDir },
  actor: id ?? 'verifier',
  decision: { schemas, writeOnce: Object.keys(schemas).filter((k) => k.startsWith('w')) },
  bridge: { tools: ['web_search'] },
  storage: { postgres: { connectionString: url } },
})

/** A fresh process's reading: the verify report, then every receipt as a JSON array. */
async function readAll() {
  const report = await customs.verify({ values: true })
  out(JSON.stringify({ ok: report.ok, checked: report.checked, firstFailure: report.firstFailure ?? null }))
  for (const r of customs.receipts()) out(JSON.stringify([r.seq, r.hash, r.prev, r.op, r.key, r.actor, r.reason]))
}

/** Writes until `quota` receipts are acknowledged (or the process is killed). */
async function writeLoad() {
  const quota = quotaArg === 'forever' ? Infinity : Number(quotaArg)
  const writers = Number(writersArg)
  out(`ready ${customs.size}`)
  await new Promise((resolve) => process.stdin.once('data', resolve))
  process.stdin.destroy() // an open stdin would keep the process alive after close()

  let issued = 0
  let acked = 0
  /** The call ids stored so far (the rollback takes one of them back). */
  const stored = []
  let rolledBack = rollbackArg !== 'rollback'

  /** One round of one writer: 1 to 3 writes, then the outcome of every write of the process since the last flush. */
  async function round(w) {
    const i = issued++
    if (i % 40 === 7) customs.decision.commit(`w${Math.floor(i / 40) % RACE_KEYS}`, `${id}:${i}`, { source: 'user' })
    else if (i % 10 === 3) {
      const callId = `${id}-${i}`
      customs.execution.store('web_search', callId, ['low', 'mid', 'high'][i % 3])
      customs.plans.record(`plan-${callId}`, { references: [{ tool: 'web_search', callId }] })
      customs.bridge.promote({ tool: 'web_search', callId, to: 'risk', planRef: `plan-${callId}` })
      stored.push(callId)
    } else customs.decision.commit('note', `${id}:${w}:${i}`, { source: 'user' })
    for (const o of await customs.flushSettled()) {
      if (o.receipt) {
        acked++
        out(`ack ${o.receipt.seq} ${o.receipt.hash}`)
      } else out(`refused ${o.error.code} ${o.error.key ?? ''}`)
    }
    if (!rolledBack && acked >= quota / 2 && stored.length > 2) {
      rolledBack = true
      // under load: the rollback waits for the head lock like a write and is computed against the head
      const result = await customs.rollback({ callId: stored[1] })
      for (const r of result.receipts) out(`rollback ${r.seq} ${r.hash} ${r.op}`)
    }
  }

  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      while (acked < quota) await round(w)
    }),
  )
  out(`done ${acked}`)
}

if (mode === 'verify') await readAll()
else await writeLoad()
await customs.close()
