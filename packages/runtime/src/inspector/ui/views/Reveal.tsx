/** @jsxImportSource preact */
// The reveal token field (dev page): values stay redacted until the token printed in the terminal is entered.
import { useState } from 'preact/hooks'
import { Field } from './Field.js'

export interface RevealProps {
  active: boolean
  onToken: (token: string) => void
  error: string | null
}

export function Reveal({ active, onToken, error }: RevealProps) {
  const [token, setToken] = useState('')
  return (
    <form
      class="reveal"
      onSubmit={(e) => {
        e.preventDefault()
        onToken(token.trim())
      }}
    >
      <Field id="reveal-token" label="Reveal token">
        <input
          id="reveal-token"
          type="password"
          autoComplete="off"
          value={token}
          onInput={(e) => setToken(e.currentTarget.value)}
          aria-describedby="reveal-help"
        />
      </Field>
      <button type="submit">{active ? 'Change token' : 'Reveal values'}</button>
      <span id="reveal-help" class="muted">
        {active ? 'Values are revealed in receipt details.' : 'Printed in the dev server terminal with this page’s URL.'}
      </span>
      {error && (
        <span class="error" role="alert">
          {error}
        </span>
      )}
    </form>
  )
}
