/**
 * The report's charts as counts: every receipt lands in one time bucket, once under its key and once under its
 * source. The busiest keys and sources get a row each; the rest are summed into `other` (and receipts without a key
 * into `(no key)`), so every view sums to the number of receipts. Keys can be as many as receipts (a tool call's
 * result is its own key), so the busiest are picked by the index beforehand and one streaming pass fills their
 * buckets; sources are few (a site's `file:line`, a tool), so every one is counted and the busiest kept at the end.
 */
import type { Series } from './model.js'

/** About as many buckets as a chart a page wide shows legibly. */
export const SERIES_BUCKETS = 40
/** Rows per chart before the rest is summed into `other`. */
export const SERIES_TOP = 8

export const OTHER = 'other'
export const NO_KEY = '(no key)'

export class SeriesBuilder {
  private readonly start: number
  private readonly width: number
  private readonly count: number
  private readonly keys = new Map<string, number[]>()
  private readonly sources = new Map<string, number[]>()

  /**
   * `range`: the first and last receipt time (ISO; null for an empty store). `topKeys`: the keys that get their own
   * row, in the order they are shown.
   */
  constructor(range: { from: string; to: string } | null, topKeys: string[], buckets = SERIES_BUCKETS) {
    const from = range ? Date.parse(range.from) : 0
    const to = range ? Date.parse(range.to) : 0
    const span = Math.max(0, to - from) + 1
    // Whole milliseconds per bucket, and no more buckets than milliseconds (a burst within one ms is one bucket).
    this.width = Math.ceil(span / Math.max(1, Math.min(buckets, span)))
    this.count = range ? Math.ceil(span / this.width) : 0
    this.start = from
    for (const k of topKeys) this.keys.set(k, zeros(this.count))
  }

  /** Counts one receipt. `ts` is informative in a receipt (seq orders the chain): a time out of range is clamped. */
  add(ts: string, key: string | null, source: string): void {
    if (this.count === 0) return
    const t = Date.parse(ts)
    const i = Number.isNaN(t) ? 0 : Math.min(this.count - 1, Math.max(0, Math.floor((t - this.start) / this.width)))
    bump(this.keys, key === null ? NO_KEY : key, i, this.count)
    let row = this.sources.get(source)
    if (!row) this.sources.set(source, (row = zeros(this.count)))
    row[i]++
  }

  series(): Series {
    const buckets = Array.from({ length: this.count }, (_, i) => new Date(this.start + i * this.width).toISOString())
    return {
      buckets,
      byKey: [...this.keys].filter(([, c]) => c.some((n) => n > 0)).map(([key, counts]) => ({ key, counts })),
      bySource: busiest(this.sources, SERIES_TOP).map(([source, counts]) => ({ source, counts })),
    }
  }
}

/** Adds one to `name`'s bucket, or to `other`'s (`(no key)` gets its own row, made when first seen). */
function bump(rows: Map<string, number[]>, name: string, i: number, count: number): void {
  let row = rows.get(name)
  if (!row) {
    const bucket = name === NO_KEY ? NO_KEY : OTHER
    row = rows.get(bucket)
    if (!row) rows.set(bucket, (row = zeros(count)))
  }
  row[i]++
}

/** The `n` rows with the most counts (ties by name), then the rest summed as `other`. */
function busiest(rows: Map<string, number[]>, n: number): Array<[string, number[]]> {
  const total = (c: number[]) => c.reduce((a, b) => a + b, 0)
  const sorted = [...rows].map(([name, c]) => ({ name, c, sum: total(c) })).sort((a, b) => b.sum - a.sum || (a.name < b.name ? -1 : 1))
  const out: Array<[string, number[]]> = sorted.slice(0, n).map((r) => [r.name, r.c])
  const rest = sorted.slice(n)
  if (rest.length) out.push([OTHER, rest.reduce((acc, r) => acc.map((v, i) => v + r.c[i]), zeros(rest[0].c.length))])
  return out
}

const zeros = (n: number): number[] => Array.from({ length: n }, () => 0)
