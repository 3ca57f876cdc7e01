/**
 * `memory-customs lineage <id>`, `influence <id>` and `guard-log`, run in-process through the CLI's `main` on a
 * file store the runtime wrote here: the tree output, `--json`, `--depth`, the `--decision` filter, usage errors,
 * and that nothing is written.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCustoms } from '../../src/index.js'
import { main } from '../../src/cli/main.js'
import { internalsOf } from '../../src/core/internals.js'
import { encodeMeta, type GuardDecision } from '../../src/core/memory/meta.js'

const dir = mkdtempSync(join(tmpdir(), 'mc-lineage-cli-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const store = join(dir, 'store')
const keys = join(dir, 'keys')
const ids = { price: '', summary: '', report: '', ctx: '', halt: '', proceed: '' }

async function cli(...args: string[]) {
  let stdout = ''
  let stderr = ''
  const io = {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    env: {},
    cwd: dir,
  }
  const status = await main([...args, '--store', store, '--key-dir', keys], io)
  return { status, stdout, stderr }
}

const journalHash = () =>
  createHash('sha256')
    .update(readFileSync(join(store, 'journal.ndjson')))
    .digest('hex')

beforeAll(async () => {
  const c = await createCustoms({
    storage: { file: store },
    keyStore: { dir: keys },
    scan: { disable: ['injection', 'code', 'secret', 'pii'] },
  })
  ids.price = c.memories.propose('The widget costs 42 EUR.', { source: 'tool:prices', session: 's1' }).id
  ids.ctx = c.context.render({ session: 's1' }).contextId
  ids.summary = c.memories.propose('Summary: 45 EUR.', { source: 'agent', session: 's1', confidence: 0.4 }).id
  ids.report = c.memories.propose('Report: 45 EUR.', { source: 'agent', dependsOn: [ids.summary] }).id
  const guard = (decision: GuardDecision, risk: [number, number, number, number], reasons: string[]) => {
    const r = internalsOf(c).lifecycle.ledger.append({
      op: 'GUARD',
      pool: null,
      key: null,
      old: null,
      new: null,
      site: null,
      tool: 'email.send',
      call: null,
      actor: null,
      reason: encodeMeta({ action: 'call_tool:write', tool: 'email.send', decision, risk, reasons, entries: [ids.report] }),
    })
    return `guard_${r.seq}`
  }
  ids.halt = guard('halt', [0.9, 0.6, 0, 0], [`consistency:${ids.price},${ids.summary}`, `factuality:${ids.summary}`])
  ids.proceed = guard('proceed', [0, 0, 0, 0], [])
  await c.close()
})

describe('memory-customs lineage', () => {
  it('prints the tree of what an entry rests on, with edge kinds and states', async () => {
    const before = journalHash()
    const r = await cli('lineage', ids.report)
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
    const lines = r.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(new RegExp(`^${ids.report}  memory  approved, fact, source agent, confidence 1\\.00$`))
    expect(lines[1]).toMatch(new RegExp(`^└─ \\[dependsOn\\] ${ids.summary}  memory  approved, fact, source agent, confidence 0\\.40$`))
    expect(lines[2]).toMatch(new RegExp(`^   └─ \\[context\\] ${ids.ctx}  context  rendered at #\\d+$`))
    expect(lines[3]).toMatch(new RegExp(`^      └─ \\[contained\\] ${ids.price}  memory  approved, fact, source tool:prices`))
    expect(lines.at(-1)).toBe(`lineage of ${ids.report}: 2 memories, 1 context`)
    expect(journalHash()).toBe(before)
  })

  it('--json gives { root, nodes, edges }; --depth cuts the walk', async () => {
    const r = await cli('lineage', ids.report, '--json')
    const out = JSON.parse(r.stdout)
    expect(out.root).toMatchObject({ id: ids.report, depth: 0, state: 'live' })
    expect(out.nodes.map((n: { id: string }) => n.id)).toEqual([ids.summary, ids.ctx, ids.price])
    expect(out.edges).toContainEqual({ from: ids.summary, to: ids.ctx, kind: 'context' })
    const cut = JSON.parse((await cli('lineage', ids.report, '--json', '--depth', '1')).stdout)
    expect(cut.nodes.map((n: { id: string }) => n.id)).toEqual([ids.summary])
  })

  it('an unknown id or a bad --depth is a usage error (exit 2)', async () => {
    const r = await cli('lineage', 'm_999')
    expect(r.status).toBe(2)
    expect(r.stderr).toContain('no entry, context or guard check "m_999" in this store')
    expect((await cli('influence', ids.price, '--depth', '0')).stderr).toContain('--depth must be a positive whole number')
    expect((await cli('lineage')).status).toBe(2)
  })
})

describe('memory-customs influence', () => {
  it('prints the blast radius down to the guard checks and their decisions', async () => {
    const r = await cli('influence', ids.price)
    expect(r.status).toBe(0)
    expect(r.stdout).toContain(`└─ [contained] ${ids.ctx}  context`)
    expect(r.stdout).toMatch(new RegExp(`\\[context\\] ${ids.summary}  memory`))
    expect(r.stdout).toMatch(new RegExp(`\\[dependsOn\\] ${ids.report}  memory`))
    expect(r.stdout).toMatch(new RegExp(`\\[used\\] ${ids.halt}  guard  call_tool:write email\\.send: halt`))
    expect(r.stdout).toMatch(new RegExp(`\\[used\\] ${ids.proceed}  guard  call_tool:write email\\.send: proceed`))
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe(`influence of ${ids.price}: 2 memories, 1 context, 2 guard checks`)
    const out = JSON.parse((await cli('influence', ids.price, '--json')).stdout)
    expect(out.nodes.filter((n: { kind: string }) => n.kind === 'guard').map((n: { decision: string }) => n.decision)).toEqual([
      'halt',
      'proceed',
    ])
  })
})

describe('memory-customs guard-log', () => {
  it('lists the checks with action, tool, decision, risk vector and reasons; --decision filters', async () => {
    const r = await cli('guard-log')
    expect(r.status).toBe(0)
    expect(r.stdout).toMatch(/^seq +time +action +tool +decision +risk c\/f\/s\/d +reasons$/m)
    expect(r.stdout).toMatch(
      new RegExp(
        `^${ids.halt.slice(6)} +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d +call_tool:write +email\\.send +halt +0\\.90/0\\.60/0\\.00/0\\.00 +consistency:${ids.price},${ids.summary}; factuality:${ids.summary}$`,
        'm',
      ),
    )
    expect(r.stdout).toContain('2 guard checks')
    const halted = JSON.parse((await cli('guard-log', '--decision', 'halt', '--json')).stdout)
    expect(halted).toEqual([
      {
        seq: Number(ids.halt.slice(6)),
        id: ids.halt,
        time: expect.stringMatching(/^\d{4}-/),
        actor: null,
        action: 'call_tool:write',
        tool: 'email.send',
        decision: 'halt',
        risk: { consistency: 0.9, factuality: 0.6, safety: 0, dependency: 0 },
        reasons: [`consistency:${ids.price},${ids.summary}`, `factuality:${ids.summary}`],
        entries: [ids.report],
        contextId: null,
      },
    ])
    expect((await cli('guard-log', '--decision', 'warn')).stdout).toContain('0 guard checks (decision warn)')
    expect(JSON.parse((await cli('guard-log', '--action', 'final_output', '--json')).stdout)).toEqual([])
    const bad = await cli('guard-log', '--decision', 'stop')
    expect(bad.status).toBe(2)
    expect(bad.stderr).toContain('--decision must be one of proceed, warn, redirect, halt')
  })

  it('the commands are in the help', async () => {
    const r = await cli('--help')
    expect(r.stdout).toMatch(/^ {2}lineage +what an entry was derived from/m)
    expect(r.stdout).toMatch(/^ {2}influence +an entry's blast radius/m)
    expect(r.stdout).toMatch(/^ {2}guard-log +guardrail checks/m)
    expect((await cli('help', 'guard-log')).stdout).toContain('--decision <d>')
  })
})
