import { readFileSync, writeFileSync } from 'node:fs'
import type { Customs } from 'memory-customs'
import { canonicalize } from 'memory-customs/verify'
import type { ManualClock } from '../clock'
import { createAgentCustoms, type AgentCustomsOptions } from '../customs'
import type { AtRestTamper } from '../demo/scenario'
import { copyStore, findJournal, journalLines, valueRecord } from './journal'

/**
 * Step 5's incident, with file access and without the keys: a poisoned cache (or any other process that can
 * write the store's files) rewrites the stored record of a tool result. The record is sealed with AES-GCM
 * under a key it does not have, so it writes what the first release would have stored, the value in plaintext
 * (`{"data":…}`), with the price changed. It does this to a copy of the store, so that the store itself stays
 * intact (and writable) for the rest of the demo; the copy is then opened as the restarted agent would open
 * its store, with the same keys and rules.
 */
export function poisonedCopy(store: string, copy: string, keyStore: AgentCustomsOptions['keyStore'], clock: ManualClock): AtRestTamper {
  return async ({ customs, ref, field, change }) => {
    await customs.flush()
    const stored = customs.receipts({ op: 'STORE', tool: ref.tool, callId: ref.callId }).at(-1)
    if (!stored?.new) throw new Error(`no stored result for ${ref.tool}/${ref.callId}`)
    const original = customs.execution.get(ref.tool, ref.callId) as Record<string, unknown>
    copyStore(store, copy)
    const journal = findJournal(copy)
    const lines = journalLines(readFileSync(journal))
    const record = lines.find((l) => valueRecord(l)?.commit === stored.new)
    if (!record) throw new Error(`the value record of ${ref.tool}/${ref.callId} is not in ${journal}`)
    if (!valueRecord(record)!.body.startsWith('{"ct":')) throw new Error(`the value record of ${ref.tool}/${ref.callId} is not sealed`)
    const from = original[field]
    const to = change(from)
    const injected = canonicalize({ ...original, [field]: to })
    const text = lines
      .map((l) => (l === record ? JSON.stringify({ t: 'value', commit: stored.new, body: JSON.stringify({ data: injected }) }) : l.text))
      .join('\n')
    writeFileSync(journal, text, 'latin1')
    const reopened: Customs = await createAgentCustoms({ storage: { file: copy }, keyStore, clock })
    return { customs: reopened, location: copy, seq: stored.seq, field, from, to }
  }
}
