import type { NodeModules } from './node.js'

/**
 * Finding a torn tail. A crash during `append` (one write(2) of whole lines, then fdatasync) can leave the
 * last batch partly on disk: a final line without its newline, or lines whose blocks were never written
 * (zero-filled, or stale disk blocks on some file systems). Such lines do not parse as JSON. Lines that
 * parse are never dropped here, even if their content is wrong: that is tampering, for verification to
 * report. So the torn tail is: the unterminated final segment plus the run of newline-terminated lines at
 * the end that are not valid UTF-8 JSON. Dropping it loses only what was never acknowledged, because an
 * acknowledged batch was fdatasync'ed whole; someone able to garble the last lines could as well delete
 * them, which only a checkpoint kept elsewhere can reveal.
 */
export interface TornTail {
  /** Where the valid journal ends; everything from here to the end of the file is the torn tail. */
  start: number
  bytes: number
  reason: string
}

const CHUNK = 64 * 1024
const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Offset of the last `\n` in [from, to), or -1. Reads backwards in chunks. */
function lastNewlineBefore(node: NodeModules, fd: number, to: number): number {
  const buf = Buffer.allocUnsafe(CHUNK)
  let end = to
  while (end > 0) {
    const start = Math.max(0, end - CHUNK)
    const n = node.fs.readSync(fd, buf, 0, end - start, start)
    const i = buf.subarray(0, n).lastIndexOf(10)
    if (i >= 0) return start + i
    end = start
  }
  return -1
}

export function isJsonLine(bytes: Uint8Array): boolean {
  try {
    JSON.parse(utf8.decode(bytes))
    return true
  } catch {
    return false
  }
}

export function findTornTail(node: NodeModules, fd: number, size: number): TornTail | null {
  const reasons: string[] = []
  let end = size
  const lastNl = lastNewlineBefore(node, fd, size)
  if (lastNl !== size - 1) {
    end = lastNl + 1
    reasons.push(`an unterminated last line of ${size - end} bytes`)
  }
  let garbled = 0
  while (end > 0) {
    const lineStart = lastNewlineBefore(node, fd, end - 1) + 1
    const line = Buffer.allocUnsafe(end - 1 - lineStart)
    node.fs.readSync(fd, line, 0, line.byteLength, lineStart)
    if (isJsonLine(line)) break
    garbled++
    end = lineStart
  }
  if (garbled > 0) reasons.push(`${garbled} unparseable last line${garbled > 1 ? 's' : ''}`)
  if (end === size) return null
  return { start: end, bytes: size - end, reason: `torn tail: ${reasons.join(' and ')}` }
}
