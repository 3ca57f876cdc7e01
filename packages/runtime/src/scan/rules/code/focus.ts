/**
 * Keeping parse cost proportional to what matters: lezer pays for every character (about half a microsecond each
 * for Python), and code rules only care about a few statements. A long snippet is reduced to a slice that still
 * parses the same way around those statements: the statements that hold a trigger (with all their lines), the
 * lines that bind a name they use (transitively), the headers that enclose them (`def f(cmd):`, `function f() {`
 * and its closing brace) and the imports and constants of the file. Everything else is dropped; positions map back.
 */

import { matchAt, matchStarts } from '../../literal-index'

/**
 * Tokens without which no code rule can fire on a multi-line snippet (single lines are always analysed): sinks, and
 * what a snippet gathers to send (host details, the clipboard, a file read into a request's body: JavaScript reads
 * files everywhere, so `readFileSync` alone is no trigger).
 */
export const SINK_TRIGGER =
  /\b(?:eval|exec\w*|spawn\w*|system|popen\w*|Popen|subprocess|child_process|__import__|import_module|compile|execfile|Function|vm|runIn\w+|pickle|marshal|dill|unsafe_load|pty|dup2|socket|builtins|constructor|execa|shelljs|Deno|Bun|Kernel|System|shell_exec|passthru|proc_open|fork|getoutput|check_output|check_call|setattr|chmod|chown|dd|shred|wipefs|socat|telnet|ncat|scp|rsync|powershell|pwsh|DownloadString|psutil|platform|getpass|gethostname|getfqdn|getuser|getlogin|uname|hostname|userInfo|networkInterfaces|pyperclip|clipboard\w*)\b|\b(?:files\s*=|data\s*=\s*(?:open\s*\(|[\w.]+\.read\s*\()|(?:body|data)\s*[:=]\s*(?:await\s+)?(?:fs\.)?(?:promises\.)?(?:readFileSync|readFile|createReadStream)\s*\()|invoke-|\bset(?:Timeout|Interval)\s*\(\s*['"`]|__(?:class|mro|bases?|subclasses|globals|builtins|code|proto)__|\b(?:require|import)\s*\(\s*(?!(?:'[^'\n]*'|"[^"\n]*")\s*\))|\.ssh\b|id_rsa|\/etc\/|\.aws\b|\.env\b|environ|process\.env|\bcurl\b|\bwget\b|\/dev\/(?:tcp|udp|sd)|mkfifo|\bnc\b|\brm\s+-|mkfs|\biex\b|\.bashrc|\.profile|authorized_keys|crontab|:\(\)/

/**
 * Which lines hold a trigger, as `SINK_TRIGGER.test(line)` says, tried only where the literal index finds one of its
 * first words: the expression is long, and testing every line with it is fast only while V8 compiles it optimised
 * (`matchStarts`). Null when the index cannot say.
 */
export function triggerLines(text: string, starts: readonly number[], lines: readonly string[]): Uint8Array | null {
  const candidates = matchStarts(SINK_TRIGGER, text)
  if (candidates === null) return null
  const marked = new Uint8Array(lines.length)
  let n = 0
  for (const at of candidates) {
    while (n + 1 < starts.length && (starts[n + 1] as number) <= at) n++
    if (marked[n]) continue
    // a first word holds no line break, so it lies in line n
    if (matchAt(SINK_TRIGGER, lines[n] as string, at - (starts[n] as number)) !== null) marked[n] = 1
  }
  return marked
}

/**
 * Statements that only matter next to a trigger: network sends and file writes (the other half of an exfiltration
 * or a system-file write) and strings piped into a shell. Kept whenever the snippet holds a trigger at all.
 */
const PARTNER =
  /\b(?:requests|urllib\w*|httpx|aiohttp|http|https|fetch|axios|got|superagent|XMLHttpRequest|WebSocket|sendBeacon|smtplib|ftplib|net|tls|post|put|send\w*|upload\w*|connect|open|write\w*|append\w*)\s*[.(]|\|\s*(?:ba|z|da|k)?sh\b/

/** Imports and constant definitions: cheap to keep, and what names in trigger statements resolve to. */
const CONTEXT_LINE =
  /^\s*(?:import\b|from\s+\S+\s+import\b|(?:const|let|var)\s+[\w${}\s,]+=\s*(?:require\s*\(|['"`])|[A-Za-z_]\w*\s*=\s*(?:['"]|__import__|importlib))/

/** Longer snippets than this are parsed focused. */
export const FOCUS_THRESHOLD = 1500

/** Lines one statement may span (a longer bracket run is cut: the parser recovers). */
const MAX_STATEMENT_LINES = 40
/** Rounds of "keep what binds a name used by a kept statement". */
const BINDING_ROUNDS = 3

/** The target side of an assignment or declaration: text before a lone `=` (not `==`, `=>`, `<=`, `>=`, `!=`). */
const ASSIGNMENT = /^([^=()]*?[^=!<>+\-*/%&|^:])\s*(?:[+\-*/%&|^]|\*\*|\/\/)?=(?![=>])/
/** Other ways a line binds names: loops, `with … as`, `except … as`, destructuring, function and class names. */
const BINDING_FORM = /^\s*(?:for\b|with\b|async\s+(?:for|with)\b|except\b|def\b|class\b|function\b|async\s+function\b)/
const KEYWORDS = new Set([
  'const',
  'let',
  'var',
  'for',
  'in',
  'of',
  'with',
  'as',
  'except',
  'def',
  'class',
  'function',
  'async',
  'await',
  'return',
  'if',
  'else',
  'True',
  'False',
  'None',
  'true',
  'false',
  'null',
  'undefined',
  'this',
  'self',
  'new',
  'not',
  'and',
  'or',
])

function isIdentifierChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36
}

/** Calls `visit` with each ASCII identifier of `text` until it returns true; returns whether one did. */
function forEachIdentifier(text: string, visit: (name: string) => boolean): boolean {
  let i = 0
  while (i < text.length) {
    const c = text.charCodeAt(i)
    if (!isIdentifierChar(c)) {
      i++
      continue
    }
    const start = i
    while (i < text.length && isIdentifierChar(text.charCodeAt(i))) i++
    // A run that starts with a digit is a number, not a name.
    if (!(c >= 48 && c <= 57) && visit(text.slice(start, i))) return true
  }
  return false
}

/** The kept lines of a long snippet, joined, with the way back to positions in the original text. */
export interface FocusedText {
  text: string
  /** The original position of a position in `text`. */
  toOriginal(position: number): number
}

/**
 * Per-line layout: where each line starts, its indentation, and the bracket depth at its start and end. Braces count
 * in Python only (dict and set literals); in brace languages they open blocks, which the header logic handles.
 */
interface Layout {
  starts: number[]
  indent: Int32Array
  blank: Uint8Array
  depthAtStart: Int32Array
  depthAtEnd: Int32Array
}

/**
 * One pass over the text: line starts, indentation, blank/comment-only lines and bracket depth, with strings and
 * comments skipped (approximately: single-quoted strings end at the line, which is what the parser does too).
 */
function layoutOf(text: string, python: boolean): Layout {
  const starts: number[] = [0]
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
  const count = starts.length
  const indent = new Int32Array(count)
  const blank = new Uint8Array(count)
  const depthAtStart = new Int32Array(count)
  const depthAtEnd = new Int32Array(count)
  let depth = 0
  // 0 none, 1 ', 2 ", 3 `, 4 ''', 5 """, 6 /* */
  let quote = 0
  for (let n = 0; n < count; n++) {
    const from = starts[n] as number
    const to = n + 1 < count ? (starts[n + 1] as number) - 1 : text.length
    depthAtStart[n] = depth
    if (quote === 1 || quote === 2) quote = 0
    let i = from
    while (i < to && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++
    indent[n] = i - from
    const first = text.charCodeAt(i)
    blank[n] = quote === 0 && (i >= to || (python && first === 35) || (!python && first === 47 && text.charCodeAt(i + 1) === 47)) ? 1 : 0
    for (; i < to; i++) {
      const c = text.charCodeAt(i)
      if (quote !== 0) {
        if (c === 92 && quote !== 6) i++
        else if (quote === 1 && c === 39) quote = 0
        else if (quote === 2 && c === 34) quote = 0
        else if (quote === 3 && c === 96) quote = 0
        else if ((quote === 4 && c === 39) || (quote === 5 && c === 34)) {
          if (text.charCodeAt(i + 1) === c && text.charCodeAt(i + 2) === c) {
            quote = 0
            i += 2
          }
        } else if (quote === 6 && c === 42 && text.charCodeAt(i + 1) === 47) {
          quote = 0
          i++
        }
        continue
      }
      if (c === 39 || c === 34) {
        const triple = python && text.charCodeAt(i + 1) === c && text.charCodeAt(i + 2) === c
        quote = triple ? (c === 39 ? 4 : 5) : c === 39 ? 1 : 2
        if (triple) i += 2
      } else if (c === 96 && !python) quote = 3
      else if (python && c === 35) break
      else if (!python && c === 47 && text.charCodeAt(i + 1) === 47) break
      else if (!python && c === 47 && text.charCodeAt(i + 1) === 42) {
        quote = 6
        i++
      } else if (c === 40 || c === 91 || (python && c === 123)) depth++
      else if ((c === 41 || c === 93 || (python && c === 125)) && depth > 0) depth--
    }
    depthAtEnd[n] = depth
  }
  return { starts, indent, blank, depthAtStart, depthAtEnd }
}

/**
 * The lines that can matter to the code rules (see the module comment), joined by newlines. Returns null when no
 * line holds a trigger.
 */
export function focusText(text: string, language = 'other'): FocusedText | null {
  const python = language === 'python'
  const layout = layoutOf(text, python)
  const { starts, indent, blank, depthAtStart, depthAtEnd } = layout
  const count = starts.length
  const lines = text.split('\n')
  const lineOf = (n: number) => lines[n] as string
  const keep = new Uint8Array(count)
  // Statement extent: a line inside an open bracket belongs to the statement begun where the depth was last lower.
  const statementStart = (n: number) => {
    let s = n
    while (s > 0 && n - s < MAX_STATEMENT_LINES && (depthAtStart[s] as number) > 0) s--
    return s
  }
  const statementEnd = (s: number) => {
    let e = s
    while (e + 1 < count && e - s < MAX_STATEMENT_LINES && (depthAtEnd[e] as number) > (depthAtStart[s] as number)) e++
    // A Python line ending in a backslash continues too.
    while (python && e + 1 < count && e - s < MAX_STATEMENT_LINES && lineOf(e).endsWith('\\')) e++
    return e
  }
  // `uses` collects the text of newly kept statements whose names must be resolvable (their bindings kept too).
  const keepStatement = (n: number, uses: string[] | null) => {
    const s = statementStart(n)
    // The statement always covers the line itself (a start cut by the line cap may end before it).
    const e = Math.max(n, statementEnd(s))
    for (let k = s; k <= e; k++) {
      if (!keep[k] && uses) uses.push(lineOf(k))
      keep[k] = 1
    }
    return e
  }

  // Enclosing header of each line (nearest earlier statement start with less indentation) and, for brace
  // languages, the line that closes a header's block (kept with it so braces stay balanced).
  const header = new Int32Array(count).fill(-1)
  const closer = new Int32Array(count).fill(-1)
  const open: number[] = []
  for (let n = 0; n < count; n++) {
    if (blank[n] || (depthAtStart[n] as number) > 0) continue
    const level = indent[n] as number
    while (open.length && (indent[open[open.length - 1] as number] as number) >= level) {
      const top = open.pop() as number
      if (!python && (indent[top] as number) === level && /^\s*[)}\]]/.test(lineOf(n))) closer[top] = n
    }
    header[n] = open.length ? (open[open.length - 1] as number) : -1
    open.push(n)
  }

  let any = false
  let uses: string[] = []
  const triggers = triggerLines(text, starts, lines)
  for (let n = 0; n < count; n++) {
    if (keep[n]) continue
    const line = lineOf(n)
    if (triggers ? triggers[n] === 1 : SINK_TRIGGER.test(line)) {
      any = true
      n = keepStatement(n, uses)
    } else if (CONTEXT_LINE.test(line)) keepStatement(n, null)
  }
  if (!any) return null
  for (let n = 0; n < count; n++) if (!keep[n] && PARTNER.test(lineOf(n))) n = keepStatement(n, uses)

  // Lines that bind a name a kept statement uses, until nothing new is needed.
  for (let round = 0; round < BINDING_ROUNDS && uses.length > 0; round++) {
    const needed = new Set<string>()
    const collect = (name: string) => {
      needed.add(name)
      return false
    }
    for (const line of uses) forEachIdentifier(line, collect)
    const next: string[] = []
    for (let n = 0; n < count; n++) {
      if (keep[n] || blank[n] || (depthAtStart[n] as number) > 0) continue
      const line = lineOf(n)
      const target = BINDING_FORM.test(line) ? line : ASSIGNMENT.exec(line)?.[1]
      if (!target) continue
      if (forEachIdentifier(target, (name) => !KEYWORDS.has(name) && needed.has(name))) n = keepStatement(n, next)
    }
    uses = next
  }

  // The headers around every kept line (`def f(cmd):` tells a parameter from a global), with their closing lines.
  for (let n = 0; n < count; n++) {
    if (!keep[n] || blank[n]) continue
    for (let h = header[statementStart(n)] as number; h >= 0 && keep[h] !== 2; h = header[h] as number) {
      keepStatement(h, null)
      keep[h] = 2
      const close = closer[h] as number
      if (close >= 0) keep[close] = 1
    }
  }

  const pieces: string[] = []
  // Pairs of (start in the focused text, start in the original) for every kept line, in order.
  const focusedStarts: number[] = []
  const originalStarts: number[] = []
  let length = 0
  for (let n = 0; n < count; n++) {
    if (!keep[n]) continue
    const line = lineOf(n)
    focusedStarts.push(length)
    originalStarts.push(starts[n] as number)
    pieces.push(line)
    length += line.length + 1
  }
  return {
    text: pieces.join('\n'),
    toOriginal(position: number): number {
      let lo = 0
      let hi = focusedStarts.length - 1
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1
        if ((focusedStarts[mid] as number) <= position) lo = mid
        else hi = mid - 1
      }
      return (originalStarts[lo] as number) + position - (focusedStarts[lo] as number)
    },
  }
}
