// ReportData for the browser test, mapped from a real store through the model's types. (The report command's own
// builder, inspector/report-data.ts, is another helper's work; this keeps the UI test independent of it.)
import type { Customs, Receipt, SiteMeta } from '../../../src/index.js'
import { INSPECTOR_MODEL_VERSION, type InspectorReceipt, type InspectorSite, type ReportData } from '../../../src/inspector/model.js'
import { seriesOf } from '../../../src/inspector/ui/replay.js'

const idOf = (s: { file: string; line: number; column: number }) => `${s.file}:${s.line}:${s.column}`

function inspectorReceipt(r: Receipt, known: Set<string>): InspectorReceipt {
  const site = r.site ? { file: r.site.file, line: r.site.line, column: r.site.column, fn: r.site.fn } : null
  return {
    seq: r.seq,
    ts: r.ts,
    op: r.op,
    pool: r.pool,
    key: r.key,
    tool: r.tool,
    call: r.call,
    actor: r.actor,
    // REFUSED reasons are `<attempted op>:<CODE>`.
    code: r.op === 'REFUSED' && r.reason ? r.reason.slice(r.reason.indexOf(':') + 1) : null,
    reason: r.reason,
    site,
    siteId: site && known.has(idOf(site)) ? idOf(site) : null,
    old: r.old,
    new: r.new,
    hash: r.hash,
    prev: r.prev,
  }
}

export async function reportDataOf(customs: Customs, sites: SiteMeta[], options: { reveal: boolean }): Promise<ReportData> {
  const all = customs.receipts()
  const known = new Set(sites.map(idOf))
  const receipts = all.map((r) => inspectorReceipt(r, known))
  const inspectorSites: InspectorSite[] = sites.map((s) => {
    const fired = receipts.filter((r) => r.siteId === idOf(s))
    return {
      id: idOf(s),
      file: s.file,
      line: s.line,
      column: s.column,
      fn: s.fn,
      rule: s.rule,
      key: s.key,
      keyKind: s.keyKind,
      fired: fired.length,
      lastSeq: fired.length ? fired[fired.length - 1]!.seq : null,
    }
  })
  const report = await customs.verify()
  const checkpoint = await customs.checkpoint()
  const health = customs.health()
  const values: Record<string, unknown> = {}
  if (options.reveal)
    for (const r of all)
      for (const c of [r.old, r.new])
        if (c !== null && r.op !== 'REFUSED') {
          const v = customs.value(c)
          if (v !== undefined) values[c] = v
        }
  return {
    kind: 'memory-customs-report',
    version: INSPECTOR_MODEL_VERSION,
    generatedAt: new Date().toISOString(),
    store: { location: health.storage.location, chain: health.chain, origin: health.origin, head: customs.head },
    sites: inspectorSites,
    receipts,
    truncated: 0,
    refused: receipts.filter((r) => r.op === 'REFUSED'),
    verify: {
      ok: report.ok,
      size: report.checked,
      firstFailure: report.firstFailure
        ? { seq: report.firstFailure.seq, code: report.firstFailure.code, message: report.firstFailure.detail ?? '' }
        : null,
      checkedAt: new Date().toISOString(),
    },
    checkpoints: [{ size: checkpoint.size, root: checkpoint.root }],
    series: seriesOf(receipts),
    values: { revealed: options.reveal, values },
  }
}
