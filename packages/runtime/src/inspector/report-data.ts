/**
 * The static report's data (ReportData of ./model) built from an open store: sites and their coverage, the newest
 * receipts, refused writes, the verify result, checkpoints and the charts' series. Counts, coverage and series
 * cover every receipt and are read from the store's index (grouped in SQLite, or streamed a row at a time); only
 * the timeline and the refused list are receipt objects, and those are capped, so memory stays bounded on a store
 * of a million receipts.
 */
import type { Customs } from '../core/customs.js'
import type { Receipt } from '../core/receipt.js'
import { INSPECTOR_MODEL_VERSION, type InspectorReceipt, type InspectorSite, type ReportData, type VerifyState } from './model.js'
import { inspectorMemories, memoryGraph, reviewQueue } from './memory-data.js'
import { SeriesBuilder, SERIES_TOP } from './series.js'
import { inspectorSites, siteCoverage, siteId, type ManifestSite } from './site-coverage.js'
import { checkpointList, countOp, eachSeriesRow, nthNewestSeq, siteCounts, timeRange, topKeys, type SiteCount } from './store-index.js'

/** The newest receipts a report lists by default (counts and charts still cover all of them). */
export const DEFAULT_MAX_RECEIPTS = 5000

/** Which phase of building the report is running, and how far it got (for a progress line). */
export interface ReportProgress {
  phase: 'verify' | 'series'
  done: number
  total: number
}

export interface ReportDataOptions {
  /** The sites of the build (`manifestSites` of the plugin's memory-customs.sites.json); else the sites receipts name. */
  sites?: ManifestSite[]
  /** Include the values of the listed receipts (decrypted). Off by default: a report is shared. */
  reveal?: boolean
  /** The newest receipts to list (and the newest refused ones); default 5,000. */
  maxReceipts?: number
  /** The store's `review.timeoutMs`, for the review queue's deadlines (default 24 h, the runtime's default). */
  reviewTimeoutMs?: number
  /** Told how far verification and the series pass got. */
  onProgress?: (progress: ReportProgress) => void
  /** The report's time (default: now). */
  now?: () => number
}

/** Builds the report of an open store (read-only: it writes nothing; verification reads the journal). */
export async function buildReportData(customs: Customs, options: ReportDataOptions = {}): Promise<ReportData> {
  const max = options.maxReceipts ?? DEFAULT_MAX_RECEIPTS
  if (!Number.isSafeInteger(max) || max < 0) throw new RangeError(`maxReceipts must be a non-negative integer, got ${String(max)}`)
  const now = options.now ?? Date.now
  const size = customs.size
  const progress = options.onProgress

  const counts = siteCounts(customs)
  const sites = options.sites ? inspectorSites(siteCoverage(options.sites, counts).sites) : receiptInspectorSites(counts)
  const known = new Set(sites.map((s) => s.id))

  const verify = await verifyState(customs, now, progress && ((done) => progress({ phase: 'verify', done, total: size })))

  const series = new SeriesBuilder(timeRange(customs), topKeys(customs, SERIES_TOP))
  eachSeriesRow(
    customs,
    (row) => series.add(row.ts, row.key, row.source),
    progress && ((done) => progress({ phase: 'series', done, total: size })),
  )

  const from = Math.max(1, size - max + 1)
  const listed = max === 0 || size === 0 ? [] : customs.receipts({ fromSeq: from })
  const refusedTotal = countOp(customs, 'REFUSED')
  const refusedFrom = max === 0 ? null : refusedTotal > max ? nthNewestSeq(customs, 'REFUSED', max) : 1
  const refused = refusedFrom === null ? [] : customs.receipts({ op: 'REFUSED', fromSeq: refusedFrom })

  // Memories: capped like receipts; their graph is the union of the listed ones' walks (the page walks it).
  const memoryOptions = { reveal: options.reveal === true, max, reviewTimeoutMs: options.reviewTimeoutMs }
  const { memories, truncated: memoriesTruncated } = inspectorMemories(customs, memoryOptions)
  const review = reviewQueue(customs, memoryOptions)

  const health = customs.health()
  return {
    kind: 'memory-customs-report',
    version: INSPECTOR_MODEL_VERSION,
    generatedAt: new Date(now()).toISOString(),
    source: 'store',
    store: { location: health.storage.location, chain: health.chain, origin: health.origin, head: customs.head },
    sites,
    sitesFrom: options.sites ? 'manifest' : 'receipts',
    receipts: listed.map((r) => inspectorReceipt(r, known)),
    truncated: size - listed.length,
    refused: refused.map((r) => inspectorReceipt(r, known)),
    refusedTruncated: refusedTotal - refused.length,
    verify,
    checkpoints: checkpointList(customs),
    series: series.series(),
    values: options.reveal ? revealed(customs, [listed, refused]) : { revealed: false, values: {} },
    memories,
    memoriesTruncated,
    review,
    graph: memoryGraph(
      customs,
      memories.map((m) => m.id),
    ),
  }
}

/** The Customs' verify result as the inspector shows it. */
export async function verifyState(customs: Customs, now: () => number, onProgress?: (done: number) => void): Promise<VerifyState> {
  const report = await customs.verify(onProgress ? { onProgress } : {})
  const f = report.firstFailure
  return {
    ok: report.ok,
    size: report.checked,
    firstFailure: f ? { seq: f.seq, code: f.code, message: f.detail ?? f.code } : null,
    checkedAt: new Date(now()).toISOString(),
  }
}

/**
 * A receipt as the inspector lists it. `siteId` is the site's `file:line:column`; with `known` (the site ids a report
 * lists) only when it is one of them. The report and the dev page's app bridge both list receipts through this.
 */
export function inspectorReceipt(r: Receipt, known?: ReadonlySet<string>): InspectorReceipt {
  const id = r.site ? siteId(r.site) : null
  return {
    seq: r.seq,
    ts: r.ts,
    op: r.op,
    pool: r.pool,
    key: r.key,
    tool: r.tool,
    call: r.call,
    actor: r.actor,
    code: r.op === 'REFUSED' ? refusalCode(r.reason) : null,
    reason: r.reason,
    site: r.site ? { file: r.site.file, line: r.site.line, column: r.site.column, fn: r.site.fn } : null,
    siteId: id !== null && (!known || known.has(id)) ? id : null,
    old: r.old,
    new: r.new,
    hash: r.hash,
    prev: r.prev,
  }
}

/** A REFUSED receipt's reason is `<attempted op>:<CODE>`; the code is what people search for. */
function refusalCode(reason: string | null): string {
  if (!reason) return 'REFUSED'
  const i = reason.indexOf(':')
  return i < 0 ? reason : reason.slice(i + 1)
}

/** Without a manifest: the sites the receipts name (each fired at least once; rule and key unknown). */
function receiptInspectorSites(counts: Map<string, SiteCount>): InspectorSite[] {
  const out: InspectorSite[] = []
  for (const [id, c] of counts) {
    const m = /^(.*):(\d+):(\d+)$/.exec(id)
    if (!m) continue
    const site = { file: m[1], line: Number(m[2]), column: Number(m[3]), fn: c.fn }
    out.push({ id, ...site, rule: '', key: null, keyKind: 'none', fired: c.fired, lastSeq: c.lastSeq })
  }
  return out.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column)
}

/** The values of the listed receipts' commitments; an erased or unknown one is left out (shown as redacted). */
function revealed(customs: Customs, lists: Receipt[][]): { revealed: true; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {}
  for (const list of lists)
    for (const r of list)
      for (const c of [r.old, r.new]) {
        if (c === null || Object.hasOwn(values, c)) continue
        try {
          const v = customs.value(c)
          if (v !== undefined) values[c] = v
        } catch {
          // Erased (its subject key destroyed) or failing its integrity check: not revealed.
        }
      }
  return { revealed: true, values }
}
