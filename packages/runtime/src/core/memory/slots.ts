/**
 * The records of the memory lifecycle's state (state.ts): a long-term memory, a working-memory entry, a tool result
 * held for review before promotion, the receipt fields that feed them, and their form in a state snapshot.
 */
import type { SerializedLineage } from './lineage-records.js'
import type { Access, LifecycleMeta, MemoryStatus } from './meta.js'

export interface MemorySlot {
  /** `m_<seq of its PROPOSE>`. */
  id: string
  /** Commitment of the content. */
  commit: string
  /** Receipt that last changed this entry. */
  seq: number
  status: MemoryStatus
  score: number
  ruleSet: string
  findings: string[]
  source: string
  /** Session of the first proposal, if any. */
  session: string | null
  /** Distinct sessions that proposed this content. */
  sessions: string[]
  tags: string[]
  /** The tool call a memory made from a tool result comes from. */
  tool: string | null
  call: string | null
  createdMs: number
  updatedMs: number
  /** Validity end (epoch ms), or null. */
  expires: number | null
  /** Keyed commitment of the normalized content (NFKC, case-folded, white space collapsed): finds duplicates. */
  norm: string | null
  /** Key within the namespace (`prod.url`), or null for an unkeyed memory (never in conflict by key). */
  key: string | null
  /** `fact` unless given. */
  type: string
  /** The principal that wrote it (`system` for the root handle). */
  owner: string
  access: Access
  /** Namespace tuple, outermost first; [] for the root scope. */
  ns: string[]
  subject: string | null
  /** Validity start (epoch ms): before it the entry is not returned. */
  validFrom: number
  /** In [0, 1]; 1 unless given. */
  confidence: number
  /** Entries it was derived from (ids as guard.check takes them). */
  deps: string[]
  /** The rendered context it was automatically linked to. */
  ctx: string | null
  /** 1 at PROPOSE, +1 per UPDATE. */
  version: number
  /** Entries it conflicts with (a flag, not a status). */
  conflictsWith: string[]
  /** Seq of the FORGET receipt that shredded its value, or null. */
  erased: number | null
}

export interface WorkingSlot {
  /** `session/name`. */
  key: string
  session: string
  name: string
  commit: string
  seq: number
  writtenMs: number
  expires: number
  source: string
  /** Set when the entry may count towards automatic promotion (see gates/working.ts). */
  norm: string | null
  /** Entries it was derived from, and the context it was automatically linked to. */
  deps: string[]
  ctx: string | null
}

export interface PendingPromotion {
  /** `p_<seq of its PROPOSE>`. */
  id: string
  seq: number
  ms: number
  tool: string
  call: string
  to: string
  planRef: string
  score: number
  ruleSet: string
  findings: string[]
}

/** The receipt fields apply reads. */
export interface LifecycleReceipt {
  seq: number
  op: string
  pool: string | null
  key: string | null
  new: string | null
  tool: string | null
  call: string | null
  ts: string
  reason: string | null
  /**
   * The reason already decoded, when a live write hands it over (never stored): the state then does not parse back
   * what its writer has just encoded (a guard check's closure costs microseconds an entry to parse). Replay and time
   * travel decode `reason`, which is what the chain holds.
   */
  meta?: LifecycleMeta
}

export interface SerializedLifecycle extends SerializedLineage {
  m?: MemorySlot[]
  w?: WorkingSlot[]
  p?: PendingPromotion[]
  s?: Array<[string, string[]]>
}
