import { readFileSync, writeFileSync } from 'node:fs'
import { createCustoms, type CustomsOptions } from 'memory-customs'
import { verifyFacts, type TamperedCopyFacts } from '../demo/scenario'
import { copyStore, findJournal, journalLines, receiptLine } from './journal'

/**
 * Copies the store (without its writer lock), changes one byte inside the stored body of receipt `seq` (a
 * letter of the actor's name, so the line still parses and the body is still canonical), and verifies the
 * copy with a fresh Customs and the same keys. The receipt's hash is derived from its body, so it changes,
 * and the MAC stored with the receipt (made over the original hash with a key that is not in the files) no
 * longer matches: BAD_MAC at that seq.
 */
export async function verifyTamperedCopy(
  store: string,
  copy: string,
  seq: number,
  keyStore: CustomsOptions['keyStore'],
): Promise<TamperedCopyFacts> {
  copyStore(store, copy)
  const journal = findJournal(copy)
  const bytes = readFileSync(journal)
  const line = receiptLine(journalLines(bytes), seq, journal)
  const at = line.text.indexOf('"actor":"demo-agent"')
  if (at < 0) throw new Error(`receipt ${seq} in ${journal} does not name the demo actor`)
  const offset = line.start + at + '"actor":"'.length
  const from = String.fromCharCode(bytes[offset])
  const to = from.toUpperCase() === from ? from.toLowerCase() : from.toUpperCase()
  bytes[offset] = to.charCodeAt(0)
  writeFileSync(journal, bytes)
  const copyCustoms = await createCustoms({ storage: { file: copy }, keyStore })
  try {
    return { location: copy, seq, offset, from, to, verify: verifyFacts(await copyCustoms.verify()) }
  } finally {
    await copyCustoms.close()
  }
}
