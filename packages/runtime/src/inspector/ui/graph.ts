// The lineage picture's pure parts: walking the report's merged memory graph (what the live page asks the app
// for), and laying a walk out in layers by depth (the root on top) with one path per edge. No graph library: the
// graphs a person can read are small, and a layered layout with one ordering pass is enough for them.
import type { LineageGraph, LineageGraphNode, MemoryGraph } from '../model.js'

/**
 * Breadth first from `root` over the merged graph: `lineage` follows edges from dependent to dependency, `influence`
 * the other way. Depth is that of a shortest path; the edges are those between the nodes reached. Null when the
 * graph does not hold the root (a memory with no edge at all): the page shows the root alone.
 */
export function walkGraph(graph: MemoryGraph, root: string, direction: LineageGraph['direction'], maxDepth = Infinity): LineageGraph {
  const info = new Map(graph.nodes.map((n) => [n.id, n]))
  const next = new Map<string, string[]>()
  for (const e of graph.edges) {
    const [a, b] = direction === 'lineage' ? [e.from, e.to] : [e.to, e.from]
    const list = next.get(a)
    if (list) list.push(b)
    else next.set(a, [b])
  }
  const depth = new Map<string, number>([[root, 0]])
  const queue = [root]
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i]!
    const d = depth.get(id)!
    if (d >= maxDepth) continue
    for (const to of next.get(id) ?? [])
      if (!depth.has(to)) {
        depth.set(to, d + 1)
        queue.push(to)
      }
  }
  const node = (id: string): LineageGraphNode => {
    const n = info.get(id)
    return n
      ? { ...n, depth: depth.get(id)! }
      : { id, kind: 'unknown', label: 'not in the report', seq: null, depth: depth.get(id)!, state: 'missing' }
  }
  const nodes = queue.map(node)
  const rest = nodes.slice(1).sort((a, b) => a.depth - b.depth || compareIds(a.id, b.id))
  return {
    root,
    direction,
    nodes: [nodes[0]!, ...rest],
    edges: graph.edges.filter((e) => depth.has(e.from) && depth.has(e.to)),
  }
}

/** Ids with their numeric parts compared as numbers (`m_9` before `m_10`), as the runtime sorts them. */
export function compareIds(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true })
}

export const NODE_WIDTH = 150
export const NODE_HEIGHT = 44
const GAP_X = 28
const GAP_Y = 64
const MARGIN = 12

export interface PlacedNode {
  node: LineageGraphNode
  x: number
  y: number
}

export interface PlacedEdge {
  from: string
  to: string
  kind: string
  /** SVG path data, from the dependent node's border to the dependency's (the arrow head sits at the end). */
  d: string
}

export interface GraphLayout {
  width: number
  height: number
  nodes: PlacedNode[]
  edges: PlacedEdge[]
}

/**
 * Layers by depth, top to bottom; within a layer, nodes are ordered by the mean position of their neighbours in
 * the layer above (one barycentre pass: fewer crossings), ties by id. Every layer is centred on the widest.
 */
export function layoutGraph(graph: LineageGraph): GraphLayout {
  const layers: LineageGraphNode[][] = []
  for (const n of graph.nodes) (layers[n.depth] ??= []).push(n)
  const dense = layers.filter((l) => l !== undefined)
  const neighbours = new Map<string, string[]>()
  for (const e of graph.edges) {
    neighbours.set(e.from, [...(neighbours.get(e.from) ?? []), e.to])
    neighbours.set(e.to, [...(neighbours.get(e.to) ?? []), e.from])
  }
  const order = new Map<string, number>()
  for (const layer of dense) {
    const weight = (n: LineageGraphNode) => {
      const above = (neighbours.get(n.id) ?? []).map((id) => order.get(id)).filter((i): i is number => i !== undefined)
      return above.length ? above.reduce((a, b) => a + b, 0) / above.length : Infinity
    }
    const weights = new Map(layer.map((n) => [n.id, weight(n)]))
    layer.sort((a, b) => weights.get(a.id)! - weights.get(b.id)! || compareIds(a.id, b.id))
    layer.forEach((n, i) => order.set(n.id, i))
  }
  const widest = Math.max(1, ...dense.map((l) => l.length))
  const width = MARGIN * 2 + widest * NODE_WIDTH + (widest - 1) * GAP_X
  // Room below the last layer for a curve between two of its nodes.
  const height = MARGIN * 2 + dense.length * NODE_HEIGHT + Math.max(0, dense.length - 1) * GAP_Y + GAP_Y / 2
  const placed = new Map<string, PlacedNode>()
  dense.forEach((layer, row) => {
    const span = layer.length * NODE_WIDTH + (layer.length - 1) * GAP_X
    const left = (width - span) / 2
    layer.forEach((node, i) => placed.set(node.id, { node, x: left + i * (NODE_WIDTH + GAP_X), y: MARGIN + row * (NODE_HEIGHT + GAP_Y) }))
  })
  const edges: PlacedEdge[] = []
  for (const e of graph.edges) {
    const a = placed.get(e.from)
    const b = placed.get(e.to)
    if (a && b) edges.push({ ...e, d: edgePath(a, b) })
  }
  return { width, height, nodes: [...placed.values()], edges }
}

/** A straight line between layers (bottom/top borders), a curve below the row between nodes of one layer. */
function edgePath(a: PlacedNode, b: PlacedNode): string {
  const ax = a.x + NODE_WIDTH / 2
  const bx = b.x + NODE_WIDTH / 2
  if (a.y === b.y) {
    const y = a.y + NODE_HEIGHT
    const dip = y + GAP_Y / 2
    return `M${ax},${y} Q${(ax + bx) / 2},${dip + GAP_Y / 4} ${bx},${y}`
  }
  const down = b.y > a.y
  const y1 = down ? a.y + NODE_HEIGHT : a.y
  const y2 = down ? b.y : b.y + NODE_HEIGHT
  return `M${ax},${y1} L${bx},${y2}`
}
