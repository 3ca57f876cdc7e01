import type { Command } from '../command'
import { checkSeqInRange, parseSeq } from '../parse'
import { flatState, showValue } from '../state'

/** `<tool>/<callId>`, with `/` and `%` in the tool name percent-escaped as the runtime's execution keys are. */
function resultNamed(view: { execution: { get(tool: string, callId: string): unknown } }, key: string): unknown {
  const slash = key.indexOf('/')
  if (slash <= 0) return undefined
  const tool = key.slice(0, slash).replace(/%2F/gi, '/').replace(/%25/g, '%')
  return view.execution.get(tool, key.slice(slash + 1))
}

export const at: Command = {
  name: 'at',
  summary: 'both pools as they were right after receipt <seq> (time travel)',
  usage: 'at <seq> [key]',
  details: `Without a key: every decision and live tool result as of receipt <seq> ("at 0" is the empty store).
With a key: that decision key's value, or a tool result named as in receipts, <tool>/<callId>
(e.g. portfolio.quote/call-quote-1; a decision key of that name wins).`,
  options: {},
  positionals: { min: 1, max: 2 },
  async run(ctx) {
    const seq = parseSeq(ctx.positionals[0], '<seq>')
    const key = ctx.positionals[1]
    const customs = await ctx.store()
    checkSeqInRange(seq, customs.receipts().length, '<seq>')
    const view = customs.at(seq)
    if (key !== undefined) {
      const value = view.decision.get(key) ?? resultNamed(view, key)
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
