/** Read-side helpers over receipts as the runtime returns them (body fields flat or under `body`). */
import type { ReceiptSite } from '../core/receipt.js'
export interface ReceiptView {
  seq: number
  /** RFC 3339 UTC. */
  ts: string
  actor: string | null
  op: string
  pool: string | null
  key: string | null
  old: string | null
  new: string | null
  site: ReceiptSite | null
  tool: string | null
  call: string | null
  reason: unknown
  hash: string | null
  prev: string | null
}

type Loose = Record<string, unknown>

export function viewReceipt(receipt: unknown): ReceiptView {
  const r = receipt as Loose
  const b = (r.body && typeof r.body === 'object' ? { ...(r.body as Loose), ...r } : r) as Loose
  const str = (v: unknown) => (v === undefined || v === null ? null : String(v))
  return {
    seq: Number(b.seq),
    ts: typeof b.ts === 'string' ? b.ts : new Date(Number(b.ts)).toISOString(),
    actor: str(b.actor),
    op: String(b.op),
    pool: str(b.pool),
    key: str(b.key),
    old: str(b.old),
    new: str(b.new),
    site: (b.site as ReceiptView['site']) ?? null,
    tool: str(b.tool),
    call: str(b.call),
    reason: b.reason ?? null,
    hash: str(b.hash),
    prev: str(b.prev),
  }
}

/** The machine-readable refusal code of a REFUSED receipt, or `null`. */
export function refusalCode(v: ReceiptView): string | null {
  if (v.op !== 'REFUSED') return null
  const reason = v.reason
  if (!reason) return 'REFUSED'
  // `<attempted op>:<CODE>`: the code is the part people search for.
  if (typeof reason === 'string') return reason.slice(reason.lastIndexOf(':') + 1)
  const o = reason as { code?: string; rule?: string }
  return o.code ?? o.rule ?? 'REFUSED'
}

export function outcome(v: ReceiptView): string {
  const code = refusalCode(v)
  return code ? `refused ${code}` : 'ok'
}

export function siteText(v: ReceiptView): string {
  return v.site ? `${v.site.file}:${v.site.line}` : '-'
}
