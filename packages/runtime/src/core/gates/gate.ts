/** What every write gate shares: its context, attribution, refusal receipts and value encoding. */
import { currentSite, markReceipted } from '../../probe.js'
import { CustomsError, ValueError } from '../../errors.js'
import { utf8 } from '../../crypto/hash.js'
import type { Ring } from '../../crypto/ring.js'
import { canonicalize, CanonicalError } from '../canonical.js'
import { siteOf, type Op, type ReceiptSite } from '../receipt.js'
import type { StoreGuard } from '../guard.js'
import type { Draft, Ledger } from '../ledger.js'
import type { WriteRules } from '../options.js'

/** What a gate reads and writes through: the chain, the keys, the options, and whether writes are allowed. */
export interface GateContext {
  ledger: Ledger
  ring: Ring
  rules: WriteRules
  guard: StoreGuard
}

/** Attribution is read at entry, synchronously, while the probed call (if any) is still on the stack. */
export function attribute(ledger: Ledger): ReceiptSite | null {
  const site = currentSite()
  if (site) {
    markReceipted()
    ledger.counters.attributed++
  } else ledger.counters.unattributed++
  return siteOf(site)
}

/** Writes the REFUSED receipt for an attempt and throws its error. */
export function refuse(ledger: Ledger, err: CustomsError, attempted: Op, d: Omit<Draft, 'op' | 'reason'>): never {
  const r = ledger.append({ ...d, op: 'REFUSED', reason: `${attempted}:${err.code}`, key: safeText(d.key), tool: safeText(d.tool), call: safeText(d.call), actor: safeText(d.actor) })
  err.seq = r.seq
  ledger.counters.refusedByCode[err.code] = (ledger.counters.refusedByCode[err.code] ?? 0) + 1
  throw err
}

/** Canonical text of a value within the size limit, or a ValueError. */
export function encodeValue(value: unknown, key: string | null, source: string | null, maxValueBytes: number): string {
  let text: string
  try {
    text = canonicalize(value, { maxLength: maxValueBytes })
  } catch (e) {
    if (e instanceof CanonicalError) throw new ValueError(key, source, e.path, e.problem)
    throw e
  }
  if (text.length * 3 > maxValueBytes && utf8(text).length > maxValueBytes) throw new ValueError(key, source, 'value', `is larger than maxValueBytes (${maxValueBytes} bytes)`)
  return text
}

/** Strings that cannot be encoded (lone surrogates) are made well-formed for refusal/observation receipts. */
export function safeText(v: string | null | undefined): string | null {
  if (v === null || v === undefined) return null
  const s = String(v)
  const wf = (s as { isWellFormed?: () => boolean }).isWellFormed
  if (wf ? wf.call(s) : !/[\uD800-\uDFFF]/.test(s)) return s
  return (s as { toWellFormed?: () => string }).toWellFormed?.() ?? s.replace(/[\uD800-\uDFFF]/g, '\uFFFD')
}
