/**
 * Sites and their coverage: the plugin's manifest (`memory-customs.sites.json`) read leniently, and which of its
 * sites wrote receipts in a store. Shared by `memory-customs sites --coverage` and the report, so both count
 * the same way.
 */
import type { SiteMeta } from '../probe.js'
import type { InspectorSite } from './model.js'

/** The fields of a manifest site (`unplugin-memory-customs`) the CLI and the report read. */
export type ManifestSite = Pick<SiteMeta, 'file' | 'line' | 'column' | 'fn' | 'callee' | 'rule' | 'key'> & {
  /** How the key was classified (`static`, `pattern`, `dynamic`, `none`); absent in older manifests. */
  keyKind?: string
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
        ...(typeof s.keyKind === 'string' ? { keyKind: s.keyKind } : {}),
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

/** The id a receipt's site and a manifest site share: `file:line:column`. */
export const siteId = (s: { file: string; line: number; column: number }) => `${s.file}:${s.line}:${s.column}`

/** A manifest site with what the store says about it. */
export type CoveredSite = ManifestSite & {
  id: string
  /** Receipts that name this site (0 for an unsupported one). */
  receipts: number
  lastSeq: number | null
  /** No receipt names it, but a call to its wrapper wrote receipts: it ran (the write is attributed to the caller). */
  ranInside: boolean
}

export interface SiteCoverage {
  sites: CoveredSite[]
  coverage: { sites: number; ran: number; neverRan: number; unsupported: number }
  neverRan: CoveredSite[]
}

/** Joins the manifest's sites with the receipt counts per site (`siteCounts` of ./store-index). */
export function siteCoverage(all: ManifestSite[], counts: Map<string, { fired: number; lastSeq: number }>): SiteCoverage {
  const rows = all.map((s) => {
    const id = siteId(s)
    const c = s.unsupported ? undefined : counts.get(id)
    return { ...s, id, receipts: c?.fired ?? 0, lastSeq: c?.lastSeq ?? null, ranInside: false }
  })
  // A write inside a wrapper is attributed to the wrapper's caller: it ran when a call to its wrapper did.
  const reached = new Set(rows.filter((s) => s.receipts > 0).flatMap((s) => (s.wraps ?? []).map((w) => `${w.file}\0${w.fn}`)))
  for (const s of rows) s.ranInside = !s.unsupported && s.receipts === 0 && s.fn !== null && reached.has(`${s.file}\0${s.fn}`)
  const instrumented = rows.filter((s) => !s.unsupported)
  const neverRan = instrumented.filter((s) => s.receipts === 0 && !s.ranInside)
  return {
    sites: rows,
    coverage: {
      sites: instrumented.length,
      ran: instrumented.length - neverRan.length,
      neverRan: neverRan.length,
      unsupported: rows.length - instrumented.length,
    },
    neverRan,
  }
}

/** The covered sites as the inspector lists them. */
export function inspectorSites(covered: CoveredSite[]): InspectorSite[] {
  return covered.map((s) => ({
    id: s.id,
    file: s.file,
    line: s.line,
    column: s.column,
    fn: s.fn,
    rule: s.rule,
    key: s.key,
    keyKind: s.keyKind ?? (s.key === null ? 'none' : 'static'),
    fired: s.receipts,
    lastSeq: s.lastSeq,
    ...(s.unsupported ? { unsupported: s.unsupported } : {}),
    ...(s.ranInside ? { ranInside: true } : {}),
  }))
}
