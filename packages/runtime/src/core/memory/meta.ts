/**
 * What a memory-lifecycle receipt says beyond its fixed fields, kept in its `reason` as canonical JSON (as a
 * ROLLBACK receipt keeps its target): trust score, rule set, a findings summary without evidence (rule,
 * severity and offsets only: never the text of a secret or a personal datum), source, session and status.
 * The receipt is hashed and MAC'd with it, so the record of why an entry was approved cannot be edited.
 */
import { canonicalize } from '../canonical.js'
import type { Finding } from '../../scan/types.js'

export type MemoryStatus = 'approved' | 'pending_review' | 'rejected'

export interface LifecycleMeta {
  /** Status after this receipt (PROPOSE, UPDATE, RESCORE, APPROVE, REJECT). */
  status?: MemoryStatus
  score?: number
  ruleSet?: string
  /** `rule@start-end:severity`, e.g. `injection/memory-planting@0-54:high`. */
  findings?: string[]
  source?: string
  session?: string
  tags?: string[]
  /** A pending promotion: the plan that justifies it. */
  planRef?: string
  /** A validity end (epoch ms) for memories proposed with a TTL. */
  expires?: number
  /** Why: the reviewer's reason, `timeout`, `rescan`, `rollback`, `auto:sessions`. */
  why?: string
  /** A pending promotion's review id, on the APPROVE/REJECT that ends it. */
  review?: string
  /** Keyed commitment of the normalized content: finds the same content again without storing it in clear. */
  norm?: string
  /** READ: the ids of the entries a rendered context included, in order. GUARD: the ids it evaluated. */
  entries?: string[]

  // Typed, scoped memory (PROPOSE; UPDATE may change confidence, validity and dependencies).
  /** The memory's key within its namespace (`prod.url`): a second value for it is a conflict. */
  key?: string
  /** `fact`, `preference`, `decision`, `constraint`, `reference` or a user type. */
  type?: string
  /** The principal that wrote it. */
  owner?: string
  access?: Access
  /** Namespace tuple, outermost first (`['user:alice', 'agent:planner']`). */
  ns?: string[]
  /** The person or thing the memory is about: erasure (`forget({ subject })`) and conflicts use it. */
  subject?: string
  /** Validity start (epoch ms); the end is `expires`. */
  validFrom?: number
  confidence?: number
  /** Entries this one was derived from: explicit `dependsOn`, plus what an auto-linked context contained. */
  deps?: string[]
  /** The rendered context (`ctx_<seq>`) this write was automatically linked to. */
  ctx?: string
  /** Entries this one conflicts with (same namespace and key, or same subject and key, other content). */
  conflicts?: string[]
  /** Entries whose validity this write ended (`conflicts.policy: 'newest'`): they expire at this receipt's time. */
  ends?: string[]
  /** The conflict resolution policy in force when the conflict was recorded. */
  policy?: ConflictPolicy

  // GUARD
  action?: string
  tool?: string
  decision?: GuardDecision
  /** Risk vector `[consistency, factuality, safety, dependency]`, each in [0, 1]. */
  risk?: [number, number, number, number]
  /** `rule:entry,entry` per reason. */
  reasons?: string[]

  // FORGET
  /** Keyed tag of the erased subject (the subject itself is personal data and is not written). */
  subjectTag?: string
  /** Memory ids whose values were shredded. */
  shredded?: string[]
}

/** Who may read and write a memory besides its owner and `system`. */
export type Access = 'public' | 'internal' | 'private' | { readers?: string[]; writers?: string[] }

export type ConflictPolicy = 'newest' | 'trust' | 'user' | 'review'

export type GuardDecision = 'proceed' | 'warn' | 'redirect' | 'halt'

export function findingsSummary(findings: readonly Finding[]): string[] {
  return findings.map((f) => `${f.rule}@${f.start}-${f.end}:${f.severity}`)
}

export function encodeMeta(meta: LifecycleMeta): string {
  const clean: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(meta)) if (v !== undefined) clean[k] = v
  return canonicalize(clean)
}

/** The meta of a lifecycle receipt; `{}` for anything that is not one (a replayed receipt is never trusted to parse). */
export function decodeMeta(reason: string | null): LifecycleMeta {
  if (!reason || reason[0] !== '{') return {}
  try {
    const o = JSON.parse(reason) as unknown
    return o && typeof o === 'object' && !Array.isArray(o) ? (o as LifecycleMeta) : {}
  } catch {
    return {}
  }
}
