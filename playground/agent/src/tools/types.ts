import type { Customs } from 'memory-customs'
import type { Clock } from '../clock'

export interface ToolContext {
  customs: Customs
  clock: Clock
  callId: string
}

export type Tool = (args: Record<string, unknown>, ctx: ToolContext) => Promise<unknown>
