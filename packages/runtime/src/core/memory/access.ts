/**
 * Access control and validity for long-term memories: who may read or change an entry, whether it is valid at a
 * given time, whether it lies in a handle's namespace, and which entry of a conflict reads return.
 *
 * Principals are strings (`agent:payments`, `planner/sub-1`); the root handle acts as `system`, which may do
 * anything. An entry's owner may always read and change it. Access levels: `public` (anyone, external
 * principals included), `internal` (any principal that is not external: see `customs.as(p, { external })`),
 * `private` (the owner only), or explicit lists (`readers`, `writers`; `*` means any principal). A refused read is
 * worth an audit line: it leaves a REFUSED receipt (`READ:ACCESS_DENIED`) naming the principal.
 */
import { AccessDeniedError, ValueError } from '../../errors.js'
import { attribute, MAX_NAME_LENGTH, refuse, safeText } from '../gates/gate.js'
import type { LifecycleContext } from './context-types.js'
import type { Access, ConflictPolicy } from './meta.js'
import type { MemorySlot } from './state.js'

export const SYSTEM = 'system'

const LEVELS = new Set(['public', 'internal', 'private'])
const MAX_PRINCIPALS = 256

function listed(list: readonly string[] | undefined, principal: string): boolean {
  return !!list && (list.includes(principal) || list.includes('*'))
}

export function canRead(ctx: Pick<LifecycleContext, 'principal' | 'external'>, m: Pick<MemorySlot, 'owner' | 'access'>): boolean {
  if (ctx.principal === SYSTEM || ctx.principal === m.owner) return true
  const a = m.access
  if (a === 'public') return true
  if (a === 'internal') return !ctx.external
  if (a === 'private') return false
  return listed(a.readers, ctx.principal) || listed(a.writers, ctx.principal)
}

export function canWrite(ctx: Pick<LifecycleContext, 'principal'>, m: Pick<MemorySlot, 'owner' | 'access'>): boolean {
  if (ctx.principal === SYSTEM || ctx.principal === m.owner) return true
  return typeof m.access === 'object' && listed(m.access.writers, ctx.principal)
}

/** The access level as one word for labels and messages. */
export function accessLabel(a: Access): string {
  if (typeof a === 'string') return a
  return `readers [${(a.readers ?? []).join(', ')}] writers [${(a.writers ?? []).join(', ')}]`
}

/**
 * Refuses an access: on a writable store a REFUSED receipt (`<op>:ACCESS_DENIED`, key = the entry, actor = the
 * principal) records the attempt before AccessDeniedError is thrown; a read-only store only throws.
 */
export function deny(ctx: LifecycleContext, m: MemorySlot, attempted: 'read' | 'write', op: 'READ' | 'UPDATE' | 'DELETE' | 'GUARD'): never {
  const err = new AccessDeniedError(m.id, ctx.principal, m.owner, accessLabel(m.access), attempted)
  if (!ctx.guard.writable) throw err
  return refuse(ctx.ledger, err, op, {
    pool: 'memory',
    key: m.id,
    old: null,
    new: null,
    site: attribute(ctx.ledger),
    tool: m.tool,
    call: m.call,
    actor: safeText(ctx.principal),
  })
}

/** The `access` option checked: a level, or `{ readers?, writers? }` of principal names. */
export function checkAccess(value: unknown, key: string | null, source: string | null): ValueError | null {
  if (typeof value === 'string') return LEVELS.has(value) ? null : accessError(key, source)
  if (!value || typeof value !== 'object' || Array.isArray(value)) return accessError(key, source)
  for (const field of Object.keys(value)) if (field !== 'readers' && field !== 'writers') return accessError(key, source)
  for (const field of ['readers', 'writers'] as const) {
    const list = (value as Record<string, unknown>)[field]
    if (list === undefined) continue
    if (!Array.isArray(list) || list.length > MAX_PRINCIPALS || list.some((p) => typeof p !== 'string' || !p || p.length > MAX_NAME_LENGTH))
      return new ValueError(
        key,
        source,
        `access.${field}`,
        `must be an array of principal names (at most ${MAX_PRINCIPALS})`,
        'memory.access',
      )
  }
  return null
}

function accessError(key: string | null, source: string | null): ValueError {
  return new ValueError(key, source, 'access', "must be 'public', 'internal', 'private' or { readers?, writers? }", 'memory.access')
}

/** Whether an entry is valid at `t` (epoch ms): from its validFrom, until (excluded) its validity end. */
export function validAt(m: Pick<MemorySlot, 'validFrom' | 'expires'>, t: number): boolean {
  return m.validFrom <= t && (m.expires === null || t < m.expires)
}

export function sameNamespace(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((part, i) => part === b[i])
}

/** Whether an entry's namespace starts with `prefix`. */
export function inNamespace(m: Pick<MemorySlot, 'ns'>, prefix: readonly string[]): boolean {
  if (prefix.length > m.ns.length) return false
  for (let i = 0; i < prefix.length; i++) if (m.ns[i] !== prefix[i]) return false
  return true
}

/**
 * Of entries that conflict, the one reads return under `policy`: `newest` and `review` the latest written (under
 * `review` the newer one waits in review, so the latest approved is the older), `trust` the highest confidence
 * then trust score, `user` an entry whose source is `user`, then the newest.
 */
export function conflictWinner(candidates: readonly MemorySlot[], policy: ConflictPolicy): MemorySlot | undefined {
  let best: MemorySlot | undefined
  for (const m of candidates) if (!best || better(m, best, policy)) best = m
  return best
}

function better(a: MemorySlot, b: MemorySlot, policy: ConflictPolicy): boolean {
  if (policy === 'trust') {
    if (a.confidence !== b.confidence) return a.confidence > b.confidence
    if (a.score !== b.score) return a.score > b.score
  } else if (policy === 'user') {
    const au = a.source === 'user'
    const bu = b.source === 'user'
    if (au !== bu) return au
  }
  return a.createdMs !== b.createdMs ? a.createdMs > b.createdMs : Number(a.id.slice(2)) > Number(b.id.slice(2))
}
