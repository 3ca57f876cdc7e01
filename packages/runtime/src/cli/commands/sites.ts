import { manifestSites, siteCoverage } from '../../inspector/site-coverage'
import { siteCounts } from '../../inspector/store-index'
import type { Command } from '../command'
import { CliError, usageError } from '../errors'
import { renderTable } from '../style'

export { manifestSites, type ManifestSite } from '../../inspector/site-coverage'

export const sites: Command = {
  name: 'sites',
  summary: 'the instrumented call sites of a build, and which of them wrote receipts',
  usage: 'sites <manifest> [--coverage]',
  details: `<manifest> is the memory-customs.sites.json the plugin emitted with the build. Lists every site with
the number of receipts it produced in the store. --coverage adds the summary and lists the sites that never ran
(a site that never ran is either dead code or a path the tests and the agent never took). Sites the plugin could
not wrap (e.g. super.set(...)) are listed as unsupported and do not count.`,
  options: { coverage: { type: 'boolean' } },
  positionals: { min: 1, max: 1 },
  async run(ctx) {
    const path = ctx.positionals[0]
    let manifest: unknown
    try {
      manifest = JSON.parse(ctx.readText(path))
    } catch (err) {
      if (err instanceof CliError) throw err
      throw usageError(`${path} is not a JSON site manifest: ${(err as Error).message}`)
    }
    const all = manifestSites(manifest)
    if (!all.length) throw usageError(`${path} lists no sites (is it a memory-customs.sites.json?)`)
    const customs = await ctx.store()
    const { sites: covered, coverage, neverRan } = siteCoverage(all, siteCounts(customs))
    // The JSON rows as before: the manifest's fields and the receipt count.
    const rows = covered.map(({ id: _id, lastSeq: _last, ranInside: _inside, ...s }) => s)
    if (ctx.json) {
      ctx.emit(ctx.values.coverage ? { coverage, sites: rows, neverRan } : { sites: rows })
      return 0
    }
    const st = ctx.style
    const table = renderTable(
      ['file:line:col', 'fn', 'callee', 'rule', 'key', 'receipts'],
      rows.map((s) => [
        `${s.file}:${s.line}:${s.column}`,
        s.fn ?? '-',
        s.callee,
        s.rule,
        s.key ?? '-',
        s.unsupported ? st.yellow(`unsupported (${s.unsupported})`) : s.receipts ? st.green(String(s.receipts)) : st.red('0'),
      ]),
    )
    for (const line of table) ctx.out(line)
    if (ctx.values.coverage) {
      ctx.out('')
      ctx.out(
        st.bold(
          `coverage: ${coverage.ran} of ${coverage.sites} instrumented sites produced receipts${coverage.unsupported ? `; ${coverage.unsupported} unsupported` : ''}`,
        ),
      )
      if (neverRan.length) {
        ctx.out('never ran:')
        for (const s of neverRan) ctx.out(`  ${s.file}:${s.line}:${s.column}  ${s.callee}${s.fn ? `  in ${s.fn}` : ''}`)
      }
    }
    return 0
  },
}
