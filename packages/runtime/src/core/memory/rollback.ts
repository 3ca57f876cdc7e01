/**
 * What a rollback removes from the memory lifecycle: every memory and working-memory entry the target's cause
 * wrote. Memories keep their source, session and tool call, so `{ source: 'web.fetch' }`, `{ session }`,
 * `{ tool }` and `{ callId }` find them; `{ toSeq }`/`{ toTime }` remove what was written after that point;
 * `{ memory: id }` removes that one entry (a memory, or a working entry by its node id `w:<session>/<name>`).
 * With `cascade`, every memory and working entry that depends on a removed one, transitively (its influence:
 * see lineage.ts), goes too; rendered contexts and guard checks are records of what happened and stay.
 * Rollback never deletes receipts: each removal is a DELETE receipt (why: rollback) before the ROLLBACK receipt.
 * Entries changed (not created) after a `toSeq` point keep their current form: restoring an earlier version of a
 * memory is not done by rollback (update it instead).
 */
import { MemoryNotFoundError } from '../../errors.js'
import type { RollbackTarget } from '../rollback.js'
import { dependentsOf } from './lineage.js'
import type { MemoryState } from './state.js'

export interface LifecycleRemoval {
  pool: 'memory' | 'working'
  key: string
  commit: string
  tool: string | null
  call: string | null
}

export function lifecycleRemovals(
  state: MemoryState,
  target: RollbackTarget,
  toSeq: number | null,
  options: { cascade?: boolean } = {},
): LifecycleRemoval[] {
  const out: LifecycleRemoval[] = []
  const t = target as Partial<Record<'source' | 'session' | 'tool' | 'callId' | 'memory', string>>
  if (t.memory !== undefined) return finish(state, entryRemovals(state, t.memory), options.cascade === true, [t.memory])
  for (const m of state.memories.values()) {
    const created = Number(m.id.slice(2))
    const hit =
      toSeq !== null
        ? created > toSeq
        : t.source !== undefined
          ? m.source === t.source || m.source === `working:${t.source}` || m.tool === t.source
          : t.session !== undefined
            ? m.session === t.session
            : t.tool !== undefined
              ? m.tool === t.tool
              : t.callId !== undefined
                ? m.call === t.callId
                : false
    if (hit) out.push({ pool: 'memory', key: m.id, commit: m.commit, tool: m.tool, call: m.call })
  }
  for (const w of state.working.values()) {
    const hit =
      toSeq !== null
        ? w.seq > toSeq
        : t.source !== undefined
          ? w.source === t.source
          : t.session !== undefined
            ? w.session === t.session
            : false
    if (hit) out.push({ pool: 'working', key: w.key, commit: w.commit, tool: null, call: null })
  }
  return finish(state, out, options.cascade === true)
}

/** The entry a `{ memory: id }` target names (none if it already ended); an id never recorded is an error. */
function entryRemovals(state: MemoryState, id: string): LifecycleRemoval[] {
  const isWorking = id.startsWith('w:')
  if (!(isWorking || /^m_\d+$/.test(id)) || !(state.ended.has(id) || live(state, id)))
    throw new MemoryNotFoundError(id, 'memory or working-memory entry')
  const removal = removalOf(state, id)
  return removal ? [removal] : []
}

const live = (state: MemoryState, id: string) => (id.startsWith('w:') ? state.working.has(id.slice(2)) : state.memories.has(id))

function removalOf(state: MemoryState, id: string): LifecycleRemoval | null {
  if (id.startsWith('w:')) {
    const w = state.working.get(id.slice(2))
    return w ? { pool: 'working', key: w.key, commit: w.commit, tool: null, call: null } : null
  }
  const m = state.memories.get(id)
  return m ? { pool: 'memory', key: m.id, commit: m.commit, tool: m.tool, call: m.call } : null
}

/**
 * Adds the cascade (the live memory and working entries that depend on what is removed, or on `roots`: a target
 * entry that already ended still has dependents) and sorts by pool and key.
 */
function finish(state: MemoryState, removals: LifecycleRemoval[], cascade: boolean, roots: string[] = []): LifecycleRemoval[] {
  const out = removals
  if (cascade) {
    const ids = new Set(out.map((r) => (r.pool === 'working' ? `w:${r.key}` : r.key)))
    for (const id of dependentsOf(state, [...ids, ...roots]).keys()) {
      if (ids.has(id)) continue
      const removal = removalOf(state, id)
      if (!removal) continue
      ids.add(id)
      out.push(removal)
    }
  }
  return out.sort((a, b) => (a.pool === b.pool ? (a.key < b.key ? -1 : 1) : a.pool < b.pool ? -1 : 1))
}
