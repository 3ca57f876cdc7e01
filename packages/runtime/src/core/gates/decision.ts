/** The Decision pool's write gate: registered key, user/plan source, storable value, write-once, schema. */
import { OptionError, SchemaError, SourceError, UnknownKeyError, WriteOnceError, type CustomsError } from '../../errors.js'
import type { Receipt } from '../receipt.js'
import { sameCanonical } from '../canonical.js'
import { ASYNC_PROBLEM, validateSync } from '../schema.js'
import type { CommitOptions } from '../types.js'
import {
  attemptBase,
  attribute,
  checkTexts,
  draft,
  encodeValue,
  MAX_NAME_LENGTH,
  MAX_REASON_LENGTH,
  refuse,
  safeText,
  type GateContext,
} from './gate.js'

export function commitDecision({ ledger, ring, rules, guard }: GateContext, key: string, value: unknown, options: CommitOptions): Receipt {
  guard.ensureWritable('decision.commit')
  const site = attribute(ledger)
  const source = typeof options?.source === 'string' ? options.source : null
  const actor = options?.actor ?? rules.defaultActor
  const current = typeof key === 'string' ? ledger.state.decision.get(key) : undefined
  const base = attemptBase('decision', key, current, site, actor)
  const bad = checkTexts(safeText(key), source, [
    ['key', key, MAX_NAME_LENGTH],
    ['actor', actor, MAX_NAME_LENGTH, true],
    ['reason', options?.reason, MAX_REASON_LENGTH, true],
  ])
  if (bad) refuse(ledger, bad, 'COMMIT', base)
  if (!Object.hasOwn(rules.schemas, key)) refuse(ledger, new UnknownKeyError(key, source), 'COMMIT', base)
  if (source !== 'user' && source !== 'plan') refuse(ledger, new SourceError(key, safeText(options?.source)), 'COMMIT', base)
  let raw: string
  try {
    raw = encodeValue(value, key, source, rules.maxValueBytes)
  } catch (e) {
    return refuse(ledger, e as CustomsError, 'COMMIT', base)
  }
  const rawCommit = ring.commit(raw)
  // A refusal from here on names the value it refused (built only then: the write path allocates no copy of base).
  const attempted = () => ({ ...base, new: rawCommit })
  if (current && rules.writeOnce.has(key)) refuse(ledger, new WriteOnceError(key, source, current.seq), 'COMMIT', attempted())
  const parsed = validateSync(rules.schemas[key], value)
  if (parsed.kind === 'async') refuse(ledger, new OptionError(`decision.schemas.${key}`, ASYNC_PROBLEM), 'COMMIT', attempted())
  if (parsed.kind === 'invalid') refuse(ledger, new SchemaError(key, source, parsed.issues), 'COMMIT', attempted())
  let text: string
  try {
    // The schema's output is what is stored: a transform's result, zod's stripped object, a default filled in.
    text = sameCanonical(value, parsed.value) ? raw : encodeValue(parsed.value, key, source, rules.maxValueBytes)
  } catch (e) {
    return refuse(ledger, e as CustomsError, 'COMMIT', attempted())
  }
  const commit = text === raw ? rawCommit : ring.commit(text)
  return ledger.append(draft(base, 'COMMIT', commit, options.reason ?? null), { commit, text })
}
