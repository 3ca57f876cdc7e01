/**
 * `memory-customs/openai-agents`: a conversation `Session` for the OpenAI Agents SDK (`@openai/agents-core`,
 * `@openai/agents`) backed by audited working memory.
 *
 * Every history item the runner saves is one working-memory entry of the session (`customs.working(sessionId)`):
 * a PUT receipt whose value record is encrypted like every value; `popItem` and `clearSession` write DELETE
 * receipts. The history is the chain's state, so it survives a reopen of a file store, `verify()` covers it and
 * `rollback({ session })` can undo it.
 *
 * Only types come from the SDK: this module runs without loading it, and the SDK's runner drives it through the
 * `Session` interface (including `RunContextAwareSession`, which is how a run's writes keep their calling site).
 */
import type { AgentInputItem, RunContext, RunContextAwareSession } from '@openai/agents-core'
import { OptionError, ScanRejectedError, ValueError } from '../errors.js'
import type { WorkingMemory } from '../core/memory/api.js'
import { currentSite, markReceipted, runAtSite, type SiteMeta } from '../probe.js'
import { scan, type ScanOptions, type ScanResult } from '../scan.js'

/** Thirty days: a conversation outlives working memory's one-hour default, but not forever. */
export const DEFAULT_SESSION_TTL_MS = 30 * 24 * 3_600_000

/** What a session stores in: a Customs, or a handle from `customs.as(principal)` / `scope()` (its actor is kept). */
export interface WorkingMemoryOwner {
  working(session: string): WorkingMemory
}

/** What happens to a user or tool item the content scanner rejects (see {@link CustomsSessionOptions.scan}). */
export type ScanPolicy = 'off' | 'refuse' | 'withhold'

export interface CustomsSessionOptions {
  /** The session id (working-memory session): at most 256 characters, no `/`. Default a random UUID. */
  sessionId?: string
  /**
   * How long each item stays in the history, counted from its write (an EXPIRE receipt ends it on the next
   * `sweep()`). Default {@link DEFAULT_SESSION_TTL_MS} (30 days).
   */
  ttlMs?: number
  /**
   * Scan the text of user messages and tool results with `memory-customs/scan` before they are stored:
   * - `'off'` (default): store as given;
   * - `'refuse'`: a rejected item makes `addItems` throw `ScanRejectedError` before anything of the batch is
   *   written (the run fails; nothing of that batch reaches the history);
   * - `'withhold'`: the rejected text is replaced by `[withheld by memory-customs: <rules>]` and the item is
   *   stored with its structure (ids, call ids) intact, so the model sees that something was withheld.
   */
  scan?: ScanPolicy
  /** Options for the scanner (rules, thresholds), as `scan(text, options)` takes them. */
  scanOptions?: ScanOptions
  /**
   * Let conversation items count towards working memory's automatic promotion to long-term memory (the same
   * content in `working.autoProposeSessions` sessions). Default false: a chat turn is not a memory.
   */
  autoPropose?: boolean
}

/** What one stored item looks like in working memory: the item as JSON, plus where its binary fields were. */
interface StoredItem {
  item: unknown
  /** Paths (keys and indexes) of `Uint8Array` fields, stored as base64 text at those paths. */
  bytes?: Array<Array<string | number>>
}

const ITEM_PREFIX = 'item-'
const WITHHELD = (rules: string[]) => `[withheld by memory-customs: ${rules.join(', ') || 'scanner'}]`

/**
 * A `Session` (and `RunContextAwareSession`) of the OpenAI Agents SDK whose history lives in audited working
 * memory: `run(agent, input, { session: new CustomsSession(customs) })`.
 *
 * Items keep their order across reopens (each entry's name carries its position). `getItems(limit)` returns the
 * most recent `limit` items in chronological order, `[]` for `limit <= 0`, like the SDK's `MemorySession`.
 * Properties whose value is `undefined` are not stored (as in JSON); `Uint8Array` fields round-trip.
 */
export class CustomsSession implements RunContextAwareSession {
  readonly acceptsRunContext = true as const
  readonly #memory: WorkingMemory
  readonly #sessionId: string
  readonly #ttlMs: number
  readonly #scan: ScanPolicy
  readonly #scanOptions: ScanOptions | undefined
  readonly #autoPropose: boolean
  /** The calling site of each run, found when the run first touched this session synchronously from user code. */
  readonly #runSites = new WeakMap<object, SiteMeta>()

  /**
   * @param customs where the history is kept: a Customs or a principal/scope handle (`customs.as('agent:x')`).
   * @param options session id, item lifetime, scanning; see {@link CustomsSessionOptions}.
   */
  constructor(customs: WorkingMemoryOwner, options: CustomsSessionOptions = {}) {
    if (!customs || typeof (customs as Partial<WorkingMemoryOwner>).working !== 'function')
      throw new OptionError('customs', 'must be a Customs (or a handle from customs.as()/scope()) with working(session)')
    if (options === null || typeof options !== 'object') throw new OptionError('options', 'must be an object')
    const sessionId = options.sessionId ?? globalThis.crypto.randomUUID()
    if (typeof sessionId !== 'string' || !sessionId || sessionId.includes('/') || sessionId.length > 256)
      throw new OptionError('sessionId', 'must be a non-empty string of at most 256 characters without "/"')
    const ttlMs = options.ttlMs ?? DEFAULT_SESSION_TTL_MS
    if (typeof ttlMs !== 'number' || !Number.isFinite(ttlMs) || ttlMs <= 0)
      throw new OptionError('ttlMs', 'must be a positive, finite number of milliseconds')
    const policy = options.scan ?? 'off'
    if (policy !== 'off' && policy !== 'refuse' && policy !== 'withhold')
      throw new OptionError('scan', `must be 'off', 'refuse' or 'withhold', got ${JSON.stringify(policy)}`)
    if (options.scanOptions !== undefined) scan('', options.scanOptions) // a bad scanner option fails here, not mid-run
    this.#memory = customs.working(sessionId)
    this.#sessionId = sessionId
    this.#ttlMs = ttlMs
    this.#scan = policy
    this.#scanOptions = options.scanOptions
    this.#autoPropose = options.autoPropose === true
  }

  /** The working-memory session id. */
  get sessionId(): string {
    return this.#sessionId
  }

  async getSessionId(): Promise<string> {
    return this.#sessionId
  }

  /** The stored history, oldest first; with `limit`, its last `limit` items (`[]` when `limit <= 0`). */
  async getItems(limit?: number, runContext?: RunContext<unknown>): Promise<AgentInputItem[]> {
    this.#siteFor(runContext)
    if (limit !== undefined && (typeof limit !== 'number' || Number.isNaN(limit)))
      throw new OptionError('limit', 'must be a number or undefined')
    const slots = this.#slots()
    if (limit === undefined) return slots.map((s) => s.item)
    if (limit <= 0) return []
    return slots.slice(Math.max(slots.length - limit, 0)).map((s) => s.item)
  }

  /**
   * Appends items, one PUT receipt each, in order. The batch is checked (storable values, scan policy) before the
   * first write, so a bad item leaves the history as it was.
   */
  async addItems(items: AgentInputItem[], runContext?: RunContext<unknown>): Promise<void> {
    const site = this.#siteFor(runContext)
    if (!Array.isArray(items)) throw new OptionError('items', 'must be an array of AgentInputItem')
    const prepared = items.map((item, i) => this.#prepare(item, `items[${i}]`))
    if (!prepared.length) return
    runAtSite(site, () => {
      let next = this.#nextIndex()
      for (const p of prepared)
        this.#memory.put(`${ITEM_PREFIX}${next++}`, p.stored, {
          ttlMs: this.#ttlMs,
          source: p.source,
          transient: !this.#autoPropose,
        })
    })
  }

  /** Removes and returns the most recent item (a DELETE receipt), or undefined when the history is empty. */
  async popItem(runContext?: RunContext<unknown>): Promise<AgentInputItem | undefined> {
    const site = this.#siteFor(runContext)
    return runAtSite(site, () => {
      const last = this.#slots().at(-1)
      if (!last) return undefined
      this.#memory.delete(last.name)
      return last.item
    })
  }

  /** Removes every live item of the session, one DELETE receipt each, newest first. */
  async clearSession(runContext?: RunContext<unknown>): Promise<void> {
    const site = this.#siteFor(runContext)
    runAtSite(site, () => {
      for (const slot of this.#slots().reverse()) this.#memory.delete(slot.name)
    })
  }

  /**
   * The site to stamp on this call's receipts. A call made synchronously inside an instrumented call has it
   * (`currentSite()`); the runner's later calls come after `await`s, when the probe frame is gone, so the first
   * site seen for a run context is kept and reused for that run's other history operations.
   */
  #siteFor(runContext: RunContext<unknown> | undefined): SiteMeta | null {
    const here = currentSite()
    const key = runContext && typeof runContext === 'object' ? runContext : undefined
    if (!key) return here
    if (here) {
      if (!this.#runSites.has(key)) {
        this.#runSites.set(key, here)
        // The run's receipts will name this call, so it is not also an unreceipted (OBSERVED_WRITE) call.
        markReceipted()
      }
      return here
    }
    return this.#runSites.get(key) ?? null
  }

  /** The live items, in history order (by position, which is also write order). */
  #slots(): Array<{ name: string; index: number; item: AgentInputItem }> {
    const out: Array<{ name: string; index: number; item: AgentInputItem }> = []
    for (const e of this.#memory.entries()) {
      if (!e.name.startsWith(ITEM_PREFIX)) continue
      const index = Number(e.name.slice(ITEM_PREFIX.length))
      if (!Number.isSafeInteger(index)) continue
      out.push({ name: e.name, index, item: decodeItem(e.value as StoredItem) })
    }
    return out.sort((a, b) => a.index - b.index)
  }

  #nextIndex(): number {
    let max = -1
    for (const e of this.#memory.entries()) {
      if (!e.name.startsWith(ITEM_PREFIX)) continue
      const index = Number(e.name.slice(ITEM_PREFIX.length))
      if (Number.isSafeInteger(index) && index > max) max = index
    }
    return max + 1
  }

  #prepare(item: AgentInputItem, path: string): { stored: StoredItem; source: string } {
    if (!isPlainObject(item)) throw new ValueError(null, null, path, 'must be a plain object (an AgentInputItem)')
    const source = sourceOf(item)
    let toStore: unknown = item
    if (this.#scan !== 'off') {
      const texts = scannedTexts(item)
      if (texts.length) {
        const result = scan(texts.join('\n'), this.#scanOptions)
        if (result.decision === 'reject') toStore = this.#onReject(item, result, source)
      }
    }
    const bytes: Array<Array<string | number>> = []
    const json = toJson(toStore, path, [], bytes)
    return { stored: bytes.length ? { item: json, bytes } : { item: json }, source }
  }

  #onReject(item: Record<string, unknown>, result: ScanResult, source: string): unknown {
    if (this.#scan === 'refuse')
      throw new ScanRejectedError(`${this.#sessionId}/${ITEM_PREFIX}*`, source, result.score, result.findings, 'session.scan')
    const rules = [...new Set(result.findings.map((f) => f.rule))]
    return withheld(item, WITHHELD(rules))
  }
}

/** The working-memory `source` of an item: who produced it. Tool output never counts towards promotion. */
function sourceOf(item: Record<string, unknown>): string {
  const type = item.type
  if (type === undefined || type === 'message') {
    const role = item.role
    return role === 'user' || role === 'system' ? role : 'assistant'
  }
  if (type === 'function_call_result') return `tool:${typeof item.name === 'string' && item.name ? item.name : 'function'}`
  if (typeof type === 'string' && type.endsWith('_call_result')) return `tool:${type.slice(0, -'_call_result'.length)}`
  if (type === 'tool_search_output') return 'tool:tool_search'
  return 'assistant'
}

/** The text a scan reads: user message content and tool results; the model's own output is not scanned. */
function scannedTexts(item: Record<string, unknown>): string[] {
  const src = sourceOf(item)
  const out: string[] = []
  if (src === 'user') collectText(item.content, out)
  else if (src.startsWith('tool:')) collectText(item.output, out)
  return out
}

function collectText(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) for (const v of value) collectText(v, out)
  else if (isPlainObject(value)) {
    if (typeof value.text === 'string') out.push(value.text)
    for (const [k, v] of Object.entries(value)) if (k !== 'text' && typeof v === 'object') collectText(v, out)
  }
}

/** A copy of the item whose scanned text is replaced by `marker`; everything else (ids, call ids) is kept. */
function withheld(item: Record<string, unknown>, marker: string): Record<string, unknown> {
  const field = sourceOf(item) === 'user' ? 'content' : 'output'
  const replace = (v: unknown): unknown => {
    if (typeof v === 'string') return marker
    if (Array.isArray(v)) return v.map(replace)
    if (isPlainObject(v)) {
      const copy: Record<string, unknown> = {}
      for (const [k, x] of Object.entries(v))
        copy[k] = k === 'text' && typeof x === 'string' ? marker : typeof x === 'object' ? replace(x) : x
      return copy
    }
    return v
  }
  return { ...item, [field]: replace(item[field]) }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false
  const proto = Object.getPrototypeOf(v)
  return proto === Object.prototype || proto === null
}

/**
 * The item as a JSON value the store accepts, checked before any write so a bad item refuses the whole batch:
 * `undefined` properties are dropped, `Uint8Array`s become base64 text whose paths are listed in `bytes`.
 */
function toJson(v: unknown, path: string, at: Array<string | number>, bytes: Array<Array<string | number>>): unknown {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new ValueError(null, null, path, 'holds a non-finite number')
    return v
  }
  if (v instanceof Uint8Array) {
    bytes.push([...at])
    return toBase64(v)
  }
  if (Array.isArray(v))
    return v.map((x, i) => {
      if (x === undefined) throw new ValueError(null, null, `${path}[${i}]`, 'is undefined (a sparse or undefined array slot)')
      return toJson(x, `${path}[${i}]`, [...at, i], bytes)
    })
  if (isPlainObject(v)) {
    const out: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = toJson(x, `${path}.${k}`, [...at, k], bytes)
    return out
  }
  throw new ValueError(null, null, path, `cannot be stored (${typeof v === 'object' ? 'a non-plain object' : `a ${typeof v}`})`)
}

function decodeItem(stored: StoredItem): AgentInputItem {
  const item = stored.item as AgentInputItem
  for (const path of stored.bytes ?? []) {
    let parent = item as unknown as Record<string | number, unknown>
    for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>
    const last = path[path.length - 1]
    parent[last] = fromBase64(parent[last] as string)
  }
  return item
}

function toBase64(bytes: Uint8Array): string {
  let s = ''
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(s)
}

function fromBase64(text: string): Uint8Array {
  const s = atob(text)
  const out = new Uint8Array(s.length)
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i)
  return out
}
