import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createCustoms } from 'memory-customs'
import { verifyFacts, type TamperedCopyFacts } from '../demo/scenario'

/** The journal is the store's source of truth: the file whose lines are receipts. */
function findJournal(dir: string): string {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (!statSync(p).isFile()) continue
    const head = readFileSync(p, 'utf8').slice(0, 4096)
    if (head.includes('"receipt"')) return p
  }
  throw new Error(`no journal with receipts found in ${dir}`)
}

/**
 * Copies the store (without its writer lock), changes one byte inside the stored body of receipt `seq`
 * (a letter of the actor's name, so the line still parses and only the hash can tell), and verifies the
 * copy with a fresh Customs.
 */
export async function verifyTamperedCopy(store: string, copy: string, seq: number): Promise<TamperedCopyFacts> {
  rmSync(copy, { recursive: true, force: true })
  cpSync(store, copy, { recursive: true, filter: (src) => !/(^|[\\/])[^\\/]*lock[^\\/]*$/i.test(src) || src === store })
  // An index image would be rebuilt from the journal anyway; drop it so the copy is judged by its journal.
  for (const name of readdirSync(copy)) if (/image|\.sqlite$|index/i.test(name) && !/journal/i.test(name)) rmSync(join(copy, name), { recursive: true, force: true })
  const journal = findJournal(copy)
  const bytes = readFileSync(journal)
  const text = bytes.toString('latin1')
  let lineStart = 0
  let offset = -1
  for (const line of text.split('\n')) {
    let entry: { t?: string; seq?: number } | null = null
    try {
      entry = JSON.parse(line)
    } catch {
      entry = null
    }
    if (entry?.t === 'receipt' && entry.seq === seq) {
      const at = line.indexOf('demo-agent')
      if (at < 0) throw new Error(`receipt ${seq} in ${journal} does not name the demo actor`)
      offset = lineStart + at
      break
    }
    lineStart += line.length + 1
  }
  if (offset < 0) throw new Error(`receipt ${seq} not found in ${journal}`)
  const from = String.fromCharCode(bytes[offset])
  const to = from.toUpperCase() === from ? from.toLowerCase() : from.toUpperCase()
  bytes[offset] = to.charCodeAt(0)
  writeFileSync(journal, bytes)
  const copyCustoms = await createCustoms({ storage: { file: copy } })
  try {
    return { location: copy, seq, offset, from, to, verify: verifyFacts(await copyCustoms.verify()) }
  } finally {
    await copyCustoms.close()
  }
}

export function storeExists(dir: string): boolean {
  return existsSync(dir)
}
