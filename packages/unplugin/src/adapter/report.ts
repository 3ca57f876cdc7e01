/**
 * The `report` option: the build's sites as the static report (`memory-customs-report.html`), rendered by the
 * runtime's `memory-customs/report` (a peer dependency, imported only when the option is on). When it cannot be
 * loaded (a runtime release without it) or the report cannot be built, the plugin warns once and the build goes on
 * without it.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { ResolvedOptions } from '../core/options'
import type { ManifestSite } from './manifest'
import { errorMessage } from './warnings'

type ReportModule = typeof import('memory-customs/report')

let runtime: Promise<ReportModule | Error> | undefined
const loadRuntime = () =>
  (runtime ??= import('memory-customs/report').catch((err: unknown) => (err instanceof Error ? err : new Error(String(err)))))

/** Warnings already given in this process: once each, not once per output or rebuild. */
const warned = new Set<string>()

/**
 * The report's HTML, or null when it cannot be written (then `warn` was told why, once). With `store`, the store
 * is opened read-only (no writer lock, so next to a running agent) and the report carries its coverage, receipts
 * and verify result; without, every site is listed as not fired yet.
 */
export async function reportHtml(
  report: Exclude<ResolvedOptions['report'], false>,
  sites: ManifestSite[],
  warn: (message: string) => void,
): Promise<string | null> {
  const once = (message: string) => {
    if (warned.has(message)) return
    warned.add(message)
    warn(message)
  }
  const mod = await loadRuntime()
  if (mod instanceof Error) {
    once(
      `[memory-customs] report: cannot load memory-customs/report (install the memory-customs runtime, a release that has it, ` +
        `beside the plugin: ${errorMessage(mod)}); no ${report.out} is written`,
    )
    return null
  }
  try {
    // The runtime reads manifests leniently; the plugin's own sites are a manifest's flat list.
    const listed = mod.manifestSites({ sites })
    if (!report.store) return mod.renderReportHtml(mod.sitesOnlyReport(listed))
    // Never create a store here: `{ file }` on a missing directory would.
    if (!existsSync(path.join(report.store, 'journal.ndjson'))) throw new Error(`no memory-customs store at ${report.store}`)
    const { createCustoms } = await import('memory-customs')
    const customs = await createCustoms({ storage: { file: report.store, lock: false } })
    try {
      return mod.renderReportHtml(await mod.buildReportData(customs, { sites: listed }))
    } finally {
      await customs.close()
    }
  } catch (err) {
    const where = report.store ? ` (store ${path.relative(process.cwd(), report.store) || '.'})` : ''
    once(`[memory-customs] report${where}: ${errorMessage(err)}; no ${report.out} is written`)
    return null
  }
}
