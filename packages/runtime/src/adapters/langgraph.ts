/**
 * `memory-customs/langgraph`: a LangGraph.js `BaseStore` whose every write is a governed, audited memory write.
 *
 * A LangGraph item `(namespace, key) -> value` is one long-term memory (`customs.memories`): filed in the namespace
 * `[...options.namespace, ...namespace]`, with the typed key `key`, the tag `langgraph-store`, and as content the
 * value's canonical JSON in an envelope that names the item. A put of a new key is a PROPOSE (scanned), a put for an
 * existing key an UPDATE of the same memory (rescanned, version + 1, `createdAt` kept), a delete a DELETE
 * tombstone. Reads return only what `memories.get` would: approved, readable, valid. A value the scanner rejects
 * or holds for review is recorded (its receipt says so) and reads return `null` for it until a reviewer approves it.
 */
import {
  BaseStore,
  validateNamespace,
  type Item,
  type MatchCondition,
  type Operation,
  type OperationResults,
  type SearchItem,
} from '@langchain/langgraph-checkpoint'
import { CanonicalError, canonicalize } from '../core/canonical.js'
import type { Customs } from '../core/customs.js'
import { internalsOf } from '../core/internals.js'
import type { Memories, Retriever } from '../core/memory/api.js'
import type { LifecycleContext, MemoryEntry, ProposeResult } from '../core/memory/context-types.js'
import { memoryNorm, settle } from '../core/memory/memories.js'
import { SYSTEM, checkAccess } from '../core/memory/access.js'
import type { Access } from '../core/memory/meta.js'
import { comparisonForm } from '../core/memory/normalize.js'
import type { MemorySlot } from '../core/memory/state.js'
import { OptionError, ScanRejectedError, ValueError } from '../errors.js'
import { currentFrame, currentSite, onProbe, runAtSite, type SiteMeta } from '../probe.js'

/** The tag every memory written by a CustomsStore carries: reads consider these memories only. */
export const LANGGRAPH_TAG = 'langgraph-store'

export interface CustomsStoreOptions {
  /** Read and write as this principal (`customs.as(principal)`): it owns what it writes; access is checked. */
  principal?: string
  /** Namespace parts every LangGraph namespace is filed under (`customs.scope({ namespace })`); default none. */
  namespace?: string[]
  /** The `source` of every proposal (rollback by `{ source }` undoes what the store wrote); default `langgraph`. */
  source?: string
  /** The session recorded with every proposal (rollback by `{ session }`), e.g. a thread id; default none. */
  session?: string
  /** Access level of new items; default `internal` (every non-external principal may read). */
  access?: Access
  /**
   * Ranks `search(prefix, { query })` results (vector search, BM25…) through `memories.retrieve`; its candidates'
   * `content` is the item's value as JSON. Without one, a query keeps the items whose value has every query word.
   */
  retriever?: Retriever
  /**
   * What a put whose value the scanner rejects does once its receipt is written: `record` (default) resolves and
   * reads return `null` for the item; `throw` rejects with `ScanRejectedError`. A value held for review never throws.
   */
  onRejected?: 'record' | 'throw'
}

type MemoryReader = { memories: Memories }

type Planned =
  | { kind: 'get'; ns: string[]; key: string; typedKey: string }
  | {
      kind: 'search'
      prefix: string[]
      filter: Record<string, unknown> | undefined
      limit: number
      offset: number
      query: string | undefined
    }
  | { kind: 'put'; op: object; ns: string[]; key: string; typedKey: string; value: string | null }
  | { kind: 'list'; conditions: MatchCondition[]; maxDepth: number | undefined; limit: number; offset: number }

/**
 * A LangGraph `BaseStore` over a memory-customs store. Pass it where LangGraph takes a store
 * (`graph.compile({ store })`); nodes reach it as `config.store` or `getStore()`.
 *
 * Within one `batch`, gets, searches and namespace listings see the state before the batch's puts (as
 * `InMemoryStore`'s do); puts are applied in order, each with its own receipt. Every operation is checked before
 * any is applied: a malformed one rejects the whole batch with a typed error and writes nothing.
 */
export class CustomsStore extends BaseStore {
  /** The store the memories live in. */
  readonly customs: Customs
  private readonly reader: MemoryReader & { scope(spec: { namespace: string[] }): MemoryReader }
  private readonly base: string[]
  private readonly principal: string
  private readonly root: LifecycleContext
  private readonly source: string
  private readonly session: string | undefined
  private readonly access: Access | undefined
  private readonly retriever: Retriever | undefined
  private readonly onRejected: 'record' | 'throw'

  /**
   * @param customs A store from `createCustoms` (not a handle: the store looks up items of every status by key).
   * @param options Principal, base namespace, source, session, access, retriever and what a rejected put does.
   * @throws OptionError naming the argument or option at fault.
   */
  constructor(customs: Customs, options: CustomsStoreOptions = {}) {
    super()
    if (typeof options !== 'object' || options === null) throw new OptionError('CustomsStore options', 'must be an object')
    try {
      this.root = internalsOf(customs).lifecycle
    } catch {
      throw new OptionError('CustomsStore customs', 'must be a store returned by createCustoms')
    }
    this.customs = customs
    const { principal, namespace = [], source = 'langgraph', session, access, retriever, onRejected = 'record' } = options
    if (principal !== undefined && (typeof principal !== 'string' || !principal))
      throw new OptionError('CustomsStore options.principal', 'must be a non-empty string')
    if (!Array.isArray(namespace) || namespace.some((p) => typeof p !== 'string' || !p))
      throw new OptionError('CustomsStore options.namespace', 'must be an array of non-empty strings')
    if (typeof source !== 'string' || !source) throw new OptionError('CustomsStore options.source', 'must be a non-empty string')
    if (session !== undefined && (typeof session !== 'string' || !session))
      throw new OptionError('CustomsStore options.session', 'must be a non-empty string')
    if (retriever !== undefined && typeof retriever !== 'function')
      throw new OptionError('CustomsStore options.retriever', 'must be a function (text, candidates) => [{ id, relevance }]')
    // Checked here rather than at the first put, where it would be a REFUSED receipt per item.
    if (access !== undefined && checkAccess(access, null, source))
      throw new OptionError('CustomsStore options.access', "must be 'public', 'internal', 'private' or { readers?, writers? }")
    if (onRejected !== 'record' && onRejected !== 'throw')
      throw new OptionError('CustomsStore options.onRejected', "must be 'record' or 'throw'")
    const handle = principal === undefined ? customs : customs.as(principal)
    this.reader = namespace.length ? handle.scope({ namespace }) : handle
    this.base = [...namespace]
    this.principal = principal ?? SYSTEM
    this.source = source
    this.session = session
    this.access = access
    this.retriever = retriever
    this.onRejected = onRejected
    onProbe(rememberStoreCall)
  }

  /** Runs LangGraph operations; see the class comment for ordering and atomicity of validation. */
  async batch<Op extends Operation[]>(operations: Op): Promise<OperationResults<Op>> {
    if (!Array.isArray(operations)) throw new OptionError('CustomsStore.batch operations', 'must be an array of operations')
    const plan = operations.map((op, i) => this.plan(op, `operations[${i}]`))
    // Everything below up to the first await runs synchronously inside the caller's call, so a write made by a
    // probed `store.put(...)` line still finds that line's site on the probe stack (see `atCallerSite`).
    const results: unknown[] = plan.map(() => null)
    const ranked: Array<Promise<void>> = []
    for (const [i, p] of plan.entries()) {
      if (p.kind === 'get') results[i] = this.getNow(p.ns, p.typedKey)
      else if (p.kind === 'list') results[i] = this.listNow(p)
      else if (p.kind === 'search') {
        if (p.query !== undefined && this.retriever) ranked.push(this.searchRanked(p, this.retriever).then((r) => void (results[i] = r)))
        else results[i] = this.searchNow(p)
      }
    }
    const reads = Promise.all(ranked)
    // A put that throws below must not leave a ranked search's failure unobserved.
    reads.catch(() => undefined)
    for (const p of plan) if (p.kind === 'put') atCallerSite(p.op, p.key, () => this.write(p))
    await reads
    return results as OperationResults<Op>
  }

  private plan(op: unknown, at: string): Planned {
    if (typeof op !== 'object' || op === null) throw new OptionError(`CustomsStore.batch ${at}`, 'must be an operation object')
    const o = op as Record<string, unknown>
    if ('namespacePrefix' in o) {
      const prefix = this.checkNamespace(o.namespacePrefix, `${at}.namespacePrefix`, true)
      const filter = o.filter
      if (filter !== undefined && filter !== null && (typeof filter !== 'object' || Array.isArray(filter)))
        throw new OptionError(`CustomsStore.batch ${at}.filter`, 'must be an object of field conditions')
      if (o.query !== undefined && o.query !== null && typeof o.query !== 'string')
        throw new OptionError(`CustomsStore.batch ${at}.query`, 'must be a string')
      return {
        kind: 'search',
        prefix,
        filter: (filter ?? undefined) as Record<string, unknown> | undefined,
        limit: count(o.limit, 10, `${at}.limit`),
        offset: count(o.offset, 0, `${at}.offset`),
        query: typeof o.query === 'string' ? o.query : undefined,
      }
    }
    if ('namespace' in o && 'key' in o) {
      const ns = this.checkNamespace(o.namespace, `${at}.namespace`, false)
      const key = o.key
      if (typeof key !== 'string') throw new ValueError(null, null, `${at}.key`, 'must be a string', 'langgraph.key')
      const typedKey = typedKeyOf(key, `${at}.key`)
      if (!('value' in o)) return { kind: 'get', ns, key, typedKey }
      return { kind: 'put', op: o, ns, key, typedKey, value: this.checkValue(o.value, typedKey, `${at}.value`) }
    }
    if ('matchConditions' in o || 'limit' in o) {
      const conditions = o.matchConditions ?? []
      if (!Array.isArray(conditions)) throw new OptionError(`CustomsStore.batch ${at}.matchConditions`, 'must be an array')
      for (const [j, c] of conditions.entries()) {
        const cond = c as Partial<MatchCondition> | null
        if (!cond || (cond.matchType !== 'prefix' && cond.matchType !== 'suffix'))
          throw new OptionError(`CustomsStore.batch ${at}.matchConditions[${j}].matchType`, "must be 'prefix' or 'suffix'")
        if (!Array.isArray(cond.path) || cond.path.some((p) => typeof p !== 'string'))
          throw new OptionError(`CustomsStore.batch ${at}.matchConditions[${j}].path`, 'must be an array of strings')
      }
      const maxDepth = o.maxDepth
      if (maxDepth !== undefined && maxDepth !== null && !(Number.isInteger(maxDepth) && (maxDepth as number) >= 0))
        throw new OptionError(`CustomsStore.batch ${at}.maxDepth`, 'must be a non-negative integer')
      return {
        kind: 'list',
        conditions: conditions as MatchCondition[],
        maxDepth: (maxDepth ?? undefined) as number | undefined,
        limit: count(o.limit, 100, `${at}.limit`),
        offset: count(o.offset, 0, `${at}.offset`),
      }
    }
    throw new OptionError(`CustomsStore.batch ${at}`, 'is not a get, search, put or list-namespaces operation')
  }

  /** LangGraph's own namespace rules (its InvalidNamespaceError), then the runtime's: labels of 1 to 256 characters. */
  private checkNamespace(ns: unknown, at: string, allowEmpty: boolean): string[] {
    if (!Array.isArray(ns)) throw new ValueError(null, null, at, 'must be an array of strings', 'langgraph.namespace')
    validateNamespace(ns as string[], { allowEmpty, allowReservedRoot: true })
    for (const [i, label] of (ns as string[]).entries())
      if (label.length > 256 || /\p{Cc}/u.test(label))
        throw new ValueError(null, null, `${at}[${i}]`, 'must be at most 256 characters without control characters', 'langgraph.namespace')
    return [...(ns as string[])]
  }

  /** The value's canonical JSON (`null` for a delete); a value that would not round-trip exactly is refused. */
  private checkValue(value: unknown, key: string, at: string): string | null {
    if (value === null) return null
    if (typeof value !== 'object' || Array.isArray(value))
      throw new ValueError(key, this.source, at, 'must be an object (or null to delete)', 'langgraph.value')
    try {
      return canonicalize(value, { root: at })
    } catch (e) {
      if (e instanceof CanonicalError) throw new ValueError(key, this.source, e.path, e.problem)
      throw e
    }
  }

  /** The live memory holding this item, whatever its status (approved, pending review, rejected), or undefined. */
  private slotOf(ns: string[], typedKey: string): MemorySlot | undefined {
    const full = [...this.base, ...ns]
    const life = this.root.ledger.state.lifecycle
    let found: MemorySlot | undefined
    for (const m of life.withIdentity({ key: typedKey, ns: full, subject: null })) {
      if (!m.tags.includes(LANGGRAPH_TAG) || m.ns.length !== full.length || m.ns.some((p, i) => p !== full[i])) continue
      if (!found || m.seq > found.seq) found = m
    }
    // An entry whose validity ended is gone (settle writes its EXPIRE receipt); the next put files a new one.
    return found ? settle(this.root, found) : undefined
  }

  private getNow(ns: string[], typedKey: string): Item | null {
    const slot = this.slotOf(ns, typedKey)
    if (!slot) return null
    // `get` checks access (an unreadable item throws AccessDeniedError after a REFUSED receipt) and status.
    const entry = this.reader.memories.get(slot.id)
    return entry ? this.itemOf(entry) : null
  }

  /** Every approved, readable item under `prefix`, most recently written first. */
  private itemsUnder(prefix: string[]): Array<Item & { id: string; seq: number }> {
    const out: Array<Item & { id: string; seq: number }> = []
    for (const entry of this.reader.memories.search({ namespacePrefix: prefix, tags: [LANGGRAPH_TAG] })) {
      const item = this.itemOf(entry)
      if (item) out.push({ ...item, id: entry.id, seq: entry.seq })
    }
    return out.sort((a, b) => b.seq - a.seq)
  }

  private searchNow(p: Extract<Planned, { kind: 'search' }>): SearchItem[] {
    const words = p.query === undefined ? [] : comparisonForm(p.query).split(' ').filter(Boolean)
    const matching = this.itemsUnder(p.prefix).filter(
      (item) => matchesFilter(item.value, p.filter) && (!words.length || hasWords(item.value, words)),
    )
    return matching.slice(p.offset, p.offset + p.limit).map(({ id: _id, seq: _seq, ...item }) => item)
  }

  /**
   * Ranks with the retriever through `memories.retrieve`. Its candidates are taken synchronously, before this
   * batch's puts; the items returned are those same snapshots, in the retriever's order, with its relevance.
   */
  private async searchRanked(p: Extract<Planned, { kind: 'search' }>, retriever: Retriever): Promise<SearchItem[]> {
    const snapshot = new Map(this.itemsUnder(p.prefix).map((item) => [item.id, item]))
    const ranked = await this.reader.memories.retrieve(
      p.query ?? '',
      (text, candidates) =>
        retriever(
          text,
          candidates.map((c) => ({ ...c, content: JSON.stringify(snapshot.get(c.id)?.value ?? null) })),
        ),
      { namespacePrefix: p.prefix, tags: [LANGGRAPH_TAG] },
    )
    const out: SearchItem[] = []
    for (const r of ranked) {
      const item = snapshot.get(r.id)
      if (!item || !matchesFilter(item.value, p.filter)) continue
      const { id: _id, seq: _seq, ...rest } = item
      out.push({ ...rest, score: r.relevance })
    }
    return out.slice(p.offset, p.offset + p.limit)
  }

  private listNow(p: Extract<Planned, { kind: 'list' }>): string[][] {
    const seen = new Map<string, string[]>()
    for (const item of this.itemsUnder([])) {
      if (!p.conditions.every((c) => matchesCondition(c, item.namespace))) continue
      const ns = p.maxDepth === undefined ? item.namespace : item.namespace.slice(0, p.maxDepth)
      seen.set(JSON.stringify(ns), ns)
    }
    const all = [...seen.values()].sort((a, b) => a.join(':').localeCompare(b.join(':')))
    return all.slice(p.offset, p.offset + p.limit)
  }

  private write(p: Extract<Planned, { kind: 'put' }>): void {
    const slot = this.slotOf(p.ns, p.typedKey)
    const scoped = this.reader.scope({ namespace: p.ns })
    if (p.value === null) {
      // Deleting an absent item changes nothing, so there is nothing to record.
      if (slot) scoped.memories.delete(slot.id, { reason: 'langgraph:delete' })
      return
    }
    const content = slot ? envelope(p.ns, p.key, p.value, 0) : this.newContent(p.ns, p.key, p.value)
    const result: ProposeResult = slot
      ? scoped.memories.update(slot.id, content, { reason: 'langgraph:put', session: this.session })
      : scoped.memories.propose(content, {
          source: this.source,
          session: this.session,
          key: p.typedKey,
          tags: [LANGGRAPH_TAG],
          access: this.access,
        })
    if (result.status === 'rejected' && this.onRejected === 'throw')
      throw new ScanRejectedError(p.typedKey, this.source, result.score, result.findings)
  }

  /**
   * Content for a new item that no live memory already has (compared as proposals compare: case-, width- and
   * space-insensitively, within the namespace and principal); otherwise the proposal would be a sighting of it.
   * The lookup is the index `propose` itself consults, so what it finds free, `propose` files as new.
   */
  private newContent(ns: string[], key: string, valueJson: string): string {
    const ctx = { ...this.root, principal: this.principal, ns: [...this.base, ...ns] }
    const life = this.root.ledger.state.lifecycle
    for (let variant = 0; ; variant++) {
      const content = envelope(ns, key, valueJson, variant)
      if (!life.findByNorm(memoryNorm(ctx, content))) return content
    }
  }

  /** A memory as a LangGraph item, or null when it is not one of this store's envelopes. */
  private itemOf(entry: MemoryEntry): Item | null {
    let parsed: unknown
    try {
      parsed = JSON.parse(entry.content)
    } catch {
      return null
    }
    const env = parsed as { item?: { name?: unknown }; value?: unknown }
    if (typeof env?.item?.name !== 'string' || typeof env.value !== 'object' || env.value === null) return null
    return {
      namespace: entry.namespace.slice(this.base.length),
      key: env.item.name,
      value: env.value as Record<string, unknown>,
      createdAt: new Date(entry.writtenAt),
      updatedAt: new Date(entry.updatedAt),
    }
  }
}

function count(v: unknown, fallback: number, at: string): number {
  if (v === undefined || v === null) return fallback
  if (!Number.isInteger(v) || (v as number) < 0) throw new OptionError(`CustomsStore.batch ${at}`, 'must be a non-negative integer')
  return v as number
}

/**
 * The typed memory key for a LangGraph key: the key itself, with `%`, white space and control characters
 * percent-encoded (typed keys have no white space). Injective, so two LangGraph keys never share a memory.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

function typedKeyOf(key: string, at: string): string {
  if (!key) throw new ValueError(null, null, at, 'must not be empty', 'langgraph.key')
  if (LONE_SURROGATE.test(key)) throw new ValueError(null, null, at, 'contains a lone surrogate', 'langgraph.key')
  const typed = key.replace(/[%\s\p{Cc}]/gu, (c) => encodeURIComponent(c))
  if (typed.length > 256) throw new ValueError(null, null, at, 'must encode to at most 256 characters', 'langgraph.key')
  return typed
}

/**
 * The memory's content: the item's name (so equal values under two keys are two memories, never one memory seen
 * twice) and its value as canonical JSON, so `JSON.parse` of the content gives the item back. `variant` is there
 * only when names differ in case, width or spacing alone and would otherwise read as the same content.
 */
function envelope(ns: string[], key: string, valueJson: string, variant: number): string {
  // `name`, not `key`: a `"key": "<token-like text>"` pair is what the secret rules look for around high-entropy text.
  const item = variant ? { namespace: ns, name: key, variant } : { namespace: ns, name: key }
  return `{"item":${JSON.stringify(item)},"value":${valueJson}}`
}

/** LangGraph's filter semantics (as InMemoryStore applies them): exact match, or `$eq $ne $gt $gte $lt $lte $in $nin`. */
function matchesFilter(value: Record<string, unknown>, filter: Record<string, unknown> | undefined): boolean {
  if (!filter) return true
  return Object.entries(filter).every(([field, wanted]) => compare(value[field], wanted))
}

const OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin'])

function compare(actual: unknown, wanted: unknown): boolean {
  if (typeof wanted !== 'object' || wanted === null || !Object.keys(wanted).every((k) => OPERATORS.has(k))) return actual === wanted
  return Object.entries(wanted).every(([op, v]) => {
    switch (op) {
      case '$eq':
        return actual === v
      case '$ne':
        return actual !== v
      case '$gt':
        return Number(actual) > Number(v)
      case '$gte':
        return Number(actual) >= Number(v)
      case '$lt':
        return Number(actual) < Number(v)
      case '$lte':
        return Number(actual) <= Number(v)
      case '$in':
        return Array.isArray(v) && v.includes(actual)
      default:
        return Array.isArray(v) ? !v.includes(actual) : true
    }
  })
}

/** Whether every query word occurs in the value's text (its strings, numbers and booleans; field names excluded). */
function hasWords(value: unknown, words: string[]): boolean {
  const parts: string[] = []
  const walk = (v: unknown): void => {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') parts.push(String(v))
    else if (Array.isArray(v)) v.forEach(walk)
    else if (v && typeof v === 'object') Object.values(v).forEach(walk)
  }
  walk(value)
  const text = comparisonForm(parts.join(' '))
  return words.every((w) => text.includes(w))
}

function matchesCondition(c: MatchCondition, ns: string[]): boolean {
  if (c.path.length > ns.length) return false
  const offset = c.matchType === 'prefix' ? 0 : ns.length - c.path.length
  return c.path.every((part, i) => part === '*' || part === ns[offset + i])
}

// --- Attribution -----------------------------------------------------------------------------------------------
// A compiled graph hands nodes an AsyncBatchedStore that queues `put` and runs the batch on a later tick, after the
// probed call's frame is gone. The queued operation keeps the caller's value object, so a probed `…store.put(ns,
// key, value)` is remembered here by that object and its site is restored around the write when the batch runs.

const callerSites = new WeakMap<object, Array<{ key: string; site: SiteMeta }>>()
const MAX_REMEMBERED_PER_OBJECT = 64

/** Subscribed by every CustomsStore; the probe keeps listeners in a Set, so it is registered once. */
function rememberStoreCall(): void {
  const frame = currentFrame()
  if (!frame) return
  const [ns, key, value] = frame.args
  if (!Array.isArray(ns) || typeof key !== 'string') return
  // A put is known by its value object; a delete (`put(ns, key, null)` or `delete(ns, key)`) by its namespace array.
  const anchor = value !== null && typeof value === 'object' ? value : ns
  const list = callerSites.get(anchor)
  if (!list) return void callerSites.set(anchor, [{ key, site: frame.site }])
  list.push({ key, site: frame.site })
  // A long-lived object put again and again into stores other than this one would otherwise grow its list forever;
  // a queue holds a few puts of one object per tick at most.
  if (list.length > MAX_REMEMBERED_PER_OBJECT) list.shift()
}

function takeCallerSite(op: object, key: string): SiteMeta | null {
  const { value, namespace } = op as { value?: unknown; namespace?: unknown }
  const anchor = value !== null && typeof value === 'object' ? value : namespace
  const list = typeof anchor === 'object' && anchor !== null ? callerSites.get(anchor) : undefined
  const i = list ? list.findIndex((e) => e.key === key) : -1
  if (!list || i < 0) return null
  const [{ site }] = list.splice(i, 1)
  if (!list.length) callerSites.delete(anchor as object)
  return site
}

/**
 * Runs a write attributed to the line that asked for it: inside the probed call itself, the probe stack already
 * names it (and the write marks that frame receipted); from a queued batch, the site remembered at the call.
 */
function atCallerSite(op: object, key: string, write: () => void): void {
  const remembered = takeCallerSite(op, key)
  if (currentSite() || !remembered) return write()
  return runAtSite(remembered, write)
}
