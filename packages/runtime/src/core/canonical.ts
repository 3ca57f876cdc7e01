/**
 * RFC 8785 (JCS) canonical JSON with a strict profile: anything that would not round-trip exactly is
 * rejected before it can be hashed, instead of being dropped or coerced the way JSON.stringify does.
 *
 * Strings and finite numbers are serialised by JSON.stringify, which is exactly what RFC 8785 prescribes
 * (ECMAScript string escaping and Number-to-String); object keys are sorted by UTF-16 code units, which is
 * what the default Array sort does.
 */

export class CanonicalError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path} ${problem}`)
  }
}

export interface CanonicalOptions {
  /** Receipt bodies: only safe integers (no floats, no -0). Values allow any finite number. */
  integersOnly?: boolean
  /** Give up once the output exceeds this many UTF-16 code units (checked as it grows). */
  maxLength?: number
  /** Give up when arrays and objects nest deeper than this (a value 10,000 levels deep would overflow the stack). */
  maxDepth?: number
  /** Path prefix for error messages. */
  root?: string
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor'])
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

function wellFormed(s: string): boolean {
  const f = (s as { isWellFormed?: () => boolean }).isWellFormed
  return f ? f.call(s) : !LONE_SURROGATE.test(s)
}

function describe(v: unknown): string {
  if (v === null) return 'null'
  if (typeof v !== 'object') return typeof v
  const name = Object.getPrototypeOf(v)?.constructor?.name
  return name ? `a ${name}` : 'an object with a foreign prototype'
}

/** Encodes `value` canonically or throws CanonicalError naming the offending path. */
export function canonicalize(value: unknown, options: CanonicalOptions = {}): string {
  const integersOnly = options.integersOnly ?? false
  const max = options.maxLength ?? Infinity
  const maxDepth = options.maxDepth ?? 1000
  // Most values are small plain data: encode them without the walk's path and cycle bookkeeping. Anything the
  // fast path does not take (an error to report, a cycle, deep nesting) is walked again below, which says why.
  const fast = plainCanonical(value, max, Math.min(maxDepth, FAST_DEPTH), integersOnly, 0)
  if (fast !== null && fast.length <= max) return fast
  let out = ''
  const stack = new Set<object>()
  // Path segments of where the walk is; joined into text only when something is rejected.
  const segs: Array<string | number> = []
  const where = (extra?: string | number): string => {
    let p = options.root ?? 'value'
    for (const s of extra === undefined ? segs : [...segs, extra])
      p += typeof s === 'number' ? `[${s}]` : /^[A-Za-z_$][\w$]*$/.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`
    return p
  }
  const fail = (problem: string, extra?: string | number): never => {
    throw new CanonicalError(where(extra), problem)
  }
  const emit = (s: string): void => {
    out += s
    if (out.length > max) fail(`makes the encoding larger than ${max} bytes`)
  }

  const walk = (v: unknown): void => {
    switch (typeof v) {
      case 'string':
        if (!wellFormed(v)) fail('contains a lone surrogate')
        emit(JSON.stringify(v))
        return
      case 'number':
        if (!Number.isFinite(v)) fail(`is ${v} (not a finite number)`)
        if (integersOnly && (!Number.isSafeInteger(v) || Object.is(v, -0)))
          fail(`is ${Object.is(v, -0) ? '-0' : v} (receipt fields take safe integers only)`)
        emit(JSON.stringify(v))
        return
      case 'boolean':
        emit(v ? 'true' : 'false')
        return
      case 'undefined':
        return fail('is undefined')
      case 'bigint':
        return fail('is a BigInt')
      case 'function':
      case 'symbol':
        return fail(`is a ${typeof v}`)
    }
    if (v === null) {
      emit('null')
      return
    }
    const obj = v as object
    if (stack.has(obj)) fail('is a cyclic reference')
    if (stack.size >= maxDepth) fail(`nests deeper than ${maxDepth} levels`)
    if (Array.isArray(obj)) {
      stack.add(obj)
      emit('[')
      for (let i = 0; i < obj.length; i++) {
        if (i) emit(',')
        if (!(i in obj)) fail('is a hole in a sparse array', i)
        segs.push(i)
        walk(obj[i])
        segs.pop()
      }
      emit(']')
      stack.delete(obj)
      return
    }
    const proto = Object.getPrototypeOf(obj)
    if (proto !== Object.prototype && proto !== null) fail(`is ${describe(obj)} (only plain objects, arrays and primitives are storable)`)
    if (Object.getOwnPropertySymbols(obj).length) fail('has symbol keys')
    stack.add(obj)
    const keys = Object.keys(obj).sort()
    emit('{')
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]
      if (FORBIDDEN_KEYS.has(k)) fail(`uses the forbidden key "${k}"`, k)
      if (!wellFormed(k)) fail('is a key with a lone surrogate', k)
      if (i) emit(',')
      emit(JSON.stringify(k))
      emit(':')
      segs.push(k)
      walk((obj as Record<string, unknown>)[k])
      segs.pop()
    }
    emit('}')
    stack.delete(obj)
  }

  walk(value)
  return out
}

/** Nesting the fast path takes; deeper values (and cycles, which look infinitely deep) take the full walk. */
const FAST_DEPTH = 64
/** A string JSON.stringify would escape, or that may hold a lone surrogate. */
const NEEDS_CARE = new RegExp(String.raw`["\\\u0000-\u001f\ud800-\udfff]`)

function quoted(s: string): string | null {
  if (!NEEDS_CARE.test(s)) return '"' + s + '"'
  return wellFormed(s) ? JSON.stringify(s) : null
}

/**
 * The canonical encoding of plain data (what `canonicalize` writes for it), or null for anything it would reject
 * or that needs a closer look: then `canonicalize` walks it with paths and says why. No closures, no path, no
 * cycle set (the depth bound stops a cycle); keys already in order are not sorted.
 */
function plainCanonical(v: unknown, max: number, maxDepth: number, integersOnly: boolean, depth: number): string | null {
  switch (typeof v) {
    case 'string':
      return quoted(v)
    case 'number':
      if (!Number.isFinite(v) || (integersOnly && (!Number.isSafeInteger(v) || Object.is(v, -0)))) return null
      return JSON.stringify(v)
    case 'boolean':
      return v ? 'true' : 'false'
    case 'object':
      break
    default:
      return null
  }
  if (v === null) return 'null'
  if (depth >= maxDepth) return null
  if (Array.isArray(v)) {
    let s = '['
    for (let i = 0; i < v.length; i++) {
      if (!(i in v)) return null
      const e = plainCanonical(v[i], max, maxDepth, integersOnly, depth + 1)
      if (e === null) return null
      s += i ? ',' + e : e
      if (s.length > max) return null
    }
    return s + ']'
  }
  const proto = Object.getPrototypeOf(v)
  if ((proto !== Object.prototype && proto !== null) || Object.getOwnPropertySymbols(v).length) return null
  const keys = Object.keys(v)
  for (let i = 1; i < keys.length; i++)
    if (keys[i - 1] > keys[i]) {
      keys.sort()
      break
    }
  let s = '{'
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]
    const q = FORBIDDEN_KEYS.has(k) ? null : quoted(k)
    if (q === null) return null
    const e = plainCanonical((v as Record<string, unknown>)[k], max, maxDepth, integersOnly, depth + 1)
    if (e === null) return null
    s += (i ? ',' : '') + q + ':' + e
    if (s.length > max) return null
  }
  return s + '}'
}

/**
 * True only when `b` certainly has the same canonical encoding as `a`, a value that `canonicalize` accepted: the
 * same primitives at the same places in plain objects and arrays. False means "encode `b` to find out" (any
 * other shape, a very deep value). A schema's output is usually a fresh copy of the input it checked (zod
 * rebuilds every object): this walk costs a fraction of encoding the copy again.
 */
export function sameCanonical(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth > 64) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!(i in b) || !sameCanonical(a[i], b[i], depth + 1)) return false
    return true
  }
  const proto = Object.getPrototypeOf(b)
  if (Array.isArray(b) || (proto !== Object.prototype && proto !== null)) return false
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  if (ka.length !== kb.length || Object.getOwnPropertySymbols(b).length) return false
  for (const k of kb)
    if (!Object.hasOwn(a, k) || !sameCanonical((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], depth + 1))
      return false
  return true
}

/** Whether `text` is exactly the canonical encoding of what it parses to (strict profile). */
export function isCanonical(text: string, integersOnly = false): boolean {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return false
  }
  try {
    return canonicalize(parsed, { integersOnly }) === text
  } catch {
    return false
  }
}
