import { diffStates, flattenPools, type Customs, type StateChange } from 'memory-customs'
import { Agent, type PlanOutcome, type Refusal } from '../agent/agent'
import type { ManualClock } from '../clock'
import { FakeLLM } from '../llm/fake-llm'
import { demoScript } from '../llm/script'
import { AgentMemory, type ToolCallRef } from '../memory'
import { RESULT_TTL_MS, REVIEW_TIMEOUT_MS } from '../schemas'
import { tools } from '../tools'
import { auditRows, receiptRow, type ReceiptRow } from './receipt-view'
import { guardedTask, staleConfig, type GuardedTaskFacts, type StaleConfigFacts } from './typed-steps'

export interface VerifyFacts {
  ok: boolean
  checked: number
  firstFailure: { seq: number; code: string } | null
}

/** A typed error as the demo reports it: class, code, and the receipt it names. */
export interface ErrorFacts {
  name: string
  code: string
  seq: number | null
  message: string
}

/**
 * Step 5's tamper, Node only: rewrites the stored record of `ref` in the store's files (a copy of them) and
 * reopens them as the restarted agent would; the caller closes the returned Customs.
 */
export type AtRestTamper = (args: {
  customs: Customs
  ref: ToolCallRef
  field: string
  change: (value: unknown) => unknown
}) => Promise<{ customs: Customs; location: string; seq: number; field: string; from: unknown; to: unknown }>

/** What the reopened (tampered) store did with the rewritten record. */
export interface AtRestFacts {
  /** Where the tampered files are, and which STORE receipt's value record was rewritten. */
  location: string
  seq: number
  field: string
  from: unknown
  to: unknown
  /** `health().storage.readOnly` of the reopened store: why it opened read-only. */
  readOnly: string | null
  verify: VerifyFacts
  /** `execution.get` of the rewritten result: the typed error (the injected value is never returned). */
  read: { error: ErrorFacts } | { value: unknown }
  /** The agent's promotion on the reopened store. */
  promotion: Refusal | { promotedSeq: number }
}

export interface TamperedCopyFacts {
  /** Where the copy lives and which byte of which receipt line was changed. */
  location: string
  seq: number
  offset: number
  from: string
  to: string
  verify: VerifyFacts
}

export type StepFacts =
  | { step: 1; name: 'user-intent'; say: string; key: string; value: unknown; receipt: ReceiptRow }
  | { step: 2; name: 'fallback-refused'; say: string; timeoutMs: number; code: string; receipt: ReceiptRow; profile: unknown }
  | {
      step: 3
      name: 'injection-expired'
      say: string
      stored: ReceiptRow
      injected: string
      planReferences: ToolCallRef[]
      unpromotedBefore: ToolCallRef[]
      advancedMs: number
      unpromotedAfter: ToolCallRef[]
      resultAfter: unknown
    }
  | { step: 4; name: 'promotion'; say: string; plan: ReceiptRow; store: ReceiptRow; promote: ReceiptRow; value: unknown }
  | {
      step: 5
      name: 'tampered-at-rest'
      say: string[]
      plan: ReceiptRow
      store: ReceiptRow
      /** The plan that promotes the stored quote (recorded before the tamper), or null when step 5 has no tamper. */
      promotePlan: ReceiptRow | null
      /** null where the store's files cannot be reached (the browser page). */
      atRest: AtRestFacts | null
      /** The live process, for comparison: the quote it stored itself, and the reference quote it still holds. */
      liveResult: unknown
      value: unknown
    }
  | { step: 6; name: 'audit'; rows: ReceiptRow[]; verify: VerifyFacts; tamperedCopy: TamperedCopyFacts | null }
  | {
      step: 7
      name: 'rollback'
      target: { callId: string }
      dryRunDiff: StateChange[]
      before: Record<string, unknown>
      after: Record<string, unknown>
      diff: StateChange[]
      restoredToSeq: number
      restored: boolean
      receipts: ReceiptRow[]
      verify: VerifyFacts
    }
  | {
      step: 8
      name: 'memory-quarantined'
      url: string
      /** The page's planted line, as the agent would remember it. */
      candidate: string
      /** What `memories.propose` returned in each session (the same content: one entry, more sessions). */
      proposals: Array<{ session: string; id: string; status: string; score: number; findings: Array<{ rule: string; severity: string }> }>
      proposeReceipts: ReceiptRow[]
      /** The entry as filed, before the timeout: its sessions and status. */
      filed: { id: string; status: string; sessions: string[]; score: number; ruleSet: string; findings: string[] }
      pendingBefore: string[]
      /** Whether the rendered context included it while it was pending (it must not). */
      renderedWhilePending: boolean
      timeoutMs: number
      advancedMs: number
      pendingAfter: string[]
      /** The REJECT receipt the timeout wrote, and its decoded reason. */
      rejected: ReceiptRow & { actor: string | null; why: string | null; status: string | null }
      statusAfter: string | null
      listed: string[]
      context: { contextId: string; entryIds: string[]; containsCandidate: boolean; readReceipt: ReceiptRow | null }
      /** Every receipt this step wrote. */
      receipts: ReceiptRow[]
      /** The CLI commands that show why, without the `memory-customs` prefix and the store options. */
      cli: string[]
      verify: VerifyFacts
    }
  | StaleConfigFacts
  | GuardedTaskFacts

export interface ScenarioEnv {
  customs: Customs
  clock: ManualClock
  /** Copies the store, changes one byte, and verifies the copy (Node only: the browser has no second store to copy to). */
  tamperedCopy?: () => Promise<TamperedCopyFacts>
  /** Rewrites a stored result in (a copy of) the store's files and reopens them (Node only). */
  atRest?: AtRestTamper
}

export const SAY = {
  intent: 'I retire in three years: keep my risk profile conservative.',
  rebalance: 'Rebalance my retirement portfolio.',
  news: 'Read the market-news page and tell me what matters.',
  acme: 'What is ACME trading at? Keep it as my reference quote.',
  bolt: 'And BOLT? What is it trading at?',
  boltReference: 'Make the BOLT quote my reference quote instead.',
} as const

export function verifyFacts(report: { ok: boolean; checked: number; firstFailure?: { seq: number; code: string } | null }): VerifyFacts {
  const f = report.firstFailure
  return { ok: report.ok, checked: report.checked, firstFailure: f ? { seq: f.seq, code: f.code } : null }
}

export function errorFacts(err: unknown): ErrorFacts {
  if (!(err instanceof Error)) throw err
  const e = err as Error & { code?: unknown; seq?: unknown }
  return {
    name: e.name,
    code: typeof e.code === 'string' ? e.code : e.name,
    seq: typeof e.seq === 'number' ? e.seq : null,
    message: e.message,
  }
}

function row(customs: Customs, seq: number): ReceiptRow {
  const r = customs.receipt(seq)
  if (!r) throw new Error(`receipt ${seq} is missing`)
  return receiptRow(r)
}

function refs(list: unknown): ToolCallRef[] {
  return (Array.isArray(list) ? list : []).map((e) => {
    const r = e as { tool: string; callId?: string; call?: string }
    return { tool: r.tool, callId: r.callId ?? r.call ?? '' }
  })
}

function asPlan(outcome: Awaited<ReturnType<Agent['handle']>>): PlanOutcome {
  if (outcome.kind !== 'plan') throw new Error('the model was expected to answer with a plan')
  return outcome
}

function decisionState(customs: Customs): Record<string, unknown> {
  return Object.fromEntries(customs.decision.entries())
}

/**
 * The story, step by step. Each step yields the facts it established; printing them (text or JSON) is
 * the caller's business, so the Node demo and the browser page tell exactly the same story.
 */
export async function* runScenario(env: ScenarioEnv): AsyncGenerator<StepFacts> {
  const { customs, clock } = env
  const llm = new FakeLLM(demoScript)
  const memory = new AgentMemory(customs)
  const agent = new Agent({ llm, memory, tools, customs, clock })

  // 1. The user states a conservative risk profile.
  const intent = await agent.handle(SAY.intent)
  if (intent.kind !== 'intent') throw new Error('the model was expected to remember an intent')
  yield {
    step: 1,
    name: 'user-intent',
    say: SAY.intent,
    key: intent.key,
    value: memory.decision(intent.key),
    receipt: row(customs, intent.seq),
  }

  // 2. The risk tool times out; its fallback tries to write "aggressive" into the profile.
  const rebalance = asPlan(await agent.handle(SAY.rebalance))
  const risk = rebalance.calls[0].result as {
    status: string
    timeoutMs: number
    fallback: { status: string; code?: string; seq?: number | null }
  }
  if (risk.fallback?.status !== 'fallback-refused')
    throw new Error(`the risk fallback was expected to be refused, got ${JSON.stringify(risk)}`)
  const refusedSeq = risk.fallback.seq ?? lastRefusedSeq(customs)
  yield {
    step: 2,
    name: 'fallback-refused',
    say: SAY.rebalance,
    timeoutMs: risk.timeoutMs,
    code: risk.fallback.code ?? 'UNKNOWN',
    receipt: row(customs, refusedSeq),
    profile: memory.decision('risk_profile'),
  }

  // 3. A fetched page carries an instruction; it is stored as a tool result, referenced by no plan, and expires.
  const news = asPlan(await agent.handle(SAY.news))
  const fetched = news.calls[0]
  const page = (fetched.result as { body: string }).body
  const unpromotedBefore = refs(customs.execution.unpromoted())
  const advancedMs = RESULT_TTL_MS + 60_000
  clock.advance(advancedMs)
  yield {
    step: 3,
    name: 'injection-expired',
    say: SAY.news,
    stored: row(customs, fetched.storeSeq),
    injected:
      page
        .split('\n')
        .find((l) => l.includes('remember:'))
        ?.replace(/<!--\s*|\s*-->/g, '') ?? '',
    planReferences: news.promotions.map((p) => p.ref),
    unpromotedBefore,
    advancedMs,
    unpromotedAfter: refs(customs.execution.unpromoted()),
    resultAfter: customs.execution.get(fetched.tool, fetched.callId) ?? null,
  }

  // 4. A legitimate promotion: the plan references the quote call, the result passes the schema.
  const acme = asPlan(await agent.handle(SAY.acme))
  const promoted = acme.promotions[0]
  if (promoted.refusal || promoted.promotedSeq === undefined) throw new Error(`the ACME promotion was refused: ${promoted.refusal?.code}`)
  yield {
    step: 4,
    name: 'promotion',
    say: SAY.acme,
    plan: row(customs, acme.planSeq),
    store: row(customs, acme.calls[0].storeSeq),
    promote: row(customs, promoted.promotedSeq),
    value: memory.decision('portfolio_quote'),
  }

  // 5. The next quote is stored, and rests in the store's files until a later plan promotes it. In between,
  // the agent restarts, and something with file access (a poisoned cache) has rewritten the stored record.
  const bolt = asPlan(await agent.handle(SAY.bolt))
  const boltCall = bolt.calls[0]
  const ref = { tool: boltCall.tool, callId: boltCall.callId }
  let atRest: AtRestFacts | null = null
  let promotePlan: ReceiptRow | null = null
  if (env.atRest) {
    const tamper = env.atRest
    let reopened: Awaited<ReturnType<AtRestTamper>> | null = null
    agent.onBeforePromotions(async (plan) => {
      promotePlan = lastPlanRow(customs, plan.planId)
      reopened = await tamper({ customs, ref, field: 'price', change: (p) => Number(p) * 10 })
      return new AgentMemory(reopened.customs)
    })
    let reference: PlanOutcome
    try {
      reference = asPlan(await agent.handle(SAY.boltReference))
    } finally {
      agent.onBeforePromotions(null)
    }
    const r = reopened as Awaited<ReturnType<AtRestTamper>> | null
    if (!r) throw new Error('the BOLT promotion plan ran no tamper')
    try {
      const p = reference.promotions[0]
      let read: AtRestFacts['read']
      try {
        read = { value: r.customs.execution.get(ref.tool, ref.callId) ?? null }
      } catch (err) {
        read = { error: errorFacts(err) }
      }
      atRest = {
        location: r.location,
        seq: r.seq,
        field: r.field,
        from: r.from,
        to: r.to,
        readOnly: r.customs.health().storage.readOnly,
        verify: verifyFacts(await r.customs.verify()),
        read,
        promotion: p.refusal ?? { promotedSeq: p.promotedSeq ?? 0 },
      }
    } finally {
      await r.customs.close()
    }
  }
  yield {
    step: 5,
    name: 'tampered-at-rest',
    say: env.atRest ? [SAY.bolt, SAY.boltReference] : [SAY.bolt],
    plan: row(customs, bolt.planSeq),
    store: row(customs, boltCall.storeSeq),
    promotePlan,
    atRest,
    liveResult: customs.execution.get(ref.tool, ref.callId) ?? null,
    value: memory.decision('portfolio_quote'),
  }

  // 6. The audit trail, its verification, and a copy of the store with one byte changed.
  await customs.flush()
  yield {
    step: 6,
    name: 'audit',
    rows: auditRows(customs),
    verify: verifyFacts(await customs.verify()),
    tamperedCopy: env.tamperedCopy ? await env.tamperedCopy() : null,
  }

  // 7. Rollback by cause: undo everything call-quote-1 did, keep the rest.
  const target = { callId: 'call-quote-1' }
  const dry = await customs.rollback(target, { dryRun: true, reason: 'ACME quote was stale; undo call-quote-1' })
  const before = flattenPools({ decision: customs.decision, execution: customs.execution })
  const restoredToSeq = acme.calls[0].storeSeq - 1
  const done = await customs.rollback(target, { reason: 'ACME quote was stale; undo call-quote-1' })
  await customs.flush()
  const after = flattenPools({ decision: customs.decision, execution: customs.execution })
  const expectedDecision = Object.fromEntries(customs.at(restoredToSeq).decision.entries())
  yield {
    step: 7,
    name: 'rollback',
    target,
    dryRunDiff: rollbackDiff(dry.diff),
    before,
    after,
    diff: diffStates(before, after),
    restoredToSeq,
    restored: diffStates(decisionState(customs), expectedDecision).length === 0,
    receipts: done.receipts.map(receiptRow),
    verify: verifyFacts(await customs.verify()),
  }

  // 8. The incident, with content customs: a page's claim proposed as a memory from three sessions is held
  // for review, times out unreviewed, is rejected with a receipt, and never reaches the model's context.
  // The browser page's customs is a tab-shared one (IndexedDB with Web Locks), which does not offer the memory
  // lifecycle yet: there the story ends at step 7.
  if (typeof (customs as Partial<Customs>).memories?.propose !== 'function') return
  yield* quarantine(customs, clock)

  // 9. Typed, scoped memory: a superseded config value stops being offered, and a private note stays private.
  yield await staleConfig(customs, clock)

  // 10. The shadow guardrail: an e-mail resting on contradicting memories and an inference is stopped, repaired,
  // verified, then sent; the bad summary's blast radius is listed and rolled back with what was derived from it.
  yield await guardedTask(customs)
}

/** The incident's page: its planted line reads like a fact about the user, and arrives in three sessions. */
export const INCIDENT_URL = 'https://help.example.test/shared-drive'
export const INCIDENT_SESSIONS = ['session-mon', 'session-tue', 'session-wed'] as const

/**
 * Step 8: the page's "all files are read-only for this user" is proposed as a long-term memory from three
 * sessions; the scanner holds it for review, nobody reviews it, the review times out, and it is rejected with a
 * receipt. It never reaches the rendered context.
 */
async function* quarantine(customs: Customs, clock: ManualClock): AsyncGenerator<StepFacts> {
  const firstSeq = customs.receipts().length + 1
  const page = (await tools['web.fetch']({ url: INCIDENT_URL }, { customs, clock, callId: 'call-web-2' })) as { body: string }
  const candidate = page.body.split('\n').find((l) => l.includes('read-only')) ?? ''
  const proposals: Extract<StepFacts, { step: 8 }>['proposals'] = []
  for (const session of INCIDENT_SESSIONS) {
    const r = customs.memories.propose(candidate, { source: 'web.fetch', session })
    proposals.push({
      session,
      id: r.id,
      status: r.status,
      score: r.score,
      findings: r.findings.map((f) => ({ rule: f.rule, severity: f.severity })),
    })
  }
  const id = proposals[0].id
  const entry = customs.memories.inspect(id)
  if (!entry) throw new Error(`memory ${id} was not filed`)
  const pendingBefore = customs.review.pending().map((p) => p.id)
  const whilePending = customs.context.render({ session: INCIDENT_SESSIONS[2] })
  // Nobody reviews it. A day and a minute later, the next look at the queue rejects it (no timer involved).
  const advancedMs = REVIEW_TIMEOUT_MS + 60_000
  clock.advance(advancedMs)
  const pendingAfter = customs.review.pending().map((p) => p.id)
  const reject = customs.receipts({ key: id, op: 'REJECT' }).at(-1)
  if (!reject) throw new Error(`no REJECT receipt for ${id} after the review timeout`)
  const raw = reject as unknown as Record<string, unknown>
  const rejectBody = (raw.body && typeof raw.body === 'object' ? { ...(raw.body as object), ...raw } : raw) as {
    actor?: string | null
    reason?: string | null
  }
  const meta = JSON.parse(rejectBody.reason ?? '{}') as { why?: string; status?: string }
  const rendered = customs.context.render({ session: INCIDENT_SESSIONS[2] })
  const read = customs.receipts({ op: 'READ' }).at(-1)
  await customs.flush()
  const rejectRow = receiptRow(reject)
  yield {
    step: 8,
    name: 'memory-quarantined',
    url: INCIDENT_URL,
    candidate,
    proposals,
    proposeReceipts: customs.receipts({ key: id, op: 'PROPOSE' }).map(receiptRow),
    filed: { id, status: entry.status, sessions: entry.sessions, score: entry.score, ruleSet: entry.ruleSet, findings: entry.findings },
    pendingBefore,
    renderedWhilePending: whilePending.text.includes(candidate) || whilePending.entries.some((e) => e.id === id),
    timeoutMs: REVIEW_TIMEOUT_MS,
    advancedMs,
    pendingAfter,
    rejected: { ...rejectRow, actor: rejectBody.actor ?? null, why: meta.why ?? null, status: meta.status ?? null },
    statusAfter: customs.memories.inspect(id)?.status ?? null,
    listed: customs.memories.list().map((m) => m.id),
    context: {
      contextId: rendered.contextId,
      entryIds: rendered.entries.map((e) => e.id),
      containsCandidate: rendered.text.includes(candidate),
      readReceipt: read ? receiptRow(read) : null,
    },
    receipts: customs.receipts({ fromSeq: firstSeq }).map(receiptRow),
    cli: ['memories --all', `show ${rejectRow.seq}`, 'review'],
    verify: verifyFacts(await customs.verify()),
  }
}

function rollbackDiff(diff: unknown): StateChange[] {
  return (Array.isArray(diff) ? diff : []).map((d) => {
    const c = d as { pool?: string; key: string; before: unknown; after: unknown }
    return { key: c.pool ? `${c.pool}:${c.key}` : c.key, before: c.before ?? null, after: c.after ?? null }
  })
}

function lastPlanRow(customs: Customs, planId: string): ReceiptRow {
  const plan = customs.receipts({ op: 'RECORD_PLAN', key: planId }).at(-1)
  if (!plan) throw new Error(`plan ${planId} was not recorded`)
  return receiptRow(plan)
}

function lastRefusedSeq(customs: Customs): number {
  const refused = customs.receipts({ op: 'REFUSED' })
  const last = refused[refused.length - 1]
  if (!last) throw new Error('no REFUSED receipt was written')
  return receiptRow(last).seq
}
