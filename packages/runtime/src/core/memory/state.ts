/**
 * Long-term memories, working memory and pending promotions as a pure function of the receipt chain, like the
 * pools in ../state.ts (which holds one of these and forwards the lifecycle receipts to it): the same `apply`
 * runs for live writes, replay on open and time travel.
 */
import { LineageRecords } from './lineage-records.js'
import { decodeMeta, type LifecycleMeta } from './meta.js'
import type { LifecycleReceipt, MemorySlot, PendingPromotion, SerializedLifecycle, WorkingSlot } from './slots.js'

export type { ContextRecord, EndRecord, GuardRecord } from './lineage-records.js'

export type { LifecycleReceipt, MemorySlot, PendingPromotion, SerializedLifecycle, WorkingSlot } from './slots.js'

/** The graph node id of a working-memory entry. */
export const workingNodeId = (key: string): string => `w:${key}`

/** Identity of a keyed memory for conflict detection: namespace and key. */
const nsIdentity = (ns: readonly string[], key: string): string => `n\u001f${ns.join('\u001e')}\u001f${key}`
const subjectIdentity = (subject: string, key: string): string => `s\u001f${subject}\u001f${key}`

/** The conflict identities of a keyed memory (none for an unkeyed one). */
export function identitiesOf(m: Pick<MemorySlot, 'key' | 'ns' | 'subject'>): string[] {
  if (m.key === null) return []
  return m.subject === null ? [nsIdentity(m.ns, m.key)] : [nsIdentity(m.ns, m.key), subjectIdentity(m.subject, m.key)]
}

/**
 * The memory lifecycle's state. It extends the lineage records (lineage-records.ts): the graph of contexts, guard
 * checks, ended entries and reverse edges that the same receipts feed.
 */
export class MemoryState extends LineageRecords {
  readonly memories = new Map<string, MemorySlot>()
  readonly working = new Map<string, WorkingSlot>()
  readonly promotions = new Map<string, PendingPromotion>()
  /**
   * For working-memory content that may be promoted on repetition: the distinct sessions that wrote it, by the
   * keyed commitment of its normalized form. Kept after the entries expire (repetition over days counts too).
   */
  readonly sightings = new Map<string, string[]>()
  /** Memory id by the keyed commitment of its normalized content, so a proposal finds its duplicate in O(1). */
  private readonly byNorm = new Map<string, string>()
  /** Live memory ids by conflict identity (see identitiesOf), so a proposal finds what it conflicts with in O(1). */
  private readonly byIdentity = new Map<string, string[]>()

  apply(r: LifecycleReceipt): void {
    if (r.op === 'READ') return this.recordRead(r)
    if (r.op === 'GUARD') return this.recordGuard(r)
    if (r.op === 'FORGET') return this.applyForget(r)
    if (r.key === null) return
    if (r.pool === 'memory') this.applyMemory(r, r.key)
    else if (r.pool === 'working') this.applyWorking(r, r.key)
    else if (r.pool === 'decision') this.applyPromotion(r)
  }

  private applyMemory(r: LifecycleReceipt, id: string): void {
    const meta = decodeMeta(r.reason)
    const ms = Date.parse(r.ts)
    const slot = this.memories.get(id)
    switch (r.op) {
      case 'PROPOSE':
        if (slot) {
          // The same content proposed again: one more session has seen it.
          if (meta.session && !slot.sessions.includes(meta.session)) slot.sessions.push(meta.session)
          slot.seq = r.seq
          return
        }
        if (!r.new) return
        if (meta.norm) this.byNorm.set(meta.norm, id)
        this.consumeRender(meta.session)
        const created: MemorySlot = {
          id,
          commit: r.new,
          seq: r.seq,
          status: meta.status ?? 'pending_review',
          score: meta.score ?? 0,
          ruleSet: meta.ruleSet ?? '',
          findings: meta.findings ?? [],
          source: meta.source ?? '',
          session: meta.session ?? null,
          sessions: meta.session ? [meta.session] : [],
          tags: meta.tags ?? [],
          tool: r.tool,
          call: r.call,
          createdMs: ms,
          updatedMs: ms,
          expires: meta.expires ?? null,
          norm: meta.norm ?? null,
          key: meta.key ?? null,
          type: meta.type ?? 'fact',
          owner: meta.owner ?? 'system',
          access: meta.access ?? 'internal',
          ns: meta.ns ?? [],
          subject: meta.subject ?? null,
          validFrom: meta.validFrom ?? ms,
          confidence: meta.confidence ?? 1,
          deps: meta.deps ?? [],
          ctx: meta.ctx ?? null,
          version: 1,
          conflictsWith: [],
          erased: null,
        }
        this.memories.set(id, created)
        const node = this.linkNode(id, { deps: meta.deps && [...new Set(meta.deps)], ctx: meta.ctx }, true)
        this.dependents.setMemory(node, created)
        this.recordConflicts(created, meta, ms)
        return
      case 'UPDATE':
        if (!slot || !r.new) return
        if (meta.norm && meta.norm !== slot.norm) {
          if (slot.norm && this.byNorm.get(slot.norm) === id) this.byNorm.delete(slot.norm)
          this.byNorm.set(meta.norm, id)
        }
        Object.assign(slot, {
          commit: r.new,
          seq: r.seq,
          status: meta.status ?? slot.status,
          score: meta.score ?? slot.score,
          ruleSet: meta.ruleSet ?? slot.ruleSet,
          findings: meta.findings ?? [],
          updatedMs: ms,
          norm: meta.norm ?? slot.norm,
          confidence: meta.confidence ?? slot.confidence,
          validFrom: meta.validFrom ?? slot.validFrom,
          expires: meta.expires ?? slot.expires,
          version: slot.version + 1,
        })
        if (meta.deps || meta.ctx) {
          const added = (meta.deps ?? []).filter((d) => !slot.deps.includes(d))
          slot.deps.push(...added)
          if (meta.ctx) slot.ctx = meta.ctx
          this.linkNode(id, { deps: added, ctx: meta.ctx })
        }
        this.consumeRender(meta.session)
        return
      case 'RESCORE':
      case 'APPROVE':
      case 'REJECT':
        if (!slot) return
        slot.seq = r.seq
        slot.updatedMs = ms
        slot.status = meta.status ?? (r.op === 'APPROVE' ? 'approved' : r.op === 'REJECT' ? 'rejected' : slot.status)
        if (meta.score !== undefined) slot.score = meta.score
        if (meta.ruleSet !== undefined) slot.ruleSet = meta.ruleSet
        if (meta.findings !== undefined) slot.findings = meta.findings
        if (meta.confidence !== undefined) slot.confidence = meta.confidence
        if (meta.conflicts) for (const c of meta.conflicts) this.flagConflict(slot, c)
        this.endValidity(meta.ends, ms)
        return
      case 'DELETE':
      case 'EXPIRE':
        if (!slot) return
        if (slot.norm && this.byNorm.get(slot.norm) === id) this.byNorm.delete(slot.norm)
        for (const identity of identitiesOf(slot)) this.unindex(identity, id)
        this.memories.delete(id)
        this.dependents.setMemory(id, undefined)
        this.ended.set(id, { op: r.op, why: meta.why ?? null, seq: r.seq, deps: slot.deps, ctx: slot.ctx })
        return
    }
  }

  /** Live memories with this conflict identity. */
  withIdentity(m: Pick<MemorySlot, 'key' | 'ns' | 'subject'>): MemorySlot[] {
    const ids = new Set(identitiesOf(m).flatMap((i) => this.byIdentity.get(i) ?? []))
    return [...ids].map((i) => this.memories.get(i)!).filter(Boolean)
  }

  private recordConflicts(slot: MemorySlot, meta: LifecycleMeta, ms: number): void {
    for (const identity of identitiesOf(slot)) {
      const ids = this.byIdentity.get(identity)
      if (ids) ids.push(slot.id)
      else this.byIdentity.set(identity, [slot.id])
    }
    for (const c of meta.conflicts ?? []) {
      this.flagConflict(slot, c)
      const other = this.memories.get(c)
      if (other) this.flagConflict(other, slot.id)
    }
    this.endValidity(meta.ends, ms)
  }

  /** Superseded entries (conflict policy `newest`): their validity ends at `ms`. */
  private endValidity(ids: readonly string[] | undefined, ms: number): void {
    for (const e of ids ?? []) {
      const other = this.memories.get(e)
      if (other && (other.expires === null || other.expires > ms)) other.expires = ms
    }
  }

  private flagConflict(slot: MemorySlot, other: string): void {
    if (other !== slot.id && !slot.conflictsWith.includes(other)) slot.conflictsWith.push(other)
  }

  private unindex(identity: string, id: string): void {
    const ids = this.byIdentity.get(identity)
    if (!ids) return
    const i = ids.indexOf(id)
    if (i >= 0) ids.splice(i, 1)
    if (!ids.length) this.byIdentity.delete(identity)
  }

  private applyForget(r: LifecycleReceipt): void {
    const meta = decodeMeta(r.reason)
    for (const id of meta.shredded ?? []) {
      const slot = this.memories.get(id)
      if (slot) slot.erased = r.seq
    }
  }

  private applyWorking(r: LifecycleReceipt, key: string): void {
    if (r.op === 'DELETE' || r.op === 'EXPIRE') {
      const w = this.working.get(key)
      if (w && this.working.delete(key))
        this.ended.set(workingNodeId(key), { op: r.op, why: decodeMeta(r.reason).why ?? null, seq: r.seq, deps: w.deps, ctx: w.ctx })
      return
    }
    if (r.op !== 'PUT' || !r.new) return
    const meta = decodeMeta(r.reason)
    this.consumeRender(meta.session)
    const node = workingNodeId(key)
    const previous = this.working.get(key) ?? this.ended.get(node)
    if (previous) this.unlinkNode(node, previous)
    this.ended.delete(node)
    this.linkNode(node, meta)
    const slash = key.indexOf('/')
    const ms = Date.parse(r.ts)
    if (meta.norm) {
      const seen = this.sightings.get(meta.norm)
      const session = key.slice(0, slash)
      if (!seen) this.sightings.set(meta.norm, [session])
      else if (!seen.includes(session)) seen.push(session)
    }
    this.working.set(key, {
      key,
      session: key.slice(0, slash),
      name: key.slice(slash + 1),
      commit: r.new,
      seq: r.seq,
      writtenMs: ms,
      expires: meta.expires ?? ms,
      source: meta.source ?? '',
      norm: meta.norm ?? null,
      deps: meta.deps ?? [],
      ctx: meta.ctx ?? null,
    })
  }

  private applyPromotion(r: LifecycleReceipt): void {
    const meta = decodeMeta(r.reason)
    if (r.op === 'PROPOSE' && r.tool !== null && r.call !== null && r.key !== null) {
      const id = `p_${r.seq}`
      this.promotions.set(id, {
        id,
        seq: r.seq,
        ms: Date.parse(r.ts),
        tool: r.tool,
        call: r.call,
        to: r.key,
        planRef: meta.planRef ?? '',
        score: meta.score ?? 0,
        ruleSet: meta.ruleSet ?? '',
        findings: meta.findings ?? [],
      })
    } else if ((r.op === 'APPROVE' || r.op === 'REJECT') && meta.review) this.promotions.delete(meta.review)
  }

  /** The live memory whose normalized content has this commitment (the latest to take it), if any. */
  findByNorm(norm: string): MemorySlot | undefined {
    const id = this.byNorm.get(norm)
    return id === undefined ? undefined : this.memories.get(id)
  }

  clone(): MemoryState {
    const s = new MemoryState()
    for (const [k, v] of this.memories)
      s.memories.set(k, {
        ...v,
        sessions: [...v.sessions],
        tags: [...v.tags],
        findings: [...v.findings],
        deps: [...v.deps],
        conflictsWith: [...v.conflictsWith],
      })
    for (const [k, v] of this.byNorm) s.byNorm.set(k, v)
    for (const [k, v] of this.byIdentity) s.byIdentity.set(k, [...v])
    for (const [k, v] of this.working) s.working.set(k, { ...v, deps: [...v.deps] })
    for (const [k, v] of this.promotions) s.promotions.set(k, { ...v, findings: [...v.findings] })
    for (const [k, v] of this.sightings) s.sightings.set(k, [...v])
    this.copyLineageTo(s)
    for (const [k, v] of s.memories) s.dependents.setMemory(k, v)
    return s
  }

  get size(): number {
    return this.memories.size + this.working.size + this.promotions.size + this.sightings.size + this.lineageSize
  }

  /** Plain data for the snapshots table (empty maps are left out so stores without memories keep their snapshots). */
  toJSON(): SerializedLifecycle | undefined {
    if (!this.size) return undefined
    return {
      ...(this.memories.size ? { m: [...this.memories.values()] } : {}),
      ...(this.working.size ? { w: [...this.working.values()] } : {}),
      ...(this.promotions.size ? { p: [...this.promotions.values()] } : {}),
      ...(this.sightings.size ? { s: [...this.sightings] } : {}),
      ...this.lineageJSON(),
    }
  }

  static fromJSON(o: SerializedLifecycle | undefined): MemoryState {
    const s = new MemoryState()
    // Snapshots written before typed memory lack the newer fields: the defaults PROPOSE would have given them.
    for (const saved of o?.m ?? []) {
      const m: MemorySlot = {
        key: null,
        type: 'fact',
        owner: 'system',
        access: 'internal',
        ns: [],
        subject: null,
        validFrom: saved.createdMs,
        confidence: 1,
        deps: [],
        ctx: null,
        version: 1,
        conflictsWith: [],
        erased: null,
        ...(saved as Partial<MemorySlot>),
      } as MemorySlot
      s.memories.set(m.id, m)
      if (m.norm) s.byNorm.set(m.norm, m.id)
      for (const identity of identitiesOf(m)) {
        const ids = s.byIdentity.get(identity)
        if (ids) ids.push(m.id)
        else s.byIdentity.set(identity, [m.id])
      }
      s.dependents.setMemory(s.linkNode(m.id, { deps: m.deps, ctx: m.ctx ?? undefined }), m)
    }
    for (const saved of o?.w ?? []) {
      const w = { deps: [], ctx: null, ...(saved as Partial<WorkingSlot>) } as WorkingSlot
      s.working.set(w.key, w)
      s.linkNode(workingNodeId(w.key), { deps: w.deps, ctx: w.ctx ?? undefined })
    }
    for (const p of o?.p ?? []) s.promotions.set(p.id, p)
    for (const [norm, sessions] of o?.s ?? []) s.sightings.set(norm, sessions)
    // A working entry written again after it ended is live: its edges were linked above.
    if (o) s.restoreLineage(o, (key) => s.working.has(key))
    return s
  }
}
