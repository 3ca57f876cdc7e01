import type { SiteMeta } from '../../probe'
import type { Command } from '../command'
import { CliError, usageError } from '../errors'
import { viewReceipt } from '../receipts'
import { renderTable } from '../style'

/** The fields of a manifest site (`unplugin-memory-customs`) this command reads. */
export type ManifestSite = Pick<SiteMeta, 'file' | 'line' | 'column' | 'fn' | 'callee' | 'rule' | 'key'> & {
  unsupported?: string
  /** A call to a memory-write wrapper (`wrappers` option, `@memoryWrite`): the functions it reaches. */
  wraps?: Array<{ file: string; fn: string | null }>
}

/** Accepts the manifest's per-file grouping (object or array) or a flat `sites` list. */
export function manifestSites(manifest: unknown): ManifestSite[] {
  const m = manifest as { sites?: unknown; files?: unknown }
  const out: ManifestSite[] = []
  const push = (file: string | undefined, list: unknown) => {
    if (!Array.isArray(list)) return
    for (const s of list as Array<Partial<ManifestSite>>) {
      if (typeof s?.line !== 'number') continue
      out.push({
        file: String(s.file ?? file ?? ''),
        line: s.line,
        column: Number(s.column ?? 0),
        fn: s.fn ?? null,
        callee: String(s.callee ?? ''),
        rule: String(s.rule ?? ''),
        key: s.key ?? null,
        ...(s.unsupported ? { unsupported: String(s.unsupported) } : {}),
        ...(Array.isArray(s.wraps)
          ? { wraps: s.wraps.map((w) => ({ file: String((w as { file?: unknown }).file ?? ''), fn: (w as { fn?: string }).fn ?? null })) }
          : {}),
      })
    }
  }
  if (Array.isArray(m?.sites)) push(undefined, m.sites)
  if (Array.isArray(m?.files)) for (const f of m.files as Array<{ file?: string; sites?: unknown }>) push(f?.file, f?.sites)
  else if (m?.files && typeof m.files === 'object')
    for (const [file, v] of Object.entries(m.files as Record<string, unknown>))
      push(file, Array.isArray(v) ? v : (v as { sites?: unknown })?.sites)
  return out.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column)
}

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
    const counts = new Map<string, number>()
    for (const r of customs.receipts().map(viewReceipt)) {
      if (!r.site) continue
      const id = `${r.site.file}:${r.site.line}:${r.site.column}`
      counts.set(id, (counts.get(id) ?? 0) + 1)
    }
    const rows = all.map((s) => ({ ...s, receipts: s.unsupported ? 0 : (counts.get(`${s.file}:${s.line}:${s.column}`) ?? 0) }))
    // A write inside a wrapper is attributed to the wrapper's caller: it ran when a call to its wrapper did.
    const reached = new Set(rows.filter((s) => s.receipts > 0).flatMap((s) => (s.wraps ?? []).map((w) => `${w.file}\0${w.fn}`)))
    const ranInside = (s: (typeof rows)[number]) => s.receipts === 0 && s.fn !== null && reached.has(`${s.file}\0${s.fn}`)
    const instrumented = rows.filter((s) => !s.unsupported)
    const ran = instrumented.filter((s) => s.receipts > 0 || ranInside(s))
    const neverRan = instrumented.filter((s) => s.receipts === 0 && !ranInside(s))
    const coverage = {
      sites: instrumented.length,
      ran: ran.length,
      neverRan: neverRan.length,
      unsupported: rows.length - instrumented.length,
    }
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
