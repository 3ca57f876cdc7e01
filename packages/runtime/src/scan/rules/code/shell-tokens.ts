/**
 * A small POSIX-shell tokenizer: words (with quotes and escapes resolved), pipes, `&&`/`||`/`;`/`&`/newlines,
 * redirections and command substitutions (`$(…)`, backticks, `<(…)`). It is a single forward pass (substitutions are
 * kept as text and tokenized again only when analysed), never throws and tolerates broken input: good enough to tell
 * which commands a line forms, which is all the rules need. Offsets are relative to the tokenized text.
 */

/** A `$(…)`, backtick or `<(…)` substitution found inside a word. */
export interface Substitution {
  text: string
  /** Offset of the substitution's inner text. */
  start: number
}

export interface Word {
  /** The word with quotes and escapes removed. */
  value: string
  start: number
  end: number
  substitutions: Substitution[]
  /** True when some part of the word was quoted (so `|` inside it was not a pipe). */
  quoted: boolean
}

export interface Redirect {
  op: string
  target: string
  start: number
  end: number
}

export interface Command {
  words: Word[]
  redirects: Redirect[]
  start: number
  end: number
  /** Memo of `programName` (the rules ask for it many times per command). */
  program?: string
}

/** Commands joined by `|`; `next` is the operator that ends the pipeline (`&&`, `;`, newline …, '' at the end). */
export interface Pipeline {
  commands: Command[]
  next: string
}

const BLANK = new Set([' ', '\t', '\r'])

/** Reads a balanced `(…)` starting after the opening parenthesis; returns the index of the closing one, or -1. */
function closeParen(text: string, from: number, budget: { left: number }): number {
  let depth = 1
  let quote = ''
  for (let i = from; i < text.length; i++) {
    if (--budget.left < 0) return -1
    const c = text[i]
    if (quote) {
      if (c === '\\' && quote === '"') i++
      else if (c === quote) quote = ''
      continue
    }
    if (c === '\\') i++
    else if (c === "'" || c === '"') quote = c
    else if (c === '(') depth++
    else if (c === ')' && --depth === 0) return i
  }
  return -1
}

function closeBacktick(text: string, from: number, budget: { left: number }): number {
  for (let i = from; i < text.length; i++) {
    if (--budget.left < 0) return -1
    if (text[i] === '\\') i++
    else if (text[i] === '`') return i
  }
  return -1
}

class Tokenizer {
  readonly pipelines: Pipeline[] = []
  private commands: Command[] = []
  private command: Command | null = null
  private word: Word | null = null
  private pendingRedirect: { op: string; start: number } | null = null
  /**
   * Characters the substitution scans may read in all: unclosed `$(` … would each scan to the end, so past a few
   * passes over the text an opening is taken as plain characters (keeps the tokenizer linear).
   */
  private readonly budget: { left: number }

  constructor(private readonly text: string) {
    this.budget = { left: 4 * text.length + 1000 }
  }

  /** Reads a substitution opened at `at` whose inner text starts at `innerStart`; returns where to go on. */
  private substitution(at: number, innerStart: number, backtick: boolean): number {
    const close = backtick ? closeBacktick(this.text, innerStart, this.budget) : closeParen(this.text, innerStart, this.budget)
    if (close < 0) {
      this.append(this.text.slice(at, innerStart), at, innerStart, false)
      return innerStart
    }
    this.appendSubstitution(this.text.slice(innerStart, close), innerStart, at, close + 1)
    return close + 1
  }

  run(): Pipeline[] {
    const text = this.text
    let i = 0
    while (i < text.length) {
      const c = text[i] as string
      const next = text[i + 1]
      if (BLANK.has(c)) {
        this.endWord()
        i++
      } else if (c === '\\' && next === '\n') {
        this.endWord()
        i += 2
      } else if (c === '\n') {
        this.endPipeline('\n')
        i++
      } else if (c === '#' && !this.word) {
        while (i < text.length && text[i] !== '\n') i++
      } else if (c === '|') {
        if (next === '|') {
          this.endPipeline('||')
          i += 2
        } else {
          this.endCommand()
          i += next === '&' ? 2 : 1
        }
      } else if (c === '&' && next === '&') {
        this.endPipeline('&&')
        i += 2
      } else if (c === '&' && next === '>') {
        this.startRedirect('&>', i)
        i += 2
      } else if (c === '&') {
        this.endPipeline('&')
        i++
      } else if (c === ';') {
        this.endPipeline(';')
        i += next === ';' ? 2 : 1
      } else if ((c === '<' || c === '>') && next === '(') {
        i = this.substitution(i, i + 2, false)
      } else if (c === '<' || c === '>') {
        i = this.readRedirect(i)
      } else if (c === '(' || c === ')') {
        this.endPipeline(c)
        i++
      } else if (c === "'") {
        const close = text.indexOf("'", i + 1)
        const end = close < 0 ? text.length : close
        this.append(text.slice(i + 1, end), i, end + 1, true)
        i = end + 1
      } else if (c === '"') {
        i = this.readDoubleQuoted(i)
      } else if (c === '$' && next === '(') {
        i = this.substitution(i, i + 2, false)
      } else if (c === '`') {
        i = this.substitution(i, i + 1, true)
      } else if (c === '\\') {
        this.append(next ?? '', i, i + 2, true)
        i += 2
      } else {
        this.append(c, i, i + 1, false)
        i++
      }
    }
    this.endPipeline('')
    return this.pipelines
  }

  private readDoubleQuoted(open: number): number {
    const text = this.text
    let i = open + 1
    this.append('', open, open + 1, true)
    while (i < text.length && text[i] !== '"') {
      const c = text[i] as string
      if (c === '\\') {
        this.append(text[i + 1] ?? '', i, i + 2, true)
        i += 2
      } else if (c === '$' && text[i + 1] === '(') {
        i = this.substitution(i, i + 2, false)
      } else if (c === '`') {
        i = this.substitution(i, i + 1, true)
      } else {
        this.append(c, i, i + 1, true)
        i++
      }
    }
    return i + 1
  }

  private readRedirect(at: number): number {
    const text = this.text
    // A word made only of digits right before the operator is a file descriptor, not an argument.
    if (this.word && /^\d+$/.test(this.word.value) && this.word.end === at) this.word = null
    else this.endWord()
    let op = text[at] as string
    let i = at + 1
    while (i < text.length && op.length < 3 && '<>&|'.includes(text[i] as string)) op += text[i++]
    this.startRedirect(op, at)
    return i
  }

  private startRedirect(op: string, start: number): void {
    this.endWord()
    this.pendingRedirect = { op, start }
  }

  private currentCommand(start: number): Command {
    if (!this.command) this.command = { words: [], redirects: [], start, end: start }
    return this.command
  }

  private append(chars: string, start: number, end: number, quoted: boolean): void {
    if (!this.word) this.word = { value: '', start, end, substitutions: [], quoted: false }
    this.word.value += chars
    this.word.end = end
    if (quoted) this.word.quoted = true
  }

  private appendSubstitution(inner: string, innerStart: number, start: number, end: number): void {
    this.append('', start, end, false)
    this.word?.substitutions.push({ text: inner, start: innerStart })
  }

  private endWord(): void {
    const word = this.word
    if (!word) return
    this.word = null
    const command = this.currentCommand(word.start)
    command.end = word.end
    if (this.pendingRedirect) {
      command.redirects.push({ op: this.pendingRedirect.op, target: word.value, start: this.pendingRedirect.start, end: word.end })
      this.pendingRedirect = null
    } else {
      command.words.push(word)
    }
  }

  private endCommand(): void {
    this.endWord()
    if (this.pendingRedirect && this.command) {
      const { op, start } = this.pendingRedirect
      this.command.redirects.push({ op, target: '', start, end: start + op.length })
    }
    this.pendingRedirect = null
    if (this.command && (this.command.words.length > 0 || this.command.redirects.length > 0)) this.commands.push(this.command)
    this.command = null
  }

  private endPipeline(next: string): void {
    this.endCommand()
    if (this.commands.length > 0) this.pipelines.push({ commands: this.commands, next })
    this.commands = []
  }
}

/** Tokenizes shell text into pipelines of commands. */
export function tokenizeShell(text: string): Pipeline[] {
  return new Tokenizer(text).run()
}

const WRAPPERS = new Set(['sudo', 'doas', 'env', 'nohup', 'time', 'exec', 'command', 'builtin', 'nice', 'stdbuf', 'setsid'])

/**
 * The index of the word that names the program a command runs, skipping `VAR=value` prefixes and wrappers such as
 * `sudo -E` or `env -i`; -1 when there is none.
 */
export function programIndex(command: Command): number {
  const words = command.words
  let i = 0
  while (i < words.length) {
    const value = (words[i] as Word).value
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(value)) i++
    else if (WRAPPERS.has(value)) {
      const wrapper = i
      i++
      while (i < words.length && (words[i] as Word).value.startsWith('-')) i++
      // `env` or `sudo -l` alone run themselves.
      if (i >= words.length) return wrapper
    } else return i
  }
  return -1
}

/** The program's base name, lower-cased (`/usr/bin/python3` → `python3`); '' when the command has none. */
export function programName(command: Command): string {
  if (command.program === undefined) command.program = computeProgramName(command)
  return command.program
}

function computeProgramName(command: Command): string {
  const index = programIndex(command)
  if (index < 0) return ''
  const value = (command.words[index] as Word).value
  const slash = Math.max(value.lastIndexOf('/'), value.lastIndexOf('\\'))
  return value
    .slice(slash + 1)
    .toLowerCase()
    .replace(/[.,;:!?。，]+$/, '')
    .replace(/\.exe$/, '')
}

/** The words after the program name. */
export function argumentsOf(command: Command): Word[] {
  const index = programIndex(command)
  return index < 0 ? [] : command.words.slice(index + 1)
}
