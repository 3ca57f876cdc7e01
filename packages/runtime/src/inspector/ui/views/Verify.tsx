/** @jsxImportSource preact */
// The chain's verify state: a badge for the header and the view with the first failure and (live) a re-check.
import type { VerifyState } from '../../model.js'
import { plural, when } from '../format.js'

export function VerifyBadge({ verify }: { verify: VerifyState | null }) {
  if (!verify) return <span class="badge unknown">Chain not verified yet</span>
  if (verify.ok) return <span class="badge ok">✓ Chain verified · {plural(verify.size, 'receipt')}</span>
  const f = verify.firstFailure
  return <span class="badge bad">✗ Verification failed{f && (f.seq === null ? `: ${f.code}` : ` at #${f.seq}: ${f.code}`)}</span>
}

export interface VerifyProps {
  verify: VerifyState | null
  onVerify?: () => void
  busy: boolean
  error: string | null
}

export function Verify({ verify, onVerify, busy, error }: VerifyProps) {
  return (
    <section aria-labelledby="verify-title">
      <h2 id="verify-title">Verify</h2>
      <p>
        <VerifyBadge verify={verify} />
      </p>
      {verify && (
        <p>
          Checked {plural(verify.size, 'receipt')} at {when(verify.checkedAt)}.
        </p>
      )}
      {verify?.firstFailure && (
        <div class="failure" role="note">
          <h3>First failure</h3>
          <p>
            {verify.firstFailure.seq !== null && <>Receipt #{verify.firstFailure.seq}: </>}
            <strong class="mono">{verify.firstFailure.code}</strong> {verify.firstFailure.message}
          </p>
        </div>
      )}
      {onVerify && (
        <p>
          <button type="button" onClick={onVerify} disabled={busy}>
            {busy ? 'Verifying…' : 'Verify the chain now'}
          </button>
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}
