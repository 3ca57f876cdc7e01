import { OPS } from '../../core/receipt'
import type { Command } from '../command'
import { usageError } from '../errors'
import { parseSince } from '../parse'
import { outcome, siteText, viewReceipt } from '../receipts'
import { renderTable } from '../style'

export const log: Command = {
  name: 'log',
  summary: 'list receipts, oldest first, optionally filtered',
  usage: 'log [--key <key>] [--tool <tool>] [--call <callId>] [--file <file>] [--op <op>] [--since <seq|time>]',
  details: `Filters combine (AND):
  --key <key>         receipts about this key (decision key, plan id, <tool>/<callId> for tool results)
  --tool <tool>       receipts caused by this tool (e.g. risk.assess)
  --call <callId>     receipts caused by this tool call
  --file <file>       receipts whose write was made at this source file (as in file:line, e.g. src/tools/risk.ts)
  --op <op>           COMMIT, STORE, RECORD_PLAN, PROMOTE, REFUSED, COMPENSATE, ROLLBACK, OBSERVED_WRITE, ...
  --since <seq|time>  receipts after receipt <seq>, or written at or after an ISO time
With --json: one JSON array of receipts as the runtime returns them.`,
  options: {
    key: { type: 'string' },
    tool: { type: 'string' },
    call: { type: 'string' },
    file: { type: 'string' },
    op: { type: 'string' },
    since: { type: 'string' },
  },
  positionals: { min: 0, max: 0 },
  async run(ctx) {
    const v = ctx.values
    const filter: Record<string, string | number> = {}
    if (typeof v.key === 'string') filter.key = v.key
    if (typeof v.tool === 'string') filter.tool = v.tool
    if (typeof v.call === 'string') filter.callId = v.call
    if (typeof v.file === 'string') filter.file = v.file
    if (typeof v.op === 'string') {
      const op = v.op.toUpperCase()
      // A misspelt op would list nothing and look like an empty history.
      if (!(OPS as readonly string[]).includes(op))
        throw usageError(`--op ${JSON.stringify(v.op)} is not an op; the ops are ${OPS.join(', ')}`)
      filter.op = op
    }
    if (typeof v.since === 'string') Object.assign(filter, parseSince(v.since))
    const customs = await ctx.store()
    const receipts = customs.receipts(filter)
    if (ctx.json) {
      ctx.emit(receipts)
      return 0
    }
    const st = ctx.style
    const rows = receipts.map(viewReceipt).map((r) => {
      const o = outcome(r)
      return [String(r.seq), r.ts, r.op, r.pool ?? '-', r.key ?? '-', o === 'ok' ? o : st.red(o), siteText(r), r.tool ?? '-', r.call ?? '-']
    })
    for (const line of renderTable(['seq', 'time', 'op', 'pool', 'key', 'outcome', 'file:line', 'tool', 'call'], rows)) ctx.out(line)
    ctx.out(st.dim(`${receipts.length} receipt${receipts.length === 1 ? '' : 's'}`))
    return 0
  },
}
