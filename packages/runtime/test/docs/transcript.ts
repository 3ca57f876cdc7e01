/**
 * Shell transcripts in the docs (`$ command` lines, each followed by what it printed) checked against a real run.
 * What legitimately differs between two runs is masked on both sides: long base64/hex strings (hashes, commitments,
 * MACs, signatures) and chain ids. In the expected text a `...` line stands for any number of lines and `…` for any
 * text within a line (the docs elide with them).
 */

export interface TranscriptStep {
  /** The command as written, without its `$ ` and its trailing `# comment`. */
  command: string
  /** The exit code a `# exit N` comment states. */
  exit?: number
  /** The lines shown after the command, up to the next `$ ` line. */
  expected: string[]
}

/** The steps of a transcript block; lines before the first `$ ` line are ignored (there are none in the docs). */
export function transcript(body: string): TranscriptStep[] {
  const steps: TranscriptStep[] = []
  for (const line of body.replace(/\n$/, '').split('\n')) {
    if (line.startsWith('$ ')) {
      const comment = /\s+#\s(.*)$/.exec(line)
      const exit = comment && /^exit (\d+)/.exec(comment[1])
      steps.push({
        command: (comment ? line.slice(0, comment.index) : line).slice(2).trim(),
        exit: exit ? Number(exit[1]) : undefined,
        expected: [],
      })
    } else steps.at(-1)?.expected.push(line)
  }
  return steps
}

/**
 * A run of 40 or more base64/base64url characters that has a digit or both cases: a digest, MAC or signature. Words,
 * paths and kebab-case names (one case, no digit) stay. A digit alone is not enough: a 32-byte digest in base64 has
 * none about once in 1,500 runs (CI met one), but it always has both cases.
 */
const ENCODED =
  /(?<![A-Za-z0-9+/_=-])(?=[A-Za-z0-9+/_=-]*[0-9]|[A-Za-z0-9+/_=-]*[A-Z][A-Za-z0-9+/_=-]*[a-z]|[A-Za-z0-9+/_=-]*[a-z][A-Za-z0-9+/_=-]*[A-Z])[A-Za-z0-9+/_-]{40,}={0,2}/g

/** Masks what differs from run to run (in both the expected and the actual text). */
export function mask(text: string): string {
  return text.replace(/\b[0-9a-f]{32}\b/g, '<chain>').replace(ENCODED, '<b64>')
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Whether `actual` is what `expected` shows, with its `...` and `…` elisions, after masking, trailing spaces ignored. */
export function shows(expected: string[], actual: string): boolean {
  const lines = (text: string) => text.split('\n').map((l) => l.trimEnd())
  const pattern = lines(mask(expected.join('\n')))
    .map((l) => (l === '...' ? '(?:[^\\n]*\\n)*?[^\\n]*' : l.split('…').map(escape).join('[^\\n]*?')))
    .join('\\n')
  return new RegExp(`^${pattern}$`).test(lines(mask(actual.replace(/\n+$/, ''))).join('\n'))
}
