import { escapeRegExp, PROBE_NAMES, PROBE_PREFIX } from './glob'

/** Comment every instrumented module carries at the end of its one-line header (idempotence and detection). */
export const MARKER = '/*memory-customs:instrumented v1*/'

/**
 * The header `instrument` writes, where it writes it: after an optional shebang line and a directive
 * prologue (with the comments around it), the probe `import`/`require`, the table function, its call and
 * the marker, all on one line. Every alternative of the prologue consumes distinct text (single whitespace
 * characters, whole comments, whole string literals, semicolons), so a failed match backtracks linearly.
 */
const HEADER = new RegExp(
  '^(?:#![^\\n]*\\n)?' +
    '(?:\\s|//[^\\n]*|/\\*[\\s\\S]*?\\*/|"(?:[^"\\\\\\n]|\\\\[\\s\\S])*"|\'(?:[^\'\\\\\\n]|\\\\[\\s\\S])*\'|;)*?' +
    '(?:import \\{[^}\\n]*\\} from "(?:[^"\\\\\\n]|\\\\.)*";|var \\{[^}\\n]*\\} = require\\("(?:[^"\\\\\\n]|\\\\.)*"\\);)' +
    `function (${escapeRegExp(PROBE_NAMES.table)}\\d*)\\(\\)\\{return \\1\\.v\\|\\|\\(\\1\\.v=[^\\n]*?\\)\\)\\}\\1\\(\\);` +
    escapeRegExp(MARKER),
)

/** A statement (at the start of a line or after a `;`) that imports the probe entry `__mc$p`. */
const PREPARE = `\\b${escapeRegExp(PROBE_NAMES.prepare)}\\b`
const PROBE_IMPORT = new RegExp(
  `(?:^|;)[ \\t]*(?:import\\s*\\{[^}]*${PREPARE}[^}]*\\}\\s*from\\b|(?:var|let|const)\\s*\\{[^}]*${PREPARE}[^}]*\\}\\s*=\\s*require\\s*\\()`,
  'm',
)

/**
 * Whether code was already instrumented (by this or another plugin instance): it starts with the header
 * `instrument` writes (the marker counts only there, not as text elsewhere, say in a string), or a
 * statement imports the probe entry `__mc$p` (a header some later tool reformatted). Such code is left
 * alone, so two instances never double the probes.
 */
export function isInstrumented(code: string): boolean {
  if (!code.includes(PROBE_PREFIX)) return false
  return (code.includes(MARKER) && HEADER.test(code)) || (code.includes(PROBE_NAMES.prepare) && PROBE_IMPORT.test(code))
}
