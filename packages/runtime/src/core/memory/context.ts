/**
 * Context with provenance: what the model is shown, each entry labelled with its pool, trust, written date,
 * expiry and id, and a READ receipt naming every entry included, so "what did the agent see when it decided X"
 * has an answer later (`receipts({ op: 'READ' })`, then `at(seq)`).
 */
import { OptionError } from '../../errors.js'
import { attribute, checkTexts, MAX_NAME_LENGTH, safeText } from '../gates/gate.js'
import { decisionEntries } from '../queries.js'
import type { LifecycleContext } from './context-types.js'
import { encodeMeta } from './meta.js'
import { actorOf, approvedMemories, contentOf } from './memories.js'
import { workingNodeId } from './state.js'
import { workingLive } from './working.js'

export type ContextPool = 'memory' | 'working' | 'decision'

export interface ContextEntry {
  /** Memory id (`m_12`), `w:<session>/<name>` for working memory, `decision:<key>` for a Decision value. */
  id: string
  pool: ContextPool
  /** Trust score for long-term memories; null for working memory and Decision values (not scanned). */
  trust: number | null
  writtenAt: string
  expiresAt: string | null
  /** Long-term memories: type, confidence and the entries it conflicts with (empty when none). */
  type?: string
  confidence?: number
  conflictsWith?: string[]
  /** The entry's label line as rendered (without the content). */
  label: string
  content: string
}

export interface RenderOptions {
  /** Working memory of this session is included; without it, none. */
  session?: string
  /** Most characters of `text`; entries that do not fit whole are left out (in order of priority). */
  budget?: number
  /** Pools to include, in this order of priority. Default all: `['decision', 'memory', 'working']`. */
  include?: ContextPool[]
  /** Label language: `en` (default) or `zh`; or a function that returns the label for an entry. */
  format?: 'en' | 'zh' | ((entry: Omit<ContextEntry, 'label'>) => string)
  actor?: string
}

export interface RenderedContext {
  text: string
  /** Names the READ receipt that records this context: `ctx_<seq>`. */
  contextId: string
  entries: ContextEntry[]
}

const POOLS: readonly ContextPool[] = ['decision', 'memory', 'working']

const day = (iso: string) => iso.slice(0, 10)

/** What a typed memory adds to its label: its type when not a plain fact, a confidence below 1, a conflict. */
function typedParts(e: Omit<ContextEntry, 'label'>, words: { confidence: string; conflicts: string }): string {
  let out = ''
  if (e.type && e.type !== 'fact') out += ` | ${e.type}`
  if (e.confidence !== undefined && e.confidence < 1) out += ` | ${words.confidence} ${e.confidence.toFixed(2)}`
  if (e.conflictsWith?.length) out += ` | ${words.conflicts} ${e.conflictsWith.join(', ')}`
  return out
}

function labelEn(e: Omit<ContextEntry, 'label'>): string {
  const expiry = e.expiresAt ? ` | expires ${e.expiresAt.slice(0, 16).replace('T', ' ')}` : ''
  const typed = typedParts(e, { confidence: 'confidence', conflicts: 'CONFLICTS with' })
  if (e.pool === 'memory')
    return `[memory: long-term | trust ${e.trust!.toFixed(2)}${typed} | written ${day(e.writtenAt)}${expiry} | ${e.id}]`
  if (e.pool === 'working') return `[memory: working | session only | written ${day(e.writtenAt)}${expiry} | ${e.id}]`
  return `[decision | confirmed | written ${day(e.writtenAt)} | ${e.id}]`
}

function labelZh(e: Omit<ContextEntry, 'label'>): string {
  const expiry = e.expiresAt ? ` | 过期 ${e.expiresAt.slice(0, 16).replace('T', ' ')}` : ''
  const typed = typedParts(e, { confidence: '置信度', conflicts: '冲突' })
  if (e.pool === 'memory') return `[记忆：长期 | 可信度 ${e.trust!.toFixed(2)}${typed} | 写入 ${day(e.writtenAt)}${expiry} | ${e.id}]`
  if (e.pool === 'working') return `[记忆：工作 | 仅本会话 | 写入 ${day(e.writtenAt)}${expiry} | ${e.id}]`
  return `[决策 | 已确认 | 写入 ${day(e.writtenAt)} | ${e.id}]`
}

function textOf(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v)
}

export function renderContext(ctx: LifecycleContext, options: RenderOptions = {}): RenderedContext {
  ctx.guard.ensureWritable('context.render')
  const include = options.include ?? POOLS
  if (!Array.isArray(include) || include.some((p) => !POOLS.includes(p)))
    throw new OptionError('context.render include', `must be an array of ${POOLS.map((p) => `'${p}'`).join(', ')}`)
  const budget = options.budget ?? Infinity
  if (!(budget === Infinity || (Number.isInteger(budget) && budget > 0)))
    throw new OptionError('context.render budget', 'must be a positive integer (characters)')
  const format = options.format ?? 'en'
  const label = typeof format === 'function' ? format : format === 'zh' ? labelZh : format === 'en' ? labelEn : null
  if (!label) throw new OptionError('context.render format', "must be 'en', 'zh' or a function")
  if (options.session !== undefined) {
    const bad = checkTexts(null, null, [['session', options.session, MAX_NAME_LENGTH]])
    if (bad) throw bad
  }
  const site = attribute(ctx.ledger)

  const candidates: Array<Omit<ContextEntry, 'label'>> = []
  for (const pool of include) {
    if (pool === 'decision')
      for (const [key, value] of decisionEntries(ctx.ledger, ctx.ledger.state)) {
        const slot = ctx.ledger.state.decision.get(key)!
        const ts = ctx.ledger.idx.originRow(slot.seq)?.ts ?? new Date(0).toISOString()
        candidates.push({ id: `decision:${key}`, pool, trust: null, writtenAt: ts, expiresAt: null, content: textOf(value) })
      }
    else if (pool === 'memory')
      for (const m of approvedMemories(ctx))
        candidates.push({
          id: m.id,
          pool,
          trust: m.score,
          writtenAt: new Date(m.createdMs).toISOString(),
          expiresAt: m.expires === null ? null : new Date(m.expires).toISOString(),
          type: m.type,
          confidence: m.confidence,
          conflictsWith: [...m.conflictsWith],
          content: contentOf(ctx.ledger, m),
        })
    else if (options.session !== undefined)
      for (const w of workingLive(ctx, options.session))
        candidates.push({
          id: workingNodeId(w.key),
          pool,
          trust: null,
          writtenAt: new Date(w.writtenMs).toISOString(),
          expiresAt: new Date(w.expires).toISOString(),
          content: textOf(ctx.ledger.readValue(w.commit, w.seq)),
        })
  }

  const entries: ContextEntry[] = []
  const lines: string[] = []
  let used = 0
  for (const c of candidates) {
    const l = label(c)
    // Continuation lines are indented, so a memory's content can never start a line that reads as a label.
    const line = `${l} ${c.content.replace(/\r?\n/g, '\n  ')}`
    const cost = line.length + (lines.length ? 1 : 0)
    if (used + cost > budget) continue
    used += cost
    lines.push(line)
    entries.push({ ...c, label: l })
  }
  const meta = { entries: entries.map((e) => e.id), session: options.session }
  const receipt = ctx.ledger.append({
    op: 'READ',
    pool: null,
    key: null,
    old: null,
    new: null,
    site,
    tool: null,
    call: null,
    actor: safeText(options.actor ?? actorOf(ctx)),
    reason: encodeMeta(meta),
    meta,
  })
  return { text: lines.join('\n'), contextId: `ctx_${receipt.seq}`, entries }
}
