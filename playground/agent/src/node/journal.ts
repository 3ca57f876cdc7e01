import { cpSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'

/**
 * What someone with file access sees of a store: a directory whose journal is one JSON line per entry
 * (docs/audit-format.md). Format 2 lines: `{"t":"meta",…}`, `{"t":"v","c":<commit>,"b":<sealed record>}` (the
 * value record, AES-GCM) and `{"t":"r","b":<canonical body>,"m":"<mac>"}` (seq inside `b`). No keys: they live in
 * the key store.
 */

/** Copies a store directory without its writer lock or index images (they would be rebuilt from the journal). */
export function copyStore(store: string, copy: string): void {
  rmSync(copy, { recursive: true, force: true })
  cpSync(store, copy, { recursive: true, filter: (src) => src === store || !/(^|[\\/])[^\\/]*(lock|image)[^\\/]*$/i.test(src) })
}

/** The journal: the file of the store whose first line is its meta entry. */
export function findJournal(dir: string): string {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (statSync(p).isFile() && readFileSync(p, 'latin1').startsWith('{"t":"meta"')) return p
  }
  throw new Error(`no journal found in ${dir}`)
}

export interface JournalLine {
  /** Byte offset of the line in the file (the journal is ASCII JSON, so latin1 offsets are byte offsets). */
  start: number
  text: string
  entry: { t?: string; b?: { seq?: number }; commit?: string; body?: string } | null
}

/** A value record line's commitment and record text, in either spelling (`{"t":"v",…}` or `{"t":"value",…}`). */
export function valueRecord(line: JournalLine): { commit: string; body: string } | null {
  const e = line.entry as { t?: string; c?: string; b?: unknown; commit?: string; body?: string } | null
  if (e?.t === 'v' && typeof e.c === 'string') return { commit: e.c, body: JSON.stringify(e.b) }
  if (e?.t === 'value' && typeof e.commit === 'string' && typeof e.body === 'string') return { commit: e.commit, body: e.body }
  return null
}

export function journalLines(bytes: Buffer): JournalLine[] {
  const out: JournalLine[] = []
  let start = 0
  for (const text of bytes.toString('latin1').split('\n')) {
    let entry: JournalLine['entry'] = null
    try {
      entry = JSON.parse(text)
    } catch {
      entry = null
    }
    out.push({ start, text, entry })
    start += text.length + 1
  }
  return out
}

/** The line of receipt `seq` (a format-2 receipt line: `"t":"r"`, seq inside `b`). */
export function receiptLine(lines: JournalLine[], seq: number, journal: string): JournalLine {
  const line = lines.find((l) => l.entry?.t === 'r' && l.entry.b?.seq === seq)
  if (!line) throw new Error(`receipt ${seq} not found in ${journal}`)
  return line
}
