/**
 * The report's data from a real file store with known writes: counts, refused writes and their sites and codes,
 * coverage against a manifest (a site that never ran included), the timeline's cap, series that add up to the
 * receipts, checkpoints, verify, and values only with reveal. Then `memory-customs report` (in-process) writes
 * the HTML with that data embedded so that no value can close its script element.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { main } from '../../src/cli/main'
import { createCustoms, type Customs } from '../../src/index'
import { __mc$d, __mc$p, __mc$r, resetProbeState, type SiteMeta } from '../../src/probe'
import { buildReportData, type ReportData } from '../../src/report'

let work: string
let store: string
let keys: string
let manifestPath: string
let checkpointSize: number

const SECRET = 'the user said </script><script>alert(1)</script> -->'

/** A probe site table, as the plugin would emit for a `customs.decision.commit(...)` at `file:line`. */
function table(file: string, line: number, fn: string) {
  const site: SiteMeta = {
    file,
    line,
    column: 3,
    fn,
    callee: 'customs.decision.commit',
    rule: 'MW-1',
    key: null,
    keyKind: 'dynamic',
    keyIndex: 0,
    valueIndex: 1,
  }
  function __mc$t(): ReturnType<typeof __mc$r> {
    const self = __mc$t as unknown as { v?: ReturnType<typeof __mc$r> }
    return self.v || (self.v = __mc$r(file, [site]))
  }
  return __mc$t
}

type CommitArgs = [string, unknown, { source: 'user' | 'plan' }]
const commitFrom = (c: Customs, t: ReturnType<typeof table>, ...args: CommitArgs) => {
  try {
    __mc$d(t, 0, c.decision.commit(...(__mc$p(t, 0, args) as CommitArgs)))
  } catch (e) {
    if ((e as { code?: string }).code !== 'WRITE_ONCE') throw e
  }
}

beforeAll(async () => {
  resetProbeState()
  work = mkdtempSync(path.join(tmpdir(), 'memory-customs-report-'))
  store = path.join(work, 'store')
  keys = path.join(work, 'keys')
  const c = await createCustoms({
    storage: { file: store },
    keyStore: { dir: keys },
    decision: { schemas: { intent: z.string(), budget: z.number(), note: z.string() }, writeOnce: ['intent'] },
    bridge: { tools: ['web.fetch'] },
  })
  const user = table('src/user.ts', 10, 'ask')
  const planner = table('src/planner.ts', 20, 'plan')
  commitFrom(c, user, 'intent', SECRET, { source: 'user' }) // 1
  for (let i = 0; i < 30; i++) commitFrom(c, planner, 'budget', 100 + i, { source: 'plan' }) // 2..31
  commitFrom(c, planner, 'intent', 'overwrite', { source: 'plan' }) // 32: REFUSED WRITE_ONCE
  commitFrom(c, planner, 'intent', 'again', { source: 'plan' }) // 33: REFUSED WRITE_ONCE
  // A refused call throws before its probe closes: the probe's pending site ends with the tick, as in an app.
  resetProbeState()
  for (let i = 0; i < 5; i++) c.execution.store('web.fetch', `call-${i}`, { page: i }) // 34..38, no site
  checkpointSize = (await c.checkpoint()).size
  c.decision.commit('note', 'unattributed', { source: 'user' }) // 39
  await c.close()
  resetProbeState()
  manifestPath = path.join(work, 'memory-customs.sites.json')
  writeFileSync(
    manifestPath,
    JSON.stringify({
      files: [
        {
          file: 'src/planner.ts',
          sites: [{ line: 20, column: 3, fn: 'plan', callee: 'customs.decision.commit', rule: 'MW-1', key: null, keyKind: 'dynamic' }],
        },
        {
          file: 'src/user.ts',
          sites: [{ line: 10, column: 3, fn: 'ask', callee: 'customs.decision.commit', rule: 'MW-1', key: null, keyKind: 'dynamic' }],
        },
        {
          file: 'src/unused.ts',
          sites: [{ line: 5, column: 1, fn: null, callee: 'memory.save', rule: 'MW-1', key: 'prefs', keyKind: 'static' }],
        },
      ],
    }),
  )
})

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

async function report(options: Parameters<typeof buildReportData>[1] = {}): Promise<ReportData> {
  const c = await createCustoms({ storage: { file: store, lock: false }, keyStore: { dir: keys } })
  try {
    return await buildReportData(c, options)
  } finally {
    await c.close()
  }
}

const sum = (rows: Array<{ counts: number[] }>) => rows.reduce((n, r) => n + r.counts.reduce((a, b) => a + b, 0), 0)

describe('buildReportData on a file store', () => {
  it('counts every receipt, lists refused writes with their sites and codes, and verifies', async () => {
    const data = await report()
    expect(data.kind).toBe('memory-customs-report')
    expect(data.store.head.seq).toBe(39)
    expect(data.receipts.map((r) => r.seq)).toEqual(Array.from({ length: 39 }, (_, i) => i + 1))
    expect(data.truncated).toBe(0)
    expect(data.refused.map((r) => [r.seq, r.code, r.site?.file, r.siteId])).toEqual([
      [32, 'WRITE_ONCE', 'src/planner.ts', 'src/planner.ts:20:3'],
      [33, 'WRITE_ONCE', 'src/planner.ts', 'src/planner.ts:20:3'],
    ])
    expect(data.verify).toMatchObject({ ok: true, size: 39, firstFailure: null })
    expect(data.checkpoints).toEqual([{ size: checkpointSize, root: expect.stringMatching(/^[0-9a-f]{64}$/) }])
    // Without a manifest the sites are those the receipts name.
    expect(data.sitesFrom).toBe('receipts')
    expect(data.sites.map((s) => [s.id, s.fn, s.fired, s.lastSeq])).toEqual([
      ['src/planner.ts:20:3', 'plan', 32, 33],
      ['src/user.ts:10:3', 'ask', 1, 1],
    ])
  })

  it('joins the manifest: coverage per site, the one that never ran at 0', async () => {
    const { manifestSites } = await import('../../src/report')
    const data = await report({ sites: manifestSites(JSON.parse(readFileSync(manifestPath, 'utf8'))) })
    expect(data.sitesFrom).toBe('manifest')
    expect(data.sites.map((s) => [s.id, s.fired, s.lastSeq, s.keyKind])).toEqual([
      ['src/planner.ts:20:3', 32, 33, 'dynamic'],
      ['src/unused.ts:5:1', 0, null, 'static'],
      ['src/user.ts:10:3', 1, 1, 'dynamic'],
    ])
  })

  it('series add up to the receipts, per key and per source, in every view', async () => {
    const { series } = await report()
    expect(series.buckets.length).toBeGreaterThan(0)
    expect(series.buckets.length).toBeLessThanOrEqual(40)
    for (const row of [...series.byKey, ...series.bySource]) expect(row.counts).toHaveLength(series.buckets.length)
    expect(sum(series.byKey)).toBe(39)
    expect(sum(series.bySource)).toBe(39)
    const total = (rows: Array<{ counts: number[] }>, pick: (r: never) => boolean) => sum(rows.filter(pick as never))
    expect(total(series.byKey, (r: { key: string }) => r.key === 'budget')).toBe(30)
    expect(total(series.byKey, (r: { key: string }) => r.key === 'intent')).toBe(3)
    expect(total(series.bySource, (r: { source: string }) => r.source === 'src/planner.ts:20')).toBe(32)
    expect(total(series.bySource, (r: { source: string }) => r.source === 'tool:web.fetch')).toBe(5)
    expect(total(series.bySource, (r: { source: string }) => r.source === 'unattributed')).toBe(1)
  })

  it('caps the timeline at the newest maxReceipts and says how many it left out; charts still cover all', async () => {
    const data = await report({ maxReceipts: 10 })
    expect(data.receipts.map((r) => r.seq)).toEqual(Array.from({ length: 10 }, (_, i) => 30 + i))
    expect(data.truncated).toBe(29)
    expect(sum(data.series.byKey)).toBe(39)
    const one = await report({ maxReceipts: 1 })
    expect(one.refused.map((r) => r.seq)).toEqual([33])
    expect(one.refusedTruncated).toBe(1)
  })

  it('reveals values only when asked', async () => {
    const hidden = await report()
    expect(hidden.values).toEqual({ revealed: false, values: {} })
    expect(JSON.stringify(hidden)).not.toContain('the user said')
    const shown = await report({ reveal: true })
    expect(shown.values.revealed).toBe(true)
    expect(shown.values.values[shown.receipts[0].new!]).toBe(SECRET)
  })

  it('reports progress for verification and the series pass', async () => {
    const seen: string[] = []
    await report({ onProgress: (p) => seen.push(`${p.phase}:${p.done}/${p.total}`) })
    expect(seen).toContain('verify:39/39')
    expect(seen.at(-1)).toBe('series:39/39')
  })
})

describe('memory-customs report', () => {
  async function cli(...args: string[]) {
    let stdout = ''
    let stderr = ''
    const io = {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: (s: string) => (stderr += s), isTTY: false },
      env: { MEMORY_CUSTOMS_KEY_DIR: keys },
      cwd: work,
    }
    const code = await main([...args, '--store', store], io)
    return { code, stdout, stderr }
  }

  /** The report data embedded in the HTML, as the page reads it. */
  const embedded = (html: string): ReportData => {
    const m = /<script type="application\/json" id="memory-customs-report-data">([\s\S]*?)<\/script>/.exec(html)
    if (!m) throw new Error('no embedded report data')
    return JSON.parse(m[1]) as ReportData
  }

  it('writes one HTML file with the data embedded; a revealed value cannot close the script element', async () => {
    const r = await cli('report', '--out', 'out/report.html', '--sites', 'memory-customs.sites.json', '--reveal', '--json')
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const summary = JSON.parse(r.stdout)
    expect(summary).toMatchObject({ out: path.join(work, 'out/report.html'), receipts: 39, refused: 2, sites: 3, revealed: true })
    const html = readFileSync(summary.out, 'utf8')
    expect(summary.bytes).toBe(Buffer.byteLength(html))
    // One script element per kind: the value's `</script>` did not end the data early.
    expect(html.match(/<\/script>/g)).toHaveLength(2)
    const data = embedded(html)
    expect(Object.values(data.values.values)).toContain(SECRET)
    expect(data.sites.find((s) => s.id === 'src/unused.ts:5:1')?.fired).toBe(0)
    expect(html).toContain('<div id="memory-customs-inspector" data-mode="static"></div>')
    // Outside the inlined code and data, the page loads nothing: no link, image, frame or src attribute.
    const shell = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, '')
    expect(shell).not.toMatch(/<(?:link|img|iframe)\b|\bsrc=/i)
  })

  it('a store that fails verification: the report is written and shows the failure, exit code 1', async () => {
    const tampered = path.join(work, 'tampered')
    cpSync(store, tampered, { recursive: true })
    const journal = path.join(tampered, 'journal.ndjson')
    const lines = readFileSync(journal, 'utf8').split('\n')
    const at = lines.findIndex((l) => l.includes('budget'))
    lines[at] = lines[at].replace('budget', 'budgex')
    writeFileSync(journal, lines.join('\n'))
    rmSync(path.join(tampered, 'open-snapshot.bin'), { force: true })
    let stdout = ''
    const io = {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: () => true },
      env: { MEMORY_CUSTOMS_KEY_DIR: keys },
      cwd: work,
    }
    const code = await main(['report', '--store', tampered, '--out', 'tampered.html', '--json'], io)
    expect(code).toBe(1)
    expect(JSON.parse(stdout).verify).toMatchObject({ ok: false, firstFailure: { seq: expect.any(Number), code: expect.any(String) } })
    expect(embedded(readFileSync(path.join(work, 'tampered.html'), 'utf8')).verify.ok).toBe(false)
  })

  it('reads a store that a writer holds open (no writer lock taken)', async () => {
    const writer = await createCustoms({ storage: { file: store }, keyStore: { dir: keys } })
    try {
      const r = await cli('report', '--out', 'while-open.html', '--json')
      expect(r.stderr).toBe('')
      expect(r.code).toBe(0)
      expect(JSON.parse(r.stdout).receipts).toBe(39)
    } finally {
      await writer.close()
    }
  })

  it('prints a summary, stays quiet on a stderr that is not a terminal, and names a bad option', async () => {
    const r = await cli('report', '--out', 'plain.html', '--max-receipts', '5')
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/wrote .*plain\.html/)
    expect(r.stdout).toContain('39 receipts (the newest 5 listed), 2 refused, 2 sites')
    expect(r.stdout).toContain('verify: ok (39 receipts)')
    expect(r.stderr).toBe('')
    expect(embedded(readFileSync(path.join(work, 'plain.html'), 'utf8')).values.revealed).toBe(false)
    const bad = await cli('report', '--out', 'x.html', '--max-receipts', 'lots')
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--max-receipts must be a non-negative integer, got "lots"')
    const noOut = await cli('report')
    expect(noOut.code).toBe(2)
    expect(noOut.stderr).toContain('report needs --out <file.html>')
    const noManifest = await cli('report', '--out', 'x.html', '--sites', 'missing.json')
    expect(noManifest.code).toBe(2)
    expect(noManifest.stderr).toContain('--sites: cannot read missing.json')
  })
})
