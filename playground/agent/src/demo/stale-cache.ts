import type { Customs } from 'memory-customs'
import type { ToolCallRef } from '../memory'

/**
 * The incident of step 5: something with access to the store's index (a poisoned cache, a shared
 * database, a compromised process) rewrites a stored tool result after `execution.store` signed it.
 *
 * The runtime keeps each result as its canonical text plus an HMAC made at store time, in the sql.js
 * index's `values` table (exposed as `customs.index` for inspection). This edits that row the way such a
 * writer would; it goes through no API of the runtime, which is the point: the Bridge must notice on its own.
 */
export function alterStoredResult(
  customs: Customs,
  ref: ToolCallRef,
  field: string,
  change: (value: unknown) => unknown,
): { field: string; from: unknown; to: unknown } {
  const stored = customs.receipts({ op: 'STORE', tool: ref.tool, callId: ref.callId }).at(-1)
  if (!stored?.new) throw new Error(`no stored result for ${ref.tool}/${ref.callId}`)
  const db = customs.index
  const rows = db.exec('SELECT body FROM "values" WHERE "commit" = ?', [stored.new])
  const body = rows[0]?.values[0]?.[0]
  if (typeof body !== 'string') throw new Error(`the value row of ${ref.tool}/${ref.callId} is missing`)
  const record = JSON.parse(body) as { data: string; sig?: string }
  const result = JSON.parse(record.data) as Record<string, unknown>
  const from = result[field]
  const to = change(from)
  result[field] = to
  db.run('UPDATE "values" SET body = ? WHERE "commit" = ?', [JSON.stringify({ ...record, data: JSON.stringify(result) }), stored.new])
  return { field, from, to }
}
