/**
 * Long-term memories, working memory and pending promotions as a pure function of the receipt chain, like the
 * pools in ../state.ts (which holds one of these and forwards the lifecycle receipts to it): the same `apply`
 * runs for live writes, replay on open and time travel.
 */
import { decodeMeta, type MemoryStatus } from './meta.js'

export interface MemorySlot {
  /** `m_<seq of its PROPOSE>`. */
  id: string
  /** Commitment of the content. */
  commit: string
  /** Receipt that last changed this entry. */
  seq: number
  status: MemoryStatus
  score: number
  ruleSet: string
  findings: string[]
  source: string
  /** Session of the first proposal, if any. */
  session: string | null
  /** Distinct sessions that proposed this content. */
  sessions: string[]
  tags: string[]
  /** The tool call a memory made from a tool result comes from. */
  tool: string | null
  call: string | null
  createdMs: number
  updatedMs: number
  /** Validity end (epoch ms), or null. */
  expires: number | null
  /** Keyed commitment of the normalized content (NFKC, case-folded, white space collapsed): finds duplicates. */
  norm: string | null
}

export interface WorkingSlot {
  /** `session/name`. */
  key: string
  session: string
  name: string
  commit: string
  seq: number
  writtenMs: number
  expires: number
  source: string
  /** Set when the entry may count towards automatic promotion (see gates/working.ts). */
  norm: string | null
}

export interface PendingPromotion {
  /** `p_<seq of its PROPOSE>`. */
  id: string
  seq: number
  ms: number
  tool: string
  call: string
  to: string
  planRef: string
  score: number
  ruleSet: string
  findings: string[]
}

/** The receipt fields apply reads. */
export interface LifecycleReceipt {
  seq: number
  op: string
  pool: string | null
  key: string | null
  new: string | null
  tool: string | null
  call: string | null
  ts: string
  reason: string | null
}

export interface SerializedLifecycle {
  m?: MemorySlot[]
  w?: WorkingSlot[]
  p?: PendingPromotion[]
  s?: Array<[string, string[]]>
}

export class MemoryState {
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

  apply(r: LifecycleReceipt): void {
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
        this.memories.set(id, {
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
        })
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
        })
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
        return
      case 'DELETE':
      case 'EXPIRE':
        if (slot?.norm && this.byNorm.get(slot.norm) === id) this.byNorm.delete(slot.norm)
        this.memories.delete(id)
        return
    }
  }

  private applyWorking(r: LifecycleReceipt, key: string): void {
    if (r.op === 'DELETE' || r.op === 'EXPIRE') {
      this.working.delete(key)
      return
    }
    if (r.op !== 'PUT' || !r.new) return
    const meta = decodeMeta(r.reason)
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
    for (const [k, v] of this.memories) s.memories.set(k, { ...v, sessions: [...v.sessions], tags: [...v.tags], findings: [...v.findings] })
    for (const [k, v] of this.byNorm) s.byNorm.set(k, v)
    for (const [k, v] of this.working) s.working.set(k, { ...v })
    for (const [k, v] of this.promotions) s.promotions.set(k, { ...v, findings: [...v.findings] })
    for (const [k, v] of this.sightings) s.sightings.set(k, [...v])
    return s
  }

  get size(): number {
    return this.memories.size + this.working.size + this.promotions.size + this.sightings.size
  }

  /** Plain data for the snapshots table (empty maps are left out so stores without memories keep their snapshots). */
  toJSON(): SerializedLifecycle | undefined {
    if (!this.size) return undefined
    return {
      ...(this.memories.size ? { m: [...this.memories.values()] } : {}),
      ...(this.working.size ? { w: [...this.working.values()] } : {}),
      ...(this.promotions.size ? { p: [...this.promotions.values()] } : {}),
      ...(this.sightings.size ? { s: [...this.sightings] } : {}),
    }
  }

  static fromJSON(o: SerializedLifecycle | undefined): MemoryState {
    const s = new MemoryState()
    for (const m of o?.m ?? []) {
      s.memories.set(m.id, m)
      if (m.norm) s.byNorm.set(m.norm, m.id)
    }
    for (const w of o?.w ?? []) s.working.set(w.key, w)
    for (const p of o?.p ?? []) s.promotions.set(p.id, p)
    for (const [norm, sessions] of o?.s ?? []) s.sightings.set(norm, sessions)
    return s
  }
}
