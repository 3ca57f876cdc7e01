// A row of a results table: a measured figure against its target. A figure that could not be measured is
// reported as such (never replaced by a guess), and its verdict says so.

/**
 * @param {object} row
 * @param {string} row.name     what was measured
 * @param {number} row.value    the measured number (NaN when not measured)
 * @param {(v:number)=>string} row.format
 * @param {'<='|'>='|null} row.op  comparison against the target, or null for an informative figure
 * @param {number} [row.target]
 * @param {string} [row.note]
 */
export function row({ name, value, format, op = null, target, note = '' }) {
  let verdict = 'info'
  if (op && !Number.isFinite(value)) verdict = 'NOT MEASURED'
  else if (op === '<=') verdict = value <= target ? 'PASS' : 'MISS'
  else if (op === '>=') verdict = value >= target ? 'PASS' : 'MISS'
  // A figure that rounds to its target (0.4993 shown as 0.50× against ≥ 0.50×) says which side it fell on.
  const hidden = op !== null && Number.isFinite(value) && format(value) === format(target)
  return {
    name,
    value,
    figure: format(value),
    target: op ? `${op === '<=' ? '≤' : '≥'} ${format(target)}` : '–',
    verdict,
    note: hidden ? [note, `unrounded ${value.toPrecision(4)} against ${target}`].filter(Boolean).join('; ') : note,
  }
}

/** A row for a benchmark that could not run at all (its error is kept as the note). */
export function failedRow(name, target, error) {
  return { name, value: Number.NaN, figure: 'n/a', target, verdict: 'NOT MEASURED', note: firstLine(error) }
}

export function firstLine(error) {
  const text = String(error?.message ?? error)
  const line = text.split('\n').find((l) => l.trim()) ?? text
  return line.length > 200 ? `${line.slice(0, 197)}...` : line
}
