/**
 * `memory-customs/report`: the static report (what `memory-customs report` writes) as functions, for tools and the
 * build plugin's `report` option. Node only: the HTML inlines the inspector UI bundle read from the installed
 * package.
 */
export { buildReportData, DEFAULT_MAX_RECEIPTS, type ReportDataOptions, type ReportProgress } from './inspector/report-data.js'
export { renderReportHtml, loadInspectorBundle, ReportError, type InspectorBundle } from './inspector/report-html.js'
export { manifestSites, type ManifestSite } from './inspector/site-coverage.js'
export { sitesOnlyReport } from './inspector/sites-report.js'
export type { CheckpointInfo, InspectorReceipt, InspectorSite, ReportData, RevealedValues, Series, VerifyState } from './inspector/model.js'
export { INSPECTOR_MODEL_VERSION } from './inspector/model.js'
