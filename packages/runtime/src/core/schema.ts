/**
 * Validators for Decision keys (`decision.schemas`) and memory types (`memory.types`): any Standard Schema
 * (zod 3.24+ and 4, valibot 1, arktype 2, ...; https://standardschema.dev) or an older zod 3 schema (`safeParse`).
 * The runtime depends on no schema library: the Standard Schema interface is vendored here, so the published
 * types name no library either. Validation is synchronous only: a write is one synchronous step of the chain.
 */

/**
 * The Standard Schema interface, version 1 (copied from `@standard-schema/spec`, MIT): what zod, valibot and
 * arktype schemas implement as their `~standard` property.
 */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaV1.Props<Input, Output>
}

// A namespace of types only, as in the spec: it emits no JavaScript.
// oxlint-disable-next-line typescript/no-namespace
export declare namespace StandardSchemaV1 {
  interface Props<Input = unknown, Output = Input> {
    readonly version: 1
    readonly vendor: string
    readonly validate: (value: unknown, options?: Options | undefined) => Result<Output> | Promise<Result<Output>>
    readonly types?: Types<Input, Output> | undefined
  }
  type Result<Output> = SuccessResult<Output> | FailureResult
  interface SuccessResult<Output> {
    readonly value: Output
    readonly issues?: undefined
  }
  interface FailureResult {
    readonly issues: ReadonlyArray<Issue>
  }
  interface Options {
    readonly libraryOptions?: Record<string, unknown> | undefined
  }
  interface Issue {
    readonly message: string
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined
  }
  interface PathSegment {
    readonly key: PropertyKey
  }
  interface Types<Input = unknown, Output = Input> {
    readonly input: Input
    readonly output: Output
  }
}

/** A zod 3 schema from before Standard Schema (zod < 3.24): anything with zod's `safeParse`. */
export interface SafeParseSchema<Output = unknown> {
  safeParse(value: unknown): { success: true; data: Output } | { success: false; error: { issues: ReadonlyArray<unknown> } }
}

/** What `decision.schemas` and `memory.types` take: a Standard Schema, or a zod 3 schema older than 3.24. */
export type SchemaLike = StandardSchemaV1 | SafeParseSchema

export type Validation =
  | { kind: 'valid'; value: unknown }
  | { kind: 'invalid'; issues: unknown[] }
  /** The validator answered with a Promise (or zod refused to run an async refinement synchronously). */
  | { kind: 'async' }

type StandardProps = { validate?: unknown }

/** True for a Standard Schema (`~standard.validate`) or an object with `safeParse`. */
export function isSchemaLike(s: unknown): s is SchemaLike {
  if ((typeof s !== 'object' && typeof s !== 'function') || s === null) return false
  const std = (s as { '~standard'?: StandardProps })['~standard']
  return typeof std?.validate === 'function' || typeof (s as { safeParse?: unknown }).safeParse === 'function'
}

/**
 * Why a schema is known to be asynchronous before it runs, or null. Known markers only: valibot's `*Async`
 * schemas carry `async: true`, and a hand-written `~standard.validate` may be an `async` function. Other
 * asynchronous validators (a zod schema with an async refinement) show it on first use instead (`kind: 'async'`).
 */
export function asyncMarker(s: SchemaLike): string | null {
  if ((s as { async?: unknown }).async === true) return 'is an asynchronous schema (async: true, e.g. a valibot *Async schema)'
  const validate = (s as { '~standard'?: StandardProps })['~standard']?.validate
  if (typeof validate === 'function' && Object.prototype.toString.call(validate) === '[object AsyncFunction]')
    return 'is an asynchronous schema (its ~standard.validate is an async function)'
  return null
}

/** What an OptionError says about a schema that answered with a Promise. */
export const ASYNC_PROBLEM = 'is an asynchronous schema (its validation returned a Promise); schemas must validate synchronously'

/**
 * Runs a schema on a value, synchronously: `~standard.validate`, or `safeParse` for zod and older zod 3. A
 * validator that throws is an invalid value with one issue saying so, not an escape; one that returns a Promise
 * is `async` (the Promise's outcome is dropped, so a rejection is not left unhandled). Issue paths made of
 * Standard Schema path segments (`{ key }`, as valibot reports them) are flattened to their keys.
 */
export function validateSync(schema: SchemaLike, value: unknown): Validation {
  try {
    const std = (schema as { '~standard'?: StandardProps & { vendor?: unknown } })['~standard']
    // zod's own `~standard.validate` retries asynchronously whenever its synchronous parse throws (a transform that
    // throws included), so it would look asynchronous; its `safeParse` is synchronous and says which it was.
    const viaSafeParse = typeof (schema as { safeParse?: unknown }).safeParse === 'function' && std?.vendor === 'zod'
    if (typeof std?.validate === 'function' && !viaSafeParse) {
      const result = (std.validate as (v: unknown) => unknown)(value)
      if (isThenable(result)) {
        result.then(undefined, () => undefined)
        return { kind: 'async' }
      }
      const r = result as { value?: unknown; issues?: ReadonlyArray<StandardSchemaV1.Issue> } | null
      if (r === null || typeof r !== 'object') return invalid('the schema returned no result object')
      return r.issues ? { kind: 'invalid', issues: flattenPaths(r.issues) } : { kind: 'valid', value: r.value }
    }
    const r = (schema as SafeParseSchema).safeParse(value) as unknown
    if (isThenable(r)) {
      r.then(undefined, () => undefined)
      return { kind: 'async' }
    }
    const parsed = r as { success: true; data: unknown } | { success: false; error?: { issues?: ReadonlyArray<unknown> } }
    if (parsed.success) return { kind: 'valid', value: parsed.data }
    const issues = parsed.error?.issues
    return issues?.length ? { kind: 'invalid', issues: [...issues] } : invalid('invalid')
  } catch (e) {
    if (isZodAsyncError(e)) return { kind: 'async' }
    return invalid(`the schema threw: ${e instanceof Error ? e.message : String(e)}`)
  }
}

const invalid = (message: string): Validation => ({ kind: 'invalid', issues: [{ code: 'custom', path: [], message }] })

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return (typeof v === 'object' || typeof v === 'function') && v !== null && typeof (v as { then?: unknown }).then === 'function'
}

/** zod 4 throws `$ZodAsyncError`, zod 3 an Error naming `parseAsync`, when `safeParse` meets an async refinement. */
function isZodAsyncError(e: unknown): boolean {
  if (!(e instanceof Error)) return false
  return e.constructor.name === '$ZodAsyncError' || /\bparseAsync\b|synchronous parse encountered promise/i.test(e.message)
}

/** Issues with `{ key }` path segments get a path of plain keys; other issues are kept as they are (same object). */
function flattenPaths(issues: ReadonlyArray<StandardSchemaV1.Issue>): unknown[] {
  return issues.map((issue) => {
    const path = issue?.path
    if (!Array.isArray(path) || !path.some((p) => typeof p === 'object' && p !== null)) return issue
    const keys = path.map((p: PropertyKey | StandardSchemaV1.PathSegment) => (typeof p === 'object' && p !== null ? p.key : p))
    return { ...issue, path: keys }
  })
}
