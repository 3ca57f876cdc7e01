import type { Command } from '../command'

export const health: Command = {
  name: 'health',
  summary: 'pool sizes, unpromoted and refused counts, rollbacks, verification state, storage lag',
  usage: 'health',
  details: 'Prints customs.health() of the store: a JSON document with --json, "name: value" lines otherwise.',
  options: {},
  positionals: { min: 0, max: 0 },
  async run(ctx) {
    const report = (await ctx.store()).health() as unknown as Record<string, unknown>
    if (ctx.json) {
      ctx.emit(report)
      return 0
    }
    const flat = (prefix: string, v: unknown): void => {
      if (v && typeof v === 'object' && !Array.isArray(v)) for (const [k, x] of Object.entries(v)) flat(prefix ? `${prefix}.${k}` : k, x)
      else ctx.out(`${prefix}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    }
    flat('', report)
    return 0
  },
}
