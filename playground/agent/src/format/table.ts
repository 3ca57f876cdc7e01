import { visibleLength } from './style'

/** A plain text table: header, a rule, and rows, columns padded to their widest cell. */
export function renderTable(headers: string[], rows: string[][], rule = '-'): string[] {
  const widths = headers.map((h, i) => Math.max(visibleLength(h), ...rows.map((r) => visibleLength(r[i] ?? ''))))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c + ' '.repeat(widths[i] - visibleLength(c))))
      .join('  ')
      .trimEnd()
  return [line(headers), widths.map((w) => rule.repeat(w)).join('  '), ...rows.map(line)]
}
