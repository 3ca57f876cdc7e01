/**
 * The typed part of a memory proposal: key, type (checked against `memory.types` schemas), access, confidence,
 * validity window, subject and dependencies. Checked before anything is written: a bad option is a REFUSED receipt
 * and a typed error naming it (the caller's `refuse`), and nothing already recorded changes.
 */
import { OptionError, SchemaError, ValueError } from '../../errors.js'
import { encodeValue, MAX_NAME_LENGTH } from '../gates/gate.js'
import { canonicalize } from '../canonical.js'
import { ASYNC_PROBLEM, validateSync } from '../schema.js'
import type { LifecycleContext } from './context-types.js'
import { checkAccess } from './access.js'
import type { Access } from './meta.js'
import { workingNodeId } from './state.js'

export const BUILTIN_TYPES = ['fact', 'preference', 'decision', 'constraint', 'reference'] as const

export interface TypedOptions {
  /** The memory's key in its namespace (`prod.url`): a second, different value for it is a conflict. */
  key?: string
  /** `fact` (default), `preference`, `decision`, `constraint`, `reference`, or a type with a schema in `memory.types`. */
  type?: string
  /** Default `internal`. */
  access?: Access
  /** In [0, 1]; default 1. */
  confidence?: number
  /** Validity start: epoch ms or an ISO 8601 string. Default: when written. */
  validFrom?: number | string
  /** Validity end: epoch ms or an ISO 8601 string (an EXPIRE receipt then ends it). */
  validUntil?: number | string
  /** Whom the memory is about (a user id…): `forget({ subject })` erases it; `(subject, key)` also detects conflicts. */
  subject?: string
  /** Ids it was derived from: memories, `w:<session>/<name>`, `decision:<key>`. */
  dependsOn?: string[]
  /**
   * Link this write to the session's last rendered context (what the model saw before writing it). Default true:
   * the next write in a session after a render is linked to it.
   */
  link?: boolean
}

export interface CheckedTyped {
  key?: string
  type: string
  access: Access
  confidence: number
  validFrom?: number
  validUntil?: number
  subject?: string
  deps: string[]
}

const MAX_DEPS = 256
// White space (control characters included) would make keys that print alike differ.
const KEY_PATTERN = /^\S{1,256}$/u

/** Epoch ms from epoch ms or an ISO 8601 string; NaN when neither. */
export function toEpochMs(v: number | string): number {
  if (typeof v === 'number') return Number.isFinite(v) ? v : NaN
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(v)) return NaN
  return Date.parse(v)
}

/** Checks the typed options; returns them with defaults, or the error naming the first wrong one. */
export function checkTyped(ctx: LifecycleContext, o: TypedOptions, source: string | null): CheckedTyped | ValueError {
  const bad = (field: string, problem: string) => new ValueError(o.key ?? null, source, field, problem, `memory.${field}`)
  if (o.key !== undefined && (typeof o.key !== 'string' || !KEY_PATTERN.test(o.key)))
    return bad('key', 'must be a non-empty string of at most 256 characters without white space or control characters')
  const type = o.type ?? 'fact'
  if (typeof type !== 'string' || !type || type.length > 64) return bad('type', 'must be a non-empty string of at most 64 characters')
  if (!(BUILTIN_TYPES as readonly string[]).includes(type) && !Object.hasOwn(ctx.rules.memoryTypes, type))
    return bad('type', `"${type}" is neither built in (${BUILTIN_TYPES.join(', ')}) nor declared in memory.types`)
  const access = o.access ?? 'internal'
  const accessProblem = checkAccess(access, o.key ?? null, source)
  if (accessProblem) return accessProblem
  const confidence = o.confidence ?? 1
  if (typeof confidence !== 'number' || !(confidence >= 0 && confidence <= 1)) return bad('confidence', 'must be a number in [0, 1]')
  const validFrom = o.validFrom === undefined ? undefined : toEpochMs(o.validFrom)
  if (Number.isNaN(validFrom)) return bad('validFrom', 'must be epoch milliseconds or an ISO 8601 date-time')
  const validUntil = o.validUntil === undefined ? undefined : toEpochMs(o.validUntil)
  if (Number.isNaN(validUntil)) return bad('validUntil', 'must be epoch milliseconds or an ISO 8601 date-time')
  if (validUntil !== undefined && validUntil <= (validFrom ?? ctx.rules.now()))
    return bad('validUntil', 'must be later than validFrom (or than now)')
  if (o.subject !== undefined && (typeof o.subject !== 'string' || !o.subject || o.subject.length > MAX_NAME_LENGTH))
    return bad('subject', `must be a non-empty string of at most ${MAX_NAME_LENGTH} characters`)
  if (o.link !== undefined && typeof o.link !== 'boolean') return bad('link', 'must be true or false')
  const deps = o.dependsOn ?? []
  if (!Array.isArray(deps) || deps.length > MAX_DEPS || deps.some((d) => typeof d !== 'string'))
    return bad('dependsOn', `must be an array of at most ${MAX_DEPS} entry ids`)
  for (const d of deps) if (!knownNode(ctx, d)) return bad('dependsOn', `names "${String(d).slice(0, 80)}", which is not a known entry`)
  return { key: o.key, type, access, confidence, validFrom, validUntil, subject: o.subject, deps: [...new Set(deps)] }
}

/** A node a dependency may name: a memory (live or ended), a working entry, a Decision key, a context. */
export function knownNode(ctx: LifecycleContext, id: string): boolean {
  const life = ctx.ledger.state.lifecycle
  if (life.memories.has(id) || life.ended.has(id) || life.contexts.has(id)) return true
  if (id.startsWith('decision:')) return ctx.ledger.state.decision.has(id.slice('decision:'.length))
  if (id.startsWith('w:')) return life.working.has(id.slice(2)) || life.ended.has(workingNodeId(id.slice(2)))
  return false
}

/**
 * Checks content against its type's schema (any Standard Schema, or zod's safeParse), JSON content parsed first.
 * Returns the content to store: as written when the schema does not change the value, else the schema's output (a
 * string as is, anything else as canonical JSON), so a transform or a default takes effect like in the Decision
 * pool. Only synchronous schemas: a proposal is one synchronous write; an asynchronous one is an OptionError naming
 * `memory.types.<type>`.
 */
export function checkType(
  ctx: LifecycleContext,
  type: string,
  content: string,
  key: string | null,
  source: string | null,
): { content: string } | SchemaError | OptionError | ValueError {
  const schema = ctx.rules.memoryTypes[type]
  if (!schema) return { content }
  let value: unknown = content
  const first = content.trimStart()[0]
  if (first === '{' || first === '[') {
    try {
      value = JSON.parse(content)
    } catch {
      // Not JSON after all: the schema sees the string.
    }
  }
  const result = validateSync(schema, value)
  if (result.kind === 'async') return new OptionError(`memory.types.${type}`, ASYNC_PROBLEM)
  if (result.kind === 'invalid') return new SchemaError(key ?? type, source, result.issues, 'memory.type')
  const output = result.value
  if (output === value) return { content }
  if (typeof output === 'string') return { content: output }
  let text: string
  try {
    text = encodeValue(output, key, source, ctx.rules.maxValueBytes)
  } catch (e) {
    return e as ValueError
  }
  // zod and valibot return a new object even when nothing changed: keep the content as written then.
  if (typeof value !== 'string') {
    try {
      if (canonicalize(value) === text) return { content }
    } catch {
      // The parsed content itself is not storable as a value (a `__proto__` key): store the schema's output.
    }
  }
  return { content: text }
}
