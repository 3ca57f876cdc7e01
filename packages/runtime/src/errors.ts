/**
 * Typed errors. Every refusal of the Customs rules throws one of these after its REFUSED receipt was
 * appended, so callers can branch on `code` and auditors can find the same `code` in the receipt's `reason`.
 */

/** Machine-readable refusal and failure codes (the `code` of a CustomsError and the tail of a REFUSED reason). */
export type CustomsErrorCode =
  | 'UNKNOWN_KEY'
  | 'SOURCE_NOT_ALLOWED'
  | 'WRITE_ONCE'
  | 'SCHEMA_VIOLATION'
  | 'INVALID_VALUE'
  | 'TOOL_NOT_ALLOWED'
  | 'RESULT_MISSING'
  | 'RESULT_EXPIRED'
  | 'PLAN_REFERENCE'
  | 'SIGNATURE_MISMATCH'
  | 'STORAGE'
  | 'CLOSED'
  | 'BAD_OPTION'
  | 'MISSING_KEY'
  | 'BAD_SEQ'
  | 'VALUE_INTEGRITY'
  | KeyStoreErrorCode

export interface CustomsErrorDetails {
  key?: string | null
  source?: string | null
  /** The rule that refused, e.g. `decision.schema`, `bridge.signature`. */
  rule: string
  /** Seq of the REFUSED receipt written for this attempt, when one was written. */
  seq?: number
  cause?: unknown
}

export class CustomsError extends Error {
  readonly code: CustomsErrorCode
  readonly key?: string | null
  readonly source?: string | null
  readonly rule: string
  /** Seq of the REFUSED receipt that records this attempt (set once it was appended). */
  seq?: number

  constructor(code: CustomsErrorCode, message: string, details: CustomsErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.name = new.target.name
    this.code = code
    this.key = details.key
    this.source = details.source
    this.rule = details.rule
    this.seq = details.seq
  }
}

/** The key has no registered zod schema, so the Decision pool does not accept it. */
export class UnknownKeyError extends CustomsError {
  constructor(key: string, source: string | null, rule = 'decision.schema-registered') {
    super('UNKNOWN_KEY', `memory-customs: key "${key}" has no registered schema (rule ${rule})`, { key, source, rule })
  }
}

/** Only `user` and `plan` may commit to the Decision pool directly. */
export class SourceError extends CustomsError {
  constructor(key: string, source: unknown) {
    super(
      'SOURCE_NOT_ALLOWED',
      `memory-customs: source ${JSON.stringify(String(source))} may not commit "${key}"; only "user" and "plan" may (tool output must go through bridge.promote)`,
      { key, source: String(source), rule: 'decision.source' },
    )
  }
}

/** A write-once key keeps its first value. */
export class WriteOnceError extends CustomsError {
  constructor(key: string, source: string | null, firstSeq: number) {
    super('WRITE_ONCE', `memory-customs: key "${key}" is write-once and already holds the value of receipt #${firstSeq}`, {
      key,
      source,
      rule: 'decision.write-once',
    })
  }
}

/** The value failed the key's zod schema. `issues` are zod's issues. */
export class SchemaError extends CustomsError {
  readonly issues: unknown[]
  constructor(key: string, source: string | null, issues: unknown[], rule = 'decision.schema') {
    const first = issues[0] as { message?: string; path?: unknown[] } | undefined
    const where = first?.path?.length ? ` at ${first.path.join('.')}` : ''
    super('SCHEMA_VIOLATION', `memory-customs: value for "${key}" fails its schema${where}: ${first?.message ?? 'invalid'}`, {
      key,
      source,
      rule,
    })
    this.issues = issues
  }
}

/** A value that cannot be canonically encoded (undefined, NaN, BigInt, Date, cycles, lone surrogates, too large, ...). */
export class ValueError extends CustomsError {
  /** Path of the offending part of the value, e.g. `value.items[2]`. */
  readonly path: string
  constructor(key: string | null, source: string | null, path: string, problem: string, rule = 'value.canonical') {
    super('INVALID_VALUE', `memory-customs: ${key === null ? 'value' : `value for "${key}"`} is not storable: ${path} ${problem}`, {
      key,
      source,
      rule,
    })
    this.path = path
  }
}

export class ToolNotAllowedError extends CustomsError {
  constructor(tool: string, key: string | null) {
    super('TOOL_NOT_ALLOWED', `memory-customs: tool "${tool}" is not in bridge.tools, so its results cannot be promoted${key ? ` into "${key}"` : ''}`, {
      key,
      source: `tool:${tool}`,
      rule: 'bridge.allow-list',
    })
  }
}

export class ResultMissingError extends CustomsError {
  constructor(tool: string, callId: string, key: string | null) {
    super('RESULT_MISSING', `memory-customs: no stored result for ${tool} call "${callId}" (only results written with execution.store can be promoted)`, {
      key,
      source: `tool:${tool}`,
      rule: 'bridge.result-exists',
    })
  }
}

export class ResultExpiredError extends CustomsError {
  constructor(tool: string, callId: string, key: string | null, expiredAt: string) {
    super('RESULT_EXPIRED', `memory-customs: the result of ${tool} call "${callId}" expired at ${expiredAt}`, {
      key,
      source: `tool:${tool}`,
      rule: 'bridge.result-live',
    })
  }
}

export class PlanReferenceError extends CustomsError {
  constructor(planRef: string, tool: string, callId: string, key: string | null, missing: boolean) {
    super(
      'PLAN_REFERENCE',
      missing
        ? `memory-customs: plan "${planRef}" was never recorded (plans.record), so it cannot justify promoting ${tool} call "${callId}"`
        : `memory-customs: plan "${planRef}" does not reference ${tool} call "${callId}"`,
      { key, source: `tool:${tool}`, rule: 'bridge.plan-reference' },
    )
  }
}

/** The stored result's HMAC no longer matches its bytes: it was altered inside the Execution pool or injected. */
export class SignatureError extends CustomsError {
  constructor(tool: string, callId: string, key: string | null) {
    super('SIGNATURE_MISMATCH', `memory-customs: the stored result of ${tool} call "${callId}" does not match its signature (altered or injected)`, {
      key,
      source: `tool:${tool}`,
      rule: 'bridge.signature',
    })
  }
}

/** Persisting to the storage backend failed (disk full, I/O error, quota). Nothing of the failed batch is durable. */
export class StorageError extends CustomsError {
  constructor(message: string, cause?: unknown) {
    super('STORAGE', `memory-customs: storage failure: ${message}`, { rule: 'storage.durable', cause })
  }
}

export class ClosedError extends CustomsError {
  constructor(what: string) {
    super('CLOSED', `memory-customs: ${what} called after close()`, { rule: 'customs.open' })
  }
}

/** A bad option or argument (names the option). */
export class OptionError extends CustomsError {
  constructor(option: string, problem: string, code: 'BAD_OPTION' | 'MISSING_KEY' | 'BAD_SEQ' = 'BAD_OPTION') {
    super(code, `memory-customs: ${option} ${problem}`, { rule: `option.${option}` })
  }
}

/** Why a key store refused (see KeyStoreError). */
export type KeyStoreErrorCode =
  /** A store exists but its keys are not in the key store: never replaced by fresh keys. */
  | 'KEYS_MISSING'
  /** Stored or given key text is not a valid key set (the error names the field and the file or variable). */
  | 'KEYS_INVALID'
  /** The key source cannot be written (an environment variable): set it yourself. */
  | 'KEYS_READ_ONLY'
  /** Reading or writing the key store failed, or the platform lacks what the provider needs. */
  | 'KEYS_UNAVAILABLE'

/**
 * A key store failure. `location` is the key file, variable or database; `field` the offending field of a
 * key set (`commit`, `checkpoint.privateKey`, `encryption.keys.k1`...). Messages never contain key bytes.
 */
export class KeyStoreError extends CustomsError {
  constructor(
    code: KeyStoreErrorCode,
    /** The key file, `env:NAME`, `indexeddb:memory-customs-keys`, `memory`. */
    readonly location: string,
    message: string,
    readonly field?: string,
    cause?: unknown,
  ) {
    super(code, `memory-customs: ${message} [${code}, ${location}]`, { rule: 'keys.store', cause })
  }
}

/**
 * A stored value failed its check when it was loaded from storage: it does not decrypt, or it does not match
 * the commitment its receipt holds (swapped, altered or injected at rest). The value is never returned.
 */
export class ValueIntegrityError extends CustomsError {
  constructor(
    /** Seq of the receipt whose value this is (0 when the value was read by commitment alone). */
    seq: number,
    readonly commit: string,
    problem: string,
  ) {
    super('VALUE_INTEGRITY', `memory-customs: the stored value of receipt ${seq} ${problem}; it is not returned (run verify({ values: true }))`, {
      rule: 'storage.value-integrity',
      seq,
    })
  }
}
