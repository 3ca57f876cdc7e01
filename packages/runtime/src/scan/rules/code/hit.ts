import type { Severity } from '../../types'

/** The code family's rule names (the part after `code/`). */
export type CodeRuleName =
  | 'eval-call'
  | 'dynamic-import'
  | 'process-spawn'
  | 'sandbox-escape'
  | 'builtins-tamper'
  | 'download-exec'
  | 'reverse-shell'
  | 'exfiltration'
  | 'destructive'
  | 'system-write'
  | 'bare-payload'

/** A finding of the code analysis before it is handed to the rule that owns `rule`. Offsets are into the whole text. */
export interface CodeHit {
  rule: CodeRuleName
  start: number
  end: number
  severity: Severity
  evidence: string
}

/**
 * Something the analysed code would do to the world outside the process (used to judge payload-shaped candidates).
 * `contained` marks effects that stay inside the working tree and the machine (a literal `ls`, `rm -rf build`):
 * harmless enough even when they are all a candidate holds.
 */
export interface CodeEffect {
  /** `command`: a command line written out in shell text (a README step), as opposed to one code runs. */
  kind: 'spawn' | 'network' | 'write' | 'substitution' | 'eval' | 'command'
  contained: boolean
  /** For `command` effects: the command names a path outside the working tree (`touch /tmp/x`, `ls -al /`). */
  outsidePath?: boolean
  start: number
  end: number
  evidence: string
}

/** What the analysis of one stretch of code found. */
export interface CodeFindings {
  hits: CodeHit[]
  effects: CodeEffect[]
}

const ORDER: Record<Severity, number> = { low: 0, medium: 1, high: 2, critical: 3 }
const BY_RANK: readonly Severity[] = ['low', 'medium', 'high', 'critical']

/** Numeric rank of a severity (low 0 … critical 3). */
export function rank(severity: Severity): number {
  return ORDER[severity]
}

/** A severity moved `steps` levels (clamped to low … critical). */
export function shift(severity: Severity, steps: number): Severity {
  const next = Math.min(3, Math.max(0, ORDER[severity] + steps))
  return BY_RANK[next] as Severity
}

/** Evidence text: one line, bounded, so that reports stay readable whatever the payload. */
export function evidenceOf(label: string, source: string): string {
  const flat = source.slice(0, 200).replace(/\s+/g, ' ').trim()
  const short = flat.length > 80 ? `${flat.slice(0, 77)}...` : flat
  return `${label}: ${short}`
}

/** An empty result, to be filled by an analyser. */
export function emptyFindings(): CodeFindings {
  return { hits: [], effects: [] }
}
