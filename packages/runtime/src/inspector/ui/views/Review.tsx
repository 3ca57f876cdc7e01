/** @jsxImportSource preact */
// The review queue: memories and Bridge promotions the scanner held, oldest first, each with why it is held (its
// findings and trust) and when it times out. Opening one shows its detail, content marked where the rules matched.
import type { ReviewQueue } from '../../model.js'
import { plural, when } from '../format.js'
import { findingName } from '../highlight.js'
import { FindingBadges, MemoryDetail } from './Memories.js'

export interface ReviewProps {
  queue: ReviewQueue
  selected: string | null
  onSelect: (id: string | null) => void
  revealed: boolean
  redactedNote: string
  onGraph: (id: string, direction: 'lineage' | 'influence') => void
  /** Live: decisions are made in the app (`customs.review.approve/reject`); the page only looks. */
  note?: string
}

export function Review({ queue, selected, onSelect, revealed, redactedNote, onGraph, note }: ReviewProps) {
  const open = queue.items.find((i) => i.id === selected)
  return (
    <section aria-labelledby="review-title">
      <h2 id="review-title">Review queue</h2>
      <p class="summary">
        {plural(queue.pending, 'item')} pending review, oldest first
        {queue.items.length < queue.pending && ` (the oldest ${queue.items.length} listed)`}.{note && ` ${note}`}
      </p>
      {queue.items.length === 0 ? (
        <p class="empty">Nothing waits for a decision.</p>
      ) : (
        <ol class="queue">
          {queue.items.map((item) => (
            <li key={item.id} class={item.id === selected ? 'selected' : undefined}>
              <div class="queue-head">
                <button
                  type="button"
                  class="link"
                  aria-pressed={item.id === selected}
                  aria-label={`Open queued ${item.id}`}
                  onClick={() => onSelect(item.id === selected ? null : item.id)}
                >
                  {item.id}
                </button>
                <span>
                  {item.kind === 'promotion'
                    ? `promotion of ${item.promotion!.tool}/${item.promotion!.callId} to ${item.promotion!.to}`
                    : item.type}
                </span>
                <span class="mono">trust {item.trust.toFixed(2)}</span>
                <FindingBadges findings={item.findings} />
              </div>
              <p class="why">
                Held because{' '}
                {item.findings.length
                  ? item.findings.map((f) => `${findingName(f)} matched at ${f.start}–${f.end}`).join('; ')
                  : `the scan (rule set ${item.ruleSet}) scored it ${item.trust.toFixed(2)}`}
                . Filed {when(item.filedAt)} from {item.source}
                {item.timesOutAt && `; rejected at ${when(item.timesOutAt)} if nobody decides`}.
              </p>
            </li>
          ))}
        </ol>
      )}
      {open && (
        <MemoryDetail memory={open} revealed={revealed} redactedNote={redactedNote} onGraph={onGraph} onClose={() => onSelect(null)} />
      )}
    </section>
  )
}
