import { scan as scanText } from '../../scan'
import type { ScanResult } from '../../scan/types'
import type { Command } from '../command'
import { EXIT } from '../errors'
import { renderTable, type Style } from '../style'

/** 1-based line and column (in UTF-16 code units, as the offsets are) of each offset, in one pass over the text. */
export function lineColumns(text: string, offsets: readonly number[]): Array<{ line: number; column: number }> {
  const starts = [0]
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
  return offsets.map((offset) => {
    let lo = 0
    let hi = starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (starts[mid] <= offset) lo = mid
      else hi = mid - 1
    }
    return { line: lo + 1, column: offset - starts[lo] + 1 }
  })
}

const EXIT_OF = { approve: EXIT.OK, review: EXIT.REVIEW, reject: EXIT.FAILED } as const

function decisionText(d: ScanResult['decision'], st: Style): string {
  return d === 'approve' ? st.green(d) : d === 'review' ? st.yellow(d) : st.red(d)
}

export const scan: Command = {
  name: 'scan',
  summary: 'scan a text with the built-in rules: decision, trust score and findings (no store needed)',
  usage: 'scan <file|->',
  details: `Reads <file> (or standard input with -) as UTF-8 and scans it as a memory candidate with the built-in
rule set, as memories.propose() does. Prints the decision, the trust score, the rule set and each finding:
family, rule, severity, UTF-16 offsets, line:column and its evidence (secrets and personal data redacted).
Opens no store. Exit code: 0 approve, 7 review, 1 reject.
With --json: the scan result (score, decision, findings, chunks, ruleSet) as one JSON document.`,
  options: {},
  positionals: { min: 1, max: 1 },
  async run(ctx) {
    const path = ctx.positionals[0]
    const text = ctx.readInput(path)
    const result = scanText(text)
    const code = EXIT_OF[result.decision]
    if (ctx.json) {
      ctx.emit(result)
      return code
    }
    const st = ctx.style
    const where = lineColumns(
      text,
      result.findings.map((f) => f.start),
    )
    ctx.out(`${st.bold('decision')} ${decisionText(result.decision, st)}`)
    ctx.out(`${st.bold('score')}    ${result.score.toFixed(2)}`)
    ctx.out(`${st.bold('rules')}    ${result.ruleSet}`)
    ctx.out(
      `${st.bold('input')}    ${path === '-' ? 'standard input' : path}, ${text.length} characters, ${result.chunks.length} chunk${result.chunks.length === 1 ? '' : 's'}`,
    )
    if (!result.findings.length) {
      ctx.out(st.dim('no findings'))
      return code
    }
    ctx.out(st.bold(`${result.findings.length} finding${result.findings.length === 1 ? '' : 's'}:`))
    const rows = result.findings.map((f, i) => [
      f.family,
      f.rule,
      `${f.severity === 'low' ? f.severity : f.severity === 'medium' ? st.yellow(f.severity) : st.red(f.severity)}${f.sensitive ? ' (sensitive)' : ''}`,
      `${f.start}-${f.end}`,
      `${where[i].line}:${where[i].column}`,
      JSON.stringify(f.evidence),
    ])
    for (const line of renderTable(['family', 'rule', 'severity', 'offsets', 'line:col', 'evidence'], rows)) ctx.out(`  ${line}`)
    return code
  },
}
