/**
 * Value records: what a store keeps of each committed value, and how a value is read back.
 *
 * Values written in this process are held as canonical text and trusted for the life of the process. Values
 * loaded from storage are kept as stored (sealed) and opened on their first read, synchronously: decrypted,
 * then checked against the commitment their receipt holds. A value that fails is never returned: the read
 * throws ValueIntegrityError naming the receipt. Format-1 records (`{"data":…,"sig":…}`, plaintext, hex
 * commitments) are read the same way with the legacy keys.
 *
 * Values written for a subject (docs/erasure.md) are sealed with that subject's own random key, always (also
 * with `encryption: false`: a plaintext record could not be erased). A new subject key is saved in the key store
 * before any record sealed with it reaches the journal (the journal writer calls `saveKeys` first), and `forget`
 * saves the key set without the key before its FORGET receipt is written (`shredSubject`). From then on a read
 * of such a value throws ErasedError, here and after every reopen.
 */
import { ErasedError, KeyStoreError, ValueIntegrityError } from '../errors.js'
import { hexEqual } from '../crypto/hash.js'
import type { Ring } from '../crypto/ring.js'
import {
  forgetKeyObject,
  isSealedBody,
  isSubjectKeyId,
  openValue,
  recordKeyId,
  sealValue,
  subjectTag,
  subjectValueInput,
  ValueRecordError,
} from '../crypto/values.js'
import { SealedAhead } from './sealed-ahead.js'
import { MAX_SUBJECT_KEYS, newSubjectKey, newSubjectKeyId, type SubjectKeySet } from '../keys/keyset.js'
import type { KeyProvider } from '../keys/provider.js'

/** Subjects whose tag is kept at hand (see `subjectTag`). */
const TAG_CACHE = 1024

/** Format-1 commitments are 64 hex characters; format-2 ones 43 base64url characters. */
const isLegacyCommit = (commit: string): boolean => commit.length === 64

export class ValueStore {
  /** Canonical value text by commitment: written here, or opened and checked once. */
  private readonly plain = new Map<string, string>()
  /** Records read from the journal at open, as stored (sealed); opened on first read, then dropped from here. */
  private readonly stored = new Map<string, string>()
  /** Format-1 result signatures by commitment (format 2 keeps them in the STORE receipt). */
  private readonly legacySigs = new Map<string, string>()
  /** Subject key id of each subject value held in `plain` (forget drops the text by key id). */
  private readonly subjectKid = new Map<string, string>()
  /** Subject values erased while their text was held here (no sealed copy in `stored`): commitment to key id. */
  private readonly erased = new Map<string, string>()
  /** Where subject keys are saved (bound by the journal writer, which owns the store's key-store writes). */
  private keyStore: { provider: KeyProvider; chain: string } | null = null
  /** Recent subjects' tags (dropped for a subject that is forgotten). */
  private readonly tags = new Map<string, string>()
  /** Subject key ids being destroyed, with their subject's tag: left out of every key set saved from now on. */
  private readonly shredding = new Map<string, string>()
  /** Changes to the subject keys, and how many of them a save has made durable. */
  private keysChanged = 0
  private keysSaved = 0
  /** Key-set saves run one at a time, in order (a save computes what it writes when its turn comes). */
  private keyWrites: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly ring: Ring,
    /** Seal new records with AES-GCM (the default), or store them as plaintext `{"data":…}`. */
    private readonly encrypt: boolean,
  ) {}

  /** The subject keys in use (shared with `ring.values`, where opening and sealing read them). */
  private get subjects(): SubjectKeySet {
    return (this.ring.values.subjects ??= { keys: {}, tags: {}, erased: {} })
  }

  /** Whether a record for this commitment is already stored (the same value is stored once). */
  has(commit: string): boolean {
    return this.plain.has(commit) || this.stored.has(commit) || this.erased.has(commit)
  }

  /** A value written in this process: held as text; its journal record is sealed by `recordFor` at flush. */
  remember(commit: string, text: string, kid?: string): void {
    this.plain.set(commit, text)
    if (kid !== undefined) this.subjectKid.set(commit, kid)
  }

  /** The journal body of a value written in this process: sealed (always, for a subject value) or plaintext. */
  recordFor(commit: string, text: string, kid?: string): string {
    if (kid !== undefined) return sealValue(this.ring.values, commit, text, kid)
    if (!this.encrypt) return JSON.stringify({ data: text })
    return this.ahead?.take(commit, this.ring.values.current) ?? sealValue(this.ring.values, commit, text)
  }

  /** Records sealed by `sealAhead`, taken by `recordFor` (made on first use: only a PostgreSQL process seals ahead). */
  private ahead: SealedAhead | null = null

  /**
   * Seals the record of a value whose write will reach the journal writer later (core/sealed-ahead.ts), unless
   * a record of it is held already. A value that will be written for a subject is sealed with the subject's key
   * then instead; its record here is never taken.
   */
  sealAhead(text: string): void {
    if (!this.encrypt) return
    const commit = this.ring.commit(text)
    const ahead = (this.ahead ??= new SealedAhead())
    if (this.has(commit) || ahead.has(commit)) return
    ahead.put(commit, this.ring.values.current, sealValue(this.ring.values, commit, text))
  }

  /** How many records sealed ahead wait to be taken (tests). */
  get sealedAhead(): number {
    return this.ahead?.size ?? 0
  }

  /** A record read from the journal at open: kept as stored, opened on first read. */
  loadStored(commit: string, body: string): void {
    if (!this.plain.has(commit)) this.stored.set(commit, body)
  }

  /**
   * The canonical text behind a commitment, checked; undefined when no record is stored for it. Throws
   * ValueIntegrityError (naming `seq`) when the stored record does not open or does not match, and ErasedError
   * (forget seq 0: the ledger names it) when its subject key was destroyed.
   */
  text(commit: string, seq = 0): string | undefined {
    const cached = this.plain.get(commit)
    if (cached !== undefined) return cached
    if (this.erased.has(commit)) throw new ErasedError(commit, 0)
    const body = this.stored.get(commit)
    if (body === undefined) return undefined
    const text = this.open(commit, body, seq)
    this.plain.set(commit, text)
    this.stored.delete(commit)
    return text
  }

  /** A fresh copy of the value behind a commitment, or undefined. */
  read(commit: string | null | undefined, seq = 0): unknown {
    if (!commit) return undefined
    const text = this.text(commit, seq)
    return text === undefined ? undefined : JSON.parse(text)
  }

  /** Format-1 tool results carry their signature in the record; undefined for format-2 records. */
  legacySignature(commit: string): string | undefined {
    this.text(commit)
    return this.legacySigs.get(commit)
  }

  // --- Subjects (erasure) ---

  /** The keyed tag of a subject: how receipts and key sets name it (never in clear). */
  subjectTag(subject: string): string {
    let tag = this.tags.get(subject)
    if (tag === undefined) {
      // Writes for a subject come in runs: one HMAC per write saved. Cleared when full (no subject text piles up).
      if (this.tags.size >= TAG_CACHE) this.tags.clear()
      this.tags.set(subject, (tag = subjectTag(this.ring.commit, subject)))
    }
    return tag
  }

  /**
   * The key id a new value for `subject` is sealed with; a fresh random key when the subject has none (saved
   * before its first record is written). Throws KeyStoreError when the key store cannot keep a new key.
   */
  subjectKeyId(subject: string): string {
    const s = this.subjects
    const tag = this.subjectTag(subject)
    const held = s.tags[tag]
    if (held !== undefined) return held
    const ks = this.keyStore
    if (ks?.provider.kind === 'env')
      throw new KeyStoreError(
        'KEYS_READ_ONLY',
        ks.provider.location,
        'a value written with `subject` needs a key of its own, saved in the key store so that forget can destroy it; ' +
          `keys from an environment variable cannot be written: use a writable key store for subject values (docs/erasure.md)`,
        'subjects',
      )
    if (Object.keys(s.keys).length >= MAX_SUBJECT_KEYS)
      throw new KeyStoreError(
        'KEYS_INVALID',
        ks?.provider.location ?? 'key set',
        `a key set holds at most ${MAX_SUBJECT_KEYS} subject keys (docs/erasure.md, "Scale")`,
        'subjects.keys',
      )
    const kid = newSubjectKeyId(this.ring.values.keys, s)
    s.keys[kid] = newSubjectKey()
    s.tags[tag] = kid
    this.keysChanged++
    return kid
  }

  /** The commitment of `text` written for subject key `kid`: domain-separated, so it never shares a record. */
  subjectCommit(kid: string, text: string): string {
    return this.ring.commit(subjectValueInput(kid, text))
  }

  /** The subject key id a value is sealed with, or null for a value written without a subject. */
  keyIdOf(commit: string): string | null {
    const kid = this.subjectKid.get(commit) ?? this.erased.get(commit)
    if (kid !== undefined) return kid
    const body = this.stored.get(commit)
    if (body === undefined || !isSealedBody(body)) return null
    const named = recordKeyId(body)
    return named !== null && isSubjectKeyId(this.ring.values, named) ? named : null
  }

  /** The tag of the subject whose destroyed key `kid` was, or undefined. */
  erasedTag(kid: string): string | undefined {
    const s = this.subjects
    return Object.hasOwn(s.erased, kid) ? s.erased[kid] : undefined
  }

  /** Binds the key store that subject keys are saved in (the journal writer does, for its chain). */
  useKeyStore(provider: KeyProvider, chain: string): void {
    this.keyStore = { provider, chain }
  }

  /** Whether a subject key was made that no save has made durable yet (then `saveKeys` before sealing). */
  get keysPending(): boolean {
    return this.keysChanged > this.keysSaved
  }

  /** Saves the subject keys in the key store (after every earlier save); rejects with KeyStoreError. */
  saveKeys(): Promise<void> {
    return this.inTurn(() => this.writeKeys())
  }

  /**
   * Destroys the subject's key: the key set without it (and with its tombstone) is saved durably first, then the
   * key and every decrypted text sealed with it are dropped from memory. Nothing changes when the save fails (the
   * error is a KeyStoreError saying why). Resolves with the subject's tag and the destroyed key id (null when
   * the subject had no key: nothing was ever written for it, or it was forgotten already).
   */
  shredSubject(subject: string): Promise<{ tag: string; kid: string | null }> {
    const tag = this.subjectTag(subject)
    this.tags.delete(subject)
    return this.inTurn(async () => {
      const kid = Object.hasOwn(this.subjects.tags, tag) ? this.subjects.tags[tag] : null
      if (kid !== null) this.shredding.set(kid, tag)
      try {
        await this.writeKeys()
      } catch (e) {
        if (kid !== null) this.shredding.delete(kid)
        throw readOnlyForget(e)
      }
      if (kid !== null) this.dropKey(kid, tag)
      return { tag, kid }
    })
  }

  private dropKey(kid: string, tag: string): void {
    const s = this.subjects
    const key = s.keys[kid]
    delete s.keys[kid]
    if (s.tags[tag] === kid) delete s.tags[tag]
    s.erased[kid] = tag
    this.shredding.delete(kid)
    // Best effort: the bytes are overwritten and the cached KeyObject dropped; a copy inside the runtime's crypto
    // objects lives until it is collected.
    if (key) {
      forgetKeyObject(key)
      key.fill(0)
    }
    for (const [commit, k] of this.subjectKid) {
      if (k !== kid) continue
      this.subjectKid.delete(commit)
      this.plain.delete(commit)
      if (!this.stored.has(commit)) this.erased.set(commit, kid)
    }
  }

  /**
   * Takes what a key set read again from a key store shared with other processes holds and this store lacks: the
   * keys (and subject tags) of subjects another process made, and the destruction of keys another process's
   * `forget` destroyed: such a key, and every text opened with it, is dropped here too. A key destroyed here is
   * never taken back, and a subject's tag keeps the key this store already seals it with.
   */
  adoptSubjectKeys(from: SubjectKeySet): void {
    const s = this.subjects
    for (const [kid, tag] of Object.entries(from.erased))
      if (!Object.hasOwn(s.erased, kid) && !this.shredding.has(kid)) this.dropKey(kid, tag)
    for (const [kid, key] of Object.entries(from.keys)) if (!Object.hasOwn(s.keys, kid) && !Object.hasOwn(s.erased, kid)) s.keys[kid] = key
    for (const [tag, kid] of Object.entries(from.tags)) if (!Object.hasOwn(s.tags, tag) && Object.hasOwn(s.keys, kid)) s.tags[tag] = kid
  }

  /**
   * Runs `f` in the queue of key-set saves: a caller that loads, changes and saves the key set itself (rotating the
   * encryption key) must, so that it cannot save over a subject key saved between its load and its save.
   */
  keySetTurn<T>(f: () => Promise<T>): Promise<T> {
    return this.inTurn(f)
  }

  private inTurn<T>(f: () => Promise<T>): Promise<T> {
    const run = this.keyWrites.then(f, f)
    this.keyWrites = run.catch(() => {})
    return run
  }

  /** Loads the chain's key set, puts the subject keys in it as this store holds them, saves it. */
  private async writeKeys(): Promise<void> {
    const ks = this.keyStore
    if (!ks) throw new KeyStoreError('KEYS_UNAVAILABLE', 'value store', 'no key store is bound to save subject keys in')
    const version = this.keysChanged
    // A snapshot (shallow: key bytes are never changed here): a provider that awaits while it saves (IndexedDB
    // wraps key by key) must not see a key made meanwhile in one map and not in another.
    const s = this.subjects
    const section: SubjectKeySet = { keys: { ...s.keys }, tags: { ...s.tags }, erased: { ...s.erased } }
    for (const [kid, tag] of this.shredding) {
      delete section.keys[kid]
      if (section.tags[tag] === kid) delete section.tags[tag]
      section.erased[kid] = tag
    }
    const current = await ks.provider.load(ks.chain)
    if (!current)
      throw new KeyStoreError(
        'KEYS_MISSING',
        ks.provider.location,
        `the keys of chain ${ks.chain} are no longer in the key store, so subject keys cannot be saved`,
      )
    await ks.provider.save(ks.chain, { ...current, subjects: section })
    this.keysSaved = Math.max(this.keysSaved, version)
  }

  private open(commit: string, body: string, seq: number): string {
    let text: string
    let kid: string | null = null
    if (isSealedBody(body)) {
      try {
        text = openValue(this.ring.values, commit, body)
      } catch (e) {
        if (e instanceof ValueRecordError && e.problem === 'erased') throw new ErasedError(commit, 0)
        throw new ValueIntegrityError(
          seq,
          commit,
          e instanceof ValueRecordError && e.problem === 'unknown-key'
            ? `is sealed with a key the key store does not hold (${e.message})`
            : 'does not decrypt (altered, moved to another commitment, or sealed with another key)',
        )
      }
      const named = recordKeyId(body)
      if (named !== null && isSubjectKeyId(this.ring.values, named)) kid = named
    } else {
      let rec: { data?: unknown; sig?: unknown }
      try {
        rec = JSON.parse(body) as typeof rec
      } catch {
        throw new ValueIntegrityError(seq, commit, 'is not a readable record')
      }
      if (typeof rec?.data !== 'string') throw new ValueIntegrityError(seq, commit, 'is not a readable record')
      text = rec.data
      if (typeof rec.sig === 'string') this.legacySigs.set(commit, rec.sig)
    }
    const expected = isLegacyCommit(commit)
      ? this.ring.legacy.commit(text)
      : kid !== null
        ? this.subjectCommit(kid, text)
        : this.ring.commit(text)
    if (!hexEqual(expected, commit))
      throw new ValueIntegrityError(seq, commit, 'does not match its commitment (swapped or altered at rest)')
    if (kid !== null) this.subjectKid.set(commit, kid)
    return text
  }
}

/** A read-only key store's refusal, reworded for forget: nothing was destroyed and no receipt was written. */
function readOnlyForget(e: unknown): unknown {
  if (!(e instanceof KeyStoreError) || e.code !== 'KEYS_READ_ONLY') return e
  return new KeyStoreError(
    'KEYS_READ_ONLY',
    e.location,
    'forget cannot destroy a subject key in a read-only key store: the key would stay where it is read from, so ' +
      'the values would not be erased; nothing was destroyed and no FORGET receipt was written. Move the keys to a ' +
      'writable key store (keyStore: { dir } or a KeyProvider) to honour erasure requests (docs/erasure.md)',
    'subjects',
    e,
  )
}
