import type { Command } from '../command'
import { usageError } from '../errors'
import { parseSeq } from '../parse'
import { outcome, viewReceipt } from '../receipts'
import { showValue } from '../state'

function readValue(customs: { value(commit: string): unknown }, commit: string | null): { value?: unknown; error?: string } {
  if (!commit) return {}
  try {
    return { value: customs.value(commit) }
  } catch (err) {
    return { error: (err as Error).message }
  }
}

export const show: Command = {
  name: 'show',
  summary: 'one receipt in full, with the values its commitments stand for',
  usage: 'show <seq>',
  details: `Prints every field of receipt <seq> (hash, prev, site, reason) and reads back the values behind
its old/new commitments from the value store (decrypting when the store is encrypted and the key is given).`,
  options: {},
  positionals: { min: 1, max: 1 },
  async run(ctx) {
    const seq = parseSeq(ctx.positionals[0], '<seq>')
    const customs = await ctx.store()
    const receipt = customs.receipt(seq)
    if (!receipt) {
      const head = customs.receipts().length
      throw usageError(`no receipt ${seq} (the store has ${head} receipt${head === 1 ? '' : 's'})`)
    }
    const r = viewReceipt(receipt)
    const oldValue = readValue(customs, r.old)
    const newValue = readValue(customs, r.new)
    if (ctx.json) {
      ctx.emit({ receipt, values: { old: oldValue, new: newValue } })
      return 0
    }
    const st = ctx.style
    const o = outcome(r)
    const lines: Array<[string, string]> = [
      ['seq', String(r.seq)],
      ['time', r.ts],
      ['op', r.op],
      ['outcome', o === 'ok' ? st.green(o) : st.red(o)],
      ['pool', r.pool ?? '-'],
      ['key', r.key ?? '-'],
      ['actor', r.actor ?? '-'],
      ['site', r.site ? `${r.site.file}:${r.site.line}:${r.site.column}${r.site.fn ? ` (${r.site.fn})` : ''}` : '(unattributed)'],
      ['tool', r.tool ?? '-'],
      ['call', r.call ?? '-'],
      ['reason', r.reason === null ? '-' : typeof r.reason === 'string' ? r.reason : JSON.stringify(r.reason)],
      ['old', r.old ? `${r.old}  ${oldValue.error ? st.yellow(`(${oldValue.error})`) : showValue(oldValue.value)}` : '-'],
      ['new', r.new ? `${r.new}  ${newValue.error ? st.yellow(`(${newValue.error})`) : showValue(newValue.value)}` : '-'],
      ['prev', r.prev ?? '-'],
      ['hash', r.hash ?? '-'],
    ]
    for (const [k, v] of lines) ctx.out(`${st.bold(k.padEnd(8))} ${v}`)
    return 0
  },
}
