/** The Decision pool's write gate: registered key, user/plan source, storable value, write-once, schema. */
import { SchemaError, SourceError, UnknownKeyError, WriteOnceError, type CustomsError } from '../../errors.js'
import type { Receipt } from '../receipt.js'
import type { CommitOptions } from '../types.js'
import { attribute, encodeValue, refuse, safeText, type GateContext } from './gate.js'

export function commitDecision({ ledger, ring, rules, guard }: GateContext, key: string, value: unknown, options: CommitOptions): Receipt {
  guard.ensureWritable('decision.commit')
  const site = attribute(ledger)
  const source = options?.source ?? null
  const actor = options?.actor ?? rules.defaultActor
  const current = typeof key === 'string' ? ledger.state.decision.get(key) : undefined
  const base = { pool: 'decision' as const, key: typeof key === 'string' ? key : String(key), old: current?.commit ?? null, new: null, site, tool: null, call: null, actor }
  if (typeof key !== 'string' || !Object.hasOwn(rules.schemas, key)) refuse(ledger, new UnknownKeyError(String(key), source), 'COMMIT', base)
  if (source !== 'user' && source !== 'plan') refuse(ledger, new SourceError(key, source), 'COMMIT', base)
  let raw: string
  try {
    raw = encodeValue(value, key, source, rules.maxValueBytes)
  } catch (e) {
    return refuse(ledger, e as CustomsError, 'COMMIT', base)
  }
  const attempted = { ...base, new: ring.commit(raw) }
  if (current && rules.writeOnce.has(key)) refuse(ledger, new WriteOnceError(key, source, current.seq), 'COMMIT', attempted)
  const parsed = rules.schemas[key].safeParse(value)
  if (!parsed.success) refuse(ledger, new SchemaError(key, source, parsed.error.issues), 'COMMIT', attempted)
  let text: string
  try {
    text = parsed.data === value ? raw : encodeValue(parsed.data, key, source, rules.maxValueBytes)
  } catch (e) {
    return refuse(ledger, e as CustomsError, 'COMMIT', attempted)
  }
  const commit = text === raw ? attempted.new : ring.commit(text)
  const reason = options.reason ?? null
  return ledger.append({ ...base, op: 'COMMIT', new: commit, reason: reason === null ? null : String(reason), actor: safeText(actor) }, { commit, text })
}
