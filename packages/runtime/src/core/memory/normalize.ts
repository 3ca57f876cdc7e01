/**
 * The comparison form of a memory's content: NFKC (full-width and compatibility forms folded), case-folded,
 * white space collapsed. Two writes "say the same thing" for automatic promotion and for duplicate proposals
 * when their comparison forms are equal. Only a keyed commitment of it is ever stored (see `normCommit`).
 */
import type { Ring } from '../../crypto/ring.js'

export function comparisonForm(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim()
}

/** Keyed commitment of the comparison form: equal content gives an equal tag, without the text being guessable. */
export function normCommit(ring: Ring, text: string): string {
  return ring.commit(`memory-customs/norm\n${comparisonForm(text)}`)
}
