import { decodeMeta, type GuardDecision } from '../../core/memory/meta'
import type { Command } from '../command'
import { usageError } from '../errors'
import { viewReceipt } from '../receipts'
import { renderTable, type Style } from '../style'

const DECISIONS: readonly GuardDecision[] = ['proceed', 'warn', 'redirect', 'halt']

/** One guardrail check as its GUARD receipt recorded it. */
export interface GuardLogEntry {
  seq: number
  /** The check's node id in the lineage graph (`guard_<seq>`). */
  id: string
  time: string
  actor: string | null
  action: string
  tool: string | null
  decision: GuardDecision
  risk: { consistency: number; factuality: number; safety: number; dependency: number }
  /** `rule:entry,entry` per reason. */
  reasons: string[]
  /** The entries it evaluated. */
  entries: string[]
  /** The rendered context it was made in, if any. */
  contextId: string | null
}

function decisionText(d: string, st: Style): string {
  return d === 'halt' ? st.red(d) : d === 'proceed' ? st.green(d) : st.yellow(d)
}

export const guardLog: Command = {
  name: 'guard-log',
  summary: 'guardrail checks: action, tool, decision, risk vector and reasons, from the GUARD receipts',
  usage: 'guard-log [--decision <proceed|warn|redirect|halt>] [--action <kind>]',
  details: `Lists every guardrail check (guard.check writes one GUARD receipt each), oldest first: receipt, time,
action kind, tool, decision, risk vector (consistency/factuality/safety/dependency, each in [0, 1]) and the
reasons (rule and the entries it names). A halted action's context can be replayed with "memory-customs at <seq>",
and "memory-customs lineage guard_<seq>" shows what the check rested on.
  --decision <d>   only checks with this decision (proceed, warn, redirect, halt)
  --action <kind>  only checks of this action kind (call_tool:write, final_output, ...)
Read from the receipts; nothing is written. With --json: one JSON array.`,
  options: { decision: { type: 'string' }, action: { type: 'string' } },
  positionals: { min: 0, max: 0 },
  async run(ctx) {
    const want = ctx.values.decision
    if (want !== undefined && !(DECISIONS as readonly unknown[]).includes(want))
      throw usageError(`--decision must be one of ${DECISIONS.join(', ')}, got ${JSON.stringify(want)}`)
    const action = ctx.values.action
    if (action !== undefined && (typeof action !== 'string' || !action)) throw usageError('--action needs an action kind')
    const customs = await ctx.store()
    const entries: GuardLogEntry[] = []
    for (const receipt of customs.receipts({ op: 'GUARD' })) {
      const r = viewReceipt(receipt)
      const meta = decodeMeta(typeof r.reason === 'string' ? r.reason : null)
      const [consistency, factuality, safety, dependency] = meta.risk ?? [0, 0, 0, 0]
      const entry: GuardLogEntry = {
        seq: r.seq,
        id: `guard_${r.seq}`,
        time: r.ts,
        actor: r.actor,
        action: meta.action ?? '',
        tool: meta.tool ?? r.tool,
        decision: meta.decision ?? 'proceed',
        risk: { consistency, factuality, safety, dependency },
        reasons: meta.reasons ?? [],
        entries: meta.entries ?? [],
        contextId: meta.ctx ?? null,
      }
      if (want !== undefined && entry.decision !== want) continue
      if (action !== undefined && entry.action !== action) continue
      entries.push(entry)
    }
    if (ctx.json) {
      ctx.emit(entries)
      return 0
    }
    const st = ctx.style
    const rows = entries.map((e) => [
      String(e.seq),
      e.time.slice(0, 19).replace('T', ' '),
      e.action || '-',
      e.tool ?? '-',
      decisionText(e.decision, st),
      [e.risk.consistency, e.risk.factuality, e.risk.safety, e.risk.dependency].map((x) => x.toFixed(2)).join('/'),
      e.reasons.length ? e.reasons.join('; ') : '-',
    ])
    if (rows.length)
      for (const line of renderTable(['seq', 'time', 'action', 'tool', 'decision', 'risk c/f/s/d', 'reasons'], rows)) ctx.out(line)
    const filters = [want && `decision ${want}`, action && `action ${action}`].filter(Boolean).join(', ')
    ctx.out(st.dim(`${entries.length} guard check${entries.length === 1 ? '' : 's'}${filters ? ` (${filters})` : ''}`))
    return 0
  },
}
