import type { Command } from '../command'
import { CliError, EXIT, usageError } from '../errors'
import { parseSeq } from '../parse'
import { outcome, siteText, viewReceipt } from '../receipts'
import { showValue } from '../state'

export const rollback: Command = {
  name: 'rollback',
  summary: 'undo by cause or back to a receipt; appends compensating receipts, never deletes',
  usage: 'rollback (--to <seq> | --tool <tool> | --call <callId> | --file <file>) [--dry-run] [--reason <text>]',
  details: `Exactly one target:
  --to <seq>        restore both pools to their state right after receipt <seq>
  --tool <tool>     undo every effect of this tool's results (promotions and stored results), keep the rest
  --call <callId>   undo every effect of this one tool call
  --file <file>     undo every write made from this source file
  --dry-run         print the diff it would apply and write nothing
  --reason <text>   recorded in the ROLLBACK receipt
Takes the store's writer lock. Exit code 1 when the runtime refuses the rollback.`,
  options: {
    to: { type: 'string' },
    tool: { type: 'string' },
    call: { type: 'string' },
    file: { type: 'string' },
    'dry-run': { type: 'boolean' },
    reason: { type: 'string' },
  },
  positionals: { min: 0, max: 0 },
  writes: (values) => values['dry-run'] !== true,
  async run(ctx) {
    const v = ctx.values
    const given = (['to', 'tool', 'call', 'file'] as const).filter((k) => typeof v[k] === 'string')
    if (given.length !== 1) {
      throw usageError(
        given.length
          ? `give one rollback target, not ${given.map((g) => `--${g}`).join(' and ')}`
          : 'rollback needs a target: --to <seq>, --tool <tool>, --call <callId> or --file <file>',
      )
    }
    const which = given[0]
    const text = String(v[which])
    const target =
      which === 'to'
        ? { toSeq: parseSeq(text, '--to') }
        : which === 'tool'
          ? { tool: text }
          : which === 'call'
            ? { callId: text }
            : { file: text }
    const dryRun = v['dry-run'] === true
    const customs = await ctx.store()
    const progress = ctx.progress(dryRun ? 'rollback (dry run): planning' : 'rollback: planning', { unit: 'keys' })
    let result
    try {
      result = await customs.rollback(target, {
        dryRun,
        reason: typeof v.reason === 'string' ? v.reason : `memory-customs rollback --${which} ${text}`,
        onProgress: (done, total) => progress.update(done, total),
      })
      progress.done()
      await customs.flush()
    } catch (err) {
      progress.done()
      const e = err as Error & { code?: string }
      if (typeof e.code !== 'string') throw err
      throw new CliError(EXIT.FAILED, `rollback refused: ${e.message}`, undefined, e.code)
    }
    if (ctx.json) {
      ctx.emit(result)
      return 0
    }
    const st = ctx.style
    const changes = (result.diff ?? []) as Array<{ pool?: string; key: string; before: unknown; after: unknown }>
    ctx.out(
      st.bold(
        `${dryRun ? 'dry run: would change' : 'rolled back'} ${changes.length} entr${changes.length === 1 ? 'y' : 'ies'} (--${which} ${text})`,
      ),
    )
    for (const c of changes)
      ctx.out(`  ${c.pool ? `${c.pool}:` : ''}${c.key}: ${st.red(showValue(c.before))} -> ${st.green(showValue(c.after))}`)
    for (const r of (result.receipts ?? []).map(viewReceipt)) {
      ctx.out(`  receipt #${r.seq} ${r.op} ${r.pool ?? '-'} ${r.key ?? '-'} ${outcome(r)} ${siteText(r)}`)
    }
    return 0
  },
}
