// Measurement loops shared by the Node benchmarks and the Chromium page. Only standard globals here
// (`performance`), no Node built-ins, so the page bundle can import this file as it is.

/** Decision keys the benchmarks write (a 50-key pool, as in the rollback target). */
export function decisionKeys(n = 50) {
  return Array.from({ length: n }, (_, i) => `pref_${String(i).padStart(2, '0')}`)
}

/** A zod schema per key: a small object like an agent's stated preference. */
export function decisionSchemas(z, keys) {
  const schema = z.object({ text: z.string(), level: z.number().int(), confirmed: z.boolean() })
  return Object.fromEntries(keys.map((k) => [k, schema]))
}

/** The value written by commit number i (small, varied, deterministic). */
export function decisionValue(i) {
  return { text: `answer ${i % 997}`, level: i % 5, confirmed: i % 3 === 0 }
}

/**
 * Commits `n` values round-robin over `keys`, timing every `decision.commit` call on its own.
 * Between batches (untimed) it awaits `flush()` when `flushEvery` is set, as a real caller yields to the
 * event loop, so the durable-write queue does not grow without bound.
 * Returns the latencies in microseconds and the last receipt written; `collect` (an array) also receives every
 * receipt, outside the timed call.
 */
export async function timeCommits(customs, { n, keys, offset = 0, flushEvery = 1000, source = 'user', collect = null }) {
  const latencies = new Float64Array(n)
  const opts = { source }
  let last
  for (let i = 0; i < n; i++) {
    const key = keys[(offset + i) % keys.length]
    const value = decisionValue(offset + i)
    const t0 = performance.now()
    last = customs.decision.commit(key, value, opts)
    latencies[i] = (performance.now() - t0) * 1000
    if (collect) collect.push(last)
    if (flushEvery && (i + 1) % flushEvery === 0) await customs.flush()
  }
  await customs.flush()
  return { latencies, last }
}

/** Columns of the baseline table: the receipt projections the runtime indexes, plus the exact body text. */
export const BASELINE_DDL =
  'CREATE TABLE receipts (seq INTEGER PRIMARY KEY, hash TEXT NOT NULL, prev TEXT NOT NULL, ts TEXT, actor TEXT, ' +
  'op TEXT, pool TEXT, key TEXT, old TEXT, new TEXT, body TEXT NOT NULL)'

/**
 * Turns receipts as the runtime returns them (the body fields plus `hash`) into baseline rows: the same
 * projections and the exact hashed body text (`encodeBody`, the runtime's own encoder), one INSERT each.
 */
export function baselineRows(receipts, encodeBody) {
  return receipts.map((r) => {
    const { hash, ...body } = r
    return [r.seq, hash, r.prev, r.ts, r.actor, r.op, r.pool, r.key, r.old, r.new, encodeBody(body)]
  })
}

/**
 * The baseline: the same rows inserted into a fresh in-memory sql.js database with one prepared INSERT each
 * (BEGIN/COMMIT around every 1,000 rows, outside the timed call). Returns per-insert latencies (µs) and the
 * total time including the transaction boundaries.
 */
export function timeBaselineInserts(SQL, rows) {
  const db = new SQL.Database()
  try {
    db.run(BASELINE_DDL)
    const stmt = db.prepare('INSERT INTO receipts VALUES (?,?,?,?,?,?,?,?,?,?,?)')
    const latencies = new Float64Array(rows.length)
    const started = performance.now()
    db.run('BEGIN')
    for (let i = 0; i < rows.length; i++) {
      const t0 = performance.now()
      stmt.run(rows[i])
      latencies[i] = (performance.now() - t0) * 1000
      if ((i + 1) % 1000 === 0) {
        db.run('COMMIT')
        db.run('BEGIN')
      }
    }
    db.run('COMMIT')
    const totalMs = performance.now() - started
    stmt.free()
    return { latencies, totalMs }
  } finally {
    db.close()
  }
}
