import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { buildReportData, DEFAULT_MAX_RECEIPTS } from '../../inspector/report-data'
import { renderReportHtml, ReportError } from '../../inspector/report-html'
import { manifestSites, type ManifestSite } from '../../inspector/site-coverage'
import type { Command } from '../command'
import { CliError, EXIT, usageError } from '../errors'

export const report: Command = {
  name: 'report',
  summary: 'write one self-contained HTML report of a store (sites, receipts, verify, charts) for CI or a review',
  usage: 'report --out <file.html> [--sites <manifest>] [--reveal] [--max-receipts <n>]',
  details: `Writes one HTML file that opens from disk with no network: the sites and their coverage, the receipt
timeline, refused writes and their sites, the verify result, checkpoints, and charts of writes per key and per
source over time. Opens the store read-only, so it works next to a running agent.
  --out <file.html>     where to write the report (required; its directory is created)
  --sites <manifest>    the memory-customs.sites.json the plugin emitted: every site is listed with its coverage,
                        the ones that never ran included (without it: the sites the receipts name)
  --reveal              include the values of the listed receipts (redacted by default: a report gets shared)
  --max-receipts <n>    list the newest <n> receipts (default ${DEFAULT_MAX_RECEIPTS.toLocaleString('en-US')}); counts and charts still cover all
With --json, prints where the report went and what it holds. Exit code 1 when the chain does not verify (the
report is written all the same and shows the failure).`,
  options: {
    out: { type: 'string' },
    sites: { type: 'string' },
    reveal: { type: 'boolean' },
    'max-receipts': { type: 'string' },
  },
  positionals: { min: 0, max: 0 },
  async run(ctx) {
    const out = ctx.values.out
    if (typeof out !== 'string' || !out) throw usageError('report needs --out <file.html>: where to write the report')
    const maxText = ctx.values['max-receipts']
    let maxReceipts = DEFAULT_MAX_RECEIPTS
    if (typeof maxText === 'string') {
      if (!/^\d+$/.test(maxText) || !Number.isSafeInteger(Number(maxText)))
        throw usageError(`--max-receipts must be a non-negative integer, got ${JSON.stringify(maxText)}`)
      maxReceipts = Number(maxText)
    }
    const sites = typeof ctx.values.sites === 'string' ? readManifest(ctx, ctx.values.sites) : undefined
    const customs = await ctx.store()
    const progress = { verify: ctx.progress('report: verify'), series: ctx.progress('report: charts') }
    let data
    try {
      data = await buildReportData(customs, {
        ...(sites ? { sites } : {}),
        reveal: ctx.values.reveal === true,
        maxReceipts,
        now: ctx.now,
        onProgress: (p) => {
          if (p.phase === 'series') progress.verify.done()
          progress[p.phase].update(p.done, p.total)
        },
      })
    } finally {
      progress.verify.done()
      progress.series.done()
    }
    let html: string
    try {
      html = renderReportHtml(data)
    } catch (err) {
      if (err instanceof ReportError) throw new CliError(EXIT.FAILED, err.message, undefined, err.code)
      throw err
    }
    const path = ctx.resolvePath(out)
    try {
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(path, html)
    } catch (err) {
      throw usageError(`cannot write --out ${out}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`)
    }
    const bytes = Buffer.byteLength(html)
    const code = data.verify.ok ? EXIT.OK : EXIT.FAILED
    const summary = {
      out: path,
      bytes,
      receipts: data.store.head.seq,
      listed: data.receipts.length,
      truncated: data.truncated,
      refused: data.refused.length + (data.refusedTruncated ?? 0),
      sites: data.sites.length,
      sitesFrom: data.sitesFrom,
      verify: data.verify,
      revealed: data.values.revealed,
    }
    if (ctx.json) {
      ctx.emit(summary)
      return code
    }
    const st = ctx.style
    ctx.out(`wrote ${path} (${(bytes / 1024).toFixed(0)} KiB)`)
    ctx.out(
      `  ${summary.receipts} receipts${data.truncated ? ` (the newest ${data.receipts.length} listed)` : ''}, ${summary.refused} refused, ${summary.sites} sites${sites ? '' : ' (named by receipts; pass --sites <manifest> for coverage)'}`,
    )
    ctx.out(
      data.verify.ok
        ? st.green(`  verify: ok (${data.verify.size} receipts)`)
        : st.red(`  verify: FAILED at seq ${data.verify.firstFailure?.seq}: ${data.verify.firstFailure?.code}`),
    )
    if (data.values.revealed) ctx.out(st.yellow('  values revealed: the file holds the listed receipts’ values; share it accordingly'))
    return code
  },
}

function readManifest(ctx: Parameters<Command['run']>[0], path: string): ManifestSite[] {
  let manifest: unknown
  try {
    manifest = JSON.parse(ctx.readText(path))
  } catch (err) {
    if (err instanceof CliError) throw usageError(`--sites: ${err.message}`)
    throw usageError(`--sites ${path} is not a JSON site manifest: ${(err as Error).message}`)
  }
  const all = manifestSites(manifest)
  if (!all.length) throw usageError(`--sites ${path} lists no sites (is it a memory-customs.sites.json?)`)
  return all
}
