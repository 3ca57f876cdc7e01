/**
 * Steps 9 and 10: typed, scoped memory and the shadow guardrail.
 * 9. The deploy agent remembered that production is at the staging URL; three days later the config changes.
 *    The old entry's validity ends when the new one is written, both are flagged as conflicting, the rendered
 *    context does not offer the stale URL, and the analysis sub-agent's read of a private payments note is refused
 *    with a receipt.
 */
import type { AccessDeniedError, Customs } from 'memory-customs'
import type { ManualClock } from '../clock'
import { receiptRow, type ReceiptRow } from './receipt-view'
import { errorFacts, verifyFacts, type ErrorFacts, type VerifyFacts } from './scenario'

export interface StaleConfigFacts {
  step: 9
  name: 'stale-config'
  stale: { id: string; content: string; owner: string }
  current: { id: string; content: string; conflictsWith: string[] }
  advancedMs: number
  /** The PROPOSE of the new config: the conflict it recorded and the validity it ended. */
  proposeMeta: { conflicts: string[]; ends: string[]; policy: string | null }
  /** The EXPIRE receipt the stale entry got when it was next read, and why. */
  expired: ReceiptRow & { why: string | null }
  /** What `memories.search({ key })` returns now. */
  searched: string[]
  context: { contextId: string; entryIds: string[]; labels: string[]; offersStale: boolean }
  privateRead: { id: string; owner: string; reader: string; error: ErrorFacts; refused: ReceiptRow; listedForReader: boolean }
  receipts: ReceiptRow[]
  cli: string[]
  verify: VerifyFacts
}

export const STALE_URL = 'https://staging.example.com'
export const CURRENT_URL = 'https://prod.example.com'

const metaOf = (r: { reason: string | null } | undefined) => JSON.parse(r?.reason ?? '{}') as Record<string, unknown>
const strings = (v: unknown) => (Array.isArray(v) ? v.map(String) : [])

export async function staleConfig(customs: Customs, clock: ManualClock): Promise<StaleConfigFacts> {
  const firstSeq = customs.size + 1
  const deploy = customs.as('agent:deploy').scope({ agent: 'deploy' })
  const stale = deploy.memories.propose(`Production is at ${STALE_URL}`, { source: 'tool:config', key: 'prod.url', type: 'reference' })
  // Three days pass; the config is rewritten and the deploy agent records the new value under the same key.
  const advancedMs = 3 * 24 * 3_600_000
  clock.advance(advancedMs)
  const current = deploy.memories.propose(`Production is at ${CURRENT_URL}`, { source: 'tool:config', key: 'prod.url', type: 'reference' })
  const proposeMeta = metaOf(customs.receipts({ key: current.id, op: 'PROPOSE' })[0])
  const searched = customs.memories.search({ key: 'prod.url' }).map((m) => m.content)
  const expire = customs.receipts({ key: stale.id, op: 'EXPIRE' }).at(-1)
  if (!expire) throw new Error(`no EXPIRE receipt for ${stale.id}`)
  const rendered = customs.context.render({ session: 'session-deploy' })

  // The payments agent keeps a private note; the analysis sub-agent tries to read it.
  const payments = customs.as('agent:payments')
  const note = payments.memories.propose('Payouts to merchants settle on the third business day.', { source: 'user', access: 'private' })
  const analysis = customs.as('agent:analysis')
  let error: ErrorFacts | null = null
  try {
    analysis.memories.get(note.id)
  } catch (e) {
    error = errorFacts(e as AccessDeniedError)
  }
  if (!error) throw new Error(`the analysis agent read the private note ${note.id}`)
  const refused = customs.receipt(error.seq ?? 0)
  if (!refused) throw new Error('the refused read left no receipt')
  await customs.flush()
  const refusedRow = receiptRow(refused)
  return {
    step: 9,
    name: 'stale-config',
    stale: { id: stale.id, content: `Production is at ${STALE_URL}`, owner: 'agent:deploy' },
    current: {
      id: current.id,
      content: `Production is at ${CURRENT_URL}`,
      conflictsWith: customs.memories.get(current.id)?.conflictsWith ?? [],
    },
    advancedMs,
    proposeMeta: {
      conflicts: strings(proposeMeta.conflicts),
      ends: strings(proposeMeta.ends),
      policy: (proposeMeta.policy as string) ?? null,
    },
    expired: { ...receiptRow(expire), why: (metaOf(expire).why as string) ?? null },
    searched,
    context: {
      contextId: rendered.contextId,
      entryIds: rendered.entries.map((e) => e.id),
      labels: rendered.entries.filter((e) => e.pool === 'memory').map((e) => e.label),
      offersStale: rendered.text.includes(STALE_URL),
    },
    privateRead: {
      id: note.id,
      owner: 'agent:payments',
      reader: 'agent:analysis',
      error,
      refused: refusedRow,
      listedForReader: analysis.memories.list().some((m) => m.id === note.id),
    },
    receipts: customs.receipts({ fromSeq: firstSeq }).map(receiptRow),
    cli: [`memories --all`, `show ${refusedRow.seq}`, `lineage ${current.id}`],
    verify: verifyFacts(await customs.verify()),
  }
}
