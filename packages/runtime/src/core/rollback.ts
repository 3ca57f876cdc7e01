/**
 * Rollback planning: which keys change and to which earlier commitment. Pure with respect to the chain:
 * it reads the index and the state, and the Customs appends the compensating receipts.
 *
 * - `{ toSeq }` / `{ toTime }`: every pool back to its state as of that receipt (or the last receipt at or
 *   before that time).
 * - `{ tool }`, `{ callId }`, `{ file }` (selective undo by cause): for every key a matching receipt wrote,
 *   the key goes back to the value of its last write that was *not* caused by that tool, call or file; later
 *   writes by other causes are kept. Tool results stored by that tool leave the Execution pool.
 */
import { OptionError, SeqRangeError } from '../errors.js'
import { keyGlobToRegExp } from '../probe.js'
import type { ReceiptIndex } from './index-db.js'
import type { CauseColumn } from './index-rows.js'
import type { OriginLookup, PoolState, Slot, ExecSlot } from './state.js'
import type { VersionIndex } from './versions.js'
import type { Pool, Receipt } from './receipt.js'

export type RollbackTarget =
  | { toSeq: number }
  | { toTime: number | string | Date }
  | { tool: string }
  | { callId: string }
  /** Root-relative source file as the plugin records it; `*` globs allowed. */
  | { file: string }
  /** Memories and working-memory entries from this source (`web.fetch`, `user`…), and nothing else. */
  | { source: string }
  /** Memories first proposed in this session and that session's working memory, and nothing else. */
  | { session: string }
  /**
   * One memory (`m_<seq>`) or working entry (`w:<session>/<name>`); with `cascade`, also every memory and working
   * entry derived from it, transitively (its influence; see memory/lineage.ts).
   */
  | { memory: string }

export interface RollbackOptions {
  /** Only compute the diff. */
  dryRun?: boolean
  /**
   * Also remove every memory and working entry that depends, transitively, on an entry the target removes
   * (explicit `dependsOn`, or automatic linking to a rendered context that contained it). Rendered contexts and
   * guard checks are records and stay. Default false.
   */
  cascade?: boolean
  /** Why (kept in the ROLLBACK receipt). */
  reason?: string
  actor?: string
  /**
   * Told how far planning got, every 4,096 keys examined (`total` when known, else null): for a progress line
   * when a rollback on a large store takes a while. Called synchronously; it must not throw.
   */
  onProgress?: (done: number, total: number | null) => void
}

export interface RollbackChange {
  pool: Pool
  key: string
  /** Current value. */
  before: unknown
  /** Value after the rollback (undefined = the key is removed). */
  after: unknown
}

export interface RollbackResult {
  dryRun: boolean
  diff: RollbackChange[]
  /** The COMPENSATE receipts and the final ROLLBACK receipt (empty for a dry run). */
  receipts: Receipt[]
  /** The target as recorded in the ROLLBACK receipt (`toTime` resolved to a seq). */
  target: Record<string, string | number>
}

export interface PlannedChange {
  pool: 'decision' | 'execution' | 'plans'
  key: string
  beforeCommit: string | null
  afterCommit: string | null
  /** Receipt whose value is restored (0: the key did not exist). */
  restoreSeq: number
  tool: string | null
  call: string | null
}

interface Env {
  state: PoolState
  /** Per-key versions, consistent with `state` (both are fed by the same transitions). */
  versions: VersionIndex
  headSeq: number
  idx: ReceiptIndex
  onProgress?: (done: number, total: number | null) => void
  lookup: OriginLookup
  toMs(t: number | string | Date): number
}

const POOLS = ['decision', 'execution', 'plans'] as const
/** Keys examined between two progress calls. */
const PROGRESS_EVERY = 4096
const TARGET_SHAPES = 'must be { toSeq } | { toTime } | { tool } | { callId } | { file } | { source } | { session } | { memory }'

/** Checks the option types of a rollback (OptionError names the one at fault). */
export function checkRollbackOptions(options: RollbackOptions): void {
  if (!options || typeof options !== 'object') throw new OptionError('rollback options', 'must be an object')
  for (const name of ['dryRun', 'cascade'] as const)
    if (options[name] !== undefined && typeof options[name] !== 'boolean') throw new OptionError(`rollback ${name}`, 'must be a boolean')
  if (options.onProgress !== undefined && typeof options.onProgress !== 'function')
    throw new OptionError('rollback onProgress', 'must be a function')
}

export function computeRollback(target: RollbackTarget, env: Env): { changes: PlannedChange[]; describe: Record<string, string | number> } {
  if (!target || typeof target !== 'object') throw new OptionError('rollback target', TARGET_SHAPES)
  if ('source' in target || 'session' in target || 'memory' in target) {
    const [name, value] =
      'source' in target ? ['source', target.source] : 'session' in target ? ['session', target.session] : ['memory', target.memory]
    if (typeof value !== 'string' || !value) throw new OptionError(`rollback ${name}`, 'must be a non-empty string')
    // Only the memory lifecycle records sources, sessions and entry ids: see memory/rollback.ts.
    return { changes: [], describe: { [name]: value } }
  }
  if ('toSeq' in target || 'toTime' in target) {
    let seq: number
    let describe: Record<string, string | number>
    if ('toSeq' in target) {
      seq = target.toSeq
      if (!Number.isInteger(seq) || seq < 0 || seq > env.headSeq)
        throw new SeqRangeError(seq, { min: 0, max: env.headSeq }, 'rollback toSeq')
      describe = { toSeq: seq }
    } else {
      const ms = env.toMs(target.toTime)
      const iso = new Date(ms).toISOString()
      seq = env.idx.lastSeqAtOrBefore(iso) ?? 0
      describe = { toTime: iso, toSeq: seq }
    }
    return { changes: diffToSeq(env.state, env.versions, seq, env.onProgress), describe }
  }
  let column: CauseColumn
  let value: string
  if ('tool' in target) [column, value] = ['tool', target.tool]
  else if ('callId' in target) [column, value] = ['call', target.callId]
  else if ('file' in target) [column, value] = ['site_file', target.file]
  else throw new OptionError('rollback target', TARGET_SHAPES)
  if (typeof value !== 'string' || !value)
    throw new OptionError(
      `rollback ${column === 'site_file' ? 'file' : column === 'call' ? 'callId' : 'tool'}`,
      'must be a non-empty string',
    )
  const describe = { [column === 'site_file' ? 'file' : column === 'call' ? 'callId' : 'tool']: value }
  const glob = column === 'site_file' && /[*?]/.test(value) ? keyGlobToRegExp(value) : null
  const matches = (v: string | null) => v !== null && (glob ? glob.test(v) : v === value)

  // Keys touched by a matching write.
  const touched = new Map<string, { pool: (typeof POOLS)[number]; key: string }>()
  for (const r of env.idx.stateWritesByCause(column, glob ? null : value))
    if (matches(r.c) && (POOLS as readonly string[]).includes(r.pool))
      touched.set(`${r.pool}\u0000${r.key}`, { pool: r.pool as (typeof POOLS)[number], key: r.key })

  const changes: PlannedChange[] = []
  let done = 0
  for (const { pool, key } of touched.values()) {
    if (env.onProgress && ++done % PROGRESS_EVERY === 0) env.onProgress(done, touched.size)
    const writes = env.idx.stateWritesOfKey(pool, key, column)
    const tainted = new Set<string>()
    let keep: (typeof writes)[number] | null = null
    for (const w of writes) {
      // A compensation that restored a value this cause wrote carries the same taint.
      const isTainted = matches(w.c) || (w.op === 'COMPENSATE' && w.new !== null && tainted.has(w.new))
      if (isTainted) {
        if (w.new) tainted.add(w.new)
      } else keep = w
    }
    const map = env.state[pool] as Map<string, Slot | ExecSlot>
    const current = map.get(key) ?? null
    const afterCommit = keep?.new ?? null
    if ((current?.commit ?? null) === afterCommit) continue
    const cur = current as ExecSlot | null
    changes.push({
      pool,
      key,
      beforeCommit: current?.commit ?? null,
      afterCommit,
      restoreSeq: keep && keep.new ? keep.seq : 0,
      tool: pool === 'execution' ? (cur?.tool ?? keep?.tool ?? null) : null,
      call: pool === 'execution' ? (cur?.call ?? keep?.call ?? null) : null,
    })
  }
  changes.sort((a, b) => (a.pool === b.pool ? (a.key < b.key ? -1 : 1) : a.pool < b.pool ? -1 : 1))
  return { changes, describe }
}

/**
 * The changes that bring every pool back to its state as of `seq`: for each key ever written, its version
 * then (a binary search in the version index) against its slot now. No replay, so the cost depends on the
 * number of keys, not on how far back `seq` is.
 */
function diffToSeq(current: PoolState, versions: VersionIndex, seq: number, onProgress?: Env['onProgress']): PlannedChange[] {
  const changes: PlannedChange[] = []
  let done = 0
  for (const { pool, key, version } of versions.allAt(seq)) {
    if (onProgress && ++done % PROGRESS_EVERY === 0) onProgress(done, null)
    const a = (current[pool] as Map<string, Slot | ExecSlot>).get(key) ?? null
    const b = version?.commit ? version : null
    if ((a?.commit ?? null) === (b?.commit ?? null)) continue
    const exec = pool === 'execution' ? (b ? { tool: b.tool, call: b.call } : (a as ExecSlot)) : null
    changes.push({
      pool,
      key,
      beforeCommit: a?.commit ?? null,
      afterCommit: b?.commit ?? null,
      // For an execution entry, point at its STORE so the restored result keeps its original TTL.
      restoreSeq: b ? (pool === 'execution' ? b.origin : b.seq) : 0,
      tool: exec?.tool ?? null,
      call: exec?.call ?? null,
    })
  }
  const rank = (p: string) => POOLS.indexOf(p as (typeof POOLS)[number])
  return changes.sort((x, y) => rank(x.pool) - rank(y.pool) || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0))
}
