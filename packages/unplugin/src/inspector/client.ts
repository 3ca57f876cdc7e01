/**
 * The app bridge: runs in the app (the plugin injects it in dev only), finds the app's Customs, forwards every
 * receipt and the registered sites to the dev server, and answers the dev page's requests (verify, the pools at
 * a seq, a rollback dry run, values by commitment). The dev server relays; it never opens the store itself.
 *
 * It finds the store with `onCustomsOpen` (every Customs opened in this realm announces itself once loaded), so
 * the app does nothing; when several are open, the most recently opened one is the app's.
 *
 * Published as `unplugin-memory-customs/inspector-client`; browser code, no Node imports (the Vite dev server also
 * runs it in its own process, for the stores its SSR modules open).
 */
import {
  inspectorMemories,
  inspectorReceipt,
  lineageGraph,
  onCustomsOpen,
  onReceipt,
  reviewQueue,
  type Customs,
  type InspectorReceipt,
  type Receipt,
} from 'memory-customs'
import { registeredSites } from 'memory-customs/probe'
import { APP_EVENT, BASE, REQUEST_EVENT, type AppMessage, type AppSite, type RequestMap, type ServerMessage } from './protocol'
import { poolsAt, rollbackPreview, verifyState } from './client-requests'

/** How the bridge talks to the dev server: Vite's HMR channel or plain HTTP. */
export interface BridgeTransport {
  send(message: AppMessage): void
  onMessage(handler: (message: ServerMessage) => void): void
}

/** The part of `import.meta.hot` the Vite transport uses. */
export interface HotLike {
  send(event: string, data?: unknown): void
  on(event: string, cb: (data: never) => void): void
}

/** Vite: custom events on the HMR WebSocket (`import.meta.hot.send` / `.on`). */
export function viteTransport(hot: HotLike): BridgeTransport {
  return {
    send: (message) => hot.send(APP_EVENT, message),
    onMessage: (handler) => hot.on(REQUEST_EVENT, handler as (data: never) => void),
  }
}

/**
 * webpack-dev-server and the Rspack dev server (no custom HMR events): messages are POSTed to the dev server's
 * middleware one after another (so they arrive in order), requests come back as Server-Sent Events.
 */
export function httpTransport(base: string = BASE): BridgeTransport {
  const tab = Math.random().toString(36).slice(2) + Date.now().toString(36)
  let queue: Promise<unknown> = Promise.resolve()
  return {
    send(message) {
      const body = JSON.stringify({ tab, message })
      queue = queue.then(() =>
        fetch(`${base}bridge/app`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).catch(() => {}),
      )
    },
    onMessage(handler) {
      const events = new EventSource(`${base}bridge/requests?tab=${encodeURIComponent(tab)}`)
      events.addEventListener('message', (e) => handler(JSON.parse((e as MessageEvent<string>).data) as ServerMessage))
    },
  }
}

/** The newest memories (and queued items) a request lists: the page is a look, not an export. */
const MAX_MEMORIES = 2000

/** The receipts sent with `hello`: the newest ones (the page pages back through api/receipts). */
const HELLO_RECEIPTS = 2000

/** A receipt as the inspector lists it (the runtime's own mapping); the dev server clears `siteId` for unknown sites. */
export function toInspectorReceipt(r: Receipt): InspectorReceipt {
  return inspectorReceipt(r)
}

function appSites(): AppSite[] {
  return registeredSites().map((s) => ({
    file: s.file,
    line: s.line,
    column: s.column,
    fn: s.fn,
    rule: s.rule,
    key: s.key,
    keyKind: s.keyKind,
  }))
}

const STARTED = Symbol.for('memory-customs.inspector-bridge')

/**
 * Starts the bridge once per page (a second call, e.g. the bridge module re-run by HMR, is a no-op). Returns
 * the function that stops it.
 */
export function startBridge(transport: BridgeTransport): () => void {
  const g = globalThis as unknown as Record<symbol, (() => void) | undefined>
  const running = g[STARTED]
  if (running) return running
  const stopRun = runBridge(transport)
  const stop = () => {
    stopRun()
    g[STARTED] = undefined
  }
  g[STARTED] = stop
  return stop
}

/**
 * The bridge itself, with no once-per-realm guard: the dev server runs one in its own process for each inspector
 * session (stores its SSR modules open), beside whatever page bridges connect. Returns the function that stops it.
 */
export function runBridge(transport: BridgeTransport): () => void {
  let customs: Customs | null = null
  let stopFeed: (() => void) | null = null
  let outbox: InspectorReceipt[] = []
  let flushQueued = false
  let sitesSent = ''

  const sendSites = () => {
    const sites = appSites()
    // Modules register their tables as they load (and again after HMR): send only when the set changed.
    const signature = `${sites.length}:${sites.map((s) => `${s.file}:${s.line}:${s.column}`).join(',')}`
    if (signature === sitesSent) return
    sitesSent = signature
    transport.send({ type: 'sites', sites })
  }
  const flush = () => {
    flushQueued = false
    if (outbox.length) transport.send({ type: 'receipts', receipts: outbox })
    outbox = []
    sendSites()
  }
  const hello = () => {
    if (!customs) return
    flush()
    const head = customs.size ? customs.head : null
    const receipts = customs.receipts({ fromSeq: Math.max(1, customs.size - HELLO_RECEIPTS + 1) }).map(toInspectorReceipt)
    transport.send({ type: 'hello', store: customs.origin, chain: customs.chain, head, receipts })
    sitesSent = ''
    sendSites()
  }
  const attach = (next: Customs) => {
    stopFeed?.()
    customs = next
    outbox = []
    stopFeed = onReceipt(next, (r) => {
      outbox.push(toInspectorReceipt(r))
      if (flushQueued) return
      flushQueued = true
      // One message per burst of writes (a task's worth), not one per receipt.
      queueMicrotask(flush)
    })
    hello()
  }

  const answer = async (id: number, method: keyof RequestMap, params: unknown) => {
    try {
      if (!customs) throw Object.assign(new Error('the app has no open store'), { code: 'APP_NO_STORE' })
      const result = await handle(customs, method, params)
      transport.send({ type: 'reply', id, result })
    } catch (e) {
      const code = (e as { code?: unknown }).code
      const error = {
        code: typeof code === 'string' ? code : e instanceof Error ? e.name : 'ERROR',
        message: e instanceof Error ? e.message : String(e),
      }
      transport.send({ type: 'reply', id, error })
    }
  }

  transport.onMessage((m) => {
    if (m.type === 'welcome') hello()
    else if (m.type === 'request') void answer(m.id, m.method, m.params)
  })
  const stopOpen = onCustomsOpen(attach, { latest: true })
  if (!customs) sendSites()

  return () => {
    stopOpen()
    stopFeed?.()
  }
}

async function handle(customs: Customs, method: keyof RequestMap, params: unknown): Promise<unknown> {
  const p = (params ?? {}) as Record<string, unknown>
  switch (method) {
    case 'verify':
      return verifyState(customs)
    case 'pools':
      return poolsAt(customs, Number(p.seq))
    case 'rollback-preview':
      return rollbackPreview(customs, String(p.target))
    case 'values': {
      const commits = Array.isArray(p.commits) ? p.commits.filter((c): c is string => typeof c === 'string') : []
      const values: Record<string, unknown> = {}
      for (const c of commits) {
        // An erased value (its subject's key destroyed) stays absent, like an unknown one.
        try {
          const v = customs.value(c)
          if (v !== undefined) values[c] = v
        } catch {
          continue
        }
      }
      return { revealed: true, values }
    }
    // Read from the state, never through review.pending() (which rejects timed-out items: looking must not write).
    case 'memories':
      return inspectorMemories(customs, { reveal: p.reveal === true, max: MAX_MEMORIES })
    case 'review':
      return reviewQueue(customs, { reveal: p.reveal === true, max: MAX_MEMORIES })
    case 'lineage': {
      if (typeof customs.lineage !== 'function')
        throw Object.assign(new Error('this store keeps no memory lifecycle (a tab-shared store)'), { code: 'BAD_REQUEST' })
      const direction = p.direction === 'influence' ? 'influence' : 'lineage'
      try {
        return lineageGraph(customs, String(p.id), direction)
      } catch (e) {
        // An unknown id or a bad one is the page's mistake: a 400/404 naming it, not a 500.
        const code = (e as { code?: unknown }).code
        throw Object.assign(e instanceof Error ? e : new Error(String(e)), { code: code === 'NOT_FOUND' ? 'NOT_FOUND' : 'BAD_REQUEST' })
      }
    }
    default:
      throw Object.assign(new Error(`unknown request ${String(method)}`), { code: 'BAD_REQUEST' })
  }
}
