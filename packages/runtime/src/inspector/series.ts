/**
 * The report's charts as counts: every receipt lands in one time bucket, once under its key and once under its
 * source. The busiest keys and sources get a row each (picked by the index beforehand, so one streaming pass
 * fills the buckets); the rest are summed into `other` (and receipts without a key into `(no key)`), so every
 * view sums to the number of receipts.
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
   * `range`: the first and last receipt time (ISO; null for an empty store). `topKeys`/`topSources`: the names
   * that get their own row, in the order they are shown.
   */
  constructor(range: { from: string; to: string } | null, topKeys: string[], topSources: string[], buckets = SERIES_BUCKETS) {
    const from = range ? Date.parse(range.from) : 0
    const to = range ? Date.parse(range.to) : 0
    const span = Math.max(0, to - from) + 1
    // Whole milliseconds per bucket, and no more buckets than milliseconds (a burst within one ms is one bucket).
    this.width = Math.ceil(span / Math.max(1, Math.min(buckets, span)))
    this.count = range ? Math.ceil(span / this.width) : 0
    this.start = from
    for (const k of topKeys) this.keys.set(k, zeros(this.count))
    for (const s of topSources) this.sources.set(s, zeros(this.count))
  }

  /** Counts one receipt. `ts` is informative in a receipt (seq orders the chain): a time out of range is clamped. */
  add(ts: string, key: string | null, source: string): void {
    if (this.count === 0) return
    const t = Date.parse(ts)
    const i = Number.isNaN(t) ? 0 : Math.min(this.count - 1, Math.max(0, Math.floor((t - this.start) / this.width)))
    bump(this.keys, key === null ? NO_KEY : key, i, this.count)
    bump(this.sources, source, i, this.count)
  }

  series(): Series {
    const buckets = Array.from({ length: this.count }, (_, i) => new Date(this.start + i * this.width).toISOString())
    return {
      buckets,
      byKey: [...this.keys].filter(([, c]) => c.some((n) => n > 0)).map(([key, counts]) => ({ key, counts })),
      bySource: [...this.sources].filter(([, c]) => c.some((n) => n > 0)).map(([source, counts]) => ({ source, counts })),
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

const zeros = (n: number): number[] => Array.from({ length: n }, () => 0)
