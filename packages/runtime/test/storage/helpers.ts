import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { JournalEntry, StorageBackend } from '../../src/storage/types'

export function tempDir(prefix: string): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), `mc-${prefix}-`))
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

export async function readAll(backend: StorageBackend): Promise<JournalEntry[]> {
  const out: JournalEntry[] = []
  for await (const e of backend.read()) out.push(e)
  return out
}

/** Entries shaped like the core's, with bodies that exercise escaping (newlines, quotes, non-ASCII). */
export function sampleEntries(n: number, from = 1): JournalEntry[] {
  const out: JournalEntry[] = []
  for (let seq = from; seq < from + n; seq++) {
    const commit = `c${seq}`.padEnd(64, '0')
    out.push({ t: 'value', commit, body: JSON.stringify({ v: `line\nbreak "${seq}" é€😀`, tab: '\t' }) })
    out.push({ t: 'receipt', seq, hash: seq.toString(16).padStart(64, 'a'), body: `{"op":"set","seq":${seq},"x":"\\u2028"}` })
  }
  return out
}
