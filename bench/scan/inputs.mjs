// Deterministic scan candidates for the scan benchmark, shared by the Node case and the Chromium page so both time
// exactly the same texts: ~2 KB candidates without code (memory notes, a tool-output e-mail, a web page excerpt,
// Chinese notes) and candidates with a 200-line fenced code block (Python, JavaScript, TypeScript, shell).

import { rng } from '../lib/stats.mjs'

const NOTE_SENTENCES = [
  'The user prefers concise answers with the conclusion first.',
  'Project Atlas ships its release candidate on the second Tuesday of each month.',
  'When reviewing pull requests, the user wants comments grouped by file.',
  'The staging database is refreshed from production every Sunday night.',
  'The user asked to keep meeting notes in Markdown with action items at the end.',
  'Remember: the team uses British spelling in customer-facing documents.',
  'The on-call rotation changes on Mondays at 09:00 local time.',
  'The user likes examples that use realistic data rather than foo and bar.',
  'Budget approvals above 5,000 EUR need a second signature from finance.',
  'The user is learning Rust and prefers explanations that compare it with TypeScript.',
  'Deployments are frozen during the last week of the quarter.',
  'The support team answers tickets in English and German.',
]

const EMAIL_LINES = [
  'From: Laura Becker <laura.becker@northwind.example>',
  'To: accounts@contoso.example',
  'Subject: Invoice 2024-117 and delivery schedule',
  '',
  'Hi team,',
  'thanks for the quick turnaround on the last order. The invoice is attached; payment terms are 30 days.',
  'Our bank details have not changed: IBAN DE89 3704 0044 0532 0130 00, reference 2024-117.',
  'The next delivery leaves the warehouse on Thursday; the driver will call +49 30 1234567 on arrival.',
  'If anything is missing, reply to this e-mail or call me directly.',
  'Kind regards,',
  'Laura',
]

const WEB_SENTENCES = [
  'Home › Guides › Caching',
  'HTTP caching lets a browser reuse a response instead of downloading it again.',
  'The Cache-Control header says how long a response stays fresh and who may store it.',
  'A validator such as an ETag lets the server answer 304 Not Modified when nothing changed.',
  'Ignore the legacy Expires header when Cache-Control is present; modern browsers do.',
  'Private responses may be stored by the browser but not by a shared proxy.',
  'Revalidation trades a round trip for bandwidth, which pays off for large resources.',
  'Last updated 12 March 2025 · 6 min read',
]

const CHINESE_SENTENCES = [
  '用户喜欢先给结论，再给理由。',
  '项目周会改到每周三上午十点。',
  '记住：用户更习惯用中文回答，代码注释用英文。',
  '发布前需要完成回归测试，并在变更单里记录结果。',
  '用户正在准备一次关于缓存策略的分享。',
  'The user mixes Chinese and English in technical notes.',
  '财务报销超过五千元需要部门负责人审批。',
  '测试环境每周日晚上从生产环境同步一次数据。',
]

/** Sentences drawn at random (fixed seed) until the text reaches `size` characters, cut at a word boundary. */
function fill(sentences, seed, size, joiner = ' ') {
  const next = rng(seed)
  const parts = []
  let length = 0
  while (length < size) {
    const sentence = sentences[Math.floor(next() * sentences.length)]
    parts.push(sentence)
    length += sentence.length + joiner.length
  }
  const text = parts.join(joiner)
  const cut = text.lastIndexOf(' ', size)
  return text.slice(0, cut > size - 80 ? cut : size)
}

/** ~2 KB candidates without code (2,048 UTF-16 units, cut at a word boundary). */
export function proseCandidates() {
  return [
    { name: 'memory notes', text: fill(NOTE_SENTENCES, 1, 2048) },
    { name: 'tool-output e-mail', text: fill(EMAIL_LINES, 2, 2048, '\n') },
    { name: 'web page excerpt', text: fill(WEB_SENTENCES, 3, 2048, '\n') },
    { name: 'Chinese notes', text: fill(CHINESE_SENTENCES, 4, 2048, '') },
  ]
}

function pythonLine(i, next) {
  const pick = Math.floor(next() * 6)
  if (i % 20 === 0) return `def step_${i}(rows, limit=${10 + (i % 7)}):`
  if (pick === 0) return `    total_${i} = sum(row["amount"] for row in rows if row["ok"])`
  if (pick === 1) return `    if len(rows) > limit: rows = rows[:limit]`
  if (pick === 2) return `    print(f"step ${i}: {len(rows)} rows")`
  if (pick === 3) return `    result = subprocess.run(["git", "status"], capture_output=True, check=True)`
  if (pick === 4) return `    data = json.loads(Path("config_${i}.json").read_text())`
  return `    rows = [r for r in rows if r.get("id") != ${i}]`
}

function javascriptLine(i, next, typed) {
  const pick = Math.floor(next() * 6)
  if (i % 20 === 0)
    return typed
      ? `export function step${i}(rows: Row[], limit = ${10 + (i % 7)}): Row[] {`
      : `export function step${i}(rows, limit = ${10 + (i % 7)}) {`
  if (i % 20 === 19) return '}'
  if (pick === 0) return `  const total${i} = rows.filter((r) => r.ok).reduce((a, r) => a + r.amount, 0)`
  if (pick === 1) return `  if (rows.length > limit) rows = rows.slice(0, limit)`
  if (pick === 2) return `  console.log(\`step ${i}: \${rows.length} rows\`)`
  if (pick === 3)
    return typed
      ? `  const cfg: Config = JSON.parse(readFileSync('config-${i}.json', 'utf8'))`
      : `  const cfg = JSON.parse(readFileSync('config-${i}.json', 'utf8'))`
  if (pick === 4) return `  const res = await fetch(\`https://api.example.com/items/\${rows[0]?.id ?? ${i}}\`)`
  return `  rows = rows.map((r) => ({ ...r, seen: true }))`
}

function shellLine(i, next) {
  const pick = Math.floor(next() * 6)
  if (pick === 0) return `echo "step ${i}: building"`
  if (pick === 1) return `mkdir -p build/step-${i} && cp -r src/* build/step-${i}/`
  if (pick === 2) return `npm run test -- --filter step-${i}`
  if (pick === 3) return `if [ -f "build/step-${i}/out.txt" ]; then cat "build/step-${i}/out.txt"; fi`
  if (pick === 4) return `git log --oneline -n ${(i % 9) + 1}`
  return `tar -czf artifacts/step-${i}.tgz build/step-${i}`
}

function codeBlock(language, seed) {
  const next = rng(seed)
  const lines = []
  if (language === 'python') lines.push('import json', 'import subprocess', 'from pathlib import Path', '')
  if (language === 'javascript' || language === 'typescript') lines.push("import { readFileSync } from 'node:fs'", '')
  if (language === 'typescript')
    lines.push('interface Row { id: number; ok: boolean; amount: number }', 'type Config = Record<string, string>', '')
  if (language === 'shell') lines.push('#!/usr/bin/env bash', 'set -euo pipefail', '')
  while (lines.length < 200) {
    const i = lines.length
    if (language === 'python') lines.push(pythonLine(i, next))
    else if (language === 'shell') lines.push(shellLine(i, next))
    else lines.push(javascriptLine(i, next, language === 'typescript'))
  }
  if (language === 'javascript' || language === 'typescript') lines.push('}')
  return lines.join('\n')
}

const TAGS = { python: 'python', javascript: 'js', typescript: 'ts', shell: 'bash' }

/** Candidates with a 200-line fenced code block between two short paragraphs. */
export function codeCandidates() {
  return Object.entries(TAGS).map(([language, tag], i) => ({
    name: `${language} block`,
    text:
      `The helper the user approved for the nightly job (${language}); keep it as reference:\n\n` +
      `\`\`\`${tag}\n${codeBlock(language, 10 + i)}\n\`\`\`\n\nIt runs after the backup finishes and logs to the usual place.`,
  }))
}

/**
 * Times `scan` on every candidate of a group, round-robin so no variant gets a warmer cache than another; returns
 * per-call latencies in ms for the whole group and per variant.
 */
export function timeScans(scan, candidates, { warmup, runs, now }) {
  for (let i = 0; i < warmup; i++) for (const c of candidates) scan(c.text)
  const all = new Float64Array(runs * candidates.length)
  const perVariant = candidates.map(() => new Float64Array(runs))
  let k = 0
  for (let i = 0; i < runs; i++) {
    candidates.forEach((c, v) => {
      const t0 = now()
      scan(c.text)
      const dt = now() - t0
      all[k++] = dt
      perVariant[v][i] = dt
    })
  }
  return { all, perVariant }
}
