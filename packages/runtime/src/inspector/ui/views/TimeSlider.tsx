/** @jsxImportSource preact */
// The pools as they stood after any receipt: a range input over the seqs (arrow keys, Page Up/Down, Home/End).
import { useEffect, useRef, useState } from 'preact/hooks'
import type { PoolsAt } from '../../model.js'
import { plural, short } from '../format.js'

export interface TimeSliderProps {
  /** The newest seq the page knows (0 when there are no receipts). */
  head: number
  /** The oldest seq the slider reaches (a report that left out its oldest receipts starts after them). */
  first?: number
  load: (seq: number) => Promise<PoolsAt>
  note?: string
}

export function TimeSlider({ head, first = 1, load, note }: TimeSliderProps) {
  const [seq, setSeq] = useState(head)
  const [followHead, setFollowHead] = useState(true)
  const [pools, setPools] = useState<PoolsAt | null>(null)
  const [error, setError] = useState<string | null>(null)
  const latest = useRef(0)

  // While the slider sits at the newest receipt it stays there as receipts arrive.
  useEffect(() => {
    if (followHead) setSeq(head)
  }, [head, followHead])

  useEffect(() => {
    const request = ++latest.current
    load(seq).then(
      (p) => {
        if (request !== latest.current) return // an answer for a position the slider has left
        setPools(p)
        setError(null)
      },
      (e: unknown) => {
        if (request === latest.current) setError(e instanceof Error ? e.message : String(e))
      },
    )
  }, [seq, load])

  const move = (value: number) => {
    setSeq(value)
    setFollowHead(value === head)
  }

  return (
    <section aria-labelledby="time-title">
      <h2 id="time-title">Time slider</h2>
      <p class="summary">The pools as they stood after a receipt.{note && ` ${note}`}</p>
      {head === 0 ? (
        <p class="empty">No receipts yet.</p>
      ) : (
        <div class="slider">
          <label for="time-seq">After receipt</label>
          <input
            id="time-seq"
            type="range"
            min={first}
            max={head}
            step={1}
            value={seq}
            aria-valuetext={`receipt ${seq} of ${head}`}
            onInput={(e) => move(Number(e.currentTarget.value))}
          />
          <output for="time-seq" aria-live="polite">
            #{seq} of {head}
          </output>
          <button type="button" onClick={() => move(Math.max(first, seq - 1))} disabled={seq <= first}>
            Previous receipt
          </button>
          <button type="button" onClick={() => move(Math.min(head, seq + 1))} disabled={seq >= head}>
            Next receipt
          </button>
        </div>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {pools && head > 0 && (
        <div class="table-wrap">
          <table>
            <caption>
              Pools after #{pools.seq}: {plural(pools.entries.length, 'entry', 'entries')}
            </caption>
            <thead>
              <tr>
                <th scope="col">Pool</th>
                <th scope="col">Key</th>
                <th scope="col">Value commitment</th>
                <th scope="col">Written at</th>
              </tr>
            </thead>
            <tbody>
              {pools.entries.map((e) => (
                <tr key={`${e.pool}/${e.key}`}>
                  <td>{e.pool}</td>
                  <td class="mono">{e.key}</td>
                  <td class="mono" title={e.commit ?? undefined}>
                    {short(e.commit, 16)}
                  </td>
                  <td>#{e.seq}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
