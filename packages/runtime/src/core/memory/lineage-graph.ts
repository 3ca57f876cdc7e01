/**
 * The reverse edges of the lineage graph with node ids interned to small integers: for a node, the nodes that depend
 * on it (entries derived from it, contexts that contained it, guard checks that used it). A blast radius can hold
 * the whole graph, so influence() walks integers (a typed-array visited stamp instead of a Set of strings, the node
 * kind read from a byte instead of parsing the id per edge) and turns only the nodes it returns back into ids.
 * Writes stay cheap: a new node is one Map entry and one array slot, an edge one push.
 */
import type { MemorySlot } from './state.js'

/** Node kinds by code, fixed when a node is interned (nodeKind in lineage.ts reads the same id forms). */
export const KIND_CODES = ['memory', 'working', 'decision', 'context', 'guard', 'unknown'] as const
export const MEMORY = 0
export const WORKING = 1
export const DECISION = 2
export const CONTEXT = 3
export const GUARD = 4
export const UNKNOWN = 5

/** The kind code of a node id: `m_<seq>`, `w:<session>/<name>`, `decision:<key>`, `ctx_<seq>`, `guard_<seq>`. */
export function kindCode(id: string): number {
  if (id.startsWith('m_')) return isSeq(id, 2) ? MEMORY : UNKNOWN
  if (id.startsWith('w:')) return WORKING
  if (id.startsWith('decision:')) return DECISION
  if (id.startsWith('ctx_')) return isSeq(id, 4) ? CONTEXT : UNKNOWN
  if (id.startsWith('guard_')) return isSeq(id, 6) ? GUARD : UNKNOWN
  return UNKNOWN
}

/** Where the seq starts in an id of each kind code (memory, context, guard check). */
const SEQ_START = [2, -1, -1, 4, 6, -1]

/** The seq of a memory, context or guard check id of at most 15 digits (a safe integer), no leading zero; else -1. */
function seqOf(id: string, kind: number): number {
  const start = SEQ_START[kind]!
  // A leading zero (m_012) would tie with m_12: such ids are left to the comparison of the texts.
  if (start < 0 || id.length - start > 15 || (id.charCodeAt(start) === 48 && id.length > start + 1)) return -1
  let v = 0
  for (let i = start; i < id.length; i++) v = v * 10 + id.charCodeAt(i) - 48
  return v
}

/** Whether `id` from `start` on is a non-empty run of digits (no regular expression: this runs per node). */
function isSeq(id: string, start: number): boolean {
  if (id.length <= start) return false
  for (let i = start; i < id.length; i++) {
    const c = id.charCodeAt(i)
    if (c < 48 || c > 57) return false
  }
  return true
}

export class LineageGraph {
  /** Node id by index. */
  readonly ids: string[] = []
  /** Kind code by index. */
  kinds = new Uint8Array(1024)
  /**
   * By index, the seq of a memory, context or guard check id (`m_12` → 12; at most 15 digits, so exact), else -1:
   * listing nodes in id order compares these numbers, without reading the ids.
   */
  seqs = new Float64Array(1024)
  /** Dependents (indexes) by index; undefined or empty when nothing depends on the node. */
  readonly down: Array<number[] | undefined> = []
  /**
   * The live memory slot by index (undefined for other nodes and ended memories), kept by the state that owns the
   * slots: describing the nodes of a blast radius reads them by index, not by a look-up in a Map of every memory.
   */
  readonly memoryAt: Array<MemorySlot | undefined> = []
  /** Index by node id (never shrinks: an index stays valid for the life of the graph). */
  private readonly index = new Map<string, number>()
  /** Visited stamps by index for walks (see beginWalk), and what the walk stored with each visited index. */
  private marks = new Int32Array(1024)
  private slots = new Int32Array(1024)
  private stamp = 0

  /** The index of a node id, interning it if new. */
  intern(id: string): number {
    let i = this.index.get(id)
    if (i !== undefined) return i
    i = this.ids.length
    this.index.set(id, i)
    this.ids.push(id)
    this.down.push(undefined)
    this.memoryAt.push(undefined)
    if (i === this.kinds.length) {
      const kinds = new Uint8Array(i * 2)
      kinds.set(this.kinds)
      this.kinds = kinds
      const seqs = new Float64Array(i * 2)
      seqs.set(this.seqs)
      this.seqs = seqs
    }
    const kind = kindCode(id)
    this.kinds[i] = kind
    this.seqs[i] = seqOf(id, kind)
    return i
  }

  /** Records the live slot of memory `node` (an id, or its index), or that it has none (ended). */
  setMemory(node: string | number, slot: MemorySlot | undefined): void {
    this.memoryAt[typeof node === 'number' ? node : this.intern(node)] = slot
  }

  indexOf(id: string): number | undefined {
    return this.index.get(id)
  }

  /**
   * Records that `node` depends on `on`. `fresh`: `node` is new, so it cannot be in the list yet and the duplicate
   * scan is skipped (a much-used entry collects one edge per check).
   */
  add(on: string, node: string | number, fresh = false): void {
    const o = this.intern(on)
    const n = typeof node === 'number' ? node : this.intern(node)
    const list = this.down[o]
    if (!list) this.down[o] = [n]
    else if (fresh || (list[list.length - 1] !== n && !list.includes(n))) list.push(n)
  }

  /** Drops the edge `node` → `on`, if any. */
  remove(on: string, node: string): void {
    const o = this.index.get(on)
    const n = this.index.get(node)
    if (o === undefined || n === undefined) return
    const list = this.down[o]
    if (list?.includes(n)) this.down[o] = list.filter((x) => x !== n)
  }

  /** Whether anything depends on `id`. */
  has(id: string): boolean {
    const i = this.index.get(id)
    return i !== undefined && (this.down[i]?.length ?? 0) > 0
  }

  /** The ids of the nodes that depend on `id` (a copy), or undefined when none do. */
  get(id: string): string[] | undefined {
    const i = this.index.get(id)
    const list = i === undefined ? undefined : this.down[i]
    return list?.length ? list.map((n) => this.ids[n]!) : undefined
  }

  /**
   * Starts a walk: returns a stamp that no index is marked with yet. A walk marks what it visits with visit(); walks
   * do not nest (each runs to its end, calling no user code, before the next begins).
   */
  beginWalk(): number {
    if (this.marks.length < this.ids.length) this.growMarks()
    if (this.stamp === 0x7fffffff) {
      this.marks.fill(0)
      this.stamp = 0
    }
    return ++this.stamp
  }

  /**
   * Marks index `i` as visited in the walk `stamp`, storing `slot` with it (the walk's position for the node), and
   * returns -1; if it was already visited in this walk, returns the slot stored then.
   */
  visit(i: number, stamp: number, slot: number): number {
    if (i >= this.marks.length) this.growMarks()
    if (this.marks[i] === stamp) return this.slots[i]!
    this.marks[i] = stamp
    this.slots[i] = slot
    return -1
  }

  private growMarks(): void {
    const size = Math.max(this.ids.length, this.marks.length * 2)
    const marks = new Int32Array(size)
    marks.set(this.marks)
    this.marks = marks
    const slots = new Int32Array(size)
    slots.set(this.slots)
    this.slots = slots
  }

  /**
   * A copy, for a cloned state (lists copied: the clone's writes must not reach this graph). Memory slots are not
   * copied: the clone has its own and records them with setMemory.
   */
  copyTo(g: LineageGraph): void {
    for (let i = 0; i < this.ids.length; i++) {
      g.ids.push(this.ids[i]!)
      g.index.set(this.ids[i]!, i)
      const list = this.down[i]
      g.down.push(list && [...list])
      g.memoryAt.push(undefined)
    }
    g.kinds = this.kinds.slice()
    g.seqs = this.seqs.slice()
  }
}
