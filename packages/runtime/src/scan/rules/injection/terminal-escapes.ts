/**
 * Terminal escapes in a memory act on whoever prints it in a terminal: the CLI, `cat` of a log. See TERMINAL_ESCAPES
 * for what is read and how strongly.
 */
import type { Severity } from '../../types'
import type { RawHit } from './detect'

const MAX_FINDINGS = 16

/** ESC and BEL as an expression's source writes them: the sequences match control characters on purpose. */
const ESC = String.raw`\x1b`
const BEL = String.raw`\x07`
function terminalPattern(source: string): RegExp {
  return new RegExp(source, 'g')
}

/**
 * Terminal escapes that act on whoever prints the memory in a terminal (a CLI, `cat` of a log): text concealed until
 * selected (`ESC[8m`), the clipboard written (`ESC]52;`), a hyperlink whose target the text hides (`ESC]8;;`), the line
 * just printed erased or the cursor moved back over it. Colours (`ESC[32m`) are none of these. A progress bar redraws
 * its line too, so moving back and erasing are only on record; concealing is `medium`, writing the clipboard `high`.
 */
const TERMINAL_ESCAPES: ReadonlyArray<{ re: RegExp; severity: Severity; what: string; keep?: (match: string) => boolean }> = [
  {
    re: terminalPattern(String.raw`${ESC}\[(?:\d{1,3};)*8(?:;\d{1,3})*m`),
    severity: 'medium',
    what: 'a terminal escape that conceals the text after it',
    keep: concealsText,
  },
  {
    re: terminalPattern(String.raw`${ESC}\]52;[^${BEL}${ESC}]{0,4096}(?:${BEL}|${ESC}\\)`),
    severity: 'high',
    what: "a terminal escape that writes the reader's clipboard",
  },
  {
    re: terminalPattern(String.raw`${ESC}\]8;[^;${BEL}${ESC}]{0,200};[^${BEL}${ESC}]{1,2048}(?:${BEL}|${ESC}\\)`),
    severity: 'low',
    what: 'a terminal hyperlink whose target the text hides',
  },
  {
    re: terminalPattern(String.raw`${ESC}\[\d{0,3}[AFJ]|${ESC}\[[12]?K`),
    severity: 'low',
    what: 'a terminal escape that moves back over or erases printed text',
  },
]

/** Whether an SGR sequence's attributes hold 8 (conceal), not as a colour's index or component (`38;5;8`, `48;2;8;8;8`). */
function concealsText(sequence: string): boolean {
  const params = sequence.slice(2, -1).split(';').map(Number)
  for (let i = 0; i < params.length; i++) {
    const p = params[i]
    if (p === 38 || p === 48 || p === 58) i += params[i + 1] === 5 ? 2 : params[i + 1] === 2 ? 4 : 0
    else if (p === 8) return true
  }
  return false
}

/** The terminal escapes of `text`, as `hidden-text` hits (at most MAX_FINDINGS). */
export function terminalEscapeHits(text: string): RawHit[] {
  const hits: RawHit[] = []
  if (!text.includes('\x1b')) return hits
  for (const { re, severity, what, keep } of TERMINAL_ESCAPES) {
    re.lastIndex = 0
    for (const match of text.matchAll(re)) {
      if (hits.length >= MAX_FINDINGS) return hits
      if (keep && !keep(match[0])) continue
      const shown = match[0].split('\x1b').join('ESC').split('\x07').join('BEL')
      hits.push({
        rule: 'hidden-text',
        start: match.index,
        end: match.index + match[0].length,
        severity,
        evidence: `${what}: ${JSON.stringify(shown.slice(0, 60))}`,
      })
    }
  }
  return hits
}
