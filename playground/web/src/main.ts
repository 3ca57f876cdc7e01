import wasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url'
import { DEMO_EPOCH, ManualClock } from '../../agent/src/clock'
import { createAgentCustoms } from '../../agent/src/customs'
import { auditRows, type ReceiptRow } from '../../agent/src/demo/receipt-view'
import { runScenario, verifyFacts, type StepFacts, type VerifyFacts } from '../../agent/src/demo/scenario'
import { renderStep } from '../../agent/src/format/story'
import { createStyle } from '../../agent/src/format/style'

/** The IndexedDB database that holds this page's receipts. */
export const DATABASE = 'demo'

/** What the page publishes for the browser test (and for anyone poking at it in devtools). */
export interface DemoState {
  status: 'loading' | 'ready' | 'error'
  /** Whether this load ran the scenario (false after a reload: the chain came from IndexedDB). */
  ranScenario: boolean
  steps: StepFacts[]
  receipts: ReceiptRow[]
  hashes: string[]
  verify: VerifyFacts | null
  error?: string
}

declare global {
  interface Window {
    __demo: DemoState
  }
}

const state: DemoState = { status: 'loading', ranScenario: false, steps: [], receipts: [], hashes: [], verify: null }
window.__demo = state

const $ = (id: string) => document.getElementById(id) as HTMLElement
const plain = createStyle(false)

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  // textContent only: the page shows injected tool output, which must never become markup.
  if (text !== undefined) node.textContent = text
  if (className) node.className = className
  return node
}

function renderStepSection(facts: StepFacts): void {
  if (facts.step === 6) return // the audit table below shows it
  const refused = facts.step === 2
  const section = el('section', undefined, refused ? 'refused' : '')
  section.append(el('pre', renderStep(facts, plain).join('\n').trim()))
  $('steps').append(section)
}

function renderAudit(rows: ReceiptRow[], verify: VerifyFacts): void {
  const table = $('audit')
  table.replaceChildren()
  const head = el('tr')
  for (const h of ['seq', 'op', 'pool', 'key', 'outcome', 'file:line', 'tool', 'call']) head.append(el('th', h))
  table.append(head)
  for (const r of rows) {
    const tr = el('tr')
    tr.dataset.seq = String(r.seq)
    for (const [text, cls] of [
      [String(r.seq)],
      [r.op],
      [r.pool],
      [r.key ?? '-'],
      [r.outcome, r.outcome === 'ok' ? '' : 'refused'],
      [r.at ?? '-'],
      [r.tool ?? '-'],
      [r.call ?? '-'],
    ] as Array<[string, string?]>)
      tr.append(el('td', text, cls))
    table.append(tr)
  }
  const v = $('verify')
  v.className = verify.ok ? 'ok' : 'failed'
  v.textContent = verify.ok
    ? `verify: ok, ${verify.checked} receipts`
    : `verify: FAILED at #${verify.firstFailure?.seq} ${verify.firstFailure?.code}`
}

async function startOver(): Promise<void> {
  await new Promise<void>((done, fail) => {
    const req = indexedDB.deleteDatabase(DATABASE)
    req.onsuccess = () => done()
    req.onerror = () => fail(req.error)
    req.onblocked = () => done()
  })
  location.reload()
}

async function main(): Promise<void> {
  const clock = new ManualClock(DEMO_EPOCH)
  const customs = await createAgentCustoms({ storage: { indexedDB: DATABASE }, clock, sqlJs: { locateFile: () => wasmUrl } })
  $('reset').addEventListener('click', () => {
    void customs.close().then(startOver)
  })
  if (customs.receipts().length === 0) {
    state.ranScenario = true
    $('status').textContent = 'running the scenario…'
    for await (const facts of runScenario({ customs, clock })) {
      state.steps.push(facts)
      renderStepSection(facts)
    }
    await customs.flush()
  }
  state.receipts = auditRows(customs)
  state.hashes = customs.receipts().map((r) => (r as { hash: string }).hash)
  state.verify = verifyFacts(await customs.verify())
  renderAudit(state.receipts, state.verify)
  $('status').textContent = state.ranScenario
    ? `scenario done: ${state.receipts.length} receipts written to IndexedDB "${DATABASE}"`
    : `reopened IndexedDB "${DATABASE}": ${state.receipts.length} receipts from an earlier visit`
  state.status = 'ready'
}

main().catch((err: unknown) => {
  state.status = 'error'
  state.error = err instanceof Error ? `${err.name}: ${err.message}` : String(err)
  $('status').textContent = `error: ${state.error}`
})
