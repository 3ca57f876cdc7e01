/** Options of createCustoms. */
import type { KeyProviderOption } from '../keys/provider.js'
import type { KeyOptions } from '../crypto/keys.js'
import type { StorageOption } from '../storage/resolve.js'
import type { SqlJsOptions } from './sqljs.js'
import { OptionError } from '../errors.js'
import type { ScanOptions } from '../scan/types.js'
import type { GuardOptions } from './memory/guard/types.js'
import type { ConflictPolicy } from './memory/meta.js'
import { asyncMarker, isSchemaLike, type SchemaLike } from './schema.js'

export interface CustomsOptions {
  /**
   * Where the journal lives. Default: in memory (nothing survives the process). `{ file: dir }` in Node
   * (append-only journal with fdatasync), `{ indexedDB: name }` in browsers, or any StorageBackend object.
   */
  storage?: StorageOption
  decision?: {
    /**
     * Keys the Decision pool accepts, each with the schema its values must pass: any Standard Schema (zod 3.24+
     * or 4, valibot, arktype, ...) or an older zod 3 schema. The parsed value is stored (a transform's output).
     * Validation must be synchronous: see docs/options.md.
     */
    schemas?: Record<string, SchemaLike>
    /** Keys that keep their first value: a later commit or promotion is refused. */
    writeOnce?: string[]
  }
  execution?: {
    /** How long a stored tool result stays promotable and listed, from its STORE receipt. Default 15 minutes. */
    ttlMs?: number
  }
  bridge?: {
    /** Tools whose results may be promoted into the Decision pool. Default: none. */
    tools?: string[]
  }
  /** A state snapshot every K receipts, so time travel replays at most K receipts. Default 1000. */
  snapshotEvery?: number
  /**
   * Where the store's keys live; never in the journal. Default: a key file outside the data folder in Node
   * (`$XDG_CONFIG_HOME/memory-customs/keys/<chain>.json`, or `$MEMORY_CUSTOMS_KEY_DIR`), IndexedDB with
   * AES-KW wrapping in browsers, the process's memory for in-memory stores. `{ dir }`, `{ env }` (the exported
   * key text in an environment variable, for containers and serverless), `'memory'`, or a KeyProvider object
   * (a KMS wrapper). See docs/keys.md.
   */
  keyStore?: KeyProviderOption
  /**
   * Keys for a new store instead of generated ones (the key store keeps them from then on); for a store
   * written by the first release whose keys were passed in options, the keys to migrate it with.
   */
  keys?: KeyOptions
  /** AES-256-GCM encryption of stored values (default true). `false` stores values as plaintext records. */
  encryption?: boolean
  /** Checkpoint origin line. Default `memory-customs/<chain id prefix>`; fixed when the store is created. */
  origin?: string
  /** Clock (epoch ms) for receipt timestamps and TTLs. Default `Date.now`. */
  now?: () => number
  /** Default actor written into receipts (a write's own `actor` wins). */
  actor?: string
  /** sql.js loading options (browsers usually need `locateFile`). */
  sqlJs?: SqlJsOptions
  /** Largest canonical value accepted, in bytes. Default 1 MiB. Larger values are refused with a ValueError. */
  maxValueBytes?: number
  /**
   * The content scanner's options for memory proposals and Bridge promotions (thresholds, extra rules, rules
   * to disable); see docs/scanning.md.
   */
  scan?: ScanOptions
  review?: {
    /**
     * A memory or promotion still pending review this long after it was filed is rejected (with a receipt),
     * evaluated against `now` whenever the queue or the entry is read and by `review.sweep()`. Default 24 h.
     */
    timeoutMs?: number
  }
  working?: {
    /** How long a working-memory entry lives, from its write. Default 1 h. */
    ttlMs?: number
    /**
     * In how many distinct sessions the same content (normalized) must be written before it is proposed as a
     * long-term memory automatically. Default 3. `0` turns automatic proposals off.
     */
    autoProposeSessions?: number
  }
  memory?: {
    /**
     * Schemas per memory type (any Standard Schema, or an older zod 3 schema; synchronous only). A proposal of a
     * type with a schema is checked against it (content parsed as JSON when it is JSON, else the string); when
     * the schema changes the value, its output is stored (a string as is, anything else as canonical JSON). A
     * type without one is accepted as is. Built-in types: fact, preference, decision, constraint, reference.
     */
    types?: Record<string, SchemaLike>
    /**
     * What reads return when two entries of the same namespace and key (or subject and key) disagree: `newest`
     * (default: the older one's validity ends when the newer is written), `trust` (highest confidence, then trust
     * score), `user` (an entry from source `user` wins, then newest), or `review` (the newer goes to review).
     */
    conflicts?: ConflictPolicy
  }
  /** The shadow guardrail: policy matrix, source trust, thresholds, optional evaluator. See docs/guardrail.md. */
  guard?: GuardOptions
}

const DEFAULT_TTL = 15 * 60 * 1000
const DEFAULT_MAX_VALUE = 1024 * 1024

/** The options the write gates and the chain read, with defaults applied. */
export interface WriteRules {
  schemas: Record<string, SchemaLike>
  writeOnce: Set<string>
  tools: Set<string>
  ttlMs: number
  maxValueBytes: number
  snapshotEvery: number
  now: () => number
  defaultActor: string | null
  scan: ScanOptions
  reviewTimeoutMs: number
  workingTtlMs: number
  autoProposeSessions: number
  memoryTypes: Record<string, SchemaLike>
  conflictPolicy: ConflictPolicy
  guard: GuardOptions
}

export function writeRulesOf(options: CustomsOptions): WriteRules {
  return {
    schemas: options.decision?.schemas ?? {},
    writeOnce: new Set(options.decision?.writeOnce ?? []),
    tools: new Set(options.bridge?.tools ?? []),
    ttlMs: options.execution?.ttlMs ?? DEFAULT_TTL,
    maxValueBytes: options.maxValueBytes ?? DEFAULT_MAX_VALUE,
    snapshotEvery: options.snapshotEvery ?? 1000,
    now: options.now ?? Date.now,
    defaultActor: options.actor ?? null,
    scan: options.scan ?? {},
    reviewTimeoutMs: options.review?.timeoutMs ?? 24 * 60 * 60 * 1000,
    workingTtlMs: options.working?.ttlMs ?? 60 * 60 * 1000,
    autoProposeSessions: options.working?.autoProposeSessions ?? 3,
    memoryTypes: options.memory?.types ?? {},
    conflictPolicy: options.memory?.conflicts ?? 'newest',
    guard: options.guard ?? {},
  }
}

/** A rule of the options checker: the first problem of a value (path relative to it), or null. `T` is what it accepts. */
export interface Rule<T> {
  check(value: unknown): Problem | null
  /** Never set: carries the accepted type for `RuleType` and the `satisfies` below. */
  readonly accepts?: T
}
interface Problem {
  path: string[]
  message: string
}
/** The type a rule accepts. */
export type RuleType<R> = R extends Rule<infer T> ? T : never
type Shape = Record<string, Rule<unknown>>
/** Every option is optional: an object rule accepts each of its fields or undefined. */
type ObjectOf<S extends Shape> = { [K in keyof S]?: RuleType<S[K]> }

/** A leaf of the options checker: `ok` decides, `problem` completes "<option path> ..." in the OptionError. */
const leaf = <T>(ok: (v: unknown) => boolean, problem: string): Rule<T> => ({
  check: (v) => (ok(v) ? null : { path: [], message: problem }),
})
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const within = (key: string, p: Problem | null): Problem | null => p && { path: [key, ...p.path], message: p.message }

/**
 * An object of optional fields, checked in the order written; unknown fields are ignored. `refine` runs once every
 * field passed and may name a field of its own.
 */
function object<S extends Shape>(shape: S, refine?: (o: ObjectOf<S>) => Problem | null): Rule<ObjectOf<S>> {
  return {
    check(v) {
      if (!isObject(v)) return { path: [], message: 'must be an object' }
      for (const [key, rule] of Object.entries(shape)) {
        if (v[key] === undefined) continue
        const p = within(key, rule.check(v[key]))
        if (p) return p
      }
      return refine ? refine(v as ObjectOf<S>) : null
    },
  }
}

/** A record of `entry` values by name. */
function record<T>(entry: Rule<T>, problem: string): Rule<Record<string, T>> {
  return {
    check(v) {
      if (!isObject(v)) return { path: [], message: problem }
      for (const [key, value] of Object.entries(v)) {
        const p = within(key, entry.check(value))
        if (p) return p
      }
      return null
    },
  }
}

const isInteger = (min: number) => (v: unknown) => Number.isInteger(v) && (v as number) >= min
const isStringArray = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string')
/** Checked where they are used, with messages that name their own fields (storage.file, keyStore.dir, keys.commitKey). */
const checkedLater = <T>(): Rule<T> => ({ check: () => null })
const positiveMs = leaf<number>((v) => Number.isFinite(v) && (v as number) > 0, 'must be a positive number of milliseconds')

/** A schema (Standard Schema or zod's safeParse) that is not known to be asynchronous. */
const schemaRule: Rule<SchemaLike> = {
  check(v) {
    if (!isSchemaLike(v)) return { path: [], message: 'is not a schema (a Standard Schema with ~standard.validate, or zod)' }
    const marker = asyncMarker(v)
    return marker ? { path: [], message: `${marker}; schemas must validate synchronously` } : null
  },
}

const decisionRule = object(
  {
    schemas: record(schemaRule, 'must be a record of schemas by key name'),
    writeOnce: leaf<string[]>(isStringArray, 'must be an array of key names'),
  },
  (d) => {
    for (const k of d.writeOnce ?? [])
      if (!d.schemas || !Object.hasOwn(d.schemas, k))
        return { path: ['writeOnce'], message: `names "${k}", which has no schema in decision.schemas` }
    return null
  },
)

/**
 * The options of createCustoms as a checker. It is typed against the public CustomsOptions (`satisfies` here, and
 * an exact type equality in test/options-schema.test.ts), so an option added to the type without a rule here, or
 * a rule that accepts something the type does not, fails the type check. Unknown options are ignored, as they
 * always were.
 */
export const customsOptionsSchema = object({
  storage: checkedLater<StorageOption>(),
  decision: decisionRule,
  execution: object({ ttlMs: positiveMs }),
  bridge: object({ tools: leaf<string[]>(isStringArray, 'must be an array of tool names') }),
  snapshotEvery: leaf<number>(isInteger(1), 'must be an integer >= 1'),
  keyStore: checkedLater<KeyProviderOption>(),
  keys: checkedLater<KeyOptions>(),
  encryption: leaf<boolean>(
    (v) => typeof v === 'boolean',
    'must be true or false (the keys come from the key store now; see docs/keys.md)',
  ),
  origin: leaf<string>((v) => typeof v === 'string', 'must be a string'),
  now: leaf<() => number>((v) => typeof v === 'function', 'must be a function returning epoch milliseconds'),
  actor: leaf<string>((v) => typeof v === 'string', 'must be a string'),
  sqlJs: leaf<SqlJsOptions>((v) => typeof v === 'object' && v !== null, 'must be an object (sql.js loading options)'),
  maxValueBytes: leaf<number>(isInteger(16), 'must be an integer >= 16'),
  // Checked by the scanner itself (ScanOptionError names the field) when the store opens.
  scan: checkedLater<ScanOptions>(),
  review: object({ timeoutMs: positiveMs }),
  working: object({ ttlMs: positiveMs, autoProposeSessions: leaf<number>(isInteger(0), 'must be an integer >= 0') }),
  memory: object({
    types: record(schemaRule, 'must be a record of schemas by type name'),
    conflicts: leaf<ConflictPolicy>(
      (v) => v === 'newest' || v === 'trust' || v === 'user' || v === 'review',
      "must be 'newest', 'trust', 'user' or 'review'",
    ),
  }),
  // Checked by the guard itself (OptionError names the field) when the store opens.
  guard: checkedLater<GuardOptions>(),
}) satisfies Rule<CustomsOptions>

/** Throws an OptionError naming the first wrong option (its path, e.g. `decision.schemas.x`). */
export function validateOptions(o: CustomsOptions): void {
  const problem = customsOptionsSchema.check(o)
  if (problem) throw new OptionError(problem.path.join('.') || 'options', problem.message)
}
