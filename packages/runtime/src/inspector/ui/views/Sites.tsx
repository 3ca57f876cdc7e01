/** @jsxImportSource preact */
// Every instrumented call site with its coverage: which ones fired (wrote a receipt) and which never did.
import { useMemo, useState } from 'preact/hooks'
import type { InspectorSite } from '../../model.js'
import { plural } from '../format.js'
import { Field } from './Field.js'

export interface SitesProps {
  sites: InspectorSite[]
  /** Present when the dev server can open a file in the editor. */
  onOpen?: (site: InspectorSite) => void
  /** `live`: fired in this dev-server session; `static`: receipts in the store. */
  coverageOf: string
}

export function Sites({ sites, onOpen, coverageOf }: SitesProps) {
  const [query, setQuery] = useState('')
  const [onlyUnfired, setOnlyUnfired] = useState(false)
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase()
    return sites
      .filter((s) => !onlyUnfired || s.fired === 0)
      .filter((s) => !q || [s.file, s.fn ?? '', s.rule, s.key ?? '', s.keyKind].some((f) => f.toLowerCase().includes(q)))
      .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column)
  }, [sites, query, onlyUnfired])
  const fired = sites.filter((s) => s.fired > 0).length
  const ranInside = sites.filter((s) => s.fired === 0 && s.ranInside).length
  const unsupported = sites.filter((s) => s.unsupported).length
  const never = sites.length - fired - ranInside - unsupported

  return (
    <section aria-labelledby="sites-title">
      <h2 id="sites-title">Sites</h2>
      <p class="summary">
        {plural(sites.length, 'instrumented site')}; {fired} fired
        {ranInside > 0 && `, ${ranInside} ran inside a wrapper`}, {never} not fired
        {unsupported > 0 && `, ${unsupported} not wrapped`} ({coverageOf}).
      </p>
      <div class="filters">
        <Field id="sites-filter" label="Filter sites">
          <input
            id="sites-filter"
            type="search"
            value={query}
            onInput={(e) => setQuery(e.currentTarget.value)}
            placeholder="file, function, key, rule"
          />
        </Field>
        <label class="check">
          <input type="checkbox" checked={onlyUnfired} onChange={(e) => setOnlyUnfired(e.currentTarget.checked)} />
          Only sites that never fired
        </label>
      </div>
      <div class="table-wrap">
        <table>
          <caption class="visually-hidden">Instrumented sites, {plural(shown.length, 'row')}</caption>
          <thead>
            <tr>
              <th scope="col">Site</th>
              <th scope="col">Function</th>
              <th scope="col">Rule</th>
              <th scope="col">Key</th>
              <th scope="col">Key kind</th>
              <th scope="col">Fired</th>
              {onOpen && <th scope="col">Editor</th>}
            </tr>
          </thead>
          <tbody>
            {shown.map((s) => (
              <tr key={s.id} class={s.fired === 0 && !s.ranInside ? 'unfired' : undefined}>
                <td class="mono">
                  {s.file}:{s.line}:{s.column}
                </td>
                <td class="mono">{s.fn ?? '—'}</td>
                <td>{s.rule}</td>
                <td class="mono">{s.key ?? '—'}</td>
                <td>{s.keyKind}</td>
                <td>
                  <Coverage site={s} />
                </td>
                {onOpen && (
                  <td>
                    <button type="button" class="link" onClick={() => onOpen(s)} aria-label={`Open in editor: ${s.file}:${s.line}`}>
                      Open in editor
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length === 0 && <p class="empty">No site matches.</p>}
    </section>
  )
}

/** The fired column: a count, or why there is none (in words, not only the row's color). */
function Coverage({ site: s }: { site: InspectorSite }) {
  if (s.unsupported) return <span class="tag warn">not wrapped: {s.unsupported}</span>
  if (s.fired === 0 && s.ranInside) return <span class="tag">0 · ran inside its wrapper</span>
  if (s.fired === 0) return <span class="tag warn">0 · not fired</span>
  return (
    <span>
      {s.fired}
      {s.lastSeq !== null && <span class="muted"> (last #{s.lastSeq})</span>}
    </span>
  )
}
