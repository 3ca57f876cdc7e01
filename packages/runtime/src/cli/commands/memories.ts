import type { Command } from '../command'
import { usageError } from '../errors'
import { preview, readLifecycle, whyText, type MemoryView } from '../lifecycle'
import { renderTable } from '../style'

/** The runtime's default `review.timeoutMs` (core/options.ts): 24 hours. */
const DEFAULT_TIMEOUT_MS = 24 * 60 * 60 * 1000

function jsonOf(m: MemoryView, content: unknown) {
  return {
    id: m.id,
    status: m.fate,
    trust: m.slot?.score ?? null,
    ruleSet: m.slot?.ruleSet ?? null,
    findings: m.slot?.findings ?? [],
    source: m.slot?.source ?? null,
    sessions: m.slot?.sessions ?? [],
    tags: m.slot?.tags ?? [],
    from: m.slot?.tool && m.slot.call ? { tool: m.slot.tool, callId: m.slot.call } : null,
    writtenAt: m.filed.ts,
    filedSeq: m.filed.seq,
    decidedBy: { seq: m.decidedBy.seq, op: m.decidedBy.op, actor: m.decidedBy.actor },
    timedOut: m.timedOut,
    why: whyText(m),
    content,
  }
}

export const memories: Command = {
  name: 'memories',
  summary: 'long-term memories: status, trust, source, sessions, and why one is not approved',
  usage: 'memories [--all] [--timeout <ms>]',
  details: `Lists the approved long-term memories, most recent first. With --all: every memory ever filed,
pending, rejected, deleted and expired ones too, each with why it is not approved: the findings that held
it and the receipt that decided (a reviewer's REJECT, a timeout, a RESCORE after a rule change, the scan).
Read from the receipts; nothing is written (a pending memory past the timeout is marked, not rejected).
  --all            every memory, whatever its status
  --timeout <ms>   the agent's review.timeoutMs (default 86400000, the runtime's default)
Then "memory-customs show <seq>" prints a receipt's decoded meta.
With --json: one JSON array.`,
  options: { all: { type: 'boolean' }, timeout: { type: 'string' } },
  positionals: { min: 0, max: 0 },
  async run(ctx) {
    const t = ctx.values.timeout
    if (t !== undefined && (typeof t !== 'string' || !/^[1-9]\d*$/.test(t)))
      throw usageError(`--timeout must be a positive number of milliseconds, got ${JSON.stringify(t)}`)
    const timeoutMs = t === undefined ? DEFAULT_TIMEOUT_MS : Number(t)
    const customs = await ctx.store()
    const all = ctx.values.all === true
    const list = readLifecycle(customs, ctx.now(), timeoutMs)
      .memories.filter((m) => all || m.fate === 'approved')
      .sort((a, b) => b.filed.seq - a.filed.seq)
    const contentOf = (m: MemoryView) => {
      if (!m.slot) return null
      try {
        return customs.value(m.slot.commit)
      } catch (err) {
        return `(unreadable: ${(err as { code?: string }).code ?? (err as Error).message})`
      }
    }
    if (ctx.json) {
      ctx.emit(list.map((m) => jsonOf(m, contentOf(m))))
      return 0
    }
    const st = ctx.style
    const status = (m: MemoryView) => {
      const s = m.timedOut ? 'pending_review (timed out)' : m.fate
      return m.fate === 'approved' ? st.green(s) : m.fate === 'pending_review' ? st.yellow(s) : st.red(s)
    }
    const rows = list.map((m) => [
      m.id,
      status(m),
      m.slot ? m.slot.score.toFixed(2) : '-',
      m.slot?.source ?? '-',
      m.slot?.sessions.length ? m.slot.sessions.join(',') : '-',
      m.filed.ts.slice(0, 19).replace('T', ' '),
      m.slot ? JSON.stringify(preview(contentOf(m), 48)) : '-',
    ])
    if (rows.length)
      for (const line of renderTable(['id', 'status', 'trust', 'source', 'sessions', 'written', 'content'], rows)) ctx.out(line)
    const notApproved = list.filter((m) => m.fate !== 'approved')
    if (notApproved.length) {
      ctx.out('')
      ctx.out(st.bold('why not approved:'))
      for (const m of notApproved) {
        ctx.out(`  ${m.id}: ${whyText(m)}`)
        if (m.slot) ctx.out(st.dim(`    trust ${m.slot.score.toFixed(2)} under ${m.slot.ruleSet}, filed at #${m.filed.seq}`))
        ctx.out(st.dim(`    see: memory-customs show ${m.decidedBy.seq}`))
      }
    }
    ctx.out(st.dim(`${list.length} memor${list.length === 1 ? 'y' : 'ies'}${all ? '' : ' approved (--all for every status)'}`))
    return 0
  },
}
