/**
 * The tab protocol: the messages tabs of one browser exchange on the BroadcastChannel `memory-customs:<name>`
 * to share one IndexedDB journal. One tab (the holder of the Web Lock) is the leader and the only writer;
 * every other tab forwards its writes to it and reads the journal the leader appends.
 *
 * - `write`  (follower -> leader) one forwarded write, with an id unique across tabs (`<tab id>:<n>`).
 * - `result` (leader -> follower `to`) the final receipt of write `id`, or its typed refusal. Sent only once the
 *   receipt (and the `applied` journal entry naming `id`) is durable.
 * - `head`   (leader -> all) the seq of the journal's last durable receipt; followers read the new entries.
 * - `hello`  (follower -> leader) a follower opened; the leader answers with `head`.
 * - `leader` (new leader -> all) this tab holds the lock and serves writes; followers re-send every write
 *   they have no `result` for (same ids: the leader applies an id at most once).
 * - `ack`    (follower -> leader) the follower holds the results of every write id it lists, so the leader may
 *   forget them (its map of applied ids; after a handover the journal's `applied` entries still answer).
 */
import type { SiteMeta } from '../probe.js'
import type { ObservedWrite } from '../core/gates/observed.js'
import type { Receipt } from '../core/receipt.js'
import type { CommitOptions, PlanRecord, PromoteRequest } from '../core/types.js'
import {
  CustomsError,
  PlanReferenceError,
  ResultExpiredError,
  ResultMissingError,
  SchemaError,
  SignatureError,
  SourceError,
  StorageError,
  ToolNotAllowedError,
  UnknownKeyError,
  ValueError,
  WriteOnceError,
  type CustomsErrorCode,
} from '../errors.js'

/** A write as a follower forwards it: the call and its arguments, as given (structured-cloned). */
export type WriteCall =
  | { op: 'COMMIT'; key: string; value: unknown; options: CommitOptions }
  | { op: 'STORE'; tool: string; callId: string; result: unknown }
  | { op: 'RECORD_PLAN'; planId: string; plan: PlanRecord; options?: { actor?: string; reason?: string } }
  | { op: 'PROMOTE'; req: PromoteRequest }
  /** A probed write the follower observed (`observeWrite`): recorded by the leader, never refused. */
  | { op: 'OBSERVED_WRITE'; write: ObservedWrite }

export interface ForwardedWrite {
  /** `<tab id>:<counter>`: unique across tabs and sessions. */
  id: string
  /** The probed call site in the follower when the write was made (the leader writes it into the receipt). */
  site: SiteMeta | null
  /**
   * The follower's default actor: the leader applies the write with it as its default (every op, STORE and
   * observed writes included), so the receipt names the actor it would have named in the follower.
   */
  actor: string | null
  call: WriteCall
}

/** A typed refusal as it crosses the channel (class name, code, message and the fields of its class). */
export interface ErrorData {
  name: string
  code: CustomsErrorCode
  message: string
  key?: string | null
  source?: string | null
  rule: string
  seq?: number
  path?: string
  issues?: unknown[]
}

export type TabMessage =
  | { type: 'write'; from: string; write: ForwardedWrite }
  | { type: 'result'; to: string; id: string; receipt?: Receipt; error?: ErrorData }
  | { type: 'head'; from: string; seq: number }
  | { type: 'hello'; from: string }
  | { type: 'leader'; from: string; seq: number }
  | { type: 'ack'; from: string; ids: string[] }

export function channelName(database: string): string {
  return `memory-customs:${database}`
}

/** A random id for this tab (crypto.randomUUID where available). */
export function newTabId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto
  return c?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`
}

const CLASSES: Partial<Record<CustomsErrorCode, { prototype: CustomsError }>> = {
  UNKNOWN_KEY: UnknownKeyError,
  SOURCE_NOT_ALLOWED: SourceError,
  WRITE_ONCE: WriteOnceError,
  SCHEMA_VIOLATION: SchemaError,
  INVALID_VALUE: ValueError,
  TOOL_NOT_ALLOWED: ToolNotAllowedError,
  RESULT_MISSING: ResultMissingError,
  RESULT_EXPIRED: ResultExpiredError,
  PLAN_REFERENCE: PlanReferenceError,
  SIGNATURE_MISMATCH: SignatureError,
  STORAGE: StorageError,
}

export function errorToData(err: unknown): ErrorData {
  if (err instanceof CustomsError) {
    const e = err as CustomsError & { path?: string; issues?: unknown[] }
    return {
      name: e.name,
      code: e.code,
      message: e.message,
      key: e.key,
      source: e.source,
      rule: e.rule,
      seq: e.seq,
      path: e.path,
      issues: e.issues === undefined ? undefined : JSON.parse(JSON.stringify(e.issues)),
    }
  }
  return {
    name: 'StorageError',
    code: 'STORAGE',
    message: `memory-customs: storage failure: the leader tab failed: ${String(err)}`,
    rule: 'storage.durable',
  }
}

/** Rebuilds the typed error (`instanceof WriteOnceError` holds) from what crossed the channel. */
export function errorFromData(d: ErrorData): CustomsError {
  const err = new CustomsError(d.code, d.message, { key: d.key, source: d.source, rule: d.rule, seq: d.seq })
  const cls = CLASSES[d.code]
  if (cls) Object.setPrototypeOf(err, cls.prototype)
  Object.defineProperty(err, 'name', { value: d.name, enumerable: false, configurable: true, writable: true })
  if (d.path !== undefined) Object.assign(err, { path: d.path })
  if (d.issues !== undefined) Object.assign(err, { issues: d.issues })
  return err
}

/**
 * The refusal recorded by a REFUSED receipt (reason `<op>:<CODE>`), for a forwarded write the journal shows
 * as applied but whose answer was lost with the old leader.
 */
export function errorFromRefusal(r: Receipt): CustomsError {
  const code = (r.reason ?? '').split(':').pop() as CustomsErrorCode
  const name = CLASSES[code] ? (CLASSES[code] as unknown as { name: string }).name : 'CustomsError'
  return errorFromData({
    name,
    code,
    message: `memory-customs: ${r.reason ?? 'REFUSED'}: refused by the leader tab as receipt #${r.seq}${r.key === null ? '' : ` (key "${r.key}")`}`,
    key: r.key,
    rule: 'tabs.forwarded',
    seq: r.seq,
  })
}
