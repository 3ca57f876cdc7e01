/**
 * The listing order of a lineage or influence result (lineage.ts): nodes by depth, then id (the text before a trailing
 * number, then that number: m_9 < m_10); edges by the ranks of their two ends, then kind. Both sorts work on the
 * walk's integer positions, with packed numeric keys or counting sorts rather than a comparator per comparison, since
 * a blast radius can list thousands of nodes.
 */
import { CONTEXT, GUARD, MEMORY, type LineageGraph } from './lineage-graph.js'

/** Where a seq kind's prefix falls in text order (`ctx_` < `guard_` < `m_`), by kind code. */
const SEQ_RANK: number[] = []
SEQ_RANK[CONTEXT] = 0
SEQ_RANK[GUARD] = 1
SEQ_RANK[MEMORY] = 2

/**
 * The walk positions of the nodes reached (the root, position 0, left out) in listing order: by depth, then id (the
 * text before a trailing number, then that number: m_9 < m_10, then the whole id). Positions are in breadth-first
 * order, so each depth is a run of positions sorted on its own. A run of memories, contexts and guard checks (the
 * usual blast radius) sorts as numbers packed from prefix, seq and position in a Float64Array, without a comparator
 * call per comparison; any other run compares the sort keys.
 */
export function nodeOrder(g: LineageGraph, at: number[], depthAt: number[]): Int32Array {
  const n = at.length
  const order = new Int32Array(n - 1)
  for (let start = 1, end = 1; start < n; start = end) {
    const depth = depthAt[start]
    let max = 0
    let packable = true
    for (end = start; end < n && depthAt[end] === depth; end++) {
      const seq = g.seqs[at[end]!]!
      if (seq < 0) packable = false
      else if (seq > max) max = seq
    }
    const count = end - start
    if (count === 1) {
      // One node at this depth (a chain, as a lineage often is): nothing to sort.
      order[start - 1] = start
      continue
    }
    if (packable && 3 * (max + 1) * count < Number.MAX_SAFE_INTEGER) {
      const keys = new Float64Array(count)
      for (let j = 0; j < count; j++) {
        const x = at[start + j]!
        keys[j] = (SEQ_RANK[g.kinds[x]!]! * (max + 1) + g.seqs[x]!) * count + j
      }
      keys.sort()
      // The low part is the position: key - floor(key / count) * count (exact below 2^53, and faster than %).
      for (let j = 0; j < count; j++) order[start - 1 + j] = start + keys[j]! - Math.floor(keys[j]! / count) * count
      continue
    }
    const prefix: string[] = []
    const num: number[] = []
    for (let j = 0; j < count; j++) sortKey(g.ids[at[start + j]!]!, g.kinds[at[start + j]!]!, j, prefix, num)
    const run = Array.from({ length: count }, (_, j) => j).sort(
      (a, b) =>
        (prefix[a] !== prefix[b] ? (prefix[a]! < prefix[b]! ? -1 : 1) : num[a]! - num[b]!) ||
        (g.ids[at[start + a]!]! < g.ids[at[start + b]!]! ? -1 : 1),
    )
    for (let j = 0; j < count; j++) order[start - 1 + j] = start + run[j]!
  }
  return order
}

/**
 * The indexes of the edges in listing order: by the rank of the `from` end (the root, rank -1, first), then of the
 * `to` end, then kind, then the order found (so an edge found twice is listed next to itself). Ranks are small
 * integers, so two stable counting sorts do it in linear time: by (`to` rank, kind), then by `from` rank. A few
 * edges (a typical lineage) sort as packed numbers instead: one array, not six.
 */
export function edgeOrder(from: number[], to: number[], kind: number[], rank: Int32Array, ranks: number): Int32Array {
  const n = from.length
  if (n <= 64) {
    const packed = new Float64Array(n)
    for (let i = 0; i < n; i++) packed[i] = (((rank[from[i]!]! + 1) * ranks + rank[to[i]!]! + 1) * 4 + kind[i]!) * n + i
    packed.sort()
    const order = new Int32Array(n)
    // The low part is the index: key - floor(key / n) * n (exact: keys stay far below 2^53 at this size).
    for (let i = 0; i < n; i++) order[i] = packed[i]! - Math.floor(packed[i]! / n) * n
    return order
  }
  const byTo = countingSort(n, (ranks + 1) * 4, (i) => (rank[to[i]!]! + 1) * 4 + kind[i]!, null)
  return countingSort(n, ranks + 1, (i) => rank[from[i]!]! + 1, byTo)
}

/** A stable counting sort of the indexes 0..n-1 (in the order `input` gives them, or ascending) by `key` < `keys`. */
function countingSort(n: number, keys: number, key: (i: number) => number, input: Int32Array | null): Int32Array {
  const starts = new Int32Array(keys + 1)
  const k = new Int32Array(n)
  for (let i = 0; i < n; i++) starts[(k[i] = key(i)) + 1]!++
  for (let j = 1; j <= keys; j++) starts[j]! += starts[j - 1]!
  const out = new Int32Array(n)
  for (let j = 0; j < n; j++) {
    const i = input === null ? j : input[j]!
    out[starts[k[i]!]!++] = i
  }
  return out
}

/** Sort-key prefixes of the node kinds whose ids are a fixed prefix and a seq (shared: no text cut per node). */
const SEQ_PREFIX: Array<string | undefined> = []
SEQ_PREFIX[MEMORY] = 'm_'
SEQ_PREFIX[CONTEXT] = 'ctx_'
SEQ_PREFIX[GUARD] = 'guard_'

/** Writes the sort key of `id` at `p`: the text before a trailing number, and that number (-1 if none). */
function sortKey(id: string, kind: number, p: number, prefix: string[], num: number[]): void {
  const fixed = SEQ_PREFIX[kind]
  // Seqs are safe integers: read the digits without cutting the id (this runs once per node of a blast radius).
  if (fixed !== undefined && id.length - fixed.length <= 15) {
    let v = 0
    for (let i = fixed.length; i < id.length; i++) v = v * 10 + id.charCodeAt(i) - 48
    prefix[p] = fixed
    num[p] = v
    return
  }
  let i = id.length
  while (i > 0 && id.charCodeAt(i - 1) >= 48 && id.charCodeAt(i - 1) <= 57) i--
  prefix[p] = i === id.length ? id : id.slice(0, i)
  num[p] = i === id.length ? -1 : Number(id.slice(i))
}
