import type { Customs } from 'memory-customs'
import type { Clock } from '../clock'
import type { FakeLLM } from '../llm/fake-llm'
import type { AgentMemory, ToolCallRef } from '../memory'
import type { Tool } from '../tools'
import { parseModelReply, type Plan } from './plan'

/** A refusal from customs, as the agent sees it: the typed error's code plus the receipt it left. */
export interface Refusal {
  code: string
  /** The error class (`WriteOnceError`, `DamagedStoreError`, ...). */
  name: string
  message: string
  seq: number | null
}

export interface CallOutcome {
  tool: string
  callId: string
  result: unknown
  storeSeq: number
}

export interface PromotionOutcome {
  ref: ToolCallRef
  to: string
  promotedSeq?: number
  refusal?: Refusal
}

export interface PlanOutcome {
  planId: string
  planSeq: number
  calls: CallOutcome[]
  promotions: PromotionOutcome[]
}

export type TurnOutcome = { kind: 'intent'; key: string; seq: number } | ({ kind: 'plan' } & PlanOutcome)

export interface AgentDeps {
  llm: FakeLLM
  memory: AgentMemory
  tools: Record<string, Tool>
  customs: Customs
  clock: Clock
}

/**
 * What happens between a plan's tool calls and its promotions (a restart, a cache, an attacker with file
 * access). It may return the memory the promotions run against: the agent was restarted onto its store as
 * reopened from disk.
 */
export type BeforePromotionsHook = (plan: Plan) => void | AgentMemory | Promise<void | AgentMemory>

const SYSTEM_PROMPT = 'You are a portfolio assistant. Answer JSON only: {"action":"remember_intent",...} or {"action":"plan",...}.'

export function refusalOf(err: unknown): Refusal {
  if (!(err instanceof Error) || typeof (err as { code?: unknown }).code !== 'string') throw err
  const e = err as Error & { code: string; seq?: number; receipt?: { seq: number } }
  return { code: e.code, name: e.name, message: e.message, seq: e.seq ?? e.receipt?.seq ?? null }
}

export class Agent {
  #beforePromotions: BeforePromotionsHook | null = null

  constructor(private readonly deps: AgentDeps) {}

  /** Installs (or removes, with `null`) a hook that runs after a plan's tool calls, before its promotions. */
  onBeforePromotions(hook: BeforePromotionsHook | null): void {
    this.#beforePromotions = hook
  }

  async handle(userMessage: string): Promise<TurnOutcome> {
    const reply = parseModelReply(
      await this.deps.llm.complete([
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: userMessage },
      ]),
    )
    if (reply.action === 'remember_intent') {
      const receipt = this.deps.memory.rememberUserIntent(reply.key, reply.value, `user said: ${userMessage}`)
      return { kind: 'intent', key: reply.key, seq: receipt.seq }
    }
    return { kind: 'plan', ...(await this.execute(reply)) }
  }

  /**
   * Records the plan first (its references are the only tool calls the Bridge will promote for it), then
   * runs each step, stores each result, and asks the Bridge for each promotion the plan declared.
   */
  async execute(plan: Plan): Promise<PlanOutcome> {
    const { memory, tools, customs, clock } = this.deps
    const references = plan.promote.map(({ tool, callId }) => ({ tool, callId }))
    const planSeq = memory.recordPlan(plan.planId, references).seq
    const calls: CallOutcome[] = []
    for (const step of plan.steps) {
      const tool = tools[step.tool]
      if (!tool) throw new Error(`plan ${plan.planId} names an unknown tool ${step.tool}`)
      const result = await tool(step.args, { customs, clock, callId: step.callId })
      const storeSeq = memory.storeToolResult(step.tool, step.callId, result).seq
      calls.push({ tool: step.tool, callId: step.callId, result, storeSeq })
    }
    const promoter = (await this.#beforePromotions?.(plan)) ?? memory
    const promotions: PromotionOutcome[] = []
    for (const p of plan.promote) {
      const ref = { tool: p.tool, callId: p.callId }
      try {
        promotions.push({ ref, to: p.to, promotedSeq: promoter.promote(ref, p.to, plan.planId).seq })
      } catch (err) {
        promotions.push({ ref, to: p.to, refusal: refusalOf(err) })
      }
    }
    return { planId: plan.planId, planSeq, calls, promotions }
  }
}
