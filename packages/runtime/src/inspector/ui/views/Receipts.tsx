/** @jsxImportSource preact */
// The receipt timeline, newest first, with filters; a row's button opens its detail.
import { useMemo, useState } from 'preact/hooks'
import type { InspectorReceipt } from '../../model.js'
import { plural, siteLabel, when } from '../format.js'
import { Field } from './Field.js'

/** Rows rendered at most (the newest that match): a long session stays responsive; the filters narrow it. */
const MAX_ROWS = 500

export interface ReceiptsProps {
  receipts: InspectorReceipt[]
  selected: number | null
  onSelect: (seq: number) => void
  /** Heading and id prefix, so the Refused view reuses this table. */
  title?: string
  id?: string
  note?: string
}

const FILTERS = ['key', 'tool', 'call', 'file'] as const
type TextFilter = (typeof FILTERS)[number]

export function Receipts({ receipts, selected, onSelect, title = 'Receipts', id = 'receipts', note }: ReceiptsProps) {
  const [pool, setPool] = useState('')
  const [op, setOp] = useState('')
  const [text, setText] = useState<Record<TextFilter, string>>({ key: '', tool: '', call: '', file: '' })
  const pools = useMemo(() => [...new Set(receipts.map((r) => r.pool ?? '(none)'))].sort(), [receipts])
  const ops = useMemo(() => [...new Set(receipts.map((r) => r.op))].sort(), [receipts])
  const matching = useMemo(() => {
    const has = (value: string | null | undefined, q: string) => !q || (value ?? '').toLowerCase().includes(q.toLowerCase())
    return receipts
      .filter(
        (r) =>
          (!pool || (r.pool ?? '(none)') === pool) &&
          (!op || r.op === op) &&
          has(r.key, text.key) &&
          has(r.tool, text.tool) &&
          has(r.call, text.call) &&
          has(r.site?.file, text.file),
      )
      .sort((a, b) => b.seq - a.seq)
  }, [receipts, pool, op, text])
  const shown = matching.slice(0, MAX_ROWS)

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p class="summary" aria-live="polite">
        {plural(matching.length, 'receipt')}
        {matching.length !== receipts.length && ` of ${receipts.length.toLocaleString('en')}`}
        {shown.length < matching.length && `, newest ${shown.length} shown`}.{note && ` ${note}`}
      </p>
      <div class="filters">
        <Field id={`${id}-pool`} label="Pool">
          <select id={`${id}-pool`} value={pool} onChange={(e) => setPool(e.currentTarget.value)}>
            <option value="">all</option>
            {pools.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-op`} label="Op">
          <select id={`${id}-op`} value={op} onChange={(e) => setOp(e.currentTarget.value)}>
            <option value="">all</option>
            {ops.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </Field>
        {FILTERS.map((f) => (
          <Field key={f} id={`${id}-${f}`} label={f === 'call' ? 'Call id' : f[0]!.toUpperCase() + f.slice(1)}>
            <input
              id={`${id}-${f}`}
              type="search"
              size={12}
              value={text[f]}
              onInput={(e) => setText({ ...text, [f]: e.currentTarget.value })}
            />
          </Field>
        ))}
      </div>
      <div class="table-wrap">
        <table>
          <caption class="visually-hidden">{title}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Seq</th>
              <th scope="col">Time</th>
              <th scope="col">Op</th>
              <th scope="col">Pool</th>
              <th scope="col">Key</th>
              <th scope="col">Tool</th>
              <th scope="col">Call</th>
              <th scope="col">Site</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={r.seq} class={[r.op === 'REFUSED' ? 'refused' : '', r.seq === selected ? 'selected' : ''].join(' ')}>
                <td>
                  <button
                    type="button"
                    class="link"
                    aria-pressed={r.seq === selected}
                    aria-label={`Open receipt ${r.seq}`}
                    onClick={() => onSelect(r.seq)}
                  >
                    #{r.seq}
                  </button>
                </td>
                <td class="nowrap">{when(r.ts)}</td>
                <td>{r.op === 'REFUSED' ? <span class="tag bad">REFUSED {r.code && <span class="mono">{r.code}</span>}</span> : r.op}</td>
                <td>{r.pool ?? '—'}</td>
                <td class="mono">{r.key ?? '—'}</td>
                <td class="mono">{r.tool ?? '—'}</td>
                <td class="mono">{r.call ?? '—'}</td>
                <td class="mono">{siteLabel(r.site)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {matching.length === 0 && <p class="empty">No receipt matches.</p>}
    </section>
  )
}
