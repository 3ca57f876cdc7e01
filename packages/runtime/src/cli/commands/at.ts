import type { Command } from '../command'
import { checkSeqInRange, parseSeq } from '../parse'
import { flatState, showValue } from '../state'

export const at: Command = {
  name: 'at',
  summary: 'both pools as they were right after receipt <seq> (time travel)',
  usage: 'at <seq> [key]',
  details: `Without a key: every decision and live tool result as of receipt <seq> ("at 0" is the empty store).
With a key: that decision key's value, or a tool result named <tool>#<callId> (e.g. portfolio.quote#call-quote-1).`,
  options: {},
  positionals: { min: 1, max: 2 },
  async run(ctx) {
    const seq = parseSeq(ctx.positionals[0], '<seq>')
    const key = ctx.positionals[1]
    const customs = await ctx.store()
    checkSeqInRange(seq, customs.receipts().length, '<seq>')
    const view = customs.at(seq)
    if (key !== undefined) {
      const hash = key.lastIndexOf('#')
      const value = hash > 0 ? view.execution.get(key.slice(0, hash), key.slice(hash + 1)) : view.decision.get(key)
      if (ctx.json) ctx.emit({ seq, key, value: value ?? null })
      else ctx.out(`${key} = ${showValue(value)}`)
      return 0
    }
    const state = flatState(view)
    if (ctx.json) {
      ctx.emit({ seq, state })
      return 0
    }
    const keys = Object.keys(state).sort()
    ctx.out(ctx.style.bold(`state at seq ${seq}`))
    if (!keys.length) ctx.out('  (empty)')
    for (const k of keys) ctx.out(`  ${k} = ${showValue(state[k])}`)
    return 0
  },
}
