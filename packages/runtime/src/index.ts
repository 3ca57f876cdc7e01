/**
 * memory-customs: quarantined, audited agent memory.
 *
 * Decision pool (schema-validated user/plan intents), Execution pool (signed tool results with a TTL), a Bridge
 * that promotes a result into the Decision pool only after allow-list, plan-reference, signature and schema
 * checks, and a hash-chained, checkpointed receipt log on sql.js with time travel and rollback. Long-term memories
 * are scanned (`memory-customs/scan`) and reviewed; working memory is per session; context is rendered with
 * provenance labels.
 *
 * What an independent verifier needs (canonical encoding, body formats, hashes, Merkle tree, the verifier
 * itself) is in `memory-customs/verify`; test hooks are not exported.
 */
export { Customs, META_FORMAT, isPending } from './core/customs.js'
export { createCustoms } from './core/create.js'
export type { PendingReceipt, SharedCustoms, WriteReceipt } from './core/customs.js'
export type { CommitOptions, ExecutionEntry, PlanRecord, PointInTimeView, PromoteRequest, ReceiptFilter, Source } from './core/customs.js'
export type { CustomsOptions } from './core/options.js'
export type { SafeParseSchema, SchemaLike, StandardSchemaV1 } from './core/schema.js'
export type {
  ContextRenderer,
  Memories,
  MemoryHandle,
  Retriever,
  Review,
  ScopeSpec,
  SearchQuery,
  WorkingMemory,
} from './core/memory/api.js'
export type { Access, ConflictPolicy } from './core/memory/meta.js'
export type { TypedOptions } from './core/memory/typed.js'
export type { ForgetOptions, ForgetResult } from './core/memory/erasure.js'
export type { GuardedHandle } from './core/customs.js'
export type { Guard, RepairReport } from './core/memory/guard/check.js'
export type {
  ActionKind,
  EvaluatorInput,
  EvaluatorOutput,
  GuardCheckInput,
  GuardDecision,
  GuardLogEntry,
  GuardLogFilter,
  GuardOptions,
  GuardReason,
  GuardResult,
  RepairKind,
  RepairOutcome,
  RepairSuggestion,
  RiskDimension,
  RiskVector,
  ShadowEntry,
  ShadowState,
  TrustClass,
} from './core/memory/guard/types.js'
export { guardTools, type GuardableTool, type GuardedCustoms, type GuardToolsOptions } from './guard-tools.js'
export type { LineageEdge, LineageEdgeKind, LineageNode, LineageNodeKind, LineageOptions, LineageResult } from './core/memory/lineage.js'
export type { UpdateOptions } from './core/memory/memories.js'
export type { MemoryEntry, ProposeResult, ReviewItem } from './core/memory/context-types.js'
export type { ContextEntry, ContextPool, RenderedContext, RenderOptions } from './core/memory/context.js'
export type { ProposeOptions } from './core/memory/propose.js'
export type { MemoryStatus } from './core/memory/meta.js'
export type { ReviewDecision } from './core/memory/review.js'
export type { WorkingEntry, WorkingPutOptions } from './core/memory/working.js'
export type { Receipt, ReceiptBody, ReceiptSite, Op, Pool } from './core/receipt.js'
export { executionKey } from './core/receipt.js'
export type { VerifyCode, VerifyOptions, VerifyReport } from './core/verify.js'
export type { RollbackChange, RollbackOptions, RollbackResult, RollbackTarget } from './core/rollback.js'
export type { HealthReport } from './core/health.js'
export type { Checkpoint, CheckpointAlgorithm } from './crypto/checkpoint.js'
export type { KeyOptions } from './crypto/keys.js'
export type { KeySet } from './keys/keyset.js'
export { exportKeys, importKeys } from './keys/keyset.js'
export type { KeyProvider, KeyProviderOption, Witness } from './keys/provider.js'
export { createMemoryKeyProvider } from './keys/memory.js'
export * from './errors.js'
export { WasmLoadError } from './core/sql-wasm.js'
export { setDefaultCustoms, onProbe, currentSite } from './probe.js'
/** Dev tools: every receipt a Customs appends, every Customs opened (the inspector's app bridge uses both). */
export { onReceipt, onCustomsOpen, type ReceiptListener, type CustomsOpenListener } from './core/receipt-feed.js'
/** The inspector's data model (the dev page's live API, the static report): plain JSON shapes. */
export { INSPECTOR_MODEL_VERSION } from './inspector/model.js'
/** The inspector's memory views (memories, review queue, lineage graph) as the report and the dev page's bridge read them. */
export { inspectorMemories, reviewQueue, lineageGraph, type MemoryViewOptions } from './inspector/memory-data.js'
/** A receipt as the inspector lists it (the report and the dev page's app bridge). */
export { inspectorReceipt } from './inspector/report-data.js'
export type {
  CheckpointInfo,
  InspectorFinding,
  InspectorMemory,
  LineageGraph,
  LineageGraphNode,
  MemoryGraph,
  ReviewQueue,
  InspectorReceipt,
  InspectorSite,
  PoolsAt,
  ReportData,
  RevealedValues,
  RollbackPreview,
  Series,
  VerifyState,
} from './inspector/model.js'
export type { SiteMeta, ProbeEvent, ObservedWriteSink } from './probe.js'
export { createMemoryBackend, type MemoryBackend } from './storage/memory.js'
/**
 * The IndexedDB backend as an object: `createCustoms({ storage: createIndexedDBBackend(name) })` opens the store
 * as a single writer (a second tab gets LOCKED) where `{ indexedDB: name }` would share it between tabs.
 */
export { createIndexedDBBackend, type IndexedDBBackendOptions } from './storage/indexeddb.js'
/**
 * PostgreSQL (docs/postgres.md): `createCustoms({ storage: { postgres }, keyStore })` shares one chain between
 * processes; the backend alone (`createCustoms({ storage: createPostgresBackend(...) })`) is a single Customs.
 */
export {
  createPostgresBackend,
  type PostgresBackend,
  type PostgresBackendOptions,
  type PostgresConnection,
} from './storage/postgres/backend.js'
export type { PostgresCustoms, PostgresStorageOption } from './postgres/postgres-customs.js'
export type { StorageOption } from './storage/resolve.js'
export type { AppendOptions, JournalEntry, JournalHead, OpenReport, StorageBackend } from './storage/types.js'
export { flattenPools, diffStates, type PoolsView, type StateChange } from './views.js'
