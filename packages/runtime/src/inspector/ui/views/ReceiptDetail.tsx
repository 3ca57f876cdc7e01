/** @jsxImportSource preact */
// One receipt: every field, the site that wrote it, its old/new commitments and, when revealed, the value diff.
import { useEffect, useRef } from 'preact/hooks'
import type { InspectorReceipt, InspectorSite, RevealedValues } from '../../model.js'
import { lineDiff } from '../diff.js'
import { showValue, when } from '../format.js'

export interface ReceiptDetailProps {
  receipt: InspectorReceipt
  site: InspectorSite | undefined
  values: RevealedValues
  /** Why values are not shown (no token yet, report written without --reveal, ...). */
  redactedNote: string
  onClose: () => void
}

export function ReceiptDetail({ receipt: r, site, values, redactedNote, onClose }: ReceiptDetailProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  // Focus follows the opened receipt, so a keyboard user lands on what they asked for.
  useEffect(() => heading.current?.focus(), [r.seq])
  const fields: Array<[string, string | number | null]> = [
    ['Seq', r.seq],
    ['Time', `${when(r.ts)} (${r.ts})`],
    ['Op', r.op],
    ['Pool', r.pool],
    ['Key', r.key],
    ['Tool', r.tool],
    ['Call id', r.call],
    ['Actor', r.actor],
    ['Refusal code', r.code],
    ['Reason', r.reason],
    ['Hash', r.hash],
    ['Previous hash', r.prev],
  ]
  return (
    <section class="detail" aria-labelledby="detail-title">
      <div class="detail-head">
        <h2 id="detail-title" tabIndex={-1} ref={heading}>
          Receipt #{r.seq} · {r.op}
          {r.op === 'REFUSED' && r.code && <span class="tag bad">refused: {r.code}</span>}
        </h2>
        <button type="button" onClick={onClose}>
          Close receipt
        </button>
      </div>
      <dl class="fields">
        {fields.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd class="mono">{value === null || value === '' ? '—' : String(value)}</dd>
          </div>
        ))}
      </dl>
      <h3>Site</h3>
      {r.site ? (
        <p class="mono">
          {r.site.file}:{r.site.line}:{r.site.column}
          {r.site.fn && ` in ${r.site.fn}()`}
          {site && ` · rule ${site.rule} · key ${site.key ?? '—'} (${site.keyKind}) · fired ${site.fired}`}
        </p>
      ) : (
        <p>No site: this receipt was not written through an instrumented call.</p>
      )}
      <h3>Value</h3>
      <dl class="fields">
        <div>
          <dt>Old commitment</dt>
          <dd class="mono">{r.old ?? '— (no value before)'}</dd>
        </div>
        <div>
          <dt>New commitment</dt>
          <dd class="mono">{r.new ?? '— (no value after)'}</dd>
        </div>
      </dl>
      <ValueDiff receipt={r} values={values} redactedNote={redactedNote} />
    </section>
  )
}

function ValueDiff({
  receipt: r,
  values,
  redactedNote,
}: Pick<ReceiptDetailProps, 'values' | 'redactedNote'> & { receipt: InspectorReceipt }) {
  const known = (c: string | null) => c !== null && Object.prototype.hasOwnProperty.call(values.values, c)
  if (r.old === null && r.new === null) return <p>This receipt commits to no value.</p>
  if (!values.revealed || (!known(r.old) && !known(r.new))) return <p class="note">Values hidden: {redactedNote}</p>
  const text = (c: string | null) => (c === null ? '' : known(c) ? showValue(values.values[c]) : '(redacted or erased)')
  const lines = lineDiff(text(r.old), text(r.new))
  return (
    <figure class="diff">
      <figcaption>Value diff (lines marked − were removed, + were added)</figcaption>
      <pre>
        {lines.map((l, i) => (
          <span key={i} class={`diff-${l.kind}`}>
            {l.kind === 'removed' ? '− ' : l.kind === 'added' ? '+ ' : '  '}
            {l.text}
            {'\n'}
          </span>
        ))}
      </pre>
    </figure>
  )
}
