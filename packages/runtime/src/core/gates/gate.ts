/** What every write gate shares: its context, attribution, refusal receipts and value encoding. */
import { currentSite, markReceipted } from '../../probe.js'
import { CustomsError, ValueError } from '../../errors.js'
import { utf8 } from '../../crypto/hash.js'
import type { Ring } from '../../crypto/ring.js'
import { canonicalize, CanonicalError } from '../canonical.js'
import { siteOf, type Op, type Pool, type ReceiptSite } from '../receipt.js'
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

/**
 * The receipt fields an attempt on `pool`/`key` starts from, whatever its outcome: the value it would replace,
 * where it came from, who asked; every text made safe to write (a refusal's receipt must always encode).
 */
export function attemptBase<P extends Pool>(
  pool: P,
  key: unknown,
  current: { commit: string } | undefined,
  site: ReceiptSite | null,
  actor: unknown,
  tool: unknown = null,
  call: unknown = null,
) {
  return {
    pool,
    key: safeText(key),
    old: current?.commit ?? null,
    new: null,
    site,
    tool: safeText(tool),
    call: safeText(call),
    actor: safeText(actor),
  }
}

/** The fields of a draft its gate fills before the outcome is known (`attemptBase`'s result, or a variant of it). */
export type AttemptFields = Omit<Draft, 'op' | 'reason' | 'signResult'>

/**
 * The draft of an attempt: `d` with its op, value commitment and reason, as one object literal of one shape. A
 * spread that adds fields (`{ ...base, op, reason }`) costs V8 microseconds (the copy leaves the fast path) and the
 * copy is slow to read after, on the write path of every gate.
 */
export function draft(d: AttemptFields, op: Op, commit: string | null, reason: string | null, signResult = false): Draft {
  return {
    op,
    pool: d.pool,
    key: d.key,
    old: d.old,
    new: commit,
    site: d.site,
    tool: d.tool,
    call: d.call,
    actor: d.actor,
    reason,
    signResult,
  }
}

/** Writes the REFUSED receipt for an attempt and throws its error. */
export function refuse(ledger: Ledger, err: CustomsError, attempted: Op, d: AttemptFields): never {
  const r = ledger.append({
    op: 'REFUSED',
    pool: d.pool,
    key: safeText(d.key),
    old: d.old,
    new: d.new,
    site: d.site,
    tool: safeText(d.tool),
    call: safeText(d.call),
    actor: safeText(d.actor),
    reason: `${attempted}:${err.code}`,
    signResult: false,
  })
  err.seq = r.seq
  ledger.counters.refusedByCode[err.code] = (ledger.counters.refusedByCode[err.code] ?? 0) + 1
  throw err
}

/** Canonical text of a value within the size limit, or a ValueError (also when a getter or Proxy trap throws). */
export function encodeValue(value: unknown, key: string | null, source: string | null, maxValueBytes: number): string {
  let text: string
  try {
    text = canonicalize(value, { maxLength: maxValueBytes, maxDepth: MAX_VALUE_DEPTH })
  } catch (e) {
    if (e instanceof CanonicalError) throw new ValueError(key, source, e.path, e.problem)
    throw new ValueError(key, source, 'value', `could not be read (${messageOf(e)})`)
  }
  if (text.length * 3 > maxValueBytes && utf8(text).length > maxValueBytes)
    throw new ValueError(key, source, 'value', `is larger than maxValueBytes (${maxValueBytes} bytes)`)
  return text
}

/** Deepest nesting a value may have (arrays and objects); deeper values are refused, not a stack overflow. */
export const MAX_VALUE_DEPTH = 1000
/** Longest key, tool name, call id, plan id or actor a receipt takes, in UTF-16 code units. */
export const MAX_NAME_LENGTH = 1024
/** Longest reason a receipt takes. */
export const MAX_REASON_LENGTH = 4096

function messageOf(e: unknown): string {
  try {
    return e instanceof Error ? e.message : String(e)
  } catch {
    return 'an unprintable error'
  }
}

/**
 * Any argument as receipt text for a refusal or an observation: well-formed (lone surrogates replaced), at
 * most `max` code units (cut with a marker saying how long it was), never throwing (a key made with
 * `Object.create(null)` has no toString; a symbol cannot be concatenated).
 */
export function safeText(v: unknown, max = MAX_NAME_LENGTH): string | null {
  if (v === null || v === undefined) return null
  let s: string
  if (typeof v === 'string') s = v
  else if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') s = String(v)
  else s = `[${typeof v === 'object' ? (Array.isArray(v) ? 'array' : 'object') : typeof v}]`
  if (s.length > max) s = `${s.slice(0, max - 32)}…[${s.length} characters]`
  const wf = (s as { isWellFormed?: () => boolean }).isWellFormed
  if (wf ? wf.call(s) : !/[\uD800-\uDFFF]/.test(s)) return s
  return (s as { toWellFormed?: () => string }).toWellFormed?.() ?? s.replace(/[\uD800-\uDFFF]/g, '\uFFFD')
}

/**
 * Why a text argument cannot go into a receipt, or null when it can: it must be a string (or absent when
 * `optional`), well-formed UTF-16, at most `max` code units, and not empty unless `optional`.
 */
export function textProblem(v: unknown, max: number, optional = false): string | null {
  if (v === undefined || v === null) return optional ? null : 'is missing'
  if (typeof v !== 'string') return `must be a string, not ${Array.isArray(v) ? 'an array' : typeof v}`
  if (!optional && v.length === 0) return 'must not be empty'
  if (v.length > max) return `is ${v.length} characters long (at most ${max})`
  const wf = (v as unknown as { isWellFormed?: () => boolean }).isWellFormed
  if (wf ? !wf.call(v) : /[\uD800-\uDFFF]/.test(v)) return 'contains a lone surrogate'
  return null
}

/** The first text argument that cannot go into a receipt, as a ValueError naming it; null when all can. */
export function checkTexts(
  key: string | null,
  source: string | null,
  fields: Array<[name: string, value: unknown, max: number, optional?: boolean]>,
): ValueError | null {
  for (const [name, value, max, optional] of fields) {
    const problem = textProblem(value, max, optional)
    if (problem) return new ValueError(key, source, name, problem, `receipt.${name}`)
  }
  return null
}
