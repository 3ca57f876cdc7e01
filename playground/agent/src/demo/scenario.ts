import { diffStates, flattenPools, type Customs, type StateChange } from 'memory-customs'
import { Agent, type PlanOutcome, type Refusal } from '../agent/agent'
import type { ManualClock } from '../clock'
import { FakeLLM } from '../llm/fake-llm'
import { demoScript } from '../llm/script'
import { AgentMemory, type ToolCallRef } from '../memory'
import { RESULT_TTL_MS } from '../schemas'
import { tools } from '../tools'
import { alterStoredResult } from './stale-cache'
import { auditRows, receiptRow, type ReceiptRow } from './receipt-view'

export interface VerifyFacts {
  ok: boolean
  checked: number
  firstFailure: { seq: number; code: string } | null
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
      name: 'tampered-promotion-refused'
      say: string
      altered: { tool: string; callId: string; field: string; from: unknown; to: unknown }
      code: string
      receipt: ReceiptRow
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

export interface ScenarioEnv {
  customs: Customs
  clock: ManualClock
  /** Copies the store, changes one byte, and verifies the copy (Node only: the browser has no second store to copy to). */
  tamperedCopy?: () => Promise<TamperedCopyFacts>
}

export const SAY = {
  intent: "I retire in three years: keep my risk profile conservative.",
  rebalance: 'Rebalance my retirement portfolio.',
  news: 'Read the market-news page and tell me what matters.',
  acme: 'What is ACME trading at? Keep it as my reference quote.',
  bolt: 'And BOLT? Make that the reference quote instead.',
} as const

export function verifyFacts(report: { ok: boolean; checked: number; firstFailure?: { seq: number; code: string } | null }): VerifyFacts {
  const f = report.firstFailure
  return { ok: report.ok, checked: report.checked, firstFailure: f ? { seq: f.seq, code: f.code } : null }
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
  yield { step: 1, name: 'user-intent', say: SAY.intent, key: intent.key, value: memory.decision(intent.key), receipt: row(customs, intent.seq) }

  // 2. The risk tool times out; its fallback tries to write "aggressive" into the profile.
  const rebalance = asPlan(await agent.handle(SAY.rebalance))
  const risk = rebalance.calls[0].result as { status: string; timeoutMs: number; fallback: { status: string; code?: string; seq?: number | null } }
  if (risk.fallback?.status !== 'fallback-refused') throw new Error(`the risk fallback was expected to be refused, got ${JSON.stringify(risk)}`)
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
    injected: page.split('\n').find((l) => l.includes('remember:'))?.replace(/<!--\s*|\s*-->/g, '') ?? '',
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

  // 5. The next quote is altered after it was stored (a poisoned cache rewrites the row): the Bridge refuses it.
  let altered: { tool: string; callId: string; field: string; from: unknown; to: unknown } | null = null
  agent.onResultStored((ref) => {
    altered = { ...ref, ...alterStoredResult(customs, ref, 'price', (p) => Number(p) * 10) }
  })
  const bolt = asPlan(await agent.handle(SAY.bolt))
  agent.onResultStored(null)
  const refused = bolt.promotions[0]
  if (!refused.refusal || !altered) throw new Error('the altered BOLT quote was expected to be refused')
  const refusal: Refusal = refused.refusal
  yield {
    step: 5,
    name: 'tampered-promotion-refused',
    say: SAY.bolt,
    altered,
    code: refusal.code,
    receipt: row(customs, refusal.seq ?? lastRefusedSeq(customs)),
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
}

function rollbackDiff(diff: unknown): StateChange[] {
  return (Array.isArray(diff) ? diff : []).map((d) => {
    const c = d as { pool?: string; key: string; before: unknown; after: unknown }
    return { key: c.pool ? `${c.pool}:${c.key}` : c.key, before: c.before ?? null, after: c.after ?? null }
  })
}

function lastRefusedSeq(customs: Customs): number {
  const refused = customs.receipts({ op: 'REFUSED' })
  const last = refused[refused.length - 1]
  if (!last) throw new Error('no REFUSED receipt was written')
  return receiptRow(last).seq
}
