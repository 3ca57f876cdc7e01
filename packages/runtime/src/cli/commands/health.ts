import type { Command } from '../command'
import { EXIT } from '../errors'

export const health: Command = {
  name: 'health',
  summary: 'pool sizes, unpromoted and refused counts, rollbacks, verification state, storage lag',
  usage: 'health [--verify]',
  details: `Prints customs.health() of the store: a JSON document with --json, "name: value" lines otherwise.
  --verify  verify the chain first (as "memory-customs verify" does), so verification.state is ok or failed
Without --verify the chain is not recomputed: verification.state is "unverified" unless opening the store already
found a failure. Exit code 0 when ok is true, 1 when it is false (storage failing, a damaged or read-only store,
a failed verification).`,
  options: { verify: { type: 'boolean' } },
  positionals: { min: 0, max: 0 },
  async run(ctx) {
    const customs = await ctx.store()
    if (ctx.values.verify === true) await customs.verify()
    const report = customs.health()
    const code = report.ok ? EXIT.OK : EXIT.FAILED
    if (ctx.json) {
      ctx.emit(report)
      return code
    }
    const flat = (prefix: string, v: unknown): void => {
      // An absent field (`verification.firstFailure` of a passing chain) is left out, as JSON leaves it out.
      if (v === undefined) return
      if (v && typeof v === 'object' && !Array.isArray(v)) for (const [k, x] of Object.entries(v)) flat(prefix ? `${prefix}.${k}` : k, x)
      else ctx.out(`${prefix}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    }
    flat('', report)
    // `ok: true` next to an unverified chain says less than it seems: say what was not checked.
    if (report.verification.state === 'unverified')
      ctx.out(
        ctx.style.yellow('the chain was not verified by this command: run "memory-customs health --verify" or "memory-customs verify"'),
      )
    return code
  },
}
