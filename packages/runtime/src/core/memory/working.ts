/**
 * Working memory: what an agent keeps for one session, with a TTL; never visible as long-term memory. Every
 * write is a receipt like any other (its value encrypted); the view is the chain's state, rebuilt on open.
 *
 * Promotion to long-term memory only goes through `propose` (scan and lifecycle): explicitly (`confirm`, a
 * user's confirmation), or automatically when the same content (normalized) was written in N distinct
 * sessions. Tool intermediates, temporary values and unconfirmed web content never count towards that.
 */
import { ValueError, type CustomsError } from '../../errors.js'
import type { Receipt } from '../receipt.js'
import { attribute, checkTexts, encodeValue, MAX_NAME_LENGTH, refuse, safeText } from '../gates/gate.js'
import type { LifecycleContext, ProposeResult } from './context-types.js'
import { encodeMeta } from './meta.js'
import { actorOf, memoryNorm } from './memories.js'
import { proposeMemory } from './propose.js'
import { workingNodeId } from './state.js'
import { knownNode } from './typed.js'
import { normCommit } from './normalize.js'
import type { WorkingSlot } from './state.js'

export interface WorkingPutOptions {
  /** Entry lifetime from this write; default the store's `working.ttlMs`. */
  ttlMs?: number
  /**
   * Where the content comes from: `user`, `assistant` (default), `tool:<name>`, `web.fetch`… Content from tools
   * and the web never counts towards automatic promotion.
   */
  source?: string
  /** A temporary value (a token, a scratch result): never promoted. */
  transient?: boolean
  /** Entries it was derived from (ids as `guard.check` takes them). */
  dependsOn?: string[]
  /** Link it to the session's last rendered context (default true: the first write after a render is linked). */
  link?: boolean
}

export interface WorkingEntry {
  name: string
  value: unknown
  source: string
  writtenAt: string
  expiresAt: string
  seq: number
}

/** Sources whose content is never promoted on repetition alone: tool intermediates and unconfirmed web content. */
export function neverAutoPromoted(source: string): boolean {
  return /^(tool|web)([:./]|$)/i.test(source)
}

export function workingPut(
  ctx: LifecycleContext,
  session: string,
  name: string,
  value: unknown,
  options: WorkingPutOptions = {},
): { receipt: Receipt; proposed?: ProposeResult } {
  const { ledger, ring, rules, guard } = ctx
  guard.ensureWritable('working.put')
  const site = attribute(ledger)
  const source = options.source ?? 'assistant'
  const key = `${safeText(session) ?? ''}/${safeText(name) ?? ''}`
  const current = ledger.state.lifecycle.working.get(key)
  const base = {
    pool: 'working' as const,
    key,
    old: current?.commit ?? null,
    new: null,
    site,
    tool: null,
    call: null,
    actor: safeText(actorOf(ctx)),
  }
  const bad = checkTexts(key, source, [
    ['name', name, MAX_NAME_LENGTH],
    ['source', source, MAX_NAME_LENGTH],
  ])
  if (bad) refuse(ledger, bad, 'PUT', base)
  const ttl = options.ttlMs ?? rules.workingTtlMs
  if (!(Number.isFinite(ttl) && ttl > 0))
    refuse(ledger, new ValueError(key, source, 'ttlMs', 'must be a positive number of milliseconds', 'working.ttl'), 'PUT', base)
  let text: string
  try {
    text = encodeValue(value, key, source, rules.maxValueBytes)
  } catch (e) {
    return refuse(ledger, e as CustomsError, 'PUT', base)
  }
  const deps = options.dependsOn ?? []
  if (!Array.isArray(deps) || deps.length > 256 || deps.some((d) => typeof d !== 'string' || !knownNode(ctx, d)))
    refuse(
      ledger,
      new ValueError(key, source, 'dependsOn', 'must be an array of at most 256 known entry ids', 'working.dependsOn'),
      'PUT',
      base,
    )
  const linked = options.link === false ? undefined : ledger.state.lifecycle.lastRender.get(session)
  const eligible = rules.autoProposeSessions > 0 && !options.transient && !neverAutoPromoted(source)
  const content = typeof value === 'string' ? value : text
  const norm = eligible ? normCommit(ring, content) : undefined
  const commit = ring.commit(text)
  const receipt = ledger.append(
    {
      ...base,
      op: 'PUT',
      new: commit,
      reason: encodeMeta({
        source,
        expires: rules.now() + ttl,
        norm,
        session,
        deps: deps.length ? [...new Set(deps)] : undefined,
        ctx: linked,
      }),
    },
    { commit, text },
  )
  if (!norm) return { receipt }
  const sessions = sessionsWith(ctx, norm)
  if (sessions.size < rules.autoProposeSessions || ledger.state.lifecycle.findByNorm(memoryNorm(ctx, content))) return { receipt }
  const proposed = proposeMemory(
    ctx,
    content,
    { source: `working:${source}`, session, dependsOn: [workingNodeId(key)], link: false },
    `auto:sessions:${sessions.size}`,
  )
  return { receipt, proposed }
}

/** Distinct sessions whose writes (live or expired) carried this content: counted from the chain's PUT receipts. */
function sessionsWith(ctx: LifecycleContext, norm: string): Set<string> {
  return new Set(ctx.ledger.state.lifecycle.sightings.get(norm) ?? [])
}

export function workingLive(ctx: LifecycleContext, session: string): WorkingSlot[] {
  const now = ctx.rules.now()
  const out: WorkingSlot[] = []
  for (const w of ctx.ledger.state.lifecycle.working.values()) if (w.session === session && now < w.expires) out.push(w)
  return out.sort((a, b) => a.seq - b.seq)
}

export function workingEntry(ctx: LifecycleContext, w: WorkingSlot): WorkingEntry {
  return {
    name: w.name,
    value: ctx.ledger.readValue(w.commit, w.seq),
    source: w.source,
    writtenAt: new Date(w.writtenMs).toISOString(),
    expiresAt: new Date(w.expires).toISOString(),
    seq: w.seq,
  }
}

export function workingDelete(ctx: LifecycleContext, session: string, name: string): Receipt | undefined {
  ctx.guard.ensureWritable('working.delete')
  const key = `${session}/${name}`
  const w = ctx.ledger.state.lifecycle.working.get(key)
  if (!w) return undefined
  return endWorking(ctx, w, 'DELETE')
}

/** Writes an EXPIRE receipt for every working entry past its TTL (all sessions); returns how many. */
export function sweepWorking(ctx: LifecycleContext): number {
  ctx.guard.ensureWritable('working.sweep')
  const now = ctx.rules.now()
  let n = 0
  for (const w of ctx.ledger.state.lifecycle.working.values())
    if (now >= w.expires) {
      endWorking(ctx, w, 'EXPIRE')
      n++
    }
  return n
}

function endWorking(ctx: LifecycleContext, w: WorkingSlot, op: 'DELETE' | 'EXPIRE'): Receipt {
  return ctx.ledger.append({
    op,
    pool: 'working',
    key: w.key,
    old: w.commit,
    new: null,
    site: attribute(ctx.ledger),
    tool: null,
    call: null,
    actor: safeText(actorOf(ctx)),
    reason: null,
  })
}
