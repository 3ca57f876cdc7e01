import type { Command } from '../command'

export const metrics: Command = {
  name: 'metrics',
  summary: 'Prometheus text-format metrics of the store',
  usage: 'metrics',
  details: 'Prints customs.metrics() (Prometheus exposition format). With --json: {"metrics": "<text>"}.',
  options: {},
  positionals: { min: 0, max: 0 },
  async run(ctx) {
    const text = (await ctx.store()).metrics()
    if (ctx.json) ctx.emit({ metrics: text })
    else ctx.out(text.replace(/\n$/, ''))
    return 0
  },
}
