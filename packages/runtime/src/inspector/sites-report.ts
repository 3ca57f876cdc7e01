/**
 * The report the build plugin writes when it has no store to read (`report: true`): the build's sites, none of
 * them fired yet. Same shape and same renderer as a store's report, so one page shows both.
 */
import { INSPECTOR_MODEL_VERSION, type ReportData } from './model.js'
import { inspectorSites, siteCoverage, type ManifestSite } from './site-coverage.js'

const EMPTY_HASH = '0'.repeat(64)

export function sitesOnlyReport(sites: ManifestSite[], options: { location?: string; now?: () => number } = {}): ReportData {
  const at = new Date((options.now ?? Date.now)()).toISOString()
  const listed = inspectorSites(siteCoverage(sites, new Map()).sites)
  return {
    kind: 'memory-customs-report',
    version: INSPECTOR_MODEL_VERSION,
    generatedAt: at,
    source: 'build',
    store: { location: options.location ?? '(build: no store read)', chain: '', origin: '', head: { seq: 0, hash: EMPTY_HASH } },
    sites: listed,
    sitesFrom: 'manifest',
    receipts: [],
    truncated: 0,
    refused: [],
    // Nothing was read, so nothing failed: an empty chain verifies.
    verify: { ok: true, size: 0, firstFailure: null, checkedAt: at },
    checkpoints: [],
    series: { buckets: [], byKey: [], bySource: [] },
    values: { revealed: false, values: {} },
  }
}
