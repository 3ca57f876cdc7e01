/**
 * Typed errors. Every refusal of the Customs rules throws one of these after its REFUSED receipt was
 * appended, so callers can branch on `code` and auditors can find the same `code` in the receipt's `reason`.
 */
import type { JournalDamage } from './core/damage.js'
import type { JournalHead } from './storage/types.js'
import type { GuardResult } from './core/memory/guard/types.js'

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
  | 'SCAN_REJECTED'
  | 'NOT_FOUND'
  | 'NOT_PENDING'
  | 'ACCESS_DENIED'
  | 'ERASED'
  | 'GUARD_HALT'
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
  override readonly name: string = 'CustomsError'
  readonly code: CustomsErrorCode
  readonly key?: string | null
  readonly source?: string | null
  readonly rule: string
  /** Seq of the REFUSED receipt that records this attempt (set once it was appended). */
  seq?: number

  constructor(code: CustomsErrorCode, message: string, details: CustomsErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    // Subclasses set `name` as a literal field too: a minifier renames classes, and `new.target.name` would then
    // print as `v` in a user's bundled logs. This line names a user's own subclass that declares none.
    this.name = new.target.name
    this.code = code
    this.key = details.key
    this.source = details.source
    this.rule = details.rule
    this.seq = details.seq
  }
}

/** The key has no registered schema, so the Decision pool does not accept it. */
export class UnknownKeyError extends CustomsError {
  override readonly name: string = 'UnknownKeyError'
  constructor(key: string, source: string | null, rule = 'decision.schema-registered') {
    super('UNKNOWN_KEY', `memory-customs: key "${key}" has no registered schema (rule ${rule})`, { key, source, rule })
  }
}

/** Only `user` and `plan` may commit to the Decision pool directly. */
export class SourceError extends CustomsError {
  override readonly name: string = 'SourceError'
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
  override readonly name: string = 'WriteOnceError'
  constructor(key: string, source: string | null, firstSeq: number) {
    super('WRITE_ONCE', `memory-customs: key "${key}" is write-once and already holds the value of receipt #${firstSeq}`, {
      key,
      source,
      rule: 'decision.write-once',
    })
  }
}

/** The value failed the key's schema. `issues` are the schema library's own issues. */
export class SchemaError extends CustomsError {
  override readonly name: string = 'SchemaError'
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
  override readonly name: string = 'ValueError'
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
  override readonly name: string = 'ToolNotAllowedError'
  constructor(tool: string, key: string | null) {
    super(
      'TOOL_NOT_ALLOWED',
      `memory-customs: tool "${tool}" is not in bridge.tools, so its results cannot be promoted${key ? ` into "${key}"` : ''}`,
      {
        key,
        source: `tool:${tool}`,
        rule: 'bridge.allow-list',
      },
    )
  }
}

export class ResultMissingError extends CustomsError {
  override readonly name: string = 'ResultMissingError'
  constructor(tool: string, callId: string, key: string | null) {
    super(
      'RESULT_MISSING',
      `memory-customs: no stored result for ${tool} call "${callId}" (only results written with execution.store can be promoted)`,
      {
        key,
        source: `tool:${tool}`,
        rule: 'bridge.result-exists',
      },
    )
  }
}

export class ResultExpiredError extends CustomsError {
  override readonly name: string = 'ResultExpiredError'
  constructor(tool: string, callId: string, key: string | null, expiredAt: string) {
    super('RESULT_EXPIRED', `memory-customs: the result of ${tool} call "${callId}" expired at ${expiredAt}`, {
      key,
      source: `tool:${tool}`,
      rule: 'bridge.result-live',
    })
  }
}

export class PlanReferenceError extends CustomsError {
  override readonly name: string = 'PlanReferenceError'
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
  override readonly name: string = 'SignatureError'
  constructor(tool: string, callId: string, key: string | null) {
    super(
      'SIGNATURE_MISMATCH',
      `memory-customs: the stored result of ${tool} call "${callId}" does not match its signature (altered or injected)`,
      {
        key,
        source: `tool:${tool}`,
        rule: 'bridge.signature',
      },
    )
  }
}

/** Persisting to the storage backend failed (disk full, I/O error, quota). Nothing of the failed batch is durable. */
export class StorageError extends CustomsError {
  override readonly name: string = 'StorageError'
  constructor(message: string, cause?: unknown) {
    super('STORAGE', `memory-customs: storage failure: ${message}`, { rule: 'storage.durable', cause })
  }
}

/**
 * Which storage failure a StorageBackendError is (its `storageCode`; its `code` is `STORAGE`). How the core
 * treats them: `LOCKED` and `UNSUPPORTED` make `createCustoms` reject; `BAD_ENCODING` (thrown by `read()` as a
 * JournalCorruptError) opens the store read-only and becomes a verification failure at `afterSeq + 1`; `IO`
 * rejects the write (and `flush`) that needed it.
 */
export type StorageErrorCode =
  /** Another writer holds the store (lock file or Web Lock). */
  | 'LOCKED'
  /** A stored record before the tail is not a valid journal entry (damage or tampering, never repaired). */
  | 'BAD_ENCODING'
  /** The caller handed `append` something that is not a JournalEntry. Nothing of the batch was written. */
  | 'BAD_ENTRY'
  /** The operating system or browser refused a read or write (ENOSPC, EIO, EFBIG, QuotaExceededError...). */
  | 'IO'
  /** The backend was opened without the writer lock and refuses to modify the store. */
  | 'READ_ONLY'
  /** Used before `open()` or after `close()`. */
  | 'CLOSED'
  /** The platform lacks something the backend needs (Node < 20.16, no IndexedDB). */
  | 'UNSUPPORTED'
  /** A conditional append (`expectedHead`) found another head: another writer appended first. Nothing written. */
  | 'HEAD_MOVED'
  /** An operation only the tab holding the store's Web Lock may run, called in a follower tab (NotLeaderError). */
  | 'NOT_LEADER'

/**
 * A typed failure of a storage backend (file, IndexedDB, or your own): a StorageError (code `STORAGE`) whose
 * `storageCode` says which failure it is and whose `location` names the store. Every backend throws these
 * classes, so the core tells failures apart with `instanceof`, never by the shape of an error.
 */
export class StorageBackendError extends StorageError {
  override readonly name: string = 'StorageBackendError'
  constructor(
    readonly storageCode: StorageErrorCode,
    /** The store the error is about (`/path/to/dir`, `indexeddb:name`). */
    readonly location: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${message} [${storageCode}, ${location}]`, options?.cause)
  }
}

/**
 * `rollback`, `rollbackNow`, `checkpoint` and `rotateEncryptionKey` in a follower tab (`NOT_LEADER`): they
 * run in the leader tab only (the tab holding the Web Lock of the IndexedDB store; see docs/runtime.md,
 * "Several tabs"). Nothing was written. Dry-run rollbacks and every read work in a follower.
 */
export class NotLeaderError extends StorageBackendError {
  override readonly name: string = 'NotLeaderError'
  constructor(
    location: string,
    /** The refused operation (`rollback`, `checkpoint`, ...). */
    readonly operation: string,
  ) {
    super(
      'NOT_LEADER',
      location,
      `${operation}() runs only in the leader tab (the one holding the store's Web Lock); this tab is a follower and wrote nothing`,
    )
  }
}

/** A conditional append was refused: the journal's head is not the one the writer built on (`HEAD_MOVED`). */
export class HeadMovedError extends StorageBackendError {
  override readonly name: string = 'HeadMovedError'
  constructor(
    location: string,
    readonly expected: JournalHead,
    readonly actual: JournalHead,
  ) {
    super(
      'HEAD_MOVED',
      location,
      `conditional append refused: expected head #${expected.seq} ${expected.hash.slice(0, 12)}, but the journal's head is #${actual.seq} ${actual.hash.slice(0, 12)} (another writer appended first); nothing was written`,
    )
  }
}

/**
 * A record before the journal's tail that cannot be decoded (`BAD_ENCODING`). A backend's `read()` throws it
 * after yielding every entry before the damaged one, so the core knows exactly where the valid prefix ends
 * (`afterSeq`) and opens the store read-only. Every backend that can find such damage throws this class.
 */
export class JournalCorruptError extends StorageBackendError {
  override readonly name: string = 'JournalCorruptError'
  constructor(
    location: string,
    /** 1-based line number (file) or record number (IndexedDB) of the damaged record. */
    readonly record: number,
    /** Byte offset of the damaged line in the journal file; undefined for IndexedDB. */
    readonly byteOffset: number | undefined,
    /** The seq of the last receipt read before the damage (0 if none). */
    readonly afterSeq: number,
    why: string,
  ) {
    super(
      'BAD_ENCODING',
      location,
      `journal record ${record}${byteOffset === undefined ? '' : ` (byte ${byteOffset})`} is not a valid journal entry: ${why}; every entry before it was read (last receipt seq ${afterSeq})`,
    )
  }
}

/**
 * A write refused because the store's journal is damaged or failed verification at open (code `STORAGE`,
 * rule `storage.damaged`): the store is open for reading only.
 */
export class DamagedStoreError extends StorageError {
  override readonly name: string = 'DamagedStoreError'
  readonly location: string
  readonly record: number
  readonly afterSeq: number
  constructor(
    readonly operation: string,
    damage: JournalDamage,
  ) {
    super(
      `${operation} refused: the store at ${damage.location} is damaged at journal record ${damage.record}` +
        `${damage.byteOffset === undefined ? '' : ` (byte ${damage.byteOffset})`}, after receipt seq ${damage.afterSeq}; ` +
        `it is open for reading only (receipts 1..${damage.afterSeq} are readable and verifiable). Restore the journal from a copy to write again.`,
    )
    Object.defineProperty(this, 'rule', { value: 'storage.damaged' })
    this.location = damage.location
    this.record = damage.record
    this.afterSeq = damage.afterSeq
  }
}

export class ClosedError extends CustomsError {
  override readonly name: string = 'ClosedError'
  constructor(what: string) {
    super('CLOSED', `memory-customs: ${what} called after close()`, { rule: 'customs.open' })
  }
}

/** A bad option or argument: `option` is its path (`decision.writeOnce`, `keyStore.dir`, `rollback target`). */
export class OptionError extends CustomsError {
  override readonly name: string = 'OptionError'
  constructor(
    readonly option: string,
    problem: string,
    code: 'BAD_OPTION' | 'MISSING_KEY' = 'BAD_OPTION',
  ) {
    super(code, `memory-customs: ${option} ${problem}`, { rule: `option.${option}` })
  }
}

/**
 * A seq outside the store's receipts (code `BAD_SEQ`): `at(seq)`, `stateAt(seq)`, `rollback({ toSeq })`.
 * Carries the seq asked for and the valid range (0, before the first receipt, through the head).
 */
export class SeqRangeError extends CustomsError {
  override readonly name: string = 'SeqRangeError'
  constructor(
    /** The seq asked for (whatever was passed: an integer out of range, or not an integer at all). */
    readonly requestedSeq: number,
    /** The seqs that exist now. */
    readonly range: { readonly min: number; readonly max: number },
    /** What named the seq, for the message: `seq`, `rollback toSeq`. */
    argument = 'seq',
  ) {
    super('BAD_SEQ', `memory-customs: ${argument} ${requestedSeq} is outside ${range.min}..${range.max}`, { rule: 'seq.range' })
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
  override readonly name: string = 'KeyStoreError'
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
  override readonly name: string = 'ValueIntegrityError'
  constructor(
    /** Seq of the receipt whose value this is (0 when the value was read by commitment alone). */
    seq: number,
    readonly commit: string,
    /** What is wrong with it, e.g. `does not match its commitment (swapped or altered at rest)`. */
    readonly problem: string,
  ) {
    super(
      'VALUE_INTEGRITY',
      `memory-customs: the stored value of receipt ${seq} ${problem}; it is not returned (run verify({ values: true }))`,
      {
        rule: 'storage.value-integrity',
        seq,
      },
    )
  }
}

/**
 * The content scanner rejected a candidate (a memory proposal or a Bridge promotion). The REFUSED receipt (for a
 * promotion) or the REJECT-status PROPOSE receipt (for a memory) names the rules; `findings` here carries their
 * redacted evidence for the caller.
 */
export class ScanRejectedError extends CustomsError {
  override readonly name: string = 'ScanRejectedError'
  constructor(
    key: string | null,
    source: string | null,
    readonly score: number,
    readonly findings: ReadonlyArray<{ family: string; rule: string; start: number; end: number; severity: string; evidence: string }>,
    rule = 'scan.reject',
  ) {
    const top = findings.map((f) => f.rule).filter((r, i, a) => a.indexOf(r) === i)
    super(
      'SCAN_REJECTED',
      `memory-customs: the content for ${key === null ? 'this write' : `"${key}"`} was rejected by the scanner (trust ${score}; ${top.join(', ') || 'no rule named'})`,
      { key, source, rule },
    )
  }
}

/** No memory, working entry or pending review item has this id (or it is not in a state this call accepts). */
export class MemoryNotFoundError extends CustomsError {
  override readonly name: string = 'MemoryNotFoundError'
  constructor(
    readonly id: string,
    what: string,
  ) {
    super('NOT_FOUND', `memory-customs: no ${what} "${id}"`, { key: id, rule: 'memory.exists' })
  }
}

/** review.approve/reject on an entry that is not pending (already approved, rejected, or timed out). */
export class NotPendingError extends CustomsError {
  override readonly name: string = 'NotPendingError'
  constructor(
    readonly id: string,
    readonly status: string,
  ) {
    super('NOT_PENDING', `memory-customs: "${id}" is not pending review (it is ${status})`, { key: id, rule: 'review.pending' })
  }
}

/** A principal read or wrote a memory its access level does not grant it (a REFUSED receipt records the attempt). */
export class AccessDeniedError extends CustomsError {
  override readonly name: string = 'AccessDeniedError'
  constructor(
    readonly id: string,
    readonly principal: string,
    readonly owner: string,
    readonly access: string,
    readonly attempted: 'read' | 'write',
  ) {
    super('ACCESS_DENIED', `memory-customs: "${principal}" may not ${attempted} memory "${id}" (owner "${owner}", access ${access})`, {
      key: id,
      rule: `access.${attempted}`,
    })
  }
}

/** The value was crypto-shredded by `forget({ subject })`: its key no longer exists, so it can never be read again. */
export class ErasedError extends CustomsError {
  override readonly name: string = 'ErasedError'
  constructor(
    readonly id: string,
    /** Seq of the FORGET receipt that destroyed the key. */
    readonly forgetSeq: number,
  ) {
    super('ERASED', `memory-customs: the value of "${id}" was erased (FORGET receipt ${forgetSeq}); it cannot be read`, {
      key: id,
      rule: 'erasure',
    })
  }
}

/**
 * The shadow guardrail stopped a tool call (`guardTools`): the check decided `halt` (or `redirect`, unless the
 * wrapper was told to let redirects proceed). `result` is the check, with its reasons and repair suggestions; its
 * GUARD receipt (`result.seq`) records the stop.
 */
export class GuardHaltError extends CustomsError {
  override readonly name: string = 'GuardHaltError'
  constructor(
    readonly tool: string,
    readonly result: GuardResult,
  ) {
    const named = result.reasons.slice(0, 5).map((r) => `${r.rule} (${r.entries.join(', ')})`)
    const why = named.join('; ') + (result.reasons.length > 5 ? `; and ${result.reasons.length - 5} more` : '')
    super(
      'GUARD_HALT',
      `memory-customs: the guard decided ${result.decision} for tool "${tool}" (${result.id}): ${why || 'no reason given'}`,
      {
        rule: 'guard.policy',
        seq: result.seq,
      },
    )
  }
}
