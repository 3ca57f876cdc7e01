import type { Customs } from 'memory-customs'

/** One line of the audit table: what a person reading the trail needs, never a value. */
export interface ReceiptRow {
  seq: number
  ts: string
  op: string
  pool: string
  key: string | null
  outcome: string
  /** `file:line` of the call that made the write, or `null` when no probe named it. */
  at: string | null
  site: { file: string; line: number; column: number; fn: string | null } | null
  tool: string | null
  call: string | null
}

type AnyReceipt = Record<string, unknown>

/** The signed body fields, whether the runtime hands them flat or under `body`. */
function fields(r: AnyReceipt): AnyReceipt {
  const body = r.body
  return body && typeof body === 'object' ? { ...(body as AnyReceipt), ...r } : r
}

/** A REFUSED receipt's reason is `<attempted op>:<CODE>`; the code is what a person looks for. */
function refusalCode(reason: unknown): string | null {
  if (!reason) return null
  if (typeof reason === 'string') return reason.slice(reason.lastIndexOf(':') + 1)
  const o = reason as { code?: string; rule?: string }
  return o.code ?? o.rule ?? JSON.stringify(reason)
}

export function receiptRow(receipt: unknown): ReceiptRow {
  const f = fields(receipt as AnyReceipt)
  const site = (f.site ?? null) as ReceiptRow['site']
  const op = String(f.op)
  const code = op === 'REFUSED' ? refusalCode(f.reason) : null
  return {
    seq: Number(f.seq),
    ts: typeof f.ts === 'string' ? f.ts : new Date(Number(f.ts)).toISOString(),
    op,
    pool: String(f.pool ?? ''),
    key: (f.key as string | null) ?? null,
    outcome: code ? `refused ${code}` : 'ok',
    at: site ? `${site.file}:${site.line}` : null,
    site,
    tool: (f.tool as string | null) ?? null,
    call: (f.call as string | null) ?? null,
  }
}

export function auditRows(customs: Customs): ReceiptRow[] {
  return customs.receipts().map(receiptRow)
}
