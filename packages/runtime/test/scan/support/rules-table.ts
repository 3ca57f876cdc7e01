import type { Rule } from '../../../src/scan/types'

export const RULES_START = '<!-- rules:start (generated from the registry by packages/runtime/test/scan/docs.test.ts) -->'
export const RULES_END = '<!-- rules:end -->'

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** The rule table of docs/scanning.md, rendered from the registry so the page cannot drift from the code. */
export function renderRulesTable(rules: readonly Rule[]): string {
  const lines = ['| rule | reads | description |', '|---|---|---|']
  for (const rule of rules) {
    const reads = rule.appliesTo ? rule.appliesTo.join(', ') : 'all chunks'
    lines.push(`| \`${rule.id}\` | ${reads} | ${cell(rule.description)} |`)
  }
  return lines.join('\n')
}

/** Replaces the generated block of a document with `table`. */
export function withRulesTable(doc: string, table: string): string {
  const start = doc.indexOf(RULES_START)
  const end = doc.indexOf(RULES_END)
  if (start === -1 || end < start) throw new Error('docs/scanning.md has no rules block')
  return `${doc.slice(0, start + RULES_START.length)}\n${table}\n${doc.slice(end)}`
}

/** The generated block of a document, as it stands. */
export function rulesBlock(doc: string): string {
  const start = doc.indexOf(RULES_START)
  const end = doc.indexOf(RULES_END)
  return start === -1 || end < start ? '' : doc.slice(start + RULES_START.length, end).trim()
}
