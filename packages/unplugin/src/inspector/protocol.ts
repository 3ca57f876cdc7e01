/**
 * What the app bridge (inspector/client.ts, running in the app) and the dev server (inspector/session.ts) say to
 * each other. One set of messages, two transports: Vite's HMR channel (custom events) and, for
 * webpack-dev-server and the Rspack dev server, which have no custom HMR events, plain HTTP (POST to the
 * server, Server-Sent Events back). Plain JSON, no imports: both sides (browser and Node) use it.
 */
import type {
  InspectorMemory,
  InspectorReceipt,
  LineageGraph,
  PoolsAt,
  RevealedValues,
  ReviewQueue,
  RollbackPreview,
  VerifyState,
} from 'memory-customs'

/** Custom HMR event the app sends on (Vite). */
export const APP_EVENT = 'memory-customs:app'
/** Custom HMR event the server sends requests on (Vite). */
export const REQUEST_EVENT = 'memory-customs:request'
/** The dev page's base path; the HTTP bridge lives under it too (`bridge/...`). */
export const BASE = '/__memory-customs/'

/** A site as the app's probe registry has it (what loaded, instrumented modules registered). */
export interface AppSite {
  file: string
  line: number
  column: number
  fn: string | null
  rule: string
  key: string | null
  keyKind: string
}

/** Messages from the app. */
export type AppMessage =
  /**
   * The app's store was found (or changed): its chain, head and the receipts it already held, so a reload of the
   * app (or a store reopened from IndexedDB) shows its chain at once.
   */
  | { type: 'hello'; store: string; chain: string; head: { seq: number; hash: string } | null; receipts: InspectorReceipt[] }
  /** Receipts appended since the last message (batched per task). */
  | { type: 'receipts'; receipts: InspectorReceipt[] }
  /** The sites instrumented modules registered in the app so far. */
  | { type: 'sites'; sites: AppSite[] }
  /** The answer to a request. */
  | { type: 'reply'; id: number; result?: unknown; error?: { code: string; message: string } }

/** What the server asks of the app, and what each answer is. */
export interface RequestMap {
  verify: { params: Record<string, never>; result: VerifyState }
  pools: { params: { seq: number }; result: PoolsAt }
  'rollback-preview': { params: { target: string }; result: RollbackPreview }
  values: { params: { commits: string[] }; result: RevealedValues }
  /** `reveal` only when the page's request carried the reveal token (the dev server checks it). */
  memories: { params: { reveal: boolean }; result: { memories: InspectorMemory[]; truncated: number } }
  review: { params: { reveal: boolean }; result: ReviewQueue }
  lineage: { params: { id: string; direction: 'lineage' | 'influence' }; result: LineageGraph }
}
export type RequestMethod = keyof RequestMap

/** Messages from the server. */
export type ServerMessage =
  | { type: 'request'; id: number; method: RequestMethod; params: unknown }
  /** Sent when the app connects: say hello (again) and send the registered sites. */
  | { type: 'welcome' }
