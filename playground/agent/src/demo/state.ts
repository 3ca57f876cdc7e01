/** Turns whatever `entries()` returns (Map, array of pairs, array of records, object) into a plain object. */
export function entriesObject(entries: unknown): Record<string, unknown> {
  if (!entries) return {}
  if (entries instanceof Map) return Object.fromEntries(entries)
  if (Array.isArray(entries)) {
    const out: Record<string, unknown> = {}
    for (const e of entries) {
      if (Array.isArray(e)) out[String(e[0])] = e[1]
      else if (e && typeof e === 'object') {
        const r = e as { key?: string; tool?: string; callId?: string; value?: unknown; result?: unknown }
        const k = r.key ?? (r.tool && r.callId ? `${r.tool}/${r.callId}` : JSON.stringify(e))
        out[k] = 'value' in r ? r.value : 'result' in r ? r.result : e
      }
    }
    return out
  }
  if (typeof (entries as Iterable<unknown>)[Symbol.iterator] === 'function') return entriesObject([...(entries as Iterable<unknown>)])
  return { ...(entries as Record<string, unknown>) }
}

export interface StateChange {
  key: string
  before: unknown
  after: unknown
}

/** Keys whose canonical JSON differs between two states, in key order. */
export function diffStates(before: Record<string, unknown>, after: Record<string, unknown>): StateChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()
  const out: StateChange[] = []
  for (const key of keys) {
    const b = before[key] ?? null
    const a = after[key] ?? null
    if (JSON.stringify(b) !== JSON.stringify(a)) out.push({ key, before: b, after: a })
  }
  return out
}
