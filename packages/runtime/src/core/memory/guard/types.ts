/**
 * The shadow guardrail's public types: what `guard.check` takes and returns, and its options. The shadow of an
 * entry is its metadata (type, owner, confidence, source, conflicts, scan findings, dependencies), never its
 * content: the guard decides on what is known about the memories an action rests on, not on what they say.
 */
import type { GuardDecision } from '../meta.js'

export type { GuardDecision } from '../meta.js'

/** Built-in action kinds; any other string is a user-defined kind (its policy row comes from `guard.policy`). */
export type ActionKind = 'internal_reasoning' | 'call_tool:read' | 'call_tool:write' | 'final_output' | (string & {})

export type RiskDimension = 'consistency' | 'factuality' | 'safety' | 'dependency'

/** Each dimension in [0, 1]: 0 no evidence of that risk, 1 certain. */
export type RiskVector = Record<RiskDimension, number>

/** How far an entry's source is believed: see `guard.trust`. */
export type TrustClass = 'trusted' | 'data' | 'inference' | 'untrusted'

export interface GuardCheckInput {
  action: ActionKind
  /** The tool about to be called (for `call_tool:*`). */
  tool?: string
  /** The tool call's id: the GUARD receipt names it, so `receipts({ callId })` finds the check beside the result. */
  callId?: string
  /** A rendered context (`ctx_<seq>`): its entries are evaluated. */
  contextId?: string
  /** Entry ids the action rests on: memory ids (`m_12`), working ids (`w:<session>/<name>`), `decision:<key>`. */
  uses?: string[]
  actor?: string
}

export interface GuardReason {
  /** `consistency/contradiction`, `factuality/low-confidence-chain`, `safety/findings`, `dependency/expired`… */
  rule: string
  dimension: RiskDimension
  /** The entries the rule names (ids). */
  entries: string[]
  /** One line for people. */
  detail: string
}

/** A change `guard.repair` can apply, as receipts. */
export type RepairSuggestion =
  | { kind: 'verify'; entry: string; detail: string }
  | { kind: 'downgrade'; entry: string; confidence: number; detail: string }
  | { kind: 'mark_conflicted'; entries: string[]; detail: string }
  | { kind: 'quarantine'; entry: string; detail: string }

export interface GuardResult {
  /** `guard_<seq>`: the GUARD receipt that records this check. */
  id: string
  seq: number
  action: ActionKind
  decision: GuardDecision
  risk: RiskVector
  reasons: GuardReason[]
  /** For `warn`: text to put in the prompt before the action. */
  message?: string
  /** For `redirect` (and `halt` when something can be done): what would make the action safe. */
  repairs: RepairSuggestion[]
  /** The entries evaluated (ids), `uses` and the context's entries with their dependencies. */
  evaluated: string[]
  /** Whether the optional evaluator was consulted (the rules were uncertain). */
  evaluatorConsulted: boolean
}

/** What the optional evaluator (an LLM judge, say) sees: the shadow, never contents. */
export interface EvaluatorInput {
  action: ActionKind
  tool?: string
  risk: RiskVector
  reasons: GuardReason[]
  entries: ShadowEntry[]
}

/** The evaluator's answer: a risk vector that replaces the rules' (dimensions left out keep the rules' value). */
export interface EvaluatorOutput {
  risk?: Partial<RiskVector>
  reasons?: GuardReason[]
}

/** An entry's shadow: everything the guard knows about it except its content. */
export interface ShadowEntry {
  id: string
  kind: 'memory' | 'working' | 'decision'
  /**
   * `live`, or why it is not: `expired`, `not_yet_valid` (before its validFrom), `rolled_back`, `deleted`,
   * `rejected`, `pending_review`, `missing` (no such entry was ever written), `erased`.
   */
  state: ShadowState
  type: string | null
  owner: string | null
  key: string | null
  /** The memory's namespace (two live entries with one namespace and key are a conflict); [] otherwise. */
  ns: string[]
  source: string | null
  trust: TrustClass
  confidence: number
  /** Findings summaries (`rule@start-end:severity`). */
  findings: string[]
  conflictsWith: string[]
  deps: string[]
}

export type ShadowState =
  | 'live'
  | 'expired'
  | 'not_yet_valid'
  | 'rolled_back'
  | 'deleted'
  | 'rejected'
  | 'pending_review'
  | 'missing'
  | 'erased'

export interface GuardOptions {
  /**
   * Overrides of the policy matrix: action kind -> risk dimension -> decision. Defaults: `call_tool:write` and
   * `final_output`: safety halt, dependency halt, consistency redirect, factuality redirect; `call_tool:read`:
   * warn on any; `internal_reasoning`: proceed (recorded). A user-defined kind without a row gets `warn`.
   */
  policy?: Record<string, Partial<Record<RiskDimension, GuardDecision>>>
  /**
   * Source trust, by source pattern (`user`, `plan`, `tool:*`, `agent`, `web.*`; `*` matches any run of
   * characters); the first matching pattern wins, user patterns before the defaults.
   */
  trust?: Record<string, TrustClass>
  /** A dimension counts as a risk from this value up. Default 0.5. */
  threshold?: number
  /** Below this confidence an entry is low-confidence. Default 0.5. High-confidence is >= 0.8 by default. */
  lowConfidence?: number
  highConfidence?: number
  /**
   * Consulted only when the rules are uncertain (some dimension within `uncertainty` of the threshold); tests use
   * a deterministic fake. Its failure (throw or reject) leaves the rules' result and is named in the reasons.
   */
  evaluator?: (input: EvaluatorInput) => Promise<EvaluatorOutput> | EvaluatorOutput
  /** Half-width of the uncertain band around the threshold. Default 0.15. */
  uncertainty?: number
  /** How long the evaluator may take before the rules' result stands (a timeout is named in the reasons). Default 10 s. */
  evaluatorTimeoutMs?: number
}

/** A repair kind, as `guard.repair(result, { only })` takes them. */
export type RepairKind = RepairSuggestion['kind']

/** What `guard.repair` did with one suggestion. */
export interface RepairOutcome {
  suggestion: RepairSuggestion
  /** `applied` wrote receipts; `open` needs someone (verify); `skipped` could not apply (the reason says why). */
  status: 'applied' | 'open' | 'skipped'
  /** Seqs of the receipts written for it. */
  receipts: number[]
  reason?: string
}

/** A recorded check, as `guard.log()` lists them (from the GUARD receipts). */
export interface GuardLogEntry {
  id: string
  seq: number
  at: string
  action: string
  tool: string | null
  decision: GuardDecision
  risk: RiskVector
  /** `rule:entry,entry` per reason. */
  reasons: string[]
  entries: string[]
  contextId: string | null
}

export interface GuardLogFilter {
  decision?: GuardDecision | GuardDecision[]
  action?: string
  /** Checks that evaluated this entry. */
  entry?: string
  /** Most records returned (most recent first). */
  limit?: number
}
