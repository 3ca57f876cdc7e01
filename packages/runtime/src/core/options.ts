/** Options of createCustoms. */
import type { ZodType } from 'zod'
import type { KeyProviderOption } from '../keys/provider.js'
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
  if (o.encryption !== undefined && typeof o.encryption !== 'boolean')
    throw new OptionError('encryption', 'must be true or false (the keys come from the key store now; see docs/keys.md)')
}
