// Where the page's data comes from: the report's embedded ReportData (static) or the dev server's API (live). The
// views only see this interface, so one set of components renders both; what a mode cannot do is absent (undefined).
import type {
  CheckpointInfo,
  InspectorMemory,
  InspectorReceipt,
  LineageGraph,
  InspectorSite,
  PoolsAt,
  RevealedValues,
  ReviewQueue,
  RollbackPreview,
  Series,
  VerifyState,
} from '../model.js'

export type Mode = 'live' | 'static'

/** What the page shows before any live event arrives. */
export interface Snapshot {
  sites: InspectorSite[]
  receipts: InspectorReceipt[]
  verify: VerifyState | null
  values: RevealedValues
  /** Report only: the store it was built from. */
  store?: { location: string; chain: string; origin: string; head: { seq: number; hash: string } }
  generatedAt?: string
  checkpoints?: CheckpointInfo[]
  /** Report only: precomputed by the report builder (live mode computes its own from the receipts it holds). */
  series?: Series
  refused?: InspectorReceipt[]
  /** Receipts left out of the report's timeline (the oldest). */
  truncated: number
  /** Refused receipts left out of the report's refused list (the oldest). */
  refusedTruncated?: number
  /** Report only: sites from the build's manifest, or (no manifest) the sites the receipts name. */
  sitesFrom?: 'manifest' | 'receipts'
  /** Report only: `build` when the plugin wrote it from the manifest alone (no store, no receipts). */
  source?: 'store' | 'build'
  /** Live only: the dev server's root and whether an app page is connected. */
  root?: string
  connected?: boolean
  openInEditor: boolean
}

/** Live pushes (Server-Sent Events from api/events). */
export interface LiveHandlers {
  receipt(r: InspectorReceipt): void
  sites(sites: InspectorSite[]): void
  app(connected: boolean): void
  verify(v: VerifyState): void
  /** The event stream opened (again): receipts written while it was closed are fetched with `after`. */
  open(): void
  /** The event stream dropped; EventSource reconnects by itself. */
  error(): void
}

export interface InspectorSource {
  mode: Mode
  load(): Promise<Snapshot>
  /** Live only: subscribe to pushes; returns the unsubscribe. */
  subscribe?(handlers: LiveHandlers): () => void
  /** Live only: receipts after `seq` (to fill what was written between the snapshot and the stream). */
  receiptsAfter?(seq: number): Promise<InspectorReceipt[]>
  poolsAt(seq: number): Promise<PoolsAt>
  verify?(): Promise<VerifyState>
  rollbackPreview?(target: string): Promise<RollbackPreview>
  reveal?(token: string, commits: string[]): Promise<RevealedValues>
  openInEditor?(site: { file: string; line: number; column: number }): Promise<void>
  /**
   * Long-term memories, newest first; the review queue; one memory's lineage or influence. Absent for a report
   * without memories (the build's, or one written before they existed). `token` (live): reveal content.
   */
  memories?(token: string | null): Promise<{ memories: InspectorMemory[]; truncated: number; revealed: boolean }>
  review?(token: string | null): Promise<ReviewQueue>
  lineage?(id: string, direction: LineageGraph['direction']): Promise<LineageGraph>
}

/** The model version differs from the one this page was built for: the page shows this instead of guessing. */
export class VersionMismatch extends Error {
  constructor(
    readonly found: unknown,
    readonly expected: number,
  ) {
    super(
      `This page understands inspector data version ${expected}, but was given version ${String(found)}. ` +
        'Use the memory-customs package that produced the data (or rebuild the report with this version).',
    )
    this.name = 'VersionMismatch'
  }
}

/** An API call failed; `code` is the server's error code (`APP_NOT_CONNECTED`, ...) or `HTTP_<status>`. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 0,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}
