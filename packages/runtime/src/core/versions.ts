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

/**
 * The versions of one key. Most keys are written once (a tool call's result: a new key per call), so the first
 * version is held in three number fields and the typed arrays are made only for a second one: a one-version key
 * costs an object instead of an object and three typed arrays (about 660 bytes of heap, measured).
 */
class KeyVersions {
  n = 0
  seq0 = 0
  origin0 = 0
  /** Interned commitment id of the first version; -1 = removed. */
  commit0 = -1
  /** Every version (the first one included) once there are two or more; null before. */
  seqs: Float64Array | null = null
  origins: Float64Array | null = null
  /** Interned commitment ids; -1 = removed. */
  commits: Int32Array | null = null
  tool: string | null = null
  call: string | null = null
  constructor(
    readonly pool: VersionedPool,
    readonly key: string,
  ) {}

  seqAt(i: number): number {
    return this.seqs ? this.seqs[i] : this.seq0
  }
  originAt(i: number): number {
    return this.origins ? this.origins[i] : this.origin0
  }
  commitAt(i: number): number {
    return this.commits ? this.commits[i] : this.commit0
  }

  /** Makes room for one more version (arrays from the second version on). */
  private grow(): void {
    const cap = this.seqs ? this.seqs.length * 2 : 4
    const s = new Float64Array(cap)
    const o = new Float64Array(cap)
    const c = new Int32Array(cap)
    if (this.seqs) {
      s.set(this.seqs)
      o.set(this.origins!)
      c.set(this.commits!)
    } else {
      s[0] = this.seq0
      o[0] = this.origin0
      c[0] = this.commit0
    }
    this.seqs = s
    this.origins = o
    this.commits = c
  }

  add(seq: number, commitId: number, origin: number): void {
    if (this.n === 0) {
      this.seq0 = seq
      this.origin0 = origin
      this.commit0 = commitId
      this.n = 1
      return
    }
    // Seqs arrive in order on every honest path; a damaged journal may repeat or reorder them: keep sorted, last write wins.
    if (this.n === 1 && this.seq0 === seq) {
      this.commit0 = commitId
      this.origin0 = origin
      return
    }
    if (!this.seqs || this.n === this.seqs.length) this.grow()
    const seqs = this.seqs!
    const origins = this.origins!
    const commits = this.commits!
    let i = this.n
    if (seqs[i - 1] >= seq) {
      const at = this.lastAtOrBefore(seq)
      if (at >= 0 && seqs[at] === seq) {
        commits[at] = commitId
        origins[at] = origin
        return
      }
      i = at + 1
      seqs.copyWithin(i + 1, i, this.n)
      origins.copyWithin(i + 1, i, this.n)
      commits.copyWithin(i + 1, i, this.n)
    }
    seqs[i] = seq
    origins[i] = origin
    commits[i] = commitId
    this.n++
  }

  /** Index of the last version with seq <= `seq`, or -1. */
  lastAtOrBefore(seq: number): number {
    const seqs = this.seqs
    if (!seqs) return this.n === 1 && this.seq0 <= seq ? 0 : -1
    let lo = 0
    let hi = this.n - 1
    if (hi < 0 || seqs[0] > seq) return -1
    if (seqs[hi] <= seq) return hi
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1
      if (seqs[mid] <= seq) lo = mid
      else hi = mid - 1
    }
    return lo
  }

  /** Fills an empty key from `encode()`'s arrays (copied). */
  fill(seqs: Float64Array, origins: Float64Array, commits: Int32Array, n: number): void {
    this.n = n
    if (n === 1) {
      this.seq0 = seqs[0]
      this.origin0 = origins[0]
      this.commit0 = commits[0]
      return
    }
    const cap = Math.max(4, n)
    this.seqs = new Float64Array(cap)
    this.origins = new Float64Array(cap)
    this.commits = new Int32Array(cap)
    this.seqs.set(seqs)
    this.origins.set(origins)
    this.commits.set(commits)
  }

  /** The first `n` versions, as arrays (a view, for `encode`). */
  view(): { seqs: ArrayLike<number>; origins: ArrayLike<number>; commits: ArrayLike<number> } {
    if (this.seqs)
      return { seqs: this.seqs.subarray(0, this.n), origins: this.origins!.subarray(0, this.n), commits: this.commits!.subarray(0, this.n) }
    return this.n ? { seqs: [this.seq0], origins: [this.origin0], commits: [this.commit0] } : { seqs: [], origins: [], commits: [] }
  }
}

export class VersionIndex {
  /**
   * Keys by pool, looked up by the key itself (no `pool + key` text built and hashed per write), and every key in
   * the order it was first written (what `allAt` and `encode` walk).
   */
  private readonly byPool: Record<VersionedPool, Map<string, KeyVersions>> = {
    decision: new Map(),
    execution: new Map(),
    plans: new Map(),
  }
  private readonly order: KeyVersions[] = []
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
    const keys = this.byPool[pool]
    let v = keys.get(key)
    if (!v) {
      keys.set(key, (v = new KeyVersions(pool, key)))
      this.order.push(v)
    }
    v.add(seq, this.idOf(commit), origin)
    if (exec) {
      v.tool = exec.tool
      v.call = exec.call
    }
  }

  /** The version of `pool/key` in force at `seq`, or undefined when the key had never been written by then. */
  at(pool: VersionedPool, key: string, seq: number): Version | undefined {
    const v = this.byPool[pool]?.get(key)
    return v ? this.read(v, seq) : undefined
  }

  /** The commitment `pool/key` held at `seq` (null when absent then). */
  commitAt(pool: VersionedPool, key: string, seq: number): string | null {
    const v = this.byPool[pool]?.get(key)
    if (!v) return null
    const i = v.lastAtOrBefore(seq)
    if (i < 0) return null
    const id = v.commitAt(i)
    return id < 0 ? null : this.commitOf[id]
  }

  private read(v: KeyVersions, seq: number): Version | undefined {
    const i = v.lastAtOrBefore(seq)
    if (i < 0) return undefined
    const id = v.commitAt(i)
    return { seq: v.seqAt(i), commit: id < 0 ? null : this.commitOf[id], origin: v.originAt(i), tool: v.tool, call: v.call }
  }

  /** Every key ever written, with its version in force at `seq` (undefined: not written by then). */
  *allAt(seq: number): Generator<{ pool: VersionedPool; key: string; version: Version | undefined }> {
    for (const v of this.order) yield { pool: v.pool, key: v.key, version: this.read(v, seq) }
  }

  /**
   * The whole index in a compact form for an open snapshot (core/open-snapshot.ts): one JSON text (the interned
   * commitments and, per key, pool, key, count, tool and call) and the versions as raw numbers, key after key.
   */
  encode(): EncodedVersions {
    const keys: KeyMeta[] = []
    let total = 0
    for (const v of this.order) {
      keys.push([v.pool, v.key, v.n, v.tool, v.call])
      total += v.n
    }
    const seqs = new Float64Array(total)
    const origins = new Float64Array(total)
    const commits = new Int32Array(total)
    let at = 0
    for (const v of this.order) {
      const w = v.view()
      seqs.set(w.seqs, at)
      origins.set(w.origins, at)
      commits.set(w.commits, at)
      at += v.n
    }
    return { text: JSON.stringify({ commits: this.commitOf, keys }), seqs, origins, commits }
  }

  /** Fills an empty index from `encode()`'s output (the arrays are copied). Throws on a malformed input. */
  load(e: EncodedVersions): void {
    if (this.order.length || this.commitOf.length) throw new Error('the version index is not empty')
    const o = JSON.parse(e.text) as { commits: string[]; keys: KeyMeta[] }
    for (const c of o.commits) this.idOf(c)
    let at = 0
    for (const [pool, key, n, tool, call] of o.keys) {
      const v = new KeyVersions(pool, key)
      if (at + n > e.seqs.length || at + n > e.origins.length || at + n > e.commits.length) throw new Error('version arrays too short')
      v.fill(e.seqs.subarray(at, at + n), e.origins.subarray(at, at + n), e.commits.subarray(at, at + n), n)
      v.tool = tool
      v.call = call
      at += n
      const keys = this.byPool[pool]
      if (!keys) throw new Error(`unknown pool ${pool}`)
      keys.set(key, v)
      this.order.push(v)
    }
  }

  /** Number of versions recorded (tests, health). */
  get size(): number {
    let n = 0
    for (const v of this.order) n += v.n
    return n
  }
}
