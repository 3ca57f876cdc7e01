/** Argument and result types of the Customs API (re-exported from the facade). */
import type { Op, Pool } from './receipt.js'

export type Source = 'user' | 'plan'

export interface CommitOptions {
  /** Who states this: `user` (the person) or `plan` (the planner). Tool output must go through the Bridge. */
  source: Source
  actor?: string
  reason?: string
}

export interface PromoteRequest {
  tool: string
  callId: string
  /** Decision key the result is promoted into. */
  to: string
  /** Id of the recorded plan that references this tool call. */
  planRef: string
  actor?: string
}

export interface PlanRecord {
  references: Array<{ tool: string; callId: string }>
}

export interface ExecutionEntry {
  tool: string
  callId: string
  result: unknown
  /** Seq of the STORE receipt. */
  seq: number
  storedAt: string
  expiresAt: string
}

export interface ReceiptFilter {
  key?: string
  pool?: Pool
  tool?: string
  callId?: string
  /** Receipts whose site is in this root-relative file. */
  file?: string
  op?: Op
  sinceSeq?: number
  /** Epoch ms, Date or RFC 3339 text. */
  sinceTime?: number | string | Date
  fromSeq?: number
  toSeq?: number
  limit?: number
}

/** A read-only view of both pools as of one receipt. */
export interface PointInTimeView {
  seq: number
  decision: { get(key: string): unknown; entries(): Array<[string, unknown]> }
  execution: { get(tool: string, callId: string): unknown; entries(): Array<{ tool: string; callId: string; result: unknown }> }
  plans: { get(planId: string): PlanRecord | undefined }
  /** Long-term memories as of `seq`, whatever their status then (what a READ receipt's ids referred to). */
  memories: { get(id: string): PastMemory | undefined; entries(): PastMemory[] }
}

export interface PastMemory {
  id: string
  content: string
  status: 'approved' | 'pending_review' | 'rejected'
  score: number
  source: string
  session: string | null
}
