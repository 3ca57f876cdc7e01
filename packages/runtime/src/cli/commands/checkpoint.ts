import type { Command } from '../command'

export const checkpoint: Command = {
  name: 'checkpoint',
  summary: 'print a signed checkpoint of the chain to keep somewhere else',
  usage: 'checkpoint',
  details: `Signs (size, Merkle root) of the chain as a C2SP signed note and prints it. Keep it outside the store
(another machine, a ticket, a printout): "verify --checkpoint <file>" then detects a store that was truncated or
replaced since. The store also records the checkpoint, so this takes the writer lock.`,
  options: {},
  positionals: { min: 0, max: 0 },
  writes: true,
  async run(ctx) {
    const customs = await ctx.store()
    const cp = await customs.checkpoint()
    await customs.flush()
    if (ctx.json) ctx.emit(cp)
    else ctx.out(cp.note.replace(/\n$/, ''))
    return 0
  },
}
