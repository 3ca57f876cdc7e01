import { chunkText } from '../../src/scan/chunk'
import { codeRules } from '../../src/scan/rules/code/index'
import type { Chunk, CodeLanguage, RuleHit, ScanInput, Severity } from '../../src/scan/types'

/** A code-family finding as the tests look at it: the rule id with its hit. */
export interface CodeFinding extends RuleHit {
  rule: string
}

const RANK: Record<Severity, number> = { low: 0, medium: 1, high: 2, critical: 3 }

/** Runs every code rule on the given chunks, as the scanner does (each rule on the chunk kinds it applies to). */
export function runCodeRules(input: ScanInput): CodeFinding[] {
  const out: CodeFinding[] = []
  for (const chunk of input.chunks) {
    for (const rule of codeRules) {
      if (rule.appliesTo && !rule.appliesTo.includes(chunk.kind)) continue
      for (const hit of rule.check(chunk, input)) out.push({ rule: rule.id, ...hit })
    }
  }
  return out
}

/** Code findings of a whole text, chunked by the real chunker. */
export function codeFindings(text: string): CodeFinding[] {
  return runCodeRules({ text, chunks: chunkText(text) })
}

/** Code findings of one snippet given as a single chunk of the stated kind and language (no chunker involved). */
export function findingsAs(text: string, kind: Chunk['kind'], language?: CodeLanguage, prefix = ''): CodeFinding[] {
  const full = prefix + text
  const chunks: Chunk[] = []
  if (prefix) chunks.push({ kind: 'prose', start: 0, end: prefix.length, text: prefix })
  chunks.push({ kind, start: prefix.length, end: full.length, text, language, languageFrom: language ? 'tag' : undefined })
  return runCodeRules({ text: full, chunks })
}

/** The strongest severity among findings, or 'none'. */
export function worst(findings: readonly CodeFinding[]): Severity | 'none' {
  let best: Severity | 'none' = 'none'
  for (const f of findings) if (best === 'none' || RANK[f.severity] > RANK[best]) best = f.severity
  return best
}

/** What the code family alone would make of the findings: reject (high+), review (medium), pass (low or nothing). */
export function verdict(findings: readonly CodeFinding[]): 'reject' | 'review' | 'pass' {
  const w = worst(findings)
  if (w === 'high' || w === 'critical') return 'reject'
  return w === 'medium' ? 'review' : 'pass'
}

/** The rule ids that fired at medium or above. */
export function strongRules(findings: readonly CodeFinding[]): string[] {
  return [...new Set(findings.filter((f) => RANK[f.severity] >= 1).map((f) => f.rule))].sort()
}
