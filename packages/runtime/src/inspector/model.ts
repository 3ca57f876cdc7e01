/**
 * What the inspector shows, as data: one model for the static report (`memory-customs report`, built from a
 * store and a sites manifest), the dev page's live API (`unplugin-memory-customs` serves it from the dev
 * server) and the UI that renders both (inspector/ui). Plain JSON: it crosses HTTP, Server-Sent Events and a
 * `<script type="application/json">` in the report, so no class instances, no Maps, no BigInts.
 *
 * Values are never part of a receipt (receipts carry commitments); where a view shows one it is in `values`,
 * and only when the viewer may see it (`revealed`): the dev page redacts them unless the request carries the
 * session's reveal token, the report only with `--reveal`.
 */
import type { Op, Pool } from '../core/receipt.js'

/** Bumped when a field changes meaning; the UI refuses a model of another version with a clear message. */
export const INSPECTOR_MODEL_VERSION = 1

/** One instrumented call site (from the plugin's manifest or its live analysis) and its coverage. */
export interface InspectorSite {
  /** `file:line:column`: stable for a build, what a receipt's `siteId` points to. */
  id: string
  /** Root-relative POSIX path. */
  file: string
  line: number
  column: number
  fn: string | null
  /** The rule that matched (`MW-1`, `target`, `wrapper`, ... joined with `+`). */
  rule: string
  /** Static key or pattern (`user_*`), null when dynamic or absent. */
  key: string | null
  /** How the key was classified: `static`, `pattern`, `dynamic`, `none`. */
  keyKind: string
  /** Receipts written through this site (in this session for the dev page, in the store for the report). */
  fired: number
  /** Seq of the last receipt written through it, or null. */
  lastSeq: number | null
  /** Absolute path the dev server can open in the editor (dev page only). */
  absolutePath?: string
  /** Why the plugin listed the site but could not wrap it (`super receiver`, ...); it never fires. */
  unsupported?: string
  /** No receipt names this site, but a call to its wrapper wrote receipts: it ran (writes are attributed to callers). */
  ranInside?: boolean
}

/** A receipt as the inspector lists it: the receipt's own fields plus what a reader wants resolved. */
export interface InspectorReceipt {
  seq: number
  /** ISO time. */
  ts: string
  op: Op
  pool: Pool | null
  key: string | null
  tool: string | null
  call: string | null
  actor: string | null
  /** The refusal code for REFUSED receipts (`WRITE_ONCE`, `commit:ACCESS_DENIED`, ...), else null. */
  code: string | null
  /** The receipt's reason text as recorded (canonical JSON for memory ops), or null. */
  reason: string | null
  site: { file: string; line: number; column: number; fn: string | null } | null
  /** The matching InspectorSite id when the site is known, else null. */
  siteId: string | null
  /** Value commitments (never the values). */
  old: string | null
  new: string | null
  hash: string
  prev: string
}

/** Values by commitment, present only where the viewer may see them. */
export interface RevealedValues {
  revealed: boolean
  /** commitment -> value (JSON); absent commitments are redacted or erased. */
  values: Record<string, unknown>
}

export interface VerifyState {
  ok: boolean
  /** Receipts checked. */
  size: number
  /** The first problem found: the seq and its code (`MAC_MISMATCH`, `LINK_BROKEN`, ...). */
  firstFailure: { seq: number | null; code: string; message: string } | null
  /** ISO time of the check. */
  checkedAt: string
}

export interface CheckpointInfo {
  /** Receipts covered (1..size). */
  size: number
  /** Merkle root (hex). */
  root: string
}

/** The pools as they stood after receipt `seq` (what the time slider shows). */
export interface PoolsAt {
  seq: number
  entries: Array<{ pool: Pool; key: string; commit: string | null; seq: number }>
}

/** What a rollback would change, computed without writing (`rollback(target, { dryRun: true })`). */
export interface RollbackPreview {
  /** The target as given (`seq:42`, `site:src/agent.ts:12`, `tool:web.fetch`, ...). */
  target: string
  /** Receipts the rollback would compensate. */
  affected: number[]
  changes: Array<{ pool: Pool; key: string; from: string | null; to: string | null }>
}

/** Counts per time bucket, for the charts (writes per key and per source over time). */
export interface Series {
  /** ISO start of each bucket; every series has one count per bucket. */
  buckets: string[]
  byKey: Array<{ key: string; counts: number[] }>
  /** Source: the site's `file:line` for probed writes, `tool:<name>` for tool results, `unattributed` otherwise. */
  bySource: Array<{ source: string; counts: number[] }>
}

/** A scanner finding on a memory: where (UTF-16 offsets into the content), which rule, how bad. */
export interface InspectorFinding {
  /** The rule's id, e.g. `injection/memory-planting`. */
  rule: string
  /** The rule family (`injection`, `code`, `secret`, `pii`): the rule id's first segment. */
  family: string
  severity: string
  start: number
  end: number
  /** The matched text (`content.slice(start, end)`): a value, so null unless revealed. */
  evidence: string | null
}

/** A long-term memory (or a Bridge promotion held for review) as the inspector lists it. */
export interface InspectorMemory {
  /** `m_<seq>` for a memory, `p_<seq>` for a held promotion. */
  id: string
  kind: 'memory' | 'promotion'
  status: 'approved' | 'pending_review' | 'rejected'
  /** The content: a value, so null unless revealed (findings' spans, rules and severities are always there). */
  content: string | null
  /** Trust score of the last scan, in [0, 1]. */
  trust: number
  /** The rule set that scored it, e.g. `builtin@8`. */
  ruleSet: string
  findings: InspectorFinding[]
  source: string
  session: string | null
  /** `fact`, `preference`, ... (`promotion` for a held promotion). */
  type: string
  key: string | null
  owner: string
  /** `public`, `internal`, `private`, or `readers: a, b; writers: c` for an explicit list. */
  access: string
  namespace: string[]
  /** Seq of the receipt that filed it (its id's number) and of the one that last changed it. */
  filedSeq: number
  seq: number
  /** ISO time it was filed. */
  filedAt: string
  /** Pending only: when it is rejected if nobody decides (the default review timeout unless told otherwise). */
  timesOutAt?: string
  /** Entries holding another value for the same key (a conflict: with policy `newest` the newer one ends them). */
  conflictsWith: string[]
  dependsOn: string[]
  /** The rendered context (`ctx_<seq>`) it was derived from, or null. */
  context: string | null
  /** A held promotion: the tool call and the Decision key it would write. */
  promotion?: { tool: string; callId: string; to: string; planRef: string }
}

/** The review queue: what waits for a person's decision, oldest first. */
export interface ReviewQueue {
  /** Items pending review (all of them, even when `items` is capped). */
  pending: number
  items: InspectorMemory[]
}

/** A node of a lineage/influence graph: a memory, working entry, Decision value, rendered context or guard check. */
export interface LineageGraphNode {
  id: string
  kind: 'memory' | 'working' | 'decision' | 'context' | 'guard' | 'unknown'
  /** What the picture writes under the id: status, decision, or how it ended. */
  label: string
  /** The receipt it is named after (`m_12`, `ctx_12`, `guard_12`), or null (working entries, Decision values). */
  seq: number | null
  /** Edges from the root on a shortest path (0 for the root). */
  depth: number
  state: 'live' | 'ended' | 'missing'
}

/** A lineage (what the root rests on) or influence (what rests on it) walk, every edge from dependent to dependency. */
export interface LineageGraph {
  root: string
  direction: 'lineage' | 'influence'
  /** The root first, then by depth. */
  nodes: LineageGraphNode[]
  edges: Array<{ from: string; to: string; kind: 'dependsOn' | 'context' | 'contained' | 'used' }>
}

/**
 * The report's memory graph: every node and edge of the listed memories' lineage and influence walks, merged (the
 * report's page walks it for any listed memory, as the live page asks the app).
 */
export interface MemoryGraph {
  nodes: Array<Omit<LineageGraphNode, 'depth'>>
  edges: LineageGraph['edges']
}

/** The whole static report (embedded as JSON in report.html). */
export interface ReportData {
  kind: 'memory-customs-report'
  version: typeof INSPECTOR_MODEL_VERSION
  /** ISO time the report was written. */
  generatedAt: string
  store: { location: string; chain: string; origin: string; head: { seq: number; hash: string } }
  sites: InspectorSite[]
  /** The receipt timeline; capped for very large stores (see `truncated`). */
  receipts: InspectorReceipt[]
  /** Receipts left out of `receipts` (the oldest), 0 when all are there. */
  truncated: number
  refused: InspectorReceipt[]
  /** Refused receipts left out of `refused` (the oldest; it is capped like `receipts`); absent means 0. */
  refusedTruncated?: number
  /** Where `sites` came from: the build's manifest, or (no manifest given) the sites the receipts name. */
  sitesFrom?: 'manifest' | 'receipts'
  /**
   * `build`: written by the build plugin from the site manifest alone (no store was read, so no site has fired yet
   * and there are no receipts); absent or `store`: built from a store.
   */
  source?: 'store' | 'build'
  verify: VerifyState
  checkpoints: CheckpointInfo[]
  series: Series
  values: RevealedValues
  /** Long-term memories, newest first (capped like receipts); absent in a report written before they existed. */
  memories?: InspectorMemory[]
  /** Memories left out of `memories` (the oldest). */
  memoriesTruncated?: number
  review?: ReviewQueue
  graph?: MemoryGraph
}
