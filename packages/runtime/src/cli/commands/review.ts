import type { Command, CommandContext } from '../command'
import { CliError, EXIT, usageError } from '../errors'
import { findingsText, preview, readLifecycle } from '../lifecycle'
import { outcome, viewReceipt } from '../receipts'
import { renderTable } from '../style'

/** The runtime's default `review.timeoutMs` (core/options.ts): 24 hours. */
const DEFAULT_TIMEOUT_MS = 24 * 60 * 60 * 1000

function timeoutOf(values: CommandContext['values']): number {
  const t = values.timeout
  if (t === undefined) return DEFAULT_TIMEOUT_MS
  if (typeof t !== 'string' || !/^[1-9]\d*$/.test(t))
    throw usageError(`--timeout must be a positive number of milliseconds, got ${JSON.stringify(t)}`)
  return Number(t)
}

interface PendingRow {
  id: string
  kind: 'memory' | 'promotion'
  score: number
  findings: string[]
  source: string
  session: string | null
  sessions: string[]
  filedAt: string
  timesOutAt: string
  timedOut: boolean
  content: string
}

/** The queue as the receipts say it is, without applying the clock (that would write: see ../lifecycle.ts). */
function pendingRows(ctx: CommandContext, customs: Awaited<ReturnType<CommandContext['store']>>, timeoutMs: number): PendingRow[] {
  const now = ctx.now()
  const { memories, promotions } = readLifecycle(customs, now, timeoutMs)
  const rows: PendingRow[] = []
  for (const m of memories) {
    if (m.fate !== 'pending_review' || !m.slot) continue
    rows.push({
      id: m.id,
      kind: 'memory',
      score: m.slot.score,
      findings: m.slot.findings,
      source: m.slot.source,
      session: m.slot.session,
      sessions: m.slot.sessions,
      filedAt: new Date(m.slot.updatedMs).toISOString(),
      timesOutAt: new Date(m.slot.updatedMs + timeoutMs).toISOString(),
      timedOut: m.timedOut,
      content: String(readContent(customs, m.slot.commit)),
    })
  }
  for (const p of promotions)
    rows.push({
      id: p.id,
      kind: 'promotion',
      score: p.score,
      findings: p.findings,
      source: `tool:${p.tool}`,
      session: null,
      sessions: [],
      filedAt: new Date(p.ms).toISOString(),
      timesOutAt: new Date(p.ms + timeoutMs).toISOString(),
      timedOut: now >= p.ms + timeoutMs,
      content: `${p.tool}/${p.call} -> ${p.to} (plan ${p.planRef})`,
    })
  return rows.sort((a, b) => (a.filedAt < b.filedAt ? -1 : a.filedAt > b.filedAt ? 1 : a.id < b.id ? -1 : 1))
}

function readContent(customs: { value(commit: string): unknown }, commit: string): unknown {
  try {
    return customs.value(commit)
  } catch (err) {
    return `(unreadable: ${(err as { code?: string }).code ?? (err as Error).message})`
  }
}

/** A runtime refusal (not pending any more, a damaged store...) is exit 1 with its code, like rollback's. */
function refused(what: string, err: unknown): never {
  const e = err as Error & { code?: string }
  if (typeof e.code !== 'string') throw err
  throw new CliError(EXIT.FAILED, `${what} refused: ${e.message.replace(/^memory-customs: /, '')}`, undefined, e.code)
}

export const review: Command = {
  name: 'review',
  summary: 'the review queue: list pending memories and promotions, approve or reject one, apply the timeout',
  usage: 'review [--approve <id> | --reject <id> | --sweep] [--by <name>] [--reason <text>] [--timeout <ms>]',
  details: `Without an action: lists the items waiting for a decision, oldest first (id, kind, trust score,
findings, source, sessions, when filed, when the review times out, a content preview). An item past its
timeout is marked "timed out": the runtime rejects it (a REJECT receipt, why: timeout) at its next write.
  --approve <id>    approve a pending memory (m_<seq>) or promotion (p_<seq>); --by is required
  --reject <id>     reject one; --by is required
  --by <name>       the reviewer, recorded as the receipt's actor
  --reason <text>   recorded in the receipt's why
  --sweep           reject every item past the timeout now (one REJECT receipt each, why: timeout)
  --timeout <ms>    the agent's review.timeoutMs (default 86400000, the runtime's default)
The actions take the store's writer lock; listing does not (and writes nothing).
With --json: the list (or the receipt written, or the swept ids) as one JSON document.`,
  options: {
    approve: { type: 'string' },
    reject: { type: 'string' },
    sweep: { type: 'boolean' },
    by: { type: 'string' },
    reason: { type: 'string' },
    timeout: { type: 'string' },
  },
  positionals: { min: 0, max: 0 },
  writes: (v) => typeof v.approve === 'string' || typeof v.reject === 'string' || v.sweep === true,
  storeOptions: (v) => ({ review: { timeoutMs: timeoutOf(v) } }),
  async run(ctx) {
    const v = ctx.values
    const timeoutMs = timeoutOf(v)
    const actions = (['approve', 'reject', 'sweep'] as const).filter((k) => v[k] !== undefined)
    if (actions.length > 1) throw usageError(`give one action, not ${actions.map((a) => `--${a}`).join(' and ')}`)
    const action = actions[0]
    if (action !== 'approve' && action !== 'reject' && (v.by !== undefined || v.reason !== undefined))
      throw usageError('--by and --reason go with --approve <id> or --reject <id>')
    if (action === 'approve' || action === 'reject') return decide(ctx, action, timeoutMs)
    const customs = await ctx.store()
    if (action === 'sweep') {
      let ids: string[]
      try {
        ids = customs.review.sweep()
        await customs.flush()
      } catch (err) {
        refused('sweep', err)
      }
      if (ctx.json) ctx.emit({ rejected: ids })
      else ctx.out(ids.length ? `rejected on timeout: ${ids.join(', ')}` : 'nothing past the timeout')
      return EXIT.OK
    }
    const rows = pendingRows(ctx, customs, timeoutMs)
    if (ctx.json) {
      ctx.emit(rows)
      return EXIT.OK
    }
    const st = ctx.style
    const table = rows.map((r) => [
      r.id,
      r.kind,
      r.score.toFixed(2),
      findingsText(r.findings),
      r.source,
      r.sessions.length ? r.sessions.join(',') : (r.session ?? '-'),
      r.filedAt,
      r.timedOut ? st.red(`${r.timesOutAt} (timed out)`) : r.timesOutAt,
      JSON.stringify(preview(r.content)),
    ])
    if (rows.length)
      for (const line of renderTable(['id', 'kind', 'trust', 'findings', 'source', 'sessions', 'filed', 'times out', 'content'], table))
        ctx.out(line)
    ctx.out(st.dim(`${rows.length} pending`))
    return EXIT.OK
  },
}

async function decide(ctx: CommandContext, action: 'approve' | 'reject', timeoutMs: number): Promise<number> {
  const v = ctx.values
  const id = v[action]
  if (typeof id !== 'string' || id === '') throw usageError(`--${action} needs the id of a pending item (m_<seq> or p_<seq>)`)
  if (typeof v.by !== 'string' || v.by.trim() === '')
    throw usageError(`--${action} needs --by <name>: a review without a reviewer is not a review`)
  const customs = await ctx.store()
  const { memories, promotions } = readLifecycle(customs, ctx.now(), timeoutMs)
  if (!memories.some((m) => m.id === id) && !promotions.some((p) => p.id === id))
    throw usageError(`no review item ${JSON.stringify(id)}`, 'list the pending ones with "memory-customs review"')
  let receipt
  try {
    const decision = { by: v.by, reason: typeof v.reason === 'string' ? v.reason : undefined }
    receipt = action === 'approve' ? customs.review.approve(id, decision) : customs.review.reject(id, decision)
  } catch (err) {
    // A refusal may follow a timeout receipt the runtime just wrote (the item timed out): keep that one.
    await customs.flush().catch(() => undefined)
    refused(`${action} ${id}`, err)
  }
  await customs.flush()
  if (ctx.json) {
    ctx.emit(receipt)
    return EXIT.OK
  }
  const r = viewReceipt(receipt)
  ctx.out(`${action === 'approve' ? ctx.style.green('approved') : ctx.style.red('rejected')} ${id} by ${v.by}`)
  ctx.out(`  receipt #${r.seq} ${r.op} ${r.pool ?? '-'} ${r.key ?? '-'} ${outcome(r)}`)
  return EXIT.OK
}
