/**
 * Line-level signals for the chunker: is this line a shell command, a code statement, a code continuation, or
 * prose? Each test looks at one line with anchored, bounded patterns (linear in the line, no backtracking
 * blow-up), so classifying a megabyte of text stays a few milliseconds.
 */

/** How one unfenced line reads. `code` can start a code run; `code-weak` only extends one. */
export type LineClass = 'blank' | 'shell' | 'code' | 'code-weak' | 'prose'

/** Start-anchored patterns only need the head of a line; long lines (minified code) are judged on it. */
const HEAD_LENGTH = 600

// Command words that, followed by shell-looking arguments, make a line a shell command. Lowercase: a capitalised
// "Cat" or "Find" starts a sentence, not a command.
const COMMAND_WORDS = new Set(
  (
    'curl wget bash sh zsh dash ksh fish nc ncat netcat socat telnet rm chmod chown chattr sudo su doas python ' +
    'python2 python3 node deno bun perl ruby php powershell pwsh iex cmd ssh scp rsync sftp ftp tftp dd mkfifo ' +
    'base64 xxd echo printf cat tee eval exec source nohup setsid crontab systemctl service kill pkill killall git ' +
    'npm npx pip pip3 pipx yarn pnpm apt apt-get yum dnf apk brew docker podman kubectl tar unzip zip gzip gunzip ' +
    'find xargs env export awk sed grep openssl gpg mv cp ln mkdir touch ls cd certutil bitsadmin mshta rundll32 ' +
    'regsvr32 wmic schtasks reg netsh whoami id uname ifconfig iptables history chmod+x make go cargo java'
  ).split(' '),
)

// PowerShell cmdlets and aliases are case-insensitive in PowerShell itself, so they are here too.
const POWERSHELL_START =
  /^(?:invoke-(?:expression|webrequest|restmethod|command)|iex|iwr|irm|start-process|new-object|set-executionpolicy|add-type)\b/i

// `$ cmd`, `PS C:\> cmd`, `user@host:~$ cmd`: a prompt followed by something command-like. (`# ` and `> ` are
// left out: in memory text they are a Markdown heading and a quote far more often than a root prompt.)
const SHELL_PROMPT = /^(?:\$|PS [A-Za-z]:\\[^>\n]{0,200}>|[\w.-]{1,64}@[\w.-]{1,64}:[^$#\n]{0,200}[$#]) (?=[A-Za-z./~_$-])/

const FIRST_WORD = /^(?:sudo[ \t]+)?([a-z][\w.+-]{0,40})[ \t]+(\S.*)$/s

// Arguments that only shell commands have: flags, paths, URLs, variables, pipes, redirections, separators, quotes.
const SHELLISH_ARGUMENTS =
  /(?:^|[ \t])(?:-{1,2}[A-Za-z0-9]|\/|~\/|\.\.?\/|https?:|\$[{(\w]|[|&;<>`])|['"]|^[\w.-]{1,80}\.(?:sh|py|js|ps1|exe|bat)\b/

// A downloader or any command piped into an interpreter: the line is a shell line wherever the pipe sits.
const PIPE_INTO_SHELL = /\|[ \t]{0,8}(?:sudo[ \t]+)?(?:(?:ba|z|da|k|fi|c)?sh|python[23]?|perl|ruby|node|php|iex|powershell|pwsh)\b/i

// Bare command substitution: `$(cmd …)` or a whole line in backticks.
const COMMAND_SUBSTITUTION = /^\$\([^)\n]{1,400}\)\s*$/

/** Whether a trimmed line reads as a shell command. */
export function isShellLine(trimmed: string): boolean {
  if (trimmed.length < 3) return false
  const head = trimmed.length > HEAD_LENGTH ? trimmed.slice(0, HEAD_LENGTH) : trimmed
  // Markdown table rows use pipes too; they are prose.
  if (head.startsWith('|')) return false
  if (SHELL_PROMPT.test(head)) return true
  if (head.startsWith('#!/')) return true
  if (COMMAND_SUBSTITUTION.test(head)) return true
  if (head.length > 2 && head.startsWith('`') && head.endsWith('`') && head.indexOf('`', 1) === head.length - 1) {
    return isCommandLine(head.slice(1, -1).trim())
  }
  if (isCommandLine(head)) return true
  return trimmed.includes('|') && PIPE_INTO_SHELL.test(trimmed.length > 4096 ? trimmed.slice(0, 4096) : trimmed)
}

function isCommandLine(head: string): boolean {
  const first = head.charCodeAt(0)
  // Command words are lowercase; cmdlets start with a letter: anything else cannot open a command line.
  if (!((first >= 97 && first <= 122) || (first >= 65 && first <= 90))) return false
  if (POWERSHELL_START.test(head)) return /\s\S/.test(head)
  const match = FIRST_WORD.exec(head)
  if (!match) return false
  return COMMAND_WORDS.has(match[1]) && SHELLISH_ARGUMENTS.test(match[2])
}

const CODE_STATEMENTS: readonly RegExp[] = [
  // JavaScript / TypeScript imports, exports, declarations.
  /^import\s{1,4}(?:type\s{1,4})?(?:[\w$]{1,80}\s{0,4},?\s{0,4})?(?:\{[^}\n]{0,400}\}|\*\s{1,4}as\s{1,4}[\w$]{1,80})?\s{0,4}(?:from\s{0,4})?['"`]/,
  /^export\s{1,4}(?:default\b|const\b|let\b|var\b|function\b|class\b|async\b|type\b|interface\b|enum\b|\{|\*)/,
  /^(?:const|let|var)\s{1,4}[\w${[][^=;\n]{0,200}?=/,
  /^(?:interface|type|enum)\s{1,4}[A-Z][\w$]{0,80}(?:<[^>\n]{0,80}>)?\s{0,4}(?:=|\{|extends\b)/,
  /^(?:async\s{1,4})?function\b\s{0,4}\*?\s{0,4}[\w$]{0,80}\s{0,4}\(/,
  /^(?:abstract\s{1,4})?class\s{1,4}[\w$]{1,80}\s{0,4}(?:\(|:|\{|extends\b|implements\b|<)/,
  /^(?:if|for|while|switch|catch)\s{0,4}\(.{0,400}\)\s{0,4}\{?\s{0,4}$/,
  /^module\.exports\b/,
  // Python imports, definitions and one-line compound statements.
  /^import\s{1,4}[\w.]{1,120}(?:\s{1,4}as\s{1,4}\w{1,40})?(?:\s{0,4},\s{0,4}[\w.]{1,120}(?:\s{1,4}as\s{1,4}\w{1,40})?){0,20}\s{0,4}(?:;.*)?$/,
  /^from\s{1,4}\.{0,3}[\w.]{1,120}\s{1,4}import\s{1,4}[\w*(]/,
  /^(?:async\s{1,4})?def\s{1,4}\w{1,80}\s{0,4}\(/,
  /^with\s.{1,400}?\sas\s{1,4}\w{1,40}\s{0,4}:/,
  /^for\s{1,4}[\w, ()]{1,80}\s{1,4}in\s.{1,400}:\s{0,4}\S/,
  // A line that opens with a lambda/arrow, a string's method, or template/interpolation syntax (`${`, `#{`,
  // `@{[`, `<%=`, `{{`) used by template- and eval-injection payloads.
  /^\(\s{0,4}(?:lambda\b|function\b|async\b|\(?[\w$, ]{0,200}\)?\s{0,4}=>)/,
  /^(?:'[^'\n]{0,200}'|"[^"\n]{0,200}")\s?\.\s?[A-Za-z_$]/,
  /^(?:@\{\[|#\{|<%=?|\$\{|\{\{|\{%)/,
]

// An identifier path called directly (`eval(`, `os.system(`, `__import__('os').popen(`, `a[b](`): the head of a
// call-expression statement. Whether the line also ends like a call is checked separately (no `.*` here).
const CALL_HEAD =
  /^(?:await\s{1,4}|new\s{1,4}|return\s{1,4}|void\s{1,4}|yield\s{1,4})?[A-Za-z_$][\w$]{0,120}(?:\s{0,2}\??\.\s{0,2}[A-Za-z_$#][\w$]{0,120}|\[[^\]\n]{0,200}\])*\(/

// `x = …`, `obj.attr += …`, `a[0] = …` (not `==`).
const ASSIGNMENT =
  /^[A-Za-z_$][\w$]{0,120}(?:\.[A-Za-z_$][\w$]{0,120}|\[[^\]\n]{0,200}\])*(?:\s{0,4}:\s{0,4}[\w$.<>[\]|]{1,80})?\s{0,4}(?:[-+*/%|&^]|\*\*|\/\/|\?\?|\|\||&&)?=(?![=>])\s{0,4}\S/

const WEAK_STATEMENTS: readonly RegExp[] = [
  /^(?:if|elif|while|for|with|try|except|finally|else|match|case)\b.{0,400}:\s{0,4}$/,
  /^(?:\}\s{0,4})?else\b.{0,200}\{\s{0,4}$/,
  /^try\s{0,4}\{\s{0,4}$/,
  /^(?:return|break|continue|pass|raise|throw|yield|await|del|global|nonlocal)\b/,
  /^[\])}]{1,20}[;,)]{0,4}\s{0,4}$/,
  /^\/\/|^\/\*|^\*\/?(?:\s|$)/,
  /^@[A-Za-z_][\w.]{0,120}(?:\(.{0,400}\))?\s{0,4}$/,
]

const CODE_PUNCTUATION = /[(){}[\];=$`'"<>|&]/g

/** Whether the tail of a line closes like a statement: `)`, `);`, `;`, `{`, `}` or `,` after a bracket. */
function endsLikeCall(trimmed: string): boolean {
  let end = trimmed.length - 1
  if (trimmed[end] === ';') end--
  return trimmed[end] === ')'
}

function punctuationDensity(head: string): number {
  CODE_PUNCTUATION.lastIndex = 0
  let count = 0
  while (CODE_PUNCTUATION.exec(head)) count++
  return count / head.length
}

// First words (or first characters) that can open one of CODE_STATEMENTS or WEAK_STATEMENTS: a line that starts
// otherwise skips both lists, which keeps prose lines to a handful of cheap tests.
const STATEMENT_START =
  /^(?:import|export|const|let|var|interface|type|enum|async|function|abstract|class|if|for|while|switch|catch|module|from|def|with|elif|try|except|finally|else|match|case|return|break|continue|pass|raise|throw|yield|await|del|global|nonlocal|[(@#<${'"\])}/*])/

/**
 * Classifies one line (without its terminator). An indented line with code punctuation counts as a likely
 * continuation of code (`code-weak`): it extends a code run but never starts one.
 */
export function classifyLine(line: string): LineClass {
  const trimmed = line.trim()
  if (trimmed === '') return 'blank'
  // One or two characters: a closing bracket continues code; nothing else that short says anything.
  if (trimmed.length < 3) return /^[\])}][;,)]?$/.test(trimmed) ? 'code-weak' : 'prose'
  const first = trimmed.charCodeAt(0)
  // Lines that open with a non-ASCII character (CJK, accented prose…) are prose unless they pipe into a shell.
  if (first > 127) return trimmed.includes('|') && isShellLine(trimmed) ? 'shell' : 'prose'
  const head = trimmed.length > HEAD_LENGTH ? trimmed.slice(0, HEAD_LENGTH) : trimmed
  const statementStart = STATEMENT_START.test(head)
  if (statementStart) for (const pattern of CODE_STATEMENTS) if (pattern.test(head)) return 'code'
  if (isShellLine(trimmed)) return 'shell'
  if (CALL_HEAD.test(head) && endsLikeCall(trimmed)) return 'code'
  if (ASSIGNMENT.test(head)) return 'code'
  const last = trimmed[trimmed.length - 1]
  // A statement ending in `;` or `{` — unless the line opens like a sentence ("The user (Alice) …;").
  if ((last === ';' || last === '{') && /[(=]/.test(head) && !/^[A-Z][a-z]+ [a-z]/.test(head)) return 'code'
  if (head.includes('=>') && /[(=]/.test(head.replace('=>', ''))) return 'code'
  // Dense punctuation with brackets: payloads that open with no identifier (`'.__class__…`, `@{[system …]}`).
  if (head.length >= 6 && /[([{]/.test(head) && punctuationDensity(head) >= 0.25) return 'code'
  // Python object-model walks (`''.__class__.__mro__[1].__subclasses__()`): sandbox escapes, never prose.
  if (/\.__[a-z]{2,40}__\b/.test(head) && /[([]/.test(head)) return 'code'
  if (statementStart) for (const pattern of WEAK_STATEMENTS) if (pattern.test(head)) return 'code-weak'
  const indented = line.charCodeAt(0) === 32 || line.charCodeAt(0) === 9
  // Indented punctuation, or an indented `key: value` (an object literal or a TypeScript property signature).
  if (indented && (/[=(){}[\];]|:$/.test(head) || /^[\w$'"]{1,80}\??:\s/.test(head))) return 'code-weak'
  return 'prose'
}
