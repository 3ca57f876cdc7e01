import type { Command } from '../command'
import { checkSeqInRange, parseSeq } from '../parse'
import { diffStates, flatState, showValue } from '../state'

export const diff: Command = {
  name: 'diff',
  summary: 'what changed in both pools between two receipts',
  usage: 'diff <seqA> <seqB>',
  details: `Compares the state right after <seqA> with the state right after <seqB>: one line per decision key or
tool result (<tool>#<callId>) that differs, "before -> after".`,
  options: {},
  positionals: { min: 2, max: 2 },
  async run(ctx) {
    const a = parseSeq(ctx.positionals[0], '<seqA>')
    const b = parseSeq(ctx.positionals[1], '<seqB>')
    const customs = await ctx.store()
    const head = customs.receipts().length
    checkSeqInRange(a, head, '<seqA>')
    checkSeqInRange(b, head, '<seqB>')
    const changes = diffStates(flatState(customs.at(a)), flatState(customs.at(b)))
    if (ctx.json) {
      ctx.emit({ from: a, to: b, changes })
      return 0
    }
    const st = ctx.style
    ctx.out(st.bold(`seq ${a} -> seq ${b}: ${changes.length} change${changes.length === 1 ? '' : 's'}`))
    for (const c of changes) ctx.out(`  ${c.key}: ${st.red(showValue(c.before))} -> ${st.green(showValue(c.after))}`)
    return 0
  },
}
