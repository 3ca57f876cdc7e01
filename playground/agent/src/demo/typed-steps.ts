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

/**
 * 10. A ten-step task: the researcher stores ACME's closing price from a tool (step 2); the writer, shown that in
 *     context, writes an LLM summary with a different price (step 5) and a report resting on it (step 7); before the
 *     report is e-mailed (step 8) the guardrail stops the action: the two prices contradict each other and the report
 *     rests on an inference. `guard.repair` applies the suggestions as receipts, a verifying tool call confirms the
 *     price, a report resting on it proceeds; `influence` shows what the bad summary touched and a cascading rollback
 *     undoes it.
 */
export interface GuardedTaskFacts {
  step: 10
  name: 'guarded-email'
  ids: { price: string; summary: string; report: string; verifiedReport: string }
  /** The first check before `email.send`. */
  stopped: GuardFacts
  /** What `guard.repair` did with each suggestion: applied (receipts), open (verify: someone must), skipped. */
  repair: Array<{ status: string; detail: string; receipts: number[] }>
  afterRepair: { summaryStatus: string | null; reportConfidence: number | null }
  verifyCall: { callId: string; result: unknown; sameEntry: boolean }
  proceeded: GuardFacts
  influence: Array<{ id: string; kind: string; via: string | null; state: string; decision?: string }>
  dryRun: string[]
  rolledBack: string[]
  rollbackReceipts: ReceiptRow[]
  /** Every receipt this step wrote. */
  receipts: ReceiptRow[]
  cli: string[]
  verify: VerifyFacts
}

interface GuardFacts {
  id: string
  decision: string
  risk: Record<string, number>
  reasons: Array<{ rule: string; entries: string[]; detail: string }>
  repairs: string[]
  receipt: ReceiptRow
}

export const TASK_SESSION = 'session-report'

export async function guardedTask(customs: Customs): Promise<GuardedTaskFacts> {
  const firstSeq = customs.size + 1
  const researcher = customs.as('agent:researcher').scope({ agent: 'researcher' })
  // The writer works across the task's namespaces (it reads the researcher's findings); the researcher in its own.
  const writer = customs.as('agent:writer')
  const subject = 'ticker:ACME'

  // 1-2. The plan calls the price tool; its signed result becomes a memory with its provenance.
  customs.execution.store('prices.close', 'call-price-1', { symbol: 'ACME', close: 101.2, currency: 'USD' })
  const price = researcher.memories.propose('ACME closed the week at 101.20 USD.', {
    source: 'tool:prices.close',
    from: { tool: 'prices.close', callId: 'call-price-1' },
    key: 'close',
    subject,
    confidence: 0.95,
    session: TASK_SESSION,
  })
  // 3-5. The writer is shown that, and its LLM summary gets the price wrong, confidently.
  writer.context.render({ session: TASK_SESSION })
  const summary = writer.memories.propose('ACME closed the week at 110.20 USD, up 9%.', {
    source: 'agent',
    key: 'close',
    subject,
    confidence: 0.85,
    session: TASK_SESSION,
  })
  // 6-7. The report is written from the summary.
  writer.context.render({ session: TASK_SESSION })
  const report = writer.memories.propose('Weekly report: ACME up 9% to 110.20 USD; recommend trimming the position.', {
    source: 'agent',
    key: 'weekly-report',
    confidence: 0.9,
    dependsOn: [summary.id],
    session: TASK_SESSION,
  })
  // 8. Before the e-mail goes out.
  const stopped = await writer.guard.check({ action: 'call_tool:write', tool: 'email.send', uses: [report.id] })
  const repaired = writer.guard.repair(stopped)
  const afterRepair = {
    summaryStatus: customs.memories.inspect(summary.id)?.status ?? null,
    reportConfidence: customs.memories.inspect(report.id)?.confidence ?? null,
  }
  // 9. A verifying tool call: the price is read again; the same words are the same memory, seen once more.
  const verified = { symbol: 'ACME', close: 101.2, currency: 'USD' }
  customs.execution.store('prices.close', 'call-price-2', verified)
  const again = researcher.memories.propose('ACME closed the week at 101.20 USD.', {
    source: 'tool:prices.close',
    from: { tool: 'prices.close', callId: 'call-price-2' },
    key: 'close',
    subject,
    confidence: 0.95,
    session: TASK_SESSION,
  })
  const verifiedReport = writer.memories.propose('Weekly report: ACME closed at 101.20 USD, flat on the week.', {
    source: 'agent',
    key: 'weekly-report',
    confidence: 0.9,
    dependsOn: [price.id],
    link: false,
  })
  // 10. The e-mail, resting on the verified report.
  const proceeded = await writer.guard.check({ action: 'call_tool:write', tool: 'email.send', uses: [verifiedReport.id] })

  const blast = customs.influence(summary.id)
  const dryRun = await customs.rollback({ memory: summary.id }, { cascade: true, dryRun: true, reason: 'wrong price in summary' })
  const rolled = await customs.rollback({ memory: summary.id }, { cascade: true, reason: 'wrong price in summary' })
  await customs.flush()
  const guardFacts = (r: typeof stopped): GuardFacts => {
    const receipt = customs.receipt(r.seq)
    if (!receipt) throw new Error(`no GUARD receipt ${r.seq}`)
    return {
      id: r.id,
      decision: r.decision,
      risk: { ...r.risk },
      reasons: r.reasons.map((x) => ({ rule: x.rule, entries: [...x.entries], detail: x.detail })),
      repairs: r.repairs.map((x) => x.detail),
      receipt: receiptRow(receipt),
    }
  }
  return {
    step: 10,
    name: 'guarded-email',
    ids: { price: price.id, summary: summary.id, report: report.id, verifiedReport: verifiedReport.id },
    stopped: guardFacts(stopped),
    repair: repaired.outcomes.map((o) => ({ status: o.status, detail: o.suggestion.detail, receipts: [...o.receipts] })),
    afterRepair,
    verifyCall: { callId: 'call-price-2', result: verified, sameEntry: again.id === price.id },
    proceeded: guardFacts(proceeded),
    influence: blast.nodes.map((n) => ({
      id: n.id,
      kind: n.kind,
      via: n.via ?? null,
      state: n.state,
      ...(n.decision ? { decision: n.decision } : {}),
    })),
    dryRun: dryRun.diff.map((d) => `${d.pool}:${d.key}`),
    rolledBack: rolled.diff.map((d) => `${d.pool}:${d.key}`),
    rollbackReceipts: rolled.receipts.map(receiptRow),
    receipts: customs.receipts({ fromSeq: firstSeq }).map(receiptRow),
    cli: ['guard-log', `influence ${summary.id}`, `lineage ${report.id}`],
    verify: verifyFacts(await customs.verify()),
  }
}
