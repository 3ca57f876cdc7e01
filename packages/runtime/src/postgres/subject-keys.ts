/**
 * The key store of a PostgreSQL store's processes: the chain's keys from the user's key store (`keyStore`), and
 * the subject keys (erasure, docs/erasure.md) from the database.
 *
 * Why the database: a subject's key is made by whichever process first writes for that subject, and every other
 * process must be able to read the value and to destroy the key. Kept in the key store, a key made on one host
 * would be missing on the others (each host has its own copy of the key files), two processes could each make a
 * key for the same subject, and a save by one process could drop a key another had just saved. In the
 * `subject_keys` table (storage/postgres/schema.ts) a key is written in the same transaction as the first record
 * sealed with it, under the head lock, and `forget` destroys it in the same transaction as its FORGET receipt;
 * every process reads the rows it lacks when the head row's keys version moved. A key is wrapped (AES-256-GCM,
 * bound to the store, key id and subject tag) under the store's current encryption key, which only the key
 * store holds.
 *
 * The shared writer (postgres-customs.ts) and a PostgreSQL backend opened on its own (core/open.ts: a single writer,
 * the CLI) both use it. The value store (core/values.ts) does not know any of this: it loads and saves a key set as with any key store;
 * this provider adds the database's subject keys to what it loads, and turns the subject keys a save adds or
 * destroys into rows the next commit writes (storage/postgres/backend.ts). Subject keys never go to the user's
 * key store. Keys an earlier release saved there are still read, copied into the database with the next commit,
 * and removed from the key store by the `forget` that destroys them.
 */
import { fromBase64url, toBase64url } from '../crypto/hash.js'
import { openValue, sealValue } from '../crypto/values.js'
import { KeyStoreError } from '../errors.js'
import { cloneSubjectKeys, type KeySet, type SubjectKeySet } from '../keys/keyset.js'
import type { KeyProvider, Witness } from '../keys/provider.js'
import type { PostgresBackend, SubjectKeyRow, SubjectKeyRowSource } from '../storage/postgres/backend.js'

interface KnownKey {
  tag: string
  /** The key, or null once destroyed. */
  key: Uint8Array | null
}

export class SharedKeyStore implements KeyProvider, SubjectKeyRowSource {
  readonly kind: string
  readonly location: string
  /** Subject keys as committed in the database (and read here), by key id. */
  private readonly committedKeys = new Map<string, KnownKey>()
  /** The keys version `committedKeys` holds every row up to. */
  version = 0
  /** Changes this process saved that no commit has carried yet, by key id, with the key itself (null: destroyed). */
  private readonly stagedRows = new Map<string, { row: SubjectKeyRow; key: Uint8Array | null }>()
  /** Subject keys found in the user's key store (saved there by an earlier release). */
  private legacy: SubjectKeySet | undefined
  /** The chain's keys as last loaded from the user's key store, without subject keys. */
  private master: KeySet | null = null
  /** Set while a view opens: the witness is not read then (another process may move it past what was read). */
  opening = false

  constructor(
    private readonly inner: KeyProvider,
    private readonly backend: PostgresBackend,
  ) {
    // Keys from an environment variable cannot be written, so a file or browser store refuses subject values with
    // them; here subject keys go to the database, and only the chain's keys come from the variable.
    this.kind = inner.kind === 'env' ? 'env+postgres' : inner.kind
    this.location = inner.location
  }

  /** The chain's keys, with every subject key of the database (read first up to its current version). */
  async load(chain: string): Promise<KeySet | null> {
    const loaded = await this.inner.load(chain)
    if (!loaded) return null
    const { subjects, ...master } = loaded
    this.master = master
    if (subjects && (Object.keys(subjects.keys).length || Object.keys(subjects.erased).length)) this.adoptLegacy(subjects)
    await this.refresh()
    return { ...master, subjects: this.section() }
  }

  /**
   * A save of the value store (a new subject key, a `forget`) or of a rotation. Subject keys become staged rows for
   * the next commit; the user's key store is written only for what it holds: a new chain's keys, a new encryption
   * key, or a legacy subject key being destroyed.
   */
  async save(chain: string, keys: KeySet): Promise<void> {
    const { subjects, ...master } = keys
    const known = this.section()
    const rows: SubjectKeyRow[] = []
    const keysOf = new Map<string, Uint8Array>()
    if (subjects) {
      const tags = tagsByKid(subjects)
      for (const [kid, key] of Object.entries(subjects.keys)) {
        if (Object.hasOwn(known.keys, kid) || Object.hasOwn(known.erased, kid)) continue
        const tag = tags.get(kid)
        if (tag === undefined)
          throw new KeyStoreError('KEYS_INVALID', this.location, `subject key ${kid} serves no subject tag`, 'subjects.tags')
        rows.push({ kid, tag, wrapped: this.wrap(master, kid, tag, key) })
        keysOf.set(kid, key)
      }
      for (const [kid, tag] of Object.entries(subjects.erased))
        if (!Object.hasOwn(known.erased, kid)) rows.push({ kid, tag, wrapped: null })
    }
    const legacyErased = rows.filter((r) => r.wrapped === null && this.legacy && Object.hasOwn(this.legacy.keys, r.kid))
    // no master yet: the chain is being created; a different encryption key set: a rotation
    const changed = this.master === null || !sameEncryption(this.master, master)
    if (changed || legacyErased.length) {
      // Durable in the key store before the FORGET receipt can be (the value store awaits this save first).
      const legacy = this.legacy && cloneSubjectKeys(this.legacy)
      for (const r of legacyErased) {
        delete legacy!.keys[r.kid]
        if (legacy!.tags[r.tag] === r.kid) delete legacy!.tags[r.tag]
        legacy!.erased[r.kid] = r.tag
      }
      await this.inner.save(chain, legacy ? { ...master, subjects: legacy } : master)
      this.master = master
      this.legacy = legacy
    }
    for (const row of rows) this.stagedRows.set(row.kid, { row, key: keysOf.get(row.kid) ?? null })
  }

  loadWitness(chain: string): Promise<Witness | null> {
    return this.opening ? Promise.resolve(null) : this.inner.loadWitness(chain)
  }

  saveWitness(chain: string, w: Witness): Promise<void> {
    return this.inner.saveWitness(chain, w)
  }

  // ------------------------------------------------------------------ the database's rows

  /** Reads the rows committed after `version` (other processes' new and destroyed keys). */
  async refresh(): Promise<void> {
    const rows = await this.backend.subjectKeyRowsAfter(this.version)
    for (const r of rows) {
      this.learn(r)
      this.version = Math.max(this.version, r.version)
    }
  }

  /** The next commit's rows (backend.ts): everything staged, in the order it was staged. */
  staged(): readonly SubjectKeyRow[] {
    return [...this.stagedRows.values()].map((s) => s.row)
  }

  /** A commit carried `rows` at keys version `version`: they are the database's now. */
  committed(rows: readonly SubjectKeyRow[], version: number): void {
    for (const r of rows) {
      this.learn(r)
      if (this.stagedRows.get(r.kid)?.row === r) this.stagedRows.delete(r.kid)
    }
    // The head lock was held since the rows up to version - 1 were read (postgres-customs.ts refreshes first).
    this.version = Math.max(this.version, version)
  }

  /** Drops what was staged (a failed transaction: the view that made those keys is replaced, and with it the keys). */
  discardStaged(): void {
    this.stagedRows.clear()
  }

  /**
   * The subject keys as this process knows them: committed, then staged, then legacy ones not yet in the
   * database. A destroyed key id stays destroyed whatever else holds it.
   */
  section(): SubjectKeySet {
    const out: SubjectKeySet = { keys: {}, tags: {}, erased: {} }
    const put = (kid: string, tag: string, key: Uint8Array | null) => {
      if (Object.hasOwn(out.erased, kid)) return
      if (key === null) {
        delete out.keys[kid]
        if (out.tags[tag] === kid) delete out.tags[tag]
        out.erased[kid] = tag
        return
      }
      // a copy: the value store zeroes a key it destroys, and a transaction that then fails must find it intact here
      out.keys[kid] = key.slice()
      out.tags[tag] = kid
    }
    const legacy = this.legacy
    if (legacy) {
      for (const [kid, tag] of Object.entries(legacy.erased)) put(kid, tag, null)
      for (const [tag, kid] of Object.entries(legacy.tags)) if (Object.hasOwn(legacy.keys, kid)) put(kid, tag, legacy.keys[kid]!)
    }
    for (const [kid, k] of this.committedKeys) put(kid, k.tag, k.key)
    for (const { row, key } of this.stagedRows.values()) put(row.kid, row.tag, key)
    return out
  }

  private learn(r: SubjectKeyRow): void {
    const was = this.committedKeys.get(r.kid)
    if (r.wrapped === null) {
      was?.key?.fill(0)
      this.committedKeys.set(r.kid, { tag: r.tag, key: null })
    } else if (!was) this.committedKeys.set(r.kid, { tag: r.tag, key: this.unwrap(r) })
  }

  /** Keys an earlier release saved in the user's key store: read, and staged for the database. */
  private adoptLegacy(subjects: SubjectKeySet): void {
    this.legacy = subjects
    for (const [tag, kid] of Object.entries(subjects.tags)) {
      const key = subjects.keys[kid]
      if (key && !this.committedKeys.has(kid) && !this.stagedRows.has(kid) && this.master)
        this.stagedRows.set(kid, { row: { kid, tag, wrapped: this.wrap(this.master, kid, tag, key) }, key })
    }
  }

  // ------------------------------------------------------------------ wrapping

  /** What a wrapped key is bound to: its store, id and subject tag (a row moved to another does not open). */
  private binding(kid: string, tag: string): string {
    return `memory-customs/subject-key\n${this.backend.location}\n${kid}\n${tag}`
  }

  private wrap(master: Omit<KeySet, 'subjects'>, kid: string, tag: string, key: Uint8Array): string {
    return sealValue(master.encryption, this.binding(kid, tag), toBase64url(key))
  }

  private unwrap(r: SubjectKeyRow): Uint8Array {
    if (!this.master) throw new KeyStoreError('KEYS_MISSING', this.location, 'subject keys were read before the chain keys')
    try {
      return fromBase64url(openValue(this.master.encryption, this.binding(r.kid, r.tag), r.wrapped!))
    } catch (e) {
      throw new KeyStoreError(
        'KEYS_INVALID',
        this.backend.location,
        `subject key ${r.kid} in the database does not unwrap with the chain's encryption keys (altered, moved, or wrapped under a key the key store does not hold)`,
        'subjects',
        e,
      )
    }
  }
}

/** The tag each subject key serves, from a key set's tags. */
function tagsByKid(s: SubjectKeySet): Map<string, string> {
  const out = new Map<string, string>()
  for (const [tag, kid] of Object.entries(s.tags)) out.set(kid, tag)
  return out
}

function sameEncryption(a: Omit<KeySet, 'subjects'>, b: Omit<KeySet, 'subjects'>): boolean {
  if (a.encryption.current !== b.encryption.current) return false
  const ka = Object.keys(a.encryption.keys)
  return ka.length === Object.keys(b.encryption.keys).length && ka.every((k) => Object.hasOwn(b.encryption.keys, k))
}
