/** What the memory lifecycle modules share: the write gates' context, the scanner, and the review listeners. */
import type { Finding, ScanResult } from '../../scan/types.js'
import type { GateContext } from '../gates/gate.js'
import type { Access, MemoryStatus } from './meta.js'

/** A memory as the API returns it. Content is decrypted on read; status tells where it is in its lifecycle. */
export interface MemoryEntry {
  id: string
  content: string
  status: MemoryStatus
  /** Trust score of the last scan, in [0, 1]. */
  score: number
  /** The rule set that scored it, e.g. `builtin@8`. */
  ruleSet: string
  /** `rule@start-end:severity` of each finding (no evidence: see ProposeResult for that). */
  findings: string[]
  source: string
  session: string | null
  /** Distinct sessions that proposed this content. */
  sessions: string[]
  tags: string[]
  /** The tool call a memory made from a tool result comes from. */
  from: { tool: string; callId: string } | null
  writtenAt: string
  updatedAt: string
  expiresAt: string | null
  /** Seq of the receipt that last changed it. */
  seq: number
  /** Its key in its namespace, or null (an unkeyed memory is never in conflict by key). */
  key: string | null
  type: string
  /** The principal that wrote it. */
  owner: string
  access: Access
  namespace: string[]
  subject: string | null
  validFrom: string
  confidence: number
  dependsOn: string[]
  /** The rendered context it was automatically linked to (`ctx_<seq>`), or null. */
  context: string | null
  version: number
  /** Another entry holds a different value for the same key (a flag: see `conflictsWith`). */
  conflicted: boolean
  conflictsWith: string[]
}

/** An entry of the review queue: a memory pending review, or a Bridge promotion the scanner held back. */
export interface ReviewItem {
  id: string
  kind: 'memory' | 'promotion'
  /** The memory's content, or the tool result's canonical JSON. */
  content: string
  score: number
  ruleSet: string
  findings: string[]
  source: string
  session: string | null
  /** For a promotion: the call, the target key and the plan. */
  promotion?: { tool: string; callId: string; to: string; planRef: string }
  filedAt: string
  /** When it will be rejected if nobody decides (review.timeoutMs after filing). */
  timesOutAt: string
}

export interface ProposeResult {
  id: string
  status: MemoryStatus
  score: number
  /** The scan's findings, with redacted evidence. */
  findings: Finding[]
}

export interface LifecycleContext extends GateContext {
  scan(text: string): ScanResult
  readonly pendingListeners: Set<(item: ReviewItem) => void>
  /** Who acts through this handle: `system` for the root handle, else the id given to `customs.as()`. */
  readonly principal: string
  /** Set by `as(principal, { external: true })`: such a principal reads `public` entries only. */
  readonly external: boolean
  /** The handle's namespace (`scope()`), outermost first; [] at the root. */
  readonly ns: readonly string[]
}
