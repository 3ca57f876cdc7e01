// The report's data: the ReportData a `<script type="application/json">` beside the mount element carries.
import { INSPECTOR_MODEL_VERSION, type ReportData } from '../model.js'
import { walkGraph } from './graph.js'
import { poolsAtSeq } from './replay.js'
import { VersionMismatch, type InspectorSource } from './source.js'

export const REPORT_DATA_ID = 'memory-customs-report-data'

/** Parses and checks the embedded report; throws VersionMismatch for another model version. */
export function readReportData(doc: Document): ReportData {
  const element = doc.getElementById(REPORT_DATA_ID)
  if (!element) throw new Error(`The report has no <script id="${REPORT_DATA_ID}"> with its data.`)
  const data = JSON.parse(element.textContent ?? '') as ReportData
  if (data?.kind !== 'memory-customs-report') throw new Error('The embedded data is not a Memory Customs report.')
  if (data.version !== INSPECTOR_MODEL_VERSION) throw new VersionMismatch(data.version, INSPECTOR_MODEL_VERSION)
  return data
}

export function staticSource(data: ReportData): InspectorSource {
  return {
    mode: 'static',
    async load() {
      return {
        sites: data.sites,
        receipts: data.receipts,
        verify: data.verify,
        values: data.values,
        store: data.store,
        generatedAt: data.generatedAt,
        checkpoints: data.checkpoints,
        series: data.series,
        refused: data.refused,
        truncated: data.truncated,
        refusedTruncated: data.refusedTruncated ?? 0,
        sitesFrom: data.sitesFrom,
        source: data.source ?? 'store',
        openInEditor: false,
      }
    },
    // Replayed from the timeline: exact when the report holds every receipt (truncated 0), said otherwise.
    async poolsAt(seq) {
      return poolsAtSeq(data.receipts, seq)
    },
    // Memories as the report holds them (content only when it was written with --reveal); the lineage walked
    // over the merged graph of the listed memories.
    ...(data.memories && {
      memories: async () => ({
        memories: data.memories!,
        truncated: data.memoriesTruncated ?? 0,
        revealed: data.values.revealed,
      }),
      review: async () => data.review ?? { pending: 0, items: [] },
      lineage: async (id: string, direction: 'lineage' | 'influence') => walkGraph(data.graph ?? { nodes: [], edges: [] }, id, direction),
    }),
  }
}
