// What the report's time slider and the live charts compute from receipts alone (the report carries no pool
// snapshots, and the dev page's charts grow with the receipts it receives). Pure functions, no DOM.
import type { InspectorReceipt, PoolsAt, Series } from '../model.js'

type Pool = PoolsAt['entries'][number]['pool']
const REPLAYED_POOLS: ReadonlySet<string> = new Set(['decision', 'execution', 'plans'])

/**
 * The Decision, Execution and plans pools after receipt `seq`, replayed the way the runtime's PoolState applies
 * receipts: COMMIT/PROMOTE set a decision key, STORE an execution key, RECORD_PLAN a plan, COMPENSATE restores
 * (or removes, when its `new` is null); every other op leaves these pools as they were. The memory lifecycle pools
 * are not replayed here (their state depends on reviews and expiry the receipts alone do not settle).
 */
export function poolsAtSeq(receipts: readonly InspectorReceipt[], seq: number): PoolsAt {
  const slots = new Map<string, PoolsAt['entries'][number]>()
  for (const r of receipts) {
    if (r.seq > seq) continue
    if (r.pool === null || r.key === null || !REPLAYED_POOLS.has(r.pool)) continue
    const id = `${r.pool}\u0000${r.key}`
    const pool = r.pool as Pool
    const sets =
      ((r.op === 'COMMIT' || r.op === 'PROMOTE') && pool === 'decision') ||
      (r.op === 'STORE' && pool === 'execution') ||
      (r.op === 'RECORD_PLAN' && pool === 'plans')
    if (sets && r.new !== null) slots.set(id, { pool, key: r.key, commit: r.new, seq: r.seq })
    else if (r.op === 'COMPENSATE') {
      if (r.new === null) slots.delete(id)
      else slots.set(id, { pool, key: r.key, commit: r.new, seq: r.seq })
    }
  }
  const entries = [...slots.values()].sort((a, b) => a.pool.localeCompare(b.pool) || a.key.localeCompare(b.key))
  return { seq, entries }
}

/** A receipt's source for the charts: the site's `file:line`, `tool:<name>`, or `unattributed` (as the report). */
export function sourceOf(r: InspectorReceipt): string {
  if (r.site) return `${r.site.file}:${r.site.line}`
  if (r.tool) return `tool:${r.tool}`
  return 'unattributed'
}

/**
 * The dev page's charts, counted the way the report's builder counts (inspector/series.ts): every receipt once
 * under its key and once under its source, in up to `buckets` equal time buckets; the `top` busiest keys and
 * sources get a row, receipts without a key one of their own, the rest are summed into `other`, so each chart sums
 * to the number of receipts.
 */
export function seriesOf(receipts: readonly InspectorReceipt[], buckets = 40, top = 8): Series {
  if (receipts.length === 0) return { buckets: [], byKey: [], bySource: [] }
  // `ts` is informative (seq orders the chain): a time that does not parse counts in the first bucket.
  const parsed = receipts.map((r) => Date.parse(r.ts))
  const first = parsed.find((t) => !Number.isNaN(t)) ?? 0
  const times = parsed.map((t) => (Number.isNaN(t) ? first : t))
  const start = Math.min(...times)
  const span = Math.max(...times) - start + 1
  // Whole milliseconds per bucket, and no more buckets than milliseconds.
  const width = Math.ceil(span / Math.min(buckets, span))
  const n = Math.ceil(span / width)
  const bucketOf = (t: number) => Math.min(n - 1, Math.max(0, Math.floor((t - start) / width)))
  // `own`: a row that is always its own and not one of the `top` (receipts without a key, as the report has it).
  const rows = (names: string[], own?: string) => {
    const counts = new Map<string, number>()
    for (const name of names) if (name !== own) counts.set(name, (counts.get(name) ?? 0) + 1)
    const kept = new Set(
      [...counts]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, top)
        .map(([name]) => name),
    )
    if (own) kept.add(own)
    const table = new Map<string, number[]>()
    names.forEach((name, i) => {
      const row = kept.has(name) ? name : OTHER
      let c = table.get(row)
      if (!c) table.set(row, (c = Array.from({ length: n }, () => 0)))
      c[bucketOf(times[i]!)]!++
    })
    const last = (name: string) => (name === OTHER ? 2 : name === own ? 1 : 0)
    return [...table].sort((a, b) => last(a[0]) - last(b[0]) || total(b[1]) - total(a[1]) || (a[0] < b[0] ? -1 : 1))
  }
  return {
    buckets: Array.from({ length: n }, (_, i) => new Date(start + i * width).toISOString()),
    byKey: rows(
      receipts.map((r) => r.key ?? NO_KEY),
      NO_KEY,
    ).map(([key, counts]) => ({ key, counts })),
    bySource: rows(receipts.map(sourceOf)).map(([source, counts]) => ({ source, counts })),
  }
}

const OTHER = 'other'
const NO_KEY = '(no key)'

export function total(counts: readonly number[]): number {
  let sum = 0
  for (const c of counts) sum += c
  return sum
}
