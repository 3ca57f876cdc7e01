/** @jsxImportSource preact */
// Long-term memories: a table (status, trust, findings by family) and the open memory's detail, where each
// finding's span is marked in the content, or, when the content is redacted, listed by its offsets.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks'
import type { InspectorFinding, InspectorMemory } from '../../model.js'
import { plural, when } from '../format.js'
import { findingName, highlightPieces } from '../highlight.js'
import { Field } from './Field.js'

const STATUS_CLASS: Record<InspectorMemory['status'], string> = { approved: 'ok', pending_review: 'warn', rejected: 'bad' }
const STATUS_TEXT: Record<InspectorMemory['status'], string> = {
  approved: '✓ approved',
  pending_review: '… pending review',
  rejected: '✗ rejected',
}

export function StatusTag({ status }: { status: InspectorMemory['status'] }) {
  return <span class={`tag ${STATUS_CLASS[status]}`}>{STATUS_TEXT[status]}</span>
}

/** One badge per family: `injection ×2 high` (the worst severity of the family). */
export function FindingBadges({ findings }: { findings: InspectorFinding[] }) {
  if (findings.length === 0) return <span class="muted">none</span>
  const rank = ['low', 'medium', 'high', 'critical']
  const families = new Map<string, { count: number; worst: string }>()
  for (const f of findings) {
    const g = families.get(f.family) ?? { count: 0, worst: 'low' }
    g.count++
    if (rank.indexOf(f.severity) > rank.indexOf(g.worst)) g.worst = f.severity
    families.set(f.family, g)
  }
  return (
    <span class="badges">
      {[...families].map(([family, g]) => (
        <span key={family} class={`tag sev-${g.worst}`}>
          {family}
          {g.count > 1 && ` ×${g.count}`} {g.worst}
        </span>
      ))}
    </span>
  )
}

export interface MemoriesProps {
  memories: InspectorMemory[]
  truncated: number
  selected: string | null
  onSelect: (id: string | null) => void
  onGraph: (id: string, direction: 'lineage' | 'influence') => void
  revealed: boolean
  redactedNote: string
}

export function Memories({ memories, truncated, selected, onSelect, onGraph, revealed, redactedNote }: MemoriesProps) {
  const [status, setStatus] = useState('')
  const shown = useMemo(() => memories.filter((m) => !status || m.status === status), [memories, status])
  const open = selected === null ? undefined : memories.find((m) => m.id === selected)
  return (
    <section aria-labelledby="memories-title">
      <h2 id="memories-title">Memories</h2>
      <p class="summary" aria-live="polite">
        {plural(shown.length, 'memory', 'memories')}
        {shown.length !== memories.length && ` of ${memories.length.toLocaleString('en')}`}.
        {truncated > 0 && ` The oldest ${plural(truncated, 'memory', 'memories')} are left out.`} Deleted and expired ones have left the
        store’s state; their receipts remain.
      </p>
      <div class="filters">
        <Field id="memories-status" label="Status">
          <select id="memories-status" value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
            <option value="">all</option>
            <option value="approved">approved</option>
            <option value="pending_review">pending review</option>
            <option value="rejected">rejected</option>
          </select>
        </Field>
      </div>
      <div class="table-wrap">
        <table>
          <caption class="visually-hidden">Memories, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Status</th>
              <th scope="col">Trust</th>
              <th scope="col">Findings</th>
              <th scope="col">Type</th>
              <th scope="col">Source</th>
              <th scope="col">Filed</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((m) => (
              <tr key={m.id} class={m.id === selected ? 'selected' : undefined}>
                <td>
                  <button
                    type="button"
                    class="link"
                    aria-pressed={m.id === selected}
                    aria-label={`Open memory ${m.id}`}
                    onClick={() => onSelect(m.id === selected ? null : m.id)}
                  >
                    {m.id}
                  </button>
                </td>
                <td>
                  <StatusTag status={m.status} />
                </td>
                <td class="mono">{m.trust.toFixed(2)}</td>
                <td>
                  <FindingBadges findings={m.findings} />
                </td>
                <td>{m.type}</td>
                <td class="mono">{m.source}</td>
                <td class="nowrap">{when(m.filedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {memories.length === 0 && <p class="empty">No memory has been filed.</p>}
      {open && (
        <MemoryDetail memory={open} revealed={revealed} redactedNote={redactedNote} onGraph={onGraph} onClose={() => onSelect(null)} />
      )}
    </section>
  )
}

export interface MemoryDetailProps {
  memory: InspectorMemory
  revealed: boolean
  redactedNote: string
  onGraph?: (id: string, direction: 'lineage' | 'influence') => void
  onClose?: () => void
}

export function MemoryDetail({ memory: m, revealed, redactedNote, onGraph, onClose }: MemoryDetailProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [m.id])
  const fields: Array<[string, string]> = [
    ['Trust', `${m.trust.toFixed(2)} (rule set ${m.ruleSet})`],
    ['Source', m.source + (m.session ? ` · session ${m.session}` : '')],
    ['Type', m.type + (m.key ? ` · key ${m.key}` : '')],
    ['Owner', `${m.owner} · access ${m.access}${m.namespace.length ? ` · namespace ${m.namespace.join(' / ')}` : ''}`],
    ['Filed', `${when(m.filedAt)} · receipt #${m.filedSeq}${m.seq !== m.filedSeq ? `, last changed by #${m.seq}` : ''}`],
    ['Depends on', m.dependsOn.join(', ') || '—'],
    ['Context', m.context ?? '—'],
    ['Conflicts with', m.conflictsWith.join(', ') || '—'],
  ]
  if (m.timesOutAt) fields.push(['Times out', `${when(m.timesOutAt)} (rejected then if nobody decides)`])
  if (m.promotion) fields.push(['Promotion', `${m.promotion.tool}/${m.promotion.callId} → ${m.promotion.to} (plan ${m.promotion.planRef})`])
  return (
    <article class="memory-detail" aria-labelledby="memory-title">
      <div class="detail-head">
        <h3 id="memory-title" tabIndex={-1} ref={heading}>
          {m.kind === 'promotion' ? 'Held promotion' : 'Memory'} {m.id} <StatusTag status={m.status} />
        </h3>
        {onClose && (
          <button type="button" onClick={onClose}>
            Close memory
          </button>
        )}
      </div>
      <dl class="fields">
        {fields.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h4>Content</h4>
      <Content memory={m} revealed={revealed} redactedNote={redactedNote} />
      <h4>Findings ({m.findings.length})</h4>
      <FindingList findings={m.findings} />
      {onGraph && m.kind === 'memory' && (
        <p class="actions">
          <button type="button" onClick={() => onGraph(m.id, 'lineage')}>
            Show lineage of {m.id}
          </button>
          <button type="button" onClick={() => onGraph(m.id, 'influence')}>
            Show influence of {m.id}
          </button>
        </p>
      )}
    </article>
  )
}

/** The content with each finding's span in a `<mark>` named by its rule; the positions alone when redacted. */
function Content({ memory: m, revealed, redactedNote }: Pick<MemoryDetailProps, 'memory' | 'revealed' | 'redactedNote'>) {
  if (m.content === null)
    return (
      <p class="note">
        Content hidden: {revealed ? 'erased, or not readable.' : redactedNote}
        {m.findings.length > 0 && ` Findings at ${m.findings.map((f) => `${f.start}–${f.end} (${f.rule})`).join(', ')} (UTF-16 offsets).`}
      </p>
    )
  return (
    <pre class="content">
      {highlightPieces(m.content, m.findings).map((p) =>
        p.findings.length === 0 ? (
          p.text
        ) : (
          <mark
            key={p.start}
            class={`sev-${p.findings[0]!.severity}`}
            title={p.findings.map(findingName).join('; ')}
            data-rule={p.findings.map((f) => f.rule).join(' ')}
          >
            {p.text}
          </mark>
        ),
      )}
    </pre>
  )
}

function FindingList({ findings }: { findings: InspectorFinding[] }) {
  if (findings.length === 0) return <p class="muted">The scan found nothing.</p>
  return (
    <div class="table-wrap">
      <table>
        <caption class="visually-hidden">Findings of the scan</caption>
        <thead>
          <tr>
            <th scope="col">Rule</th>
            <th scope="col">Severity</th>
            <th scope="col">Span</th>
            <th scope="col">Evidence</th>
          </tr>
        </thead>
        <tbody>
          {findings.map((f, i) => (
            <tr key={i}>
              <td class="mono">{f.rule}</td>
              <td>
                <span class={`tag sev-${f.severity}`}>{f.severity}</span>
              </td>
              <td class="mono">
                {f.start}–{f.end}
              </td>
              <td class="mono">{f.evidence ?? <span class="muted">hidden</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
