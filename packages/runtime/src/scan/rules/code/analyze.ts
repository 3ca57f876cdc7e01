import { hasMatch } from '../../literal-index'
import type { Chunk, ScanInput } from '../../types'
import type { CodeFindings, CodeHit } from './hit'
import { emptyFindings, evidenceOf, rank, shift } from './hit'
import { documentedInstall, documentedSystemWrite } from './documented-install'
import { FOCUS_THRESHOLD, focusText, SINK_TRIGGER } from './focus'
import type { Segment } from './prose'
import { callSegments, mayHoldCode, proseSegments } from './prose'
import { analyzeShell } from './shell'
import { analyzeCode, errorShare, nestedAnalysis, parseCode } from './tree'
import type { TreeLanguage } from './tree'

const DUNDER_ESCAPE = /__class__\s*\.\s*__(?:mro|bases?)__|__subclasses__\s*\(\s*\)\s*\[|__globals__\s*\[\s*['"]__builtins__/g

/** Spawners of languages without a parser here (Ruby, Perl, PHP): `system "…"`, `%x(…)`, `Kernel.exec("…")`. */
const OTHER_SPAWN =
  /\b(?:system|System|exec|spawn|popen|shell_exec|passthru|proc_open|Kernel\.(?:exec|system|spawn)|IO\.popen)\s*\(?\s*(["'`])([^"'`\n]{1,500})\1|%x[({[]\s*(['"]?)([^'"()}\]\n]{1,500})\3\s*[)}\]]/g

const PY_MARKERS =
  /^\s*(?:def|class|import|from|with|elif|except)\b|:\s*$|\bself\.|\bprint\(|__\w+__|\blambda\b|\bNone\b|\bTrue\b|\bFalse\b/m
const JS_MARKERS = /\b(?:const|let|var|function|new)\s|=>|;\s*$|\brequire\(|console\.|===|\bnull\b|\bundefined\b/m

function merge(into: CodeFindings, from: CodeFindings): void {
  for (const h of from.hits) into.hits.push(h)
  for (const e of from.effects) into.effects.push(e)
}

function dunderEscapes(text: string, offset: number, out: CodeFindings): void {
  if (!text.includes('__')) return
  DUNDER_ESCAPE.lastIndex = 0
  for (let m = DUNDER_ESCAPE.exec(text); m; m = DUNDER_ESCAPE.exec(text)) {
    out.hits.push({
      rule: 'sandbox-escape',
      severity: 'high',
      start: offset + m.index,
      end: offset + m.index + m[0].length,
      evidence: evidenceOf('sandbox escape chain', m[0]),
    })
  }
}

function otherLanguageSpawns(text: string, offset: number, out: CodeFindings): void {
  OTHER_SPAWN.lastIndex = 0
  for (let m = OTHER_SPAWN.exec(text); m; m = OTHER_SPAWN.exec(text)) {
    const command = m[2] ?? m[4] ?? ''
    const commandStart = offset + m.index + m[0].indexOf(command)
    const inner = analyzeShell(command, commandStart, nestedAnalysis, 1)
    let worst = 'low' as CodeHit['severity']
    for (const h of inner.hits) {
      out.hits.push(h)
      if (rank(h.severity) > rank(worst)) worst = h.severity
    }
    const contained = inner.effects.every((e) => e.contained)
    const start = offset + m.index
    const end = start + m[0].length
    out.hits.push({
      rule: 'process-spawn',
      severity: rank(worst) >= 2 ? 'high' : 'medium',
      start,
      end,
      evidence: evidenceOf('command run', m[0]),
    })
    out.effects.push({ kind: 'spawn', contained, start, end, evidence: evidenceOf('command run', m[0]) })
  }
}

function lineCount(text: string): number {
  let lines = 0
  for (let i = text.indexOf('\n'); i >= 0 && lines <= 5; i = text.indexOf('\n', i + 1)) lines++
  return lines + 1
}

/** Share of error nodes above which a tree of unknown-language code is not trusted at full weight. */
const UNRELIABLE_TREE = 0.15

/** Code of an unknown language: parsed as JavaScript or Python (whichever parses better), plus shell and other spawners. */
function analyzeOther(text: string, offset: number, guess?: TreeLanguage): CodeFindings {
  const out = emptyFindings()
  const pyScore = (PY_MARKERS.exec(text) ? 1 : 0) + (text.includes('__') ? 1 : 0)
  const jsScore = JS_MARKERS.exec(text) ? 1 : 0
  let language: TreeLanguage = guess ?? (pyScore > jsScore ? 'python' : 'javascript')
  let tree = parseCode(language, text)
  let share = errorShare(tree)
  // Only a badly parsed guess is worth a second parse with the other grammar (and only while parses are cheap).
  if (share > 0.05 && text.length <= 8000) {
    const alternative: TreeLanguage = language === 'python' ? 'javascript' : 'python'
    const other = parseCode(alternative, text)
    const otherShare = errorShare(other)
    if (otherShare < share) {
      language = alternative
      tree = other
      share = otherShare
    }
  }
  const found = analyzeCode(language, text, offset, 0, true, tree)
  // A tree made mostly of error recovery may have invented the calls it shows: its own findings count one level
  // less (formed command lines found in its strings keep theirs, and so do the effects a bare payload is judged by).
  if (share > UNRELIABLE_TREE) for (const h of found.hits) if (!COMMAND_RULES.has(h.rule)) h.severity = shift(h.severity, -1)
  merge(out, found)
  // Unknown short code may be shell or a command injection (`$(touch …)`); a long program is not read as shell,
  // whose command-line rules already run on its string literals.
  if (lineCount(text) <= 5) {
    const shell = analyzeShell(text, offset, nestedAnalysis)
    for (const h of shell.hits) out.hits.push(h)
    for (const e of shell.effects) if (e.kind === 'substitution') out.effects.push(e)
  }
  if (!out.hits.some((h) => h.rule === 'process-spawn')) otherLanguageSpawns(text, offset, out)
  return out
}

/** Rules whose findings come from a formed command line, which keep their weight even inside a sentence. */
const COMMAND_RULES = new Set<CodeHit['rule']>(['download-exec', 'reverse-shell', 'destructive', 'exfiltration'])

/** Words that turn a quoted command into a warning about it ("never run `rm -rf /`", 不要运行 …). */
const WARNING_CUE =
  /\b(?:never|don'?t|do not|avoid|dangerous|unsafe|warning|beware|instead of|rather than|not recommended|vulnerab\w*|attack\w*|malicious|insecure)\b|不要|切勿|禁止|避免|危险|不安全|恶意/i

/** Shell operators: a bare line holding one may be a command injection (`/dev/null; touch /tmp/x ; echo`). */
const COMMAND_SHAPE = /[;|&`<>]|\$\(/

/** Programs whose appearance after an operator makes a bare line a command line rather than a note. */
const KNOWN_COMMANDS = new Set([
  'touch',
  'ls',
  'cat',
  'rm',
  'cp',
  'mv',
  'echo',
  'id',
  'whoami',
  'uname',
  'ping',
  'nslookup',
  'sleep',
  'chmod',
  'chown',
  'curl',
  'wget',
  'nc',
  'bash',
  'sh',
  'python',
  'python3',
  'perl',
  'ruby',
  'php',
  'node',
  'find',
  'head',
  'tail',
  'dd',
  'kill',
  'pkill',
  'reboot',
  'shutdown',
  'passwd',
  'useradd',
  'crontab',
  'tee',
  'mkdir',
  'ifconfig',
])

/** A bare line tokenized as shell: commands of known programs that reach outside the working tree count as effects. */
function bareCommands(text: string, offset: number, out: CodeFindings): void {
  const shell = analyzeShell(text, offset, nestedAnalysis)
  for (const h of shell.hits) out.hits.push(h)
  for (const e of shell.effects) {
    const program = /^command: (\S+)/.exec(e.evidence)?.[1]?.replace(/^.*\//, '') ?? ''
    if (e.kind === 'command' && KNOWN_COMMANDS.has(program)) out.effects.push(e)
  }
}

function lineAround(text: string, at: number): string {
  const start = text.lastIndexOf('\n', at) + 1
  const end = text.indexOf('\n', at)
  return text.slice(start, end < 0 ? text.length : end)
}

/** One code-looking stretch of prose, analysed at offset 0 (the caller shifts the positions). */
function analyzeSegment(segment: Segment): CodeFindings {
  if (segment.kind === 'shell') return analyzeShell(segment.text, 0, nestedAnalysis)
  if (segment.kind === 'call' || /[\w$]\(/.test(segment.text)) return analyzeOther(segment.text, 0)
  return analyzeShell(segment.text, 0, nestedAnalysis)
}

function analyzeProse(text: string, offset: number, whole: boolean): CodeFindings {
  const out = emptyFindings()
  if (!whole && !mayHoldCode(text)) return out
  let parsed = 0
  // The same stretch repeated in one text (`eval()` named ten times) is analysed once, within this call only.
  const seen = new Map<string, CodeFindings>()
  for (const segment of proseSegments(text)) {
    const start = offset + segment.start
    // `eval()` with nothing inside, in a sentence, can carry nothing: a mention.
    if (!whole && segment.kind === 'call' && /^[^(]*\(\s*\)$/.test(segment.text)) continue
    if (segment.kind !== 'shell' && ++parsed > MAX_PROSE_SEGMENTS) continue
    const key = `${segment.kind}:${segment.text}`
    let relative = seen.get(key)
    if (!relative) {
      relative = analyzeSegment(segment)
      seen.set(key, relative)
    }
    const found: CodeFindings = {
      hits: relative.hits.map((h) => ({ ...h, start: h.start + start, end: h.end + start })),
      effects: relative.effects.map((e) => ({ ...e, start: e.start + start, end: e.end + start })),
    }
    // A command quoted in a warning is a mention: it stays on record, low.
    if (!whole && WARNING_CUE.test(lineAround(text, segment.start))) for (const h of found.hits) h.severity = 'low'
    // A call written in a sentence ("asked about eval(userInput)") is talk about code: at most a review, unless
    // the command it carries is itself a download-and-run, a reverse shell, a wipe or an exfiltration.
    if (!whole && segment.kind !== 'shell') {
      // An assignment that patches builtins is an instruction, not talk about a call: it keeps its review.
      const sentence = readsAsSentences(lineAround(text, segment.start))
      for (const h of found.hits) {
        const cap = sentence && h.rule !== 'builtins-tamper' ? 0 : 1
        if (!COMMAND_RULES.has(h.rule) && rank(h.severity) > cap) h.severity = cap === 0 ? 'low' : 'medium'
      }
    }
    merge(out, found)
  }
  if (whole) {
    dunderEscapes(text, offset, out)
    if (COMMAND_SHAPE.test(text)) bareCommands(text, offset, out)
    if (!out.hits.some((h) => h.rule === 'process-spawn')) otherLanguageSpawns(text, offset, out)
  }
  return out
}

/**
 * True when the candidate is nothing but this chunk (a bare one-liner, or a one-line fenced block and its fences):
 * a memory that only runs something is a payload, not knowledge.
 */
export function isPayloadShaped(chunk: Chunk, input: ScanInput): boolean {
  if (input.text.length - chunk.text.length > 40) return false
  const outside = (input.text.slice(0, chunk.start) + '\n' + input.text.slice(chunk.end)).replace(
    /^[ \t]*(?:```|~~~)[\w+#.-]*[ \t]*$/gm,
    '',
  )
  if (outside.trim() !== '') return false
  let lines = 0
  for (const line of chunk.text.split('\n')) if (line.trim()) lines++
  if (lines !== 1) return false
  return chunk.kind === 'code' || !readsAsSentences(chunk.text)
}

/** Natural-language text (CJK, or mostly plain words) is never a bare payload, even when it quotes a command. */
function readsAsSentences(text: string): boolean {
  if (/[\u3000-\u9fff\uac00-\ud7af]/.test(text)) return true
  const tokens = text.split(/\s+/).filter(Boolean)
  let plain = 0
  for (const t of tokens) if (/^[A-Za-z]{2,}[,.;:!?]?$/.test(t)) plain++
  return plain >= 5 && plain / tokens.length > 0.5
}

function findingsOf(chunk: Chunk, whole: boolean): CodeFindings {
  const { start } = chunk
  if (chunk.kind === 'prose') return analyzeProse(chunk.text, start, whole)
  if (chunk.kind === 'json') return emptyFindings()
  // A one-line payload is always read whole; a longer snippet only around the lines a rule could care about.
  const language = chunk.kind === 'shell' ? 'shell' : (chunk.language ?? 'other')
  // tried at its first words only, however many (see `matchStarts`)
  if (!whole && !hasMatch(SINK_TRIGGER, chunk.text, Infinity)) return emptyFindings()
  if (!whole && chunk.text.length > FOCUS_THRESHOLD && language !== 'shell') {
    const focused = focusText(chunk.text, language)
    if (!focused) return emptyFindings()
    const found = findingsOfText(focused.text, 0, language, chunk.languageFrom)
    const back = (p: number) => start + focused.toOriginal(p)
    for (const h of found.hits) {
      h.start = back(h.start)
      h.end = back(h.end)
    }
    for (const e of found.effects) {
      e.start = back(e.start)
      e.end = back(e.end)
    }
    return found
  }
  return findingsOfText(chunk.text, start, language, chunk.languageFrom)
}

/**
 * Most characters of code handed to the parser per chunk, and most code stretches parsed one by one: lezer costs a
 * few microseconds a character, and past these bounds the candidate is decided anyway. What lies beyond is still
 * read by the cheap checks (command lines, sandbox-escape chains).
 */
const PARSE_BUDGET = 32_000
const MAX_SEGMENTS = 200
/** Calls parsed per prose chunk: a sentence that names more is a code listing the code checks already saw. */
const MAX_PROSE_SEGMENTS = 24

/** The cheap checks only: command lines (by tokenizer) and dunder chains, for text past the parse budget. */
function cheapFindings(text: string, start: number): CodeFindings {
  const out = emptyFindings()
  for (const segment of proseSegments(text, true)) merge(out, analyzeShell(segment.text, start + segment.start, nestedAnalysis))
  dunderEscapes(text, start, out)
  return out
}

/** Brackets nested deeper than any program a person writes: the parser would only spend time on error recovery. */
const MAX_NESTING = 120

function nestsTooDeep(text: string): boolean {
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 40 || c === 91 || c === 123) {
      if (++depth > MAX_NESTING) return true
    } else if ((c === 41 || c === 93 || c === 125) && depth > 0) depth--
  }
  return false
}

function findingsOfText(text: string, start: number, language: string, languageFrom: Chunk['languageFrom']): CodeFindings {
  if (language !== 'shell' && nestsTooDeep(text)) return cheapFindings(text, start)
  if (language !== 'shell' && text.length > PARSE_BUDGET) {
    const cut = text.lastIndexOf('\n', PARSE_BUDGET) > 0 ? text.lastIndexOf('\n', PARSE_BUDGET) : PARSE_BUDGET
    const out = findingsOfText(text.slice(0, cut), start, language, languageFrom)
    merge(out, cheapFindings(text.slice(cut), start + cut))
    return out
  }
  let out: CodeFindings
  if (language === 'shell') {
    out = analyzeShell(text, start, nestedAnalysis)
    // A line the chunker took for shell may be a sentence or code holding calls (`add os.system("…") at the top`).
    for (const segment of callSegments(text).slice(0, MAX_SEGMENTS)) merge(out, analyzeOther(segment.text, start + segment.start))
  } else if (language === 'other') out = analyzeOther(text, start)
  else if (languageFrom !== 'tag') out = analyzeOther(text, start, language as TreeLanguage)
  else out = analyzeCode(language as TreeLanguage, text, start)
  dunderEscapes(text, start, out)
  return out
}

function dedupe(hits: CodeHit[]): CodeHit[] {
  const best = new Map<string, CodeHit>()
  for (const h of hits) {
    const key = `${h.rule}:${h.start}:${h.end}`
    const seen = best.get(key)
    if (!seen || rank(h.severity) > rank(seen.severity)) best.set(key, h)
  }
  return [...best.values()].sort((a, b) => a.start - b.start || a.end - b.end || a.rule.localeCompare(b.rule))
}

function analyzeUncached(chunk: Chunk, input: ScanInput): CodeHit[] {
  const whole = isPayloadShaped(chunk, input)
  const found = findingsOf(chunk, whole)
  let hits = found.hits
  if (chunk.kind === 'prose' && !whole) hits = hits.filter((h) => rank(h.severity) >= 1)
  // A page's own install step is not a payload: its product's install script piped into a shell (or a Dockerfile's
  // RUN doing so) is reviewed, not rejected; a binary, a service unit or a PATH line put where installs put them is
  // only on record (it would otherwise add to the install script's finding and reject the page).
  if (!whole)
    for (const h of hits) {
      if (rank(h.severity) < 2) continue
      const documented =
        h.rule === 'download-exec'
          ? documentedInstall(input.text, h.start, h.end) && 'medium'
          : h.rule === 'system-write' && documentedSystemWrite(input.text, h.start, h.end) && 'low'
      if (documented) {
        h.severity = documented
        h.evidence = h.evidence.replace(': ', ' (an install step the page documents): ')
      }
    }
  // A traceback quotes the line that ran where it failed (`File "error.py", line 22, in <module>` / `exec(…)`): a report
  // of what happened, not code to run; on record only.
  for (const h of hits) {
    if (rank(h.severity) >= 1 && quotedByTraceback(input.text, h.start)) {
      h.severity = 'low'
      h.evidence = h.evidence.replace(': ', ' (a line a traceback quotes): ')
    }
  }
  if (whole) {
    // A command line written out in a shell block is a step to read (and the shell rules judge it); in prose, a
    // lone backticked command is the shape of a command injection (`ls -al /` runs in Ruby, Perl, PHP, shells).
    // A bare shell line still counts when it reaches outside paths (`/dev/null; touch /tmp/x`), not for `sudo apt …`.
    const outward = found.effects.find((e) => !e.contained && (e.kind !== 'command' || chunk.kind === 'prose' || e.outsidePath === true))
    if (outward) {
      const lead = chunk.text.length - chunk.text.trimStart().length
      const trail = chunk.text.length - chunk.text.trimEnd().length
      hits.push({
        rule: 'bare-payload',
        severity: 'high',
        start: chunk.start + lead,
        end: chunk.end - trail,
        evidence: evidenceOf(`the whole candidate is code that acts (${outward.kind})`, outward.evidence),
      })
    }
  }
  const lo = chunk.start
  const hi = Math.max(chunk.end, chunk.start)
  return dedupe(hits.map((h) => ({ ...h, start: Math.min(Math.max(h.start, lo), hi), end: Math.min(Math.max(h.end, h.start, lo), hi) })))
}

/** A Python traceback's frame header; the line after it is the source line the frame ran. */
const TRACEBACK_FRAME = /^[ \t]*File "[^"\n]{1,300}", line \d+(?:, in [^\n]{1,120})?[ \t]*$/

/** Whether the line holding `at` comes right after a traceback's frame header. */
function quotedByTraceback(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1
  if (lineStart === 0) return false
  const previousStart = text.lastIndexOf('\n', lineStart - 2) + 1
  return TRACEBACK_FRAME.test(text.slice(previousStart, lineStart - 1))
}

interface Memo {
  text: string
  start: number
  source: string
  hits: CodeHit[]
}

// Every code rule reads the same analysis of a chunk; it is computed once per chunk object and scan. The entry is
// only reused for the very same chunk text, offset and scanned text, so results never depend on earlier calls.
const memo = new WeakMap<Chunk, Memo>()

/** All code-family hits of one chunk (shared by the code rules, each keeping its own). Never throws. */
export function analyzeChunk(chunk: Chunk, input: ScanInput): CodeHit[] {
  const cached = memo.get(chunk)
  if (cached && cached.text === chunk.text && cached.start === chunk.start && cached.source === input.text) return cached.hits
  let hits: CodeHit[]
  try {
    hits = analyzeUncached(chunk, input)
  } catch {
    hits = []
  }
  memo.set(chunk, { text: chunk.text, start: chunk.start, source: input.text, hits })
  return hits
}
