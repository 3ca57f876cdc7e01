/** @jsxImportSource preact */
// A rollback dry run in the running app: what a rollback to the target would compensate, without writing.
import { useState } from 'preact/hooks'
import type { RollbackPreview } from '../../model.js'
import { plural, short } from '../format.js'
import { Field } from './Field.js'

export function Rollback({ preview }: { preview: (target: string) => Promise<RollbackPreview> }) {
  const [target, setTarget] = useState('')
  const [result, setResult] = useState<RollbackPreview | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const run = async (e: Event) => {
    e.preventDefault()
    if (!target.trim()) return setError('Enter a target, for example seq:42 or tool:web.fetch.')
    setBusy(true)
    setError(null)
    try {
      setResult(await preview(target.trim()))
    } catch (err) {
      setResult(null)
      setError(err instanceof Error ? err.message : String(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="rollback-title">
      <h2 id="rollback-title">Rollback preview</h2>
      <p class="summary">A dry run in the app: nothing is written.</p>
      <form class="filters" onSubmit={run}>
        <Field id="rollback-target" label="Rollback target">
          <input
            id="rollback-target"
            type="text"
            value={target}
            onInput={(e) => setTarget(e.currentTarget.value)}
            placeholder="seq:42, tool:web.fetch, call:call-7"
            aria-describedby="rollback-help"
          />
        </Field>
        <button type="submit" aria-busy={busy}>
          {busy ? 'Previewing…' : 'Preview rollback'}
        </button>
      </form>
      <p id="rollback-help" class="muted">
        Targets: <code>seq:&lt;n&gt;</code> (back to the state after receipt n), <code>time:&lt;ISO time&gt;</code>,{' '}
        <code>tool:&lt;name&gt;</code>, <code>call:&lt;id&gt;</code>, <code>file:&lt;path or glob&gt;</code>,{' '}
        <code>source:&lt;name&gt;</code>, <code>session:&lt;id&gt;</code>, <code>memory:&lt;id&gt;</code>.
      </p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {result && (
        <div aria-live="polite">
          <p>
            Rollback <span class="mono">{result.target}</span> would compensate {plural(result.affected.length, 'receipt')}
            {result.affected.length > 0 && ` (${result.affected.map((s) => `#${s}`).join(', ')})`} and change{' '}
            {plural(result.changes.length, 'key')}.
          </p>
          {result.changes.length > 0 && (
            <div class="table-wrap">
              <table>
                <caption class="visually-hidden">Keys the rollback would change</caption>
                <thead>
                  <tr>
                    <th scope="col">Pool</th>
                    <th scope="col">Key</th>
                    <th scope="col">From</th>
                    <th scope="col">To</th>
                  </tr>
                </thead>
                <tbody>
                  {result.changes.map((c) => (
                    <tr key={`${c.pool}/${c.key}`}>
                      <td>{c.pool}</td>
                      <td class="mono">{c.key}</td>
                      <td class="mono">{short(c.from, 16)}</td>
                      <td class="mono">{c.to === null ? 'removed' : short(c.to, 16)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </section>
  )
}
