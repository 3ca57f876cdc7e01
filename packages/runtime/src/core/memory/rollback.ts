/**
 * What a rollback removes from the memory lifecycle: every memory and working-memory entry the target's cause
 * wrote. Memories keep their source, session and tool call, so `{ source: 'web.fetch' }`, `{ session }`,
 * `{ tool }` and `{ callId }` find them; `{ toSeq }`/`{ toTime }` remove what was written after that point.
 * Rollback never deletes receipts: each removal is a DELETE receipt (why: rollback) before the ROLLBACK receipt.
 * Entries changed (not created) after a `toSeq` point keep their current form: restoring an earlier version of a
 * memory is not done by rollback (update it instead).
 */
import type { RollbackTarget } from '../rollback.js'
import type { MemoryState } from './state.js'

export interface LifecycleRemoval {
  pool: 'memory' | 'working'
  key: string
  commit: string
  tool: string | null
  call: string | null
}

export function lifecycleRemovals(state: MemoryState, target: RollbackTarget, toSeq: number | null): LifecycleRemoval[] {
  const out: LifecycleRemoval[] = []
  const t = target as Partial<Record<'source' | 'session' | 'tool' | 'callId', string>>
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
  return out.sort((a, b) => (a.pool === b.pool ? (a.key < b.key ? -1 : 1) : a.pool < b.pool ? -1 : 1))
}
