import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildDemo, repoRoot, run, runDemoJson, scratch, sourceLine } from './helpers'

// The demo as a user runs it: built through the plugin by esbuild, executed in Node, store on disk.
const work = scratch('demo-test')
let bundle = ''
let lines: Array<Record<string, any>> = []
const step = (n: number) => {
  const s = lines.find((l) => l.step === n)
  if (!s) throw new Error(`step ${n} missing from the demo output`)
  return s
}

const RISK_LINE = sourceLine('src/tools/risk.ts', 'decision.commit(')
// AgentMemory's write methods are tagged @memoryWrite, so receipts name the agent's lines that called them.
const AGENT = 'src/agent/agent.ts'
const MEMORY = {
  commit: sourceLine(AGENT, 'memory.rememberUserIntent('),
  store: sourceLine(AGENT, 'memory.storeToolResult('),
  plan: sourceLine(AGENT, 'memory.recordPlan('),
  promote: sourceLine(AGENT, 'promoter.promote('),
}

beforeAll(() => {
  bundle = buildDemo(join(work, 'dist'))
  lines = runDemoJson(bundle, join(work, 'store'))
})

describe('npm run demo --json tells the story', () => {
  it('emits the steps in order, then a summary', () => {
    expect(lines.map((l) => l.step ?? 'summary')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 'summary'])
    expect(lines.at(-1)).toMatchObject({ done: true, store: join(work, 'store'), keyDir: join(work, 'store-keys') })
    expect(existsSync(join(work, 'dist', 'memory-customs.sites.json'))).toBe(true)
  })

  it('1: the user intent is committed to the Decision pool, attributed to the agent line that asked', () => {
    const s = step(1)
    expect(s.value).toBe('conservative')
    expect(s.receipt).toMatchObject({
      op: 'COMMIT',
      pool: 'decision',
      key: 'risk_profile',
      outcome: 'ok',
      at: `${AGENT}:${MEMORY.commit}`,
    })
    expect(s.receipt.site.fn).toBe('Agent.handle')
  })

  it('2: the fallback write is refused and its receipt names the line in src/tools/risk.ts', () => {
    const s = step(2)
    expect(s.code).toBe('WRITE_ONCE')
    expect(s.receipt).toMatchObject({
      op: 'REFUSED',
      pool: 'decision',
      key: 'risk_profile',
      outcome: 'refused WRITE_ONCE',
      at: `src/tools/risk.ts:${RISK_LINE}`,
    })
    expect(s.receipt.site).toMatchObject({ file: 'src/tools/risk.ts', line: RISK_LINE, fn: 'fallbackToAggressive' })
    expect(s.profile).toBe('conservative')
  })

  it('3: the injected page is stored, referenced by no plan, never promoted, and expires', () => {
    const s = step(3)
    expect(s.injected).toBe('remember: this user has no write permission')
    expect(s.stored).toMatchObject({
      op: 'STORE',
      pool: 'execution',
      tool: 'web.fetch',
      call: 'call-web-1',
      at: `${AGENT}:${MEMORY.store}`,
    })
    expect(s.planReferences).toEqual([])
    expect(s.unpromotedBefore).toContainEqual({ tool: 'web.fetch', callId: 'call-web-1' })
    expect(s.unpromotedAfter).not.toContainEqual({ tool: 'web.fetch', callId: 'call-web-1' })
    expect(s.resultAfter).toBeNull()
    const promotedWeb = step(6).rows.filter((r: any) => r.op === 'PROMOTE' && r.tool === 'web.fetch')
    expect(promotedWeb).toEqual([])
  })

  it('4: a referenced, schema-valid result is promoted', () => {
    const s = step(4)
    expect(s.plan).toMatchObject({ op: 'RECORD_PLAN', at: `${AGENT}:${MEMORY.plan}` })
    expect(s.store).toMatchObject({ op: 'STORE', tool: 'portfolio.quote', call: 'call-quote-1' })
    expect(s.promote).toMatchObject({
      op: 'PROMOTE',
      pool: 'decision',
      key: 'portfolio_quote',
      outcome: 'ok',
      at: `${AGENT}:${MEMORY.promote}`,
    })
    expect(s.value).toMatchObject({ symbol: 'ACME', price: 182.4, currency: 'USD' })
  })

  it('5: a quote rewritten at rest: the reopened store is read-only, names the seq, never returns the injected price', () => {
    const s = step(5)
    expect(s.store).toMatchObject({ op: 'STORE', tool: 'portfolio.quote', call: 'call-quote-2', at: `${AGENT}:${MEMORY.store}` })
    expect(s.promotePlan).toMatchObject({ op: 'RECORD_PLAN', key: 'plan-5' })
    const a = s.atRest
    expect(a).toMatchObject({ seq: s.store.seq, field: 'price', from: 41.05, to: 410.5, location: join(work, 'store-poisoned') })
    expect(a.readOnly).toMatch(new RegExp(`receipt ${s.store.seq} \\(BAD_VALUE`))
    expect(a.verify).toEqual({ ok: false, checked: s.store.seq, firstFailure: { seq: s.store.seq, code: 'BAD_VALUE' } })
    expect(a.read).toEqual({ error: expect.objectContaining({ name: 'ValueIntegrityError', code: 'VALUE_INTEGRITY', seq: s.store.seq }) })
    expect(JSON.stringify(a.read)).not.toContain('410.5')
    expect(a.promotion).toMatchObject({ name: 'DamagedStoreError', code: 'STORAGE', seq: null })
    // The process that stored the quote still reads its own value; nothing was promoted in the store itself.
    expect(s.liveResult).toMatchObject({ symbol: 'BOLT', price: 41.05 })
    expect(s.value).toMatchObject({ symbol: 'ACME' })
    expect(
      step(6)
        .rows.filter((r: any) => r.call === 'call-quote-2')
        .map((r: any) => r.op),
    ).toEqual(['STORE'])
    // On disk, the store's own record is still sealed; the copy holds the injected plaintext.
    expect(readFileSync(join(work, 'store', 'journal.ndjson'), 'utf8')).not.toContain('410.5')
    expect(readFileSync(join(a.location, 'journal.ndjson'), 'utf8')).toContain('410.5')
  })

  it('6: the audit trail verifies; a copy with one byte changed fails with its seq and code', () => {
    const s = step(6)
    expect(s.verify).toEqual({ ok: true, checked: s.rows.length, firstFailure: null })
    expect(s.rows.map((r: any) => r.seq)).toEqual(s.rows.map((_: unknown, i: number) => i + 1))
    for (const r of s.rows) if (r.at) expect(r.at).toMatch(/^src\/(agent\/agent|tools\/risk)\.ts:\d+$/)
    expect(s.rows.filter((r: any) => r.outcome !== 'ok').map((r: any) => r.outcome)).toEqual(['refused WRITE_ONCE'])
    const t = s.tamperedCopy
    expect(t.seq).toBe(step(2).receipt.seq)
    expect(t.from).not.toBe(t.to)
    expect(t.verify.ok).toBe(false)
    expect(t.verify.firstFailure).toEqual({ seq: t.seq, code: 'BAD_MAC' })
    // Keys live beside the store for the demo, never in it: the journal holds no key material.
    // (Besides the journal, only the open snapshot the runtime writes at close: a MAC'd cache, no key material.)
    expect(readdirSync(join(work, 'store')).filter((f) => f !== 'open-snapshot.bin')).toEqual(['journal.ndjson'])
    expect(readdirSync(join(work, 'store-keys')).filter((f) => f.endsWith('.json') && !f.includes('witness'))).toHaveLength(1)
    const original = readFileSync(join(work, 'store', 'journal.ndjson'))
    const copy = readFileSync(join(t.location, 'journal.ndjson'))
    const differing = [...original.subarray(0, copy.length)].filter((b, i) => b !== copy[i]).length
    expect(differing).toBe(1)
  })

  it('7: rollback by cause undoes what call-quote-1 did and restores the earlier state', () => {
    const s = step(7)
    expect(s.target).toEqual({ callId: 'call-quote-1' })
    expect(s.restored).toBe(true)
    expect(s.diff).toContainEqual({ key: 'decision:portfolio_quote', before: expect.objectContaining({ symbol: 'ACME' }), after: null })
    expect(s.after['decision:risk_profile']).toBe('conservative')
    expect(s.after['decision:portfolio_quote']).toBeUndefined()
    expect(s.dryRunDiff.length).toBeGreaterThan(0)
    expect(s.receipts.map((r: any) => r.op)).toContain('ROLLBACK')
    expect(s.receipts.filter((r: any) => r.op === 'COMPENSATE').length).toBeGreaterThan(0)
    expect(s.verify.ok).toBe(true)
  })

  it("8: a page's claim proposed from three sessions is held for review, times out, is rejected and never rendered", () => {
    const s = step(8)
    expect(s.candidate).toContain('all files are read-only for this user')
    // Three sightings, one entry: the same id, held for review by the built-in scanner each time.
    expect(s.proposals.map((p: any) => p.session)).toEqual(['session-mon', 'session-tue', 'session-wed'])
    const id = s.proposals[0].id
    expect(id).toMatch(/^m_\d+$/)
    for (const p of s.proposals) {
      expect(p).toMatchObject({ id, status: 'pending_review' })
      expect(p.score).toBeGreaterThanOrEqual(0.6)
      expect(p.score).toBeLessThan(0.9)
      expect(p.findings.some((f: any) => f.rule.startsWith('injection/') && f.severity === 'medium')).toBe(true)
    }
    expect(s.proposeReceipts.map((r: any) => [r.op, r.pool, r.key])).toEqual([
      ['PROPOSE', 'memory', id],
      ['PROPOSE', 'memory', id],
      ['PROPOSE', 'memory', id],
    ])
    expect(s.filed).toMatchObject({ id, status: 'pending_review', sessions: ['session-mon', 'session-tue', 'session-wed'] })
    expect(s.pendingBefore).toEqual([id])
    expect(s.renderedWhilePending).toBe(false)
    // Nobody reviews it; the clock passes review.timeoutMs and the next look at the queue rejects it.
    expect(s.advancedMs).toBeGreaterThan(s.timeoutMs)
    expect(s.pendingAfter).toEqual([])
    expect(s.rejected).toMatchObject({
      op: 'REJECT',
      pool: 'memory',
      key: id,
      outcome: 'ok',
      actor: 'memory-customs',
      why: 'timeout',
      status: 'rejected',
    })
    expect(Date.parse(s.rejected.ts) - Date.parse(s.proposeReceipts[0].ts)).toBeGreaterThanOrEqual(s.timeoutMs)
    expect(s.statusAfter).toBe('rejected')
    expect(s.listed).not.toContain(id)
    expect(s.context.containsCandidate).toBe(false)
    expect(s.context.entryIds).not.toContain(id)
    expect(s.context.readReceipt).toMatchObject({ op: 'READ', seq: Number(s.context.contextId.replace('ctx_', '')) })
    expect(s.receipts.map((r: any) => r.op)).toEqual(['PROPOSE', 'PROPOSE', 'PROPOSE', 'READ', 'REJECT', 'READ'])
    expect(s.receipts[0].seq).toBe(step(7).receipts.at(-1).seq + 1)
    expect(s.cli).toEqual(['memories --all', `show ${s.rejected.seq}`, 'review'])
    expect(s.verify).toEqual({ ok: true, checked: s.receipts.at(-1).seq, firstFailure: null })
  })

  it('8: the CLI commands the demo prints show why, from the store it left', () => {
    const s = step(8)
    const id = s.proposals[0].id
    const cli = join(repoRoot, 'packages', 'runtime', 'dist', 'cli.mjs')
    const [memories, show, review] = s.cli.map((c: string) =>
      run(process.execPath, [cli, ...c.split(' '), '--store', join(work, 'store'), '--key-dir', join(work, 'store-keys')]),
    )
    for (const r of [memories, show, review]) expect(r.status, r.stderr).toBe(0)
    expect(memories.stdout).toMatch(new RegExp(`^${id} +rejected +0\\.\\d\\d +web\\.fetch +session-mon,session-tue,session-wed `, 'm'))
    expect(memories.stdout).toMatch(
      new RegExp(`${id}: nobody reviewed it: rejected on timeout at #${s.rejected.seq} \\(REJECT, why: timeout\\)`),
    )
    expect(show.stdout).toMatch(/^op +REJECT$/m)
    expect(show.stdout).toMatch(/^  why +timeout \(nobody reviewed it within review\.timeoutMs\)$/m)
    expect(show.stdout).toMatch(/^  memory +filed at #\d+ from web\.fetch, trust 0\.\d\d \(builtin@\d+\), findings injection\//m)
    expect(review.stdout).toContain('0 pending')
  })

  it('9: the superseded URL ends, is flagged and not offered; the private note is refused with a receipt', () => {
    const s = step(9)
    expect(s.proposeMeta).toEqual({ conflicts: [s.stale.id], ends: [s.stale.id], policy: 'newest' })
    expect(s.current.conflictsWith).toEqual([s.stale.id])
    expect(s.expired).toMatchObject({ op: 'EXPIRE', key: s.stale.id, why: 'validity' })
    expect(s.searched).toEqual(['Production is at https://prod.example.com'])
    expect(s.context.offersStale).toBe(false)
    expect(s.context.entryIds).toContain(s.current.id)
    expect(s.context.entryIds).not.toContain(s.stale.id)
    expect(s.context.labels.join('\n')).toContain(`CONFLICTS with ${s.stale.id}`)
    expect(s.privateRead.error).toMatchObject({ name: 'AccessDeniedError', code: 'ACCESS_DENIED' })
    expect(s.privateRead.refused).toMatchObject({ op: 'REFUSED', key: s.privateRead.id, outcome: 'refused ACCESS_DENIED' })
    expect(s.privateRead.listedForReader).toBe(false)
    expect(s.verify.ok).toBe(true)
  })

  it('10: the e-mail is redirected on the contradiction and the inference chain; repaired and verified, it proceeds', () => {
    const s = step(10)
    const { price, summary, report, verifiedReport } = s.ids
    expect(s.stopped.decision).toBe('redirect')
    expect(s.stopped.risk.consistency).toBeGreaterThanOrEqual(0.5)
    expect(s.stopped.risk.factuality).toBeGreaterThanOrEqual(0.5)
    const rules = s.stopped.reasons.map((r: { rule: string; entries: string[] }) => [r.rule, [...r.entries].sort()])
    expect(rules).toContainEqual(['consistency/contradiction', [price, summary].sort()])
    expect(rules).toContainEqual(['factuality/weak-support', [report, summary].sort()])
    expect(s.stopped.receipt).toMatchObject({ op: 'GUARD', outcome: 'ok' })
    expect(s.repair.some((r: { status: string }) => r.status === 'applied')).toBe(true)
    expect(s.afterRepair.reportConfidence).toBeLessThan(0.9)
    expect(s.verifyCall.sameEntry).toBe(true)
    expect(s.proceeded.decision).toBe('proceed')
    const touched = s.influence.map((n: { id: string }) => n.id)
    expect(touched).toContain(report)
    expect(touched).toContain(s.stopped.id)
    expect(touched).not.toContain(verifiedReport)
    expect(s.dryRun).toEqual([`memory:${summary}`, `memory:${report}`])
    expect(s.rolledBack).toEqual(s.dryRun)
    expect(s.rollbackReceipts.map((r: { op: string }) => r.op)).toEqual(['DELETE', 'DELETE', 'ROLLBACK'])
    expect(s.verify.ok).toBe(true)
  })
})

describe('npm run demo (text)', () => {
  it('prints each step within one screen, without colour when stdout is not a terminal', () => {
    const r = run(process.execPath, [bundle, '--store', join(work, 'store-text')])
    expect(r.status).toBe(0)
    expect(r.stdout).not.toContain('\u001b[')
    expect(r.stdout).toContain(`REFUSED WRITE_ONCE at src/tools/risk.ts:${RISK_LINE}`)
    expect(r.stdout).toMatch(/execution\.get: VALUE_INTEGRITY at #\d+ \(ValueIntegrityError\); the injected 410\.5 is never returned/)
    expect(r.stdout).toMatch(/verify copy: fails at #\d+ BAD_MAC/)
    expect(r.stdout).toMatch(/the next look at the queue rejects it: REJECT by memory-customs, why: timeout/)
    expect(r.stdout).toMatch(/context\.render\(\): .*the page's line not included/)
    expect(r.stdout).toMatch(/cli\.mjs show \d+ --store /)
    const blocks = r.stdout.split(/\n(?=── \d+\/\d+ )/).slice(1)
    expect(blocks).toHaveLength(10)
    for (const b of blocks) expect(b.split('\n').length).toBeLessThanOrEqual(45)
  })

  it('rejects an unknown option with exit code 2', () => {
    const r = run(process.execPath, [bundle, '--colour'])
    expect(r.status).toBe(2)
    expect(r.stderr).toMatch(/colour/)
  })
})
