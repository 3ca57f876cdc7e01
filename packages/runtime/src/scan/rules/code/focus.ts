/**
 * Keeping parse cost proportional to what matters: code rules only care about a few kinds of lines (sinks, module
 * imports, constants). A long snippet is parsed with every other line blanked out (same length, so offsets stay
 * exact); lezer skips whitespace quickly and recovers from the gaps.
 */

/** Tokens without which no code rule can fire on a multi-line snippet (single lines are always analysed). */
export const SINK_TRIGGER =
  /\b(?:eval|exec\w*|spawn\w*|system|popen\w*|Popen|subprocess|child_process|__import__|import_module|compile|execfile|Function|vm|runIn\w+|pickle|marshal|dill|unsafe_load|pty|dup2|socket|builtins|constructor|execa|shelljs|Deno|Bun|Kernel|System|shell_exec|passthru|proc_open|fork|getoutput|check_output|check_call|setattr|chmod|chown|dd|shred|wipefs|socat|telnet|ncat|scp|rsync|powershell|pwsh|DownloadString)\b|invoke-|\bset(?:Timeout|Interval)\s*\(\s*['"`]|__(?:class|mro|bases?|subclasses|globals|builtins|code|proto)__|\b(?:require|import)\s*\(\s*(?!(?:'[^'\n]*'|"[^"\n]*")\s*\))|\.ssh\b|id_rsa|\/etc\/|\.aws\b|\.env\b|environ|process\.env|\bcurl\b|\bwget\b|\/dev\/(?:tcp|udp|sd)|mkfifo|\bnc\b|\brm\s+-|mkfs|\biex\b|\.bashrc|\.profile|authorized_keys|crontab|:\(\)/

const CONTEXT_LINE =
  /^\s*(?:import\b|from\s+\S+\s+import\b|(?:const|let|var)\s+[\w${}\s,]+=\s*(?:require\s*\(|['"`])|[A-Za-z_]\w*\s*=\s*(?:['"]|__import__|importlib))/

/** Lines kept around each line that holds a trigger (statements that span lines, the enclosing header). */
const CONTEXT_RADIUS = 4

/** Longer snippets than this are parsed focused. */
export const FOCUS_THRESHOLD = 1500

/** The kept lines of a long snippet, joined, with the way back to positions in the original text. */
export interface FocusedText {
  text: string
  /** The original position of a position in `text`. */
  toOriginal(position: number): number
}

/**
 * The lines that hold a trigger, sit near one, or import or define a constant, joined by newlines (the others are
 * dropped: lezer pays for every character, blank or not). Returns null when nothing in the text is worth parsing.
 */
export function focusText(text: string): FocusedText | null {
  const starts: number[] = [0]
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
  const lineCount = starts.length
  const lineEnd = (n: number) => (n + 1 < lineCount ? (starts[n + 1] as number) - 1 : text.length)
  const keep = new Uint8Array(lineCount)
  let any = false
  for (let n = 0; n < lineCount; n++) {
    const line = text.slice(starts[n] as number, lineEnd(n))
    if (SINK_TRIGGER.test(line)) {
      any = true
      for (let k = Math.max(0, n - CONTEXT_RADIUS); k <= Math.min(lineCount - 1, n + CONTEXT_RADIUS); k++) keep[k] = 1
    } else if (CONTEXT_LINE.test(line)) keep[n] = 1
  }
  if (!any) return null
  const pieces: string[] = []
  // Pairs of (start in the focused text, start in the original) for every kept line, in order.
  const focusedStarts: number[] = []
  const originalStarts: number[] = []
  let length = 0
  for (let n = 0; n < lineCount; n++) {
    if (!keep[n]) continue
    const line = text.slice(starts[n] as number, lineEnd(n))
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
