/** Options of createCustoms. */
import type { ZodType } from 'zod'
import type { EncryptionOptions } from '../crypto/encryption.js'
import type { KeyOptions } from '../crypto/keys.js'
import type { StorageOption } from '../storage/resolve.js'
import type { SqlJsOptions } from './index-db.js'

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
