/** @jsxImportSource preact */
// A labelled control: the label names only the control (`for`/`id`), so a select's name is not its options' text.
import type { ComponentChildren } from 'preact'

export function Field({ id, label, children }: { id: string; label: string; children: ComponentChildren }) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {children}
    </div>
  )
}
