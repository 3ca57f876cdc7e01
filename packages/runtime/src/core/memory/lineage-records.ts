/**
 * The lineage records of the memory lifecycle: rendered contexts (READ), guardrail checks (GUARD), entries that left
 * the live set, each session's last render, and the reverse edges of the lineage graph. A pure function of the
 * receipt chain like the rest of the lifecycle state (state.ts, whose MemoryState extends this class and feeds it the
 * same receipts); lineage.ts walks it, the guard's shadow reads it.
 */
import { LineageGraph } from './lineage-graph.js'
import { decodeMeta, type GuardDecision } from './meta.js'
import type { LifecycleReceipt } from './state.js'

/** A rendered context, as its READ receipt recorded it. */
export interface ContextRecord {
  /** `ctx_<seq>`. */
  id: string
  seq: number
  session: string | null
  /** Node ids: memory ids, `w:<session>/<name>`, `decision:<key>`. */
  entries: string[]
}

/** A guardrail check, as its GUARD receipt recorded it. */
export interface GuardRecord {
  /** `guard_<seq>`. */
  id: string
  seq: number
  ms: number
  action: string
  tool: string | null
  decision: GuardDecision
  risk: [number, number, number, number]
  reasons: string[]
  /** The entries evaluated (node ids). */
  uses: string[]
  ctx: string | null
}

/** How an entry left the live set: what a dependency check reports for an id that is no longer there. */
export interface EndRecord {
  op: 'DELETE' | 'EXPIRE'
  /** `rollback`, `validity`, a user's reason… */
  why: string | null
  seq: number
  /**
   * What the entry rested on when it ended: the reverse edges through it must survive a snapshot (a cascade through
   * an entry removed earlier still reaches what was derived from it).
   */
  deps?: string[]
  ctx?: string | null
}

/** The lineage records in a snapshot (the reverse edges are derived again on load). */
export interface SerializedLineage {
  c?: ContextRecord[]
  g?: GuardRecord[]
  e?: Array<[string, EndRecord]>
  r?: Array<[string, string]>
}

/**
 * Legacy READ ids (`d:<key>`, `w:<name>` without the session) to graph node ids. Current renders write node ids.
 */
function nodeIdOf(id: string, session: string | null): string {
  if (id.startsWith('d:')) return `decision:${id.slice(2)}`
  if (id.startsWith('w:') && !id.includes('/') && session !== null) return `w:${session}/${id.slice(2)}`
  return id
}

export class LineageRecords {
  /** Rendered contexts by id. */
  readonly contexts = new Map<string, ContextRecord>()
  /** Guardrail checks by id. */
  readonly guards = new Map<string, GuardRecord>()
  /** Memories and working entries that left the live set, by node id (dependency checks name why). */
  readonly ended = new Map<string, EndRecord>()
  /** Per session, the last render its next write is linked to (consumed by that write). */
  readonly lastRender = new Map<string, string>()
  /**
   * Reverse edges of the lineage graph: for a node, the nodes that depend on it (entries derived from it,
   * contexts that contained it, guard checks that used it), node ids interned to integers (lineage-graph.ts).
   * Derived from the rest; rebuilt on load.
   */
  readonly dependents = new LineageGraph()

  /**
   * Adds the reverse edges for a node derived from `deps` and from the context `ctx`. `fresh`: the node is new (a
   * memory id, a context, a guard check), so it cannot be in any list yet and the duplicate scan is skipped (a
   * much-used entry collects one edge per check: scanning its list every time would make checks slower and slower).
   * Returns the node's index in the graph.
   */
  protected linkNode(id: string, meta: { deps?: string[]; ctx?: string }, fresh = false): number {
    const node = this.dependents.intern(id)
    for (const d of meta.deps ?? []) this.dependents.add(d, node, fresh)
    if (meta.ctx) this.dependents.add(meta.ctx, node, fresh)
    return node
  }

  /**
   * Drops the reverse edges of a node's previous version (a working entry written again rests on what its new
   * version names, not on what the old one did), so influence stays the exact inverse of lineage.
   */
  protected unlinkNode(id: string, meta: { deps?: readonly string[]; ctx?: string | null }): void {
    for (const on of meta.deps ?? []) this.dependents.remove(on, id)
    if (meta.ctx) this.dependents.remove(meta.ctx, id)
  }

  protected addDependent(on: string, node: string | number, fresh = false): void {
    this.dependents.add(on, node, fresh)
  }

  /** A write in a session after a render is linked to it once: the render is consumed by that write. */
  protected consumeRender(session: string | undefined): void {
    if (session !== undefined) this.lastRender.delete(session)
  }

  /** A READ receipt: the rendered context, its reverse edges, and the session's last render. */
  protected recordRead(r: LifecycleReceipt): void {
    const meta = r.meta ?? decodeMeta(r.reason)
    const session = meta.session ?? null
    const id = `ctx_${r.seq}`
    const entries = (meta.entries ?? []).map((e) => nodeIdOf(e, session))
    this.contexts.set(id, { id, seq: r.seq, session, entries })
    const node = this.dependents.intern(id)
    for (const e of new Set(entries)) this.addDependent(e, node, true)
    if (session !== null) this.lastRender.set(session, id)
  }

  /** A GUARD receipt: the check, and the reverse edges from what it evaluated. */
  protected recordGuard(r: LifecycleReceipt): void {
    const meta = r.meta ?? decodeMeta(r.reason)
    const id = `guard_${r.seq}`
    const uses = meta.entries ?? []
    this.guards.set(id, {
      id,
      seq: r.seq,
      ms: Date.parse(r.ts),
      action: meta.action ?? '',
      tool: meta.tool ?? null,
      decision: meta.decision ?? 'proceed',
      risk: meta.risk ?? [0, 0, 0, 0],
      reasons: meta.reasons ?? [],
      uses,
      ctx: meta.ctx ?? null,
    })
    const node = this.dependents.intern(id)
    for (const u of new Set(uses)) this.addDependent(u, node, true)
    if (meta.ctx) this.addDependent(meta.ctx, node, true)
  }

  /** Copies the records into a clone (contexts and guard records never change once written: shared, not copied). */
  protected copyLineageTo(s: LineageRecords): void {
    for (const [k, v] of this.contexts) s.contexts.set(k, v)
    for (const [k, v] of this.guards) s.guards.set(k, v)
    for (const [k, v] of this.ended) s.ended.set(k, v)
    for (const [k, v] of this.lastRender) s.lastRender.set(k, v)
    this.dependents.copyTo(s.dependents)
  }

  protected get lineageSize(): number {
    return this.contexts.size + this.guards.size + this.ended.size
  }

  protected lineageJSON(): SerializedLineage {
    return {
      ...(this.contexts.size ? { c: [...this.contexts.values()] } : {}),
      ...(this.guards.size ? { g: [...this.guards.values()] } : {}),
      ...(this.ended.size ? { e: [...this.ended] } : {}),
      ...(this.lastRender.size ? { r: [...this.lastRender] } : {}),
    }
  }

  /**
   * Loads the records of a snapshot and derives their reverse edges (live entries' edges are linked by the caller).
   * `isLiveWorking(key)`: a working entry written again after it ended, whose edges are its live slot's.
   */
  protected restoreLineage(o: SerializedLineage, isLiveWorking: (key: string) => boolean): void {
    for (const c of o.c ?? []) {
      this.contexts.set(c.id, c)
      for (const e of new Set(c.entries)) this.addDependent(e, c.id)
    }
    for (const g of o.g ?? []) {
      this.guards.set(g.id, g)
      for (const u of new Set(g.uses)) this.addDependent(u, g.id)
      if (g.ctx) this.addDependent(g.ctx, g.id)
    }
    for (const [k, v] of o.e ?? []) {
      this.ended.set(k, v)
      if (!(k.startsWith('w:') && isLiveWorking(k.slice(2)))) this.linkNode(k, { deps: v.deps, ctx: v.ctx ?? undefined })
    }
    for (const [k, v] of o.r ?? []) this.lastRender.set(k, v)
  }
}
