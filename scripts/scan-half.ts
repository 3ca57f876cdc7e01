/**
 * The fixed two-way split of corpus rows used against overfitting the scanner's rules: rules are developed on the
 * `dev` half and their gain is checked on the `held` half. The half follows from a hash of the row id alone
 * (FNV-1a, 32 bit), so it is the same on every machine and for every run, and every source file is split roughly
 * in two.
 */
export type Half = 'dev' | 'held'

/** The half a row belongs to, from its id. */
export function rowHalf(id: string): Half {
  let hash = 0x811c9dc5
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return (hash >>> 7) % 2 === 0 ? 'dev' : 'held'
}
