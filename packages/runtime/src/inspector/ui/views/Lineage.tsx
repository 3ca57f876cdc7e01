/** @jsxImportSource preact */
// One memory's lineage (what it rests on) or influence (what rests on it) drawn as a picture: inline SVG, nodes in
// layers by depth with the root on top, every edge an arrow from the dependent node to what it rests on. Nodes are
// buttons (Tab, Enter/Space): a memory opens its detail, a context or guard check its receipt. The same graph is
// listed as text below for screen readers and for copying.
import { useEffect, useMemo, useState } from 'preact/hooks'
import type { InspectorMemory, LineageGraph, LineageGraphNode } from '../../model.js'
import { plural } from '../format.js'
import { layoutGraph, NODE_HEIGHT, NODE_WIDTH } from '../graph.js'
import { Field } from './Field.js'

export interface LineageProps {
  memories: InspectorMemory[]
  root: string | null
  direction: LineageGraph['direction']
  onRoot: (id: string, direction: LineageGraph['direction']) => void
  load: (id: string, direction: LineageGraph['direction']) => Promise<LineageGraph>
  /** A node was chosen: memories open their detail, contexts and guard checks their receipt. */
  onOpen: (node: LineageGraphNode) => void
  /** Changes when the store does (live): the walk is asked again. */
  version: number
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e))
const EDGE_TEXT: Record<string, string> = {
  dependsOn: 'depends on',
  context: 'was derived in context',
  contained: 'contained',
  used: 'used',
}

export function Lineage({ memories, root, direction, onRoot, load, onOpen, version }: LineageProps) {
  const [graph, setGraph] = useState<LineageGraph | null>(null)
  const [error, setError] = useState<string | null>(null)
  const current = root ?? memories[0]?.id ?? null
  useEffect(() => {
    if (current === null) return
    let stale = false
    load(current, direction).then(
      (g) => {
        if (stale) return
        setGraph(g)
        setError(null)
      },
      (e: unknown) => !stale && setError(message(e)),
    )
    return () => {
      stale = true
    }
  }, [current, direction, load, version])
  const ids = useMemo(() => memories.filter((m) => m.kind === 'memory').map((m) => m.id), [memories])
  const shown = graph && graph.root === current && graph.direction === direction ? graph : null

  return (
    <section aria-labelledby="lineage-title">
      <h2 id="lineage-title">Lineage</h2>
      <p class="summary">
        Lineage: what a memory rests on (its dependencies, the context it was derived in, what that context contained). Influence: what
        rests on it (contexts that showed it, entries derived from it, guard checks that used it).
      </p>
      {ids.length === 0 ? (
        <p class="empty">No memory to draw.</p>
      ) : (
        <div class="filters">
          <Field id="lineage-root" label="Memory">
            <select id="lineage-root" value={current ?? ''} onChange={(e) => onRoot(e.currentTarget.value, direction)}>
              {ids.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </select>
          </Field>
          <div class="segmented" role="group" aria-label="Direction">
            {(['lineage', 'influence'] as const).map((d) => (
              <button key={d} type="button" aria-pressed={direction === d} onClick={() => current && onRoot(current, d)}>
                {d === 'lineage' ? 'Lineage (rests on)' : 'Influence (rests on it)'}
              </button>
            ))}
          </div>
        </div>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {shown && <Picture graph={shown} onOpen={onOpen} />}
    </section>
  )
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

function nodeName(n: LineageGraphNode): string {
  return `${n.id}, ${n.kind}, ${n.label}${n.depth ? `, depth ${n.depth}` : ', the root'}`
}

function Picture({ graph, onOpen }: { graph: LineageGraph; onOpen: (node: LineageGraphNode) => void }) {
  const layout = useMemo(() => layoutGraph(graph), [graph])
  const byId = new Map(graph.nodes.map((n) => [n.id, n]))
  const title = `${graph.direction === 'lineage' ? 'Lineage' : 'Influence'} of ${graph.root}`
  return (
    <figure class="graph">
      <figcaption>
        {title}: {plural(graph.nodes.length, 'node')}, {plural(graph.edges.length, 'edge')}. Arrows point from an entry to what it rests on.
      </figcaption>
      {graph.nodes.length === 1 && (
        <p class="empty">
          {graph.root} has no {graph.direction === 'lineage' ? 'lineage' : 'influence'}.
        </p>
      )}
      <div class="graph-scroll">
        <svg
          width={layout.width}
          height={layout.height}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          role="group"
          aria-label={`${title} (picture; the same graph is listed as text below)`}
        >
          <defs>
            <marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" class="arrow-head" />
            </marker>
          </defs>
          <g aria-hidden="true">
            {layout.edges.map((e) => (
              <path
                key={`${e.from}>${e.to}>${e.kind}`}
                d={e.d}
                class={`edge edge-${e.kind}`}
                marker-end="url(#arrow)"
                data-edge={`${e.from}>${e.to}`}
              />
            ))}
          </g>
          {layout.nodes.map(({ node, x, y }) => {
            const id = clip(node.id, 20)
            const label = clip(node.label, 24)
            return (
              <g
                key={node.id}
                class={`node node-${node.kind} state-${node.state} label-${node.label.replace(/\W+/g, '-')}${node.id === graph.root ? ' root' : ''}`}
                transform={`translate(${x},${y})`}
                role="button"
                // Lower case: in SVG an attribute's name is case-sensitive, and `tabIndex` would be ignored.
                tabindex={0}
                // The drawn text first (what a speech-input user says), then what it is and that it opens.
                aria-label={`${id} ${label}: ${node.kind}${node.depth ? `, depth ${node.depth}` : ', the root'}; opens it`}
                data-node={node.id}
                onClick={() => onOpen(node)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault()
                    onOpen(node)
                  }
                }}
              >
                <rect width={NODE_WIDTH} height={NODE_HEIGHT} rx="6" />
                <text x={NODE_WIDTH / 2} y="18" text-anchor="middle" class="node-id">
                  {id}
                  {/* A space after the id: the two lines read as two words to assistive tech and axe. */}{' '}
                </text>
                <text x={NODE_WIDTH / 2} y="34" text-anchor="middle" class="node-label">
                  {label}
                </text>
              </g>
            )
          })}
        </svg>
      </div>
      <details class="graph-text">
        <summary>The graph as text</summary>
        <ul>
          {graph.nodes.map((n) => (
            <li key={n.id}>
              {nodeName(n)}
              {graph.edges.some((e) => e.from === n.id) && (
                <ul>
                  {graph.edges
                    .filter((e) => e.from === n.id)
                    .map((e) => (
                      <li key={`${e.to}>${e.kind}`}>
                        {EDGE_TEXT[e.kind] ?? e.kind} {e.to}
                        {byId.get(e.to) ? '' : ' (not listed)'}
                      </li>
                    ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </details>
    </figure>
  )
}
