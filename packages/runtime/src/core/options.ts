/** Options of createCustoms. */
import type { ZodType } from 'zod'
import type { EncryptionOptions } from '../crypto/encryption.js'
import type { KeyOptions } from '../crypto/keys.js'
import type { StorageOption } from '../storage/resolve.js'
import type { SqlJsOptions } from './index-db.js'
import { OptionError } from '../errors.js'

export interface CustomsOptions {
  /**
   * Where the journal lives. Default: in memory (nothing survives the process). `{ file: dir }` in Node
   * (append-only journal with fdatasync), `{ indexedDB: name }` in browsers, or any StorageBackend object.
   */
  storage?: StorageOption
  decision?: {
    /** Keys the Decision pool accepts, each with the zod schema its values must pass (the parsed value is stored). */
    schemas?: Record<string, ZodType>
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
   * Key material. Keys not given are generated when the store is created and written to its `meta` journal
   * entry: then whoever holds the store also holds the keys (and could rewrite and re-sign history). Pass them
   * in, and keep checkpoints outside the store, to make tampering by a store holder detectable.
   */
  keys?: KeyOptions
  /** AES-GCM encryption of stored values (`getKey` may return a promise; old key ids stay readable). */
  encryption?: EncryptionOptions
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
}

const DEFAULT_TTL = 15 * 60 * 1000
const DEFAULT_MAX_VALUE = 1024 * 1024

/** The options the write gates and the chain read, with defaults applied. */
export interface WriteRules {
  schemas: Record<string, ZodType>
  writeOnce: Set<string>
  tools: Set<string>
  ttlMs: number
  maxValueBytes: number
  snapshotEvery: number
  now: () => number
  defaultActor: string | null
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
  }
}

export function validateOptions(o: CustomsOptions): void {
  if (o === null || typeof o !== 'object') throw new OptionError('options', 'must be an object')
  const schemas = o.decision?.schemas
  if (schemas !== undefined) {
    if (typeof schemas !== 'object' || schemas === null) throw new OptionError('decision.schemas', 'must be a record of zod schemas')
    for (const [k, s] of Object.entries(schemas))
      if (!s || typeof (s as ZodType).safeParse !== 'function') throw new OptionError(`decision.schemas.${k}`, 'is not a zod schema (no safeParse)')
  }
  for (const k of o.decision?.writeOnce ?? [])
    if (!schemas || !Object.hasOwn(schemas, k)) throw new OptionError('decision.writeOnce', `names "${k}", which has no schema in decision.schemas`)
  if (o.execution?.ttlMs !== undefined && !(Number.isFinite(o.execution.ttlMs) && o.execution.ttlMs > 0)) throw new OptionError('execution.ttlMs', 'must be a positive number of milliseconds')
  if (o.snapshotEvery !== undefined && !(Number.isInteger(o.snapshotEvery) && o.snapshotEvery >= 1)) throw new OptionError('snapshotEvery', 'must be an integer >= 1')
  if (o.maxValueBytes !== undefined && !(Number.isInteger(o.maxValueBytes) && o.maxValueBytes >= 16)) throw new OptionError('maxValueBytes', 'must be an integer >= 16')
  if (o.bridge?.tools !== undefined && (!Array.isArray(o.bridge.tools) || o.bridge.tools.some((t) => typeof t !== 'string')))
    throw new OptionError('bridge.tools', 'must be an array of tool names')
  if (o.encryption && (typeof o.encryption.currentKeyId !== 'string' || typeof o.encryption.getKey !== 'function'))
    throw new OptionError('encryption', 'must be { currentKeyId: string, getKey(id) }')
}
