/**
 * Finding memories: filters over the typed fields (namespace prefix, type, tags, key, owner, validity, words of the
 * content), a pluggable retriever for ranking, and the sweep that puts expiry on the record.
 * Every result is a memory `get` would return to the handle: approved, readable, valid, its conflict's winner.
 */
import { OptionError } from '../../errors.js'
import type { Retriever, SearchQuery } from './api.js'
import type { LifecycleContext, MemoryEntry } from './context-types.js'
import { inNamespace } from './access.js'
import { contentOf, settle, toEntry, visible } from './memories.js'
import { comparisonForm } from './normalize.js'
import type { MemorySlot } from './state.js'
import { toEpochMs } from './typed.js'

const MAX_LIMIT = 10_000

function fail(field: string, problem: string): never {
  throw new OptionError(`memories.search ${field}`, problem)
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string')

export function searchMemories(ctx: LifecycleContext, query: SearchQuery = {}): MemorySlot[] {
  if (typeof query !== 'object' || query === null) fail('query', 'must be an object')
  const prefix = query.namespacePrefix ?? []
  if (!isStrings(prefix)) fail('namespacePrefix', 'must be an array of strings')
  const types = query.type === undefined ? null : typeof query.type === 'string' ? [query.type] : query.type
  if (types !== null && !isStrings(types)) fail('type', 'must be a type name or an array of them')
  const tags = query.tags ?? []
  if (!isStrings(tags)) fail('tags', 'must be an array of strings')
  if (query.key !== undefined && typeof query.key !== 'string') fail('key', 'must be a string')
  if (query.owner !== undefined && typeof query.owner !== 'string') fail('owner', 'must be a string')
  if (query.text !== undefined && typeof query.text !== 'string') fail('text', 'must be a string')
  const at = query.validAt === undefined ? ctx.rules.now() : toEpochMs(query.validAt)
  if (Number.isNaN(at)) fail('validAt', 'must be epoch milliseconds or an ISO 8601 date-time')
  const limit = query.limit ?? MAX_LIMIT
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) fail('limit', `must be an integer from 1 to ${MAX_LIMIT}`)
  const words = query.text === undefined ? [] : comparisonForm(query.text).split(' ').filter(Boolean)
  const ns = [...ctx.ns, ...prefix]

  const out: MemorySlot[] = []
  for (const m of ctx.ledger.state.lifecycle.memories.values()) {
    if (!inNamespace(m, ns)) continue
    if (types && !types.includes(m.type)) continue
    if (query.key !== undefined && m.key !== query.key) continue
    if (query.owner !== undefined && m.owner !== query.owner) continue
    if (tags.some((t) => !m.tags.includes(t))) continue
    const live = settle(ctx, m)
    if (!live || !visible(ctx, live, at)) continue
    if (words.length) {
      const text = comparisonForm(contentOf(ctx.ledger, live))
      if (words.some((w) => !text.includes(w))) continue
    }
    out.push(live)
  }
  out.sort((a, b) => b.createdMs - a.createdMs || b.seq - a.seq)
  return out.length > limit ? out.slice(0, limit) : out
}

export async function retrieveMemories(
  ctx: LifecycleContext,
  text: string,
  retriever: Retriever,
  query: SearchQuery = {},
): Promise<Array<MemoryEntry & { relevance: number }>> {
  if (typeof text !== 'string') fail('text', 'must be a string')
  if (typeof retriever !== 'function') throw new OptionError('memories.retrieve retriever', 'must be a function')
  const { limit, ...filter } = query
  const slots = searchMemories(ctx, filter)
  const byId = new Map(slots.map((m) => [m.id, m]))
  const candidates = slots.map((m) => ({ id: m.id, content: contentOf(ctx.ledger, m), type: m.type, tags: [...m.tags] }))
  const ranked = await retriever(text, candidates)
  if (!Array.isArray(ranked)) throw new OptionError('memories.retrieve retriever', 'must return an array of { id, relevance }')
  const seen = new Set<string>()
  const out: Array<MemoryEntry & { relevance: number }> = []
  for (const r of ranked) {
    const m = r && typeof r.id === 'string' ? byId.get(r.id) : undefined
    // Only what was offered comes back: a retriever cannot widen the set (another scope, a pending entry).
    if (!m || seen.has(m.id) || typeof r.relevance !== 'number' || Number.isNaN(r.relevance)) continue
    seen.add(m.id)
    out.push({ ...toEntry(ctx, m), relevance: r.relevance })
  }
  out.sort((a, b) => b.relevance - a.relevance)
  return limit === undefined ? out : out.slice(0, limit)
}

/** EXPIRE receipts for every memory past its validity (whoever owns it: expiry is the store's); returns their ids. */
export function sweepMemories(ctx: LifecycleContext): string[] {
  ctx.guard.ensureWritable('memories.sweep')
  const now = ctx.rules.now()
  const expired: string[] = []
  for (const m of ctx.ledger.state.lifecycle.memories.values())
    if (m.expires !== null && now >= m.expires && settle(ctx, m) === undefined) expired.push(m.id)
  return expired
}
