import type { Customs } from 'memory-customs'

export interface ToolCallRef {
  tool: string
  callId: string
}

/**
 * The agent's memory goes through customs: user intent is committed to the Decision pool, tool output is
 * stored in the Execution pool, plans are recorded, and only the Bridge moves a result into a decision.
 * Each write method is tagged `@memoryWrite`: the plugin treats calls to it as sites too, so a receipt names
 * the agent's or tool's line that asked for the write, and keeps the write below as its second frame.
 */
export class AgentMemory {
  constructor(readonly customs: Customs) {}

  /** @memoryWrite */
  rememberUserIntent(key: string, value: unknown, reason: string) {
    return this.customs.decision.commit(key, value, { source: 'user', reason })
  }

  /** @memoryWrite */
  storeToolResult(tool: string, callId: string, result: unknown) {
    return this.customs.execution.store(tool, callId, result)
  }

  /** @memoryWrite */
  recordPlan(planId: string, references: ToolCallRef[]) {
    return this.customs.plans.record(planId, { references })
  }

  /** @memoryWrite */
  promote(ref: ToolCallRef, to: string, planRef: string) {
    return this.customs.bridge.promote({ tool: ref.tool, callId: ref.callId, to, planRef })
  }

  decision(key: string): unknown {
    return this.customs.decision.get(key)
  }
}
