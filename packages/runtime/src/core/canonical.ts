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
  const parts: string[] = []
  let length = 0
  const stack = new Set<object>()

  const emit = (s: string, path: string): void => {
    length += s.length
    if (length > max) throw new CanonicalError(path, `makes the encoding larger than ${max} bytes`)
    parts.push(s)
  }

  const walk = (v: unknown, path: string): void => {
    switch (typeof v) {
      case 'string':
        if (!wellFormed(v)) throw new CanonicalError(path, 'contains a lone surrogate')
        emit(JSON.stringify(v), path)
        return
      case 'number':
        if (!Number.isFinite(v)) throw new CanonicalError(path, `is ${v} (not a finite number)`)
        if (integersOnly && (!Number.isSafeInteger(v) || Object.is(v, -0)))
          throw new CanonicalError(path, `is ${Object.is(v, -0) ? '-0' : v} (receipt fields take safe integers only)`)
        emit(JSON.stringify(v), path)
        return
      case 'boolean':
        emit(v ? 'true' : 'false', path)
        return
      case 'undefined':
        throw new CanonicalError(path, 'is undefined')
      case 'bigint':
        throw new CanonicalError(path, 'is a BigInt')
      case 'function':
      case 'symbol':
        throw new CanonicalError(path, `is a ${typeof v}`)
    }
    if (v === null) {
      emit('null', path)
      return
    }
    const obj = v as object
    if (stack.has(obj)) throw new CanonicalError(path, 'is a cyclic reference')
    if (Array.isArray(obj)) {
      stack.add(obj)
      emit('[', path)
      for (let i = 0; i < obj.length; i++) {
        if (i) emit(',', path)
        if (!(i in obj)) throw new CanonicalError(`${path}[${i}]`, 'is a hole in a sparse array')
        walk(obj[i], `${path}[${i}]`)
      }
      emit(']', path)
      stack.delete(obj)
      return
    }
    const proto = Object.getPrototypeOf(obj)
    if (proto !== Object.prototype && proto !== null) throw new CanonicalError(path, `is ${describe(obj)} (only plain objects, arrays and primitives are storable)`)
    if (Object.getOwnPropertySymbols(obj).length) throw new CanonicalError(path, 'has symbol keys')
    stack.add(obj)
    const keys = Object.keys(obj).sort()
    emit('{', path)
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]
      const childPath = /^[A-Za-z_$][\w$]*$/.test(k) ? `${path}.${k}` : `${path}[${JSON.stringify(k)}]`
      if (FORBIDDEN_KEYS.has(k)) throw new CanonicalError(childPath, `uses the forbidden key "${k}"`)
      if (!wellFormed(k)) throw new CanonicalError(childPath, 'is a key with a lone surrogate')
      if (i) emit(',', path)
      emit(JSON.stringify(k), path)
      emit(':', path)
      walk((obj as Record<string, unknown>)[k], childPath)
    }
    emit('}', path)
    stack.delete(obj)
  }

  // Own keys that are accessors would run user code; plain data objects from JSON or literals have none,
  // so reading them here is the same as what JSON.stringify would do.
  walk(value, options.root ?? 'value')
  return parts.join('')
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
