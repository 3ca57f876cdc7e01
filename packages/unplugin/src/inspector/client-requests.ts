/**
 * The app bridge's answers to the dev page: the app's verify result, its pools at a seq and a rollback dry run,
 * in the inspector model's shapes. Values never leave here (only commitments); `values` requests are answered in
 * client.ts, and the dev server forwards them only with the reveal token. Browser code, no Node imports.
 */
import type { Customs, PoolsAt, Pool, Receipt, RollbackPreview, RollbackTarget, VerifyState } from 'memory-customs'

/** A bad request from the page: the dev server answers it with a 400 and this code. */
function badRequest(message: string): Error {
  return Object.assign(new Error(message), { code: 'BAD_REQUEST' })
}

export async function verifyState(customs: Customs): Promise<VerifyState> {
  const report = await customs.verify()
  const f = report.firstFailure
  return {
    ok: report.ok,
    size: report.checked,
    firstFailure: f ? { seq: f.seq, code: f.code, message: f.detail ?? f.code } : null,
    checkedAt: new Date().toISOString(),
  }
}

/** The commitment each key held after receipt `seq`, every pool (what the page's time slider shows). */
export function poolsAt(customs: Customs, seq: number): PoolsAt {
  if (!Number.isSafeInteger(seq) || seq < 0 || seq > customs.size)
    throw badRequest(`seq must be an integer from 0 to ${customs.size}, got ${String(seq)}`)
  const state = customs.stateAt(seq)
  const entries: PoolsAt['entries'] = []
  const add = (pool: Pool, slots: Iterable<[string, { commit: string; seq: number }]>) => {
    for (const [key, slot] of slots) entries.push({ pool, key, commit: slot.commit, seq: slot.seq })
  }
  add('decision', state.decision)
  add('execution', state.execution)
  add('plans', state.plans)
  add('memory', state.lifecycle.memories)
  add('working', state.lifecycle.working)
  entries.sort((a, b) => (a.pool === b.pool ? (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) : a.pool < b.pool ? -1 : 1))
  return { seq, entries }
}

/**
 * Reads a rollback target as the page writes it: `seq:<n>`, `time:<ISO>`, `tool:<name>`, `call:<id>`,
 * `file:<root-relative path or glob>`, `source:<name>`, `session:<id>`, `memory:<id>`.
 */
export function parseTarget(text: string): RollbackTarget {
  const i = text.indexOf(':')
  const kind = i < 0 ? '' : text.slice(0, i)
  const arg = i < 0 ? '' : text.slice(i + 1)
  if (!arg) throw badRequest(`rollback target "${text}": expected <kind>:<value>, e.g. seq:42 or tool:web.fetch`)
  switch (kind) {
    case 'seq': {
      const n = Number(arg)
      if (!Number.isSafeInteger(n) || n < 0) throw badRequest(`rollback target "${text}": seq must be a non-negative integer`)
      return { toSeq: n }
    }
    case 'time':
      return { toTime: arg }
    case 'tool':
      return { tool: arg }
    case 'call':
      return { callId: arg }
    case 'file':
      return { file: arg }
    case 'source':
      return { source: arg }
    case 'session':
      return { session: arg }
    case 'memory':
      return { memory: arg }
    default:
      throw badRequest(`rollback target "${text}": unknown kind "${kind}" (seq, time, tool, call, file, source, session, memory)`)
  }
}

const NOT_A_CHANGE = new Set(['REFUSED', 'OBSERVED_WRITE', 'READ', 'GUARD'])

/**
 * What `rollback(target, { dryRun: true })` would change, as commitments: `from` is what the key holds now, `to`
 * the commitment of the newest earlier write of the value it would get back (null: removed). `affected` lists the
 * receipts on the changed keys after that write: the writes whose effect the rollback undoes.
 */
export async function rollbackPreview(customs: Customs, text: string): Promise<RollbackPreview> {
  const target = parseTarget(text)
  const result = await customs.rollback(target, { dryRun: true })
  const now = customs.stateAt(customs.size)
  const current = (pool: Pool, key: string): string | null => {
    const maps: Partial<Record<Pool, Map<string, { commit: string }>>> = {
      decision: now.decision,
      execution: now.execution,
      plans: now.plans,
      memory: now.lifecycle.memories,
      working: now.lifecycle.working,
    }
    return maps[pool]?.get(key)?.commit ?? null
  }
  const affected = new Set<number>()
  const changes: RollbackPreview['changes'] = []
  for (const c of result.diff) {
    const history = customs.history(c.key, { pool: c.pool }).filter((r) => !NOT_A_CHANGE.has(r.op))
    const restored = c.after === undefined ? null : newestWriteOf(customs, history, c.after, 'toSeq' in target ? target.toSeq : null)
    changes.push({ pool: c.pool, key: c.key, from: current(c.pool, c.key), to: restored?.new ?? null })
    const since = restored?.seq ?? ('toSeq' in target ? target.toSeq : 0)
    for (const r of history) if (r.seq > since) affected.add(r.seq)
  }
  return { target: text, affected: [...affected].sort((a, b) => a - b), changes }
}

/** The newest receipt (at or before `atMost` when given) that wrote `value` to the key. */
function newestWriteOf(customs: Customs, history: Receipt[], value: unknown, atMost: number | null): Receipt | null {
  const wanted = JSON.stringify(value)
  for (let i = history.length - 1; i >= 0; i--) {
    const r = history[i]
    if (r.new === null || (atMost !== null && r.seq > atMost)) continue
    try {
      if (JSON.stringify(customs.value(r.new)) === wanted) return r
    } catch {
      continue
    }
  }
  return null
}
