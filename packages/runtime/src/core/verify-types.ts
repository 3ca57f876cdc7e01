/**
 * The shapes of verification (core/verify.ts): what `verify()` takes and reports, what it reads, and what the open
 * path receives from the same pass (core/open.ts replays through a `ReplaySink`).
 */
import type { Authenticator, Witness } from '../crypto/auth.js'
import type { CheckpointSigner } from '../crypto/checkpoint.js'
import type { Hmac } from '../crypto/hash.js'
import type { MerkleFrontier } from '../crypto/merkle.js'
import type { ValueKeys } from '../crypto/values.js'
import type { BodyV2 } from '../format/v2.js'
import type { JournalEntry } from '../storage/types.js'
import type { ReceiptBody } from './receipt.js'

export type VerifyCode =
  | 'BAD_ENCODING'
  | 'BAD_HASH'
  | 'BAD_MAC'
  | 'BROKEN_LINK'
  | 'SEQ_GAP'
  | 'SEQ_DUP'
  | 'ROOT_MISMATCH'
  | 'BAD_SIGNATURE'
  | 'UNKNOWN_KEY'
  | 'TRUNCATED'
  | 'FORK'
  | 'BAD_VALUE'
  | 'DECRYPT_FAILED'

export interface VerifyOptions {
  /** A checkpoint note kept outside the store (the trust anchor against truncation and replacement). */
  checkpoint?: string
  /** Also decrypt every format-2 value record and check it against its commitment (slow; off by default). */
  values?: boolean
  /**
   * Told how many receipts were read so far: after each batch the backend hands over (every 4,096 entries for a
   * backend without batches) and once at the end. For a progress line on a large store; it must not throw.
   */
  onProgress?: (read: number) => void
}

export interface VerifyReport {
  ok: boolean
  /** Receipts checked. */
  checked: number
  firstFailure?: { seq: number; code: VerifyCode; detail?: string }
  /**
   * The highest seq covered by a valid MAC (which authenticates every receipt before it too). Receipts after
   * it are an unauthenticated tail: `ok` stays true, the CLI reports it with its own exit code.
   */
  authenticatedThrough: number
  /** Format-1 receipts at the start of the chain (written before the store was migrated). */
  legacy: number
  /**
   * With `values: true`, when there are any: value records sealed with a subject key that `forget` destroyed. They
   * are authenticated like every record (the receipt MACs cover their bytes, key id included) and counted here,
   * not as failures.
   */
  erased?: number
}

export interface VerifyInput {
  chain: string
  /** The journal's entries in order; or `batches` of them (a backend's `readBatches`), which is cheaper. */
  entries?: AsyncIterable<JournalEntry> | Iterable<JournalEntry>
  batches?: AsyncIterable<JournalEntry[]>
  /** Authenticates format-2 receipts; null when the auth key is not at hand (then nothing counts as authenticated). */
  auth: Authenticator | null
  /** Format-1 keys (hex HMACs) for legacy records; null for a store created in format 2 (no legacy part). */
  legacy: { commit: Hmac; sign: Hmac } | null
  /** Format-2 commitment and signing HMACs (base64url) and value keys (for `values: true` and STORE signatures). */
  commit: Hmac
  sign: Hmac
  valueKeys: ValueKeys | null
  checkpoint: CheckpointSigner
  /** Sizes of the checkpoints stored in the journal (their roots are computed at exactly these sizes). */
  checkpointSizes: ReadonlySet<number>
  witness: Witness | null
  options: VerifyOptions
  /** Opening: replay every entry into the store; the scan then reads to the end even after a failure. */
  replay?: ReplaySink
  /**
   * Opening from an open snapshot (core/open-snapshot.ts): the entries given are the journal's tail after the
   * prefix the snapshot covers, and the scan continues from the chain as it stood there.
   */
  resume?: VerifyResume
}

/** The chain after a prefix verified earlier (an authenticated open snapshot vouches for it). */
export interface VerifyResume {
  /** Receipts in the prefix. */
  size: number
  /** The last receipt's hash as format 2 links it (base64url) and as format 1 does (hex). */
  prev: string
  prevHex: string
  /** Whether the prefix holds format-2 receipts (a format-1 receipt may not follow them). */
  sawV2: boolean
  authenticatedThrough: number
  legacy: number
  /** Hash of receipt `seq` of the prefix as the chain spells it (hex or base64url). */
  hashAt(seq: number): string | undefined
  /** Merkle frontier over the prefix's first `size` receipts (built on demand: only checkpoints need it). */
  frontier(size: number): MerkleFrontier
  /** Whether a value record with this commitment is in the prefix (only used to name a failure). */
  hasValue(commit: string): boolean
}

/** One receipt as read from the journal, for opening a store in the same pass that verifies it. */
export interface ScannedReceipt {
  /** Chain position (1-based): the n-th receipt entry. */
  pos: number
  text: string
  /** Its hash as the chain uses it (format 1: stored hex; format 2: derived base64url) and the one before it. */
  hash: string
  prev: string
  v1: ReceiptBody | null
  v2: BodyV2 | null
}

/** Open-time consumer of the scan: sees every entry in order, also after a failure (the store still opens). */
export interface ReplaySink {
  receipt(r: ScannedReceipt): void
  /** `macCovered`: the record goes into the MAC input of the next format-2 receipt (not a legacy record). */
  value(commit: string, body: string, macCovered: boolean): void
  checkpoint(size: number, note: string): void
}
