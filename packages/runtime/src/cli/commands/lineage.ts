import type { Customs } from '../../index'
import { internalsOf } from '../../core/internals'
import {
  influence as influenceOf,
  lineage as lineageOf,
  type LineageNode,
  type LineageOptions,
  type LineageResult,
} from '../../core/memory/lineage'
import type { MemoryState } from '../../core/memory/state'
import type { Command, CommandContext } from '../command'
import { usageError } from '../errors'
import type { Style } from '../style'

type Query = (state: MemoryState, id: string, options?: LineageOptions) => LineageResult

/**
 * The lifecycle state and Decision pool the runtime replayed when the store opened (read-only: nothing is swept
 * or written), so the CLI answers exactly what `customs.lineage` / `customs.influence` would.
 */
function graphOf(customs: Customs) {
  const live = internalsOf(customs).liveState
  return { state: live.lifecycle, decisions: live.decision }
}

function parseDepth(text: string | boolean | undefined): number | undefined {
  if (text === undefined) return undefined
  if (typeof text !== 'string' || !/^[1-9]\d*$/.test(text))
    throw usageError(`--depth must be a positive whole number of edges, got ${JSON.stringify(text)}`)
  return Number(text)
}

/** A node's state in words: a memory's status, a guard check's decision, or how and when it ended. */
function stateText(n: LineageNode, state: MemoryState, st: Style): string {
  if (n.state === 'missing') return st.red('missing (never recorded)')
  if (n.state === 'ended') return st.red(`ended: ${n.end!.op}${n.end!.why ? ` (${n.end!.why})` : ''} at #${n.end!.seq}`)
  if (n.kind === 'guard') {
    const d = n.decision ?? 'proceed'
    const g = state.guards.get(n.id)
    const text = `${g?.action ?? '-'}${g?.tool ? ` ${g.tool}` : ''}: ${d}`
    return d === 'halt' ? st.red(text) : d === 'proceed' ? st.green(text) : st.yellow(text)
  }
  if (n.kind === 'memory') {
    const m = state.memories.get(n.id)!
    const status = m.status === 'approved' ? st.green(m.status) : m.status === 'rejected' ? st.red(m.status) : st.yellow(m.status)
    return `${status}, ${m.type}, source ${m.source || '-'}, confidence ${m.confidence.toFixed(2)}`
  }
  if (n.kind === 'working') return `live, source ${state.working.get(n.id.slice(2))?.source || '-'}`
  if (n.kind === 'context') return `rendered at #${state.contexts.get(n.id)?.seq ?? '-'}`
  return 'live'
}

/**
 * The result as a tree: each node under the node it was first reached from (a shortest path), with the edge kind;
 * a node reached by more than one edge says how many more.
 */
function printTree(ctx: CommandContext, r: LineageResult, state: MemoryState, title: string): void {
  const st = ctx.style
  const children = new Map<string, LineageNode[]>()
  for (const n of r.nodes) {
    const list = children.get(n.parent!)
    if (list) list.push(n)
    else children.set(n.parent!, [n])
  }
  const incoming = new Map<string, number>()
  for (const e of r.edges) {
    const reached = title === 'lineage' ? e.to : e.from
    incoming.set(reached, (incoming.get(reached) ?? 0) + 1)
  }
  ctx.out(`${st.bold(r.root.id)}  ${r.root.kind}  ${stateText(r.root, state, st)}`)
  const walk = (id: string, prefix: string) => {
    const kids = children.get(id) ?? []
    kids.forEach((n, i) => {
      const last = i === kids.length - 1
      const more = (incoming.get(n.id) ?? 1) - 1
      ctx.out(
        `${prefix}${last ? '└─' : '├─'} ${st.dim(`[${n.via}]`)} ${st.bold(n.id)}  ${n.kind}  ${stateText(n, state, st)}` +
          (more > 0 ? st.dim(`  (+${more} more edge${more === 1 ? '' : 's'})`) : ''),
      )
      walk(n.id, `${prefix}${last ? '   ' : '│  '}`)
    })
  }
  walk(r.root.id, '')
  const count = (kind: string) => r.nodes.filter((n) => n.kind === kind).length
  const parts = ['memory', 'working', 'decision', 'context', 'guard']
    .map((k) => [k, count(k)] as const)
    .filter(([, c]) => c > 0)
    .map(
      ([k, c]) =>
        `${c} ${k === 'memory' ? 'memor' + (c === 1 ? 'y' : 'ies') : k === 'guard' ? `guard check${c === 1 ? '' : 's'}` : `${k}${c === 1 ? '' : 's'}`}`,
    )
  ctx.out(st.dim(`${title} of ${r.root.id}: ${r.nodes.length ? parts.join(', ') : 'nothing'}`))
}

function graphCommand(name: 'lineage' | 'influence', query: Query, summary: string, details: string): Command {
  return {
    name,
    summary,
    usage: `${name} <id> [--depth <n>]`,
    details,
    options: { depth: { type: 'string' } },
    positionals: { min: 1, max: 1 },
    async run(ctx) {
      const id = ctx.positionals[0]
      const maxDepth = parseDepth(ctx.values.depth)
      const customs = await ctx.store()
      const { state, decisions } = graphOf(customs)
      let result: LineageResult
      try {
        result = query(state, id, { maxDepth, decisions })
      } catch (err) {
        if ((err as { code?: string }).code !== 'NOT_FOUND') throw err
        throw usageError(
          `no entry, context or guard check ${JSON.stringify(id)} in this store`,
          'ids look like m_12, w:<session>/<name>, decision:<key>, ctx_40, guard_41 (see "memory-customs memories --all")',
        )
      }
      if (ctx.json) ctx.emit(result)
      else printTree(ctx, result, state, name)
      return 0
    },
  }
}

const ID_FORMS = `<id> is a memory (m_12), a working entry (w:<session>/<name>), a Decision key (decision:<key>), a
rendered context (ctx_40, the READ receipt 40) or a guard check (guard_41, the GUARD receipt 41).`

export const lineage = graphCommand(
  'lineage',
  lineageOf,
  'what an entry was derived from, transitively (dependsOn, linked contexts and what they contained)',
  `Walks up from <id>: the entries it names in dependsOn, the rendered context its write was automatically
linked to, the entries that context contained, their own dependencies, and so on. Printed as a tree (each
node under the node it was first reached from, with the edge: dependsOn, context, contained, used) with
each node's state: a memory's status, type, source and confidence; ended (DELETE or EXPIRE, why, receipt);
missing (named but never recorded). An ended entry is listed with its end and the walk goes on through it.
${ID_FORMS}
  --depth <n>   stop after n edges
Read from the receipts the store replays on open; nothing is written. With --json: { root, nodes, edges }.`,
)

export const influence = graphCommand(
  'influence',
  influenceOf,
  "an entry's blast radius: the contexts, entries and guard checks that depended on it, transitively",
  `Walks down from <id>: the rendered contexts that contained it, the entries derived from it (dependsOn) or
written right after a context that contained it (automatic linking), and so on, down to the guard checks that
evaluated any of them, with their decision. Printed as a tree with each node's state (see lineage --help).
What "rollback({ memory: <id> }, { cascade: true })" would remove is the live memories and working entries
listed here (contexts and guard checks are records and stay).
${ID_FORMS}
  --depth <n>   stop after n edges
Read from the receipts the store replays on open; nothing is written. With --json: { root, nodes, edges }.`,
)
