/**
 * A progress line for long CLI work (verify, export, report, rollback on a large store): done/total, rate and ETA,
 * rewritten in place on standard error. Only on a terminal and never under --json: a pipe, a log file or a script
 * reading JSON gets nothing. At most 10 redraws a second whatever the caller's rate.
 */

/** Where the line goes: standard error, or anything that looks like it (tests). */
export interface ProgressStream {
  write(s: string): unknown
  isTTY?: boolean
  columns?: number
}

export interface Progress {
  /** `done` units of `total` (null when the total is not known: no percentage or ETA then). */
  update(done: number, total?: number | null): void
  /** Erases the line (call before printing anything else, and at the end). */
  done(): void
}

export interface ProgressOptions {
  /** What is counted, e.g. `verify`: shown first. */
  label: string
  /** `receipts` by default. */
  unit?: string
  /** Whether to draw at all (the CLI passes `stderr.isTTY && !json`). */
  enabled: boolean
  /** The clock (ms); `Date.now` by default. */
  now?: () => number
}

/** Redraws at most this often (the first update draws at once; `done` erases the line, so quick work leaves none). */
export const PROGRESS_INTERVAL_MS = 100

const QUIET: Progress = { update() {}, done() {} }
const CLEAR = '\r\u001b[2K'

export function createProgress(stream: ProgressStream, options: ProgressOptions): Progress {
  if (!options.enabled || !stream.isTTY) return QUIET
  const now = options.now ?? Date.now
  const unit = options.unit ?? 'receipts'
  const started = now()
  let last = -Infinity
  let drawn = false
  return {
    update(done, total = null) {
      const t = now()
      if (t - last < PROGRESS_INTERVAL_MS) return
      last = t
      drawn = true
      const line = progressLine(options.label, unit, done, total, (t - started) / 1000)
      const width = stream.columns && stream.columns > 10 ? stream.columns - 1 : 0
      stream.write(`${CLEAR}${width && line.length > width ? line.slice(0, width) : line}`)
    },
    done() {
      if (drawn) stream.write(CLEAR)
      drawn = false
    },
  }
}

/** `verify  412,000/1,000,000 receipts (41%)  205,000/s  ETA 3s` */
export function progressLine(label: string, unit: string, done: number, total: number | null, seconds: number): string {
  const rate = seconds > 0 ? done / seconds : 0
  const count = total
    ? `${fmt(done)}/${fmt(total)} ${unit} (${Math.floor((100 * Math.min(done, total)) / total)}%)`
    : `${fmt(done)} ${unit}`
  const speed = rate > 0 ? `  ${fmt(Math.round(rate))}/s` : ''
  const eta = total && rate > 0 && done < total ? `  ETA ${duration((total - done) / rate)}` : ''
  return `${label}  ${count}${speed}${eta}`
}

const fmt = (n: number) => n.toLocaleString('en-US')

function duration(s: number): string {
  if (s < 60) return `${Math.ceil(s)}s`
  const m = Math.floor(s / 60)
  return m < 60 ? `${m}m${String(Math.floor(s % 60)).padStart(2, '0')}s` : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`
}
