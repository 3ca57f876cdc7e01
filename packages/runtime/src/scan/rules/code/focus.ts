/**
 * Keeping parse cost proportional to what matters: code rules only care about a few kinds of lines (sinks, module
 * imports, constants). A long snippet is parsed with every other line blanked out (same length, so offsets stay
 * exact); lezer skips whitespace quickly and recovers from the gaps.
 */

/** Tokens without which no code rule can fire on a multi-line snippet (single lines are always analysed). */
export const SINK_TRIGGER =
  /\b(?:eval|exec\w*|spawn\w*|system|popen\w*|Popen|subprocess|child_process|__import__|import_module|compile|execfile|Function|vm|runIn\w+|pickle|marshal|dill|unsafe_load|pty|dup2|socket|builtins|constructor|execa|shelljs|Deno|Bun|Kernel|System|shell_exec|passthru|proc_open|fork|getoutput|check_output|check_call|setattr|chmod|chown|dd|shred|wipefs|socat|telnet|ncat|scp|rsync|powershell|pwsh|DownloadString)\b|invoke-|__(?:class|mro|bases?|subclasses|globals|builtins|code|proto)__|\b(?:require|import)\s*\(\s*(?!(?:'[^'\n]*'|"[^"\n]*")\s*\))|\.ssh\b|id_rsa|\/etc\/|\.aws\b|\.env\b|environ|process\.env|\bcurl\b|\bwget\b|\/dev\/(?:tcp|udp|sd)|mkfifo|\bnc\b|\brm\s+-|mkfs|\biex\b|\.bashrc|\.profile|authorized_keys|crontab|:\(\)/

const CONTEXT_LINE =
  /^\s*(?:import\b|from\s+\S+\s+import\b|(?:const|let|var)\s+[\w${}\s,]+=\s*(?:require\s*\(|['"`])|[A-Za-z_]\w*\s*=\s*(?:['"]|__import__|importlib))/

/** Lines kept around each line that holds a trigger (statements that span lines, the enclosing header). */
const CONTEXT_RADIUS = 4

/** Longer snippets than this are parsed focused. */
export const FOCUS_THRESHOLD = 1500

/**
 * The text with lines that neither hold a trigger, nor sit near one, nor import or define a constant replaced by
 * spaces. Returns null when nothing in the text is worth parsing.
 */
export function focusText(text: string): string | null {
  const starts: number[] = [0]
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
  const lineCount = starts.length
  const keep = new Uint8Array(lineCount)
  let any = false
  for (let n = 0; n < lineCount; n++) {
    const end = n + 1 < lineCount ? (starts[n + 1] as number) - 1 : text.length
    const line = text.slice(starts[n] as number, end)
    if (SINK_TRIGGER.test(line)) {
      any = true
      for (let k = Math.max(0, n - CONTEXT_RADIUS); k <= Math.min(lineCount - 1, n + CONTEXT_RADIUS); k++) keep[k] = 1
    } else if (CONTEXT_LINE.test(line)) keep[n] = 1
  }
  if (!any) return null
  let out = ''
  for (let n = 0; n < lineCount; n++) {
    const end = n + 1 < lineCount ? (starts[n + 1] as number) - 1 : text.length
    const line = text.slice(starts[n] as number, end)
    out += keep[n] ? line : ' '.repeat(line.length)
    if (n + 1 < lineCount) out += '\n'
  }
  return out
}
