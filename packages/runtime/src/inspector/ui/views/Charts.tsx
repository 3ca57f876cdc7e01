/** @jsxImportSource preact */
// Receipts (writes, refusals, reads, checks) per key and per source over time: one row of bars per key (or source),
// all on the same time buckets and scale, drawn as inline SVG. Each row has a text equivalent (total, busiest bucket).
import type { Series } from '../../model.js'
import { plural, when } from '../format.js'
import { total } from '../replay.js'

/** Rows per chart; the rest are counted in a note (the busiest come first). */
const TOP = 12
const WIDTH = 360
const HEIGHT = 28

export function Charts({ series, note }: { series: Series; note?: string }) {
  if (series.buckets.length === 0)
    return (
      <section aria-labelledby="charts-title">
        <h2 id="charts-title">Charts</h2>
        <p class="empty">No receipts yet.</p>
      </section>
    )
  const peak = Math.max(1, ...series.byKey.flatMap((s) => s.counts), ...series.bySource.flatMap((s) => s.counts))
  const first = series.buckets[0]!
  const last = series.buckets[series.buckets.length - 1]!
  return (
    <section aria-labelledby="charts-title">
      <h2 id="charts-title">Charts</h2>
      <p class="summary">
        Receipts over time in {series.buckets.length} buckets from {when(first)} to {when(last)}; one bar per bucket, the tallest is{' '}
        {plural(peak, 'receipt')}. Keys and sources beyond the busiest are summed under “other”.
        {note && ` ${note}`}
      </p>
      <Chart
        id="chart-keys"
        title="Receipts per key"
        rows={series.byKey.map((s) => ({ name: s.key, counts: s.counts }))}
        peak={peak}
        buckets={series.buckets}
      />
      <Chart
        id="chart-sources"
        title="Receipts per source"
        rows={series.bySource.map((s) => ({ name: s.source, counts: s.counts }))}
        peak={peak}
        buckets={series.buckets}
      />
    </section>
  )
}

interface ChartProps {
  id: string
  title: string
  rows: Array<{ name: string; counts: number[] }>
  peak: number
  buckets: string[]
}

function Chart({ id, title, rows, peak, buckets }: ChartProps) {
  const shown = rows.slice(0, TOP)
  const bar = WIDTH / Math.max(1, buckets.length)
  return (
    <div class="chart">
      <h3 id={`${id}-title`}>{title}</h3>
      <table aria-labelledby={`${id}-title`}>
        <thead>
          <tr>
            <th scope="col">{title.replace('Receipts per ', '').replace(/^./, (c) => c.toUpperCase())}</th>
            <th scope="col">Over time</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => {
            const sum = total(row.counts)
            const busiest = row.counts.indexOf(Math.max(...row.counts))
            return (
              <tr key={row.name}>
                <th scope="row" class="mono">
                  {row.name}
                </th>
                <td>
                  <svg
                    class="spark"
                    width={WIDTH}
                    height={HEIGHT}
                    viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
                    role="img"
                    aria-label={`${row.name}: ${sum} receipts, most (${row.counts[busiest]}) from ${when(buckets[busiest]!)}`}
                  >
                    <line x1={0} y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} class="axis" />
                    {row.counts.map((c, i) =>
                      c === 0 ? null : (
                        <rect
                          key={i}
                          x={i * bar + 1}
                          width={Math.max(1, bar - 2)}
                          y={HEIGHT - 1 - Math.max(2, ((HEIGHT - 2) * c) / peak)}
                          height={Math.max(2, ((HEIGHT - 2) * c) / peak)}
                        >
                          <title>
                            {c} at {when(buckets[i]!)}
                          </title>
                        </rect>
                      ),
                    )}
                  </svg>
                </td>
                <td>{sum}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {rows.length > TOP && <p class="muted">{rows.length - TOP} more with fewer receipts are not drawn.</p>}
    </div>
  )
}
