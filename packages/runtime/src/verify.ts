/**
 * `memory-customs/verify`: what an independent verifier needs, and nothing an application calls. The
 * canonical JSON profile, both receipt formats' body encoders and strict parsers, the hash and link rules,
 * the receipt MAC and value-record digest, the RFC 6962 Merkle tree, checkpoint notes, and the streaming
 * verifier itself (the same code `customs.verify()` and the open-time check run). docs/audit-format.md
 * describes the bytes; test vectors are in packages/runtime/test/format.
 */
export { canonicalize, CanonicalError, isCanonical, type CanonicalOptions } from './core/canonical.js'
export { encodeBody, parseCanonicalBody, ZERO_HASH, type ReceiptBody } from './core/receipt.js'
export { encodeBodyV2, parseBodyV2, genesisV2, receiptHashV2, receiptIdV2, toReceiptV2, type BodyV2 } from './format/v2.js'
export { leafHashHex, sha256Base64url, b64urlToHex, hexToB64url, toBase64url, fromBase64url } from './crypto/hash.js'
export { createAuthenticator, valuesDigest, type Authenticator } from './crypto/auth.js'
export { resultSigInput, openValue, isSealedBody, type ValueKeys } from './crypto/values.js'
export { MerkleFrontier, merkleRootNaive } from './crypto/merkle.js'
export { parseCheckpointNote, checkNote, type Checkpoint, type CheckpointSigner } from './crypto/checkpoint.js'
export {
  verifyJournal,
  type VerifyInput,
  type ScannedReceipt,
  type ReplaySink,
  type VerifyReport,
  type VerifyCode,
  type VerifyOptions,
} from './core/verify.js'
