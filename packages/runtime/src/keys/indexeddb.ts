/**
 * Browser key store (the browser default). IndexedDB database `memory-customs-keys`, three object stores:
 *
 *   wrapping  `default` → a non-extractable AES-KW CryptoKey (256 bits), generated once, stored as a CryptoKey
 *   keysets   <chain>   → the key set with every secret wrapped by that key (AES-KW); the Ed25519 public key plain
 *   witness   <chain>   → { v: 1, seq, hash, mac } (not secret, stored plain)
 *
 * A script running in the origin can still use the wrapping key (it cannot export it), so this protects the
 * stored bytes (a copied profile, disk forensics, a backup of the browser's storage), not against XSS.
 * `load` unwraps into memory so the store can use the raw bytes in synchronous writes.
 *
 * AES-KW wraps key material in multiples of 8 bytes; each secret is wrapped as the raw bytes of an HMAC key
 * holding `uint32 length ‖ secret ‖ zero padding`, so any length (32-byte keys, PKCS #8) wraps the same way.
 */
import { KeyStoreError } from '../errors.js'
import { assertChainId, chainMismatch, checkShape, type CheckpointKeys, type KeySet } from './keyset.js'
import type { KeyProvider, Witness } from './provider.js'
import { checkWitness } from './witness.js'

export const KEYS_DATABASE = 'memory-customs-keys'
const DB_VERSION = 1
const WRAPPING = 'wrapping'
const KEYSETS = 'keysets'
const WITNESS = 'witness'
const WRAPPING_ID = 'default'
const HOLDER = { name: 'HMAC', hash: 'SHA-256' } as const

export interface IndexedDBKeyProviderOptions {
  /** Database name (default `memory-customs-keys`). */
  database?: string
}

export interface IndexedDBKeyProvider extends KeyProvider {
  readonly kind: 'indexeddb'
  readonly database: string
  /** Closes the database connection (it is reopened on next use). */
  close(): void
}

/** What `keysets` holds per chain: secrets as AES-KW ciphertexts (ArrayBuffer), nothing raw. */
interface WrappedKeySet {
  v: 1
  chain: string
  wrap: 'AES-KW'
  commit: ArrayBuffer
  signing: ArrayBuffer
  auth: ArrayBuffer
  checkpoint: { alg: 'ed25519'; publicKey: Uint8Array; privateKey: ArrayBuffer } | { alg: 'hmac' }
  encryption: { current: string; keys: Record<string, ArrayBuffer> }
  /** Per-subject keys, wrapped like the others; tags and tombstones are keyed tags and ids, stored plain. */
  subjects?: { keys: Record<string, ArrayBuffer>; tags: Record<string, string>; erased: Record<string, string> }
}

export function createIndexedDBKeyProvider(options: IndexedDBKeyProviderOptions = {}): IndexedDBKeyProvider {
  return new IndexedDBKeys(options.database ?? KEYS_DATABASE)
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error)
    tx.onabort = () => reject(tx.error ?? new Error('transaction aborted'))
  })
}

class IndexedDBKeys implements IndexedDBKeyProvider {
  readonly kind = 'indexeddb'
  readonly location: string
  private db: Promise<IDBDatabase> | undefined
  private wrappingKey: Promise<CryptoKey> | undefined

  constructor(readonly database: string) {
    this.location = `indexeddb:${database}`
  }

  async load(chain: string): Promise<KeySet | null> {
    assertChainId(chain, this.location)
    const rec = await this.get<WrappedKeySet>(KEYSETS, chain)
    if (rec === undefined) return null
    const kw = await this.get<CryptoKey>(WRAPPING, WRAPPING_ID)
    if (!kw)
      throw new KeyStoreError(
        'KEYS_INVALID',
        this.location,
        `the keys of chain ${chain} are stored but the wrapping key is gone`,
        'wrapping',
      )
    if (typeof rec !== 'object' || rec === null || rec.v !== 1 || rec.wrap !== 'AES-KW')
      throw new KeyStoreError('KEYS_INVALID', this.location, `the stored keys of chain ${chain} are not a wrapped key set`, '(record)')
    if (rec.chain !== chain) throw chainMismatch(this.location, chain, rec.chain)
    const open = (w: unknown, field: string) => this.unwrap(kw, w, field)
    let checkpoint: CheckpointKeys
    if (rec.checkpoint?.alg === 'ed25519') {
      if (!(rec.checkpoint.publicKey instanceof Uint8Array)) throw this.bad('checkpoint.publicKey', 'is not bytes')
      checkpoint = {
        alg: 'ed25519',
        publicKey: rec.checkpoint.publicKey.slice(),
        privateKey: await open(rec.checkpoint.privateKey, 'checkpoint.privateKey'),
      }
    } else if (rec.checkpoint?.alg === 'hmac') checkpoint = { alg: 'hmac' }
    else throw this.bad('checkpoint.alg', 'is not "ed25519" or "hmac"')
    const keys: Record<string, Uint8Array> = {}
    for (const [id, w] of Object.entries(rec.encryption?.keys ?? {})) keys[id] = await open(w, `encryption.keys.${id}`)
    const out: KeySet = {
      v: 1,
      chain,
      commit: await open(rec.commit, 'commit'),
      signing: await open(rec.signing, 'signing'),
      auth: await open(rec.auth, 'auth'),
      checkpoint,
      encryption: { current: rec.encryption?.current, keys },
    }
    if (rec.subjects !== undefined) {
      const sk: Record<string, Uint8Array> = {}
      for (const [id, w] of Object.entries(rec.subjects?.keys ?? {})) sk[id] = await open(w, `subjects.keys.${id}`)
      out.subjects = { keys: sk, tags: { ...rec.subjects?.tags }, erased: { ...rec.subjects?.erased } }
    }
    checkShape(out, this.location)
    return out
  }

  async save(chain: string, keys: KeySet): Promise<void> {
    assertChainId(chain, this.location)
    checkShape(keys, this.location)
    if (keys.chain !== chain) throw chainMismatch(this.location, chain, keys.chain)
    const kw = await this.wrapping()
    const wrap = (b: Uint8Array) => this.wrap(kw, b)
    const enc: Record<string, ArrayBuffer> = {}
    for (const [id, k] of Object.entries(keys.encryption.keys)) enc[id] = await wrap(k)
    const rec: WrappedKeySet = {
      v: 1,
      chain,
      wrap: 'AES-KW',
      commit: await wrap(keys.commit),
      signing: await wrap(keys.signing),
      auth: await wrap(keys.auth),
      checkpoint:
        keys.checkpoint.alg === 'ed25519'
          ? { alg: 'ed25519', publicKey: keys.checkpoint.publicKey.slice(), privateKey: await wrap(keys.checkpoint.privateKey) }
          : { alg: 'hmac' },
      encryption: { current: keys.encryption.current, keys: enc },
    }
    if (keys.subjects) {
      // A destroyed subject key is gone from the record that replaces this one (put overwrites it whole).
      const sk: Record<string, ArrayBuffer> = {}
      for (const [id, k] of Object.entries(keys.subjects.keys)) sk[id] = await wrap(k)
      rec.subjects = { keys: sk, tags: { ...keys.subjects.tags }, erased: { ...keys.subjects.erased } }
    }
    await this.put(KEYSETS, chain, rec)
  }

  async loadWitness(chain: string): Promise<Witness | null> {
    assertChainId(chain, this.location)
    const w = await this.get<unknown>(WITNESS, chain)
    if (w === undefined) return null
    if (typeof w !== 'object' || w === null || (w as { v?: unknown }).v !== 1)
      throw new KeyStoreError('KEYS_INVALID', this.location, `the witness of chain ${chain} is not a witness`, 'v')
    return checkWitness(w, `${this.location} witness ${chain}`)
  }

  async saveWitness(chain: string, w: Witness): Promise<void> {
    assertChainId(chain, this.location)
    const c = checkWitness(w, this.location)
    await this.put(WITNESS, chain, { v: 1, seq: c.seq, hash: c.hash, mac: c.mac })
  }

  close(): void {
    const db = this.db
    this.db = undefined
    this.wrappingKey = undefined
    void db?.then(
      (d) => d.close(),
      () => undefined,
    )
  }

  // ------------------------------------------------------------------ wrapping

  private bad(field: string, problem: string): KeyStoreError {
    return new KeyStoreError('KEYS_INVALID', this.location, `stored key "${field}" ${problem}`, field)
  }

  /** The AES-KW key, generated and stored once; two tabs racing both end up with the one that was stored first. */
  private wrapping(): Promise<CryptoKey> {
    this.wrappingKey ??= this.io('create the wrapping key', async () => {
      const existing = await this.get<CryptoKey>(WRAPPING, WRAPPING_ID)
      if (existing) return existing
      const fresh = await crypto.subtle.generateKey({ name: 'AES-KW', length: 256 }, false, ['wrapKey', 'unwrapKey'])
      const db = await this.open()
      const tx = db.transaction(WRAPPING, 'readwrite', { durability: 'strict' })
      const store = tx.objectStore(WRAPPING)
      let chosen: CryptoKey = fresh
      const req = store.get(WRAPPING_ID)
      req.onsuccess = () => {
        if (req.result) chosen = req.result as CryptoKey
        else store.put(fresh, WRAPPING_ID)
      }
      await done(tx)
      return chosen
    })
    this.wrappingKey.catch(() => (this.wrappingKey = undefined))
    return this.wrappingKey
  }

  private async wrap(kw: CryptoKey, secret: Uint8Array): Promise<ArrayBuffer> {
    const padded = new Uint8Array(Math.max(16, Math.ceil((4 + secret.length) / 8) * 8))
    new DataView(padded.buffer).setUint32(0, secret.length)
    padded.set(secret, 4)
    try {
      const holder = await crypto.subtle.importKey('raw', padded, HOLDER, true, ['sign'])
      return await crypto.subtle.wrapKey('raw', holder, kw, 'AES-KW')
    } catch (err) {
      throw new KeyStoreError('KEYS_UNAVAILABLE', this.location, 'AES-KW wrapping failed', undefined, err)
    } finally {
      padded.fill(0)
    }
  }

  private async unwrap(kw: CryptoKey, wrapped: unknown, field: string): Promise<Uint8Array> {
    if (!(wrapped instanceof ArrayBuffer)) throw this.bad(field, 'is not a wrapped key')
    let raw: Uint8Array
    try {
      const holder = await crypto.subtle.unwrapKey('raw', wrapped, kw, 'AES-KW', HOLDER, true, ['sign'])
      raw = new Uint8Array(await crypto.subtle.exportKey('raw', holder))
    } catch (err) {
      throw new KeyStoreError(
        'KEYS_INVALID',
        this.location,
        `stored key "${field}" does not unwrap (altered, or wrapped by another key)`,
        field,
        err,
      )
    }
    const n = raw.length >= 4 ? new DataView(raw.buffer, raw.byteOffset).getUint32(0) : -1
    if (n < 0 || 4 + n > raw.length || raw.subarray(4 + n).some((b) => b !== 0)) throw this.bad(field, 'has a bad length or padding')
    const out = raw.slice(4, 4 + n)
    raw.fill(0)
    return out
  }

  // ------------------------------------------------------------------ IndexedDB

  private open(): Promise<IDBDatabase> {
    this.db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const factory = (globalThis as { indexedDB?: IDBFactory }).indexedDB
      if (!factory) {
        reject(
          new KeyStoreError('KEYS_UNAVAILABLE', this.location, 'IndexedDB is not available here: pass a key provider (keyStore option)'),
        )
        return
      }
      const req = factory.open(this.database, DB_VERSION)
      req.onupgradeneeded = () => {
        const db = req.result
        for (const name of [WRAPPING, KEYSETS, WITNESS]) if (!db.objectStoreNames.contains(name)) db.createObjectStore(name)
      }
      req.onsuccess = () => {
        const db = req.result
        db.onversionchange = () => {
          db.close()
          this.db = undefined
        }
        resolve(db)
      }
      req.onerror = () => reject(req.error)
      req.onblocked = () => reject(new Error('the key database is blocked by an older connection'))
    })
    this.db.catch(() => (this.db = undefined))
    return this.db
  }

  private io<T>(what: string, run: () => Promise<T>): Promise<T> {
    return run().catch((err: unknown) => {
      if (err instanceof KeyStoreError) throw err
      throw new KeyStoreError(
        'KEYS_UNAVAILABLE',
        this.location,
        `cannot ${what} (${(err as { name?: string })?.name ?? 'error'})`,
        undefined,
        err,
      )
    })
  }

  private get<T>(store: string, key: string): Promise<T | undefined> {
    return this.io(`read ${store}/${key}`, async () => {
      const db = await this.open()
      return (await request(db.transaction(store, 'readonly').objectStore(store).get(key))) as T | undefined
    })
  }

  private put(store: string, key: string, value: unknown): Promise<void> {
    return this.io(`write ${store}/${key}`, async () => {
      const db = await this.open()
      const tx = db.transaction(store, 'readwrite', { durability: 'strict' })
      tx.objectStore(store).put(value, key)
      await done(tx)
    })
  }
}
