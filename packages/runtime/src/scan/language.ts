/**
 * Cheap language guesses for code the chunker found without a fence tag, and the fence-tag table.
 *
 * Every pattern is a single pass with bounded quantifiers: detection runs on every code chunk of every scanned
 * candidate (up to 1 MB), so it must stay linear and never backtrack catastrophically.
 */
import type { CodeLanguage } from './types'

/** What a fence tag says about its block: a code language, shell, JSON, or plain text. */
export type FenceTagMeaning = { kind: 'code' | 'shell'; language: CodeLanguage } | { kind: 'json' | 'prose' } | null

const TAG_LANGUAGES: Record<string, CodeLanguage> = {
  js: 'javascript',
  javascript: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  node: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  typescript: 'typescript',
  py: 'python',
  python: 'python',
  python3: 'python',
  py3: 'python',
  sh: 'shell',
  bash: 'shell',
  shell: 'shell',
  zsh: 'shell',
  console: 'shell',
  'shell-session': 'shell',
  shellsession: 'shell',
}

const JSON_TAGS = new Set(['json', 'jsonc', 'json5', 'jsonl', 'ndjson'])
// Fences that mark text rather than code: their content is read as prose (still with `fenced: true`), so the
// injection and PII rules see a quoted page or log exactly as they would see it unfenced.
const PROSE_TAGS = new Set(['text', 'txt', 'plain', 'plaintext', 'markdown', 'md', 'quote', 'log', 'output'])

/**
 * What a fence's info string means. The first word counts (`python title="x"` is python); braces and a leading dot
 * (`{.python}`) are tolerated. `null` means "no tag or not one we know": the caller detects from the content.
 */
export function fenceTagMeaning(info: string): FenceTagMeaning {
  const tag = /^[{.]*([\w+#.-]*)/.exec(info)?.[1]?.toLowerCase() ?? ''
  if (tag === '') return null
  const language = TAG_LANGUAGES[tag]
  if (language === 'shell') return { kind: 'shell', language }
  if (language) return { kind: 'code', language }
  if (JSON_TAGS.has(tag)) return { kind: 'json' }
  if (PROSE_TAGS.has(tag)) return { kind: 'prose' }
  // A named language we do not parse (ruby, php, perl, go…): still code, so code rules may look at it.
  return { kind: 'code', language: 'other' }
}

const PYTHON_SIGNALS: readonly RegExp[] = [
  /\bdef [A-Za-z_]\w{0,80}\s{0,4}\(/,
  /(?:^|\n)[ \t]{0,40}from [\w.]{1,120} import /,
  // `import os`, `import numpy as np`, `import requests, pickle` (JavaScript's imports name a module in quotes)
  /(?:^|\n)[ \t]{0,40}import [\w.]{1,120}(?:[ \t]+as [\w]{1,40})?(?:[ \t]*,[ \t]*[\w.]{1,120}(?:[ \t]+as [\w]{1,40})?){0,20}[ \t]*(?:[;\r\n]|$)/,
  /\bself\./,
  /\belif\b/,
  /__\w{1,40}__/,
  /:[ \t]*\r?\n[ \t]+\S/,
  /\b(?:None|True|False)\b/,
  /\blambda\b[^:\n]{0,80}:/,
  /'''|"""/,
  /\bwith [^\n]{1,200}? as \w{1,40}:/,
  /(?:^|[^.\w])(?:print|exec|compile|__import__|input|open|len|range)\(/,
  /\bexcept\b[^\n]{0,80}:/,
]

const JAVASCRIPT_SIGNALS: readonly RegExp[] = [
  /\b(?:const|let|var) [\w${[]/,
  /=>/,
  /[!=]==/,
  /\bfunction\b/,
  /\brequire\(/,
  /;[ \t]*(?:\r?\n|$)/,
  /\bconsole\.\w/,
  /\bprocess\.\w/,
  /\bnew [A-Z]\w{0,80}\(/,
  /\bimport [\w${}*, ]{1,200}? from ['"]/,
  /\bmodule\.exports\b/,
  /\b(?:document|window|globalThis)\./,
  /\bawait\b/,
  /\b(?:null|undefined)\b/,
  /(?:^|\n)[ \t]*\/\/[^\n]/,
]

const TYPESCRIPT_SIGNALS: readonly RegExp[] = [
  /\w[?!]?: ?(?:string|number|boolean|any|unknown|void|never|Record<|Promise<|readonly )/,
  /\binterface [A-Z]\w{0,80}(?:<[^>\n]{0,80}>)?\s{0,4}(?:\{|extends)/,
  /\btype [A-Z]\w{0,80}(?:<[^>\n]{0,80}>)?\s{0,4}=/,
  /\bas const\b/,
  /\bimport type\b/,
  /\benum [A-Z]\w{0,80}\s{0,4}\{/,
  /\b(?:private|public|protected|readonly) \w{1,80}[?!]?:/,
]

function countSignals(text: string, signals: readonly RegExp[]): number {
  let count = 0
  for (const signal of signals) if (signal.test(text)) count++
  return count
}

/**
 * A best guess of the language of unfenced (or untagged) code: `javascript`, `typescript` or `python`, from
 * cheap textual signals. It never answers `shell` (shell lines are recognised line by line by the chunker) and
 * falls back to `javascript` when nothing tells the two apart, since a bare call like `eval(x)` parses the same way
 * in both grammars and the code rules try the other grammar when a detected parse fails.
 */
export function detectCodeLanguage(text: string): CodeLanguage {
  // Long chunks: the head says enough, and it keeps detection cheap on megabyte inputs.
  const sample = text.length > 8192 ? text.slice(0, 8192) : text
  const python = countSignals(sample, PYTHON_SIGNALS)
  const javascript = countSignals(sample, JAVASCRIPT_SIGNALS)
  if (python > javascript) return 'python'
  if (javascript === 0 && python === 0) return 'javascript'
  if (python === javascript && /(?:^|[^.\w])(?:__import__|exec|compile|print)\(|\bos\.system\b|\bsubprocess\./.test(sample)) return 'python'
  return countSignals(sample, TYPESCRIPT_SIGNALS) > 0 ? 'typescript' : 'javascript'
}
