/**
 * The per-key version index in JS memory: for every pool/key, the seqs at which its commitment changed and
 * the commitment it took (null = removed), so `at(seq)` is a binary search instead of a sql.js seek (~50 µs
 * through the WASM boundary) and a rollback to a seq is a diff of version lookups instead of a replay.
 *
 * It is fed from exactly the state transitions `PoolState.apply` reports, live and on replay, so it cannot
 * drift from the pools. It is the only copy (a sql.js mirror was written and never read; it cost a row per
 * state change on the durable path and in memory). Commitments are interned (one string per distinct value) and versions are kept in typed
 * arrays: about 16 bytes per version instead of an object each.
 */
import type { Pool } from './receipt.js'

export type VersionedPool = Extract<Pool, 'decision' | 'execution' | 'plans'>

/** Per key in `EncodedVersions.text`: pool, key, number of versions, and the execution tool and call. */
type KeyMeta = [VersionedPool, string, number, string | null, string | null]

/** `VersionIndex.encode()`: per-key metadata as JSON text, versions as numbers in key order. */
export interface EncodedVersions {
  text: string
  seqs: Float64Array
  origins: Float64Array
  commits: Int32Array
}

/** One version of a key: the commitment it held from `seq` on, and (execution) the STORE it came from. */
export interface Version {
  seq: number
  commit: string | null
  /** Seq of the STORE the execution result comes from; equal to `seq` for other pools. */
  origin: number
  /** Execution pool: the tool and call of the result (null for other pools). */
  tool: string | null
  call: string | null
}

class KeyVersions {
  n = 0
  seqs = new Float64Array(4)
  origins = new Float64Array(4)
  /** Interned commitment ids; -1 = removed. */
  commits = new Int32Array(4)
  tool: string | null = null
  call: string | null = null
  constructor(
    readonly pool: VersionedPool,
    readonly key: string,
  ) {}

  private grow(): void {
    const cap = this.seqs.length * 2
    const s = new Float64Array(cap)
    s.set(this.seqs)
    this.seqs = s
    const o = new Float64Array(cap)
    o.set(this.origins)
    this.origins = o
    const c = new Int32Array(cap)
    c.set(this.commits)
    this.commits = c
  }

  add(seq: number, commitId: number, origin: number): void {
    if (this.n === this.seqs.length) this.grow()
    let i = this.n
    // Seqs arrive in order on every honest path; a damaged journal may repeat or reorder them: keep sorted, last write wins.
    if (i > 0 && this.seqs[i - 1] >= seq) {
      const at = this.lastAtOrBefore(seq)
      if (at >= 0 && this.seqs[at] === seq) {
        this.commits[at] = commitId
        this.origins[at] = origin
        return
      }
      i = at + 1
      this.seqs.copyWithin(i + 1, i, this.n)
      this.origins.copyWithin(i + 1, i, this.n)
      this.commits.copyWithin(i + 1, i, this.n)
    }
    this.seqs[i] = seq
    this.origins[i] = origin
    this.commits[i] = commitId
    this.n++
  }

  /** Index of the last version with seq <= `seq`, or -1. */
  lastAtOrBefore(seq: number): number {
    let lo = 0
    let hi = this.n - 1
    if (hi < 0 || this.seqs[0] > seq) return -1
    if (this.seqs[hi] <= seq) return hi
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1
      if (this.seqs[mid] <= seq) lo = mid
      else hi = mid - 1
    }
    return lo
  }
}

export class VersionIndex {
  private readonly byKey = new Map<string, KeyVersions>()
  private readonly ids = new Map<string, number>()
  private readonly commitOf: string[] = []

  private idOf(commit: string | null): number {
    if (commit === null) return -1
    let id = this.ids.get(commit)
    if (id === undefined) {
      id = this.commitOf.length
      this.commitOf.push(commit)
      this.ids.set(commit, id)
    }
    return id
  }

  add(pool: VersionedPool, key: string, seq: number, commit: string | null, origin: number, exec?: { tool: string; call: string }): void {
    const k = `${pool}\u0000${key}`
    let v = this.byKey.get(k)
    if (!v) this.byKey.set(k, (v = new KeyVersions(pool, key)))
    v.add(seq, this.idOf(commit), origin)
    if (exec) {
      v.tool = exec.tool
      v.call = exec.call
    }
  }

  /** The version of `pool/key` in force at `seq`, or undefined when the key had never been written by then. */
  at(pool: VersionedPool, key: string, seq: number): Version | undefined {
    const v = this.byKey.get(`${pool}\u0000${key}`)
    return v ? this.read(v, seq) : undefined
  }

  /** The commitment `pool/key` held at `seq` (null when absent then). */
  commitAt(pool: VersionedPool, key: string, seq: number): string | null {
    const v = this.byKey.get(`${pool}\u0000${key}`)
    if (!v) return null
    const i = v.lastAtOrBefore(seq)
    if (i < 0) return null
    const id = v.commits[i]
    return id < 0 ? null : this.commitOf[id]
  }

  private read(v: KeyVersions, seq: number): Version | undefined {
    const i = v.lastAtOrBefore(seq)
    if (i < 0) return undefined
    const id = v.commits[i]
    return { seq: v.seqs[i], commit: id < 0 ? null : this.commitOf[id], origin: v.origins[i], tool: v.tool, call: v.call }
  }

  /** Every key ever written, with its version in force at `seq` (undefined: not written by then). */
  *allAt(seq: number): Generator<{ pool: VersionedPool; key: string; version: Version | undefined }> {
    for (const v of this.byKey.values()) yield { pool: v.pool, key: v.key, version: this.read(v, seq) }
  }

  /**
   * The whole index in a compact form for an open snapshot (core/open-snapshot.ts): one JSON text (the interned
   * commitments and, per key, pool, key, count, tool and call) and the versions as raw numbers, key after key.
   */
  encode(): EncodedVersions {
    const keys: KeyMeta[] = []
    let total = 0
    for (const v of this.byKey.values()) {
      keys.push([v.pool, v.key, v.n, v.tool, v.call])
      total += v.n
    }
    const seqs = new Float64Array(total)
    const origins = new Float64Array(total)
    const commits = new Int32Array(total)
    let at = 0
    for (const v of this.byKey.values()) {
      seqs.set(v.seqs.subarray(0, v.n), at)
      origins.set(v.origins.subarray(0, v.n), at)
      commits.set(v.commits.subarray(0, v.n), at)
      at += v.n
    }
    return { text: JSON.stringify({ commits: this.commitOf, keys }), seqs, origins, commits }
  }

  /** Fills an empty index from `encode()`'s output (the arrays are copied). Throws on a malformed input. */
  load(e: EncodedVersions): void {
    if (this.byKey.size || this.commitOf.length) throw new Error('the version index is not empty')
    const o = JSON.parse(e.text) as { commits: string[]; keys: KeyMeta[] }
    for (const c of o.commits) this.idOf(c)
    let at = 0
    for (const [pool, key, n, tool, call] of o.keys) {
      const v = new KeyVersions(pool, key)
      const cap = Math.max(4, n)
      v.seqs = new Float64Array(cap)
      v.origins = new Float64Array(cap)
      v.commits = new Int32Array(cap)
      if (at + n > e.seqs.length || at + n > e.origins.length || at + n > e.commits.length) throw new Error('version arrays too short')
      v.seqs.set(e.seqs.subarray(at, at + n))
      v.origins.set(e.origins.subarray(at, at + n))
      v.commits.set(e.commits.subarray(at, at + n))
      v.n = n
      v.tool = tool
      v.call = call
      at += n
      this.byKey.set(`${pool}\u0000${key}`, v)
    }
  }

  /** Number of versions recorded (tests, health). */
  get size(): number {
    let n = 0
    for (const v of this.byKey.values()) n += v.n
    return n
  }
}
